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
  $("share-link").value = location.origin + location.pathname + "?lang=" + encodeURIComponent(lang);
  const shotAt = async (i) => (cache[i] = cache[i] || await get("/api/play/" + id + "/shots/" + seqs[i] + "?lang=" + lang));

  // Shots are shown one after another, never two at once. The counter is the number of
  // shots played on the table shown ("Shot 2 of 9": the table after the second shot),
  // and Previous, Next shot and Play move it by one.
  let queue = Promise.resolve();
  function show(i, animate) { queue = queue.then(() => showNow(i, animate)); return queue; }
  async function showNow(i, animate) {
    running = true;
    try {
      const shot = await shotAt(i);
      table.setLayout(shot.start);
      let lines = [];
      if (animate) {
        root.dataset.state = "animating";
        const check = await table.animate(shot, Number($("r-speed").value));
        root.dataset.maxDevMm = Math.max(Number(root.dataset.maxDevMm || 0), check.worst).toFixed(6);
        lines = shot.lines;
      } else if (i > 0) lines = (await shotAt(i - 1)).lines;
      index = animate ? i + 1 : i;
      $("r-pos").textContent = window.R61.t("play.r_shot", { n: index, total: seqs.length });
      $("r-lines").replaceChildren(...lines.map((l) => { const p = document.createElement("p"); p.textContent = l; return p; }));
      root.dataset.shown = String(index);
      root.dataset.state = "paused";
    } finally { running = false; }
  }
  async function loop() {
    while (playing && index < seqs.length) await show(index, true);
    playing = false; root.dataset.state = index >= seqs.length ? "end" : "paused";
  }
  $("r-play").addEventListener("click", () => { if (!playing) { if (index >= seqs.length) index = 0; playing = true; loop(); } });
  $("r-pause").addEventListener("click", () => { playing = false; });
  $("r-step").addEventListener("click", async () => { if (!playing && !running && index < seqs.length) await show(index, true); });
  $("r-prev").addEventListener("click", async () => { if (!playing && !running && index > 0) await show(index - 1, false); });
  Promise.all([get("/api/play/" + id + "/replay"), get("/api/play/" + id + "?lang=" + lang)]).then(async ([list, view]) => {
    seqs = list;
    table = new window.R61Table.Table($("table"), view.table);
    window.addEventListener("resize", () => table.resize());
    root.dataset.shots = String(seqs.length);
    if (seqs.length) await show(0, false); else table.setLayout(view.balls);
    root.dataset.state = "paused";
  });
})();
