// @ts-check
// "Show a winning line": the server's stored line for the deal, played in the replay viewer (viewer.js, loaded
// when first wanted), over the game the line was asked for, which stays as it was.
// ``playLine`` plays a line on a replay's table instead (the analysis's line from where the game was still
// winnable): a mode of its own, labelled as such, never the player's current game, and when it ends or is
// stopped the table goes back to the game the line was asked for.
import { api } from './api.js';
import { state } from './state.js';
import { animationsOn } from './settings.js';
import { t } from './i18n.js';
import { requestRender } from './render.js';
import { say, refuse } from './status.js';
import { setView, act } from './game.js';

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const stopButton = () => /** @type {HTMLElement} */ (document.getElementById('replay-stop'));

export function stopReplay() {
  if (state.replay) state.replay.stopped = true;
}

export async function showWinningLine() {
  const view = state.view;
  if (!view || state.replay) return;
  if (!view.verified) {
    say(t('line.unavailable'));
    return;
  }
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

/**
 * Play ``line`` step by step on ``fresh``, a replay's table, then go back to ``origin``; ``texts`` name what is
 * said as it plays and at its end and what the table is (``kind``), and ``seconds`` the time shown (by
 * default the winning line's).
 */
export async function playLine(fresh, line, origin, { playing = 'line.playing', done = 'line.done', seconds = origin.seconds, kind = 'info.replay' } = {}) {
  state.replay = { step: 0, total: line.length, stopped: false, seconds, kind };
  setView(fresh);
  stopButton().hidden = false;
  const pace = Number(document.documentElement.dataset.replayMs) || (animationsOn() ? 420 : 160);
  try {
    for (const action of line) {
      await sleep(pace);
      if (state.replay.stopped) break;
      if (!(await act(action))) break;
      state.replay.step += 1;
      say(t(playing, { step: state.replay.step, total: state.replay.total }));
    }
    if (!state.replay.stopped && state.replay.step === line.length) say(t(done));
  } finally {
    const stopped = state.replay.stopped;
    if (stopped) say(t('line.stopped'));
    // a moment on the finished line, unless stopped: then back to where the player was
    if (!stopped) await sleep(Math.max(pace * 4, 1200));
    stopButton().hidden = true;
    setView(origin, { animate: false }); // still in replay mode here, so no win dialog comes again
    state.replay = null;
    requestRender();
  }
}
