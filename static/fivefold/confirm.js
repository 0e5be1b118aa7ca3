// A form with data-confirm="<question>" asks before it is sent (ending a session,
// removing a player, a new invite link, publishing a secret). The question is a native <dialog>;
// "Cancel" sends nothing. It works for htmx forms and plain posts alike: the submit is stopped
// before htmx (which listens on the form) hears it, and sent again once confirmed. Without
// JavaScript the form simply posts.
(function () {
  "use strict";
  let dialog = null;
  function theDialog() {
    if (dialog) return dialog;
    dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    dialog.setAttribute("aria-labelledby", "confirm-question");
    dialog.innerHTML = '<form method="dialog"><p id="confirm-question"></p>' +
      '<p class="confirm-actions"><button value="yes" class="confirm-yes"></button> ' +
      '<button value="no" class="secondary" autofocus>Cancel</button></p></form>';
    document.body.appendChild(dialog);
    return dialog;
  }
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.dataset || !form.dataset.confirm) return;
    if (form.dataset.confirmed) { delete form.dataset.confirmed; return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    const ask = theDialog();
    ask.querySelector("#confirm-question").textContent = form.dataset.confirm;
    ask.querySelector(".confirm-yes").textContent = form.dataset.confirmYes || "Yes, do it";
    ask.returnValue = "";
    ask.addEventListener("close", function () {
      if (ask.returnValue !== "yes") return;
      form.dataset.confirmed = "true";
      if (submitter && submitter.form === form) form.requestSubmit(submitter); else form.requestSubmit();
    }, { once: true });
    ask.showModal();
  }, true);
})();
