// Pack the Essentials: the "Print or save as PDF" button on the final score pad. The CSP forbids
// inline handlers, so one delegated listener; the flag keeps it to one when a swap re-runs this file.
if (!window.ptePrintBound) {
  window.ptePrintBound = true;
  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-pte-print]")) window.print();
  });
}
