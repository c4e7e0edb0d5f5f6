// @ts-check
// Analysis after a lost game (SPEC 2.6): the server searches the game with the whole deal known, and says
// whether the deal could be won and the last point from which it still could. From there the player can
// take the game up again (a new game of the deal with their own actions played again, undo history and
// all) or watch the winning line from that point.
import { api, request } from './api.js';
import { state } from './state.js';
import { t } from './i18n.js';
import { setView, newGame } from './game.js';
import { say, refuse } from './status.js';
import { openDialog, esc, askFirst } from './dialog.js';
/** @import * as T from './types' */

/** Give up the game in progress (if it still is, asking first when that counts as a loss) and analyse it. */
export function analyseGame() {
  askFirst(() => { analyseNow(); }, { giving: true });
}

async function analyseNow() {
  const view = state.view;
  if (!view) return;
  let origin = view;
  try {
    if (!view.over && !view.won) {
      origin = await api.resign(view.id);
      setView(origin, { animate: false });
    }
  } catch (error) {
    refuse(error);
    return;
  }
  const waiting = openDialog(`<form method="dialog" aria-busy="true">
    <h2>${esc(t('analysis.title'))}</h2><p role="status">${esc(t('analysis.working'))}</p>
    <div class="actions"><button value="close">${esc(t('button.close'))}</button></div></form>`, { label: t('analysis.title') });
  let found;
  try {
    found = await api.analysis(origin.id);
  } catch (error) {
    if (waiting.open) waiting.close('replaced');
    refuse(error);
    return;
  }
  if (!waiting.open || state.view !== origin) return; // closed by the player: the answer is not wanted now
  showAnalysis(origin, found);
}

/** The last point (in actions) from which the game could still be won: known whenever the deal can be won, the only case that offers Back and the line. @param {T.Analysis} found */
const winnableUntil = (found) => /** @type {number} */ (found.last_winnable);

/** @param {T.Analysis} found */
function verdictText(found) {
  if (found.opening === 'no-win') return t('analysis.no_win');
  if (found.opening === 'unknown') return t('analysis.unknown');
  if (found.last_winnable === found.actions) return t('analysis.still_winnable');
  if (found.last_winnable === 0) return t('analysis.from_start');
  return t('analysis.winnable_until', { moves: found.moves, count: found.last_winnable, total: found.actions });
}

/** @param {T.View} origin the game analysed @param {T.Analysis} found */
function showAnalysis(origin, found) {
  const winnable = found.opening === 'win';
  const back = winnable ? `<button value="back">${esc(t('analysis.back'))}</button>
    <button value="line">${esc(t('analysis.line'))}</button>` : '';
  const moves = winnable ? `<p class="note">${esc(t('analysis.line_length', { count: found.line.length }))}</p>
    <p class="note">${esc(t('analysis.back_about'))}</p>` : '';
  openDialog(`<form method="dialog">
    <h2>${esc(t('analysis.title'))}</h2><p>${esc(verdictText(found))}</p>${moves}
    <div class="actions">${back}<button value="review">${esc(t('review.button'))}</button><button value="new" class="primary" autofocus>${esc(t('button.new'))}</button></div></form>`, {
    label: t('analysis.title'),
    onClose: async (value) => {
      if (value === 'new') newGame();
      else if (value === 'line') showLineFrom(origin, found);
      else if (value === 'review') import('./review.js').then((review) => review.reviewGame(origin.id)).catch(() => {});
      else if (value === 'back') {
        try {
          const fresh = await api.resume(origin.id, winnableUntil(found), false);
          setView(fresh, { animate: false });
          say(t('analysis.resumed', { moves: fresh.moves }));
        } catch (error) {
          refuse(error);
        }
      }
    },
  });
}

/**
 * The winning line from the last point the game could still be won, in the replay viewer (viewer.js): the
 * player's own actions up to there, then the line, opened at that point and playing.
 */
async function showLineFrom(/** @type {T.View} */ origin, /** @type {T.Analysis} */ found) {
  let played;
  try {
    played = await request('GET /api/games/{game_id}/played', { path: { game_id: origin.id } });
  } catch (error) {
    refuse(error);
    return;
  }
  const actions = played.actions.slice(0, winnableUntil(found)).concat(found.line);
  const viewer = await import('./viewer.js');
  await viewer.openViewer({ code: played.code, rules: played.rules, actions, title: t('viewer.line_title', { code: played.code }) },
    { move: winnableUntil(found), play: true });
}
