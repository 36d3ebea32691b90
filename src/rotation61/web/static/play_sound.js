// The table's sounds (window.R61Sound), made in the browser with Web Audio: nothing is
// downloaded. The cue's strike, the click of two balls, a cushion's thud and a ball
// dropping in a pocket, each as loud as the engine says the impact was (m/s). Muting is
// remembered on this device (localStorage "r61_sound"). Browsers start audio only after
// a gesture: `unlock()` runs on the page's first touch, click or key.
(function () {
  "use strict";
  const KEY = "r61_sound";
  let ctx = null, noise = null, played = 0;
  const enabled = () => localStorage.getItem(KEY) !== "0";

  function setEnabled(on) {
    localStorage.setItem(KEY, on ? "1" : "0");
    if (on) unlock();
  }

  function unlock() {
    if (!enabled()) return null;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!ctx) {
      ctx = new Ctx();
      // a short buffer of white noise, the grain of the cushion and the pocket
      noise = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.4), ctx.sampleRate);
      const d = noise.getChannelData(0);
      for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  // Loudness from an impact speed: a touch at 0.05 m/s is barely heard, a break is full.
  const gainOf = (speed) => Math.min(1, Math.max(0, Math.sqrt(Math.max(speed, 0) / 6)));

  function envelope(c, at, peak, decay) {
    const g = c.createGain();
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(Math.max(peak, 0.0002), at + 0.002);
    g.gain.exponentialRampToValueAtTime(0.0001, at + decay);
    g.connect(c.destination);
    return g;
  }

  function tone(c, at, freq, peak, decay, type) {
    const o = c.createOscillator();
    o.type = type || "sine";
    o.frequency.setValueAtTime(freq, at);
    o.connect(envelope(c, at, peak, decay));
    o.start(at); o.stop(at + decay + 0.02);
  }

  function hiss(c, at, peak, decay, filter, freq) {
    const s = c.createBufferSource();
    s.buffer = noise;
    const f = c.createBiquadFilter();
    f.type = filter; f.frequency.setValueAtTime(freq, at);
    s.connect(f); f.connect(envelope(c, at, peak, decay));
    s.start(at); s.stop(at + decay + 0.02);
  }

  // Play one sound: kind "cue", "ball", "cushion", "jaw_point" or "pocket".
  function play(kind, speed) {
    if (!enabled()) return false;
    const c = unlock();
    played += 1;
    document.documentElement.dataset.sounds = String(played);
    if (!c || c.state !== "running") return true;
    const at = c.currentTime + 0.005, g = gainOf(speed);
    if (g < 0.02 && kind !== "pocket") return true;
    if (kind === "ball") {  // the hard click of phenolic on phenolic
      tone(c, at, 2600 + 900 * g, 0.55 * g, 0.045, "triangle");
      tone(c, at, 5200, 0.2 * g, 0.02);
    } else if (kind === "cue") {
      tone(c, at, 1200, 0.3 * g, 0.03, "triangle");
      hiss(c, at, 0.15 * g, 0.04, "bandpass", 3000);
    } else if (kind === "cushion" || kind === "jaw_point") {  // the dull thud of rubber
      tone(c, at, 110 + 40 * g, 0.6 * g, 0.12);
      hiss(c, at, 0.2 * g, 0.08, "lowpass", 700);
    } else if (kind === "pocket") {  // the drop and the rattle in the liner
      tone(c, at, 180, 0.5, 0.18);
      hiss(c, at + 0.02, 0.25, 0.25, "lowpass", 1200);
      tone(c, at + 0.09, 140, 0.25, 0.15);
    }
    return true;
  }

  window.R61Sound = { enabled: enabled, setEnabled: setEnabled, unlock: unlock, play: play, gainOf: gainOf };
})();
