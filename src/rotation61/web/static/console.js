// Referee console: every input is judged by the server's referee; the state shown is
// always the one the server returned (rebuilt from the stored inputs).
(function () {
  "use strict";
  const { t, tableLabel, esc, seats, ballClass } = window.R61;
  const root = document.getElementById("console");
  const matchId = root.dataset.match;
  const lang = root.dataset.lang;
  const $ = (id) => document.getElementById(id);
  let view = null;
  let draft = null;
  let busy = false;
  let correcting = false; // override mode: the form edits the last shot's facts

  function fresh() {
    return { pocketed: [], off: [], first: undefined, rail: true, scratch: false, cueOff: false,
      breakRails: null, kitchen: "clean", lowestKitchen: false, grf: "", moved: "" };
  }

  // An error body names the error's class and carries its status; the referee sees
  // the catalogue's words for it, never the class name.
  const ERROR_KEYS = {
    IllegalActionError: "illegal_action",
    InvalidShotError: "invalid_shot",
    InvalidStateError: "invalid_shot",
    StaleInputError: "stale",
    MatchFinalError: "final",
    AuthenticationError: "auth",
    CsrfError: "csrf",
    TooManyAttemptsError: "too_many",
    MatchNotFoundError: "not_found",
  };
  function errorText(status, body) {
    // A coded refusal of the rules (the shot clock's), worded by the server in the page's language.
    if (body && body.error === "ShotClockError" && body.lang === lang && body.detail) return t("console.rejected", { detail: body.detail });
    let key = body && ERROR_KEYS[body.error];
    if (!key) {
      key = status === 401 ? "auth" : status === 403 ? "csrf" : status === 404 ? "not_found" : status === 409 ? "illegal_action"
        : status === 422 || status === 400 ? "malformed" : status === 429 ? "too_many" : status >= 500 ? "server" : "unknown";
    }
    return t("console.rejected", { detail: t("console.err." + key, { status: status }) });
  }

  // The message of the last action, shown next to the control that made it.
  let message = null; // { text, kind: "error" | "notice", anchor }
  function anchorOf(el) {
    if (!el) return null;
    if (el.id === "record" || el.id === "override-submit") return "#" + el.id;
    if (el.dataset.option) return "#options";
    if (el.dataset.event) return "#officials-body";
    if (el.id === "undo") return "#undo";
    if (el.id && el.id.indexOf("clock-") === 0) return "#clock-box .actions";
    return null;
  }
  function say(text, kind, anchor) {
    message = text ? { text: text, kind: kind || "error", anchor: anchor } : null;
    placeMessage(true);
  }
  function placeMessage(scroll) {
    let el = $("action-message");
    if (!message) { if (el) el.remove(); return; }
    if (!el) { el = document.createElement("p"); el.id = "action-message"; el.setAttribute("role", "alert"); }
    el.className = message.kind === "error" ? "error action-message" : "notice action-message";
    el.textContent = message.text;
    const target = message.anchor && document.querySelector(message.anchor);
    const visible = target && target.offsetParent !== null;
    const after = visible ? (target.closest(".actions") || target) : $("board");
    after.insertAdjacentElement("afterend", el);
    if (scroll) el.scrollIntoView({ block: "nearest" });
  }

  async function fetchView() {
    const r = await window.R61.request("/api/matches/" + matchId + "/console?lang=" + lang);
    if (!r.ok) throw r;
    return r.body;
  }

  async function load() {
    try { view = await fetchView(); }
    catch (r) { say(r && r.status ? errorText(r.status, r.body) : t("console.offline", {}), "error", null); return; }
    draft = fresh(); correcting = false; render();
  }

  // Inputs wait here, in order, until the server has them. Each keeps the
  // expected_seq it was entered against, so a resend can never be applied twice:
  // the server refuses a stale expected_seq (409), and the console state then says
  // whether the log advanced by exactly this input (it was applied before the
  // connection dropped) or someone else's input got there first (a real conflict).
  // The queue is also kept in the tablet's storage, per match, so inputs entered
  // offline survive a reload or a tablet that closes the tab: the console restored on
  // reload sends them as resends (the same expected_seq), so none is applied twice.
  const queue = [];
  let retryTimer = null;
  const storeKey = "rotation61.console.queue." + matchId;

  function saveQueue() {
    try {
      if (queue.length) {
        localStorage.setItem(storeKey, JSON.stringify(queue.map((q) => ({ input: q.input, anchor: q.anchor }))));
      } else {
        localStorage.removeItem(storeKey);
      }
    } catch (_) { /* storage full or disabled: the queue still lives in this page */ }
  }

  function restoreQueue() {
    let saved = [];
    try { saved = JSON.parse(localStorage.getItem(storeKey) || "[]"); } catch (_) { saved = []; }
    if (!Array.isArray(saved)) return;
    for (const q of saved) {
      if (q && q.input && typeof q.input.kind === "string" && Number.isInteger(q.input.expected_seq)) {
        // It may have reached the server before the reload: treat it as a resend.
        queue.push({ input: q.input, anchor: typeof q.anchor === "string" ? q.anchor : null, attempts: 1 });
      }
    }
    root.dataset.queued = String(queue.length);
  }

  function submit(input, control) {
    if (!view) return;
    input.expected_seq = view.seq + queue.length;
    queue.push({ input: input, anchor: anchorOf(control), attempts: 0 });
    saveQueue();
    if (queue.length > 1) { draft = fresh(); correcting = false; render(); }
    pump();
  }

  function sameInput(input, v) {
    if (v.seq !== input.expected_seq + 1) return false;
    if (input.kind !== "shot") return true;
    const last = v.override_base && v.override_base.shot;
    if (!last) return false;
    const sorted = (xs) => (xs || []).slice().sort((a, b) => a - b).join(",");
    return last.first_contact === input.shot.first_contact && sorted(last.pocketed) === sorted(input.shot.pocketed) &&
      !!last.cue_pocketed === !!input.shot.cue_pocketed && sorted(last.off_table) === sorted(input.shot.off_table);
  }

  function waiting(q) {
    if (q.attempts === 1) { draft = fresh(); correcting = false; render(); }
    const anchor = q.anchor;
    say(t("console.queued", { n: queue.length }), "notice", anchor);
    root.dataset.queued = String(queue.length);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(pump, 1000);
  }

  async function pump() {
    if (busy || !queue.length) return;
    busy = true;
    root.dataset.queued = String(queue.length);
    let resent = false;
    try {
      while (queue.length) {
        const q = queue[0];
        const resend = q.attempts > 0;
        q.attempts += 1;
        let r;
        try {
          r = await window.R61.request("/api/matches/" + matchId + "/inputs?lang=" + lang, { method: "POST", body: q.input });
        } catch (err) { waiting(q); return; }
        if (r.ok) {
          queue.shift(); saveQueue(); view = r.body; draft = fresh(); correcting = false;
          resent = resent || resend;
          render();
          say(resent && !queue.length ? t("console.sent", {}) : "", "notice", q.anchor);
          continue;
        }
        if (r.status >= 502 && r.status <= 504) { waiting(q); return; }
        let current = null;
        if (r.status === 409) { try { current = await fetchView(); } catch (_) { current = null; } }
        if (resend && r.status === 409 && current && sameInput(q.input, current)) {
          // Applied on an earlier attempt whose answer was lost: never send it again.
          queue.shift(); saveQueue(); view = current; draft = fresh(); correcting = false;
          resent = true;
          render();
          say(queue.length ? "" : t("console.sent", {}), "notice", q.anchor);
          continue;
        }
        // Refused: later inputs were entered on top of this one, so they go too.
        const dropped = queue.length > 1 || resend;
        queue.length = 0;
        saveQueue();
        if (current) { view = current; draft = fresh(); correcting = false; render(); }
        say(dropped && r.status === 409 ? t("console.rejected", { detail: t("console.err.conflict", {}) }) : errorText(r.status, r.body), "error", q.anchor);
      }
    } finally {
      busy = false;
      root.dataset.queued = String(queue.length);
    }
  }

  function base() { return correcting ? view.override_base : view; }
  function firstHit() { return draft.first === undefined ? base().lowest : draft.first; }

  function draftFromShot(shot, b) {
    const d = fresh();
    d.pocketed = shot.pocketed.slice();
    d.off = shot.off_table.slice();
    d.first = shot.first_contact === b.lowest ? undefined : shot.first_contact;
    d.rail = shot.first_contact === null || shot.rail_after_contact.length > 0;
    d.scratch = shot.cue_pocketed;
    d.cueOff = shot.cue_off_table;
    d.breakRails = shot.break_rail_balls ? shot.break_rail_balls.length : null;
    const k = shot.kitchen;
    if (k && !k.cue_crossed_head_string_before_first_contact) {
      d.kitchen = k.first_contact_type === "rail" ? "kr" : k.first_contact_type === "none" ? "kz" : (k.cue_crossed_head_string ? "kk" : "kn");
    }
    d.lowestKitchen = shot.lowest_rest_zone === "kitchen";
    d.grf = shot.general_rules_foul || "";
    d.moved = shot.obstacle_moved_jump_masse ? String(shot.obstacle_moved_jump_masse.ball) : "";
    return d;
  }

  function kitchenFacts(kind, first) {
    if (kind === "kr") return { cue_crossed_head_string_before_first_contact: false, first_contact_type: "rail", first_ball_zone: first === null ? null : "outside", cue_crossed_head_string: true };
    if (kind === "kk" || kind === "kn") return { cue_crossed_head_string_before_first_contact: false, first_contact_type: "ball", first_ball_zone: "kitchen", cue_crossed_head_string: kind === "kk" };
    return { cue_crossed_head_string_before_first_contact: false, first_contact_type: "none", first_ball_zone: null, cue_crossed_head_string: false };
  }

  function shotDict() {
    const b = base();
    let first = firstHit();
    if (b.kitchen_applies && draft.kitchen === "kz") first = null;
    const touched = first !== null;
    const shot = {
      first_contact: first,
      pocketed: touched ? draft.pocketed.slice() : [],
      off_table: touched ? draft.off.slice() : [],
      rail_after_contact: touched && draft.rail ? ["cue"] : [],
      cue_pocketed: draft.scratch,
      cue_off_table: draft.cueOff,
      lowest_rest_zone: draft.lowestKitchen ? "kitchen" : "outside",
    };
    if (b.break_applies) {
      const n = draft.breakRails !== null ? draft.breakRails : (touched && draft.rail ? b.break_min_rail_balls : 0);
      shot.break_rail_balls = touched ? b.break_rail_pool.slice(0, n) : [];
    }
    if (b.kitchen_applies && draft.kitchen !== "clean") shot.kitchen = kitchenFacts(draft.kitchen, first);
    if (draft.grf) shot.general_rules_foul = draft.grf;
    if (draft.moved) shot.obstacle_moved_jump_masse = { ball: Number(draft.moved), moved_by: "cue" };
    return shot;
  }

  function renderBoard() {
    const v = view;
    const side = (i) => '<div class="p' + (v.to_act === seats[i] ? " act" : "") + '" data-testid="player-' + "ab"[i] + '"><div>' + esc(v.players[i]) + " · " + t("board.racks_won_short", {}) + ": <b>" + v.racks_won[i] + '</b></div><div class="s" data-testid="score-' + "ab"[i] + '">' + v.scores[i] + '</div><div class="needs" data-testid="needs-' + "ab"[i] + '">' + esc(t("board.needs", { n: v.needs[i] }) + (v.targets[0] !== v.targets[1] ? " · " + t("board.target", { n: v.targets[i] }) : "")) + "</div><div>" + t("board.fouls", {}) + ': <b data-testid="fouls-' + "ab"[i] + '">' + v.fouls[i] + "</b></div></div>";
    $("board").innerHTML = side(0) +
      '<div class="mid"><div>' + esc(tableLabel(v.table_name)) + "</div><div>" + t("board.rack", {}) + ' <b data-testid="rack-number">' + v.rack_number + "</b> · " + esc(t("board.race_to", { n: v.race_to })) + "</div><div>" + t("board.ball_in_play", {}) + ': <b data-testid="ball-in-play">' + (v.lowest == null ? "–" : v.lowest) + "</b></div><div>" + t("board.points_left", {}) + ': <b data-testid="points-left">' + v.points_left + "</b></div></div>" + side(1);
    const w = $("warning"); w.hidden = !v.warning; w.textContent = v.warning || "";
    $("ruling").innerHTML = (v.last_lines.length ? v.last_lines : v.state_lines.slice(-1)).map((l) => "<p>" + esc(l) + "</p>").join("") +
      (v.match_over ? '<p data-testid="match-over"><b>' + esc(v.state_lines[v.state_lines.length - 1]) + "</b></p>" : "") +
      (v.final ? '<p class="notice" data-testid="match-final">' + esc(t("console.final", {})) + "</p>" : "");
    $("spotting").hidden = !v.spotting_svg;
    $("spotting-svg").innerHTML = v.spotting_svg || "";
    $("history").innerHTML = v.history.map((h) => '<li value="' + h.n + '"' + (h.overridden ? ' class="overridden"' : "") + ">" + esc(h.lines.join(" ")) + "</li>").join("");
    $("undo").disabled = !v.can_undo;
  }

  function renderDecision() {
    const box = $("decision");
    box.hidden = !v_decision();
    if (box.hidden) return;
    $("decision-title").textContent = t("console.options", { player: view.chooser });
    $("options").innerHTML = view.options.map((o) => '<button class="big primary" data-option="' + o.value + '">' + esc(o.label) + "<small>" + esc(o.help) + "</small></button>").join("");
  }
  function v_decision() { return view.phase === "decision" && !view.match_over; }

  function ballButtons(cls, selected, extra) {
    return '<div class="balls">' + base().on_table.map((b) => '<button type="button" class="ball ' + ballClass(b) + " " + cls + (selected(b) ? " on" : "") + '" data-ball="' + b + '"><span class="num">' + b + "</span></button>").join("") + (extra || "") + "</div>";
  }

  function renderShot() {
    const box = $("shot");
    box.hidden = !correcting && (view.phase !== "shot" || view.match_over);
    box.classList.toggle("correcting", correcting);
    if (box.hidden) { box.innerHTML = ""; return; }
    const b = base();
    const first = firstHit();
    const chk = (id, on, label) => '<label><input type="checkbox" id="' + id + '"' + (on ? " checked" : "") + "> " + esc(label) + "</label>";
    let html = correcting ? '<p class="warning" id="override-banner">' + esc(t("console.override.banner", {})) + "</p>" : "";
    html += "<h2>" + esc(t("console.pocketed", {})) + "</h2>" + ballButtons("pick-pocket", (b) => draft.pocketed.includes(b));
    html += "<h3>" + esc(t("console.first_hit", {})) + "</h3>" + ballButtons("pick-first", (b) => first === b,
      '<button type="button" class="ball none pick-first' + (first === null ? " on" : "") + '" data-ball="none">' + esc(t("console.first_hit.none", {})) + "</button>");
    html += '<div class="toggles">' + chk("rail", draft.rail, t("console.rail", {})) + chk("scratch", draft.scratch, t("console.scratch", {})) + chk("cue-off", draft.cueOff, t("console.cue_off", {})) + "</div>";
    if (b.break_applies) {
      const n = draft.breakRails !== null ? draft.breakRails : b.break_min_rail_balls;
      let opts = "";
      for (let i = 0; i <= b.break_rail_pool.length; i++) opts += '<option value="' + i + '"' + (i === n ? " selected" : "") + ">" + i + "</option>";
      html += '<div class="toggles"><label>' + esc(t("console.break_rails", {})) + ' <select id="break-rails">' + opts + "</select></label></div>";
    }
    if (b.kitchen_applies) {
      const kinds = ["clean", "kr", "kk", "kn", "kz"];
      html += '<div class="toggles"><label>' + esc(t("console.kitchen", {})) + ' <select id="kitchen">' + kinds.map((k) => '<option value="' + k + '"' + (draft.kitchen === k ? " selected" : "") + ">" + esc(t("console.kitchen." + k, {})) + "</option>").join("") + "</select></label></div>";
    }
    const more = draft.off.length || draft.lowestKitchen || draft.grf || draft.moved || draft.scratch || draft.cueOff;
    html += '<details id="more"' + (more ? " open" : "") + "><summary>" + esc(t("console.more", {})) + "</summary>";
    html += "<h3>" + esc(t("console.off_table", {})) + "</h3>" + ballButtons("pick-off", (b) => draft.off.includes(b));
    html += '<div class="toggles">' + chk("lowest-kitchen", draft.lowestKitchen, t("console.lowest_kitchen", {}));
    html += "<label>" + esc(t("console.grf", {})) + ' <select id="grf"><option value="">' + esc(t("console.grf.none", {})) + "</option>" + view.general_rules_labels.map((g) => '<option value="' + g.value + '"' + (draft.grf === g.value ? " selected" : "") + ">" + esc(g.label) + "</option>").join("") + "</select></label>";
    html += "<label>" + esc(t("console.moved", {})) + ' <select id="moved"><option value="">' + esc(t("console.moved.none", {})) + "</option>" + b.on_table.map((n) => '<option value="' + n + '"' + (String(draft.moved) === String(n) ? " selected" : "") + ">" + n + "</option>").join("") + "</select></label></div></details>";
    if (correcting) {
      html += '<div class="toggles"><label>' + esc(t("console.override.note_label", {})) + ' <input id="override-note" maxlength="200" value="' + esc(draft.note || "") + '"></label></div>';
      html += '<div class="actions"><button type="button" class="big primary" id="override-submit">' + esc(t("console.override.submit", {})) + '</button><button type="button" class="big secondary" id="override-cancel">' + esc(t("console.override.cancel", {})) + "</button></div>";
    } else {
      html += '<div class="record-dock"><div class="actions"><button type="button" class="big primary" id="record">' + esc(t("console.record", {})) + "</button></div></div>";
    }
    box.innerHTML = html;
  }

  function renderOverride() {
    const box = $("override");
    box.hidden = !view.can_override || correcting;
    if (box.hidden) return;
    $("override-body").innerHTML = '<button type="button" class="big" id="override-start">' + esc(t("console.override.start", {})) + "</button>";
  }

  function renderOfficials() {
    const names = view.players;
    let html = "";
    ["A", "B"].forEach((seat, i) => {
      html += '<button class="big" data-event="concede_rack" data-player="' + seat + '">' + esc(t("console.concede_rack", { player: names[i] })) + "</button>";
      html += '<button class="big" data-event="concede_match" data-player="' + seat + '">' + esc(t("console.concede_match", { player: names[i] })) + "</button>";
      html += '<button class="big" data-event="disqualification" data-player="' + seat + '">' + esc(t("console.disqualify", { player: names[i] })) + "</button>";
    });
    html += '<button class="big" data-event="stalemate_declared">' + esc(t("console.stalemate", {})) + "</button>";
    $("officials-body").innerHTML = html;
    $("officials").hidden = view.match_over;
  }

  // ---- The shot clock (A50; clock.js): kept by the server, changed by the referee -----
  let dismissed = -1; // the input whose expired clock the referee waved off
  const clock = window.R61.shotClock($("clock"), { matchId: matchId, lang: lang, onState: proposeFoul });
  function proposeFoul(state, seconds) {
    const due = !!view && state.seq === view.seq && seconds === 0 && state.status !== "paused" && state.status !== "waiting" && dismissed !== state.seq && !queue.length;
    const box = $("clock-propose");
    const appearing = due && box.hidden;
    if (appearing) $("clock-propose-text").textContent = t("clock.propose", { player: state.shooter_name || "" });
    box.hidden = !due;
    if (appearing) box.scrollIntoView({ block: "nearest" });
  }
  function renderClock() {
    const c = view.clock;
    const shown = !!(view.shot_clock && c && c.status !== "off" && c.status !== "idle" && !view.match_over);
    $("clock-box").hidden = !shown;
    if (!shown) { $("clock-propose").hidden = true; return; }
    clock.update(c);
    const toggle = $("clock-toggle");
    toggle.textContent = t(c.status === "running" ? "clock.pause" : c.status === "paused" ? "clock.resume" : "clock.start", {});
    toggle.dataset.action = c.status === "running" ? "pause" : "start";
    toggle.disabled = c.status === "expired";
    const ext = $("clock-extend");
    ext.textContent = t("clock.extend", { s: c.extension_s, n: c.extensions_left });
    ext.disabled = c.extensions_left <= 0;
    ext.hidden = c.extensions_per_rack === 0; // a rule set without extensions shows none
  }
  async function clockAct(action, control) {
    if (!view || busy || queue.length) return;
    const r = await window.R61.request("/api/matches/" + matchId + "/clock?lang=" + lang, { method: "POST", body: { expected_seq: view.seq, action: action } }).catch(() => null);
    if (!r) { say(t("console.offline", {}), "error", anchorOf(control)); return; }
    if (!r.ok) { say(errorText(r.status, r.body), "error", anchorOf(control)); if (r.status === 409) load(); return; }
    view.clock = r.body; say("", "notice", null); renderClock();
  }
  document.addEventListener("keydown", (e) => {
    if (!view || e.ctrlKey || e.metaKey || e.altKey || $("clock-box").hidden) return;
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    if (key === "p") { e.preventDefault(); $("clock-toggle").click(); }
    else if (key === "e") { e.preventDefault(); $("clock-extend").click(); }
    else if (key === "r") { e.preventDefault(); $("clock-reset").click(); }
  });

  function render() {
    renderBoard(); renderDecision(); renderShot(); renderOverride(); renderOfficials(); renderClock();
    if (correcting) $("decision").hidden = true;
    root.dataset.seq = String(view.seq);
    placeMessage();
    root.dispatchEvent(new CustomEvent("r61:view", { detail: view })); // table_steps.js
  }

  function toggle(list, b) { const i = list.indexOf(b); if (i >= 0) list.splice(i, 1); else list.push(b); }

  root.addEventListener("click", (e) => {
    const el = e.target.closest("button");
    if (!el || !view) return;
    if (el.classList.contains("pick-pocket")) { const b = Number(el.dataset.ball); toggle(draft.pocketed, b); draft.off = draft.off.filter((x) => x !== b); renderShot(); }
    else if (el.classList.contains("pick-off")) { const b = Number(el.dataset.ball); toggle(draft.off, b); draft.pocketed = draft.pocketed.filter((x) => x !== b); renderShot(); }
    else if (el.classList.contains("pick-first")) { draft.first = el.dataset.ball === "none" ? null : Number(el.dataset.ball); renderShot(); }
    else if (el.id === "record") { submit({ kind: "shot", shot: shotDict() }, el); }
    else if (el.dataset.option) { submit({ kind: "decision", option: el.dataset.option }, el); }
    else if (el.id === "undo") { submit({ kind: "undo" }, el); }
    else if (el.id === "clock-toggle") { clockAct(el.dataset.action, el); }
    else if (el.id === "clock-extend") { clockAct("extend", el); }
    else if (el.id === "clock-reset") { clockAct("reset", el); }
    else if (el.id === "clock-confirm" || el.id === "clock-foul") { $("clock-propose").hidden = true; submit({ kind: "time_foul" }, el); }
    else if (el.id === "clock-dismiss") { dismissed = view.seq; $("clock-propose").hidden = true; }
    else if (el.id === "override-start") {
      correcting = true;
      draft = draftFromShot(view.override_base.shot, view.override_base);
      draft.note = view.override_base.note;
      render();
      $("shot").scrollIntoView();
    } else if (el.id === "override-cancel") { correcting = false; draft = fresh(); render(); }
    else if (el.id === "override-submit") {
      submit({ kind: "override", shot: shotDict(), note: ($("override-note").value || "").trim() }, el);
    } else if (el.dataset.event) {
      if (!window.confirm(el.textContent + " — " + t("console.confirm", {}))) return;
      submit({ kind: "event", event: el.dataset.event, player: el.dataset.player || null }, el);
    }
  });
  root.addEventListener("change", (e) => {
    const el = e.target;
    if (!draft) return;
    if (el.id === "rail") draft.rail = el.checked;
    else if (el.id === "scratch") { draft.scratch = el.checked; if (el.checked) draft.cueOff = false; renderShot(); }
    else if (el.id === "cue-off") { draft.cueOff = el.checked; if (el.checked) draft.scratch = false; renderShot(); }
    else if (el.id === "break-rails") draft.breakRails = Number(el.value);
    else if (el.id === "kitchen") draft.kitchen = el.value;
    else if (el.id === "lowest-kitchen") draft.lowestKitchen = el.checked;
    else if (el.id === "grf") draft.grf = el.value;
    else if (el.id === "moved") draft.moved = el.value;
    else if (el.id === "override-note") draft.note = el.value;
  });
  // Another console (or the API) may score this match: follow its live board and
  // fetch the console view when it moves past ours.
  function follow() {
    window.R61.live("/api/matches/" + matchId + "/events?lang=" + lang, {
      board: (v) => {
        if (view && v.seq !== view.seq && !busy && !queue.length) load();
        else if (view && v.seq === view.seq && v.clock) { view.clock = v.clock; renderClock(); } // another tablet's change
      },
    });
  }
  window.addEventListener("online", () => pump());
  restoreQueue();
  load().then(() => { if (queue.length) { say(t("console.queued", { n: queue.length }), "notice", null); pump(); } follow(); });
})();
