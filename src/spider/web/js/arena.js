// @ts-check
// Arenas (docs/arenas.md), from the duel lobby: the arenas to come and in play, one's own opened, and an
// arena's standings, live over the socket, with join and leave, the duel one plays now, berserk, and the
// podium at the end. The duels themselves are played on the duel table (duel/table.js), which opens by
// itself when a pairing starts one, closing this dialog; the table asks this module what an arena's duel
// adds (berserk before the first move; after it, the way back to the arena, or back into it for a player
// withdrawn for not moving). Loaded with import() when first wanted.
import { request } from './api.js';
import { connect, on, followArena, unfollowArena } from './duel/socket.js';
import { t, currentLanguage } from './i18n.js';
import { openDialog, dialog, esc } from './dialog.js';
import { helpLink } from './help.js';
import { say, refuse } from './status.js';
import { CONSTANTS, suitCountOf } from './settings.js';
import { addStyle } from './styles.js';
/** @import * as T from './types' */

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

const LENGTHS = [15, 30, 45, 60, 90, 120];

/** @param {string} iso */
function clockTime(iso) {
  return new Date(iso).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' });
}

/** @param {T.ArenaSummary} arena */
function when(arena) {
  if (arena.state === 'upcoming') return t('arena.state.upcoming', { time: clockTime(arena.starts_at) });
  if (arena.state === 'running') return t('arena.state.running', { time: clockTime(arena.ends_at) });
  return t('arena.state.over');
}

/** @param {T.ArenaSummary} arena */
function summary(arena) {
  // a name keeps its own direction inside a sentence of another (FSI ... PDI)
  const by = arena.opened_by === null ? t('arena.hourly') : t('arena.by', { name: `\u2068${arena.opened_by}\u2069` });
  return `${esc(by)} · ${esc(t('suits.option', { count: arena.suits }))} · ${esc(t('lobby.minutes', { count: arena.minutes }))}`
    + ` · ${esc(when(arena))} · ${esc(t('arena.players', { count: arena.players }))}`;
}

/** The list of arenas, and a form to open one's own. */
export async function openArenas() {
  addStyle('arena');
  connect();
  let list;
  try { list = await request('GET /api/arenas'); } catch (error) { refuse(error); return; }
  const items = list.arenas.filter((a) => a.state !== 'over' || a.joined).map((a) => `<li class="arena-row${a.joined ? ' joined' : ''}"><span>${summary(a)}</span>`
    + `<button type="button" data-arena="${esc(a.id)}">${esc(t('arena.show'))}</button></li>`).join('');
  const suitRadios = CONSTANTS.suit_counts.map((n, i) => `<label><input type="radio" name="suits" value="${n}"${i === 0 ? ' checked' : ''}> ${esc(t('suits.option', { count: n }))}</label>`).join('');
  const minutes = CONSTANTS.duel_minutes.map((m, i) => `<option value="${m}"${i === 0 ? ' selected' : ''}>${esc(t('lobby.minutes', { count: m }))}</option>`).join('');
  const lengths = LENGTHS.map((m) => `<option value="${m}"${m === 30 ? ' selected' : ''}>${esc(t('lobby.minutes', { count: m }))}</option>`).join('');
  const d = openDialog(`<form method="dialog" class="lobby arenas">
    <h2>${esc(t('arena.title'))}</h2>
    <p class="note">${esc(t('arena.rules'))} ${helpLink('arenas')}</p>
    <ul data-arenas>${items || `<li class="note">${esc(t('arena.none'))}</li>`}</ul>
    <h3>${esc(t('arena.new'))}</h3>
    <div class="suit-radios">${suitRadios}</div>
    <div class="field"><label for="arena-minutes">${esc(t('arena.duel_time'))}</label><select id="arena-minutes" name="minutes">${minutes}</select></div>
    <div class="field"><label for="arena-length">${esc(t('arena.length'))}</label><select id="arena-length" name="length">${lengths}</select></div>
    <label class="check"><input type="checkbox" name="computers"> ${esc(t('arena.computers'))}</label>
    <div class="actions"><button value="close">${esc(t('button.close'))}</button><button value="create" class="primary">${esc(t('arena.create'))}</button></div></form>`, {
    label: t('arena.title'),
    onClose: (value) => { if (value === 'create') create(form); },
  });
  const form = /** @type {HTMLFormElement} */ (d.querySelector('form'));
  // on the form, which goes with this dialog: a listener on the one dialog would stay for every dialog after it
  form.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button');
    if (button && button.dataset.arena) showArena(button.dataset.arena);
  });
}

/** @param {HTMLFormElement} form */
async function create(form) {
  /** @type {T.NewArena} */
  const body = {
    suits: suitCountOf(form.suits.value), minutes: /** @type {T.Minutes} */ (Number(form.minutes.value)),
    // `form.length` is the count of the form's fields for the checker; the browser gives the field named so
    length: /** @type {T.NewArena['length']} */ (Number(/** @type {HTMLSelectElement} */ (form.elements.namedItem('length')).value)), computers: form.computers.checked,
  };
  try {
    const state = await request('POST /api/arenas', { body });
    showArena(state.arena.id);
  } catch (error) { refuse(error); }
}

/** A standing's name: none for a player who has not chosen one (a made-up name is on no board). @param {T.Standing} s */
const standingName = (s) => esc(s.name || t('arena.anonymous'));

/** @param {T.Standing[]} standings @param {T.Standing[] | null} podium */
function standingsHtml(standings, podium) {
  const rows = standings.map((s) => `<li data-place="${s.place}"${s.active ? '' : ' class="away"'}><span class="place">${s.place}.</span>`
    + ` <bdi class="name">${standingName(s)}</bdi> <span class="points">${esc(t('arena.points', { count: s.points }))}</span>`
    + `${s.streak >= 2 ? ` <span class="fire" title="${esc(t('arena.on_fire'))}">×2</span>` : ''}`
    + `${s.playing ? ` <small>${esc(t('arena.playing'))}</small>` : ''}</li>`).join('');
  // the podium: its places (1, 2, 3), for those who scored; nobody stands there for no point
  const places = podium && podium.map((s) => `<li data-place="${s.place}"><span class="place">${s.place}.</span>`
    + ` <bdi>${standingName(s)}</bdi> · ${esc(t('arena.points', { count: s.points }))}</li>`).join('');
  const top = !podium ? '' : `<h3>${esc(t('arena.podium'))}</h3>${places
    ? `<ol class="podium" data-podium>${places}</ol>` : `<p class="note" data-podium>${esc(t('arena.podium_none'))}</p>`}`;
  return `${top}<h3>${esc(t('arena.standings'))}</h3><ol class="standings" data-standings>${rows}</ol>`;
}

/** @param {T.ArenaState} state */
function youHtml(state) {
  const you = state.you;
  const over = state.arena.state === 'over';
  const buttons = [];
  if (!over && (!you || !you.active)) buttons.push(`<button type="button" class="primary" data-join>${esc(t(you && you.stalled ? 'arena.rejoin' : 'arena.join'))}</button>`);
  if (!over && you && you.active) buttons.push(`<button type="button" data-leave>${esc(t('arena.leave'))}</button>`);
  if (you && you.duel) buttons.push(`<button type="button" data-duel="${esc(you.duel)}">${esc(t('arena.your_duel'))}</button>`);
  if (you && you.may_berserk) buttons.push(`<button type="button" data-berserk title="${esc(t('arena.berserk_note'))}">${esc(t('arena.berserk'))}</button>`);
  const waiting = you && you.active && !you.duel && state.arena.state === 'running' ? `<p class="note">${esc(t('arena.waiting'))}</p>` : '';
  const withdrawn = !over && you && you.stalled ? `<p class="note" data-withdrawn>${esc(t('arena.withdrawn'))}</p>` : '';
  return `${waiting}${withdrawn}<div class="arena-you">${buttons.join('')}</div>`;
}

/**
 * One arena: its standings live, and what the player may do in it; ``join`` joins it once shown (a player withdrawn
 * comes back: a pairing then closes it as any other).
 * @param {string} id @param {{ join?: boolean }} [how]
 */
export async function showArena(id, { join = false } = {}) {
  addStyle('arena');
  connect();
  /** @type {T.ArenaState} */
  let state;
  try { state = await request('GET /api/arenas/{arena_id}', { path: { arena_id: id } }); } catch (error) { refuse(error); return; }
  const d = openDialog(`<form method="dialog" class="lobby arena">
    <h2>${esc(t('arena.title'))}</h2>
    <p data-summary>${summary(state.arena)}</p>${state.unranked ? `<p class="note" data-unranked>${esc(state.unranked)}</p>` : ''}
    <div data-you>${youHtml(state)}</div>
    <div data-board>${standingsHtml(state.standings, state.podium)}</div>
    <div class="actions"><button value="close">${esc(t('button.close'))}</button></div></form>`, {
    label: t('arena.title'),
    onClose: () => { shown = false; stop(); unfollowArena(id); },
  });
  let shown = true; // until it closes, or another dialog takes its place
  const joinIt = async () => {
    await request('POST /api/arenas/{arena_id}/join', { path: { arena_id: id }, body: {} });
    say(''); // whatever the status line said of the arena before (a withdrawal) is over
  };
  d.dataset.arena = id; // a pairing closes it (duel/table.js)
  const refresh = async () => {
    try { state = await request('GET /api/arenas/{arena_id}', { path: { arena_id: id } }); } catch { return; }
    if (!shown) return;
    /** @type {HTMLElement} */ (d.querySelector('[data-summary]')).innerHTML = summary(state.arena);
    /** @type {HTMLElement} */ (d.querySelector('[data-you]')).innerHTML = youHtml(state);
    /** @type {HTMLElement} */ (d.querySelector('[data-board]')).innerHTML = standingsHtml(state.standings, state.podium);
  };
  // the standings come in the frame itself: no request per frame, however many watch the arena
  const stop = on('arena', (frame) => {
    if (frame.arena !== id || !shown) return;
    const wasOver = state.arena.state === 'over';
    state = { ...state, arena: { ...state.arena, state: frame.state, players: frame.standings.length }, standings: frame.standings, podium: frame.podium };
    /** @type {HTMLElement} */ (d.querySelector('[data-summary]')).innerHTML = summary(state.arena);
    /** @type {HTMLElement} */ (d.querySelector('[data-board]')).innerHTML = standingsHtml(state.standings, state.podium);
    if (!wasOver && frame.state === 'over') refresh();
  });
  followArena(id);
  /** @type {HTMLElement} */ (d.querySelector('form')).addEventListener('click', async (event) => {
    const button = /** @type {Element} */ (event.target).closest('button');
    if (!button) return;
    try {
      if ('join' in button.dataset) await joinIt();
      else if ('leave' in button.dataset) await request('POST /api/arenas/{arena_id}/leave', { path: { arena_id: id }, body: {} });
      else if ('berserk' in button.dataset) { await berserk(id); }
      else if (button.dataset.duel) {
        const duelId = button.dataset.duel;
        if (dialog().open) dialog().close('duel');
        (await import('./duel/table.js')).enterDuel(duelId);
        return;
      } else return;
      await refresh();
    } catch (error) { refuse(error); }
  });
  if (join) {
    try { await joinIt(); } catch (error) { refuse(error); }
    await refresh();
  }
}

/** @param {string} id */
async function berserk(id) {
  await request('POST /api/arenas/{arena_id}/berserk', { path: { arena_id: id }, body: {} });
  say(t('arena.berserked'));
  document.getElementById('arena-berserk')?.remove();
}

/** Keys that play nothing on the table: they leave the berserk offer where it is. */
const PASSING_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** An arena's duel on the table: berserk is offered beside it until the first move. @param {string} id */
export async function atTable(id) {
  /** @type {T.ArenaState} */
  let state;
  try { state = await request('GET /api/arenas/{arena_id}', { path: { arena_id: id } }); } catch { return; }
  if (!state.you || !state.you.may_berserk) return;
  addStyle('arena');
  document.getElementById('arena-berserk')?.remove();
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'arena-berserk';
  button.textContent = t('arena.berserk');
  button.title = t('arena.berserk_note');
  button.addEventListener('click', () => { berserk(id).catch((error) => { button.remove(); refuse(error); }); });
  // at the status line's end, in its flow: no sentence runs under it (a phone on its side)
  (document.querySelector('footer.status') ?? document.body).append(button);
  // only before the first move: the offer goes with the first touch of the table or key (and in any case after
  // the time to make one, or with the duel's end)
  const duel = state.you.duel;
  const over = on('duel', (frame) => { if (frame.duel.id === duel && frame.duel.state !== 'playing') gone(undefined); });
  const gone = (/** @type {Event | undefined} */ event) => {
    if (event && button.contains(/** @type {Node} */ (event.target))) return;
    if (event instanceof KeyboardEvent && PASSING_KEYS.has(event.key)) return; // on the way to the button, say
    button.remove();
    over();
    document.removeEventListener('pointerup', gone, true);
    document.removeEventListener('keydown', gone, true);
  };
  document.addEventListener('pointerup', gone, true);
  document.addEventListener('keydown', gone, true);
  setTimeout(gone, 30_000);
}

/**
 * What the end of the player's own game in an arena's duel brings: whether the arena withdrew them for making no
 * move (then said in the status line), what the result says of the arena, and its button: back to the arena, or
 * into it again.
 * @param {string} id
 * @returns {Promise<{ withdrawn: boolean, note: string, action: 'arena' | 'rejoin', label: string }>}
 */
export async function afterDuel(id) {
  /** @type {T.ArenaState | null} */
  let state = null;
  try { state = await request('GET /api/arenas/{arena_id}', { path: { arena_id: id } }); } catch { /* the way back still works */ }
  const you = state && state.you;
  const over = !state || state.arena.state === 'over' || state.remaining_ms === 0;
  if (you && you.stalled && !over) {
    say(t('arena.withdrawn'));
    return { withdrawn: true, note: t('arena.withdrawn'), action: 'rejoin', label: t('arena.rejoin') };
  }
  const note = over ? t('arena.ended') : you && you.active ? t('arena.next') : '';
  return { withdrawn: false, note, action: 'arena', label: t('arena.back') };
}

/**
 * While the result of one of the arena's duels is shown, the arena's end is said in it (whoever waits there for a
 * pairing learns that none will come); the way to stop, as the result closes.
 * @param {string} id @param {HTMLElement} note the result's sentence on the arena
 */
export function watchEnd(id, note) {
  followArena(id);
  const stop = on('arena', (frame) => {
    if (frame.arena !== id || frame.state !== 'over') return;
    note.textContent = t('arena.ended');
    note.hidden = false;
    say(t('arena.ended'));
  });
  return () => { stop(); unfollowArena(id); };
}

/** Joins the arena again (after being withdrawn), and shows it: waiting there for the next pairing. @param {string} id */
export async function rejoin(id) {
  await showArena(id, { join: true });
}

/** The arena withdrew the player for making no move, while their duel goes on: said in words, with the way back. @param {string} id */
export function tellWithdrawn(id) {
  const d = openDialog(`<form method="dialog" class="arena-withdrawn">
    <h2>${esc(t('arena.withdrawn.title'))}</h2><p>${esc(t('arena.withdrawn'))}</p>
    <div class="actions"><button value="close">${esc(t('button.close'))}</button>
    <button value="rejoin" class="primary">${esc(t('arena.rejoin'))}</button></div></form>`, {
    label: t('arena.withdrawn.title'),
    onClose: (value) => { if (value === 'rejoin') rejoin(id); },
  });
  d.dataset.arena = id; // a pairing closes it (duel/table.js)
}
