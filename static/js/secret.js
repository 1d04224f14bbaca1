// Secrets on a phone lie face down (templates/_secret.html): a tap on the cover shows the secret, a
// second tap covers it, and it covers itself after its time (data-secret-seconds) and as soon as the
// page is hidden (the phone set down with its screen off, another app, another tab). Whether it is
// shown is this device's own memory (sessionStorage, keyed by table, seat and secret), so it survives
// a reload while shown; the live refresh (table.js morphs #view from the server, which always sends
// the secret covered) is followed by a MutationObserver that shows it again before the next paint.
(function () {
  'use strict';

  const PREFIX = 'secret:';
  const memory = new Map();            // when this browser refuses sessionStorage (private modes)
  let store = null;
  try { store = window.sessionStorage; store.getItem(PREFIX); } catch (e) { store = null; }

  function shownUntil(key) {
    const value = store ? store.getItem(PREFIX + key) : memory.get(key);
    return parseInt(value, 10) || 0;
  }
  function remember(key, until) {
    if (until) {
      if (store) store.setItem(PREFIX + key, String(until)); else memory.set(key, String(until));
    } else if (store) store.removeItem(PREFIX + key); else memory.delete(key);
  }
  const secrets = () => document.querySelectorAll('.secret[data-secret-key]');
  const isShown = (el) => shownUntil(el.dataset.secretKey) > Date.now();

  // Only attributes that differ are written, so the observer below settles after one pass.
  function setHidden(el, hidden) { if (el && el.hidden !== hidden) el.hidden = hidden; }
  function render(el, shown) {
    setHidden(el.querySelector('.secret-face'), !shown);
    setHidden(el.querySelector('.secret-say-show'), shown);
    setHidden(el.querySelector('.secret-say-hide'), !shown);
    const toggle = el.querySelector('.secret-toggle');
    if (toggle && toggle.getAttribute('aria-expanded') !== String(shown)) toggle.setAttribute('aria-expanded', String(shown));
    if (el.classList.contains('is-shown') !== shown) el.classList.toggle('is-shown', shown);
    document.querySelectorAll('[data-secret-part]').forEach((part) => {
      if (part.dataset.secretPart === el.dataset.secret) setHidden(part, !shown);
    });
  }

  let timer = null;
  function apply() {
    let next = Infinity;
    secrets().forEach((el) => {
      const until = shownUntil(el.dataset.secretKey);
      const shown = until > Date.now();
      if (!shown && until) remember(el.dataset.secretKey, 0);
      if (shown) next = Math.min(next, until);
      render(el, shown);
    });
    clearTimeout(timer);
    if (next < Infinity) timer = setTimeout(apply, Math.max(50, next - Date.now() + 20));
  }
  function coverAll() {
    secrets().forEach((el) => remember(el.dataset.secretKey, 0));
    apply();
  }

  document.addEventListener('click', (event) => {
    const toggle = event.target.closest && event.target.closest('.secret-toggle');
    const el = toggle && toggle.closest('.secret[data-secret-key]');
    if (!el) return;
    const seconds = Math.max(0.1, parseFloat(el.dataset.secretSeconds) || 10);
    remember(el.dataset.secretKey, isShown(el) ? 0 : Date.now() + seconds * 1000);
    apply();
  });

  // Hidden means covered, and it stays covered when the page comes back. Leaving the page (a reload,
  // a link) also hides it, but that is not putting the phone down: pagehide comes first and says so.
  let leaving = false;
  window.addEventListener('pagehide', () => { leaving = true; });
  window.addEventListener('pageshow', () => { leaving = false; apply(); });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && !leaving) coverAll(); else apply();
  });

  new MutationObserver(apply).observe(document.documentElement,
    { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'data-secret-key'] });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', apply); else apply();
})();
