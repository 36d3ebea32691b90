// Tournament desk: the scores of the listed matches follow the hall's live stream.
(function () {
  "use strict";
  const table = document.getElementById("matches");
  if (!table) return;
  const fmt = window.R61.t;
  const lang = table.dataset.lang;
  function update(v) {
    const row = table.querySelector('tr[data-match="' + v.id + '"]');
    if (!row || Number(row.dataset.seq || -1) > v.seq) return;
    row.dataset.seq = String(v.seq);
    row.querySelector(".score .racks").textContent = v.racks_won[0] + " – " + v.racks_won[1];
    row.querySelector(".score .pts").textContent = v.status === "live" ? "(" + v.scores[0] + " – " + v.scores[1] + ")" : "";
    row.querySelector(".status").textContent = fmt("status." + v.status);
  }
  window.R61.live("/api/hall/events?lang=" + lang, { board: update });
})();
