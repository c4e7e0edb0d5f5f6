// @ts-check
// A ghost race (loaded with import() from the duel lobby): the player's new game of an earlier game's deal,
// played as a solo game. The duel bar's strip (duel/strip.js) shows the race's time and two lines, the
// player's progress and the ghost's (score, runs, cards turned up: never a card) as the server tells it for
// the time elapsed, asked for every second; a close button; and once the player's game is over, the verdict:
// "You beat the ghost by 120 points", in the status line too. Unrated: the race counts in no results (its "i").
import { request, api } from '../api.js';
import { setView, onView } from '../game.js';
import { state } from '../state.js';
import { t, formatTime } from '../i18n.js';
import { esc } from '../dialog.js';
import { say, refuse } from '../status.js';
import { addStyle } from '../styles.js';
import { helpLink } from '../help.js';
import { drawStrip, stripClock, progressHtml, progressText } from './strip.js';
/** @import * as T from '../types' */

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

const bar = () => /** @type {HTMLElement} */ (document.getElementById('duel-bar'));
const app = () => /** @type {HTMLElement} */ (document.getElementById('app'));

/** @type {T.GhostRace | null} */
let race = null;
let receivedAt = 0; // performance.now() when the race's state came: its time runs on from there
let ticker = 0;
let asking = false;
let lastAsked = 0;
let listening = false;
let ghostDoneSaid = false; // the status line said that the ghost had finished before the player

/** "You beat the ghost by 120 points", in what decided it. @param {T.RaceResult} result */
function verdict(result) {
  if (result.ahead === 'even' || !result.by) return t('ghost.ahead.even');
  if (result.by === 'won') return t(`ghost.verdict.won_${result.ahead}`);
  return t(`ghost.verdict.${result.ahead}`, { margin: t(`ghost.margin.${result.by}`, { count: result.margin }) });
}

/** The race's time: since it began, or the player's own time once their game is over. */
function seconds() {
  if (!race) return 0;
  if (race.over && race.result && race.result.you.seconds !== null) return race.result.you.seconds;
  return (race.elapsed_ms + (race.over ? 0 : performance.now() - receivedAt)) / 1000;
}

/** @param {string} label @param {import('./strip.js').Progress} side @param {string} status @param {string} data */
const line = (label, side, status, data) => `<div class="duel-player" ${data}><span class="duel-who"><b>${esc(label)}</b></span>`
  + ` ${progressHtml(side, status)}</div>`;

function render() {
  if (!race) return;
  const who = race.mine ? t('ghost.yours') : race.name ? t('ghost.named', { name: race.name }) : t('ghost.someone');
  const ended = (/** @type {boolean | null | undefined} */ won) => t(won ? 'duel.ended.won' : 'ghost.finished');
  const yours = race.over ? ended(race.result?.you.won) : t('duel.playing');
  const theirs = race.ghost.finished ? ended(race.ghost.won) : t('duel.playing');
  drawStrip(bar(), {
    clock: formatTime(Math.floor(seconds())),
    clockLabel: t('ghost.time'),
    clockData: 'ghostClock',
    lead: race.result ? `<p class="ghost-result" data-ghost-result>${esc(verdict(race.result))}</p>` : '',
    players: line(t('ghost.you'), race.you, yours, 'data-ghost-you') + line(who, race.ghost, theirs, 'data-ghost'),
    actions: `<button type="button" class="tool" data-ghost-close>${esc(t('button.close'))}</button>`,
    notes: `<p>${esc(t('ghost.about'))}</p><p>${esc(t('ghost.unrated'))} ${helpLink('ghosts')}</p>`,
    infoLabel: t('ghost.info'),
  });
}

async function refresh() {
  if (!race || asking) return;
  const id = race.id;
  asking = true;
  lastAsked = performance.now();
  try {
    const fresh = await request('GET /api/ghosts/{race_id}', { path: { race_id: id } });
    if (!race || race.id !== id) return;
    const before = race;
    race = fresh;
    receivedAt = performance.now();
    render();
    if (fresh.over && !before.over && fresh.result) say(verdict(fresh.result));
    else if (!fresh.over && fresh.ghost.finished && !ghostDoneSaid) {
      ghostDoneSaid = true; // the ghost's game has ended before the player's: said once, the race goes on
      say(t('ghost.ghost_done', { progress: progressText(fresh.ghost) }));
    }
  } catch { /* asked again in a second */ } finally {
    asking = false;
  }
}

/** Every quarter second the time moves on; every second the server is asked how the ghost stands. */
function tick() {
  if (!race || race.over) return;
  const clock = stripClock(bar());
  if (clock) clock.textContent = formatTime(Math.floor(seconds()));
  if (performance.now() - lastAsked >= 1000) refresh();
}

// The race in play, kept across a reload: its id, taken up again at start-up (``resumeRace``, from start.js).
const KEPT = 'spider.ghost';

function end() {
  race = null;
  clearInterval(ticker);
  try { localStorage.removeItem(KEPT); } catch { /* private mode */ }
  // the bar is the race's only while the page is in the race's mode: a duel may have taken it over
  if (app().dataset.mode !== 'ghost') return;
  delete app().dataset.mode;
  bar().hidden = true;
  bar().replaceChildren();
}

/** Closes the race's bar: the game on the table goes on as a game of its own, counting in no results. */
function close() {
  const over = !race || race.over;
  end();
  if (!over) say(t('ghost.closed'));
}

/** Shows the race in the duel bar and keeps its time and the ghost's progress current. @param {T.GhostRace} found */
function show(found) {
  end();
  race = found;
  receivedAt = performance.now();
  lastAsked = receivedAt;
  ghostDoneSaid = found.ghost.finished; // said before the reload, or with the start (raceGhost)
  try { localStorage.setItem(KEPT, found.id); } catch { /* private mode: the race lasts this page */ }
  addStyle('ghost');
  if (!listening) {
    listening = true;
    // a new game (or any other table) ends the race's bar; a move of the race's own game shows at once, and its
    // end asks how the race finished
    onView((view) => {
      if (!race) return;
      if (view.id !== race.game) end();
      else if (view.over) refresh();
      else {
        race = { ...race, you: { ...race.you, score: view.score, runs: view.runs.length } };
        render();
      }
    });
    bar().addEventListener('click', (event) => {
      if (race && /** @type {Element} */ (event.target).closest('[data-ghost-close]')) close();
    });
  }
  app().dataset.mode = 'ghost';
  bar().hidden = false;
  render();
  if (!found.over) ticker = window.setInterval(tick, 250);
}

/**
 * Races a ghost at a suit count: another player's game of a deal new to the player, or with ``mine`` their own best.
 * @param {T.SuitCount} suits
 * @param {boolean} [mine]
 */
export async function raceGhost(suits, mine = false) {
  let started; let view;
  try {
    started = await request('POST /api/ghosts', { body: { suits, mine } });
    view = await api.get(started.game);
  } catch (error) {
    refuse(error);
    return;
  }
  setView(view); // the race's game first: the bar then follows the table from it on
  show(started);
  // a ghost that played fast may have finished already: said with the start
  const done = started.ghost.finished ? ` ${t('ghost.ghost_done', { progress: progressText(started.ghost) })}` : '';
  say(`${t('ghost.started')}${done}`);
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
