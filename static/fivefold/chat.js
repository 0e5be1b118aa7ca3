// The table's talk (templates/campaigns/_message.html): Enter sends, as in every chat, and Shift+Enter
// starts a new line. A sent message's words leave the box when the answer comes (the server leaves the box
// on the page, campaigns.pages.chat_views.chat_post); what was typed after them meanwhile stays.
(function () {
  "use strict";
  let sending = null;
  document.addEventListener("keydown", function (event) {
    const box = event.target.closest && event.target.closest("#chat-box");
    if (!box || event.target.tagName !== "TEXTAREA" || event.key !== "Enter") return;
    if (event.shiftKey || event.isComposing) return;
    event.preventDefault();
    box.requestSubmit();
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt.id !== "chat-box") return;
    sending = event.detail.elt.querySelector("textarea").value;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.id !== "chat-box" || sending === null) return;
    const text = event.detail.elt.querySelector("textarea");
    if (event.detail.successful && text && text.value.indexOf(sending) === 0) {
      text.value = text.value.slice(sending.length).replace(/^\s+/, "");
    }
    if (event.detail.successful) {  // a refusal shown before this message went is no longer true
      event.detail.elt.querySelectorAll(".errorlist, p.error").forEach(function (error) { error.remove(); });
      event.detail.elt.querySelectorAll("[aria-invalid]").forEach(function (field) { field.removeAttribute("aria-invalid"); });
    }
    sending = null;
  });
})();
