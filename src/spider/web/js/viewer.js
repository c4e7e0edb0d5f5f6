// @ts-check
// The replay viewer: a finished game (or a duel's two, side by side), a record file, or a winning line, drawn
// position by position from what the server sends (public positions: a face-down card is only counted; each move
// in words, naming the cards a player saw move). The stock, the completed runs and the columns, with cards as big
// as the table's on the same screen. Step forward and back, seek with the slider, play and pause at a chosen
// speed, with keys (arrows, Home/End, space); a link opens it at a move (/?replay=GAME_ID&move=N); the record
// downloads as a text file. It takes the place of the dialog it was opened from, which comes back as it was
// when the viewer closes. Loaded with import() when first wanted: it is not needed to draw the table.
import { request } from './api.js';
import { t, formatNumber } from './i18n.js';
import { esc } from './dialog.js';
import { faceUpCard, faceDownCard, showRun, showStock } from './cards.js';
import { cornerFor, rankStep, smallCards, cardStyle } from './layout.js';
import { CONSTANTS } from './settings.js';
import { refuse } from './status.js';
import { addStyle } from './styles.js';
import { helpLink } from './help.js';
/** @import * as T from './types' */

/**
 * @typedef {{ gameId?: string, text?: string, code?: string, rules?: object, actions?: string[], title?: string }} Source
 */

const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 700; // one action a step at 1x
const LARGEST_CARD = 64; // px: the viewer's cards on a wide screen, so that a long column stays in sight

/**
 * The viewer on the screen: what it shows, where it is, the dialogs it hides (``behind``) and what had the focus
 * before it opened (``opener``: the statistics' Replay button), where the focus goes back when it closes.
 * @typedef {{ shown: T.RecordPositions, step: number, total: number, timer: number, speed: number, source: Source,
 *   root: HTMLDialogElement, behind: HTMLDialogElement[], opener: Element | null }} Open
 */
/** @type {Open | null} */
let open = null;
window.addEventListener('resize', () => fitCards());

/** @param {Source} source @returns {Promise<T.RecordPositions>} */
function fetchShown(source) {
  if (source.gameId) return request('GET /api/games/{game_id}/record/positions', { path: { game_id: source.gameId } });
  if (source.text !== undefined) return request('POST /api/records/positions', { body: { record: source.text } });
  return request('POST /api/records/positions', { body: { code: source.code, rules: source.rules, actions: source.actions } });
}

/**
 * Opens the viewer on ``source`` at ``move`` (the position after that many actions; 0 by default).
 * @param {Source} source @param {{ move?: number, play?: boolean }} [options]
 */
export async function openViewer(source, { move = 0, play = false } = {}) {
  addStyle('viewer');
  /** @type {T.RecordPositions} */
  let shown;
  try {
    shown = await fetchShown(source);
  } catch (error) {
    refuse(error);
    return false;
  }
  // the dialog it was opened from (the statistics, the daily board, the moderation view, another record's
  // viewer) steps aside: only the viewer shows, and closing it comes back there
  const behind = open ? open.behind : hideOpenDialogs();
  const opener = open ? open.opener : document.activeElement;
  if (open) {
    const before = open;
    stop();
    open = null;
    before.behind = []; // handed on to this viewer
    before.root.close();
  }
  const root = document.createElement('dialog');
  root.className = 'viewer';
  root.setAttribute('aria-label', t('viewer.title'));
  document.body.append(root);
  const total = Math.max(...shown.games.map((game) => game.actions.length));
  /** @type {Open} */
  const now = { shown, step: 0, total, timer: 0, speed: 1, source, root, behind, opener };
  open = now;
  build(root, shown, total);
  root.addEventListener('keydown', onKey);
  // Escape closes the viewer: what it hid shows again first, so that focus goes back to the button that opened it
  root.addEventListener('cancel', () => showAgain(now));
  root.addEventListener('close', () => {
    if (open !== now) { root.remove(); return; } // replaced by another record's viewer
    stop();
    open = null;
    showAgain(now);
    root.remove();
    // a viewer that replaced another gives the focus back to what opened the first (the browser's own choice,
    // the element that opened this one, is gone with the viewer it was in)
    if (opener instanceof HTMLElement && opener.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus();
  });
  root.showModal();
  fitCards();
  seek(Math.min(Math.max(0, Math.trunc(move) || 0), total));
  if (play) toggle();
  return true;
}

function closeViewer() {
  if (!open) return;
  showAgain(open);
  open.root.close();
}

/** Hides the dialogs open now (the viewer's place is theirs while it shows). @returns {HTMLDialogElement[]} */
function hideOpenDialogs() {
  const shown = /** @type {HTMLDialogElement[]} */ ([...document.querySelectorAll('dialog[open]')]).filter((d) => !d.hidden);
  for (const d of shown) d.hidden = true;
  return shown;
}

/** Shows again, as they were, the dialogs the viewer hid. @param {Open} viewer */
function showAgain(viewer) {
  for (const d of viewer.behind) d.hidden = false;
  viewer.behind = [];
}

/** Sizes the viewer's cards to its boards' width, as the table sizes its own (layout.js): the corners as large as
the table's on the same screen, each face-up card's rank clear of the next card. */
function fitCards() {
  if (!open) return;
  const board = /** @type {HTMLElement} */ (open.root.querySelector('.viewer-board'));
  const width = board.clientWidth;
  const gap = Math.min(18, Math.max(2.5, width * 0.012));
  // a phone on its side: cards as the table's there, held by the height, so that the controls stay near
  const cardW = Math.max(24, Math.min(LARGEST_CARD, Math.floor(window.innerHeight / 8), Math.floor((width - 9 * gap) / 10)));
  const corner = cornerFor(cardW);
  const cardH = Math.round(cardW * 1.4);
  const style = open.root.style;
  for (const [name, value] of Object.entries(cardStyle(cardW, corner))) style.setProperty(name, value);
  style.setProperty('--gap', `${gap}px`);
  style.setProperty('--down-step', `${Math.max(2, cardH * 0.1).toFixed(1)}px`);
  style.setProperty('--up-step', `${Math.max(cardH * 0.26, rankStep(cardW, corner) + 1).toFixed(1)}px`);
  open.root.classList.toggle('small-cards', smallCards(cardW));
}

/** @param {HTMLElement} root @param {T.RecordPositions} shown @param {number} total */
function build(root, shown, total) {
  const duel = shown.games.length > 1;
  const boards = shown.games.map((game, index) => `<section class="viewer-board" data-board="${index}" aria-label="${esc(boardName(game, index))}">
      <h3 class="viewer-who">${esc(boardName(game, index))}</h3>
      <p class="viewer-facts" aria-live="off"></p>
      <div class="viewer-top"><div class="runs" role="list" aria-label="${esc(t('runs.label'))}">${'<div class="run" role="listitem"></div>'.repeat(CONSTANTS.runs_to_win)}</div>
        <div class="stock" aria-hidden="true"><span class="stock-cards"></span><span class="stock-count"></span></div></div>
      <div class="viewer-table" role="group" aria-label="${esc(t('viewer.table'))}"></div></section>`).join('');
  const speeds = SPEEDS.map((speed) => `<option value="${speed}"${speed === 1 ? ' selected' : ''}>${esc(t('viewer.speed_value', { speed: formatNumber(speed) }))}</option>`).join('');
  root.innerHTML = `<header class="viewer-head"><h2>${esc(title(shown))}</h2>
      <button type="button" class="tool" data-viewer="close" aria-label="${esc(t('viewer.close'))}">✕</button></header>
    <div class="viewer-boards${duel ? ' duel' : ''}">${boards}</div>
    <p class="viewer-step" aria-live="polite"></p>
    <div class="viewer-controls">
      <button type="button" data-viewer="first" aria-label="${esc(t('viewer.first'))}" class="viewer-arrow">⇤</button>
      <button type="button" data-viewer="back" aria-label="${esc(t('viewer.back'))}" class="viewer-arrow">←</button>
      <button type="button" data-viewer="play" aria-label="${esc(t('viewer.play'))}" class="viewer-arrow">▶</button>
      <button type="button" data-viewer="forward" aria-label="${esc(t('viewer.forward'))}" class="viewer-arrow">→</button>
      <button type="button" data-viewer="last" aria-label="${esc(t('viewer.last'))}" class="viewer-arrow">⇥</button>
      <input type="range" min="0" max="${total}" value="0" step="1" data-viewer="seek" aria-label="${esc(t('viewer.seek'))}">
      <label class="viewer-speed">${esc(t('viewer.speed'))} <select data-viewer="speed">${speeds}</select></label>
    </div>
    <div class="viewer-more">
      <button type="button" data-viewer="download">${esc(t('viewer.download'))}</button>
      <label class="viewer-open"><span>${esc(t('viewer.open'))}</span><input type="file" accept=".txt,text/plain" data-viewer="file"></label>
      <a data-viewer="link" hidden>${esc(t('viewer.link'))}</a>
      ${helpLink('replays')}
    </div>`;
  /** @param {string} name @param {string} kind @param {(event: Event) => void} handler */
  const on = (name, kind, handler) => /** @type {HTMLElement} */ (root.querySelector(`[data-viewer="${name}"]`)).addEventListener(kind, handler);
  on('close', 'click', closeViewer);
  on('first', 'click', () => { stop(); seek(0); });
  on('back', 'click', () => { stop(); seek(current() - 1); });
  on('play', 'click', toggle);
  on('forward', 'click', () => { stop(); seek(current() + 1); });
  on('last', 'click', () => { stop(); seek(open ? open.total : 0); });
  on('seek', 'input', (event) => { stop(); seek(Number(/** @type {HTMLInputElement} */ (event.target).value)); });
  on('speed', 'change', (event) => { if (open) open.speed = Number(/** @type {HTMLSelectElement} */ (event.target).value); });
  on('download', 'click', download);
  on('file', 'change', (event) => openFile(/** @type {HTMLInputElement} */ (event.target)));
}

/** @param {T.RecordGame} game @param {number} index */
function boardName(game, index) {
  if (game.player) return game.player;
  return index === 0 ? t('viewer.game') : `${t('viewer.game')} ${index + 1}`;
}

/** @param {T.RecordPositions} shown */
function title(shown) {
  const [first, second] = shown.games;
  if (open && open.source.title) return open.source.title;
  if (second && first.player && second.player) return t('viewer.duel_title', { first: first.player, second: second.player });
  return t('viewer.title_code', { code: first.code });
}

function current() {
  return open ? open.step : 0;
}

/**
 * A move marked on the table at one step, and said: master's choice there, from a review (review.js). ``column``,
 * ``count`` and ``target`` are the cards it takes and where they would go (none for a deal); ``text`` says it.
 * @typedef {{ at: number, column?: number, count?: number, target?: number, text: string }} Mark
 */
/** @type {{ viewer: object, mark: Mark } | null} */
let marked = null;

/** Marks ``mark`` on the viewer open now (it goes with that viewer), and shows its step. @param {Mark} mark */
export function markMove(mark) {
  if (!open) return;
  marked = { viewer: open, mark };
  seek(mark.at);
}

/** At the marked step: the marked cards and the column they would go onto highlighted, and the move said. */
function showMark() {
  if (!open || !marked || marked.viewer !== open) return;
  const { root, step } = open;
  const { mark } = marked;
  let said = /** @type {HTMLElement | null} */ (root.querySelector('.viewer-mark'));
  if (!said) {
    said = document.createElement('p');
    said.className = 'viewer-mark';
    /** @type {HTMLElement} */ (root.querySelector('.viewer-step')).after(said);
  }
  said.hidden = step !== mark.at;
  said.textContent = step === mark.at ? mark.text : '';
  if (step !== mark.at || !mark.column || !mark.target || !mark.count) return;
  const columns = root.querySelectorAll('[data-board="0"] .viewer-column');
  [...columns[mark.column - 1].querySelectorAll('.card')].slice(-mark.count).forEach((card) => card.classList.add('viewer-marked'));
  columns[mark.target - 1].classList.add('viewer-target');
}

/** @param {number} step */
function seek(step) {
  if (!open) return;
  open.step = Math.min(Math.max(0, step), open.total);
  const { root, shown, step: now } = open;
  shown.games.forEach((game, index) => {
    const at = Math.min(now, game.actions.length);
    const board = /** @type {HTMLElement} */ (root.querySelector(`[data-board="${index}"]`));
    draw(board, game.positions[at]);
    /** @type {HTMLElement} */ (board.querySelector('.viewer-facts')).textContent = facts(game.positions[at]);
  });
  const slider = /** @type {HTMLInputElement} */ (root.querySelector('[data-viewer="seek"]'));
  slider.value = String(open.step);
  slider.setAttribute('aria-valuetext', t('viewer.move_of', { step: formatNumber(open.step), total: formatNumber(open.total) }));
  /** @type {HTMLElement} */ (root.querySelector('.viewer-step')).textContent = stepText();
  const link = /** @type {HTMLAnchorElement} */ (root.querySelector('[data-viewer="link"]'));
  if (open.source.gameId) {
    link.hidden = false;
    link.href = `/?replay=${encodeURIComponent(open.source.gameId)}&move=${open.step}`;
  }
  showMark();
}

function stepText() {
  if (!open) return '';
  const { step, total, shown } = open;
  if (step === 0) return t('viewer.start', { total: formatNumber(total) });
  const game = shown.games.find((g) => g.actions.length >= step) || shown.games[0];
  const action = game.actions[step - 1] || '';
  const comment = game.comments[step - 1];
  const text = t('viewer.step', { step: formatNumber(step), total: formatNumber(total), action: game.words[step - 1] || actionWords(action) });
  return comment ? `${text} ${t('viewer.comment', { comment })}` : text;
}

/** An action other than a move in words a player reads: "a deal from the stock", "undo". A move comes in words
from the server, naming its cards (the engine's sentences). @param {string} action */
function actionWords(action) {
  if (action === 'd') return t('viewer.action_deal');
  if (action === 'u') return t('viewer.action_undo');
  if (action === 'r') return t('viewer.action_redo');
  const flip = /^f(\d+)$/.exec(action);
  if (flip) return t('viewer.action_flip', { column: flip[1] });
  return action;
}

/** The score, moves and stock of a public position, in words. @param {string} position */
function facts(position) {
  const fields = position.split(' ');
  const stock = Number(fields[2]);
  const runs = fields[3] === '-' ? 0 : fields[3].length;
  // a negative score keeps its minus sign before the digits in a right-to-left sentence (an isolate)
  const score = document.documentElement.dir === 'rtl' ? `\u2066${formatNumber(Number(fields[4]))}\u2069` : formatNumber(Number(fields[4]));
  return t('viewer.facts', { score, moves: formatNumber(Number(fields[5])), deals: formatNumber(Math.ceil(stock / 10)), runs: formatNumber(runs) });
}

/** Draws a public position on a board: its completed runs, its stock and its columns. @param {HTMLElement} board @param {string} position */
function draw(board, position) {
  const fields = position.split(' ');
  const runs = fields[3] === '-' ? '' : fields[3];
  board.querySelectorAll('.run').forEach((slot, i) => showRun(/** @type {HTMLElement} */ (slot), /** @type {T.Suit | undefined} */ (runs[i]), i + 1));
  showStock(/** @type {HTMLElement} */ (board.querySelector('.stock')), Math.ceil(Number(fields[2]) / 10));
  const columns = fields[1].split('/');
  /** @type {HTMLElement} */ (board.querySelector('.viewer-table')).replaceChildren(...columns.map((column, index) => {
    const [down, up] = column.split('|');
    const el = document.createElement('div');
    el.className = 'viewer-column';
    el.setAttribute('role', 'list');
    const cards = (up.match(/[A2-9TJQK][shdc]/g) || []);
    const downs = Number(down);
    el.setAttribute('aria-label', t('viewer.column', { column: index + 1, down: downs, up: cards.length }));
    // each card's place in steps (the viewer's --down-step and --up-step, fitCards): resizing moves them all
    const place = (/** @type {HTMLElement} */ card, /** @type {number} */ d, /** @type {number} */ u) => card.style.setProperty('--y', `calc(var(--down-step) * ${d} + var(--up-step) * ${u})`);
    for (let i = 0; i < downs; i += 1) {
      const card = faceDownCard();
      place(card, i, 0);
      card.setAttribute('aria-hidden', 'true');
      el.append(card);
    }
    cards.forEach((name, i) => {
      const card = faceUpCard(name);
      place(card, downs, i);
      el.append(card);
    });
    // the column reaches to the end of its last card
    el.style.setProperty('--downs', String(cards.length ? downs : Math.max(0, downs - 1)));
    el.style.setProperty('--ups', String(Math.max(0, cards.length - 1)));
    return el;
  }));
}

function stop() {
  if (!open || !open.timer) return;
  clearInterval(open.timer);
  open.timer = 0;
  playButton(false);
}

function toggle() {
  if (!open) return;
  if (open.timer) { stop(); return; }
  if (open.step >= open.total) seek(0);
  const pace = Number(document.documentElement.dataset.replayMs) || STEP_MS;
  open.timer = window.setInterval(() => {
    if (!open) return;
    if (open.step >= open.total) { stop(); return; }
    seek(open.step + 1);
  }, pace / open.speed);
  playButton(true);
}

/** @param {boolean} playing */
function playButton(playing) {
  if (!open) return;
  const button = /** @type {HTMLElement} */ (open.root.querySelector('[data-viewer="play"]'));
  button.textContent = playing ? '❚❚' : '▶';
  button.setAttribute('aria-label', t(playing ? 'viewer.pause' : 'viewer.play'));
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  if (!open || event.target instanceof HTMLSelectElement) return;
  const rtl = document.documentElement.dir === 'rtl';
  /** @type {Record<string, number>} */
  const keys = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
  if (event.key in keys && !(event.target instanceof HTMLInputElement && event.target.type === 'range')) {
    stop();
    seek(open.step + keys[event.key]);
  } else if (event.key === 'Home') { stop(); seek(0); } else if (event.key === 'End') { stop(); seek(open.total); } else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) {
    toggle();
  } else return;
  event.preventDefault();
}

function download() {
  if (!open) return;
  const blob = new Blob([open.shown.record], { type: 'text/plain;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `spider-${open.shown.games[0].code}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** @param {HTMLInputElement} input */
async function openFile(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const text = await file.text();
  await openViewer({ text });
}

/** Asks for a game record file (a downloaded or shared one), then opens it in the viewer. */
export function chooseRecordFile() {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.txt,text/plain';
  input.hidden = true;
  input.addEventListener('change', () => { openFile(input).finally(() => input.remove()); });
  document.body.append(input);
  input.click();
}
