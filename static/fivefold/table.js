// The live table: catch up after a dropped websocket, keep each roll once,
// show the connection state, copy the invite link, and send each post once.
(function () {
  "use strict";
  let connectedBefore = false;

  function log() { return document.getElementById("log"); }

  // The newest roll and message the table has: the rows on the page, or the newest the server read for its
  // first page (data-after: a first page of talk alone shows no roll, but the rolls before it are not missed).
  function newestRollId(region) {
    const first = region.querySelector("[data-roll-id]");
    return Math.max(first ? Number(first.dataset.rollId) : 0, Number(region.dataset.after || 0));
  }
  function newestMessage(region) {
    const ids = Array.from(region.querySelectorAll("[data-message-id]"), function (m) { return Number(m.dataset.messageId); });
    const newest = Math.max.apply(null, ids.concat([Number(region.dataset.afterMessage || 0)]));
    return newest ? "&after_message=" + newest : "";
  }

  // A roll can arrive twice (the roller's own response and the websocket,
  // or a catch-up racing a message): keep the first copy of each to arrive, the
  // lower one (each arrives on top), so that a row already on the page stays where
  // it is, below the rows that came after it. So can a session's start or end, and
  // a table event: a catch-up brings every mark and event since the newest roll.
  function dropDuplicateRolls() {
    if (!log()) return;
    const seen = new Set();
    const rows = Array.from(log().querySelectorAll("[data-roll-id], [data-mark], [data-event-id], [data-message-id]"));
    rows.reverse().forEach(function (row) {
      const key = row.dataset.rollId ? "roll " + row.dataset.rollId
        : row.dataset.eventId ? "event " + row.dataset.eventId
        : row.dataset.messageId ? "message " + row.dataset.messageId : "mark " + row.dataset.mark;
      if (seen.has(key)) row.remove(); else seen.add(key);
    });
  }

  function setLiveStatus(text, state) {
    const status = document.getElementById("live-status");
    if (status) { status.textContent = text; status.dataset.state = state; }
  }

  // What a table missed while its socket was down: the rolls, session marks and events for the log, and
  // the header's session line and the viewer's calls as they are now (out of band). A filtered log
  // takes no new rolls (they show with every roll): it gets only the rest.
  function catchUp() {
    const region = log() || document.getElementById("log-filtered");
    if (!region) return;
    const swap = region.id === "log" ? "afterbegin" : "none";
    htmx.ajax("GET", region.dataset.catchUp + "?after=" + newestRollId(region) + newestMessage(region), { target: "#" + region.id, swap: swap });
  }
  // The server could not send this table a live update (Redis away for a while, campaigns.table.live): it
  // says so as soon as it can, and the table catches up as after a dropped socket. Registered before
  // the other wsBeforeMessage listeners, which it keeps from seeing a message that swaps nothing.
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.detail.message.indexOf('data-live="catch-up"') === -1) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    catchUp();
  });
  document.addEventListener("htmx:wsOpen", function () {
    if (connectedBefore) catchUp();
    connectedBefore = true;
    setLiveStatus("live", "live");
  });
  // The server closes a table for good (its player removed, its campaign deleted) with this
  // code, after a notice with the way home; the websocket extension does not retry it.
  const ENDED = 4004;
  document.addEventListener("htmx:wsClose", function (event) {
    if (event.detail.event.code === ENDED) closeTable();
    else setLiveStatus("reconnecting…", "down");
  });
  // A closed table sends nothing more: each request would only be refused (404), so its
  // fields and buttons are disabled, any request still triggered is dropped, and "Here now" no
  // longer counts this reader in.
  let closed = false;
  function closeTable() {
    closed = true;
    setLiveStatus("closed", "ended");
    document.querySelectorAll("main form :is(input, select, textarea, button)").forEach(function (field) {
      field.disabled = true;
    });
    const online = document.getElementById("online");
    if (online) online.textContent = "You are no longer at this table.";
  }
  document.addEventListener("htmx:beforeRequest", function (event) { if (closed) event.preventDefault(); });
  // The notice that the table ended comes before the socket's close: the page closes with the notice, so that
  // nothing typed in between is sent.
  document.addEventListener("htmx:wsAfterMessage", function () {
    const ended = document.getElementById("table-ended");
    if (!closed && ended && ended.classList.contains("table-ended")) closeTable();
  });
  // One place (base.html's #request-alert) says when an htmx request got no answer the page can
  // show: htmx swaps nothing on an error status (base.html's responseHandling) nor on a
  // lost connection, and a 422 with an empty body has no message of its own (a 422 with its form
  // and messages is swapped in as usual; a view's refusal of a button fills this place itself).
  const GONE = "That is no longer here. Reload the table to see it as it is now.";
  const PROBLEMS = {
    403: "That was refused, so nothing changed. Reload the page (you may have been logged out), then try again.",
    404: GONE,
    409: "That clashed with another change, so nothing changed. Reload the table, then try again.",
    410: GONE,
    413: "That was too large to send, so nothing changed.",
    // An archived campaign (campaigns.life.lifecycle.CampaignArchived): read-only until its GM brings it back.
    423: "This campaign is archived: its table is read-only, so nothing changed.",
    422: "That was not accepted, so nothing changed. Check what you entered, then try again.",
    429: "Too many tries: wait a moment, then try again.",
    // The database down (campaigns/pages/middleware.py): the 503 page's own words.
    503: "The table could not save that, so nothing changed. Please try again in a moment.",
  };
  const SERVER_FAILED = "Something went wrong on the table's side. Reload the table to see where things stand, then try again.";
  const UNREACHABLE = "The table could not be reached. Check your connection, then try again.";
  function problem(status) {
    return PROBLEMS[status] || (status >= 500 ? SERVER_FAILED : "Nothing changed. Reload the page, then try again.");
  }
  function setRequestAlert(text) {
    const alert = document.getElementById("request-alert");
    if (alert && alert.textContent !== text) alert.textContent = text;
  }
  // The message stays until the next post, or the same request again, whose own answer then
  // says how it went. An odds preview or a catch-up in the background does not clear it.
  let failedPath = null;
  function requestPath(event) { return event.detail.pathInfo && event.detail.pathInfo.requestPath; }
  function report(event, text) { failedPath = requestPath(event); setRequestAlert(text); }
  // An empty 422 would wipe the form it answers: keep the form, and let it count as an error.
  // So would an error answered with a whole page (the app's 404 or 503 page, a proxy's): it is
  // never put inside the table; the alert says what happened.
  function keepOutUnshowable(event) {
    const body = String(event.detail.serverResponse || "").trim();
    const status = event.detail.xhr.status;
    if ((status === 422 && !body) || (status >= 400 && /^<!doctype html|^<html/i.test(body))) {
      event.detail.shouldSwap = false;
      event.detail.isError = true;
    }
  }
  document.addEventListener("htmx:beforeSwap", keepOutUnshowable);
  document.addEventListener("htmx:responseError", function (event) { report(event, problem(event.detail.xhr.status)); });
  document.addEventListener("htmx:sendError", function (event) { report(event, UNREACHABLE); });
  document.addEventListener("htmx:timeout", function (event) { report(event, UNREACHABLE); });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPost(event) || requestPath(event) === failedPath) setRequestAlert("");
  });
  // So can a call's card: a catch-up brings the call regions whole, and a call opened while it
  // was on its way may come over the websocket too.
  function dropDuplicateCalls() {
    // A call drawn on a character card's last roll (campaigns.table.last_roll) is answered there: its copy in the
    // list goes, whichever of the post's answer and the live message came first.
    const seen = new Set(Array.from(document.querySelectorAll(".last-roll .call")).map(function (card) { return card.id; }));
    document.querySelectorAll("#gm-calls > .call, #my-calls > .call").forEach(function (card) {
      if (seen.has(card.id)) card.remove(); else seen.add(card.id);
    });
  }
  // A live message is a set of out-of-band swaps: a call card closed by the answer to one's own
  // click is already gone, and a filtered log has no #log. Such a swap has nothing to do here, so it
  // is dropped before htmx looks for its target (which logs htmx:oobErrorNoTarget).
  // The table's websocket element names this extension (hx-ext="ws,present-targets").
  function oobSelector(elt) {
    const value = elt.getAttribute("hx-swap-oob") || "true";
    const colon = value.indexOf(":");
    return colon > 0 ? value.slice(colon + 1) : (elt.id ? "#" + CSS.escape(elt.id) : null);
  }
  function keepPresent(text, xhr) {
    const template = document.createElement("template");
    template.innerHTML = text;
    let dropped = false;
    Array.from(template.content.children).forEach(function (elt) {
      // An answer to a request swaps its content where it was asked to; only its marked
      // out-of-band parts (a roll's row for #log, which a filter may have taken away since
      // the post left) need a target. Every part of a live message is out of band.
      if (xhr && !elt.hasAttribute("hx-swap-oob")) return;
      // A signal to the page's scripts (needs.js), read before the swap: nothing to put anywhere.
      if (elt.hasAttribute("data-live")) { elt.remove(); dropped = true; return; }
      const selector = oobSelector(elt);
      if (selector && !document.querySelector(selector)) { elt.remove(); dropped = true; return; }
      // A row the log has already (the roller's own answer and the live message bring the same row, whichever
      // comes second) is not put in again: drawn twice even for a moment, the copy on top takes the clicks
      // on its buttons and is then dropped (dropDuplicateRolls) with them.
      if (selector === "#log") {
        elt.querySelectorAll("[data-roll-id], [data-message-id]").forEach(function (row) {
          const key = row.dataset.rollId ? "[data-roll-id='" + CSS.escape(row.dataset.rollId) + "']"
            : "[data-message-id='" + CSS.escape(row.dataset.messageId) + "']";
          if (document.querySelector("#log " + key)) { row.remove(); dropped = true; }
        });
      }
    });
    return dropped ? template.innerHTML : text;
  }
  // The form that posted may be gone when its answer comes: a live message (the pools after a
  // Fortune spend, the Needs-you strip, a Centaurus Gate player's panel after their turn step) drew its
  // part of the page again first. htmx would look for the answer's out-of-band parts from the form's
  // root, a detached piece, and find none (htmx:oobErrorNoTarget); so the answer is swapped from the
  // page instead: its out-of-band parts where they are now, the rest into its target.
  // So may the target be gone (the panel the form was in): the answer goes to the part drawn in its
  // place, of the same id. Into the gone copy, htmx would first take out of the page each element that
  // the answer marks hx-preserve (a player's diligence form, lost until a reload); into the part on the
  // page, htmx keeps them as they are. With no such part, or where the answer swaps nothing else
  // (hx-swap="none"), its out-of-band parts alone are swapped, for the same reason.
  function answerFromPage(event) {
    const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    const target = event.detail.target;
    if (!elt || (elt.isConnected && target.isConnected) || !event.detail.shouldSwap) return;
    event.detail.shouldSwap = false;
    const style = target.isConnected ? swapStyle(elt, event.detail.swapOverride) : "none";
    const text = style === "none" ? outOfBand(event.detail.serverResponse) : event.detail.serverResponse;
    htmx.swap(target.isConnected ? target : document.body, keepPresent(text, event.detail.xhr), { swapStyle: style });
  }
  function swapStyle(elt, override) {
    const spec = override || (elt.closest("[hx-swap]") || elt).getAttribute("hx-swap") || htmx.config.defaultSwapStyle;
    return spec.trim().split(/\s+/)[0];
  }
  function outOfBand(text) {
    const template = document.createElement("template");
    template.innerHTML = text;
    Array.from(template.content.children).forEach(function (elt) { if (!elt.hasAttribute("hx-swap-oob")) elt.remove(); });
    return template.innerHTML;
  }
  // htmx tells beforeSwap on the answer's target: a gone one no longer reaches the document, so the
  // target hears it too; a form still on the page whose target is gone (a preserved form posting to the
  // panel around it) has its answer go to the part drawn in place of the target, as htmx would swap it.
  function answerInPlace(event) {
    const target = event.detail.target;
    if (!target || target.isConnected) return;
    const now = target.id && document.getElementById(target.id);
    if (now) event.detail.target = now;
    target.addEventListener("htmx:beforeSwap", function (swap) {
      keepOutUnshowable(swap);
      answerFromPage(swap);
    }, { once: true });
  }
  document.addEventListener("htmx:beforeSwap", answerFromPage);
  document.addEventListener("htmx:beforeOnLoad", answerInPlace);
  // A form gone from the page still hears its own request's events; the document no longer does.
  const hearing = new WeakSet();
  document.addEventListener("htmx:beforeRequest", function (event) {
    const elt = event.detail.elt;
    if (hearing.has(elt)) return;
    hearing.add(elt);
    elt.addEventListener("htmx:beforeOnLoad", function (load) { if (!elt.isConnected) answerInPlace(load); });
  });
  htmx.defineExtension("present-targets", {
    transformResponse: keepPresent,
  });
  // A live message may draw again a part of the page that holds a form someone is filling in: the
  // system's panel when a character joins or a setting changes, the GM's call forms. What they
  // had typed or chosen, and the focus, stay (CI found a Tribute player's FOCUS dice set back to 1 by
  // another character's arrival). Only what differs from the drawn default is kept, by form (id, or
  // where it posts) and field name; never a hidden field (the one-time tokens stay fresh). A post's own
  // answer draws its form as the server means it, so this is for the websocket's swaps alone.
  const FORM_KEY = function (form) { return form.id || form.getAttribute("hx-post") || form.getAttribute("action"); };
  let liveMessage = false;
  let kept = [];
  function changedFields(form) {
    return Array.from(form.elements).filter(function (field) {
      if (!field.name || field.type === "hidden" || field.disabled) return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") return Array.from(field.options).some(function (o) { return o.selected !== o.defaultSelected; });
      return "defaultValue" in field && field.value !== field.defaultValue;
    });
  }
  let focusedBeforeMessage = null;
  let aroundBeforeMessage = [];
  document.addEventListener("htmx:wsBeforeMessage", function () {
    liveMessage = true;
    kept = [];
    const active = document.activeElement;
    focusedBeforeMessage = active && active !== document.body ? active : null;
    aroundBeforeMessage = focusedBeforeMessage ? ancestors(focusedBeforeMessage) : [];
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail.target;
    if (!liveMessage || !target.querySelectorAll) return;
    const forms = target.tagName === "FORM" ? [target] : Array.from(target.querySelectorAll("form"));
    forms.forEach(function (form) {
      const key = FORM_KEY(form);
      const active = form.contains(document.activeElement) ? document.activeElement : null;
      if (!key) return;
      changedFields(form).concat(active && active.name ? [active] : []).forEach(function (field) {
        kept.push({ key: key, name: field.name, value: field.value, checked: field.checked, type: field.type, focus: field === active });
      });
    });
  });
  // Put the kept values back into the forms now in `within` (the page, or a part just drawn); what found no
  // form yet is returned.
  function restore(entries, touched, within) {
    const forms = within.tagName === "FORM" ? [within] : Array.from(within.querySelectorAll("form"));
    return entries.filter(function (was) {
      const form = forms.find(function (f) { return FORM_KEY(f) === was.key; });
      if (!form) return true;
      const fields = Array.from(form.elements).filter(function (f) { return f.name === was.name; });
      fields.forEach(function (field) {
        if (was.type === "checkbox" || was.type === "radio") {
          if (field.value === was.value) field.checked = was.checked;
        } else if (field.tagName !== "SELECT" || Array.from(field.options).some(function (o) { return o.value === was.value && !o.disabled; })) {
          field.value = was.value;
        }
        touched.set(form, field);
        if (was.focus) field.focus();
      });
      return false;
    });
  }
  // A form the message leaves out and its part fetches once drawn (Centaurus Gate's turn forms, each
  // player's own) gets its values when it comes: the player choosing whom to pass the focus to while
  // another's roll arrives keeps their choice.
  // They wait for as long as such a part is still to come (marked data-later), however long a busy
  // server takes to answer its fetch; a timer would drop them on a slow day and keep them on a quick one.
  let waiting = [];
  function partsToCome() { return document.querySelector("[data-later]") !== null; }
  function afterRestore(touched) {
    touched.forEach(function (field, form) {
      followCharacter(form);  // the skills offered follow the character kept
      form.querySelectorAll("select[data-skills]").forEach(function (skill) { nameOwnStat(skill, false); });
      field.dispatchEvent(new Event("input", { bubbles: true }));  // and the odds preview the values kept
    });
  }
  // htmx:load comes as the new part is put in, before the player can click in it. Only a form in that part
  // takes them: one already on the page holds what the player has typed since, which any other part's load
  // (the odds preview coming back) would set back to the message's value.
  document.addEventListener("htmx:load", function (event) {
    if (!waiting.length || liveMessage) return;
    const touched = new Map();
    waiting = restore(waiting, touched, event.detail.elt);
    if (!partsToCome()) waiting = [];  // the parts they waited for have come: what found no form there never will
    afterRestore(touched);
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    liveMessage = false;
    const touched = new Map();  // form → its last field set again
    // A second message may come before the part the first left out is fetched: it finds no form to keep
    // from, and the values still waiting for that part must not be dropped for its empty list.
    const still = waiting.filter(function (was) {
      return !kept.some(function (now) { return now.key === was.key && now.name === was.name; });
    });
    waiting = restore(kept.concat(still), touched, document).map(function (was) { return Object.assign({}, was, { focus: false }); });
    if (!partsToCome()) waiting = [];
    kept = [];
    // The message took away the part of the page that had the focus (a call closed once answered, an item
    // of the strip): the focus goes where a post's would (`release`), not to the page's top.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && focusedBeforeMessage && !focusedBeforeMessage.isConnected) {
      const again = counterpart(focusedBeforeMessage, aroundBeforeMessage) || nearby(aroundBeforeMessage);
      if (again) again.focus();
    }
    focusedBeforeMessage = null;
    afterRestore(touched);
  });
  document.addEventListener("htmx:wsAfterMessage", dropDuplicateRolls);
  document.addEventListener("htmx:afterSettle", dropDuplicateRolls);
  document.addEventListener("htmx:wsAfterMessage", dropDuplicateCalls);
  // An archived campaign's table is read-only (campaigns.life.lifecycle): while its notice shows, the
  // fields of every form that would write are disabled; brought back, those same fields open again.
  // The notice comes live (campaigns.table.live.send_archived), so an open table follows without a reload.
  function followArchive() {
    const notice = document.getElementById("archived-notice");
    const archived = Boolean(notice && !notice.hidden);
    const writing = "main form:is([method=post i], [hx-post]) :is(input, select, textarea, button)";
    document.querySelectorAll(archived ? writing : "[data-archived-off]").forEach(function (field) {
      if (archived && !field.disabled) { field.disabled = true; field.dataset.archivedOff = ""; }
      if (!archived && !closed) { field.disabled = false; delete field.dataset.archivedOff; }
    });
  }
  document.addEventListener("DOMContentLoaded", followArchive);
  document.addEventListener("htmx:wsAfterMessage", followArchive);
  document.addEventListener("htmx:afterSettle", followArchive);
  document.addEventListener("htmx:afterSettle", dropDuplicateCalls);
  // A roll or a follow-up from a character card draws its last roll (campaigns.table.last_roll) under the buttons: on
  // a long card at phone width that can be below the screen, so it is brought in view.
  document.addEventListener("htmx:afterSettle", function (event) {
    const asked = event.detail.requestConfig && event.detail.requestConfig.elt;  // the form, maybe swapped away since
    const card = asked && asked.closest && asked.closest(".character-card");
    // A follow-up's form (a Karma or Fortune re-roll) stood in the area its answer replaced: the area is found
    // by the answer's target, else the focus set back after the swap leaves the page at the card's top.
    const target = event.detail.target;
    const replaced = target && !target.isConnected && /^card-\d+-last$/.test(target.id) ? target.id : "";
    const area = document.getElementById(card ? card.id + "-last" : replaced);
    if (!area || area.getAttribute("role") !== "group") return;
    // On a phone, the step's call may have come over the socket first and opened the Now view (its copy in
    // Now is dropped once the card has it): the card's view comes back, where the player just rolled.
    document.dispatchEvent(new CustomEvent("fivefold:part", { detail: area }));
    // The whole area if it fits on the screen (a step's form ends with its button), else from its top.
    const fits = area.getBoundingClientRect().height <= window.innerHeight * 0.8;
    area.scrollIntoView({ block: fits ? "nearest" : "start" });
  });

  // Every post counts once (campaigns/table/once.py): while a form's post is in flight its buttons
  // are disabled and a second submit is dropped, so a double click sends one post. The answer
  // carries a fresh one-time token for the form, which htmx may leave on the page to post again.
  function isPost(event) { return event.detail.requestConfig.verb !== "get"; }
  function sender(elt) { return elt.closest("form") || elt; }
  // A disabled button loses the focus (to the body): the button that had it gets it back on release,
  // if nothing else took it meanwhile, so the keyboard rolls again from where it was.
  const focusedWhileSending = new WeakMap();
  const aroundWhileSending = new WeakMap();
  function hold(scope) {
    scope.dataset.sending = "true";
    if (scope.contains(document.activeElement)) {
      focusedWhileSending.set(scope, document.activeElement);
      aroundWhileSending.set(scope, ancestors(scope));
    }
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
    const focused = focusedWhileSending.get(scope);
    const around = aroundWhileSending.get(scope) || [];
    focusedWhileSending.delete(scope);
    aroundWhileSending.delete(scope);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!focused || !lost) return;
    const again = counterpart(focused, around) || nearby(around);
    if (again) again.focus();
  }
  // The step is over and its part of the page is gone (a call answered, a wiggle die set, a secret
  // revealed): the focus goes to the next thing in the nearest part still there, within its region
  // (the next call's first control, else the region itself), not to the page's top (found in a play-test).
  const REGION = "section, [role=tabpanel], main";
  const CONTROL = "button:not([disabled]), a[href], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";
  function ancestors(elt) {
    const list = [];
    for (let up = elt.parentElement; up && up !== document.body; up = up.parentElement) list.push(up);
    return list;
  }
  function nearby(around) {
    const still = around.find(function (elt) { return elt.isConnected; });
    if (!still) return null;
    const region = still.closest(REGION) || still;
    const next = Array.from(still.querySelectorAll(CONTROL)).find(function (c) { return c.offsetParent !== null; });
    if (next) return next;
    if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "-1");
    return region;
  }
  // The element itself, or the one drawn in its place when the answer drew its form again (a
  // character's card, the roll form after a refusal): same id, or same form and same name, value, words.
  // Of several (a call's form stands on its card and on the "Needs you" item), the one in the part of the page
  // it was in (`around`: its ancestors then, the nearest first), so that the focus does not jump up the page.
  function counterpart(elt, around) {
    if (elt.isConnected) return elt;
    if (elt.id) return document.getElementById(elt.id);
    const form = elt.closest("form");
    const post = form && (form.id ? "#" + CSS.escape(form.id) : form.getAttribute("hx-post"));
    if (!post) return null;
    const found = form.id ? [document.querySelector(post)] : Array.from(document.querySelectorAll("form[hx-post='" + CSS.escape(post) + "']"));
    const still = (around || []).find(function (up) { return up.isConnected; });
    const forms = still ? found.filter(function (f) { return f && still.contains(f); }).concat(found) : found;
    for (const each of forms) {
      if (!each) continue;
      const same = Array.from(each.querySelectorAll(elt.tagName)).find(function (other) {
        return other.name === elt.name && other.value === elt.value && other.textContent === elt.textContent;
      });
      if (same) return same;
    }
    return null;
  }
  // The form that sent each post, by its request: when the answer replaced the form (the call
  // form, a call's card), htmx tells afterRequest again from the nearest part of the page still
  // there (a whole section), and the fresh token must not go to every form in it (they would
  // share one token, and the second to post would be taken for a repeat and dropped).
  const senders = new WeakMap();
  const hearingAfter = new WeakSet();
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPost(event)) return;
    const scope = sender(event.detail.elt);
    if (scope.dataset.sending) { event.preventDefault(); return; }
    hold(scope);
    senders.set(event.detail.xhr, scope);
    // A live message may take the form away before its answer comes (a call closed once answered): htmx then
    // tells afterRequest on the form alone, whose events no longer reach the document. The form hears it too.
    if (!hearingAfter.has(event.detail.elt)) {
      hearingAfter.add(event.detail.elt);
      event.detail.elt.addEventListener("htmx:afterRequest", afterPost);
    }
  });
  function afterPost(event) {
    const scope = event.detail.xhr && senders.get(event.detail.xhr);
    if (!scope || !isPost(event)) return;
    senders.delete(event.detail.xhr);
    const fresh = event.detail.xhr.getResponseHeader("Form-Token");
    if (fresh) scope.querySelectorAll("input[name=form_token]").forEach(function (field) { field.value = fresh; });
    release(scope);
  }
  document.addEventListener("htmx:afterRequest", afterPost);
  // A plain form post (no htmx) leaves the page: hold its buttons after the browser has read
  // the form (a disabled button would not be sent), and drop a second submit.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (event.defaultPrevented || form.method !== "post") return;
    if (form.dataset.sending) { event.preventDefault(); return; }
    form.dataset.sending = "true";
    setTimeout(function () { hold(form); }, 0);
  });
  // Back to a page the browser kept whole (the back/forward cache): its log missed what happened
  // meanwhile and its forms may hold used one-time tokens, whose next post would count as a
  // repeat. Load it again, as it is now (the server sends such pages with no-store).
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) window.location.reload();
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
  // A form drawn again (a live message, a post's answer) names the own stat for the skill it holds.
  function nameOwnStat(skill, chooseIt) {
    const stat = skill && skill.form && skill.form.querySelector("select[data-skill-stat]");
    const option = skill && skill.selectedOptions[0];
    if (!stat || !option) return;
    const own = option.dataset.stat;
    if (chooseIt && option.hasAttribute("data-stat")) stat.value = "";
    stat.options[0].text = "The skill's own" + (own ? " (" + own + ")" : "");
  }
  document.addEventListener("change", function (event) {
    nameOwnStat(event.target.closest("select[data-skills]"), true);
  }, true);
  htmx.onLoad(function (content) {
    content.querySelectorAll("select[data-skills]").forEach(function (skill) { nameOwnStat(skill, false); });
  });

  // A roll form's skill select offers the chosen character's skills alone (its group; the server
  // names the character's skills if another's is sent). A skill of the same name stays chosen,
  // else the select goes back to its first choice. Capturing, so the odds preview asks with it.
  function followCharacter(form) {
    const skills = form && form.querySelector("select[data-skills]");
    const character = form && form.querySelector("select[name=character]");
    if (!skills || !character) return;
    const was = skills.value;
    skills.querySelectorAll("optgroup[data-character]").forEach(function (group) {
      group.hidden = group.disabled = group.dataset.character !== character.value;
    });
    const chosen = skills.selectedOptions[0];
    if (chosen && chosen.parentElement.disabled) {
      const same = Array.from(skills.options).find(function (o) { return !o.parentElement.disabled && o.value === was; });
      (same || skills.options[0]).selected = true;
      skills.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[name=character]")) followCharacter(event.target.form);
  }, true);
  htmx.onLoad(function (content) {
    content.querySelectorAll("select[data-skills]").forEach(function (skills) { followCharacter(skills.form); });
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

// A player's other forms (details[data-fold-narrow], table.html) fold away on a phone, where the
// card comes first; they come open from the server, for a wide screen and without script.
(function () {
  "use strict";
  if (window.matchMedia("(min-width: 1000px)").matches) return;
  document.querySelectorAll("details[data-fold-narrow]").forEach(function (details) { details.open = false; });
})();

// The table's tabs: an ARIA tablist (nav[data-tabs], table.html), on the GM's screen
// and on a player's table. Each tab is a link to `?tab=…`, so without script, and for a reload or a link,
// the server shows the chosen tab; here a click or the arrow keys switch at once and keep the tab in the
// address. The page draws the chosen tab alone: another is fetched the first time it opens (its panel's
// hx-get, answered by campaigns.pages.views.table), then kept, and the live messages keep it current.
(function () {
  "use strict";
  const list = document.querySelector("[role=tablist][data-tabs]");
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll("[role=tab]"));
  function panelOf(tab) { return document.getElementById(tab.getAttribute("aria-controls")); }
  // htmx binds each panel's hx-trigger once every deferred script has run (DOMContentLoaded). A tab chosen
  // before then (a click while a later script still loads) would go unheard and stay empty: it is fetched then.
  let bound = document.readyState === "complete";
  document.addEventListener("DOMContentLoaded", function () { bound = true; }, { once: true });
  function load(panel) {
    if (!bound) {
      document.addEventListener("DOMContentLoaded", function () { load(panel); }, { once: true });
      return;
    }
    if (panel.hasAttribute("data-lazy") && !panel.classList.contains("htmx-request")) htmx.trigger(panel, "tab-open");
  }
  // Drawn: no longer fetched. A fetch that failed (told in #request-alert) is tried again when the tab opens again.
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail.target;
    if (target && target.hasAttribute && target.hasAttribute("data-lazy")) target.removeAttribute("data-lazy");
  });
  function choose(tab, focus) {
    tabs.forEach(function (other) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      panelOf(other).hidden = !chosen;
    });
    load(panelOf(tab));
    if (focus) tab.focus();
    tab.scrollIntoView({ block: "nearest", inline: "nearest" });  // a phone's tab row scrolls to it
    const url = new URL(window.location.href);
    url.searchParams.set("tab", tab.dataset.tab);
    history.replaceState(history.state, "", url);
    document.dispatchEvent(new CustomEvent("fivefold:tab", { detail: tab.dataset.tab }));
  }
  window.fivefoldChooseTab = function (key) {
    const tab = tabs.find(function (each) { return each.dataset.tab === key; });
    if (tab && tab.getAttribute("aria-selected") !== "true") choose(tab, false);
  };
  list.addEventListener("click", function (event) {
    const tab = event.target.closest("[role=tab]");
    if (!tab || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;  // a new window keeps the link
    event.preventDefault();
    choose(tab, false);
  });
  list.addEventListener("keydown", function (event) {
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === " ") { event.preventDefault(); choose(tabs[at], true); return; }
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length], true);
  });
  // The tab that draws an id the page has not drawn yet: its panel's data-holds names the ids' beginnings.
  function tabHolding(id) {
    return tabs.find(function (tab) {
      return (panelOf(tab).dataset.holds || "").split(" ").some(function (start) { return start && id.startsWith(start); });
    });
  }
  // A link to a part of another tab (the "Needs you" strip's "#call-…", a bookmark's "#people-title"): that
  // tab opens first; a part not drawn yet is scrolled to once its tab has come.
  function shown(part) { document.dispatchEvent(new CustomEvent("fivefold:part", { detail: part })); }
  window.fivefoldShowTab = function (element, id) {
    if (element) shown(element);  // a phone's view that holds it (below)
    const panel = element && element.closest("[role=tabpanel]");
    const tab = panel ? document.getElementById(panel.getAttribute("aria-labelledby")) : (!element && id ? tabHolding(id) : null);
    if (!tab) return;
    const opened = panelOf(tab);
    if (!element && opened.hasAttribute("data-lazy")) {
      opened.addEventListener("htmx:afterSettle", function arrived(event) {
        if (event.detail.target !== opened) return;
        opened.removeEventListener("htmx:afterSettle", arrived);
        const part = document.getElementById(id);
        if (!part) return;
        shown(part);
        part.scrollIntoView({ block: "start" });
      });
    }
    if (opened.hidden) choose(tab, false);
  };
  function followHash() {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) window.fivefoldShowTab(document.getElementById(id), id);
  }
  window.addEventListener("hashchange", followHash);
  followHash();
})();

// A player's table on a phone: its parts are views, one at a time, chosen in the bar under the
// thumb (nav.thumb-nav): the character, what waits now, the log, and the other tabs. The page's
// data-view says which (app.css shows that part alone below 761 px); without script every part stacks.
(function () {
  "use strict";
  const nav = document.querySelector(".thumb-nav");
  const page = nav && nav.closest(".table-page");
  if (!page) return;
  const links = Array.from(nav.querySelectorAll("a[data-view]"));
  const PLAY = "play";
  function chosenTab() {
    const tab = document.querySelector("[role=tablist][data-tabs] [aria-selected=true]");
    return tab ? tab.dataset.tab : PLAY;
  }
  function show(view) {
    page.dataset.view = view;
    links.forEach(function (link) {
      if (link.dataset.view === view) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    const tab = chosenTab();
    if ((view === "character" || view === "now") && tab !== PLAY) window.fivefoldChooseTab(PLAY);
    if (view === "more" && tab === PLAY) window.fivefoldChooseTab("more");
  }
  // A tab chosen in the "More…" view's tablist: Play goes back to the character.
  document.addEventListener("fivefold:tab", function (event) {
    const view = page.dataset.view;
    if (event.detail === PLAY && view === "more") show("character");
    else if (event.detail !== PLAY && (view === "character" || view === "now")) show("more");
  });
  nav.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-view]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    show(link.dataset.view);
    // The Log view opens on its box and the newest lines, as a chat does; the others at the page's top.
    const title = link.dataset.view === "log" && document.getElementById("log-title");
    if (title) title.scrollIntoView({ block: "start" }); else window.scrollTo(0, 0);
  });
  // A call that comes while the player looks at their character opens the Now view, where it is answered in
  // one click from a phone's first screen; once nothing waits there, the character comes back.
  // The Log and More… views are left alone: the "Needs you" strip above says what came.
  let calledAway = false;
  function waiting() { return document.querySelectorAll("#my-calls .call").length; }
  let before = waiting();
  function follow(event) {
    const now = waiting();
    const live = event.type === "htmx:wsAfterMessage";  // not the Play tab fetched with its calls: the user chose
    if (live && now > before && page.dataset.view === "character") { show("now"); calledAway = true; }
    else if (!now && calledAway && page.dataset.view === "now") { show("character"); calledAway = false; }
    before = now;
  }
  document.addEventListener("htmx:wsAfterMessage", follow);
  document.addEventListener("htmx:afterSettle", follow);
  // The view that holds a part the address points at (a "Needs you" link, #log-title), else the call
  // waiting, else the character.
  function viewOf(element) {
    if (!element) return null;
    if (element.closest(".log-column")) return "log";
    if (element.closest(".region-now")) return "now";
    if (element.closest(".region-character")) return "character";
    return null;
  }
  document.addEventListener("fivefold:part", function (event) {
    const view = viewOf(event.detail);
    if (view) show(view);
  });
  const atHash = viewOf(document.getElementById(decodeURIComponent(window.location.hash.slice(1))));
  show(atHash || (chosenTab() !== PLAY ? "more" : waiting() ? "now" : "character"));
})();
