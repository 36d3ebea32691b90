// The desk's TV table: mark a match for it (an input of the event); the page reloads.
(function () {
  "use strict";
  const box = document.getElementById("tv-feature");
  const form = document.getElementById("feature-form");
  if (!box || !form) return;
  const message = document.getElementById("desk-message");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await window.R61.call("/api/tournaments/" + box.dataset.event + "/feature", {
        method: "POST", body: { match: form.elements.match.value },
      });
      window.location.reload();
    } catch (err) {
      window.R61.showError(message, err, false);
      message.hidden = false;
      message.scrollIntoView({ block: "nearest" });
    }
  });
})();
