// The table's forms: the rare fields' count on their fold, a refusal brought into view, and the
// new-campaign page's settings following the chosen system. Kept apart from table.js (the live table)
// because these hold on any page with a form.
(function () {
  "use strict";

  // "More modifiers (2 set)" (templates/systems/_form_fields.html): the fold lists its fields'
  // defaults (data-more-fields, {name: default}); a field is set when its value is neither blank nor
  // its default, a box when ticked, a list when anything in it is chosen.
  function isSet(form, name, fallback) {
    const fields = Array.from(form.querySelectorAll("[name='" + name + "']"));
    return fields.some(function (field) {
      if (field.type === "checkbox" || field.type === "radio") return field.checked && field.value !== fallback;
      if (field.multiple) return field.selectedOptions.length > 0;
      return field.value.trim() !== "" && field.value.trim() !== fallback;
    });
  }
  function countSet(fold) {
    const form = fold.closest("form");
    const count = fold.querySelector("[data-more-count]");
    if (!form || !count) return;
    const defaults = JSON.parse(fold.dataset.moreFields || "{}");
    const set = Object.keys(defaults).filter(function (name) { return isSet(form, name, defaults[name]); }).length;
    count.textContent = set ? "(" + set + " set)" : "";
  }
  function recount(event) {
    const form = event.target.form || (event.target.closest && event.target.closest("form"));
    if (form) form.querySelectorAll("details[data-more-fields]").forEach(countSet);
  }
  document.addEventListener("input", recount);
  document.addEventListener("change", recount);
  htmx.onLoad(function (content) {
    if (content.querySelectorAll) content.querySelectorAll("details[data-more-fields]").forEach(countSet);
  });

  // A refused post (422, or an answer carrying a message) shows its message beside the control that
  // caused it: the page brings the first message into view, opens the fold it sits in, and puts the
  // focus on its field, so that on a phone the player sees why nothing happened (a panel or card drawn
  // again keeps its place on the page, and the message may be above or below the screen).
  const MESSAGES = ".error[role=alert], .errorlist";
  function fieldFor(message, scope) {
    const invalid = scope.querySelector("[aria-invalid=true]");
    if (invalid) return invalid;
    const around = message.closest("div, fieldset, form");
    return around && around.querySelector("input:not([type=hidden]), select, textarea");
  }
  function showRefusal(scope, focus) {
    const message = Array.from(scope.querySelectorAll(MESSAGES)).find(function (m) { return m.getClientRects().length || m.closest("details:not([open])"); });
    if (!message) return false;
    for (let fold = message.closest("details:not([open])"); fold; fold = fold.parentElement.closest("details:not([open])")) fold.open = true;
    const field = fieldFor(message, scope);
    if (focus && field && field.focus) field.focus({ preventScroll: true });
    message.scrollIntoView({ block: "center", inline: "nearest" });
    return true;
  }
  // Every field keeps what was typed: a form the server draws bound shows it already, and a form written by
  // hand in a template (a call's card: the stunt, its dice) gets back the values it was posted with, read
  // before the swap (as table.js keeps a form a live message draws again).
  const CONTROLS = "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=file]), select, textarea";
  let refused = null;
  function postedForm(config) {
    const elt = config && config.elt;
    return elt && (elt.form || (elt.closest && elt.closest("form")));
  }
  function valuesOf(form) {
    const values = {};
    form.querySelectorAll(CONTROLS).forEach(function (field) {
      if (!field.name) return;
      const kept = values[field.name] || (values[field.name] = []);
      if (field.type === "checkbox" || field.type === "radio") { if (field.checked) kept.push(field.value); }
      else if (field.multiple) Array.from(field.selectedOptions).forEach(function (o) { kept.push(o.value); });
      else kept.push(field.value);
    });
    return values;
  }
  function restore(form, values) {
    const seen = {};
    form.querySelectorAll(CONTROLS).forEach(function (field) {
      const kept = values[field.name];
      if (!kept) return;
      if (field.type === "checkbox" || field.type === "radio") field.checked = kept.indexOf(field.value) !== -1;
      else if (field.multiple) Array.from(field.options).forEach(function (o) { o.selected = kept.indexOf(o.value) !== -1; });
      else {
        const index = seen[field.name] = (seen[field.name] || 0);
        seen[field.name] += 1;
        if (index < kept.length && (field.tagName !== "SELECT" || Array.from(field.options).some(function (o) { return o.value === kept[index]; }))) field.value = kept[index];
      }
    });
  }
  function formIn(scope, was) {
    if (was.id) return document.getElementById(was.id);
    if (scope.matches && scope.matches("form") && scope.getAttribute("action") === was.action) return scope;
    return Array.from(scope.querySelectorAll("form")).find(function (f) { return f.getAttribute("action") === was.action; });
  }
  // A post the person sent (a button, a form sent with Enter), not one sent as they type (the sheet's
  // checks on change): those answer beside the field being typed in, and must not move the focus.
  function sent(config) {
    const trigger = config && config.verb !== "get" && config.triggeringEvent;
    return Boolean(trigger) && (trigger.type === "submit" || trigger.type === "click");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    const config = event.detail.requestConfig;
    refused = null;
    if (!sent(config) || event.detail.xhr.status !== 422) return;
    const form = postedForm(config);
    if (form) refused = { id: form.id, action: form.getAttribute("action"), values: valuesOf(form) };
  });
  function swapped(event) {
    if (!event.detail.xhr || !sent(event.detail.requestConfig)) return null;  // the odds previews and checks as one types
    const target = event.detail.target;
    return (target && target.isConnected ? target : target && target.id && document.getElementById(target.id)) || null;
  }
  // The values go back as the form is put in, before the browser hands the page back to the person: a field
  // typed into meanwhile (the settle waits a moment, longer on a busy machine) would be set back.
  document.addEventListener("htmx:afterSwap", function (event) {
    const scope = swapped(event);
    if (!scope || event.detail.xhr.status !== 422 || !refused) return;
    const form = formIn(scope, refused);
    if (form) { restore(form, refused.values); form.querySelectorAll("details[data-more-fields]").forEach(countSet); }
    refused = null;
  });
  // The focus as the answer left it (table.js gives it back to the control that sent): by the settle, the
  // person may have gone on to another field, where it stays.
  let focusedOnLoad = null;
  document.addEventListener("htmx:afterOnLoad", function () { focusedOnLoad = document.activeElement; });
  document.addEventListener("htmx:afterSettle", function (event) {
    const scope = swapped(event);
    const moved = focusedOnLoad !== null && document.activeElement !== focusedOnLoad;
    if (scope && (event.detail.xhr.status === 422 || scope.querySelector(".error[role=alert]"))) showRefusal(scope, !moved);
  });

  // The new-campaign page (templates/campaigns/new.html): a system chosen before htmx listened (a slow
  // page, or the browser restoring the form on Back) brings its settings once htmx is there, unless
  // those shown are already the chosen system's (a form shown again keeps its messages).
  htmx.onLoad(function (content) {
    if (!content.querySelectorAll) return;
    content.querySelectorAll("[data-settings-follow]").forEach(function (chooser) {
      const select = chooser.querySelector("select");
      const shown = document.querySelector("#system-settings fieldset");
      if (select && select.value && (!shown || shown.dataset.system !== select.value)) htmx.trigger(chooser, "change");
    });
  });
})();
