// The replay of a game (its share link): every shot animated from the engine's event
// list, with play, pause, step and speed.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const id = root.dataset.match, lang = root.dataset.lang;
  const $ = (x) => document.getElementById(x);
  const get = (url) => window.R61.call(url);
  let seqs = [], index = 0, playing = false, table = null, running = false; // eslint-disable-line no-unused-vars
  const cache = {};
  $("share-link").value = location.origin + location.pathname;
  const shotAt = async (i) => (cache[i] = cache[i] || await get("/api/play/" + id + "/shots/" + seqs[i] + "?lang=" + lang));

  // Shots are shown one after another, never two at once.
  let queue = Promise.resolve();
  function show(i, animate) { queue = queue.then(() => showNow(i, animate)); return queue; }
  async function showNow(i, animate) {
    running = true;
    try {
      const shot = await shotAt(i);
      table.setLayout(shot.start);
      $("r-pos").textContent = window.R61.t("play.r_shot", { n: i + 1, total: seqs.length });
      if (animate) {
        root.dataset.state = "animating";
        const check = await table.animate(shot, Number($("r-speed").value));
        root.dataset.maxDevMm = Math.max(Number(root.dataset.maxDevMm || 0), check.worst).toFixed(6);
      }
      $("r-lines").replaceChildren(...shot.lines.map((l) => { const p = document.createElement("p"); p.textContent = l; return p; }));
      root.dataset.shown = String(animate ? i + 1 : i);
      root.dataset.state = "paused";
    } finally { running = false; }
  }
  async function loop() {
    while (playing && index < seqs.length) { await show(index, true); index += 1; }
    playing = false; root.dataset.state = index >= seqs.length ? "end" : "paused";
  }
  $("r-play").addEventListener("click", () => { if (!playing) { if (index >= seqs.length) index = 0; playing = true; loop(); } });
  $("r-pause").addEventListener("click", () => { playing = false; });
  $("r-step").addEventListener("click", async () => { if (!playing && index < seqs.length) { await show(index, true); index += 1; } });
  $("r-prev").addEventListener("click", async () => { if (!playing && index > 0) { index -= 1; await show(index, false); } });
  Promise.all([get("/api/play/" + id + "/replay"), get("/api/play/" + id + "?lang=" + lang)]).then(async ([list, view]) => {
    seqs = list;
    table = new window.R61Table.Table($("table"), view.table);
    window.addEventListener("resize", () => table.resize());
    root.dataset.shots = String(seqs.length);
    if (seqs.length) await show(0, false); else table.setLayout(view.balls);
    root.dataset.state = "paused";
  });
})();
