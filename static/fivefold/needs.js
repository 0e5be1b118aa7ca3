// The "Needs you" strip (templates/campaigns/needs.html): it fetches itself again after a
// websocket message that says what waits on this viewer may have changed (a call's card opened, moved on
// or closed: campaigns.table.live.NEEDS_CHANGED; debounced by its hx-trigger's delay) and when a dropped
// socket is back or the server could not send this table a message (the catch-ups); its count goes into
// the page title; a soft beep when the count goes up, if the user
// turned it on in their settings (data-sound).
(function () {
  "use strict";
  let baseTitle = null;
  let lastCount = null;
  let audio = null;

  function strip() { return document.getElementById("needs"); }

  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.08, audio.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
    } catch (error) { /* no sound where the browser has no Web Audio: the title still counts */ }
  }

  function showCount() {
    const region = strip();
    if (!region) return;
    if (baseTitle === null) baseTitle = document.title.replace(/^\(\d+\) /, "");
    const count = parseInt(region.dataset.count || "0", 10);
    document.title = (count ? "(" + count + ") " : "") + baseTitle;
    if (lastCount !== null && count > lastCount && region.dataset.sound === "on") beep();
    lastCount = count;
  }

  // Not once the table has ended (its player removed, its campaign deleted: the notice is in
  // #table-ended): the strip's address answers 404 by then (tests/e2e/test_lifecycle.py).
  function ended() { return Boolean(document.querySelector("#table-ended.table-ended")); }
  function refresh() { if (strip() && !ended()) htmx.trigger(document.body, "needs-refresh"); }

  // "Go to it": the card's tab opens before the browser scrolls to it (table.js's fivefoldShowTab),
  // also when the address already has that anchor (no hashchange then).
  document.addEventListener("click", function (event) {
    const link = event.target.closest("#needs a[href^='#']");
    const target = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    if (window.fivefoldShowTab) window.fivefoldShowTab(target);
    event.preventDefault();
    history.replaceState(history.state, "", link.getAttribute("href"));
    target.scrollIntoView({ block: "center" });
    // Not a form's hidden token (the card's first input): focus would stay on the link.
    const focusable = target.querySelector("button:not([disabled]), input:not([type=hidden]), select, a[href]");
    if (focusable) focusable.focus({ preventScroll: true });
  });

  document.addEventListener("DOMContentLoaded", showCount);
  document.addEventListener("htmx:afterSettle", showCount);
  // In the capture phase: table.js stops a catch-up message from going further once it has taken it.
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    const message = event.detail.message;
    if (message.indexOf('data-live="needs"') !== -1 || message.indexOf('data-live="catch-up"') !== -1) refresh();
  }, true);
  document.addEventListener("htmx:wsOpen", refresh);
  // A refresh asked for before the table ended (its trigger waits a moment) is not sent after.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (ended() && event.detail.elt.id === "needs-region") event.preventDefault();
  });
})();
