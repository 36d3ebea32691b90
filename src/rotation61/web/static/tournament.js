// Public event page and hall board. A screen's first frame is whole; each next one
// carries the head, standings and board whole, and only the match elements of the
// bracket (or rounds) that changed since the frame before ("base"). A screen that is
// not at that base (it missed a frame) fetches the whole page's parts again.
(function () {
  "use strict";
  const root = document.getElementById("event-live");
  if (!root) return;
  const board = document.getElementById("board-live");
  const part = (id) => document.getElementById(id);
  const base = "/api/tournaments/" + root.dataset.event;
  const lang = "?lang=" + root.dataset.lang;
  let fetching = false;
  async function whole() {
    if (fetching) return;
    fetching = true;
    try {
      const r = await fetch(base + "/live" + lang, { credentials: "same-origin" });
      if (r.ok) apply(await r.json());
    } finally { fetching = false; }
  }
  function apply(data) {
    const shown = Number(root.dataset.seq || -1);
    if (shown > data.seq) return;
    if (!part("event-body")) {
      // the hall board: only the tables
    } else if (data.body === undefined) {
      if (data.base !== shown) { whole(); return; }
      for (const id in data.boxes) {
        const el = part("m-" + id);
        if (!el) { whole(); return; }
        el.outerHTML = data.boxes[id];
      }
    } else if (part("event-body")) {
      part("event-body").innerHTML = data.body;
    }
    root.dataset.seq = String(data.seq);
    if (part("event-head")) part("event-head").innerHTML = data.head;
    if (part("event-standings")) part("event-standings").innerHTML = data.standings;
    if (board) board.innerHTML = data.board;
  }
  function connect() {
    const es = new EventSource(base + "/events" + lang);
    es.addEventListener("tournament", (e) => apply(JSON.parse(e.data)));
    es.onerror = () => { es.close(); setTimeout(connect, 1000); };
  }
  connect();
})();
