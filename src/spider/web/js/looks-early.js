// @ts-check
// The player's looks (card back, table colour, deck) put on <html> before the first paint: a classic
// script, loaded after the styles and before the body, so that a reload never shows the default table
// first. looks.js offers the choices in Settings and calls the same function when one changes.
(() => {
  /** @param {{ back?: string, felt?: string, deck?: string }} chosen */
  function applyLooks(chosen) {
    const root = document.documentElement;
    root.dataset.back = chosen.back || 'blue';
    root.dataset.felt = chosen.felt || 'green';
    root.dataset.deck = chosen.deck || 'standard';
    // the browser's bar takes the table's colour (looks.css gives each its --felt-dark)
    const bar = document.querySelector('meta[name="theme-color"]');
    const colour = getComputedStyle(root).getPropertyValue('--felt-dark').trim();
    if (bar && colour) bar.setAttribute('content', colour);
  }
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem('spider.settings') || '{}') || {}; } catch { saved = {}; }
  applyLooks(saved);
  window.spiderLooks = applyLooks;
})();
