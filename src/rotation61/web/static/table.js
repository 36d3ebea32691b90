// A table's page (console, scoreboard, overlay, or waiting): follows the table's stream
// and reloads when the queue puts another match on the table.
(function () {
  "use strict";
  const el = document.getElementById("table-follow");
  if (!el) return;
  const table = el.dataset.table;
  const shown = el.dataset.match || "";
  const stream = window.R61.live("/api/tables/" + table + "/events", {
    table: (v) => {
      const id = v.match == null ? "" : String(v.match);
      if (id !== shown) { stream.close(); window.location.reload(); }
    },
  });
})();
