// @ts-check
// The table's looks, chosen in Settings: the cards' back, the table's colour, and the deck (standard, or
// large print: big corner indices for small screens and tired eyes). Each is a data attribute on <html>
// (data-back, data-felt, data-deck) that looks.css draws; looks-early.js puts them there before the first
// paint, and this module offers them and applies a change at once.
import { settings, saveSettings } from './settings.js';
import { t } from './i18n.js';
import { esc } from './dialog.js';

/** @typedef {'back' | 'felt' | 'deck'} Look */
/** @type {Record<Look, string[]>} each look's choices, the default first (as settings.js's defaults) */
const LOOKS = {
  back: ['blue', 'red', 'green', 'black'],
  felt: ['green', 'blue', 'red', 'grey'],
  deck: ['standard', 'large'],
};

/** Puts the settings' looks on the page (looks-early.js's function, the one home of how). */
export function applyLooks() {
  if (window.spiderLooks) window.spiderLooks(settings);
}

/** The Settings dialog's "Looks" group: a select per look, each showing the player's choice. */
export function looksFields() {
  const field = (/** @type {[string, string[]]} */ [look, choices]) => {
    const options = choices.map((choice) => `<option value="${choice}"${settings[/** @type {Look} */ (look)] === choice ? ' selected' : ''}>${esc(t(`looks.${look}.${choice}`))}</option>`).join('');
    return `<div class="field"><label for="look-${look}">${esc(t(`looks.${look}`))}</label><select id="look-${look}" data-look="${look}">${options}</select></div>`;
  };
  return `<h3>${esc(t('looks.title'))}</h3>${Object.entries(LOOKS).map(field).join('')}`;
}

/**
 * Reads the group back: a choice is remembered and drawn at once.
 * @param {HTMLElement} dialog @param {() => void} redraw called after a change (the deck changes the cards' sizes)
 */
export function wireLooks(dialog, redraw) {
  /** @type {NodeListOf<HTMLSelectElement>} */
  const selects = dialog.querySelectorAll('[data-look]');
  for (const select of selects) {
    select.addEventListener('change', () => {
      const look = /** @type {Look} */ (String(select.dataset.look));
      if (!LOOKS[look] || !LOOKS[look].includes(select.value)) return;
      settings[look] = select.value;
      saveSettings();
      applyLooks();
      redraw();
    });
  }
}
