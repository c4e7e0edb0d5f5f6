// @ts-check
// A game won: the fanfare, the cascade of the completed runs (cascade.js, fetched only then), then the win
// dialog with the score, moves, time and the player's best so far. With reduced motion or the Animations
// setting off the dialog comes at once.
import { api } from './api.js';
import { state } from './state.js';
import { animationsOn } from './settings.js';
import { t, formatTime, formatNumber } from './i18n.js';
import { els, shareable } from './render.js';
import { newGame } from './game.js';
import { showWinningLine } from './replay.js';
import { openDialog, dialog, esc } from './dialog.js';
import { SUIT_SYMBOLS } from './cards.js';
import { playSound } from './sound.js';
import { secret, secretNote } from './secret.js';
/** @import * as T from './types' */

/** @typedef {{ stats: () => void, share: () => void }} Elsewhere the dialogs the win dialog leads to (dialogs.js) */

/** The game's own suits, in the usual order: a one-suit game won shows spades alone. */
/** @param {T.View} view */
function suitsOf(view) {
  return /** @type {T.Suit[]} */ (Object.keys(SUIT_SYMBOLS)).filter((suit) => view.runs.includes(suit));
}

/** "Best so far (1 suit): …", from the player's statistics, which already count this game. */
/** @param {T.View} view @param {T.Stats} stats */
function bestLine(view, stats) {
  const none = t('stats.none');
  /** @type {(v: number | null | undefined, f?: (v: number) => string) => string} */
  const shown = (v, f = formatNumber) => (v === null || v === undefined ? none : f(v));
  const offline = Boolean(state.offline || view.offline);
  const tally = offline ? ((stats.offline || { by_suits: {} }).by_suits || {})[view.suits] : (stats.by_suits || {})[view.suits];
  if (!tally) return '';
  const score = offline ? null : ((stats.best_scores || {})[view.suits] || {})[String(view.rules.scoring)];
  return t('win.best', {
    suits: t('suits.option', { count: view.suits }),
    score: shown(score),
    moves: shown(tally.fewest_moves),
    time: shown(tally.best_seconds, formatTime),
  });
}

/** @param {T.View} view @param {Elsewhere} elsewhere */
function winDialog(view, elsewhere) {
  const offline = Boolean(state.offline || view.offline);
  const line = view.verified && !secret(view) ? `<button value="line">${esc(t('button.line'))}</button>` : '';
  const share = shareable(view) ? `<button value="share">${esc(t('button.share'))}</button>` : '';
  const review = offline ? '' : `<button value="review">${esc(t('review.button'))}</button>`;
  const suits = suitsOf(view).map((s) => `<span class="${s}">${SUIT_SYMBOLS[s]}</span>`).join(' ');
  const d = openDialog(`<form method="dialog" class="win">
    <p class="big" aria-hidden="true">${suits}</p><h2>${esc(t('win.title'))}</h2>
    <p>${esc(t('win.text', { score: view.score, moves: view.moves, time: formatTime(view.seconds) }))}</p>
    <p class="best" hidden></p>${secretNote(view)}
    <div class="actions">${line}${share}${review}<button value="stats">${esc(t('button.stats'))}</button>
    <button value="new" class="primary" autofocus>${esc(t('button.new'))}</button></div></form>`, {
    label: t('win.title'),
    onClose: (value) => {
      if (value === 'new') newGame();
      else if (value === 'stats') elsewhere.stats();
      else if (value === 'share') elsewhere.share();
      else if (value === 'line') showWinningLine();
      else if (value === 'review') import('./review.js').then((r) => r.reviewGame(view.id)).catch(() => {});
    },
  });
  const best = /** @type {HTMLElement} */ (d.querySelector('.best'));
  api.stats().then((stats) => {
    const text = bestLine(view, stats);
    if (!text || !best.isConnected) return;
    best.textContent = text;
    best.hidden = false;
  }).catch(() => {}); // no statistics at hand: the dialog says the rest
}

/** The win, as the player sees it: the cascade when motion is wanted, then the dialog. */
/** @param {T.View} view @param {Elsewhere} elsewhere */
export async function showWin(view, elsewhere) {
  playSound('win');
  if (animationsOn() && els.runs && els.runs.length) {
    const slots = els.runs.map((slot) => slot.getBoundingClientRect());
    const size = getComputedStyle(document.documentElement);
    const card = { width: parseFloat(size.getPropertyValue('--card-w')) || 80, height: parseFloat(size.getPropertyValue('--card-h')) || 112 };
    try {
      const { cascade } = await import('./cascade.js'); // off the first load: a win is rarer than a start
      await cascade(view.runs, slots, card, t('win.skip'));
    } catch { /* no cascade to be had: the dialog all the same */ }
    if (state.view && state.view.id !== view.id) return; // another game came meanwhile
    if (dialog().open) return; // a duel's result came meanwhile: it says who won
  }
  winDialog(view, elsewhere);
}
