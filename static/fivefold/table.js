// The live table: catch up after a dropped websocket, keep each roll once,
// show the connection state, and copy the invite link.
(function () {
  "use strict";
  let connectedBefore = false;

  function log() { return document.getElementById("log"); }

  function newestRollId() {
    const first = log() && log().querySelector("[data-roll-id]");
    return first ? first.dataset.rollId : "0";
  }

  // A roll can arrive twice (the roller's own response and the websocket,
  // or a catch-up racing a message): keep the first copy of each.
  function dropDuplicateRolls() {
    if (!log()) return;
    const seen = new Set();
    log().querySelectorAll("[data-roll-id]").forEach(function (row) {
      if (seen.has(row.dataset.rollId)) row.remove(); else seen.add(row.dataset.rollId);
    });
  }

  function setLiveStatus(text, state) {
    const status = document.getElementById("live-status");
    if (status) { status.textContent = text; status.dataset.state = state; }
  }

  document.addEventListener("htmx:wsOpen", function () {
    if (connectedBefore && log()) {
      htmx.ajax("GET", log().dataset.catchUp + "?after=" + newestRollId(), { target: "#log", swap: "afterbegin" });
    }
    connectedBefore = true;
    setLiveStatus("live", "live");
  });
  document.addEventListener("htmx:wsClose", function () { setLiveStatus("reconnecting…", "down"); });
  document.addEventListener("htmx:wsAfterMessage", dropDuplicateRolls);
  document.addEventListener("htmx:afterSettle", dropDuplicateRolls);

  // + / - beside a number field (FOCUS and BURDEN dice): step it and let the odds refresh.
  document.addEventListener("click", function (event) {
    const stepper = event.target.closest("[data-step]");
    if (!stepper) return;
    const field = document.getElementById(stepper.dataset.for);
    if (stepper.dataset.step === "1") field.stepUp(); else field.stepDown();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    const field = document.getElementById(button.dataset.copy);
    field.select();
    const done = function () { button.textContent = "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  });
})();
