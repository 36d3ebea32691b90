// Live scoreboard, overlay and hall: server-sent events that reconnect by themselves.
(function () {
  "use strict";
  const { t: fmt, tableLabel, esc, seats, ballClass } = window.R61;
  const root = document.getElementById("scoreboard") || document.getElementById("overlay");
  const hall = document.getElementById("hall");
  const conn = document.getElementById("sb-conn");
  const lang = (root || hall).dataset.lang;
  const $ = (id) => document.getElementById(id);
  const text = (el, v) => { if (el) el.textContent = v == null ? "" : String(v); };

  // A ball as drawn on every screen: its colour, a stripe for 9-15, its number.
  function ballHtml(b, inPlay) {
    return '<span class="ball-chip ' + ballClass(b) + (inPlay ? " inplay" : "") +
      '" data-ball="' + b + '"><span class="num">' + b + "</span></span>";
  }
  // The shot clock (clock.js), on the screens that have its place.
  const clockEl = $("sb-clock") || $("ov-clock");
  const clock = clockEl && window.R61.shotClock ? window.R61.shotClock(clockEl, { matchId: root.dataset.match, lang: lang, poll: 5000 }) : null;
  // What a player still needs, with his target when the targets differ (A51).
  const needs = (v, i) => fmt("board.needs", { n: v.needs[i] }) + (v.targets[0] !== v.targets[1] ? " · " + fmt("board.target", { n: v.targets[i] }) : "");
  const tags = (v) => [v.event, v.round].filter((x) => x).join(" · ");
  const fouls = (v, i) => fmt("board.fouls", {}) + ": " + v.fouls[i];

  function renderOverlay(v) {
    text($("ov-a"), v.players[0]); $("ov-a").title = v.players[0];
    text($("ov-b"), v.players[1]); $("ov-b").title = v.players[1];
    text($("ov-ra"), v.racks_won[0]);
    text($("ov-rb"), v.racks_won[1]);
    text($("ov-sa"), v.scores[0]);
    text($("ov-sb"), v.scores[1]);
    text($("ov-fa"), v.fouls[0]);
    text($("ov-fb"), v.fouls[1]);
    $("ov-row-a").classList.toggle("act", v.to_act === seats[0]);
    $("ov-row-b").classList.toggle("act", v.to_act === seats[1]);
    text($("ov-event"), tags(v) || v.table_name);
    text($("ov-race"), fmt("board.race_to", { n: v.race_to }));
    text($("ov-ball"), v.winner ? v.state_lines[v.state_lines.length - 1] : (v.lowest == null ? "" : fmt("board.ball_in_play", {}) + ": " + v.lowest + " · " + fmt("board.points_left", {}) + ": " + v.points_left));
    const w = $("ov-warning"); w.hidden = !v.warning; text(w, v.warning);
    text($("ov-na"), needs(v, 0)); text($("ov-nb"), needs(v, 1));
  }

  function renderScoreboard(v) {
    ["a", "b"].forEach((side, i) => {
      const el = $("sb-" + side);
      text(el.querySelector(".name"), v.players[i]);
      text(el.querySelector(".score"), v.scores[i]);
      text(el.querySelector(".fouls"), fouls(v, i));
      text(el.querySelector(".needs"), needs(v, i));
      el.classList.toggle("act", v.to_act === seats[i]);
      el.classList.toggle("fouled", v.fouls[i] > 0);
    });
    text($("sb-event"), v.event); $("sb-event").hidden = !v.event;
    text($("sb-round"), v.round); $("sb-round").hidden = !v.round;
    text($("sb-table"), tableLabel(v.table_name)); $("sb-table").hidden = !v.table_name;
    text($("sb-racks"), v.racks_won[0] + " – " + v.racks_won[1]);
    text($("sb-race"), fmt("board.race_to", { n: v.race_to }));
    text($("sb-rack"), fmt("board.current_rack", { n: v.rack_number }));
    text($("sb-left"), fmt("board.points_left", {}) + ": " + v.points_left);
    $("sb-balls").innerHTML = v.on_table.map((b) => ballHtml(b, b === v.lowest)).join("");
    const w = $("sb-warning");
    w.hidden = !v.warning; text(w, v.warning);
    $("sb-overridden").hidden = !v.overridden || !!v.winner;
    text($("sb-ruling"), v.winner ? v.state_lines[v.state_lines.length - 1] : (v.headline || v.state_lines[v.state_lines.length - 1]));
  }

  function renderBoard(v) {
    if (Number(root.dataset.seq) > v.seq) return;
    root.dataset.seq = String(v.seq);
    if (clock) clock.board(v);
    if (root.id === "overlay") renderOverlay(v); else renderScoreboard(v);
    root.dispatchEvent(new CustomEvent("r61:board", { detail: v })); // board_over.js
  }

  // Hall: live tables first, then scheduled ones, each by table in natural order
  // ("Bàn 2" before "Bàn 10"), then by match number; finished matches leave the hall.
  const naturalKey = (s) => String(s || "").toLowerCase().split(/(\d+)/).map((p, i) => (i % 2 ? Number(p) : p));
  function compareTables(x, y) {
    if (!x.table && y.table) return 1;
    if (x.table && !y.table) return -1;
    const a = naturalKey(x.table), b = naturalKey(y.table);
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] === b[i]) continue;
      if (typeof a[i] === "number" && typeof b[i] === "number") return a[i] - b[i];
      return String(a[i]).localeCompare(String(b[i]), lang);
    }
    return a.length - b.length || x.id - y.id;
  }
  function place(card, grid) {
    const me = { table: card.dataset.table, id: Number(card.dataset.id) };
    const after = Array.from(grid.children).find((c) => c !== card && compareTables(me, { table: c.dataset.table, id: Number(c.dataset.id) }) < 0);
    if (after) { if (card.nextSibling !== after) grid.insertBefore(card, after); }
    else if (card.parentNode !== grid || grid.lastChild !== card) grid.appendChild(card);
  }
  function sections() {
    const live = $("hall-live"), sched = $("hall-scheduled");
    $("hall-live-title").hidden = !live.children.length;
    $("hall-scheduled-title").hidden = !sched.children.length;
    $("hall-none").hidden = !!(live.children.length || sched.children.length);
  }

  function renderCard(v) {
    let card = $("card-" + v.id);
    if (card && Number(card.dataset.seq) > v.seq) return;
    if (v.status === "finished") { if (card) card.remove(); sections(); return; }
    if (!card) {
      card = document.createElement("article");
      card.className = "card"; card.id = "card-" + v.id; card.dataset.seq = "-1";
    }
    card.dataset.seq = String(v.seq);
    card.dataset.id = String(v.id);
    card.dataset.table = v.table_name || "";
    card.dataset.status = v.status;
    const player = (i) => '<div class="pl' + (v.to_act === seats[i] ? " act" : "") + '" data-testid="player-' + "ab"[i] + '"><span class="nm">' + esc(v.players[i]) +
      '</span><span class="rw">' + v.racks_won[i] + '</span><span class="pt">' + v.scores[i] + "</span></div>";
    card.innerHTML =
      '<div class="row head"><b class="tb">' + esc(tableLabel(v.table_name) || "#" + v.id) + '</b><span class="ev">' + esc(tags(v)) + "</span></div>" +
      '<div class="cols"><span></span><span>' + esc(fmt("board.racks_won_short", {})) + "</span><span>" + esc(fmt("board.points_short", {})) + "</span></div>" +
      player(0) + player(1) +
      '<div class="row meta"><span class="race">' + esc(fmt("board.race_to", { n: v.race_to })) + "</span><span>" +
      esc(v.lowest == null || v.status !== "live" ? "" : fmt("board.ball_in_play", {}) + ": " + v.lowest + " · " + fmt("board.points_left", {}) + ": " + v.points_left) + "</span></div>" +
      (v.warning ? '<div class="warning">' + esc(v.warning) + "</div>" : "") +
      '<div class="last"><small>' + esc(v.headline || "") + '</small></div><a href="/matches/' + v.id + "/scoreboard?lang=" + lang + '">' + esc(fmt("desk.link.scoreboard", {})) + "</a>";
    place(card, v.status === "live" ? $("hall-live") : $("hall-scheduled"));
    sections();
  }

  const url = hall ? "/api/hall/events?lang=" + lang : "/api/matches/" + root.dataset.match + "/events?lang=" + lang;
  window.R61.live(url, {
    board: (v) => {
      if (hall) renderCard(v); else renderBoard(v);
      text(conn, fmt("board.live", {}));
    },
  }, { onDown: () => text(conn, fmt("board.reconnecting", {})) });
})();
