// The play pages: a new game, the invite link, and the game's table: aim by dragging on
// the table (or the fine-aim strip, or the arrow keys), power by pulling back from the
// cue ball (or the power bar), the tip on the cue-ball image, cue ball in hand by
// dragging it, the referee's rulings, the options after a foul, the invite and
// spectator links, the sounds, and the live updates.
(function () {
  "use strict";
  const fmt = window.R61.t;
  const showError = (el, err) => window.R61.showError(typeof el === "string" ? document.getElementById(el) : el, err);
  const tokenKey = (id) => "r61_play_" + id;
  const inviteKey = (id) => "r61_invite_" + id;
  const api = (method, url, body, token) => window.R61.call(url, { method: method, body: body, token: token });
  // An address of this server with the page's language kept (?lang=), before its #fragment:
  // the game, the invite and the spectator link open in the language they were made in.
  const pageLang = document.documentElement.lang || "";
  const withLang = (url) => {
    if (!pageLang) return url;
    const cut = url.indexOf("#"), base = cut < 0 ? url : url.slice(0, cut), frag = cut < 0 ? "" : url.slice(cut);
    if (/[?&]lang=/.test(base)) return url;
    return base + (base.indexOf("?") < 0 ? "?" : "&") + "lang=" + encodeURIComponent(pageLang) + frag;
  };

  // ---- New game ------------------------------------------------------------------------
  const form = document.getElementById("new-game");
  if (form) {
    const mode = form.elements.namedItem("mode");
    const syncMode = () => {
      const m = form.querySelector('input[name="mode"]:checked').value;
      document.getElementById("level-row").hidden = m !== "computer";
    };
    form.addEventListener("change", syncMode);
    syncMode();
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const m = form.querySelector('input[name="mode"]:checked').value;
      const body = {
        mode: m,
        player_a: form.elements.namedItem("player_a").value,
        player_b: m === "computer" ? fmt("play.computer") : form.elements.namedItem("player_b").value,
        race_to: Number(form.elements.namedItem("race_to").value),
        preset: form.elements.namedItem("preset").value,
        table_size: form.elements.namedItem("table_size").value,
      };
      if (m === "computer") body.level = Number(form.elements.namedItem("level").value);
      try {
        const g = await api("POST", "/api/play", body);
        localStorage.setItem(tokenKey(g.id), g.token);
        if (g.invite) localStorage.setItem(inviteKey(g.id), location.origin + withLang(g.invite));
        location.assign(withLang(g.url));
      } catch (err) {
        showError("new-error", err);
      }
    });
    void mode;
  }

  // ---- Join by invite ------------------------------------------------------------------
  const join = document.getElementById("join");
  if (join) {
    const id = join.dataset.match;
    const key = new URLSearchParams(location.hash.slice(1)).get("k") || "";
    api("POST", "/api/play/" + id + "/join", { key: key })
      .then((g) => { localStorage.setItem(tokenKey(id), g.token); location.replace(withLang(g.url)); })
      .catch((err) => showError("join-error", err));
  }

  // ---- The game ------------------------------------------------------------------------
  const root = document.getElementById("play");
  if (!root) return;
  const id = root.dataset.match;
  const lang = root.dataset.lang;
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("t");
  if (fromHash) { localStorage.setItem(tokenKey(id), fromHash); history.replaceState(null, "", location.pathname + location.search); }
  const token = localStorage.getItem(tokenKey(id));
  const seats = token ? token.split(".")[0] : "";
  const $ = (x) => document.getElementById(x);
  const sound = window.R61Sound;
  const canvas = $("table"), spin = $("spin"), ghostToggle = $("ghost-toggle");
  const powerBar = $("power-bar"), elevBar = $("elev-bar"), fineAim = $("fine-aim");
  const MIN_SPEED = 0.2, MAX_SPEED = Number(root.dataset.maxSpeed) || 12;
  const MAX_ELEV = Number(root.dataset.maxElevation) || 60, TIP_LIMIT = Number(spin.dataset.tipLimit) || 0.5;
  const PULL_FULL = 16;  // inches of pull-back for the full power
  const FINE_DEG_PER_PX = 0.02;  // the fine-aim strip: a fiftieth of a degree per pixel
  let table = null, state = null, busy = false, placement = null, tip = [0, 0];
  let aim = 0, speed = 3, elev = 0, pull = 0;
  let maxDev = 0, shots = 0, aimedSeq = -1;

  const mine = () => state && !state.over && state.to_act !== null && seats.indexOf(state.to_act) >= 0;
  const canShoot = () => mine() && state.phase === "shot";
  const cuePos = () => placement || (state && state.balls["0"]) || null;
  const text = (el, lines) => el.replaceChildren(...lines.map((l) => { const p = document.createElement("p"); p.textContent = l; return p; }));

  function setPhi(v) { aim = ((v % 360) + 540) % 360 - 180; root.dataset.phi = aim.toFixed(3); refreshAim(); }
  function setSpeed(v) {
    speed = Math.round(Math.min(Math.max(v, MIN_SPEED), MAX_SPEED) * 100) / 100;
    root.dataset.speed = speed.toFixed(2);
    powerBar.setAttribute("aria-valuenow", speed.toFixed(1));
    powerBar.querySelector(".fill").style.height = (100 * (speed - MIN_SPEED) / (MAX_SPEED - MIN_SPEED)).toFixed(1) + "%";
    $("power-out").textContent = speed.toFixed(1);
  }
  function setElev(v) {
    elev = Math.round(Math.min(Math.max(v, 0), MAX_ELEV));
    elevBar.setAttribute("aria-valuenow", String(elev));
    elevBar.querySelector(".fill").style.height = (100 * elev / MAX_ELEV).toFixed(1) + "%";
    $("elev-out").textContent = elev + "°";
  }

  function refreshAim() {
    $("aim-out").textContent = (Math.abs(aim) < 0.005 ? 0 : aim).toFixed(2) + "°";
    drawSpin();
    if (!table || !state) return;
    const m = table.marks;
    m.lowest = state.lowest;
    m.place = state.in_hand && mine() ? placement : null;
    m.placeOk = placement ? window.R61Table.placementOk(state.table, state.balls, placement[0], placement[1]) : true;
    const cue = cuePos();
    const aiming = canShoot() && cue && !(state.in_hand && !placement);
    if (aiming && ghostToggle.checked) {
      const line = window.R61Table.aimLine(state.table, state.balls, cue, aim);
      m.aim = [cue[0], cue[1], line.end[0], line.end[1]];
      m.ghost = line.ghost;
    } else { m.aim = null; m.ghost = null; }
    m.cue = aiming && !busy ? { x: cue[0], y: cue[1], phi: aim, pull: pull } : null;
    table.draw();
  }

  // ---- The cue-ball image: where the tip strikes (follow, draw, english) -------------
  function sizeSpin() {
    const css = spin.getBoundingClientRect().width || 84, dpr = window.devicePixelRatio || 1;
    spin.width = Math.round(css * dpr); spin.height = Math.round(css * dpr);
    drawSpin();
  }
  function drawSpin() {
    const c = spin.getContext("2d"), w = spin.width, r = w / 2 - 3 * (window.devicePixelRatio || 1);
    c.clearRect(0, 0, w, w);
    const g = c.createRadialGradient(w * 0.4, w * 0.38, r * 0.1, w / 2, w / 2, r);
    g.addColorStop(0, "#ffffff"); g.addColorStop(0.7, window.R61.palette.cue); g.addColorStop(1, "#b9b4a3");
    c.fillStyle = g; c.beginPath(); c.arc(w / 2, w / 2, r, 0, 2 * Math.PI); c.fill();
    c.strokeStyle = "rgba(0,0,0,0.25)"; c.lineWidth = 1;
    c.beginPath(); c.moveTo(w / 2 - r, w / 2); c.lineTo(w / 2 + r, w / 2); c.moveTo(w / 2, w / 2 - r); c.lineTo(w / 2, w / 2 + r); c.stroke();
    c.strokeStyle = "#c33"; c.setLineDash([4, 4]); c.beginPath(); c.arc(w / 2, w / 2, r * TIP_LIMIT, 0, 2 * Math.PI); c.stroke(); c.setLineDash([]);
    c.fillStyle = "#1d4fc4"; c.beginPath(); c.arc(w / 2 + tip[0] * r, w / 2 - tip[1] * r, Math.max(5, r * 0.12), 0, 2 * Math.PI); c.fill();
    spin.dataset.tip = tip[0].toFixed(3) + "," + tip[1].toFixed(3);
  }
  function setTipFrom(e) {
    const box = spin.getBoundingClientRect(), r = box.width / 2 - 3;
    let a = (e.clientX - box.left - box.width / 2) / r, b = -(e.clientY - box.top - box.height / 2) / r;
    const n = Math.hypot(a, b);
    if (n > TIP_LIMIT) { a *= TIP_LIMIT / n; b *= TIP_LIMIT / n; }
    tip = [a, b]; drawSpin();
  }
  spin.addEventListener("pointerdown", (e) => { e.preventDefault(); setTipFrom(e); spin.setPointerCapture(e.pointerId); });
  spin.addEventListener("pointermove", (e) => { if (spin.hasPointerCapture(e.pointerId)) setTipFrom(e); });
  $("tip-reset").addEventListener("click", () => { tip = [0, 0]; drawSpin(); });

  // ---- The power and elevation bars: drag up for more ---------------------------------
  function bar(el, set, lo, hi) {
    const from = (e) => { const box = el.getBoundingClientRect(); set(lo + (hi - lo) * (1 - (e.clientY - box.top) / box.height)); };
    el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); from(e); });
    el.addEventListener("pointermove", (e) => { if (el.hasPointerCapture(e.pointerId)) from(e); });
  }
  bar(powerBar, setSpeed, MIN_SPEED, MAX_SPEED);
  bar(elevBar, setElev, 0, MAX_ELEV);

  // ---- The fine-aim strip: drag sideways, a fiftieth of a degree per pixel ------------
  let fineFrom = null;
  fineAim.addEventListener("pointerdown", (e) => { e.preventDefault(); fineAim.setPointerCapture(e.pointerId); fineFrom = [e.clientX, aim]; });
  fineAim.addEventListener("pointermove", (e) => {
    if (!fineFrom || !fineAim.hasPointerCapture(e.pointerId)) return;
    setPhi(fineFrom[1] - (e.clientX - fineFrom[0]) * FINE_DEG_PER_PX);
    fineAim.querySelector(".ticks").style.backgroundPositionX = (e.clientX - fineFrom[0]) + "px";
  });
  fineAim.addEventListener("pointerup", () => { fineFrom = null; });

  // ---- The table: drag the cue ball in hand, pull back from the cue ball, or aim -------
  let dragging = null, pullFrom = null;
  const tablePoint = (e) => {
    const box = canvas.getBoundingClientRect();
    return table.toTable(e.clientX - box.left, e.clientY - box.top);
  };
  const aimAt = (p) => { const cue = cuePos(); if (cue && Math.hypot(p[0] - cue[0], p[1] - cue[1]) > 0.5) setPhi(Math.atan2(p[1] - cue[1], p[0] - cue[0]) * 180 / Math.PI); };
  canvas.addEventListener("pointerdown", (e) => {
    sound.unlock();
    if (!canShoot() || busy) return;
    e.preventDefault();
    const p = tablePoint(e);
    canvas.setPointerCapture(e.pointerId);
    // the cue ball is "under the finger" within 3 R or 26 px, whichever is larger
    const grab = Math.max(3 * state.table.ball_radius, 26 / table.view.scale);
    const near = (q) => q && Math.hypot(p[0] - q[0], p[1] - q[1]) < grab;
    if (state.in_hand && (!placement || near(placement))) { dragging = "cue"; placement = p; }
    else if (!state.in_hand && near(cuePos())) { dragging = "pull"; pullFrom = p; pull = 0; }
    else { dragging = "aim"; aimAt(p); }
    refreshAim();
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!dragging) return;
    const p = tablePoint(e);
    if (dragging === "cue") placement = p;
    else if (dragging === "pull") {
      const dx = Math.cos(aim * Math.PI / 180), dy = Math.sin(aim * Math.PI / 180);
      pull = Math.min(Math.max(-((p[0] - pullFrom[0]) * dx + (p[1] - pullFrom[1]) * dy), 0), PULL_FULL);
      setSpeed(MIN_SPEED + (MAX_SPEED - MIN_SPEED) * pull / PULL_FULL);
    } else aimAt(p);
    refreshAim();
  });
  const release = (e, cancelled) => {
    const was = dragging;
    dragging = null;
    if (was === "cue" && placement) root.dataset.placement = placement[0].toFixed(3) + "," + placement[1].toFixed(3);
    // a pull-back let go shoots; one brought back to the ball (under half an inch) does not
    const shot = was === "pull" && !cancelled && pull >= 0.5;
    pull = 0;
    refreshAim();
    if (shot) shoot();
    void e;
  };
  canvas.addEventListener("pointerup", (e) => release(e, false));
  canvas.addEventListener("pointercancel", (e) => release(e, true));

  // ---- The keyboard: arrows aim (Shift: tenths), up and down the power, Space shoots ---
  document.addEventListener("keydown", (e) => {
    const tg = e.target;
    if (tg instanceof HTMLInputElement && tg.type !== "checkbox") return;
    if (tg instanceof HTMLSelectElement || tg instanceof HTMLTextAreaElement) return;
    sound.unlock();
    if (e.key === "Escape") { toggleMenu(false); return; }
    if (!canShoot()) return;
    const fine = e.shiftKey;
    if (e.key === "ArrowLeft") setPhi(aim + (fine ? 0.1 : 1));
    else if (e.key === "ArrowRight") setPhi(aim - (fine ? 0.1 : 1));
    else if (e.key === "ArrowUp") setSpeed(speed + (fine ? 0.05 : 0.2));
    else if (e.key === "ArrowDown") setSpeed(speed - (fine ? 0.05 : 0.2));
    else if (e.key === " " || (e.key === "Enter" && !(tg instanceof HTMLButtonElement))) {
      if (tg instanceof Element && tg.closest("#menu, #options, #invite")) return;
      shoot();
    } else return;
    e.preventDefault();
  });

  // ---- Settings, sound, links ----------------------------------------------------------
  function toggleMenu(open) {
    const menu = $("menu"), show = open === undefined ? menu.hidden : open;
    menu.hidden = !show;
    $("menu-toggle").setAttribute("aria-expanded", show ? "true" : "false");
  }
  $("menu-toggle").addEventListener("click", () => toggleMenu());
  const soundToggle = $("sound-toggle");
  const showSound = () => {
    const on = sound.enabled();
    soundToggle.setAttribute("aria-pressed", on ? "true" : "false");
  };
  soundToggle.addEventListener("click", () => { sound.setEnabled(!sound.enabled()); showSound(); });
  showSound();
  ghostToggle.addEventListener("change", () => { localStorage.setItem("r61_ghost", ghostToggle.checked ? "1" : "0"); refreshAim(); });
  ghostToggle.checked = localStorage.getItem("r61_ghost") !== "0";
  const animSpeed = $("anim-speed");
  animSpeed.value = localStorage.getItem("r61_anim_speed") || "1";
  animSpeed.addEventListener("change", () => localStorage.setItem("r61_anim_speed", animSpeed.value));
  const rate = () => Number(animSpeed.value) || 1;

  // Copy a link: the clipboard where the page may write it, else the link selected in
  // its field for the player to copy. The button says which (data-copied 1 or 0).
  async function copyLink(link, button, field) {
    let ok = false;
    try { await navigator.clipboard.writeText(link); ok = true; } catch (_) { ok = false; }
    if (!ok) { field.focus(); field.select(); try { ok = document.execCommand("copy"); } catch (_) { ok = false; } }
    const label = button.dataset.label || (button.dataset.label = button.textContent);
    button.dataset.copied = ok ? "1" : "0";
    button.textContent = fmt(ok ? "play.copied" : "play.copy_failed");
    setTimeout(() => { button.textContent = label; }, 2500);
  }
  const watchLink = location.origin + "/play/" + id + "?lang=" + encodeURIComponent(lang);
  $("watch-link").value = watchLink;
  $("copy-watch").addEventListener("click", () => copyLink(watchLink, $("copy-watch"), $("watch-link")));
  $("copy-invite").addEventListener("click", () => copyLink($("invite-link").value, $("copy-invite"), $("invite-link")));
  if (navigator.share) {
    $("share-invite").hidden = false;
    $("share-invite").addEventListener("click", () => navigator.share({ title: document.title, url: $("invite-link").value }).catch(() => {}));
  }

  // ---- The game as the server has it -------------------------------------------------
  function option(o) {
    const card = document.createElement("div");
    card.className = "option-card";
    const btn = document.createElement("button");
    btn.type = "button"; btn.className = "option"; btn.dataset.option = o.value;
    btn.textContent = o.label; btn.title = o.help;
    btn.addEventListener("click", () => decide(o.value));
    const help = document.createElement("p");
    help.className = "help"; help.id = "help-" + o.value; help.textContent = o.help; help.hidden = true;
    const why = document.createElement("button");
    why.type = "button"; why.className = "why"; why.textContent = fmt("play.why");
    why.setAttribute("aria-expanded", "false"); why.setAttribute("aria-controls", help.id);
    why.addEventListener("click", () => { help.hidden = !help.hidden; why.setAttribute("aria-expanded", help.hidden ? "false" : "true"); });
    card.append(btn, why, help);
    return card;
  }

  function render(view) {
    state = view;
    const b = view.board;
    root.dataset.seq = String(view.seq);
    root.dataset.toAct = view.to_act || "";
    root.dataset.phase = view.phase;
    root.dataset.over = view.over ? "1" : "0";
    $("name-a").textContent = b.players[0]; $("name-b").textContent = b.players[1];
    $("seat-a").title = b.players[0]; $("seat-b").title = b.players[1];
    $("score-a").textContent = String(b.scores[0]); $("score-b").textContent = String(b.scores[1]);
    $("racks").textContent = b.racks_won[0] + "–" + b.racks_won[1] + " (" + fmt("play.race", { n: b.race_to }) + ")";
    $("fouls").textContent = fmt("play.fouls", { a: b.fouls[0], b: b.fouls[1] });
    $("seat-a").classList.toggle("to-act", view.to_act === "A");
    $("seat-b").classList.toggle("to-act", view.to_act === "B");
    $("in-play").textContent = view.lowest ? fmt("play.in_play", { ball: view.lowest }) : "";
    $("warning").textContent = b.warning || "";
    $("warning").hidden = !b.warning;
    const lines = $("ruling");
    text(lines, b.last_lines);
    if (view.computer_note) {
      const box = document.createElement("div"); box.className = "computer";
      for (const line of view.computer_note.split("\n")) { const p = document.createElement("p"); p.textContent = fmt("play.computer") + ": " + line; box.append(p); }
      lines.append(box);
    }
    $("options").replaceChildren(...(view.phase === "decision" && mine() ? view.options.map(option) : []));
    let status;
    if (view.over) status = b.winner ? fmt("play.winner", { name: b.winner }) : fmt("play.over");
    else if (mine()) status = view.phase === "decision" ? fmt("play.your_choice") : (view.in_hand ? fmt("play.place_cue") : fmt("play.your_shot"));
    else status = fmt("play.waiting", { name: b.players[view.to_act === "B" ? 1 : 0] });
    $("status").textContent = status;
    $("shoot").disabled = !canShoot();
    $("concede").hidden = view.over || !seats;
    $("controls").classList.toggle("inactive", !canShoot());
    powerBar.classList.toggle("inactive", !canShoot());
    const invite = localStorage.getItem(inviteKey(id));
    if (invite && view.mode === "online" && !view.over) { $("invite").hidden = false; $("invite-link").value = invite; }
    else $("invite").hidden = true;
    if (!view.in_hand) placement = null;
    else if (mine() && !placement) {
      // The cue ball in hand starts on the table, in the middle of the kitchen, for the
      // player to see and drag (a newcomer told to drag a ball that is not drawn is stuck).
      const t = view.table, start = [t.head_string_x / 2, t.width / 2];
      if (window.R61Table.placementOk(t, view.balls, start[0], start[1])) {
        placement = start;
        root.dataset.placement = start[0].toFixed(3) + "," + start[1].toFixed(3);
      }
    }
    root.dataset.state = view.over ? "over" : (mine() ? (view.phase === "decision" ? "decision" : "aim") : "waiting");
    if (!table) {
      table = new window.R61Table.Table(canvas, view.table);
      new ResizeObserver(() => { table.resize(); refreshAim(); }).observe($("stage"));
    }
    table.setLayout(view.balls);
    // a new turn aims at the ball in play (the player turns from there)
    const cue = cuePos(), target = view.lowest && view.balls[String(view.lowest)];
    if (canShoot() && cue && target && aimedSeq !== view.seq) {
      aimedSeq = view.seq;
      setPhi(Math.atan2(target[1] - cue[1], target[0] - cue[0]) * 180 / Math.PI);
    }
    refreshAim();
  }

  // The aim line of a shot played elsewhere (the opponent's, the computer's), shown
  // for a moment before it is animated.
  function showAim(shot) {
    const cue = shot.start["0"];
    if (!cue) return Promise.resolve();
    const line = window.R61Table.aimLine(state.table, shot.start, cue, shot.stroke.phi);
    table.marks.aim = ghostToggle.checked ? [cue[0], cue[1], line.end[0], line.end[1]] : null;
    table.marks.ghost = ghostToggle.checked ? line.ghost : null;
    table.marks.cue = { x: cue[0], y: cue[1], phi: shot.stroke.phi, pull: 3 };
    table.draw();
    root.dataset.state = "remote-aim";
    return new Promise((resolve) => setTimeout(resolve, 700 / rate()));
  }

  // The sounds follow the engine's events, as loud as their impacts (muted at 16× and up:
  // a blur of clicks says nothing).
  const onEvent = (ev) => { if (rate() < 16) sound.play(ev[1], window.R61Table.impactSpeed(table.lastShot, ev)); };

  async function animateShot(shot, strike) {
    root.dataset.state = "animating";
    if (strike && rate() < 16) sound.play("cue", shot.stroke.speed);
    table.lastShot = shot;
    const check = await table.animate(shot, rate(), onEvent);
    shots += 1; maxDev = Math.max(maxDev, check.worst);
    root.dataset.shots = String(shots);
    root.dataset.maxDevMm = maxDev.toFixed(6);
    root.dataset.lastFinal = JSON.stringify(check.evaluated);
    root.dataset.engineFinal = JSON.stringify(shot.final);
    root.dataset.lastShot = String(shot.seq);
  }

  async function shoot() {
    if (busy || !canShoot()) return;
    // A cue ball in hand not yet placed, or placed outside the kitchen (the table shows
    // it refused), is named here in the page's language before anything is sent.
    const placedOk = placement && window.R61Table.placementOk(state.table, state.balls, placement[0], placement[1]);
    if (state.in_hand && !placedOk) { $("error").textContent = fmt("play.place_cue"); return; }
    busy = true; $("error").textContent = "";
    const body = {
      expected_seq: state.seq, speed: speed, phi: aim, theta: elev,
      a: tip[0], b: tip[1], placement: state.in_hand ? placement : null,
    };
    // No waiting for the answer to hear and see the strike: the cue strikes now, and the
    // balls move as soon as the server (the referee) answers with the engine's events.
    sound.play("cue", speed);
    root.dataset.state = "sending";
    $("status").textContent = fmt("play.sending");
    refreshAim();
    try {
      const sent = performance.now();
      const shot = await api("POST", "/api/play/" + id + "/shots?lang=" + lang, body, token);
      root.dataset.answerMs = String(Math.round(performance.now() - sent));
      placement = null;
      await animateShot(shot, false);
      await table.tweenTo(shot.state.balls, 400);
      render(shot.state);
      $("ruling-shot").hidden = true;
      text($("ruling-shot"), shot.lines);
    } catch (err) {
      showError("error", err);
      root.dataset.state = "aim";
      $("status").textContent = state.in_hand ? fmt("play.place_cue") : fmt("play.your_shot");
    } finally { busy = false; refreshAim(); sync(); }
  }
  $("shoot").addEventListener("click", () => { sound.unlock(); shoot(); });

  async function decide(opt) {
    if (busy) return;
    busy = true; $("error").textContent = "";
    try {
      const view = await api("POST", "/api/play/" + id + "/decisions?lang=" + lang, { expected_seq: state.seq, option: opt }, token);
      await table.tweenTo(view.balls, 400);
      busy = false;
      render(view);
    } catch (err) { showError("error", err); }
    finally { busy = false; sync(); }
  }

  $("concede").addEventListener("click", () => { $("concede-confirm").hidden = false; });
  $("concede-confirm").addEventListener("click", async () => {
    if (busy) return;
    busy = true; $("concede-confirm").hidden = true;
    try { const view = await api("POST", "/api/play/" + id + "/concede?lang=" + lang, { expected_seq: state.seq }, token); busy = false; render(view); toggleMenu(false); }
    catch (err) { showError("error", err); }
    finally { busy = false; sync(); }
  });

  // Inputs made elsewhere (the other player online, the computer): animate their shots.
  let syncing = false, wanted = 0;
  async function sync() {
    if (busy || syncing || !state || wanted <= state.seq) return;
    syncing = true;
    try {
      const seqs = await api("GET", "/api/play/" + id + "/replay");
      // the shots made elsewhere, each with its aim line first (a spectator far behind
      // sees the last few)
      const pending = seqs.filter((s) => s > state.seq);
      for (const s of pending.slice(-4)) {
        const shot = await api("GET", "/api/play/" + id + "/shots/" + s + "?lang=" + lang);
        table.setLayout(shot.start);
        await showAim(shot);
        await animateShot(shot, true);
      }
      const view = await api("GET", "/api/play/" + id + "?lang=" + lang);
      await table.tweenTo(view.balls, 300);
      render(view);
    } catch (err) { showError("error", err); }
    finally { syncing = false; if (state && wanted > state.seq) sync(); }
  }
  function connect() {
    window.R61.live("/api/matches/" + id + "/events?lang=" + lang, { board: (v) => { wanted = Math.max(wanted, v.seq); sync(); } });
  }

  setSpeed(speed); setElev(elev); sizeSpin();
  window.addEventListener("resize", sizeSpin);
  api("GET", "/api/play/" + id + "?lang=" + lang).then((view) => { render(view); connect(); })
    .catch((err) => { showError("error", err); });
})();
