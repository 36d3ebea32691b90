// What every page's script shares (window.R61): the page's wording, the server's shared
// definitions (ball palette, geometry tolerances), calls to the JSON API with the CSRF
// token and the server's errors, and a live stream that reconnects by itself.
// Loaded before the page's own script.
(function () {
  "use strict";
  const data = (id) => {
    const el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : {};
  };

  // ---- Wording: the page's catalogue (rendered into the page by the server) ----------
  const strings = data("strings");
  // A message by id, its {field}s filled from `vals` (a field not given reads empty).
  const t = (id, vals) => (strings[id] || id).replace(/\{(\w+)\}/g, (_, k) => (vals && k in vals ? String(vals[k]) : ""));
  // A table named by its number alone (an event's tables are) reads "Table 3", not "3".
  const tableLabel = (name) => (/^\d+$/.test(name || "") ? t("t.table", { n: name }) : name);
  // A seat on the wire is its name, as in the records; per-seat lists (players, scores,
  // fouls...) are in this order.
  const seats = ["A", "B"];
  const esc = (s) => String(s == null ? "" : s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

  // ---- Shared definitions (web/presenters/shared.py): palette and tolerances ---------
  const shared = data("shared");
  const palette = shared.palette || { balls: {}, cue: "#f4f1e6", stripe_ground: "#fafafa" };
  // A ball's colour: the cue ball's, or its suit's (9-15 share 1-7's colours).
  const ballColour = (b) => (b === 0 ? palette.cue : palette.balls[String(b > 8 ? b - 8 : b)]);
  // A ball's classes for the page's CSS: its colour, and the stripe of 9-15.
  const ballClass = (b) => "b" + b + (b > 8 ? " stripe" : "");
  // The page's CSS draws balls with --ball-1 .. --ball-8 (app.css): set them here.
  const rootStyle = document.documentElement.style;
  for (const n of Object.keys(palette.balls)) rootStyle.setProperty("--ball-" + n, palette.balls[n]);
  rootStyle.setProperty("--ball-0", palette.cue);
  rootStyle.setProperty("--stripe-ground", palette.stripe_ground);

  // ---- The JSON API --------------------------------------------------------------------
  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrf = csrfMeta ? csrfMeta.content : "";

  // A refused call: its status, the error's class name and the server's detail.
  class HttpError extends Error {
    constructor(status, body) {
      super((body && body.detail) || "HTTP " + status);
      this.status = status;
      this.name = (body && body.error) || "HttpError";
      this.detail = (body && body.detail) || "";
      this.body = body;
    }
  }

  // One call: the answer's {ok, status, body} (body null when not JSON). Options:
  // method (GET), body (sent as JSON, or as is with `type`), type, token (a play seat's).
  // A change (any method but GET) carries the page's CSRF token. Rejects only when the
  // network fails.
  async function request(url, opts) {
    const o = opts || {};
    const method = o.method || "GET";
    const headers = { "Accept": "application/json" };
    if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
    if (o.token) headers["X-Play-Token"] = o.token;
    let payload;
    if (o.body !== undefined) {
      headers["Content-Type"] = o.type || "application/json";
      payload = o.type ? o.body : JSON.stringify(o.body);
    }
    const r = await fetch(url, { method: method, credentials: "same-origin", headers: headers, body: payload });
    let body = null;
    try { body = await r.json(); } catch (_) { body = null; }
    return { ok: r.ok, status: r.status, body: body };
  }

  // The answer's body, or an HttpError for a refusal.
  async function call(url, opts) {
    const r = await request(url, opts);
    if (!r.ok) throw new HttpError(r.status, r.body);
    return r.body === null ? {} : r.body;
  }

  // The lead of a refusal in the page's language, by status (the error page's own).
  const LEADS = { 400: "error.lead.refused", 404: "error.lead.not_found", 409: "error.lead.conflict", 413: "error.lead.refused", 422: "error.lead.refused" };
  const leadOf = (status) => t(LEADS[status] || (status < 500 ? "error.lead.refused" : "error.lead.other"));

  // Show an error in `el`: the page-language lead of its status (a failed network: the
  // lead of a request not done), then the server's detail, marked as English (the
  // engine's words); `worded` when the server worded the detail in the page's language
  // already (it is shown alone).
  function showError(el, err, worded) {
    if (!el) return;
    const refused = err instanceof HttpError;
    const reason = err && err.message ? err.message : String(err);
    if (refused && worded) { el.textContent = reason; return; }
    const detail = document.createElement("span");
    detail.lang = (refused && err.body && err.body.lang) || "en";
    detail.textContent = reason;
    el.replaceChildren(document.createTextNode(leadOf(refused ? err.status : 500) + " "), detail);
  }

  // ---- Live updates --------------------------------------------------------------------
  // Follow a server-sent event stream; `handlers` maps an event's name to a function of
  // its parsed data. On a drop the page reconnects on its own schedule (the browser's own
  // retry may back off for long): after 1 s, then twice as long each time up to 3 s (a
  // venue's screens are back within seconds of a server's restart), each wait up to a
  // fifth longer at random (screens that lost the same server do not return at once),
  // and after 1 s again once a message came through. `opts.onDown` runs at each drop.
  // Returns { close() }.
  function live(url, handlers, opts) {
    const o = opts || {};
    const first = 1000, most = 3000;
    let delay = first, es = null, timer = null, closed = false;
    function open() {
      timer = null;
      es = new EventSource(url);
      for (const name of Object.keys(handlers)) {
        es.addEventListener(name, (e) => { delay = first; handlers[name](JSON.parse(e.data)); });
      }
      es.onerror = () => {
        es.close();
        if (closed) return;
        if (o.onDown) o.onDown();
        timer = setTimeout(open, delay * (1 + 0.2 * Math.random()));
        delay = Math.min(delay * 2, most);
      };
    }
    open();
    return { close: () => { closed = true; if (timer) clearTimeout(timer); if (es) es.close(); } };
  }

  window.R61 = {
    t: t, tableLabel: tableLabel, esc: esc, seats: seats, shared: shared, palette: palette, ballColour: ballColour, ballClass: ballClass,
    csrf: csrf, HttpError: HttpError, request: request, call: call, showError: showError, live: live,
  };
})();
