// @ts-check
// The More menu (⋯) at the end of the toolbar: what the New game dialog offers besides a new game, reachable
// from the table — practice, giving up with a winning line or an analysis, sharing the deal where the server gives
// a link — and, on phones, where the toolbar has no room for them, the rules and the statistics; and the player's account. Each item shows only when it applies,
// on the same conditions as the dialogs that offer it. A WAI-ARIA menu: arrows, Home, End, Escape, Tab.
import { state } from './state.js';
import { t } from './i18n.js';
import { dialogs } from './dialogs.js';
import { showWinningLine } from './replay.js';
import { analyseGame } from './analysis.js';
import { practiceDialog } from './practice.js';
import { secret } from './secret.js';
import { shareable } from './render.js';
/** @import * as T from './types' */

/** A game in play, as the New game dialog tells one: given up, it counts as a loss (an exercise never
does, and has no analysis). @param {T.View} view */
const playing = (view) => !view.practice && !view.over && !view.won && view.moves > 0;

/** A finished game of the player's own, online (no exercise): it can be reviewed (review.js). @param {T.View} view */
const reviewable = (view) => (view.over || view.won) && !view.practice && !state.offline;

/**
 * The menu's items, in order: its catalog id, whether it applies to the table now, and what it does.
 * The rules and the statistics are marked for phones: the toolbar shows them elsewhere (spider.css).
 * The account is there whatever is on the table.
 * @type {{ id: string, label: string, phone?: boolean, always?: boolean, applies: (view: T.View) => boolean, run: () => unknown }[]}
 */
const ITEMS = [
  { id: 'practice', label: 'button.practice', applies: () => true, run: () => practiceDialog() },
  { id: 'daily', label: 'daily.menu', applies: () => true, run: () => import('./daily.js').then((daily) => daily.openDaily()) },
  // a deal kept secret (today's daily deal) has no line nor analysis to give before its time: the code's place says when
  { id: 'giveup', label: 'button.giveup', applies: (view) => playing(view) && Boolean(view.verified) && !secret(view), run: () => showWinningLine() },
  { id: 'line', label: 'button.line', applies: (view) => view.won && Boolean(view.verified) && !secret(view), run: () => showWinningLine() },
  { id: 'analyse', label: 'button.analyse', applies: (view) => playing(view) && !secret(view), run: () => analyseGame() },
  { id: 'review', label: 'review.button', applies: reviewable, run: () => import('./review.js').then((r) => r.reviewGame(/** @type {T.View} */ (state.view).id)) },
  { id: 'share', label: 'button.share', applies: shareable, run: () => dialogs.share() },
  { id: 'account', label: 'account.menu', always: true, applies: () => true, run: () => import('./account.js').then((account) => account.openAccount()) },
  { id: 'stats', label: 'button.stats', phone: true, applies: () => true, run: () => dialogs.stats() },
  { id: 'rules', label: 'button.rules', phone: true, applies: () => true, run: () => dialogs.rules() },
];

let button = /** @type {HTMLButtonElement} */ (/** @type {unknown} */ (null));
let menu = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));

/** @returns {HTMLElement[]} the items a player can reach now (a phone's only on a phone) */
function items() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (menu.querySelectorAll('[role="menuitem"]'))].filter((item) => item.offsetParent !== null);
}

/** Fill the menu with what applies to the table now. */
function fill() {
  const view = state.view;
  // a replay of a winning line or a duel is no game of the player's own: only the rules and the statistics
  const own = view && !state.duel;
  menu.replaceChildren(...ITEMS.filter((item) => (item.phone || item.always || (own && view && item.applies(view)))).map((item) => {
    const entry = document.createElement('button');
    entry.type = 'button';
    entry.setAttribute('role', 'menuitem');
    entry.tabIndex = -1;
    entry.dataset.item = item.id;
    if (item.phone) entry.classList.add('phone-only');
    entry.textContent = t(item.label);
    entry.addEventListener('click', () => { close(); item.run(); }); // a dialog it opens gives focus back to More
    return entry;
  }));
}

/** By the button, its end edge on the button's end edge (the left one in Hebrew), inside the screen. */
function place() {
  const r = button.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  const rtl = document.documentElement.dir === 'rtl';
  const left = rtl ? r.left : r.right - width;
  menu.style.left = `${Math.max(4, Math.min(left, window.innerWidth - width - 4))}px`;
  // below the button, or above it when the screen ends first (a phone on its side), or as high as fits
  const below = r.bottom + 4;
  const above = r.top - height - 4;
  const top = below + height <= window.innerHeight ? below : above >= 4 ? above : Math.max(4, window.innerHeight - height - 4);
  menu.style.top = `${top}px`;
}

/** @param {'first' | 'last'} [focus] */
function open(focus = 'first') {
  fill();
  if (!menu.childElementCount) return;
  menu.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  place();
  const reachable = items();
  if (!reachable.length) { close(); return; } // nothing applies on this screen now (a replay, on a desktop)
  const target = focus === 'last' ? reachable[reachable.length - 1] : reachable[0];
  if (target) target.focus();
}

/** @param {boolean} [refocus] back to the More button (Escape), or not (an item chosen, a click elsewhere) */
function close(refocus = true) {
  if (menu.hidden) return;
  menu.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (refocus) button.focus();
}

/** @param {KeyboardEvent} e */
function onMenuKey(e) {
  const reachable = items();
  const at = reachable.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const go = (/** @type {number} */ i) => reachable[(i + reachable.length) % reachable.length].focus();
  if (e.key === 'Tab') { close(false); return; }
  // the menu's keys are its own: the table's letters and arrows wait until it is closed
  e.stopPropagation();
  if (e.key === 'ArrowDown') go(at + 1);
  else if (e.key === 'ArrowUp') go(at - 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(-1);
  else if (e.key === 'Escape') close();
  else return;
  e.preventDefault();
}

export function initMenu() {
  button = /** @type {HTMLButtonElement} */ (document.querySelector('[data-menu="more"]'));
  menu = /** @type {HTMLElement} */ (document.getElementById('more-menu'));
  button.addEventListener('click', () => { if (menu.hidden) open(); else close(); });
  button.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    e.stopPropagation();
    open(e.key === 'ArrowUp' ? 'last' : 'first');
  });
  menu.addEventListener('keydown', onMenuKey);
  document.addEventListener('pointerdown', (e) => {
    const target = /** @type {Node} */ (e.target);
    if (!menu.hidden && !menu.contains(target) && !button.contains(target)) close(false);
  });
  window.addEventListener('resize', () => close(false));
}
