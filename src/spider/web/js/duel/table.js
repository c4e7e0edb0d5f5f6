// @ts-check
// A duel on the table: the player's own game, with the duel's clock and both players' progress in the
// duel bar (a thin strip, its explanations behind an "i": duel/strip.js); after finishing, the opponent's
// table, live and as they see it; at the end, the result over the player's own table (and for an arena's
// duel, the way back to the arena, whose next pairing takes the place of a rematch). The status line says
// where the duel stands: begun, taken up again after a reload, watching, over and how.
// The server holds both games and the clock; the page only shows them.
import { duelApi } from './api.js';
import { follow, unfollow, on } from './socket.js';
import { api } from '../api.js';
import { state } from '../state.js';
import { settings } from '../settings.js';
import { setView, onView } from '../game.js';
import { t, formatTime } from '../i18n.js';
import { openDialog, dialog, esc } from '../dialog.js';
import { say, refuse } from '../status.js';
import { showPlayer } from './players.js';
import { waitFor } from './waiting.js';
import { ratingHtml, ratingChangeText } from './rating.js';
import { botMark } from './bot-mark.js';
import { pointAtFlip, stopPointing, manual } from './flip.js';
import { addStyle } from '../styles.js';
import { playSound } from '../sound.js';
import { above } from './above.js';
import { drawStrip, stripClock, progressHtml } from './strip.js';
/** @import * as T from '../types' */

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

/** @type {T.DuelState | null} */
let duel = null; // the duel's state as the server last sent it
let receivedAt = 0; // performance.now() when it came
let ticker = 0;
let asked = false; // the clock ran out here: the server was asked once how the duel stands
let told = ''; // where the duel stood when the status line last said so: playing, watching or over

const bar = () => /** @type {HTMLElement} */ (document.getElementById('duel-bar'));
const app = () => /** @type {HTMLElement} */ (document.getElementById('app'));
const mine = () => (duel && duel.seat !== null ? duel.players[duel.seat] : null);
const theirs = () => (duel && duel.seat !== null ? duel.players[1 - duel.seat] : null);
/** The player's own game has ended and the other plays on: the table shows theirs. Once the duel is over, the
table is the player's own again, under the result that speaks of it. */
const watching = () => Boolean(duel && duel.state !== 'over' && duel.watch && mine()?.finished);
/** What an arena's duel adds to the table (arena.js, loaded with the first one). */
const arenas = () => above.arenas();

/** Playing a game of a duel now: an invitation then waits in the status line, not in a dialog. */
export const busy = () => Boolean(duel && duel.state === 'playing' && mine() && !mine()?.finished);
export const duelId = () => (duel ? duel.id : null);

function remainingMs() {
  if (!duel) return 0;
  if (duel.state !== 'playing') return duel.remaining_ms ?? 0;
  return Math.max(0, (duel.remaining_ms ?? 0) - (performance.now() - receivedAt));
}

/** The time left as a countdown shows it: 0:00 only once the time is up. */
const clockText = (/** @type {number} */ ms) => formatTime(Math.ceil(ms / 1000));

/** "Ada (you) 1500? 50 points · 1 run · 3 turned up · playing" @param {T.DuelPlayer} player @param {boolean} you */
function playerLine(player, you) {
  const status = player.finished ? t(`duel.ended.${player.ended}`) : t('duel.playing');
  const who = you ? t('duel.you', { name: player.name }) : player.name;
  return `<button type="button" class="duel-player" data-name="${esc(player.name)}"${you ? ' data-you' : ''}>`
    + `<span class="duel-who"><b>${esc(who)}</b>${botMark(player.bot)} <span class="duel-rating" data-rating>${ratingHtml(player.rating, player.provisional)}</span></span>`
    + ` ${progressHtml(player, status)}</button>`;
}

/** What the "i" explains: the duel itself, why it changes no rating or counts less, cards turned by hand,
 * and a provisional rating's "?" when one is shown. */
function notesHtml() {
  if (!duel) return '';
  const provisional = duel.players.some((player) => player.provisional);
  return `<p>${esc(t('duel.about', { name: theirs()?.name ?? '' }))}</p>`
    // the server's sentence when the duel does not change ratings, or counts less (server/duels/rated.py)
    + (duel.rating_note ? `<p data-duel-note>${esc(duel.rating_note)}</p>` : '')
    + (manual(duel) ? `<p data-duel-manual>${esc(t('duel.manual_flip.short'))}</p>` : '')
    + (provisional ? `<p data-provisional-note>${esc(t('rating.provisional.note'))}</p>` : '');
}

function renderBar() {
  const el = bar();
  if (!duel) return;
  const me = mine();
  const other = theirs();
  const players = [me && playerLine(me, true), other && playerLine(other, false)].filter(Boolean).join('');
  const over = duel.state === 'over';
  const outcome = over && duel.result ? duel.result.outcomes[duel.seat ?? 0] : null;
  drawStrip(el, {
    clock: clockText(remainingMs()), // once the duel is over it says nothing more (0:00): the outcome takes its place
    clockLabel: t('duel.time_left'),
    clockData: 'duelClock',
    // while the player watches the other's table, the strip says whose it is
    lead: watching() ? `<span class="duel-owner" data-table-owner>${esc(t('duel.table_of', { name: other ? other.name : '' }))}</span>` : '',
    players,
    actions: (me && !me.finished ? `<button type="button" class="tool" data-duel="finish">${esc(t('duel.finish'))}</button>` : '')
    // the outcome ("You won") opens the result
    + (over ? `<button type="button" class="tool duel-outcome" data-duel="result" title="${esc(t('duel.result'))}">${esc(outcome ? t(`duel.outcome.${outcome}`) : t('duel.result'))}</button>` : '')
    // an arena's duel goes back to the arena, whose next pairing takes a rematch's place
    + (over && !duel.arena ? `<button type="button" class="tool" data-duel="rematch">${esc(t('duel.rematch'))}</button>` : '')
    + (over && duel.arena ? `<button type="button" class="tool" data-duel="arena">${esc(t('arena.back'))}</button>` : '')
    + (me && me.finished ? `<button type="button" class="tool" data-duel="leave">${esc(t('duel.leave'))}</button>` : ''),
    notes: notesHtml(),
    infoLabel: t('duel.info'),
  });
  el.dataset.watching = String(watching());
  el.dataset.state = duel.state;
  tell();
}

/**
 * The status line follows the duel: begun (or taken up again after a reload), the player watching the other's
 * table, over and how. Said once as the duel comes to each; what the table says between (a move, a refusal)
 * stays until the next.
 * @param {{ resumed?: boolean }} [how]
 */
function tell({ resumed = false } = {}) {
  if (!duel) return;
  const now = duel.state === 'over' ? 'over' : watching() ? 'watching' : 'playing';
  if (now === told) return;
  told = now;
  const name = theirs()?.name ?? '';
  if (now === 'over') {
    const outcome = duel.result ? duel.result.outcomes[duel.seat ?? 0] : null;
    say(outcome ? t(`duel.over.${outcome}`, { name }) : '');
  } else if (now === 'watching') say(t('duel.watching', { name }));
  else {
    const begun = t(resumed ? 'duel.resumed' : 'duel.started', { name });
    const me = mine();
    // until the player turns their first card, the start says that cards are turned by hand
    say(manual(duel) && me && !me.finished && me.turned_up === 0 ? `${begun} ${t('duel.manual_flip.short')}` : begun);
  }
}

function tick() {
  if (!duel || duel.state !== 'playing') return;
  const clock = stripClock(bar());
  if (!clock) return;
  const ms = remainingMs();
  clock.textContent = clockText(ms);
  clock.classList.toggle('short', ms < 30000);
  if (ms <= 0 && !asked) {
    asked = true; // the server's clock decides: ask it how the duel stands now
    duelApi.get(duel.id).then(apply).catch(() => { asked = false; });
  }
}

/** The duel as the server sent it: the table shows the player's own game, or the opponent's once watching. @param {T.DuelState} fresh */
function apply(fresh) {
  if (!duel || fresh.id !== duel.id) return;
  const before = duel;
  duel = fresh;
  receivedAt = performance.now();
  asked = false;
  if (fresh.watch && watching()) setView(fresh.watch, { animate: false });
  else if (fresh.you && (!state.view || state.view.id !== fresh.you.id || fresh.you.version >= state.view.version)) {
    setView(fresh.you, { animate: false });
  }
  renderBar();
  if (fresh.state === 'over' && before.state !== 'over') showResult();
  else myGameEnded();
}

/** The id of the arena's duel whose end of the player's own game the arena was asked about. */
let askedArena = '';

/** The player's own game in an arena's duel ended while the other plays on: the arena may have withdrawn them for
not moving, which they are told at once (asked once a duel). */
function myGameEnded() {
  if (!duel || !duel.arena || duel.state !== 'playing' || !mine()?.finished || askedArena === duel.id) return;
  const { id, arena } = duel;
  askedArena = id;
  arenas().then(async (a) => {
    const after = await a.afterDuel(arena);
    if (after.withdrawn && duel && duel.id === id && duel.state === 'playing') a.tellWithdrawn(arena);
  }).catch(() => {});
}

/** One action in the player's game of the duel. @param {string} action @returns {Promise<T.Played>} */
async function play(action) {
  if (!duel || watching() || mine()?.finished) throw new Error(t('duel.your_game_ended'));
  const answer = await duelApi.act(duel.id, action, state.view ? state.view.version : undefined);
  duel = { ...answer.duel, you: answer.view };
  receivedAt = performance.now();
  renderBar();
  return answer;
}

/**
 * Puts the duel on the table and follows it live.
 * @param {T.DuelState} fresh @param {{ resumed?: boolean }} [how] resumed: taken up again after a reload
 */
export function start(fresh, { resumed = false } = {}) {
  if (duel && duel.id !== fresh.id) unfollow(duel.id);
  // the solo game leaves the screen: its clock stops until the player comes back to it
  if (!state.duel && state.view && !state.view.over) api.clock(state.view.id, false).catch(() => {});
  duel = fresh;
  receivedAt = performance.now();
  app().dataset.mode = 'duel';
  bar().hidden = false;
  state.duel = { act: play };
  follow(fresh.id);
  if (fresh.watch && watching()) setView(fresh.watch, { animate: false });
  else if (fresh.you) setView(fresh.you, { animate: false });
  told = '';
  tell({ resumed });
  renderBar();
  clearInterval(ticker);
  ticker = setInterval(tick, 250);
  if (fresh.state === 'over') showResult();
  const arena = fresh.arena;
  if (arena && fresh.state === 'playing' && mine() && !mine()?.finished) arenas().then((a) => a.atTable(arena));
}

/** The duel that started and is on its way to the table (``started``); '' when none is. */
let coming = '';

/** @param {string} id @param {{ resumed?: boolean }} [how] */
export async function enterDuel(id, how = {}) {
  try {
    start(await duelApi.get(id), how);
  } catch (error) {
    refuse(error);
  } finally {
    if (coming === id) coming = '';
  }
}

/** Back to solo play: the player's game in progress, or a new one. */
async function leaveDuel() {
  if (duel) unfollow(duel.id);
  duel = null;
  told = '';
  stopPointing();
  state.duel = null;
  clearInterval(ticker);
  delete app().dataset.mode;
  bar().hidden = true;
  bar().replaceChildren();
  delete bar().dataset.state;
  delete bar().dataset.watching;
  say('');
  try {
    setView(await api.current(), { animate: false });
  } catch {
    setView(await api.create({ suits: settings.suits, deal: 'random' }), { animate: false });
  }
}

function confirmFinish() {
  const d = openDialog(`<form method="dialog"><h2>${esc(t('duel.finish.title'))}</h2><p>${esc(t('duel.finish.text'))}</p>
    <div class="actions"><button value="cancel">${esc(t('button.cancel'))}</button>
    <button value="finish" class="primary" data-confirm-finish>${esc(t('duel.finish'))}</button></div></form>`, {
    label: t('duel.finish.title'),
    onClose: async (value) => {
      if (value !== 'finish' || !duel) return;
      try { apply(await duelApi.finish(duel.id)); } catch (error) { refuse(error); }
    },
  });
  /** @type {HTMLElement} */ (d.querySelector('[data-confirm-finish]')).focus();
}

/** Stops following the arena whose duel's result was shown (its end is said there). */
let watched = () => {};

async function showResult() {
  if (!duel || !duel.result) return;
  const shown = duel;
  // an arena's duel: the way back to the arena (its next pairing closes this), or into it again
  const arena = shown.arena ? await (await arenas()).afterDuel(shown.arena) : null;
  // a pairing put the next duel on the table meanwhile, or is putting it there
  if (!duel || duel.id !== shown.id || !duel.result || coming) return;
  const result = duel.result;
  const seat = duel.seat ?? 0;
  const outcome = result.outcomes[seat];
  const rows = duel.players.map((player, i) => {
    const provisional = result.provisional[i];
    // "1500 → 1662?" stays on one line on a phone; only the change in brackets may go to the next
    const change = esc(ratingChangeText(result.ratings[i], result.rating_changes[i], provisional).replace(/ (?=.* )/g, '\u00a0'));
    const marked = provisional ? `<span class="provisional" data-provisional title="${esc(t('rating.provisional.title'))}">${change}</span>` : change;
    return `<tr><th><button type="button" class="link" data-name="${esc(player.name)}">${esc(player.name)}</button></th><td data-score-of="${i}">${player.score}</td><td>${esc(t(`duel.ended.${player.ended}`))}</td>`
      + `<td data-rating-of="${i}">${marked}</td></tr>`;
  }).join('');
  // the notes under the table: why a first duel may move ratings far, and why no card was turned up
  const provisionalNote = result.provisional.some(Boolean) ? `<p class="note" data-provisional-note>${esc(t('rating.provisional.note'))}</p>` : '';
  const me = duel.players[seat];
  const noneTurned = manual(duel) && me && me.turned_up === 0 ? `<p class="note" data-turned-none>${esc(t('duel.turned_none'))}</p>` : '';
  const d = openDialog(`<form method="dialog" class="duel-result" data-outcome="${esc(outcome)}">
    <h2>${esc(t(`duel.outcome.${outcome}`))}</h2>
    <p>${esc(result.winner ? t('duel.winner', { name: result.winner }) : t('duel.draw'))}</p>
    ${arena ? `<p class="arena-note" data-arena-note${arena.note ? '' : ' hidden'}>${esc(arena.note)}</p>` : ''}
    <table><thead><tr><th>${esc(t('duel.player'))}</th><th>${esc(t('duel.score'))}</th><th>${esc(t('duel.how'))}</th><th>${esc(t('duel.rating'))}</th></tr></thead><tbody>${rows}</tbody></table>
    ${duel.rating_note ? `<p class="note" data-duel-note>${esc(duel.rating_note)}</p>` : ''}
    ${provisionalNote}${noneTurned}
    <p class="note">${esc(t('duel.code', { code: duel.code || '' }))}</p>
    <div class="actions"><button value="leave">${esc(t('duel.leave'))}</button><button value="close">${esc(t('button.close'))}</button>
    ${arena ? `<button value="${arena.action}" class="primary">${esc(arena.label)}</button>`
    : `<button value="rematch" class="primary">${esc(t('duel.rematch'))}</button>`}</div></form>`, {
    label: t('duel.result'),
    onClose: (value) => {
      const stop = watched;
      watched = () => {};
      stop();
      if (value === 'leave') leaveDuel();
      if (value === 'rematch') rematch();
      if (value === 'arena') backToArena();
      if (value === 'rejoin' && shown.arena) arenas().then((a) => a.rejoin(String(shown.arena)));
    },
  });
  if (shown.arena) d.dataset.arena = shown.arena; // the arena's next pairing closes it
  const note = /** @type {HTMLElement | null} */ (d.querySelector('[data-arena-note]'));
  if (shown.arena && note) watched = (await arenas()).watchEnd(shown.arena, note);
  /** @type {HTMLElement} */ (d.querySelector('table')).addEventListener('click', (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('button[data-name]'));
    if (button) showPlayer(String(button.dataset.name)); // the result stays a click away: Result in the duel bar
  });
}

async function rematch() {
  if (!duel) return;
  try {
    const offered = await duelApi.rematch(duel.id);
    if (offered.state === 'playing') start(offered);
    else waitFor(offered);
  } catch (error) {
    refuse(error);
  }
}

function backToArena() {
  if (duel && duel.arena) { const id = duel.arena; arenas().then((a) => a.showArena(id)); }
}

const SOLO_KEYS = new Set(['n', 'r', 's', 'h']);
/** @type {Record<string, () => void>} the duel bar's buttons, by their data-duel */
const COMMANDS = { finish: confirmFinish, result: showResult, rematch, leave: leaveDuel, arena: backToArena };

/** Wires the duel bar and the socket's duel frames: once, when this module first loads (below). */
function wire() {
  bar().addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button');
    if (!button) return;
    if (button.dataset.duel) COMMANDS[button.dataset.duel]();
    else if (button.dataset.name) showPlayer(button.dataset.name);
  });
  on('duel', (frame) => apply(frame.duel));
  on('progress', (frame) => {
    if (!duel || frame.duel !== duel.id) return;
    duel.players[frame.seat] = frame.player;
    duel.remaining_ms = frame.remaining_ms;
    receivedAt = performance.now();
    renderBar();
    myGameEnded();
  });
  onView((view, previous) => { if (duel) pointAtFlip(duel, view, previous, watching()); });
  on('watch', (frame) => { if (duel && frame.duel === duel.id && watching()) setView(frame.view, { animate: false }); });
  // New game, Restart, Hint and the suit count are solo commands: in a duel their keys do nothing.
  window.addEventListener('keydown', (event) => {
    if (duel && !event.ctrlKey && !event.metaKey && !event.altKey && SOLO_KEYS.has(event.key.toLowerCase())) {
      event.stopImmediatePropagation();
    }
  }, true);
}

/**
 * A duel of the player's has started (the socket's duel_started, passed on by start.js): the table goes to it
 * with a sound, closing the dialog that was waiting for it: the table's, or an arena's (its page, its last duel's
 * result), whose pairing this is.
 * @param {{ duel: string }} frame
 */
export function started(frame) {
  if (duel && duel.id === frame.duel) return;
  const d = dialog();
  if (d.open && (d.dataset.waiting === frame.duel || d.dataset.arena)) d.close('started');
  playSound('start');
  coming = frame.duel;
  enterDuel(frame.duel);
}

// This module loads only when a duel comes near (start.js, lobby.js): a player who never duels never fetches it.
wire();
