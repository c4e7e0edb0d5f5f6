// @ts-check
// The duel bar's strip, for a duel (duel/table.js) and a ghost race (duel/ghost.js): one thin line with the
// clock, both sides' progress and the buttons, as lichess keeps its clock and players; the explanations (a duel
// that changes no rating, cards turned by hand, a race that counts nowhere) behind a small "i" that opens them
// in a popover, reachable by keyboard (Tab from the "i" goes into it, Escape closes it) and heard by screen
// readers (a non-modal dialog with its name). Each part is drawn again only when it changes, so a progress frame
// never takes a button from under a finger or closes the open explanations.
import { t } from '../i18n.js';
import { esc } from '../dialog.js';

const NOTES = 'duel-bar-notes';
/** @type {WeakMap<Element, string>} each part's HTML as last drawn */
const drawn = new WeakMap();

/**
 * What the strip shows; each part is HTML (escaped by the caller) but the clock's text.
 * @typedef {object} Strip
 * @property {string} clock the clock's text
 * @property {string} clockLabel the clock's accessible name
 * @property {string} clockData the clock's data attribute, as tests and the caller's ticker find it (duelClock)
 * @property {string} [lead] beside the clock: whose table is shown, or a race's verdict
 * @property {string} players both sides' lines
 * @property {string} actions the buttons
 * @property {string} notes the explanations, as paragraphs; none: no "i"
 * @property {string} infoLabel the "i" button's name and the explanations' title
 */

/** @param {HTMLElement} bar */
function skeleton(bar) {
  bar.innerHTML = '<div class="duel-clock" data-strip="clock"></div><div class="duel-lead" data-strip="lead"></div>'
    + '<div class="duel-players" data-strip="players"></div><div class="duel-actions" data-strip="actions"></div>'
    + `<button type="button" class="duel-info" data-strip="info" popovertarget="${NOTES}" hidden><span aria-hidden="true">i</span></button>`
    + `<div class="duel-notes" id="${NOTES}" popover role="dialog" data-strip="notes"></div>`;
  const notes = /** @type {HTMLElement} */ (bar.querySelector(`#${NOTES}`));
  notes.addEventListener('toggle', (event) => {
    if (/** @type {ToggleEvent} */ (event).newState === 'open') place(bar, notes);
  });
}

/** The explanations open under the bar, or above it when there is no room below (a phone on its side), their
 * end at the "i"'s end, inside the window.
 * @param {HTMLElement} bar @param {HTMLElement} notes */
function place(bar, notes) {
  const box = bar.getBoundingClientRect();
  const info = /** @type {HTMLElement} */ (bar.querySelector('[data-strip="info"]')).getBoundingClientRect();
  const wide = notes.offsetWidth;
  const rtl = document.documentElement.dir === 'rtl';
  const start = rtl ? info.left : info.right - wide;
  notes.style.left = `${Math.max(8, Math.min(start, innerWidth - wide - 8))}px`;
  notes.style.right = 'auto';
  const below = innerHeight - box.bottom;
  if (below >= notes.offsetHeight + 12 || below >= box.top) {
    notes.style.top = `${box.bottom + 6}px`;
    notes.style.bottom = 'auto';
  } else {
    notes.style.top = 'auto';
    notes.style.bottom = `${innerHeight - box.top + 6}px`;
  }
}

/** @param {HTMLElement} bar @param {string} part @param {string} html */
function put(bar, part, html) {
  const el = /** @type {HTMLElement} */ (bar.querySelector(`[data-strip="${part}"]`));
  if (drawn.get(el) !== html) {
    el.innerHTML = html;
    drawn.set(el, html);
  }
  return el;
}

/**
 * Draws the strip in the bar: the parts that changed only.
 * @param {HTMLElement} bar @param {Strip} strip
 */
export function drawStrip(bar, strip) {
  if (!bar.querySelector('[data-strip="clock"]')) skeleton(bar);
  const clock = /** @type {HTMLElement} */ (bar.querySelector('[data-strip="clock"]'));
  if (!(strip.clockData in clock.dataset)) {
    for (const key of Object.keys(clock.dataset)) if (key !== 'strip') delete clock.dataset[key];
    clock.dataset[strip.clockData] = '';
  }
  clock.setAttribute('role', 'timer');
  clock.setAttribute('aria-label', strip.clockLabel);
  if (clock.textContent !== strip.clock) clock.textContent = strip.clock;
  put(bar, 'lead', strip.lead ?? '').hidden = !strip.lead;
  put(bar, 'players', strip.players);
  put(bar, 'actions', strip.actions);
  const info = /** @type {HTMLElement} */ (bar.querySelector('[data-strip="info"]'));
  info.hidden = !strip.notes;
  info.setAttribute('aria-label', strip.infoLabel);
  info.title = strip.infoLabel;
  const notes = put(bar, 'notes', strip.notes
    ? `<h2 class="visually-hidden">${esc(strip.infoLabel)}</h2>${strip.notes}`
      + `<button type="button" class="duel-notes-close" popovertarget="${NOTES}" popovertargetaction="hide">${esc(t('button.close'))}</button>`
    : '');
  notes.setAttribute('aria-label', strip.infoLabel);
  if (!strip.notes && notes.matches(':popover-open')) notes.hidePopover();
}

/** @typedef {{ score: number, runs: number, turned_up: number }} Progress a side's counts: never a card */

/** "50 points · 1 run · 3 turned up": each count in its own plural form. @param {Progress} side */
export const progressText = (side) => [
  t('duel.progress.points', { count: side.score }),
  t('duel.progress.runs', { count: side.runs }),
  t('duel.progress.turned', { count: side.turned_up }),
].join(' · ');

/**
 * A side's line in the strip after its name: the counts, then how it stands ("50 points · 1 run · 3 turned up ·
 * playing"). The points apart from the rest, which a phone leaves out once the duel is over.
 * @param {Progress} side @param {string} status
 */
export function progressHtml(side, status) {
  const [points, ...rest] = progressText(side).split(' · ');
  return `<span class="duel-progress"><span data-progress>${esc(points)}<span class="duel-more"> · ${esc(rest.join(' · '))}</span></span>`
    + `<span class="duel-sep"> · </span><small data-state>${esc(status)}</small></span>`;
}

/** The clock's element, for the caller's ticker. @param {HTMLElement} bar */
export const stripClock = (bar) => /** @type {HTMLElement | null} */ (bar.querySelector('[data-strip="clock"]'));
