// @ts-check
// The review of a finished game (docs/reviews.md), loaded with import() when first asked for:
// the server goes through the game in the background, move by move, and this dialog shows its progress,
// then the accuracy, the three costliest moves with what master would have played and the chance of
// winning before and after, every move in a table, and "try again from here" for a costly move: a practice
// game at the table as it was then, with every card the player had not seen dealt anew, to win.
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
  while (found.state === 'queued' || found.state === 'running') {
    bar.max = Math.max(1, found.total);
    bar.value = found.done;
    told.textContent = found.state === 'queued' ? t('review.queued')
      : t('review.progress', { done: formatNumber(found.done), total: formatNumber(found.total) });
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

/** @param {number} chance 0..1 */
function percent(chance) {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent' }).format(chance);
}

/** "Action 12: you played 3>7, master would have played 4>7. Chance of winning: 40% → 22%." @param {T.ReviewedAction} step */
function stepText(step) {
  return t(step.master === null ? 'review.step_no_master' : 'review.step', {
    n: formatNumber(step.at + 1),
    action: step.action,
    master: step.master || '',
    change: changeText(step),
  });
}

/** "40% → 22%" @param {T.ReviewedAction} step */
function changeText(step) {
  return t('review.change', { before: percent(step.before), after: percent(step.after) });
}

/** @param {string} gameId @param {T.ReviewBody} review */
function showReview(gameId, review) {
  const costly = review.costliest.map((index) => review.steps[index]);
  const list = costly.length
    ? `<ol class="review-costliest">${costly.map((step) => `<li><span>${esc(stepText(step))}</span>
      <button type="button" data-try="${step.at}">${esc(t('review.try'))}</button></li>`).join('')}</ol>
      <p class="note">${esc(t('review.try_about'))}</p>`
    : `<p>${esc(t('review.none_costly'))}</p>`;
  const rows = review.steps.map((step) => `<tr class="${step.costly ? 'costly' : ''}">
    <td>${esc(formatNumber(step.at + 1))}</td><td><bdi>${esc(step.action)}</bdi></td>
    <td>${step.agrees ? esc(t('review.agrees')) : `<bdi>${esc(step.master || '—')}</bdi>`}</td>
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
}
