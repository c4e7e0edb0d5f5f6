// @ts-check
// The game's clock is the server's, and it counts only while the game is on screen: this tells the
// server when the page shows the game (and gives a sign of life every heartbeat_ms while it does), and
// when it stops showing it (a hidden tab, a closed page). The clock on the table only shows the time.
import { api } from './api.js';
import { state } from './state.js';
import { CONSTANTS } from './settings.js';
let timer = 0;

const shown = () => document.visibilityState === 'visible';

/** The playing time the table shows now, in seconds. */
export function shownSeconds() {
  const view = state.view;
  if (!view) return 0;
  const running = !view.over && !view.won && shown();
  return view.seconds + (running ? (performance.now() - state.receivedAt) / 1000 : 0);
}

/** Tells the server whether the game is on screen (true also as a sign of life). @param {boolean} onScreen */
function tell(onScreen) {
  const view = state.view;
  if (!view || view.over || view.won || view.offline) return;
  api.clock(view.id, onScreen).then((answer) => {
    if (state.view !== view || !onScreen) return;
    view.seconds = answer.seconds; // the server's time wins over the page's count
    state.receivedAt = performance.now();
  }).catch(() => { /* the next action or sign of life tells it again */ });
}

function beat() {
  clearInterval(timer);
  timer = shown() ? setInterval(() => tell(true), CONSTANTS.heartbeat_ms) : 0;
}

function changed() {
  if (state.view) {
    // what was on the table when it left the screen stays there while it is away
    state.view.seconds = shownSeconds();
    state.receivedAt = performance.now();
  }
  tell(shown());
  beat();
}

/** Start telling the server; the view loaded just now is on screen. */
export function initOnScreen() {
  document.addEventListener('visibilitychange', changed);
  window.addEventListener('pagehide', () => tell(false));
  window.addEventListener('pageshow', (event) => { if (event.persisted) changed(); });
  tell(shown());
  beat();
}
