// Public event page and hall board. A screen's first frame is whole; each next one
// carries the head and the "up next" list whole, and only the elements (matches of the
// bracket or rounds, standings lines, tables of the board) that changed since the frame
// before ("base"). A screen that is not at that base (it missed a frame) fetches the
// whole page's parts again.
(function () {
  "use strict";
  const root = document.getElementById("event-live");
  if (!root) return;
  const board = document.getElementById("board-live");
  const part = (id) => document.getElementById(id);
  const base = "/api/tournaments/" + root.dataset.event;
  const lang = "?lang=" + root.dataset.lang;
  const hasBody = !!part("event-body");
  let fetching = false;
  async function whole() {
    if (fetching) return;
    fetching = true;
    try {
      const r = await window.R61.request(base + "/live" + lang);
      if (r.ok) apply(r.body);
    } finally { fetching = false; }
  }
  function apply(data) {
    const shown = Number(root.dataset.seq || -1);
    if (shown > data.seq) return;
    if (data.body === undefined) {
      if (data.seq === shown) return;  // nothing new (the screen got it whole already)
      if (data.base !== shown) { whole(); return; }
      for (const id in data.boxes) {
        const el = part(id);
        if (el) el.outerHTML = data.boxes[id];
        else if (hasBody || id.startsWith("table-")) { whole(); return; }
      }
    } else {
      if (hasBody) part("event-body").innerHTML = data.body;
      if (part("event-standings")) part("event-standings").innerHTML = data.standings;
      if (board) board.innerHTML = data.board;
    }
    root.dataset.seq = String(data.seq);
    if (part("event-head")) part("event-head").innerHTML = data.head;
    if (part("up-next")) part("up-next").outerHTML = data.next;
  }
  window.R61.live(base + "/events" + lang, { tournament: apply });
})();
