// The play pages: a new game, the invite link, and the game's table (aim, strike,
// cue ball in hand, the referee's rulings, the options after a foul, live updates).
(function () {
  "use strict";
  const fmt = window.R61.t;
  const showError = (el, err) => window.R61.showError(typeof el === "string" ? document.getElementById(el) : el, err);
  const tokenKey = (id) => "r61_play_" + id;
  const inviteKey = (id) => "r61_invite_" + id;
  const api = (method, url, body, token) => window.R61.call(url, { method: method, body: body, token: token });

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
        if (g.invite) localStorage.setItem(inviteKey(g.id), location.origin + g.invite);
        location.assign(g.url);
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
      .then((g) => { localStorage.setItem(tokenKey(id), g.token); location.replace(g.url); })
      .catch((err) => showError("join-error", err));
  }

  // ---- The game ------------------------------------------------------------------------
  const root = document.getElementById("play");
  if (!root) return;
  const id = root.dataset.match;
  const lang = root.dataset.lang;
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("t");
  if (fromHash) { localStorage.setItem(tokenKey(id), fromHash); history.replaceState(null, "", location.pathname); }
  const token = localStorage.getItem(tokenKey(id));
  const seats = token ? token.split(".")[0] : "";
  const $ = (x) => document.getElementById(x);
  const canvas = $("table");
  const aimIn = $("aim-deg"), power = $("power"), elev = $("elev"), ghostToggle = $("ghost-toggle");
  const spin = $("spin");
  let table = null, state = null, busy = false, placement = null, tip = [0, 0];
  let maxDev = 0, shots = 0;

  const mine = () => state && !state.over && state.to_act !== null && seats.indexOf(state.to_act) >= 0;
  const cuePos = () => placement || (state && state.balls["0"]) || null;
  const phi = () => Number(aimIn.value) || 0;
  const setPhi = (v) => { let a = ((v % 360) + 540) % 360 - 180; aimIn.value = a.toFixed(2); refreshAim(); };

  function refreshAim() {
    if (!table || !state) return;
    const m = table.marks;
    m.lowest = state.lowest;
    m.place = state.in_hand && mine() ? placement : null;
    m.placeOk = placement ? window.R61Table.placementOk(state.table, state.balls, placement[0], placement[1]) : true;
    const cue = cuePos();
    if (mine() && state.phase === "shot" && cue && ghostToggle.checked && !(state.in_hand && !placement)) {
      const line = window.R61Table.aimLine(state.table, state.balls, cue, phi());
      m.aim = [cue[0], cue[1], line.end[0], line.end[1]];
      m.ghost = line.ghost;
    } else { m.aim = null; m.ghost = null; }
    table.draw();
    $("power-out").textContent = Number(power.value).toFixed(1) + " m/s";
    $("elev-out").textContent = Number(elev.value).toFixed(0) + "°";
    drawSpin();
  }

  function drawSpin() {
    const c = spin.getContext("2d"), w = spin.width, r = w / 2 - 4;
    c.clearRect(0, 0, w, w);
    c.fillStyle = window.R61.palette.cue; c.beginPath(); c.arc(w / 2, w / 2, r, 0, 2 * Math.PI); c.fill();
    c.strokeStyle = "#c33"; c.setLineDash([3, 3]); c.beginPath(); c.arc(w / 2, w / 2, r * 0.5, 0, 2 * Math.PI); c.stroke(); c.setLineDash([]);
    c.fillStyle = "#1d4fc4"; c.beginPath(); c.arc(w / 2 + tip[0] * r, w / 2 - tip[1] * r, 5, 0, 2 * Math.PI); c.fill();
    spin.dataset.tip = tip[0].toFixed(3) + "," + tip[1].toFixed(3);
  }

  function setTipFrom(e) {
    const box = spin.getBoundingClientRect(), r = box.width / 2 - 4;
    let a = (e.clientX - box.left - box.width / 2) / r, b = -(e.clientY - box.top - box.height / 2) / r;
    const n = Math.hypot(a, b);
    if (n > 0.5) { a *= 0.5 / n; b *= 0.5 / n; }
    tip = [a, b]; drawSpin();
  }
  spin.addEventListener("pointerdown", (e) => { setTipFrom(e); spin.setPointerCapture(e.pointerId); });
  spin.addEventListener("pointermove", (e) => { if (e.buttons) setTipFrom(e); });
  $("tip-reset").addEventListener("click", () => { tip = [0, 0]; drawSpin(); });

  // Pointer on the table: drag the cue ball in hand, or aim toward the pointer.
  let dragging = null;
  const tablePoint = (e) => {
    const box = canvas.getBoundingClientRect();
    return table.toTable(e.clientX - box.left, e.clientY - box.top);
  };
  canvas.addEventListener("pointerdown", (e) => {
    if (!mine() || busy || state.phase !== "shot") return;
    const p = tablePoint(e);
    canvas.setPointerCapture(e.pointerId);
    const R = state.table.ball_radius;
    if (state.in_hand && (!placement || Math.hypot(p[0] - placement[0], p[1] - placement[1]) < 3 * R)) {
      dragging = "cue"; placement = p;
    } else {
      dragging = "aim";
      const cue = cuePos();
      if (cue) setPhi(Math.atan2(p[1] - cue[1], p[0] - cue[0]) * 180 / Math.PI);
    }
    refreshAim();
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!dragging) return;
    const p = tablePoint(e);
    if (dragging === "cue") placement = p;
    else { const cue = cuePos(); if (cue) setPhi(Math.atan2(p[1] - cue[1], p[0] - cue[0]) * 180 / Math.PI); }
    refreshAim();
  });
  canvas.addEventListener("pointerup", () => {
    if (dragging === "cue" && placement) root.dataset.placement = placement[0].toFixed(3) + "," + placement[1].toFixed(3);
    dragging = null;
  });
  $("aim-left").addEventListener("click", () => setPhi(phi() + 0.1));
  $("aim-right").addEventListener("click", () => setPhi(phi() - 0.1));
  aimIn.addEventListener("input", refreshAim);
  power.addEventListener("input", refreshAim);
  elev.addEventListener("input", refreshAim);
  ghostToggle.addEventListener("change", () => { localStorage.setItem("r61_ghost", ghostToggle.checked ? "1" : "0"); refreshAim(); });
  ghostToggle.checked = localStorage.getItem("r61_ghost") !== "0";
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range" && e.target.type !== "checkbox") return;
    const step = e.shiftKey ? 1 : 0.1;
    if (e.key === "ArrowLeft") { setPhi(phi() + step); e.preventDefault(); }
    else if (e.key === "ArrowRight") { setPhi(phi() - step); e.preventDefault(); }
    else if (e.key === " " || e.key === "Enter") { if (mine()) { shoot(); e.preventDefault(); } }
  });

  function render(view) {
    state = view;
    const b = view.board;
    root.dataset.seq = String(view.seq);
    root.dataset.toAct = view.to_act || "";
    root.dataset.phase = view.phase;
    root.dataset.over = view.over ? "1" : "0";
    $("name-a").textContent = b.players[0]; $("name-b").textContent = b.players[1];
    $("score-a").textContent = String(b.scores[0]); $("score-b").textContent = String(b.scores[1]);
    $("racks").textContent = b.racks_won[0] + " – " + b.racks_won[1] + " (" + fmt("play.race", { n: b.race_to }) + ")";
    $("fouls").textContent = fmt("play.fouls", { a: b.fouls[0], b: b.fouls[1] });
    $("seat-a").classList.toggle("to-act", view.to_act === "A");
    $("seat-b").classList.toggle("to-act", view.to_act === "B");
    $("in-play").textContent = view.lowest ? fmt("play.in_play", { ball: view.lowest }) : "";
    $("warning").textContent = b.warning || "";
    $("warning").hidden = !b.warning;
    const lines = $("ruling");
    lines.replaceChildren(...b.last_lines.map((l) => { const p = document.createElement("p"); p.textContent = l; return p; }));
    if (view.computer_note) {
      const box = document.createElement("div"); box.className = "computer";
      for (const line of view.computer_note.split("\n")) { const p = document.createElement("p"); p.textContent = fmt("play.computer") + ": " + line; box.append(p); }
      lines.append(box);
    }
    const opts = $("options");
    opts.replaceChildren();
    if (view.phase === "decision" && mine()) {
      for (const o of view.options) {
        const btn = document.createElement("button");
        btn.type = "button"; btn.className = "option"; btn.dataset.option = o.value;
        btn.textContent = o.label; btn.title = o.help;
        btn.addEventListener("click", () => decide(o.value));
        opts.append(btn);
      }
    }
    let status;
    if (view.over) status = b.winner ? fmt("play.winner", { name: b.winner }) : fmt("play.over");
    else if (mine()) status = view.phase === "decision" ? fmt("play.your_choice") : (view.in_hand ? fmt("play.place_cue") : fmt("play.your_shot"));
    else status = fmt("play.waiting", { name: b.players[view.to_act === "B" ? 1 : 0] });
    $("status").textContent = status;
    $("shoot").disabled = !(mine() && view.phase === "shot");
    $("concede").hidden = view.over || !seats;
    $("controls").classList.toggle("inactive", !(mine() && view.phase === "shot"));
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
    if (!table) { table = new window.R61Table.Table(canvas, view.table); window.addEventListener("resize", () => table.resize()); }
    table.setLayout(view.balls);
    refreshAim();
  }

  // The aim line of a shot played elsewhere (the opponent's, the computer's), shown
  // for a moment before it is animated.
  function showAim(shot) {
    const cue = shot.start["0"];
    if (!cue || !ghostToggle.checked) return Promise.resolve();
    const line = window.R61Table.aimLine(state.table, shot.start, cue, shot.stroke.phi);
    table.marks.aim = [cue[0], cue[1], line.end[0], line.end[1]];
    table.marks.ghost = line.ghost;
    table.draw();
    root.dataset.state = "remote-aim";
    const pause = 700 / (Number($("anim-speed").value) || 1);
    return new Promise((resolve) => setTimeout(resolve, pause));
  }

  async function animateShot(shot) {
    root.dataset.state = "animating";
    const check = await table.animate(shot, Number($("anim-speed").value) || 1);
    shots += 1; maxDev = Math.max(maxDev, check.worst);
    root.dataset.shots = String(shots);
    root.dataset.maxDevMm = maxDev.toFixed(6);
    root.dataset.lastFinal = JSON.stringify(check.evaluated);
    root.dataset.engineFinal = JSON.stringify(shot.final);
    root.dataset.lastShot = String(shot.seq);
  }

  async function shoot() {
    if (busy || !mine() || state.phase !== "shot") return;
    // A cue ball in hand not yet placed, or placed outside the kitchen (the table shows
    // it refused), is named here in the page's language before anything is sent.
    const placedOk = placement && window.R61Table.placementOk(state.table, state.balls, placement[0], placement[1]);
    if (state.in_hand && !placedOk) { $("error").textContent = fmt("play.place_cue"); return; }
    busy = true; $("error").textContent = "";
    const body = {
      expected_seq: state.seq, speed: Number(power.value), phi: phi(), theta: Number(elev.value),
      a: tip[0], b: tip[1], placement: state.in_hand ? placement : null,
    };
    try {
      const shot = await api("POST", "/api/play/" + id + "/shots", body, token);
      placement = null;
      await animateShot(shot);
      await table.tweenTo(shot.state.balls, 400);
      render(shot.state);
      $("ruling-shot").replaceChildren(...shot.lines.map((l) => { const p = document.createElement("p"); p.textContent = l; return p; }));
    } catch (err) {
      showError("error", err);
      root.dataset.state = "aim";
    } finally { busy = false; sync(); }
  }
  $("shoot").addEventListener("click", shoot);

  async function decide(option) {
    if (busy) return;
    busy = true; $("error").textContent = "";
    try {
      const view = await api("POST", "/api/play/" + id + "/decisions", { expected_seq: state.seq, option: option }, token);
      await table.tweenTo(view.balls, 400);
      render(view);
    } catch (err) { showError("error", err); }
    finally { busy = false; sync(); }
  }

  $("concede").addEventListener("click", () => { $("concede-confirm").hidden = false; });
  $("concede-confirm").addEventListener("click", async () => {
    if (busy) return;
    busy = true; $("concede-confirm").hidden = true;
    try { render(await api("POST", "/api/play/" + id + "/concede", { expected_seq: state.seq }, token)); }
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
        await animateShot(shot);
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

  api("GET", "/api/play/" + id + "?lang=" + lang).then((view) => { render(view); connect(); })
    .catch((err) => { showError("error", err); });
})();
