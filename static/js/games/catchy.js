// Catchy!: a card is either a colour or a Joker. The colour chips are radios and the Joker chip a
// checkbox (the form's fields are <role>_color and <role>_joker), so picking one clears the other,
// so that a Joker tapped by mistake is not kept when a colour is picked after it.
// Without this script the server still reads a ticked Joker as a Joker and ignores its colour.
(function () {
  'use strict';
  if (window.catchyChips) return;  // the partial that loads this is swapped in again on every update
  window.catchyChips = true;
  document.addEventListener('change', (event) => {
    const input = event.target;
    const row = input instanceof HTMLInputElement && input.checked && input.closest('.card-input');
    if (!row) return;
    const other = input.name.endsWith('_joker') ? 'input[name$="_color"]'
      : input.name.endsWith('_color') ? 'input[name$="_joker"]' : null;
    if (other) row.querySelectorAll(other).forEach((box) => { box.checked = false; });
  });
})();
