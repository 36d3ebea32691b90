// The shot clock (A50) as every screen shows it (window.R61.shotClock): the console, the
// TV scoreboard and the overlay. The server keeps the clock; a screen is given its state
// (remaining_ms at the server's instant) and counts down from the moment it got it, so
// every screen shows the same second. 10 s left: the warning colour; 5 s: the last
// seconds; 0: time is up (the console proposes the time foul, the referee decides).
// A short tone marks 10 s and each of the last 5 s where the page may play sound.
(function () {
  "use strict";
  const { t, esc } = window.R61;

  let audio = null;
  function beep(high) {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = high ? 1320 : 880;
      gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.12);
    } catch (_) { /* no sound on this screen */ }
  }

  // A clock drawn in `el`. opts: matchId, lang, poll (ms between reads of .../clock, for
  // screens another worker may move; 0: never), onState(clock, secondsLeft) after each tick.
  function shotClock(el, opts) {
    const o = opts || {};
    let state = null, got = 0, shownSecond = null, timer = null, poller = null;
    el.classList.add("shot-clock");
    el.innerHTML = '<span class="sc-label">' + esc(t("clock.title", {})) + '</span><span class="sc-digits" data-testid="clock-digits"></span><span class="sc-status" data-testid="clock-status"></span><span class="sc-ext"></span>';
    const digits = el.querySelector(".sc-digits"), status = el.querySelector(".sc-status"), ext = el.querySelector(".sc-ext");

    function remaining() {
      if (!state) return 0;
      const running = state.status === "running";
      return Math.max(0, state.remaining_ms - (running ? performance.now() - got : 0));
    }

    function tick() {
      const shown = !!state && state.status !== "off" && state.status !== "idle";
      el.hidden = !shown;
      if (!shown) return;
      const left = remaining();
      const seconds = Math.ceil(left / 1000);
      const expired = left <= 0 || state.status === "expired";
      digits.textContent = String(seconds);
      el.dataset.seconds = String(seconds);
      el.dataset.status = expired ? "expired" : state.status;
      el.classList.toggle("warn", !expired && left <= 10000);
      el.classList.toggle("last", !expired && left <= 5000);
      el.classList.toggle("expired", expired);
      el.classList.toggle("paused", state.status === "paused" || state.status === "waiting");
      status.textContent = expired ? t("clock.status.expired", {}) : state.status_label;
      ext.textContent = state.extensions_left || state.extensions_used ? t("clock.extensions", { n: state.extensions_left }) : "";
      if (state.status === "running" && shownSecond !== null && seconds !== shownSecond && (seconds === 10 || (seconds <= 5 && seconds >= 0))) beep(seconds <= 5);
      shownSecond = seconds;
      if (o.onState) o.onState(state, expired ? 0 : seconds);
    }

    function update(clock) {
      if (!clock) return;
      if (state && clock.seq < state.seq) return; // an older frame
      state = clock; got = performance.now();
      if (!timer) timer = setInterval(tick, 100);
      tick();
    }

    async function sync() {
      if (!o.matchId) return;
      try { update(await window.R61.call("/api/matches/" + o.matchId + "/clock?lang=" + (o.lang || ""))); }
      catch (_) { /* the next frame or poll brings it */ }
    }

    // A board frame: its clock when the worker knew it, else a read of .../clock.
    function board(v) {
      if (!v.shot_clock) { state = null; tick(); return; }
      if (v.clock) update(v.clock); else sync();
      if (o.poll && !poller) poller = setInterval(sync, o.poll);
    }

    return { update: update, board: board, sync: sync, remaining: remaining, get state() { return state; } };
  }

  window.R61.shotClock = shotClock;
})();
