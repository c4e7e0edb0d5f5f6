// @ts-check
// Solo play with no connection (SPEC 3.8): the player's online game waits on the server, and a game of
// the player's own is dealt and played in the browser by the offline engine (the same Python as the
// server's, through Pyodide). It is kept in localStorage, so a reload finds it; when it ends, its code,
// table rules and actions wait there until the server takes them (POST /api/offline-results), which plays
// them again and counts them apart from the online results.
import { api, ApiError } from '../api.js';
import { state } from '../state.js';
import { settings } from '../settings.js';
import { t } from '../i18n.js';
import { say } from '../status.js';
import { openDialog, esc } from '../dialog.js';
import { shownSeconds } from '../onscreen.js';
import { call, warm } from './engine.js';
import { engineKept } from './install.js';
import { addStyle } from '../styles.js';
import { helpLink } from '../help.js';
/** @import * as T from '../types' */
/** @import { KeptGame } from '../workers' */

/** @typedef {KeptGame & { seconds?: number }} Kept the offline game on the table, and its time so far */

const GAME = 'spider.offline.game';      // the offline game on the table: {code, rules, actions, seconds}
const RESULTS = 'spider.offline.results'; // finished offline games waiting to be sent
/** @type {Kept | null} */
let kept = null;   // what GAME holds, while an offline game is on the table
/** @type {((view: T.View, options?: { animate?: boolean }) => void) | null} */
let show = null;   // setView from game.js, given by initOffline
/** @type {HTMLElement | null} */
let badge = null;

/**
 * What localStorage holds under a key, or `empty`.
 * @template V @param {string} key @param {V} empty @returns {V}
 */
const read = (key, empty) => { try { return JSON.parse(localStorage.getItem(key) || 'null') ?? empty; } catch { return empty; } };
/** @param {string} key @param {unknown} value */
const write = (key, value) => { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full or private: kept in memory */ } };
/** @returns {T.OfflineResult[]} */
const waitingResults = () => read(RESULTS, []);

/** @param {unknown} error */
export const unreachable = (error) => error instanceof ApiError && error.status === 0;

function drawBadge() {
  state.offline = kept ? TABLE : null; // game.js sends actions, new games and restarts here meanwhile
  if (!badge) {
    addStyle('offline'); // its style comes with it: a first visit with no offline game loads none of this
    badge = document.createElement('p');
    badge.className = 'offline-badge';
    /** @type {HTMLElement} */ (document.querySelector('.status')).prepend(badge); // a line of its own, above the status line's
  }
  badge.hidden = !kept;
  if (!kept) return;
  const back = navigator.onLine ? ` <button type="button" class="tool" data-offline-back>${esc(t('offline.back'))}</button>` : '';
  badge.innerHTML = `<span>${esc(t('offline.badge'))}</span>${back}`;
  const button = badge.querySelector('[data-offline-back]');
  if (button) button.addEventListener('click', () => leave('abandoned'));
}

/** @param {T.View} view */
function onTable(view) {
  show?.(view, { animate: false });
  drawBadge();
}

/** @param {Kept} fresh */
async function shown(fresh) {
  const game = { ...kept, ...fresh };
  kept = game;
  write(GAME, kept);
  onTable(await call('view', { seconds: kept.seconds || 0 }));
}

/** Deals a new offline game (the engine must be kept). */
async function playOffline(suits = settings.suits) {
  say(t('offline.loading'));
  try {
    const game = await call('new', { suits, rules: settings.rules });
    kept = null; // the new game alone, its time from 0
    await shown({ seconds: 0, ...game });
    say(t('offline.started'));
  } catch (error) {
    kept = null;
    say(t('offline.unavailable'), { error: true });
  }
}

/** The offline game kept before a reload, back on the table; false when there is none. */
export async function resumeOffline() {
  const saved = /** @type {Kept | null} */ (read(GAME, null));
  if (!saved) return false;
  say(t('offline.loading'));
  try {
    kept = saved;
    await shown(await call('resume', saved));
    say('');
    return true;
  } catch {
    kept = null;
    return false;
  }
}

/** The action for the offline game: the engine's answer, shaped as the server's. @param {string} action */
async function act(action) {
  const answer = await call('act', { action, seconds: shownSeconds() });
  if ('error' in answer) throw new ApiError(409, answer.error, answer.message_id);
  const game = /** @type {Kept} */ (kept); // on the table: its actions come here (state.offline)
  game.actions = [...game.actions, action.trim().toLowerCase()];
  game.seconds = answer.view.seconds;
  write(GAME, game);
  if (answer.view.won) finish('won');
  return answer;
}

/** Ends the offline game: its result waits to be sent, and is sent now if the server is there. @param {T.OfflineResult['result']} result */
function finish(result) {
  const ended = /** @type {Kept} */ (kept); // the game on the table
  kept = null;
  localStorage.removeItem(GAME);
  drawBadge();
  if (ended.actions.length) {
    write(RESULTS, [...waitingResults(), {
      code: ended.code, rules: ended.rules, actions: ended.actions.join(' '), result, seconds: Math.floor(shownSeconds()),
    }]);
  }
  sendResults();
}

/** Leaves the offline game for the player's game on the server, once the server answers. @param {T.OfflineResult['result']} result */
async function leave(result) {
  let view;
  try {
    view = await api.current();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) {
      say(/** @type {Error} */ (error).message, { error: true }); // still no server: the offline game stays
      return;
    }
  }
  finish(result);
  try {
    show?.(view || await api.create({ suits: settings.suits, deal: 'random' }), { animate: false });
  } catch (error) {
    say(/** @type {Error} */ (error).message, { error: true });
  }
}

/** Sends the finished offline games; each leaves the list once the server has it (or refuses it for good). */
async function sendResults() {
  const waiting = waitingResults();
  if (!waiting.length) return;
  /** @type {T.OfflineResult[]} */
  const left = [];
  let sent = 0;
  for (const result of waiting) {
    try {
      await api.offlineResult(result);
      sent += 1;
    } catch (error) {
      const status = /** @type {ApiError} */ (error).status;
      if (unreachable(error) || status >= 500 || status === 429) left.push(result);
    }
  }
  write(RESULTS, left);
  if (sent) say(t('offline.sent', { count: sent }));
}

let toldOff = false; // the player was told that offline play is off on this device (once a page)

/** The connection failed: offer an offline game when the engine is kept, else say once that offline play
 * exists and how to turn it on; true when the player was told. */
export async function connectionLost() {
  if (kept) return false;
  if (!(await engineKept())) {
    if (toldOff) return false;
    toldOff = true;
    openDialog(`<form method="dialog">
      <h2>${esc(t('offline.lost.title'))}</h2><p>${esc(t('offline.off.text'))} ${helpLink('offline')}</p>
      <div class="actions"><button value="close" class="primary" autofocus>${esc(t('button.close'))}</button></div></form>`, {
      label: t('offline.lost.title'),
    });
    return true;
  }
  warm(); // while the player reads the offer
  openDialog(`<form method="dialog">
    <h2>${esc(t('offline.lost.title'))}</h2><p>${esc(t('offline.lost.text'))} ${helpLink('offline')}</p>
    <div class="actions"><button value="wait">${esc(t('offline.wait'))}</button>
    <button value="play" class="primary" autofocus>${esc(t('offline.play'))}</button></div></form>`, {
    label: t('offline.lost.title'),
    onClose: (value) => { if (value === 'play') playOffline(); },
  });
  return true;
}

/** @type {T.OfflineTable} what game.js asks while an offline game is on the table (as state.offline) */
const TABLE = {
  act,
  newGame: (suits) => {
    finish('abandoned');
    return playOffline(suits);
  },
  restart: async () => {
    const { code, rules } = /** @type {Kept} */ (kept); // the game on the table
    kept = { code, rules, actions: [], seconds: 0 };
    await shown(await call('resume', kept));
  },
};

/** @param {(view: T.View, options?: { animate?: boolean }) => void} setView game.js's */
export function initOffline(setView) {
  show = setView;
  window.addEventListener('online', () => { drawBadge(); sendResults(); });
  window.addEventListener('offline', drawBadge);
  document.addEventListener('spider-unreachable', () => { connectionLost(); });
  if (navigator.onLine) sendResults();
}
