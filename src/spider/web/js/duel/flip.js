// @ts-check
// Cards turned by hand in a duel (the duel preset's flip rule, "manual"): the first time in a duel that a
// move uncovers a face-down card, the page points at it, a pulse and a mark on the card and a sentence in
// the status line (heard by screen readers too), once per duel; the mark goes once the card is turned.
import { t } from '../i18n.js';
import { say } from '../status.js';

/** @import * as T from '../types' */

const POINTED = 'spider.duel.flip-pointed'; // the duel whose player was shown a card to turn (this tab)
const MARK = 'flipPointer'; // data-flip-pointer on the column whose last card waits to be turned

/** Whether the duel's cards are turned by hand. @param {T.DuelState} duel */
export const manual = (duel) => duel.rules.flip === 'manual';

/** @param {string} id */
function pointed(id) {
  try { return sessionStorage.getItem(POINTED) === id; } catch { return false; }
}

/** @param {string} id */
function remember(id) {
  try { sessionStorage.setItem(POINTED, id); } catch { /* said once in this page's life, then */ }
}

let saidFor = ''; // when sessionStorage cannot keep it

const marked = () => /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[data-flip-pointer]')]);

/** The mark leaves the table (the card was turned, or the duel left the table). */
export function stopPointing() {
  for (const column of marked()) delete column.dataset[MARK];
}

/**
 * After each view of the duel's table: the first card that a move leaves face down is pointed at.
 * @param {T.DuelState} duel @param {T.View} view @param {T.View | null} previous @param {boolean} watching
 */
export function pointAtFlip(duel, view, previous, watching) {
  for (const column of marked()) {
    if (watching || !view.flips.includes(Number(column.dataset.column))) delete column.dataset[MARK];
  }
  if (watching || !manual(duel) || duel.state !== 'playing' || saidFor === duel.id || pointed(duel.id)) return;
  if (!previous || previous.id !== view.id) return; // a move on this table, not the table coming up
  const waiting = view.flips.find((n) => !previous.flips.includes(n));
  if (waiting === undefined) return;
  saidFor = duel.id;
  remember(duel.id);
  const column = /** @type {HTMLElement | null} */ (document.querySelector(`[data-column="${waiting}"]`));
  if (column) column.dataset[MARK] = 'true';
  // after the move's own sentence (game.js clears the status line and announces the move once the view is shown)
  setTimeout(() => say(t('duel.flip_waiting', { column: waiting })), 60);
}
