// A player's page ("when and where am I up?"): the server's fragment of the player's
// day, fetched again whenever the event changes (a match called, a result in) or the
// player's match on its table does (a rack scored). Two streams: the event's, and the
// scorekeeper match's while one is called (followed anew when the match changes).
(function () {
  "use strict";
  const root = document.getElementById("player-live");
  if (!root) return;
  const part = "/events/" + root.dataset.event + "/players/" + root.dataset.player + "/part?lang=" + root.dataset.lang;
  const lang = "?lang=" + root.dataset.lang;
  let match = null, matchStream = null, fetching = false, again = false;

  // Called-at times come in UTC; the phone shows its own clock's time, 24-hour, in the
  // page's language (never the browser's "PM" on a Vietnamese page).
  function localTimes() {
    for (const el of root.querySelectorAll("time[datetime]")) {
      const when = new Date(el.getAttribute("datetime"));
      if (!isNaN(when)) el.textContent = when.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    }
  }
  function follow() {
    const next = document.getElementById("next-match");
    const id = next && next.dataset.match ? next.dataset.match : null;
    if (id === match) return;
    if (matchStream) matchStream.close();
    match = id;
    matchStream = id ? window.R61.live("/api/matches/" + id + "/events" + lang, { board: refresh }) : null;
  }
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const r = await fetch(part, { credentials: "same-origin" });
      if (r.ok) {
        root.innerHTML = await r.text();
        localTimes();
        follow();
      }
    } catch (_) {
      // offline: the next frame of either stream fetches again
    } finally {
      fetching = false;
      if (again) { again = false; refresh(); }
    }
  }
  localTimes();
  follow();
  window.R61.live("/api/tournaments/" + root.dataset.event + "/events" + lang, { tournament: refresh });
})();
