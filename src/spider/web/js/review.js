// @ts-check
// The review of a finished game (docs/reviews.md), loaded with import() when first asked for:
// the server goes through the game in the background, move by move, and this dialog shows its progress and the
// time left at its pace, then the accuracy, the three costliest moves with what master would have played and the
// chance of winning before and after, every move in a table, each in words that name the cards; the table at any
// reviewed action (the replay viewer there, master's move marked on its cards); and "try again from here" for a
// costly move: a practice game at the table as it was then, with every card the player had not seen dealt anew.
import { request } from './api.js';
import { t, formatNumber, currentLanguage } from './i18n.js';
import { refuse } from './status.js';
import { openDialog, esc, askFirst } from './dialog.js';
import { addStyle } from './styles.js';
import { tryAgainFrom } from './practice.js';
import { helpLink } from './help.js';
/** @import * as T from './types' */

const POLL_MS = 1000;

/** Starts (or finds) the review of a finished game and shows it once made. @param {string} gameId */
export async function reviewGame(gameId) {
  addStyle('review');
  /** @type {T.ReviewAnswer} */
  let found;
  try {
    found = await request('POST /api/games/{game_id}/review', { path: { game_id: gameId } });
  } catch (error) {
    refuse(error);
    return;
  }
  const d = openDialog(`<form method="dialog" class="review" aria-busy="true">
    <h2>${esc(t('review.title'))}</h2>
    <p class="review-working">${esc(t('review.working'))} ${helpLink('review')}</p>
    <progress max="1" value="0"></progress><p role="status" class="review-progress"></p>
    <div class="actions"><button value="close" class="primary" autofocus>${esc(t('button.close'))}</button></div></form>`,
  { label: t('review.title') });
  const form = /** @type {HTMLFormElement} */ (d.querySelector('form'));
  const bar = /** @type {HTMLProgressElement} */ (d.querySelector('progress'));
  const told = /** @type {HTMLElement} */ (d.querySelector('.review-progress'));
  const pace = paceOf();
  while (found.state === 'queued' || found.state === 'running') {
    bar.max = Math.max(1, found.total);
    bar.value = found.done;
    const left = pace(found);
    told.textContent = found.state === 'queued' ? t('review.queued')
      : [t('review.progress', { done: formatNumber(found.done), total: formatNumber(found.total) }),
        left === null ? '' : t('review.left', { time: duration(left) })].join(' ').trim();
    await new Promise((resolve) => { setTimeout(resolve, POLL_MS); });
    if (!form.isConnected || !d.open) return; // closed by the player: the review goes on, asked for again later
    try {
      found = await request('GET /api/games/{game_id}/review', { path: { game_id: gameId } });
    } catch (error) {
      refuse(error);
      return;
    }
  }
  if (!form.isConnected || !d.open) return;
  if (found.state === 'failed' || !found.review) {
    form.removeAttribute('aria-busy');
    /** @type {HTMLElement} */ (d.querySelector('.review-working')).textContent = t('review.failed');
    told.textContent = '';
    bar.remove();
    return;
  }
  showReview(gameId, found.review);
}

/** The seconds a review still needs at the pace it has kept since it was first seen under way (the queue's
waits and the server's load included), or null until it has done some. */
function paceOf() {
  /** @type {{ at: number, done: number } | null} */
  let first = null;
  return (/** @type {T.ReviewAnswer} */ found) => {
    if (found.state !== 'running') return null;
    const now = performance.now();
    if (!first) first = { at: now, done: found.done };
    const done = found.done - first.done;
    if (done <= 0) return null;
    return ((now - first.at) / 1000 / done) * (found.total - found.done);
  };
}

/** "about 40 seconds", "2 minutes": a time left, rounded as a person would say it. @param {number} seconds */
function duration(seconds) {
  const minutes = seconds >= 60;
  const value = minutes ? Math.ceil(seconds / 60) : Math.max(5, Math.ceil(seconds / 5) * 5);
  return new Intl.NumberFormat(currentLanguage(), { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long' }).format(value);
}

/** @param {number} chance 0..1 */
function percent(chance) {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent' }).format(chance);
}

/** An action in words a player reads: a move naming its cards (the server's words), "a deal from the stock", a
card turned over; never notation alone. @param {string} action @param {string | null} words */
function inWords(action, words) {
  if (words) return words;
  if (action === 'd') return t('viewer.action_deal');
  const flip = /^f(\d+)$/.exec(action);
  if (flip) return t('viewer.action_flip', { column: flip[1] });
  return action;
}

/** "Master's move: the 4 of clubs from column 1 onto …", or that master would have stopped. @param {T.ReviewedAction} step */
function mastersText(step) {
  if (step.master === null) return t('review.master_stops');
  return t('review.masters', { action: inWords(step.master, step.master_words) });
}

/** "Action 12: chance of winning 40% → 22%." @param {T.ReviewedAction} step */
function whenText(step) {
  return t('review.when', { n: formatNumber(step.at + 1), change: changeText(step) });
}

/** "40% → 22%" @param {T.ReviewedAction} step */
function changeText(step) {
  return t('review.change', { before: percent(step.before), after: percent(step.after) });
}

/** @param {string} gameId @param {T.ReviewBody} review */
function showReview(gameId, review) {
  const list = review.costliest.length
    ? `<ol class="review-costliest">${review.costliest.map((index) => {
      const step = review.steps[index];
      return `<li><p class="review-when">${esc(whenText(step))}</p>
      <p>${esc(t('review.yours', { action: inWords(step.action, step.words) }))}</p><p>${esc(mastersText(step))}</p>
      <div class="review-buttons"><button type="button" data-show="${index}">${esc(t('review.show'))}</button>
      <button type="button" data-try="${step.at}">${esc(t('review.try'))}</button></div></li>`;
    }).join('')}</ol>
      <p class="note">${esc(t('review.show_about'))} ${esc(t('review.try_about'))}</p>`
    : `<p>${esc(t('review.none_costly'))}</p>`;
  const rows = review.steps.map((step, index) => `<tr class="${step.costly ? 'costly' : ''}">
    <td><button type="button" class="review-at" data-show="${index}" aria-label="${esc(t('review.show_at', { n: formatNumber(step.at + 1) }))}">${esc(formatNumber(step.at + 1))}</button></td>
    <td>${esc(inWords(step.action, step.words))}</td>
    <td>${step.agrees ? esc(t('review.agrees')) : esc(step.master === null ? '—' : inWords(step.master, step.master_words))}</td>
    <td>${esc(changeText(step))}</td></tr>`).join('');
  const d = openDialog(`<form method="dialog" class="review">
    <h2>${esc(t('review.title'))}</h2>
    <p class="big review-accuracy">${esc(t('review.accuracy', { accuracy: formatNumber(Math.round(review.accuracy)) }))}</p>
    <p class="note">${esc(t('review.accuracy_about'))} ${helpLink('review')}</p>
    <h3>${esc(t('review.costliest'))}</h3>${list}
    <details><summary>${esc(t('review.every_move'))}</summary><div class="review-table"><table>
    <thead><tr><th scope="col">#</th><th scope="col">${esc(t('review.played'))}</th><th scope="col">${esc(t('review.master'))}</th>
    <th scope="col">${esc(t('review.chance'))}</th></tr></thead><tbody>${rows}</tbody></table></div></details>
    <div class="actions"><button value="close" class="primary" autofocus>${esc(t('button.close'))}</button></div></form>`,
  { label: t('review.title') });
  for (const button of d.querySelectorAll('[data-try]')) {
    button.addEventListener('click', () => {
      d.close('try');
      // the reviewed game is over, but the player may have begun another since: asked first if it counts
      askFirst(() => tryAgainFrom(gameId, Number(/** @type {HTMLElement} */ (button).dataset.try)));
    });
  }
  for (const button of d.querySelectorAll('[data-show]')) {
    button.addEventListener('click', () => showTable(gameId, review.steps[Number(/** @type {HTMLElement} */ (button).dataset.show)]));
  }
}

/** The replay viewer at the table a reviewed action was made from, master's move marked on its cards and said
with the player's. @param {string} gameId @param {T.ReviewedAction} step */
async function showTable(gameId, step) {
  const viewer = await import('./viewer.js');
  if (!await viewer.openViewer({ gameId }, { move: step.at })) return;
  const text = [whenText(step), t('review.yours', { action: inWords(step.action, step.words) }),
    step.agrees ? t('review.masters', { action: t('review.agrees') }) : mastersText(step)].join(' ');
  viewer.markMove({ at: step.at, text, ...(step.master_move || {}) });
}
