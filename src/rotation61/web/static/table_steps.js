// A table's console steps around the scoring (an event's table only, after console.js):
// "Next on this table" with a start step before the first input, and the "match over"
// screen once the match ends: the final score, Undo and "Confirm result", with the
// seconds left before the result is confirmed by itself (the server's grace period).
// The result moves the event only once confirmed; until then Undo is the console's own.
(function () {
  "use strict";
  const { t, esc } = window.R61;
  const root = document.getElementById("console");
  const next = document.getElementById("next-up");
  const over = document.getElementById("match-over");
  if (!root || !over) return;
  const table = over.dataset.table;
  const lang = root.dataset.lang;

  // --- Next on this table: the console opens once the referee starts the match ------
  const startKey = "rotation61.table.started." + (next ? next.dataset.match : "");
  function started() {
    try { return sessionStorage.getItem(startKey) === "1"; } catch (_) { return false; }
  }
  if (next && next.dataset.inputs === "0" && !started()) {
    next.hidden = false;
    root.hidden = true;
    document.getElementById("start-match").addEventListener("click", () => {
      try { sessionStorage.setItem(startKey, "1"); } catch (_) { /* storage disabled */ }
      next.hidden = true;
      root.hidden = false;
      window.scrollTo(0, 0);
    });
  }

  // --- Match over ----------------------------------------------------------------------
  let view = null;
  let left = null; // seconds before the result is confirmed by itself
  let timer = null;
  let note = null; // { text, kind }
  let confirming = false;

  function countdown() {
    if (left === null) return "";
    return left > 0 ? t("tables.over.countdown", { n: Math.ceil(left) }) : t("tables.over.due", {});
  }

  function render() {
    const v = view;
    if (!v || !v.match_over) { over.hidden = true; root.classList.remove("is-over"); return; }
    over.hidden = false;
    root.classList.add("is-over");
    const side = (i) => '<div class="over-side' + (v.winner === v.players[i] ? " won" : "") + '" data-testid="over-' + "ab"[i] + '"><span class="over-name">' +
      esc(v.players[i]) + '</span><span class="over-racks">' + v.racks_won[i] + "</span></div>";
    let html = '<h2 data-testid="match-over-title">' + esc(t("tables.over.title", {})) + "</h2>";
    html += '<div class="over-score">' + side(0) + side(1) + "</div>";
    if (v.winner) html += '<p class="over-winner" data-testid="over-winner">' + esc(t("tables.over.winner", { name: v.winner })) + "</p>";
    if (v.final) {
      html += '<p class="notice" data-testid="over-confirmed">' + esc(t("tables.over.confirmed", {})) + "</p>";
    } else {
      html += "<p>" + esc(t("tables.over.check", {})) + "</p>";
      html += '<p class="over-countdown" data-testid="over-countdown">' + esc(countdown()) + "</p>";
      html += '<div class="actions"><button type="button" class="big secondary" id="over-undo"' + (v.can_undo ? "" : " disabled") + ">↶ " +
        esc(t("console.undo", {})) + '</button><button type="button" class="big primary" id="over-confirm"' + (confirming ? " disabled" : "") + ">" +
        esc(t("tables.over.confirm", {})) + "</button></div>";
    }
    if (note) html += '<p class="' + (note.kind === "error" ? "error" : "notice") + '" role="alert" data-testid="over-note">' + esc(note.text) + "</p>";
    over.innerHTML = html;
  }

  function tick() {
    clearInterval(timer);
    timer = setInterval(() => {
      if (left === null) return;
      left = Math.max(0, left - 1);
      const el = over.querySelector(".over-countdown");
      if (el) el.textContent = countdown();
      if (left === 0) { clearInterval(timer); setTimeout(refresh, 1500); }
    }, 1000);
  }

  async function refresh() {
    let r;
    try { r = await window.R61.request("/api/tables/" + table + "/status?lang=" + lang); } catch (_) { return; }
    if (!r.ok || !r.body) return;
    left = r.body.held ? r.body.held.seconds_left : null;
    render();
    if (left !== null) tick();
  }

  root.addEventListener("r61:view", (e) => {
    const was = view && view.match_over;
    view = e.detail;
    if (!view.match_over) { note = null; left = null; clearInterval(timer); }
    render();
    if (view.match_over && !view.final) {
      if (!was) over.scrollIntoView({ block: "start" });
      refresh();
    }
  });

  over.addEventListener("click", async (e) => {
    const el = e.target.closest("button");
    if (!el || !view) return;
    if (el.id === "over-undo") {
      note = null;
      document.getElementById("undo").click(); // the console's own undo (its queue, its checks)
    } else if (el.id === "over-confirm") {
      confirming = true; note = null; render();
      let r = null;
      try {
        r = await window.R61.request("/api/tables/" + table + "/result?lang=" + lang, {
          method: "POST", body: { event: Number(over.dataset.event), match: over.dataset.code },
        });
      } catch (_) { r = null; }
      confirming = false;
      if (r && r.ok) {
        view = Object.assign({}, view, { final: true });
        note = null;
      } else {
        const detail = r && r.body && r.body.detail ? r.body.detail : t("console.offline", {});
        note = { text: t("tables.over.refused", { detail: detail }), kind: "error" };
      }
      render();
    }
  });
})();
