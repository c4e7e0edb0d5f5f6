// @ts-check
// Keyboard play (SPEC 3.3): letter shortcuts, and arrows with Enter/Space to pick up and put down cards.
import { state, groupAt, largestGroup } from './state.js';
import { t, cardName } from './i18n.js';
import { els, update } from './render.js';
import { announce, say } from './status.js';
import { undo, redo, hint, restart, nextSuits, deal, moveGroup, flip } from './game.js';
import { dialogs } from './dialogs.js';
import { askFirst } from './dialog.js';
import { toggleSound } from './sound.js';

/** Whether a key is not the table's: with a modifier, in a dialog, or typed into a field. @param {KeyboardEvent} e */
function shortcutsOff(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  if (document.querySelector('dialog[open]')) return true;
  const el = document.activeElement;
  return Boolean(el && el.matches('input, textarea, select, [contenteditable="true"]'));
}

/**
 * The letter keys, each with the command it plays as the toolbar names it: a button's tooltip names its key from here.
 * @type {Record<string, { command: string, run: () => unknown }>}
 */
const LETTERS = {
  u: { command: 'undo', run: () => undo() },
  y: { command: 'redo', run: () => redo() },
  h: { command: 'hint', run: () => hint() },
  r: { command: 'restart', run: () => askFirst(restart) },
  n: { command: 'new', run: () => dialogs.newGame() },
  s: { command: 'suits', run: () => askFirst(nextSuits) },
  d: { command: 'deal', run: () => deal() },
  w: { command: 'text', run: () => announce(state.view ? state.view.text : '') }, // the table in words (SPEC 1.8), from the server
  m: { command: 'mute', run: () => say(t(toggleSound() ? 'sound.on' : 'sound.off')) },
};

/**
 * The key that plays a command ('undo' → 'u'), or '' when it has none.
 * @param {string} command
 */
export function keyFor(command) {
  return Object.keys(LETTERS).find((letter) => LETTERS[letter].command === command) || '';
}

function describeCursor() {
  if (!state.view) return;
  const { column, count } = state.cursor;
  const data = state.view.columns[column - 1];
  let text;
  if (!data.up.length) {
    text = data.down ? t('announce.cursor.down', { column, down: data.down }) : t('announce.cursor.empty', { column });
  } else {
    text = t('announce.cursor', { column, count, card: cardName(data.up[data.up.length - count]) });
  }
  const group = state.held && groupAt(state.view, state.held.column, state.held.count);
  if (group && group.targets.includes(column)) text += ` ${t('announce.target', { column })}`;
  announce(text);
}

/** @param {number} dColumn +1 to the next column, -1 to the one before @param {number} dCount +1 for one card more, -1 for one fewer */
function moveCursor(dColumn, dCount) {
  const view = state.view;
  if (!view) return;
  update(() => {
    state.keyboard = true;
    const c = state.cursor;
    if (dColumn) {
      const columns = view.columns.length;
      c.column = ((c.column - 1 + dColumn + columns) % columns) + 1;
      c.count = largestGroup(view, c.column) || Math.min(1, view.columns[c.column - 1].up.length);
    }
    if (dCount) {
      const up = view.columns[c.column - 1].up.length;
      c.count = Math.max(Math.min(1, up), Math.min(up, c.count + dCount));
    }
  });
  els.tableau.focus({ preventScroll: true });
  describeCursor();
}

function pickOrPut() {
  const view = state.view;
  if (!view) return;
  const { column, count } = state.cursor;
  state.keyboard = true;
  if (state.held) {
    const held = state.held;
    update(() => { state.held = null; });
    if (held.column === column) {
      announce(t('announce.cancel'));
      return;
    }
    moveGroup(held.column, column, held.count);
    return;
  }
  const data = view.columns[column - 1];
  if (!data.up.length && view.flips.includes(column)) {
    flip(column);
    return;
  }
  if (!count) return;
  const group = groupAt(view, column, count);
  update(() => {
    state.held = { column, count };
    state.selected = null;
    // jump to the best column so that Enter, Enter plays the natural move
    if (group && group.best) state.cursor = { column: group.best, count: largestGroup(view, group.best) };
  });
  announce(t('announce.picked', { count, column, card: cardName(data.up[data.up.length - count]) }));
}

function cancel() {
  if (!state.held && !state.selected && !state.hint) return false;
  const held = state.held;
  update(() => {
    // the cursor jumped to the best column on pick-up: put it back where the cards still are
    if (held) state.cursor = { column: held.column, count: held.count };
    state.held = null; state.selected = null; state.hint = null;
  });
  say('');
  announce(t('announce.cancel'));
  return true;
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (!state.view || shortcutsOff(e)) return;
  const key = e.key;
  const letter = key.length === 1 ? key.toLowerCase() : '';
  if (LETTERS[letter]) {
    e.preventDefault();
    LETTERS[letter].run();
    return;
  }
  /** @type {Record<string, [number, number]>} each arrow's step: columns, cards */
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (arrows[key]) {
    e.preventDefault();
    const [dc, dn] = arrows[key];
    const rtl = document.documentElement.dir === 'rtl';
    moveCursor(rtl ? -dc : dc, dn);
    return;
  }
  if (key === 'Enter' || key === ' ') {
    const el = document.activeElement;
    if (el && el !== document.body && el !== els.tableau) return; // buttons keep Enter and Space
    e.preventDefault();
    pickOrPut();
    return;
  }
  if (key === 'Escape' && cancel()) e.preventDefault();
}

export function initKeyboard() {
  document.addEventListener('keydown', onKey);
  els.tableau.addEventListener('focus', () => {
    if (els.tableau.matches(':focus-visible')) update(() => { state.keyboard = true; });
  });
  els.tableau.addEventListener('blur', () => { update(() => { state.keyboard = false; }); });
}
