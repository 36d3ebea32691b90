// The TV scoreboard and the overlay beyond the live state (after board.js): names fitted
// to their panel (two lines, smaller type if needed, never cut), and once the match is
// over its end: the winner marked, the final racks, no rack "being played", no ball in
// play, no "live".
(function () {
  "use strict";
  const { t } = window.R61;
  const root = document.getElementById("scoreboard") || document.getElementById("overlay");
  if (!root) return;
  const $ = (id) => document.getElementById(id);

  // The lines a name takes (its text's line boxes).
  function lines(el) {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  }
  // Shrink a name's type until it fits its box in two lines at most (never cut).
  function fit(el) {
    if (!el) return;
    el.style.fontSize = "";
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (size > 14 && (lines(el) > 2 || el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)) {
      size *= 0.94;
      el.style.fontSize = size + "px";
    }
  }

  function scoreboard(v) {
    const over = !!v.winner;
    root.classList.toggle("is-over", over);
    ["a", "b"].forEach((side, i) => {
      const panel = $("sb-" + side);
      const won = over && v.winner === v.players[i];
      panel.classList.toggle("won", won);
      if (over) panel.classList.remove("act");
      panel.dataset.won = won ? t("board.won", {}) : "";
      fit(panel.querySelector(".name"));
    });
    if (over) {
      $("sb-rack").textContent = t("tables.over.title", {});
      $("sb-left").textContent = "";
    }
    $("sb-balls").hidden = over;
  }

  function overlay(v) {
    const over = !!v.winner;
    root.classList.toggle("is-over", over);
    ["a", "b"].forEach((side, i) => {
      const row = $("ov-row-" + side);
      row.classList.toggle("won", over && v.winner === v.players[i]);
      if (over) row.classList.remove("act");
    });
  }

  root.addEventListener("r61:board", (e) => (root.id === "overlay" ? overlay : scoreboard)(e.detail));
  window.addEventListener("resize", () => {
    document.querySelectorAll(".sb-player .name").forEach(fit);
  });
})();
