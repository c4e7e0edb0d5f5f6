// @ts-check
// The moderation view, for moderators only (given the role by `spider mod grant NAME`), opened by /?moderation:
// the results flagged for play that fits the face-down cards, each with its evidence in words, a replay viewer
// opened at each action the evidence names, the account's other checked results, and two decisions: clear the
// result (back on its board) or mark the account (its results leave every board). Every decision made is listed,
// with who made it and when. The server says no to everyone else, and the page shows that refusal as it is.
import { request } from './api.js';
import { t, formatNumber, currentLanguage } from './i18n.js';
import { openDialog, esc } from './dialog.js';
import { say, refuse } from './status.js';

/** @import * as T from './types' */

/** A score with two decimals, written as the page's language writes numbers (13,28 in Portuguese).
 * @param {number} score */
function twoPlaces(score) {
  return new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(score);
}

/** @returns {Promise<T.Moderation>} */
const moderation = () => request('GET /api/moderation');

/** When, in the language's words. @param {number} at seconds since the epoch */
function when(at) {
  return new Date(at * 1000).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** @param {string | null} name */
const named = (name) => esc(name || t('daily.board.anonymous'));

/** One flagged result: its facts, the evidence (each a button to the replay at that action), its account's others. @param {T.FlaggedResult} found */
function flaggedResult(found) {
  const facts = [
    t(`moderation.board.${found.board}`),
    found.score === null ? t('moderation.unmeasured') : t('moderation.score', { score: twoPlaces(found.score) }),
    found.points === null ? '' : t('moderation.points', { points: formatNumber(found.points), moves: formatNumber(found.moves || 0) }),
  ].filter(Boolean).join(' · ');
  const evidence = found.evidence.map((item) => `<li><button type="button" data-replay="${esc(found.game)}" data-move="${item.at}">${esc(t('moderation.replay', { n: formatNumber(item.at + 1) }))}</button> ${esc(item.text)}</li>`).join('');
  const others = found.others.map((other) => `<li>${esc(t(`moderation.board.${other.board}`))}: ${esc(t(`moderation.state.${other.state}`))} (${esc(when(other.at))})</li>`).join('');
  return `<article class="moderation-flagged" data-game="${esc(found.game)}">
    <h3>${named(found.name)}</h3><p>${esc(facts)}</p>
    <h4>${esc(t('moderation.evidence'))}</h4><ol>${evidence || `<li>${esc(t('moderation.no_evidence'))}</li>`}</ol>
    <button type="button" data-replay="${esc(found.game)}" data-move="0">${esc(t('moderation.replay_all'))}</button>
    <h4>${esc(t('moderation.others'))}</h4><ul>${others || `<li>${esc(t('moderation.no_others'))}</li>`}</ul>
    <p><button type="button" data-clear="${esc(found.game)}">${esc(t('moderation.clear'))}</button>
    ${found.name ? `<button type="button" data-mark="${esc(found.name)}">${esc(t('moderation.mark'))}</button>` : ''}</p>
  </article>`;
}

/** @param {T.Moderation} shown */
function html(shown) {
  const decisions = shown.decisions.map((decision) => `<tr><td>${esc(when(decision.at))}</td><td>${decision.moderator === null ? esc(t('moderation.command_line')) : named(decision.moderator)}</td>
    <td>${esc(t(`moderation.decision.${decision.decision}`))}</td><td>${named(decision.name)}</td></tr>`).join('');
  return `<form method="dialog" class="moderation"><h2>${esc(t('moderation.title'))}</h2>
    ${shown.flagged.map(flaggedResult).join('') || `<p class="note" data-none>${esc(t('moderation.none'))}</p>`}
    <h3>${esc(t('moderation.log'))}</h3>
    <table class="moderation-log"><thead><tr><th scope="col">${esc(t('moderation.col.when'))}</th><th scope="col">${esc(t('moderation.col.who'))}</th>
    <th scope="col">${esc(t('moderation.col.decision'))}</th><th scope="col">${esc(t('moderation.col.account'))}</th></tr></thead><tbody>${decisions}</tbody></table>
    <p><button value="close">${esc(t('moderation.close'))}</button></p></form>`;
}

/** Opens the moderation view; a player who is no moderator is told so, in the server's words. */
export async function openModeration() {
  /** @type {T.Moderation} */
  let shown;
  try { shown = await moderation(); } catch (error) {
    refuse(error);
    return false;
  }
  show(shown);
  return true;
}

/** @param {T.Moderation} shown */
function show(shown) {
  const d = openDialog(html(shown), { label: t('moderation.title') });
  // on the form this call drew, which the next show() replaces: a listener on the one dialog element would stay, and
  // answer each later click once more for every time the view was drawn (two clears, two marks)
  /** @type {HTMLFormElement} */ (d.querySelector('form')).addEventListener('click', async (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest('button');
    if (!button) return;
    const { replay, move, clear, mark } = button.dataset;
    try {
      if (replay) {
        const game = await request('GET /api/moderation/games/{game_id}', { path: { game_id: replay } });
        const viewer = await import('./viewer.js');
        await viewer.openViewer({ code: game.code, rules: game.rules, actions: game.actions }, { move: Number(move) || 0 });
      } else if (clear) {
        show(await request('POST /api/moderation/games/{game_id}/clear', { path: { game_id: clear } }));
        say(t('moderation.cleared'));
      } else if (mark) {
        show(await request('POST /api/moderation/accounts/{name}/mark', { path: { name: mark } }));
        say(t('moderation.marked', { name: mark }));
      }
    } catch (error) {
      refuse(error);
    }
  });
}
