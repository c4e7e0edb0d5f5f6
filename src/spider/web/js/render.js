// @ts-check
// render(state) brings the DOM in line with the state; redraws are batched per animation frame.
import { state, groupAt, largestGroup } from './state.js';
import { settings, animationsOn, CONSTANTS } from './settings.js';
import { t, formatTime, formatNumber } from './i18n.js';
import { cardElement, SUIT_SYMBOLS, showRun, showStock } from './cards.js';
import { measure, fit, offsets } from './layout.js';
import { capture, play } from './anim.js';
import { shownSeconds } from './onscreen.js';
import { renderPractice } from './practice-bar.js';
import { secret, secretCode } from './secret.js';
/** @import * as T from './types' */

/**
 * Whether the page offers "Share this deal" for the game (on the code's line, in the More menu, in the win dialog):
 * only where the server gives a link, as the view says (not an exercise, a daily deal, whose cards a link would
 * give away, nor a ghost race still on), and only while the server can be asked.
 * @param {T.View} view
 */
export const shareable = (view) => Boolean(view.shareable) && !view.offline && !state.offline;

/** The table's elements: empty until initRender() has found them, before anything is drawn. */
export const els = /** @type {T.Elements} */ ({});
let scheduled = false;
/** @type {import('./anim.js').Snapshot | null} */
let snapshot = null;

/** The element a selector finds in the page, which the page's HTML always has. @param {string} selector @param {ParentNode} [within] */
const found = (selector, within = document) => /** @type {HTMLElement} */ (within.querySelector(selector));

/** The table's columns, and a slot for each run that wins, as many as the server says (CONSTANTS). @param {number} columns @param {number} runs */
function layTable(columns, runs) {
  els.columns = Array.from({ length: columns }, (_, i) => {
    const col = document.createElement('div');
    col.className = 'column';
    col.dataset.column = String(i + 1);
    col.setAttribute('role', 'list');
    return col;
  });
  els.tableau.replaceChildren(...els.columns);
  els.tableau.style.setProperty('--columns', String(columns)); // the table's grid (spider.css)
  els.runs = Array.from({ length: runs }, () => {
    const slot = document.createElement('div');
    slot.className = 'run';
    slot.setAttribute('role', 'listitem');
    return slot;
  });
  found('.runs').replaceChildren(...els.runs);
  measure(els.tableau, columns);
}

/** A choice in the toolbar for each suit count, marked with that many suits. */
function suitChoices() {
  const symbols = Object.values(SUIT_SYMBOLS);
  return CONSTANTS.suit_counts.map((count) => {
    const choice = document.createElement('button');
    choice.type = 'button';
    choice.className = 'suit-choice';
    choice.setAttribute('role', 'radio');
    choice.setAttribute('aria-checked', 'false');
    choice.dataset.suits = String(count);
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = symbols.slice(0, count).join('');
    choice.append(mark);
    return choice;
  });
}

export function initRender() {
  els.app = found('#app');
  els.tableau = found('#tableau');
  layTable(CONSTANTS.columns, CONSTANTS.runs_to_win);
  els.stock = found('[data-stock]');
  els.score = found('[data-score]');
  els.moves = found('[data-moves]');
  els.time = found('[data-time]');
  els.code = found('[data-code]');
  els.kind = found('[data-kind]');
  els.share = found('[data-share]');
  els.tableText = found('#table-text');
  els.buttons = Object.fromEntries([.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-command]'))].map((b) => [b.dataset.command, b]));
  els.suits = suitChoices();
  found('.suits').replaceChildren(...els.suits);
  new ResizeObserver(() => { measure(els.tableau, els.columns.length); requestRender(); }).observe(els.tableau);
}

/**
 * Change the state; with animate, cards slide from where they are now to where the new state puts them.
 * @param {() => void} mutate @param {{ animate?: boolean }} [options]
 */
export function update(mutate, { animate = false } = {}) {
  if (animate && !snapshot && state.view && animationsOn()) snapshot = capture(els, state.view);
  mutate();
  requestRender();
}

export function requestRender() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    if (!scheduled) return; // drawn already by flush()
    scheduled = false;
    const snap = snapshot;
    snapshot = null;
    render();
    if (snap && state.view) play(snap, els, state.view);
  });
}

/** Draw now what waits for the next frame, without its animation: the player pressed, the table lands at once. */
export function flush() {
  if (!scheduled) return;
  scheduled = false;
  snapshot = null;
  render();
}

/** @param {HTMLElement} el @param {number} n @param {T.Pile} column @param {T.View} view */
function renderColumn(el, n, column, view) {
  const flippable = view.flips.includes(n);
  const sig = `${column.down}|${column.up.join(',')}`;
  if (el.dataset.sig !== sig) {
    el.dataset.sig = sig;
    const cards = [];
    for (let i = 0; i < column.down; i += 1) cards.push(cardElement('down'));
    for (const card of column.up) cards.push(cardElement(card));
    groupFaceDown(cards.slice(0, column.down));
    el.replaceChildren(...cards);
  }
  const ys = offsets(column.down, column.up.length);
  const firstMovable = el.children.length - largestGroup(view, n);
  [.../** @type {HTMLCollectionOf<HTMLElement>} */ (el.children)].forEach((card, i) => {
    card.style.setProperty('--y', `${ys[i].toFixed(1)}px`);
    card.classList.toggle('flippable', flippable && i === el.children.length - 1);
    card.classList.toggle('movable', i >= firstMovable);
  });
  el.setAttribute('aria-label', columnName(n, column));
}

/** A screen reader hears the face-down cards as one item, "5 face-down cards", not one by one. */
/** @param {HTMLElement[]} backs */
function groupFaceDown(backs) {
  if (!backs.length) return;
  const [first, ...rest] = backs;
  first.setAttribute('role', 'listitem');
  const words = document.createElement('span');
  words.className = 'visually-hidden';
  words.textContent = t('column.face_down', { count: backs.length });
  first.append(words);
  for (const back of rest) back.setAttribute('aria-hidden', 'true');
}

/** "Column 3, 5 face-down cards, 4 face-up cards", or "Column 3: empty". @param {number} n @param {T.Pile} column */
function columnName(n, column) {
  const parts = [];
  if (column.down) parts.push(t('column.face_down', { count: column.down }));
  if (column.up.length) parts.push(t('column.face_up', { count: column.up.length }));
  return parts.length ? t('column.label', { n, cards: parts.join(t('list.separator')) }) : t('column.empty', { n });
}

/** Marks a column's last cards with a class. @param {number} column @param {number} count @param {string} cls */
function markEnd(column, count, cls) {
  const cards = els.columns[column - 1].children;
  for (let i = Math.max(0, cards.length - count); i < cards.length; i += 1) cards[i].classList.add(cls);
}

export function render() {
  const view = state.view;
  if (!view) {
    // no game at hand (no server, no kept game): the empty table still fits the window
    fit(els.columns.map(() => ({ down: 0, up: [] })));
    return;
  }
  document.body.classList.toggle('four-colors', settings.fourColors);
  // drawn before the server's facts came (no server, no kept copy): the view says how many columns
  if (els.columns.length !== view.columns.length) layTable(view.columns.length, els.runs.length);
  fit(view.columns);
  view.columns.forEach((column, i) => renderColumn(els.columns[i], i + 1, column, view));

  for (const el of els.tableau.querySelectorAll('.selected, .held, .hinted, .last-move, .cursor-card')) {
    el.classList.remove('selected', 'held', 'hinted', 'last-move', 'cursor-card');
  }
  const active = state.drag || state.held || state.selected;
  const group = active && groupAt(view, active.column, active.count);
  const targets = settings.highlight && group ? group.targets : [];
  els.columns.forEach((col, i) => {
    const n = i + 1;
    col.classList.toggle('target', targets.includes(n));
    col.classList.toggle('hint-target', Boolean(state.hint && state.hint.target === n));
    col.classList.toggle('cursor', Boolean(state.keyboard && state.cursor.column === n));
    col.classList.toggle('lifted', Boolean(state.drag && state.drag.column === n));
  });
  if (settings.lastMove && view.last_move && !active) markEnd(view.last_move.target, view.last_move.count, 'last-move');
  if (state.selected) markEnd(state.selected.column, state.selected.count, 'selected');
  if (state.held) markEnd(state.held.column, state.held.count, 'held');
  if (state.hint) markEnd(state.hint.column, state.hint.count, 'hinted');
  if (state.keyboard && state.cursor.count) markEnd(state.cursor.column, state.cursor.count, 'cursor-card');

  // runs, stock, counters
  els.runs.forEach((slot, i) => showRun(slot, view.runs[i], i + 1));
  const deals = view.stock.deals_left;
  showStock(els.stock, deals);
  els.stock.setAttribute('aria-label', deals ? t('stock.label', { count: deals }) : t('stock.empty'));
  els.score.textContent = formatNumber(view.score);
  els.moves.textContent = formatNumber(view.moves);
  // the code names every card: the server sends it once the game is over (or when the player typed it), and a
  // deal kept secret while others still play it for a result (today's daily deal) once that is over: say when
  els.code.textContent = view.code || (secret(view) ? secretCode(view) : t(view.practice ? 'info.code_practice' : 'info.code_later'));
  // a typed code's deal is the player's, not one we dealt (a game resumed after its analysis keeps "verified");
  // a deal opened from a link is the sharer's, whatever it was for them
  const kind = view.practice ? (view.practice.number === null ? 'info.from_review' : 'info.practice') : view.shared ? 'info.shared'
    : view.verified ? 'info.verified' : view.typed ? 'info.typed' : 'info.random';
  els.kind.textContent = `· ${t(kind)}`;
  els.share.hidden = !shareable(view);
  renderPractice(view);
  updateClock();
  els.tableText.textContent = view.text;

  const b = els.buttons;
  b.undo.setAttribute('aria-disabled', String(!view.can_undo));
  b.redo.setAttribute('aria-disabled', String(!view.can_redo));
  b.hint.hidden = !settings.hints;
  for (const choice of els.suits) {
    const n = Number(choice.dataset.suits);
    choice.setAttribute('aria-checked', String(n === view.suits));
    choice.setAttribute('aria-label', t('suits.option', { count: n }));
  }
}

export function updateClock() {
  if (!state.view) return;
  const text = formatTime(shownSeconds());
  if (els.time.textContent !== text) els.time.textContent = text;
}
