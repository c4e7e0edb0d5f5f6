// @ts-check
// The replay viewer: a finished game (or a duel's two, side by side), a record file, or a winning line, drawn
// position by position from what the server sends (public positions: a face-down card is only counted). Step
// forward and back, seek with the slider, play and pause at a chosen speed, with keys (arrows, Home/End, space);
// a link opens it at a move (/?replay=GAME_ID&move=N); the record downloads as a text file.
// Loaded with import() when first wanted: it is not needed to draw the table.
import { request } from './api.js';
import { t, formatNumber } from './i18n.js';
import { esc } from './dialog.js';
import { faceUpCard, faceDownCard } from './cards.js';
import { refuse } from './status.js';
import { addStyle } from './styles.js';
/** @import * as T from './types' */

/**
 * @typedef {{ gameId?: string, text?: string, code?: string, rules?: object, actions?: string[], title?: string }} Source
 */

const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 700; // one action a step at 1x

/** @type {{ shown: T.RecordPositions, step: number, total: number, timer: number, speed: number, source: Source, root: HTMLDialogElement } | null} */
let open = null;

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
  closeViewer();
  const root = document.createElement('dialog');
  root.className = 'viewer';
  root.setAttribute('aria-label', t('viewer.title'));
  document.body.append(root);
  const total = Math.max(...shown.games.map((game) => game.actions.length));
  open = { shown, step: 0, total, timer: 0, speed: 1, source, root };
  build(root, shown, total);
  root.addEventListener('keydown', onKey);
  root.addEventListener('close', () => { stop(); root.remove(); if (open && open.root === root) open = null; });
  root.showModal();
  seek(Math.min(Math.max(0, Math.trunc(move) || 0), total));
  if (play) toggle();
  return true;
}

function closeViewer() {
  if (open) open.root.close();
}

/** @param {HTMLElement} root @param {T.RecordPositions} shown @param {number} total */
function build(root, shown, total) {
  const duel = shown.games.length > 1;
  const boards = shown.games.map((game, index) => `<section class="viewer-board" data-board="${index}" aria-label="${esc(boardName(game, index))}">
      <h3 class="viewer-who">${esc(boardName(game, index))}</h3>
      <p class="viewer-facts" aria-live="off"></p>
      <div class="viewer-table" role="group" aria-label="${esc(t('viewer.table'))}"></div></section>`).join('');
  const speeds = SPEEDS.map((speed) => `<option value="${speed}"${speed === 1 ? ' selected' : ''}>${esc(t('viewer.speed_value', { speed: formatNumber(speed) }))}</option>`).join('');
  root.innerHTML = `<header class="viewer-head"><h2>${esc(title(shown))}</h2>
      <button type="button" class="tool" data-viewer="close" aria-label="${esc(t('viewer.close'))}">✕</button></header>
    <div class="viewer-boards${duel ? ' duel' : ''}">${boards}</div>
    <p class="viewer-step" aria-live="polite"></p>
    <div class="viewer-controls">
      <button type="button" data-viewer="first" aria-label="${esc(t('viewer.first'))}" class="viewer-arrow">⇤</button>
      <button type="button" data-viewer="back" aria-label="${esc(t('viewer.back'))}" class="viewer-arrow">←</button>
      <button type="button" data-viewer="play" aria-label="${esc(t('viewer.play'))}">▶</button>
      <button type="button" data-viewer="forward" aria-label="${esc(t('viewer.forward'))}" class="viewer-arrow">→</button>
      <button type="button" data-viewer="last" aria-label="${esc(t('viewer.last'))}" class="viewer-arrow">⇥</button>
      <input type="range" min="0" max="${total}" value="0" step="1" data-viewer="seek" aria-label="${esc(t('viewer.seek'))}">
      <label class="viewer-speed">${esc(t('viewer.speed'))} <select data-viewer="speed">${speeds}</select></label>
    </div>
    <div class="viewer-more">
      <button type="button" data-viewer="download">${esc(t('viewer.download'))}</button>
      <label class="viewer-open"><span>${esc(t('viewer.open'))}</span><input type="file" accept=".txt,text/plain" data-viewer="file"></label>
      <a data-viewer="link" hidden>${esc(t('viewer.link'))}</a>
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
    draw(/** @type {HTMLElement} */ (board.querySelector('.viewer-table')), game.positions[at]);
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
  const text = t('viewer.step', { step: formatNumber(step), total: formatNumber(total), action: actionWords(action) });
  return comment ? `${text} ${t('viewer.comment', { comment })}` : text;
}

/** An action in words a player reads: "column 3 to column 7", "deal", "undo". @param {string} action */
function actionWords(action) {
  if (action === 'd') return t('viewer.action_deal');
  if (action === 'u') return t('viewer.action_undo');
  if (action === 'r') return t('viewer.action_redo');
  const flip = /^f(\d+)$/.exec(action);
  if (flip) return t('viewer.action_flip', { column: flip[1] });
  const move = /^(\d+)>(\d+)(?::(\d+))?$/.exec(action);
  if (move) return t('viewer.action_move', { from: move[1], to: move[2] });
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

/** Draws a public position's ten columns into ``into``. @param {HTMLElement} into @param {string} position */
function draw(into, position) {
  const columns = position.split(' ')[1].split('/');
  into.replaceChildren(...columns.map((column, index) => {
    const [down, up] = column.split('|');
    const el = document.createElement('div');
    el.className = 'viewer-column';
    el.setAttribute('role', 'list');
    const cards = (up.match(/[A2-9TJQK][shdc]/g) || []);
    el.setAttribute('aria-label', t('viewer.column', { column: index + 1, down: Number(down), up: cards.length }));
    let y = 0;
    for (let i = 0; i < Number(down); i += 1) {
      const card = faceDownCard();
      card.style.setProperty('--y', `calc(var(--card-h) * ${y.toFixed(2)})`);
      card.setAttribute('aria-hidden', 'true');
      el.append(card);
      y += 0.1;
    }
    for (const name of cards) {
      const card = faceUpCard(name);
      card.style.setProperty('--y', `calc(var(--card-h) * ${y.toFixed(2)})`);
      el.append(card);
      y += 0.26;
    }
    el.style.setProperty('--depth', String(y));
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
