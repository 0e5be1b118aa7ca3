// The table's talk (templates/campaigns/_message.html): Enter sends, as in every chat, and Shift+Enter
// starts a new line; once sent, the fresh box takes the focus again, so a player goes on typing.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    const box = event.target.closest && event.target.closest("#chat-box");
    if (!box || event.target.tagName !== "TEXTAREA" || event.key !== "Enter") return;
    if (event.shiftKey || event.isComposing) return;
    event.preventDefault();
    box.requestSubmit();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "chat-box" || event.detail.xhr.status !== 200) return;
    const text = document.querySelector("#chat-box textarea");
    if (text) text.focus();
  });
})();
