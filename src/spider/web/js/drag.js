// @ts-check
// Pointer input on the table (mouse, touch and pen alike): drag and drop, taps, double-clicks.
// A drag starts only past a few pixels so that taps stay taps; document listeners live only while pressed.
import { state, groupAt } from './state.js';
import { settings } from './settings.js';
import { t } from './i18n.js';
import { els, update } from './render.js';
import { say } from './status.js';
import { moveGroup, moveToBest, flip } from './game.js';

const THRESHOLD = 6;
const DOUBLE_MS = 450;
let press = null;
let lastTap = null;

export function initDrag() {
  els.tableau.addEventListener('pointerdown', onDown);
  els.tableau.addEventListener('contextmenu', (e) => e.preventDefault()); // a long press is a drag, not a menu
}

function onDown(e) {
  if (press || e.button !== 0 || !state.view || state.replay) return;
  const colEl = e.target.closest('.column');
  if (!colEl) return;
  const column = Number(colEl.dataset.column);
  const data = state.view.columns[column - 1];
  const cardEl = e.target.closest('.card');
  let count = 0;
  let down = false;
  if (cardEl) {
    const index = [...colEl.children].indexOf(cardEl);
    if (index < data.down) down = true;
    else count = data.down + data.up.length - index;
  }
  state.keyboard = false;
  press = {
    column, count, down, id: e.pointerId, x: e.clientX, y: e.clientY, dragging: false,
    cards: count ? [...colEl.children].slice(-count) : [],
  };
  if (count) e.preventDefault();
  document.addEventListener('pointermove', onMove);
  document.addEventListener('pointerup', onUp);
  document.addEventListener('pointercancel', onCancel);
}

function unbind() {
  document.removeEventListener('pointermove', onMove);
  document.removeEventListener('pointerup', onUp);
  document.removeEventListener('pointercancel', onCancel);
}

function onMove(e) {
  if (!press || e.pointerId !== press.id) return;
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (!press.dragging) {
    if (!press.count || Math.hypot(dx, dy) < THRESHOLD) return;
    press.dragging = true;
    const { column, count } = press;
    update(() => { state.selected = null; state.held = null; state.hint = null; state.drag = { column, count }; });
    say(''); // a new gesture: the last refusal is no longer news
    els.tableau.classList.add('dragging');
    els.columns[column - 1].classList.add('lifted'); // from the first frame: above every column (spider.css)
    for (const card of press.cards) card.classList.add('dragged');
  }
  for (const card of press.cards) card.style.translate = `${dx}px ${dy}px`;
}

function onCancel(e) {
  if (!press || e.pointerId !== press.id) return;
  unbind();
  const p = press;
  press = null;
  if (p.dragging) putBack(p);
}

function onUp(e) {
  if (!press || e.pointerId !== press.id) return;
  unbind();
  const p = press;
  press = null;
  if (p.dragging) drop(p, e.clientX, e.clientY);
  else tap(p);
}

/** The column under a point: the whole height of the table counts, and half the gap on each side. */
function columnAt(x, y) {
  const table = els.tableau.getBoundingClientRect();
  if (y < table.top - 20 || y > table.bottom + 20) return null;
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

function putBack(p) {
  for (const card of p.cards) {
    card.classList.add('returning');
    card.style.translate = '';
  }
  setTimeout(() => { for (const card of p.cards) card.classList.remove('dragged', 'returning'); }, 220);
  endDrag();
}

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
  say(t('select.hint'));
}
