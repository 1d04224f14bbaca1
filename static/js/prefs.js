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
  });
})();
