// Public event page and hall board: each frame of the event's stream carries the whole
// fragments (bracket or rounds, standings; the tables board), rendered by the server.
(function () {
  "use strict";
  const root = document.getElementById("event-live");
  if (!root) return;
  const board = document.getElementById("board-live");
  const url = "/api/tournaments/" + root.dataset.event + "/events?lang=" + root.dataset.lang;
  function apply(data) {
    if (Number(root.dataset.seq || -1) > data.seq) return;
    root.dataset.seq = String(data.seq);
    if (root.dataset.only !== "board") root.innerHTML = data.html;
    if (board) board.innerHTML = data.board;
  }
  function connect() {
    const es = new EventSource(url);
    es.addEventListener("tournament", (e) => apply(JSON.parse(e.data)));
    es.onerror = () => { es.close(); setTimeout(connect, 1000); };
  }
  connect();
})();
