// Live scoreboard, overlay and hall: server-sent events that reconnect by themselves.
(function () {
  "use strict";
  const S = JSON.parse(document.getElementById("strings").textContent);
  const fmt = (id, vals) => (S[id] || id).replace(/\{(\w+)\}/g, (_, k) => (vals && k in vals ? vals[k] : ""));
  const root = document.getElementById("scoreboard") || document.getElementById("overlay");
  const hall = document.getElementById("hall");
  const conn = document.getElementById("sb-conn");
  const lang = (root || hall).dataset.lang;
  const text = (el, v) => { if (el) el.textContent = v == null ? "" : String(v); };

  function renderBoard(v) {
    if (Number(root.dataset.seq) > v.seq) return;
    root.dataset.seq = String(v.seq);
    if (root.id === "overlay") {
      text(document.getElementById("ov-a"), v.players[0]);
      text(document.getElementById("ov-b"), v.players[1]);
      text(document.getElementById("ov-ra"), v.racks_won[0]);
      text(document.getElementById("ov-rb"), v.racks_won[1]);
      text(document.getElementById("ov-sa"), v.scores[0]);
      text(document.getElementById("ov-sb"), v.scores[1]);
      document.getElementById("ov-a").classList.toggle("act", v.to_act === 0);
      document.getElementById("ov-b").classList.toggle("act", v.to_act === 1);
      text(document.getElementById("ov-ball"), v.lowest == null ? "" : "● " + v.lowest + " · " + v.points_left);
      return;
    }
    ["a", "b"].forEach((side, i) => {
      const el = document.getElementById("sb-" + side);
      text(el.querySelector(".name"), v.players[i]);
      text(el.querySelector(".racks"), fmt("board.rack", {}) + ": " + v.racks_won[i]);
      text(el.querySelector(".score"), v.scores[i]);
      text(el.querySelector(".fouls"), fmt("board.fouls", {}) + ": " + v.fouls[i]);
      el.classList.toggle("act", v.to_act === i);
    });
    text(document.getElementById("sb-table"), v.table_name);
    text(document.getElementById("sb-rack"), fmt("board.rack", {}) + " " + v.rack_number + " · " + fmt("board.race_to", { n: v.race_to }));
    text(document.getElementById("sb-ball"), v.lowest == null ? "" : fmt("board.ball_in_play", {}) + ": " + v.lowest);
    text(document.getElementById("sb-left"), fmt("board.points_left", {}) + ": " + v.points_left);
    const w = document.getElementById("sb-warning");
    w.hidden = !v.warning; text(w, v.warning);
    text(document.getElementById("sb-headline"), v.winner ? v.state_lines[v.state_lines.length - 1] : (v.headline || v.state_lines[v.state_lines.length - 1]));
  }

  function renderCard(v) {
    let card = document.getElementById("card-" + v.id);
    if (!card) {
      card = document.createElement("div");
      card.className = "card"; card.id = "card-" + v.id; card.dataset.seq = "-1";
      hall.appendChild(card);
    }
    if (Number(card.dataset.seq) > v.seq) return;
    card.dataset.seq = String(v.seq);
    const esc = (s) => String(s == null ? "" : s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
    card.innerHTML =
      '<div class="row"><b>' + esc(v.table_name || "#" + v.id) + "</b><span>" + esc(v.status_label) + "</span></div>" +
      '<div class="row"><span>' + esc(v.players[0]) + " (" + v.racks_won[0] + ')</span><span class="sc">' + v.scores[0] + " – " + v.scores[1] + "</span><span>(" + v.racks_won[1] + ") " + esc(v.players[1]) + "</span></div>" +
      "<div>" + esc(v.lowest == null ? "" : fmt("board.ball_in_play", {}) + ": " + v.lowest + " · " + fmt("board.points_left", {}) + ": " + v.points_left) + "</div>" +
      '<div><small>' + esc(v.headline || "") + '</small></div><a href="/matches/' + v.id + '/scoreboard?lang=' + lang + '">' + esc(fmt("desk.link.scoreboard", {})) + "</a>";
    const none = document.getElementById("hall-none");
    if (none) none.hidden = true;
  }

  function connect() {
    const url = hall ? "/api/hall/events?lang=" + lang : "/api/matches/" + root.dataset.match + "/events?lang=" + lang;
    const es = new EventSource(url);
    es.addEventListener("board", (e) => {
      const v = JSON.parse(e.data);
      if (hall) renderCard(v); else renderBoard(v);
      text(conn, fmt("board.live", {}));
    });
    es.onerror = () => {
      // Reconnect on our own schedule (the browser's own retry may back off for long).
      text(conn, fmt("board.reconnecting", {}));
      es.close();
      setTimeout(connect, 750);
    };
  }
  connect();
})();
