// The GM's revealed secrets, checked in this browser (campaigns/secrets/commitments.py): the
// canonical string is rebuilt from the parts the page shows (campaign, kind, value, salt), hashed with
// the Web Crypto API, and held against the commitment shown before the reveal. The answer is said in
// words, in a status region, and rechecked whenever the log changes (a reveal arrives live).
(function () {
  "use strict";
  const PREFIX = "fivefold-commit:v1";

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  function say(status, state, text) {
    status.dataset.verify = state;
    status.textContent = text;
  }

  async function check(box) {
    const status = box.querySelector("[data-verify]");
    const value = box.querySelector("[data-part=value]");
    const salt = box.querySelector("[data-part=salt]");
    if (!status || !value || !salt) return;
    status.dataset.verify = "checking";  // before any await: a change the page makes meanwhile does not start a second check
    if (!(window.crypto && window.crypto.subtle)) {
      say(status, "unavailable", "This browser cannot check the hash here; check it by hand with sha256sum.");
      return;
    }
    const text = [PREFIX, box.dataset.campaign, box.dataset.kind, value.textContent, salt.textContent].join("|");
    const shown = box.querySelector("[data-part=canonical]");
    if (shown) shown.textContent = text;
    const digest = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
    if (digest === box.dataset.digest) {
      say(status, "ok", "✓ Checked: the revealed value and salt give the hash the GM committed to.");
    } else {
      say(status, "bad", "✗ Does not match: the revealed value and salt do not give the hash the GM committed to.");
    }
  }

  // Every revealed commitment under `root` (the whole page by default), checked again.
  function verifyAll(root) {
    return Promise.all(Array.from((root || document).querySelectorAll(".commitment")).map(check));
  }
  window.fivefoldVerify = verifyAll;

  // A reveal that arrives live: the commitment's earlier line, drawn unrevealed, now shows it too.
  function catchUp() {
    document.querySelectorAll(".commitment").forEach(function (box) {
      if (box.querySelector("[data-part=value]")) return;
      const shown = document.querySelector('.commitment[data-commitment-id="' + box.dataset.commitmentId + '"] [data-part=value]');
      if (!shown) return;
      box.innerHTML = shown.closest(".commitment").innerHTML;
      const status = box.querySelector("[data-verify]");
      if (status) say(status, "pending", "Not checked yet.");
    });
  }

  function pending() {
    catchUp();
    document.querySelectorAll(".commitment [data-verify=pending]").forEach(function (status) {
      check(status.closest(".commitment"));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    pending();
    new MutationObserver(pending).observe(document.body, { childList: true, subtree: true });
  });
})();
