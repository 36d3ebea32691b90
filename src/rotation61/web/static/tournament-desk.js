// The tournament desk: each form and button calls the JSON API (the organiser's session
// cookie and the page's CSRF token); the page reloads after a change, and a refused
// change shows the server's reason.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const desk = $("desk");
  const eventId = desk ? desk.dataset.event : null;
  const message = $("desk-message");
  // A field the browser refuses (out of its min/max) is named by the browser itself:
  // an earlier refusal's message would only mislead, so it goes.
  document.addEventListener("invalid", () => {
    document.querySelectorAll('p.error[role="alert"]').forEach((p) => { p.hidden = true; });
  }, true);
  // A refusal is shown where the change was asked: by `where` a reason the server worded
  // in the page's language (the hand seeds), else the engine's after the page's lead.
  async function call(path, body, type, where) {
    const shown = where || message;
    try {
      return await window.R61.call(path, { method: "POST", body: body, type: type });
    } catch (err) {
      window.R61.showError(shown, err, !!where);
      shown.hidden = false;
      shown.scrollIntoView({ block: "nearest" });
      return null;
    }
  }
  const api = (suffix) => "/api/tournaments/" + eventId + suffix;
  async function thenReload(promise) { if (await promise) window.location.reload(); }
  const form = (id, fn) => { const f = $(id); if (f) f.addEventListener("submit", (e) => { e.preventDefault(); fn(f); }); };
  const click = (id, fn) => { const b = $(id); if (b) b.addEventListener("click", fn); };
  const num = (v) => (v === "" ? 0 : Number(v));

  form("create-event", async (f) => {
    const v = (n) => f.elements[n].value;
    const body = {
      name: v("name"), format: v("format"), seeding: v("seeding"), draw_seed: num(v("draw_seed")),
      race: num(v("race")), race_final: num(v("race_final")), tables: num(v("tables")), tv_table: num(v("tv_table")),
      group_size: num(v("group_size")), swiss_rounds: num(v("swiss_rounds")),
      group_count: num(v("group_count")), advance: num(v("advance")), knockout: v("knockout"),
      grand_final_reset: f.elements.grand_final_reset.checked,
    };
    if (num(v("race_losers"))) body.race_by_stage = { losers: num(v("race_losers")) };
    const made = await call("/api/tournaments", body);
    if (made) window.location.href = "/desk/tournaments/" + made.id;
  });
  form("add-entry", (f) => thenReload(call(api("/entries"), {
    name: f.elements.name.value, club: f.elements.club.value,
    rating: f.elements.rating.value === "" ? null : Number(f.elements.rating.value),
    player_class: f.elements.player_class.value,
  })));
  form("import-csv", (f) => thenReload(call(api("/entries/import"), f.elements.csv.value, "text/csv")));
  document.querySelectorAll("input.checkin").forEach((box) => box.addEventListener("change", () =>
    thenReload(call(api("/checkin"), { players: [box.dataset.player], checked_in: box.checked }))));
  click("checkin-all", () => {
    const players = Array.from(document.querySelectorAll("input.checkin")).map((b) => b.dataset.player);
    if (players.length) thenReload(call(api("/checkin"), { players: players, checked_in: true }));
  });
  click("drop-no-shows", () => thenReload(call(api("/no-shows"))));
  click("draw", () => thenReload(call(api("/draw"))));
  // Hand seeding: each player's seed as typed (an empty or non-whole number is sent as
  // none); the server checks that every seed 1..N is given once and names each problem.
  form("hand-seeds", (f) => {
    const seeds = {};
    f.querySelectorAll("input.seed").forEach((box) => {
      const text = box.value.trim();
      const n = Number(text);
      seeds[box.dataset.player] = text !== "" && Number.isInteger(n) ? n : null;
    });
    thenReload(call(api("/draw?lang=" + desk.dataset.lang), { seeds: seeds }, undefined, $("seeds-message")));
  });
  click("start", () => thenReload(call(api("/start"))));
  document.querySelectorAll("form.result").forEach((f) => f.addEventListener("submit", (e) => {
    e.preventDefault();
    thenReload(call(api("/matches/" + f.dataset.match + "/result"), { racks: [num(f.elements.a.value), num(f.elements.b.value)] }));
  }));
})();
