// Each person's mark in the table's people list ("here now" or "away"), redrawn from
// the header's #online line (its data-here: the ids of the people here), which the server sends
// again over the websocket whenever someone comes or goes (campaigns.table.presence.online_html).
// When the people here change, the "At the table" list (#people) fetches itself again, so a player who
// just joined, their new character, or a player who left shows without a reload (campaigns.pages.people_views).
(function () {
  "use strict";
  let lastHere = null;
  function redraw() {
    const online = document.getElementById("online");
    if (!online || online.dataset.here === undefined) return;
    if (lastHere !== null && online.dataset.here !== lastHere && document.getElementById("people")) {
      htmx.trigger(document.body, "people-refresh");
    }
    lastHere = online.dataset.here;
    const here = new Set(online.dataset.here.split(" ").filter(Boolean));
    document.querySelectorAll("[data-presence-of]").forEach(function (mark) {
      const isHere = here.has(mark.dataset.presenceOf);
      mark.dataset.here = isHere ? "yes" : "no";
      mark.querySelector(".presence-text").textContent = isHere ? "here now" : "away";
    });
  }
  document.addEventListener("htmx:wsAfterMessage", redraw);
  // A player joined, left or was removed, a character deleted or brought back (their log lines,
  // campaigns.table.events): the list again, as the server has it once the change is committed.
  // Read in the message as it came: the log line it holds is taken out before the swap where the page
  // has no log drawn (a GM on the Session tab; table.js's present-targets).
  const PEOPLE_CHANGED = /data-kind="(joined|seat|character)"/;
  let peopleChanged = false;
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    peopleChanged = PEOPLE_CHANGED.test(String(event.detail.message || ""));
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (peopleChanged && document.getElementById("people")) htmx.trigger(document.body, "people-refresh");
    peopleChanged = false;
  });
  document.addEventListener("DOMContentLoaded", redraw);  // the first line, so only a change refreshes
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "people-region") redraw();  // the fetched list: its marks as the header says
  });
})();
