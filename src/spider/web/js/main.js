// @ts-check
// Start-up: the catalog and the game load together, then the table is drawn and input is wired.
import { api, ApiError, tellStuck } from './api.js';
import { state } from './state.js';
import { settings, saveSettings, setPresets, suitCountOf } from './settings.js';
import { chooseLanguage, loadCatalog, translate, t } from './i18n.js';
import { initRender, updateClock, els } from './render.js';
import { initDrag } from './drag.js';
import { initKeyboard } from './keyboard.js';
import { dialogs, afterView } from './dialogs.js';
import { askFirst } from './dialog.js';
import { setView, onView, undo, redo, hint, restart, newGame, deal } from './game.js';
import { say, refuse } from './status.js';
import { initOnScreen } from './onscreen.js';
import { titleToolbar, initToolNames, fitToolbar } from './toolbar.js';
import { initMenu } from './menu.js';
/** @import * as T from './types' */

/** @type {(() => string) | null} */
let opening = null; // what to say once the table is drawn

/** @param {Promise<unknown>} presets the presets' answer, set once it comes (a new game's suit count is checked against it) */
async function currentGame(presets) {
  const early = window.spiderBoot && window.spiderBoot.current; // started by boot.js
  const asked = new URLSearchParams(window.location.search);
  const share = asked.get('share');
  const code = asked.get('code');
  if (share || code) {
    // a link to a deal: open it once, and keep the address plain so a reload goes on with it
    window.history.replaceState(null, '', window.location.pathname);
    try {
      const view = await api.create(share ? { share } : { code });
      // the catalog may still be on its way: the words are looked up once the table is drawn
      opening = share ? () => t('share.opened') : () => t('announce.code', { code: view.code });
      return view;
    } catch (error) {
      opening = () => /** @type {Error} */ (error).message; // a stale link or a bad code: say so over the player's own game
    }
  }
  try {
    return await (early || api.current());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await presets.catch(() => {});
    /** @type {T.NewGame} */
    const options = { suits: settings.suits, deal: 'random' };
    return api.create(settings.rules ? { ...options, rules: settings.rules } : options);
  }
}

/** @type {Record<string, () => unknown>} the toolbar's commands, by their buttons' data-command */
const COMMANDS = {
  new: () => dialogs.newGame(),
  restart: () => askFirst(restart),
  undo: () => undo(),
  redo: () => redo(),
  hint: () => hint(),
  stats: () => dialogs.stats(),
  settings: () => dialogs.settings(),
  rules: () => dialogs.rules(),
  duels: () => import('./duel/lobby.js').then((lobby) => lobby.openLobby()),
};

function wire() {
  for (const [name, button] of Object.entries(els.buttons)) {
    button.addEventListener('click', () => COMMANDS[name]());
  }
  for (const choice of els.suits) {
    choice.addEventListener('click', () => {
      const suits = suitCountOf(choice.dataset.suits);
      if (state.view && state.view.suits === suits) return;
      askFirst(() => newGame(settings.deal, suits));
    });
  }
  els.stock.addEventListener('click', () => deal());
  /** @type {HTMLElement} */ (document.querySelector('[data-share]')).addEventListener('click', () => dialogs.share());
  setInterval(updateClock, 1000);
}

/** ``/?replay=GAME_ID&move=N``: a finished game's replay viewer, opened over the player's own game (viewer.js). */
function openReplayLink() {
  const asked = new URLSearchParams(window.location.search);
  const gameId = asked.get('replay');
  if (!gameId) return;
  window.history.replaceState(null, '', window.location.pathname);
  import('./viewer.js').then((viewer) => viewer.openViewer({ gameId }, { move: Number(asked.get('move')) || 0 }));
}

/** A replay link in a dialog (the daily board's) opens the viewer in its place, as the statistics' Replay button
does, rather than loading the page again; the link itself still opens in a new tab or copies. The viewer's own
"Link to this action" is left alone: it is there to be copied. */
function openReplayLinksInPlace() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href^="/?replay="]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.closest('dialog.viewer')) return;
    const asked = new URL(link.href).searchParams;
    const gameId = asked.get('replay');
    if (!gameId) return;
    event.preventDefault();
    import('./viewer.js').then((viewer) => viewer.openViewer({ gameId }, { move: Number(asked.get('move')) || 0 }));
  });
}

/** ``/?moderation``: the moderation view, for moderators (moderation.js); anyone else is told it is not theirs. */
function openModerationLink() {
  const asked = new URLSearchParams(window.location.search);
  if (!asked.has('moderation')) return;
  window.history.replaceState(null, '', window.location.pathname);
  import('./moderation.js').then((view) => view.openModeration());
}

/** The win-chance meter (meter.js), loaded once its setting is on, brought in line with each view. */
function meterAfterView() {
  if (settings.meter || document.querySelector('[data-chance]')) import('./meter.js').then((meter) => meter.showChance()).catch(() => {});
}

async function start() {
  const language = chooseLanguage(settings.language);
  tellStuck(settings.stuck);
  onView(afterView); // the win, "no more moves" and practice's dialogs, told of each view
  onView(meterAfterView);
  // the presets' answer names the game's facts (suit counts, runs to win, …): the table waits for it; with
  // no server, the service worker answers with the copy it kept (sw.js)
  const asked = api.presets().then(setPresets);
  const [catalog, view, presets] = await Promise.allSettled([loadCatalog(language), currentGame(asked), asked]);
  if (catalog.status === 'rejected') throw catalog.reason;
  if (presets.status === 'rejected' && view.status === 'fulfilled') throw presets.reason;
  translate();
  document.title = t('app.title');
  initRender();
  initDrag();
  initKeyboard();
  wire();
  titleToolbar(); initToolNames(); initMenu(); // tooltips, names on a long press, the More menu
  fitToolbar(); // one row of buttons on a desktop, in every language
  if (view.status === 'rejected') {
    // no server: the offline game kept before the reload, or the offer of one
    const offline = await import('./offline/play.js');
    offline.initOffline(setView);
    if (!(await offline.resumeOffline())) {
      refuse(view.reason);
      offline.connectionLost(); // an offline game offered, or word of how offline play is turned on
    }
    import('./offline/install.js').then((install) => install.initInstall());
    return;
  }
  settings.suits = view.value.suits;
  saveSettings();
  setView(view.value, { animate: false });
  initOnScreen();
  if (opening) say(opening());
  openReplayLink();
  openReplayLinksInPlace();
  openModerationLink();
  // back from signing in or out (account.js): what happened is said, or a passkey asked for
  if (sessionStorage.getItem('spider.account')) import('./account.js').then((account) => account.afterReload()).catch(() => {});
  import('./duel/start.js').then((duels) => duels.initDuels()).catch(() => {}); // a duel in play comes back
  // an offline game kept before the reload comes back; the service worker is registered once the table is up
  import('./offline/play.js').then((offline) => { offline.initOffline(setView); return offline.resumeOffline(); }).catch(() => {});
  import('./offline/install.js').then((install) => install.initInstall()).catch(() => {});
  requestAnimationFrame(() => {
    // the first render ran in this frame's earlier callback: the table is drawn
    performance.mark('spider-table-drawn');
    document.documentElement.dataset.ready = 'true';
  });
}

start().catch((error) => say(String(error.message || error), { error: true }));
