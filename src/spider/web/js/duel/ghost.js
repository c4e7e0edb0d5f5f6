// @ts-check
// A ghost race (loaded with import() from the duel lobby): the player's new game of an earlier game's deal,
// played as a solo game, with the ghost's progress (score, runs, cards turned up: never a card) in the duel
// bar as the server tells it for the time elapsed, asked for every second; once the player's game is over,
// who finished ahead. Unrated: the race counts in no results.
import { request, api } from '../api.js';
import { setView, onView } from '../game.js';
import { state } from '../state.js';
import { t } from '../i18n.js';
import { esc } from '../dialog.js';
import { say, refuse } from '../status.js';
import { addStyle } from '../styles.js';
import { helpLink } from '../help.js';
/** @import * as T from '../types' */

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

const bar = () => /** @type {HTMLElement} */ (document.getElementById('duel-bar'));
const app = () => /** @type {HTMLElement} */ (document.getElementById('app'));

/** @type {any} */
let race = null;
let poller = 0;
let listening = false;

/** @param {{ score: number, runs: number, turned_up: number }} p */
const progressText = (p) => [
  t('duel.progress.points', { count: p.score }),
  t('duel.progress.runs', { count: p.runs }),
  t('duel.progress.turned', { count: p.turned_up }),
].join(' · ');

function render() {
  if (!race) return;
  const who = race.mine ? t('ghost.yours') : race.name ? t('ghost.named', { name: race.name }) : t('ghost.someone');
  const status = race.ghost.finished ? t('ghost.finished') : t('duel.playing');
  const result = race.result
    ? `<p class="ghost-result" data-ghost-result>${esc(t(`ghost.ahead.${race.result.ahead}`))}</p>`
      + `<button type="button" data-ghost-close>${esc(t('button.close'))}</button>` : '';
  bar().innerHTML = `<div class="duel-player ghost-player" data-ghost><b>${esc(who)}</b>`
    + ` <span data-progress>${esc(progressText(race.ghost))}</span> <small>${esc(status)}</small></div>`
    + `<small class="duel-note">${esc(t('ghost.unrated'))} ${helpLink('ghosts')}</small>${result}`;
}

async function refresh() {
  if (!race) return;
  const id = race.id;
  try {
    const fresh = await request('GET /api/ghosts/{race_id}', { path: { race_id: id } });
    if (!race || race.id !== id) return;
    race = fresh;
    render();
    if (fresh.over) {
      clearInterval(poller);
      if (fresh.result) say(t(`ghost.ahead.${fresh.result.ahead}`));
    }
  } catch { /* asked again in a second */ }
}

// The race in play, kept across a reload: its id, taken up again at start-up (``resumeRace``, from start.js).
const KEPT = 'spider.ghost';

function end() {
  race = null;
  clearInterval(poller);
  try { localStorage.removeItem(KEPT); } catch { /* private mode */ }
  if (app().dataset.mode === 'ghost') delete app().dataset.mode;
  bar().hidden = true;
  bar().replaceChildren();
}

/** Shows the race in the duel bar and asks for the ghost's progress every second. @param {any} found */
function show(found) {
  end();
  race = found;
  try { localStorage.setItem(KEPT, found.id); } catch { /* private mode: the race lasts this page */ }
  addStyle('ghost');
  if (!listening) {
    listening = true;
    // a new game (or any other table) ends the race's bar; the race's own game ending asks how it finished
    onView((view) => {
      if (!race) return;
      if (view.id !== race.game) end();
      else if (view.over) refresh();
    });
    bar().addEventListener('click', (event) => {
      if (/** @type {Element} */ (event.target).closest('[data-ghost-close]')) end();
    });
  }
  app().dataset.mode = 'ghost';
  bar().hidden = false;
  render();
  if (!found.over) poller = window.setInterval(refresh, 1000);
}

/**
 * Races a ghost at a suit count: another player's game of a deal new to the player, or with ``mine`` their own best.
 * @param {T.SuitCount} suits
 * @param {boolean} [mine]
 */
export async function raceGhost(suits, mine = false) {
  let started;
  try {
    started = await request('POST /api/ghosts', { body: { suits, mine } });
  } catch (error) {
    refuse(error);
    return;
  }
  show(started);
  setView(await api.get(started.game));
  say(t('ghost.started'));
  if (state.view && state.view.over) refresh();
}

/** After a reload: the race kept, if its game is still the one on the table. */
export async function resumeRace() {
  let id;
  try { id = localStorage.getItem(KEPT); } catch { return; }
  if (!id) return;
  let found;
  try {
    found = await request('GET /api/ghosts/{race_id}', { path: { race_id: id } });
  } catch (error) {
    if (/** @type {{ status?: number }} */ (error).status === 404) end(); // gone with its player's data
    return; // the server unreachable: asked again at the next start
  }
  if (!state.view || state.view.id !== found.game) {
    end();
    return;
  }
  show(found);
}
