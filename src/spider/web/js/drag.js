// @ts-check
// Pointer input on the table (mouse, touch and pen alike): drag and drop, taps, double-clicks.
// A drag starts only past a few pixels so that taps stay taps; document listeners live only while pressed.
// A press acts on the table as it lands, never on a card in flight: cards still sliding are put where they
// are going at once, and while an action is unanswered the press waits for its answer to be drawn; then it
// takes what is drawn under the pointer (a move or a release made meanwhile is played after it).
import { state, groupAt } from './state.js';
import { settings } from './settings.js';
import { t } from './i18n.js';
import { els, update, flush } from './render.js';
import { land as landCards } from './anim.js';
import { say } from './status.js';
import { moveGroup, moveToBest, flip, acting, answered } from './game.js';

const THRESHOLD = 6;
const DOUBLE_MS = 450;
/**
 * @typedef {{ id: number, x: number, y: number, at: { x: number, y: number }, waiting: boolean, up: boolean,
 *   column: number, count: number, down: boolean, dragging: boolean, cards: HTMLElement[], mouse: boolean }} Press
 */
/** @type {Press | null} */
let press = null;
/** @type {{ column: number, time: number } | null} the last tap, for a double one */
let lastTap = null;

export function initDrag() {
  els.tableau.addEventListener('pointerdown', onDown);
  els.tableau.addEventListener('contextmenu', (e) => e.preventDefault()); // a long press is a drag, not a menu
}

/** The table as the last answer draws it, every card at rest. */
function land() {
  flush();
  landCards();
  for (const card of els.tableau.querySelectorAll('.returning')) for (const a of card.getAnimations()) a.finish();
}

/** What the press holds, from what is drawn under it: a column, and the cards from the one pressed down. */
/** @param {Press} p */
function aim(p) {
  const hit = document.elementFromPoint(p.x, p.y);
  if (!hit || !els.tableau.contains(hit) || !state.view) return false;
  const colEl = /** @type {HTMLElement | null} */ (hit.closest('.column'));
  if (!colEl) return false;
  p.column = Number(colEl.dataset.column);
  const data = state.view.columns[p.column - 1];
  const cardEl = hit.closest('.card');
  if (cardEl) {
    const index = [...colEl.children].indexOf(cardEl);
    if (index < data.down) p.down = true;
    else p.count = data.down + data.up.length - index;
  }
  p.cards = p.count ? /** @type {HTMLElement[]} */ ([...colEl.children].slice(-p.count)) : [];
  return true;
}

/** @param {PointerEvent} e */
function onDown(e) {
  if (press || e.button !== 0 || !state.view) return;
  state.keyboard = false;
  /** @type {Press} */
  const p = {
    id: e.pointerId, x: e.clientX, y: e.clientY, at: { x: e.clientX, y: e.clientY }, waiting: acting(), up: false,
    column: 0, count: 0, down: false, dragging: false, cards: [], mouse: e.pointerType === 'mouse',
  };
  if (p.waiting) {
    press = p;
    bind();
    answered().then(() => resume(p));
    return;
  }
  land();
  if (!aim(p)) return;
  press = p;
  if (p.count) e.preventDefault();
  bind();
}

/** The answer is drawn: the press that waited for it acts now, with what the pointer did meanwhile. */
function resume(/** @type {Press} */ p) {
  if (press !== p) return; // cancelled meanwhile
  p.waiting = false;
  if (state.view) land();
  if (!state.view || !aim(p)) {
    unbind();
    press = null;
    return;
  }
  follow(p);
  if (p.up) finish(p);
}

function bind() {
  document.addEventListener('pointermove', onMove);
  document.addEventListener('pointerup', onUp);
  document.addEventListener('pointercancel', onCancel);
}

function unbind() {
  document.removeEventListener('pointermove', onMove);
  document.removeEventListener('pointerup', onUp);
  document.removeEventListener('pointercancel', onCancel);
}

/** @param {PointerEvent} e */
function onMove(e) {
  if (!press || e.pointerId !== press.id) return;
  press.at = { x: e.clientX, y: e.clientY };
  if (!press.waiting) follow(press);
}

/** The carried cards go where the pointer is; past the threshold a press becomes a drag. */
function follow(/** @type {Press} */ p) {
  const dx = p.at.x - p.x;
  const dy = p.at.y - p.y;
  if (!p.dragging) {
    if (!p.count || Math.hypot(dx, dy) < THRESHOLD) return;
    p.dragging = true;
    const { column, count } = p;
    update(() => { state.selected = null; state.held = null; state.hint = null; state.drag = { column, count }; });
    say(''); // a new gesture: the last refusal is no longer news
    els.tableau.classList.add('dragging');
    els.columns[column - 1].classList.add('lifted'); // from the first frame: above every column (spider.css)
    for (const card of p.cards) card.classList.add('dragged');
  }
  for (const card of p.cards) card.style.translate = `${dx}px ${dy}px`;
}

/** @param {PointerEvent} e */
function onCancel(e) {
  if (!press || e.pointerId !== press.id) return;
  unbind();
  const p = press;
  press = null;
  if (p.dragging) putBack(p);
}

/** @param {PointerEvent} e */
function onUp(e) {
  if (!press || e.pointerId !== press.id) return;
  press.at = { x: e.clientX, y: e.clientY };
  press.up = true;
  if (!press.waiting) finish(press);
}

/** @param {Press} p */
function finish(p) {
  unbind();
  press = null;
  if (p.dragging) drop(p, p.at.x, p.at.y);
  else tap(p);
}

/** The column under a point: the whole height of the table counts, and half the gap on each side. */
function columnAt(/** @type {number} */ x, /** @type {number} */ y) {
  const table = els.tableau.getBoundingClientRect();
  if (y < table.top - 20 || y > table.bottom + 20) return null;
  /** @type {number | null} */
  let best = null;
  let distance = Infinity;
  els.columns.forEach((col, i) => {
    const r = col.getBoundingClientRect();
    const d = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    if (d < distance) { distance = d; best = i + 1; }
  });
  return distance <= 14 ? best : null;
}

function endDrag() {
  els.tableau.classList.remove('dragging');
  update(() => { state.drag = null; });
}

/** @param {Press} p */
function putBack(p) {
  for (const card of p.cards) {
    card.classList.add('returning');
    card.style.translate = '';
  }
  setTimeout(() => { for (const card of p.cards) card.classList.remove('dragged', 'returning'); }, 220);
  endDrag();
}

/** @param {Press} p @param {number} x @param {number} y */
async function drop(p, x, y) {
  const target = columnAt(x, y);
  const group = groupAt(state.view, p.column, p.count);
  let destination = null;
  if (target && target !== p.column && group && group.targets.includes(target)) destination = target;
  else if (settings.autoPlace && group && group.best) destination = group.best;
  else if (target && target !== p.column) destination = target; // refused by the server, which names the rule
  if (destination === null) {
    putBack(p);
    return;
  }
  const moved = await moveGroup(p.column, destination, p.count, { shakeCards: false });
  if (!moved) putBack(p);
  else els.tableau.classList.remove('dragging');
}

/** @param {Press} p */
function tap(p) {
  const now = performance.now();
  const double = Boolean(lastTap && lastTap.column === p.column && now - lastTap.time < DOUBLE_MS);
  lastTap = { column: p.column, time: now };
  const view = state.view;
  if (!view) return;
  const data = view.columns[p.column - 1];
  const selected = state.selected;
  if (!selected && p.down && data.up.length === 0 && view.flips.includes(p.column)) {
    flip(p.column);
    return;
  }
  if (selected) {
    if (selected.column === p.column) {
      if (double && settings.doubleClick) {
        update(() => { state.selected = null; });
        moveToBest(selected.column, selected.count);
      } else if (p.count && p.count !== selected.count) {
        update(() => { state.selected = { column: p.column, count: p.count }; });
      } else {
        update(() => { state.selected = null; });
        say('');
      }
      return;
    }
    update(() => { state.selected = null; });
    moveGroup(selected.column, p.column, selected.count);
    return;
  }
  if (!p.count) return;
  if (settings.oneTap && double) return; // the second half of a double-click: the first tap moved already
  if (settings.oneTap) {
    moveToBest(p.column, p.count);
    return;
  }
  update(() => { state.selected = { column: p.column, count: p.count }; state.hint = null; });
  say(t(p.mouse ? 'select.hint.click' : 'select.hint')); // a mouse clicks, a finger taps
}
