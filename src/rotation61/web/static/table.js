// A table's page (console, scoreboard, overlay, or waiting): follows the table's stream
// and reloads when the queue puts another match on the table.
(function () {
  "use strict";
  const el = document.getElementById("table-follow");
  if (!el) return;
  const table = el.dataset.table;
  const shown = el.dataset.match || "";
  function connect() {
    const es = new EventSource("/api/tables/" + table + "/events");
    es.addEventListener("table", (e) => {
      const now = JSON.parse(e.data).match;
      const id = now == null ? "" : String(now);
      if (id !== shown) { es.close(); window.location.reload(); }
    });
    es.onerror = () => { es.close(); setTimeout(connect, 1000); };
  }
  connect();
})();
