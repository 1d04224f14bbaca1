// This device's display preferences: colour theme (auto follows the system, or light, or dark) and
// the timer's look (digits or an hourglass). Kept in localStorage, so each phone keeps its own.
// Loaded in <head> without defer, so the remembered theme is set before the first paint (no flash
// of the wrong colours in a dark room); the CSP forbids inline scripts, hence this small file.
(function () {
  'use strict';
  const root = document.documentElement;
  const CHOICES = { theme: ['auto', 'light', 'dark'], timer: ['digits', 'hourglass'] };
  const KEY = (name) => 'cat-table-' + name;
  // Status-bar colours matching the top bar (app.css --card) for each theme.
  const BAR = { light: '#ffffff', dark: '#221e19' };

  function read(name) {
    let value = null;
    try { value = localStorage.getItem(KEY(name)); } catch (e) { /* storage blocked: defaults */ }
    return CHOICES[name].includes(value) ? value : CHOICES[name][0];
  }
  function apply(name, value) {
    if (value === CHOICES[name][0]) root.removeAttribute('data-' + name);
    else root.setAttribute('data-' + name, value);
    if (name === 'theme') paintBar(value);
  }
  function paintBar(theme) {
    // With "auto" each <meta name=theme-color> keeps its own media query; a chosen theme wins over both.
    document.querySelectorAll('meta[name="theme-color"]').forEach((meta) => {
      if (!meta.dataset.auto) meta.dataset.auto = meta.content;
      meta.content = theme === 'auto' ? meta.dataset.auto : BAR[theme];
    });
  }
  Object.keys(CHOICES).forEach((name) => apply(name, read(name)));

  // The Display menu is a <details>: it opens and closes by itself from its summary, but nothing
  // closed it once open, so it stayed over the QR code after a choice. It closes on a choice, on
  // Escape and on a tap outside, and gives the focus back to its summary (the Display button) when
  // the focus was in the menu, so a keyboard user carries on from where they opened it.
  function closeMenu(menu, refocus) {
    if (!menu.open) return;
    const inside = menu.contains(document.activeElement);
    menu.open = false;
    if (refocus || inside) menu.querySelector('summary').focus({ preventScroll: true });
  }
  function wireMenu(menu) {
    // A pointer's choice closes the menu at once. The arrow keys also choose (and fire 'change') as
    // they walk along a group, so from the keyboard Enter or Space says "this one", then it closes.
    let pointer = false;
    menu.addEventListener('pointerdown', () => { pointer = true; });
    menu.addEventListener('keydown', (event) => {
      pointer = false;
      if ((event.key === 'Enter' || event.key === ' ') && event.target.matches('input[type="radio"]')) {
        event.preventDefault();
        event.target.checked = true;
        event.target.dispatchEvent(new Event('change', { bubbles: true }));
        closeMenu(menu, true);
      }
    });
    menu.addEventListener('change', (event) => {
      if (pointer && event.target.matches('input[type="radio"]')) closeMenu(menu, true);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.open) { event.preventDefault(); closeMenu(menu, true); }
    });
    // A tap anywhere else closes it; the tapped control still takes the focus and the tap.
    document.addEventListener('pointerdown', (event) => {
      if (menu.open && !menu.contains(event.target)) closeMenu(menu, false);
    });
  }

  document.addEventListener('DOMContentLoaded', () => {
    paintBar(read('theme')); // the metas after this script are parsed now
    Object.keys(CHOICES).forEach((name) => {
      const chosen = read(name);
      document.querySelectorAll('input[name="pref-' + name + '"]').forEach((input) => {
        input.checked = input.value === chosen;
        input.addEventListener('change', () => {
          if (!input.checked) return;
          try { localStorage.setItem(KEY(name), input.value); } catch (e) { /* this page only */ }
          apply(name, input.value);
        });
      });
    });
    document.querySelectorAll('details.prefs').forEach(wireMenu);
  });
})();
