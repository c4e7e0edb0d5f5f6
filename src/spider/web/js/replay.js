// @ts-check
// "Show a winning line": the server's stored line for the deal, played in the replay viewer (viewer.js, loaded
// when first wanted), over the game the line was asked for, which stays as it was.
import { api } from './api.js';
import { state } from './state.js';
import { t } from './i18n.js';
import { say, refuse } from './status.js';
import { setView } from './game.js';
import { askFirst } from './dialog.js';

/** The winning line of the game's deal; a game still in play is given up first (asking first when that counts
as a loss). */
export function showWinningLine() {
  const view = state.view;
  if (!view) return;
  if (!view.verified) {
    say(t('line.unavailable'));
    return;
  }
  askFirst(() => { lineOf(view); }, { giving: true });
}

/** @param {import('./types').View} view */
async function lineOf(view) {
  let line;
  let code;
  try {
    if (!view.over && !view.won) setView(await api.resign(view.id), { animate: false });
    ({ code, line } = await api.line(view.id)); // the code comes with the line, once the game is over
  } catch (error) {
    refuse(error);
    return;
  }
  const viewer = await import('./viewer.js');
  await viewer.openViewer({ code, rules: view.rules, actions: line, title: t('viewer.line_title', { code }) }, { play: true });
}
