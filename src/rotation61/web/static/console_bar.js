// The referee console's layout around console.js: the scores (and the §XV warning) stay
// at the top, the record button in a bar at the bottom of the screen; after each input
// the page returns to the scores; while inputs wait offline the board greys and says the
// next input will be judged after the queued ones.
(function () {
  "use strict";
  const { t } = window.R61;
  const root = document.getElementById("console");
  if (!root) return;
  const board = document.getElementById("board");
  let seq = null;

  // The sticky header's height, for the warning that sticks under it.
  function measure() {
    root.style.setProperty("--board-h", board.offsetHeight + "px");
  }

  function offline() {
    const queued = Number(root.dataset.queued || "0");
    const down = queued > 0 || navigator.onLine === false;
    root.classList.toggle("offline", down);
    let note = document.getElementById("offline-note");
    if (!down) { if (note) note.remove(); return; }
    if (!note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "warning offline-note";
      note.setAttribute("role", "status");
      board.insertAdjacentElement("afterend", note);
    }
    note.textContent = t("console.offline_board", { n: queued });
  }

  root.addEventListener("r61:view", (e) => {
    const v = e.detail;
    measure();
    if (seq !== null && v.seq !== seq && !v.match_over) window.scrollTo({ top: 0 });
    seq = v.seq;
    offline();
  });
  new MutationObserver(offline).observe(root, { attributes: true, attributeFilter: ["data-queued"] });
  window.addEventListener("online", offline);
  window.addEventListener("offline", offline);
  window.addEventListener("resize", measure);
})();
