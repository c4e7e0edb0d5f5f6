// "Show a winning line": a fresh game of the same deal, and the server's stored line played on it step by step.
import { api } from './api.js';
import { state } from './state.js';
import { animationsOn } from './settings.js';
import { t } from './i18n.js';
import { requestRender } from './render.js';
import { say } from './status.js';
import { setView, act, refuse } from './game.js';

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const stopButton = () => document.getElementById('replay-stop');

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
  try {
    if (!view.over && !view.won) await api.resign(view.id);
    let code;
    ({ code, line } = await api.line(view.id)); // the code comes with the line, once the game is over
    const fresh = await api.create({ suits: view.suits, code, rules: view.rules, replay: true });
    state.replay = { step: 0, total: line.length, stopped: false };
    setView(fresh);
  } catch (error) {
    refuse(error);
    return;
  }
  stopButton().hidden = false;
  const pace = Number(document.documentElement.dataset.replayMs) || (animationsOn() ? 420 : 160);
  try {
    for (const action of line) {
      await sleep(pace);
      if (state.replay.stopped) break;
      if (!(await act(action))) break;
      state.replay.step += 1;
      say(t('line.playing', { step: state.replay.step, total: state.replay.total }));
    }
    if (!state.replay.stopped && state.replay.step === line.length) say(t('line.done'));
  } finally {
    state.replay = null;
    stopButton().hidden = true;
    requestRender();
  }
}
