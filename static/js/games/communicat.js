// CommuniCat: keeps the "points this round" line of the resolve form current while players change it,
// so the sum is seen before it is applied. The server computes the same sum (companion/games/communicat.py).
(function () {
  'use strict';
  if (window.communicatPreview) return; // included by every swapped view: wire once
  function update(box) {
    const form = box.closest('form');
    if (!form) return;
    const num = (name) => Math.max(0, parseInt((form.elements[name] || {}).value, 10) || 0);
    const checked = form.querySelector('input[name="outcome"]:checked');
    const outcome = checked ? checked.value : 'guessed';
    const d = box.dataset;
    let points = outcome === 'guessed'
      ? parseInt(d.guessed, 10) + (form.elements.confidence && form.elements.confidence.checked ? parseInt(d.confidence, 10) : 0)
      : parseInt(d.failed, 10);
    points -= Math.max(0, num('mishaps') - num('lives_on_mishap'));
    const score = Math.max(parseInt(d.floor, 10), parseInt(d.score, 10) + points);
    box.querySelector('.cc-points').textContent = (points > 0 ? '+' : '') + points;
    box.querySelector('.cc-new-score').textContent = score;
  }
  function updateAll() { document.querySelectorAll('[data-cc-preview]').forEach(update); }
  document.addEventListener('input', (e) => { const b = e.target.closest('[data-cc-preview]'); if (b) update(b); });
  document.addEventListener('change', (e) => { const b = e.target.closest('[data-cc-preview]'); if (b) update(b); });
  document.addEventListener('htmx:after:swap', updateAll);
  document.addEventListener('DOMContentLoaded', updateAll);
  window.communicatPreview = { update, updateAll };
})();
