// The live table: catch up after a dropped websocket, keep each roll once,
// show the connection state, copy the invite link, and send each post once.
(function () {
  "use strict";
  let connectedBefore = false;

  function log() { return document.getElementById("log"); }

  function newestRollId() {
    const first = log() && log().querySelector("[data-roll-id]");
    return first ? first.dataset.rollId : "0";
  }

  // A roll can arrive twice (the roller's own response and the websocket,
  // or a catch-up racing a message): keep the first copy of each. So can a
  // session's start or end: a catch-up brings every mark since the newest roll.
  function dropDuplicateRolls() {
    if (!log()) return;
    const seen = new Set();
    log().querySelectorAll("[data-roll-id], [data-mark]").forEach(function (row) {
      const key = row.dataset.rollId ? "roll " + row.dataset.rollId : "mark " + row.dataset.mark;
      if (seen.has(key)) row.remove(); else seen.add(key);
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
  // The server closes a table for good (its player removed, its campaign deleted) with this
  // code, after a notice with the way home; the websocket extension does not retry it.
  const ENDED = 4004;
  document.addEventListener("htmx:wsClose", function (event) {
    if (event.detail.event.code === ENDED) setLiveStatus("closed", "ended");
    else setLiveStatus("reconnecting…", "down");
  });
  // An htmx request answered 503 (the database down: campaigns/middleware.py) swaps nothing, so
  // the page says it here, in the words of the 503 page; the next answer that works clears it.
  const UNAVAILABLE = "The table could not save that, so nothing changed. Please try again in a moment.";
  function setRequestAlert(text) {
    const alert = document.getElementById("request-alert");
    if (alert && alert.textContent !== text) alert.textContent = text;
  }
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status === 503) setRequestAlert(UNAVAILABLE);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) setRequestAlert("");
  });
  document.addEventListener("htmx:wsAfterMessage", dropDuplicateRolls);
  document.addEventListener("htmx:afterSettle", dropDuplicateRolls);

  // Every post counts once (campaigns/once.py): while a form's post is in flight its buttons
  // are disabled and a second submit is dropped, so a double click sends one post. The answer
  // carries a fresh one-time token for the form, which htmx may leave on the page to post again.
  function isPost(event) { return event.detail.requestConfig.verb !== "get"; }
  function sender(elt) { return elt.closest("form") || elt; }
  function hold(scope) {
    scope.dataset.sending = "true";
    scope.querySelectorAll("button, input[type=submit]").forEach(function (button) {
      if (!button.disabled) { button.disabled = true; button.dataset.heldWhileSending = "true"; }
    });
  }
  function release(scope) {
    delete scope.dataset.sending;
    scope.querySelectorAll("[data-held-while-sending]").forEach(function (button) {
      button.disabled = false;
      delete button.dataset.heldWhileSending;
    });
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPost(event)) return;
    const scope = sender(event.detail.elt);
    if (scope.dataset.sending) { event.preventDefault(); return; }
    hold(scope);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isPost(event)) return;
    const scope = sender(event.detail.elt);
    const fresh = event.detail.xhr && event.detail.xhr.getResponseHeader("Form-Token");
    if (fresh) scope.querySelectorAll("input[name=form_token]").forEach(function (field) { field.value = fresh; });
    release(scope);
  });
  // A plain form post (no htmx) leaves the page: hold its buttons after the browser has read
  // the form (a disabled button would not be sent), and drop a second submit.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (event.defaultPrevented || form.method !== "post") return;
    if (form.dataset.sending) { event.preventDefault(); return; }
    form.dataset.sending = "true";
    setTimeout(function () { hold(form); }, 0);
  });
  // Back to a page the browser kept (back button): its forms work again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) document.querySelectorAll("form[data-sending]").forEach(release);
  });

  // + / - beside a number field (FOCUS and BURDEN dice): step it and let the odds refresh.
  document.addEventListener("click", function (event) {
    const stepper = event.target.closest("[data-step]");
    if (!stepper) return;
    const field = document.getElementById(stepper.dataset.for);
    if (stepper.dataset.step === "1") field.stepUp(); else field.stepDown();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // A skill from the sheet picks its own stat: the stat select goes back to "the skill's own",
  // named ("The skill's own (Agility)"); a roll without one keeps the stat chosen. Capturing,
  // so the odds preview asks with the new stat.
  document.addEventListener("change", function (event) {
    const skill = event.target.closest("select[data-skills]");
    const stat = skill && skill.form && skill.form.querySelector("select[data-skill-stat]");
    const option = skill && skill.selectedOptions[0];
    if (!stat || !option) return;
    const own = option.dataset.stat;
    if (option.hasAttribute("data-stat")) stat.value = "";
    stat.options[0].text = "The skill's own" + (own ? " (" + own + ")" : "");
  }, true);

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
