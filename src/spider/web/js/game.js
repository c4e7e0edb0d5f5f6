// @ts-check
// What the player's commands do: each one asks the server, then shows the view it answers with.
// No rule lives here: targets and best columns come with the view, refusals come from the server.
import { api } from './api.js';
import { state, groupAt, largestGroup, moveText, refusalAt } from './state.js';
import { settings, saveSettings, CONSTANTS } from './settings.js';
import { t, cardName } from './i18n.js';
import { update, els } from './render.js';
import { say, announce, refuse } from './status.js';
import { playEvents } from './sound.js';

/** @import * as T from './types' */
/** @import { ApiError } from './api.js' */

let queue = Promise.resolve(true);
let unanswered = 0; // actions sent (or waiting to be) whose answer is not shown yet
/** @type {((view: T.View, previous: T.View | null) => void)[]} */
const listeners = [];

/** Have ``listener(view, previous)`` called after each view is shown (not during a replay): main.js
registers the dialogs' and practice's, so that this module, below them, never imports them. */
/** @param {(view: T.View, previous: T.View | null) => void} listener */
export function onView(listener) {
  listeners.push(listener);
}

/**
 * Show a view the server sent; with events, the cards move there.
 * @param {T.View} view
 * @param {{ animate?: boolean }} [options]
 */
export function setView(view, { animate = true } = {}) {
  const previous = state.view;
  update(() => {
    state.view = view;
    state.receivedAt = performance.now();
    state.selected = null;
    state.held = null;
    state.hint = null;
    state.drag = null;
    const c = state.cursor;
    c.column = Math.min(view.columns.length, Math.max(1, c.column));
    c.count = Math.min(c.count, view.columns[c.column - 1].up.length) || largestGroup(view, c.column);
  }, { animate });
  if (view.stuck_pending) watchStuck(view);
  for (const listener of listeners) listener(view, previous);
}

// The "no more moves" search may still run when a view is answered: ask again a little later.
let stuckTimer = 0;
/** @param {T.View} view @param {number} [tries] */
function watchStuck(view, tries = 0) {
  clearTimeout(stuckTimer);
  if (tries >= 6) return;
  stuckTimer = setTimeout(async () => {
    if (state.view !== view) return;
    let fresh;
    try { fresh = await api.get(view.id); } catch { return; }
    if (state.view !== view) return;
    if (fresh.stuck_pending) watchStuck(view, tries + 1);
    else if (fresh.stuck) setView(fresh, { animate: false });
  }, 400 + tries * 300);
}

/** The events in words, for a screen reader. @param {T.GameEvent[]} events */
function describe(events) {
  const parts = [];
  for (const e of events || []) {
    if (e.type === 'moved') parts.push(t('announce.moved', { count: e.count, card: cardName(e.cards[0]), source: e.source, target: e.target }));
    else if (e.type === 'flipped') parts.push(t('announce.flipped', { column: e.column, card: cardName(e.card) }));
    else if (e.type === 'run_removed') parts.push(t('announce.run_removed', { column: e.column, suit: t(`suit.${e.suit}`) }));
    else if (e.type === 'dealt') parts.push(t('announce.dealt', { count: e.cards.length }));
    else if (e.type === 'won') parts.push(t('announce.won'));
    else if (e.type === 'undone') parts.push(t('announce.undone'));
    else if (e.type === 'redone') parts.push(t('announce.redone'));
  }
  return parts.join(' ');
}

/** A column's last cards, as drawn. @param {number} column @param {number} count */
function cardsAt(column, count) {
  const cards = /** @type {HTMLCollectionOf<HTMLElement>} */ (els.columns[column - 1].children);
  return [...cards].slice(Math.max(0, cards.length - count));
}

/**
 * @param {string} action
 * @param {(() => HTMLElement[]) | null} [refused] the cards a refusal shakes
 */
async function perform(action, refused) {
  const view = state.view;
  if (!view) return false;
  try {
    // in a duel the duel's table takes the action (duel/table.js): its clock, its game
    const answer = state.duel ? await state.duel.act(action)
      : state.offline ? await state.offline.act(action) : await api.act(view.id, action, view.version);
    setView(answer.view);
    say('');
    announce(describe(answer.events));
    playEvents(answer.events);
    return true;
  } catch (error) {
    refuse(error, refused ? refused() : []);
    // the game moved on in another window: show it as it now stands (the sentence stays on screen)
    if (/** @type {ApiError} */ (error).messageId === 'server.game_changed') {
      try { setView(await api.get(view.id), { animate: false }); } catch { /* the sentence says enough */ }
    }
    return false;
  }
}

/**
 * Send one action ("3>7:2", "d", "f3", "u", "r"); actions go out one at a time, in order.
 * @param {string} action @param {(() => HTMLElement[]) | null} [refused] the cards a refusal shakes
 */
export function act(action, refused) {
  unanswered += 1;
  queue = queue.then(() => perform(action, refused)).finally(() => { unanswered -= 1; });
  return queue;
}

/** Whether an action is on its way: until its answer is shown, the table is not what it will be (drag.js). */
export const acting = () => unanswered > 0;

/** @returns {Promise<void>} once every action sent so far has been answered and its view handed to the table */
export function answered() {
  const waited = queue;
  return waited.then(() => (queue === waited ? undefined : answered()));
}

/** @param {number} source @param {number} target @param {number} count @param {{ shakeCards?: boolean }} [options] */
export function moveGroup(source, target, count, { shakeCards = true } = {}) {
  return act(moveText(source, target, count), shakeCards ? () => cardsAt(source, count) : null);
}

/** Send a group to its best column (SPEC 2.4); when none accepts it, or it cannot be lifted, the view names the rule. */
/** @param {number} column @param {number} count */
export function moveToBest(column, count) {
  const group = groupAt(state.view, column, count);
  if (group && group.best) return moveGroup(column, group.best, count);
  const refusal = refusalAt(state.view, column, count);
  if (refusal) refuse(new Error(refusal), cardsAt(column, count));
  return Promise.resolve(false);
}

export function deal() {
  const view = state.view;
  if (!view) return Promise.resolve(false);
  if (!view.deal_possible && view.deal_refusal) {
    refuse(new Error(view.deal_refusal), [els.stock]);
    return Promise.resolve(false);
  }
  return act('d', () => [els.stock]);
}

export const undo = () => act('u');
export const redo = () => act('r');
export const flip = (/** @type {number} */ column) => act(`f${column}`);

/** The same deal again; queued with the actions, so that one made meanwhile goes to the new game. */
export function restart() {
  unanswered += 1;
  queue = queue.then(async () => {
    if (!state.view) return false;
    try {
      if (state.offline) await state.offline.restart();
      else setView(await api.restart(state.view.id));
      say(t('announce.restart'));
      return true;
    } catch (error) {
      refuse(error);
      return false;
    }
  }).finally(() => { unanswered -= 1; });
  return queue;
}

/** A game of a code the player typed or followed a link with: the code names its deal and table rules. */
/** @param {string} code */
export async function openCode(code) {
  say(t('app.loading'), { quiet: true });
  try {
    const view = await api.create({ code });
    setView(view);
    settings.suits = view.suits;
    saveSettings();
    say(t('announce.code', { code: view.code }));
  } catch (error) {
    refuse(error); // the engine's sentence names what is wrong with the code
  }
}

export async function newGame(kind = settings.deal, suits = settings.suits) {
  settings.deal = kind;
  settings.suits = suits;
  saveSettings();
  if (state.offline) return state.offline.newGame(suits);
  say(t('app.loading'), { quiet: true });
  try {
    const view = await api.create(settings.rules ? { suits, deal: kind, rules: settings.rules } : { suits, deal: kind });
    setView(view);
    let text = t('announce.new', { suits: t('suits.option', { count: view.suits }), kind: view.verified ? t('info.verified') : t('info.random') });
    if (kind === 'verified' && !view.verified) text = `${t('newgame.no_verified')} ${text}`;
    say(text);
  } catch (error) {
    refuse(error);
  }
}

export function nextSuits() {
  const order = CONSTANTS.suit_counts;
  const current = state.view ? state.view.suits : settings.suits;
  return newGame(settings.deal, order[(order.indexOf(current) + 1) % order.length]);
}

/** The position the last hint was for (game id and version), and the index to ask for next. */
let hintCycle = { position: '', next: 0 };

/** Pressing Hint again on the same position shows the next worthwhile move, then the next, and wraps. */
export async function hint() {
  if (!state.view) return;
  if (!settings.hints) {
    say(t('hint.off'));
    return;
  }
  if (state.offline) {
    say(t('offline.no_hint')); // hints come from the server's solver
    return;
  }
  say(t('hint.loading'), { quiet: true });
  const asked = state.view;
  const position = `${asked.id}:${asked.version}`;
  const index = hintCycle.position === position ? hintCycle.next : 0;
  try {
    const answer = await api.hint(asked.id, index);
    if (state.view !== asked) return; // the table changed meanwhile: that hint is stale
    hintCycle = { position, next: answer.index + 1 }; // the server wraps past the last
    update(() => {
      // a flip hint has count 0 and no target: the face-down card at the end of the column is meant
      state.hint = answer.action && answer.column ? { column: answer.column, count: answer.count || 1, target: answer.target } : null;
    });
    const text = answer.text || t('hint.none');
    say(answer.total > 1 ? t('hint.cycle', { index: answer.index + 1, count: answer.total, text }) : text);
  } catch (error) {
    if (/** @type {ApiError} */ (error).messageId === 'server.hint_in_flight') return; // asked twice: the first answer is on its way
    refuse(error);
  }
}
