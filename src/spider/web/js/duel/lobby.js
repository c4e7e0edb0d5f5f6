// @ts-check
// The lobby (from the toolbar): the player's name and rating (an "i" says what its "?" and "±" mean), the open
// tables (live), a new table, invitations and friends online. A table made for a person waits here for an
// opponent, who may also be invited. When nobody waits, a ghost race is offered where one would start (the
// server says where: GET /api/ghosts), greyed out with the reason elsewhere.
import { duelApi } from './api.js';
import { connect, on } from './socket.js';
import { start } from './table.js';
import { showPlayer } from './players.js';
import { waitFor } from './waiting.js';
import { ownTableRow, withdraw } from './own.js';
import { t } from '../i18n.js';
import { openDialog, dialog, esc, askFirst } from '../dialog.js';
import { say, refuse } from '../status.js';
import { CONSTANTS, suitCountOf } from '../settings.js';
import { ratingHtml, ratingText } from './rating.js';
import { botMark } from './bot-mark.js';
import { addStyle } from '../styles.js';
import { helpLink } from '../help.js';
/** @import * as T from '../types' */

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

/**
 * A computer opponent as the lobby offers it: "Computer: expert · rating 1620", its rating from the ladder.
 * @param {string} strength
 */
function computerChoice(strength) {
  const rating = CONSTANTS.strength_ratings?.[strength]; // absent from presets a page cached before ratings came
  const computer = t(`lobby.computer.${strength}`);
  return rating === undefined ? computer : t('lobby.computer.rated', { computer, rating: ratingText(rating, false) });
}

/** @param {T.OpenTable} table */
function tableRow(table) {
  const range = table.min_rating !== null || table.max_rating !== null
    ? t('lobby.range', { low: table.min_rating ?? '–', high: table.max_rating ?? '–' }) : '';
  return `<li><button type="button" class="link" data-name="${esc(table.creator)}">${esc(table.creator)}</button>${botMark(table.bot)} (${ratingHtml(table.rating, table.provisional)})`
    + ` · ${esc(t('suits.option', { count: table.suits }))} · ${esc(t('lobby.minutes', { count: table.minutes }))} ${esc(range)}`
    + ` <button type="button" data-join="${esc(table.id)}">${esc(t('lobby.join'))}</button></li>`;
}

/** @param {T.OpenTable[]} tables */
function tablesHtml(tables) {
  // the player's own first, marked as theirs (a table offered before a reload is found here again)
  const own = tables.filter((table) => table.yours).map(ownTableRow);
  const others = tables.filter((table) => !table.yours).map(tableRow);
  return own.length || others.length ? [...own, ...others].join('') : `<li class="note">${esc(t('lobby.no_tables'))}</li>`;
}

/** @param {T.Friends} friends */
function friendsHtml(friends) {
  if (!friends.friends.length) return `<p class="note">${esc(t('lobby.no_friends'))}</p>`;
  return `<ul class="friends">${friends.friends.map((f) => `<li><button type="button" class="link" data-name="${esc(f.name)}">${esc(f.name)}</button>`
    + ` <small class="${f.online ? 'online' : 'offline'}">${esc(t(f.online ? 'lobby.online' : 'lobby.offline'))}</small></li>`).join('')}</ul>`;
}

/** @param {T.Invitation[]} invitations */
function invitationsHtml(invitations) {
  return invitations.map((i) => `<li>${esc(t('lobby.invited_by', { name: i.by, suits: t('suits.option', { count: i.suits }), minutes: t('lobby.minutes', { count: i.minutes }) }))}`
    + ` <button type="button" data-accept="${esc(i.duel)}">${esc(t('lobby.accept'))}</button>`
    + ` <button type="button" data-decline="${esc(i.duel)}">${esc(t('lobby.decline'))}</button></li>`).join('');
}

/** The player's rating, and an "i" that says what the "?" and the "±" beside it mean. @param {T.PlayerInfo} me */
function ratingLine(me) {
  const about = t('rating.info');
  return `<p class="note" data-me>${esc(t('player.rating', { rating: ratingText(me.rating, me.provisional), deviation: Math.round(me.deviation) }))}`
    + ` <button type="button" class="info-dot" popovertarget="rating-about" aria-label="${esc(about)}" title="${esc(about)}" data-rating-info><span aria-hidden="true">i</span></button> · ${helpLink('duels')}</p>`
    + `<div class="duel-notes centered" id="rating-about" popover role="dialog" aria-label="${esc(about)}" data-rating-about>`
    + `<h2 class="visually-hidden">${esc(about)}</h2><p>${esc(t('rating.provisional.note'))}</p><p>${esc(t('rating.deviation.note'))}</p>`
    + `<button type="button" class="duel-notes-close" popovertarget="rating-about" popovertargetaction="hide">${esc(t('button.close'))}</button></div>`;
}

/**
 * The ghost race's buttons for the suit count chosen: each greyed out, with the reason, when it would not start.
 * @param {HTMLElement} offer @param {T.GhostOffers | null} ghosts null: the server did not say (every race offered)
 * @param {T.SuitCount} suits
 */
function showGhostOffer(offer, ghosts, suits) {
  const found = ghosts?.offers.find((o) => o.suits === suits) ?? { others: true, mine: true };
  const count = t('suits.option', { count: suits });
  /** @type {HTMLButtonElement} */ (offer.querySelector('[data-ghost]')).disabled = !found.others;
  /** @type {HTMLButtonElement} */ (offer.querySelector('[data-ghost-mine]')).disabled = !found.mine;
  const why = /** @type {HTMLElement} */ (offer.querySelector('[data-ghost-why]'));
  why.textContent = !found.others && !found.mine ? t('ghost.none.both', { suits: count })
    : !found.others ? t('ghost.none.others', { suits: count }) : !found.mine ? t('ghost.none.mine', { suits: count }) : '';
  why.hidden = !why.textContent;
}

/** A duel joined or accepted: to the table, or to wait for its start. @param {Promise<T.DuelState>} promise */
async function joined(promise) {
  try {
    const fresh = await promise;
    if (dialog().open) dialog().close('joined');
    start(fresh);
  } catch (error) {
    refuse(error);
  }
}

export async function openLobby() {
  connect();
  let me; let tables; let invitations; let friends; let ghosts;
  try {
    [me, tables, invitations, friends, ghosts] = await Promise.all([
      duelApi.me(), duelApi.tables(), duelApi.invitations(), duelApi.friends(),
      duelApi.ghosts().catch(() => null), // unanswered: the races are offered, and the server says no if none would start
    ]);
  } catch (error) {
    refuse(error);
    return;
  }
  const suitRadios = CONSTANTS.suit_counts.map((n, i) => `<label><input type="radio" name="suits" value="${n}"${i === 0 ? ' checked' : ''}> ${esc(t('suits.option', { count: n }))}</label>`).join('');
  // the second-shortest time limit is offered first: a short duel, not a rush
  const minutes = CONSTANTS.duel_minutes.map((m, i) => `<option value="${m}"${i === 1 ? ' selected' : ''}>${esc(t('lobby.minutes', { count: m }))}</option>`).join('');
  const opponents = `<option value="person">${esc(t('lobby.person'))}</option>`
    + CONSTANTS.strengths.map((s) => `<option value="${s}">${esc(computerChoice(s))}</option>`).join('');
  const d = openDialog(`<form method="dialog" class="lobby">
    <h2>${esc(t('lobby.title'))}</h2>
    <div class="field"><label for="duel-name">${esc(t('lobby.name'))}</label><span class="name-row"><input id="duel-name" name="name" maxlength="${CONSTANTS.name_length}" value="${esc(me.name)}" autocomplete="nickname"><button type="button" data-rename>${esc(t('lobby.rename'))}</button></span></div>
    ${ratingLine(me)}
    <p><button type="button" data-arenas>${esc(t('arena.button'))}</button></p>
    <ul class="invitations" data-invitations>${invitationsHtml(invitations.invitations)}</ul>
    <h3>${esc(t('lobby.tables'))}</h3><ul class="tables" data-tables>${tablesHtml(tables.tables)}</ul>
    <p class="ghost-offer" data-ghost-offer${tables.tables.length ? ' hidden' : ''}>${esc(t('ghost.offer'))} <button type="button" data-ghost>${esc(t('ghost.race'))}</button> <button type="button" data-ghost-mine>${esc(t('ghost.race_mine'))}</button>
    <small class="ghost-why" data-ghost-why hidden></small></p>
    <h3>${esc(t('lobby.new'))}</h3>
    <div class="suit-radios">${suitRadios}</div>
    <div class="field"><label for="duel-minutes">${esc(t('lobby.time'))}</label><select id="duel-minutes" name="minutes">${minutes}</select></div>
    <div class="field"><label for="duel-opponent">${esc(t('lobby.opponent'))}</label><select id="duel-opponent" name="opponent">${opponents}</select></div>
    <div class="field"><label for="duel-min">${esc(t('lobby.min_rating'))}</label><input id="duel-min" name="min" type="number" min="0" max="10000" step="50"></div>
    <div class="field"><label for="duel-max">${esc(t('lobby.max_rating'))}</label><input id="duel-max" name="max" type="number" min="0" max="10000" step="50"></div>
    <h3>${esc(t('lobby.friends'))}</h3>${friendsHtml(friends)}
    <div class="actions"><button value="close">${esc(t('button.close'))}</button><button type="button" data-boards>${esc(t('boards.open'))}</button><button value="create" class="primary" data-create>${esc(t('lobby.create'))}</button></div></form>`, {
    label: t('lobby.title'),
    onClose: (value) => { stop(); if (value === 'create') create(form); },
  });
  d.dataset.lobby = 'true';
  const form = /** @type {HTMLFormElement} */ (d.querySelector('form'));
  const ghostOffer = /** @type {HTMLElement} */ (d.querySelector('[data-ghost-offer]'));
  showGhostOffer(ghostOffer, ghosts, suitCountOf(form.suits.value));
  form.addEventListener('change', (event) => {
    if (/** @type {HTMLInputElement} */ (event.target).name === 'suits') showGhostOffer(ghostOffer, ghosts, suitCountOf(form.suits.value));
  });
  const list = /** @type {HTMLElement} */ (d.querySelector('[data-tables]'));
  const stop = on('lobby', (frame) => { if (d.open && d.dataset.lobby) { list.innerHTML = tablesHtml(frame.tables); /** @type {HTMLElement} */ (d.querySelector('[data-ghost-offer]')).hidden = frame.tables.length > 0; } });
  d.addEventListener('close', () => { delete d.dataset.lobby; }, { once: true });
  // on the form, which this lobby drew: the dialog element outlives it (every dialog is drawn in it), and a listener
  // on it would answer one click once for each time the lobby was ever opened (two joins, two races)
  form.addEventListener('click', async (event) => {
    const button = /** @type {Element} */ (event.target).closest('button');
    if (!button) return;
    if (button.dataset.join) joined(duelApi.join(button.dataset.join));
    else if (button.dataset.accept) joined(duelApi.accept(button.dataset.accept));
    else if (button.dataset.withdraw) {
      try {
        const state = await withdraw(button.dataset.withdraw);
        if (state.state === 'playing') joined(Promise.resolve(state)); // someone joined first: the duel is on
        else button.closest('li')?.remove();
      } catch (error) { refuse(error); }
    } else if (button.dataset.inviteTo) {
      try {
        const state = await duelApi.get(button.dataset.inviteTo);
        if (d.open) d.close('waiting');
        if (state.state === 'open') waitFor(state);
        else if (state.state === 'playing') start(state);
      } catch (error) { refuse(error); }
    }
    else if ('arenas' in button.dataset) import('../arena.js').then((arenas) => arenas.openArenas());
    else if (button.dataset.decline) {
      try { await duelApi.decline(button.dataset.decline); button.closest('li')?.remove(); } catch (error) { refuse(error); }
    } else if (button.dataset.name) showPlayer(button.dataset.name);
    else if ('boards' in button.dataset) (await import('../leaderboards.js')).leaderboards();
    else if ('ghost' in button.dataset || 'ghostMine' in button.dataset) {
      const suits = suitCountOf(form.suits.value);
      const mine = 'ghostMine' in button.dataset;
      d.close();
      // the race's game takes the table's place: a game there that counts is left, so the page asks first
      askFirst(() => import('./ghost.js').then((ghost) => ghost.raceGhost(suits, mine)));
    }
    else if ('rename' in button.dataset) {
      try {
        me = await duelApi.rename(/** @type {HTMLInputElement} */ (form.elements.namedItem('name')).value);
        say(t('lobby.renamed', { name: me.name }));
      } catch (error) {
        say(/** @type {Error} */ (error).message, { error: true });
      }
    }
  });
}

/** @param {HTMLFormElement} form */
async function create(form) {
  const kind = form.opponent.value;
  /** @type {T.PersonOpponent | T.ComputerOpponent} */
  let opponent = { kind: 'computer', strength: kind };
  if (kind === 'person') {
    /** @type {T.PersonOpponent} */
    const person = { kind };
    if (form.min.value !== '') person.min_rating = Number(form.min.value);
    if (form.max.value !== '') person.max_rating = Number(form.max.value);
    opponent = person;
  }
  try {
    const minutes = /** @type {T.Minutes} */ (Number(form.minutes.value));
    const table = await duelApi.create({ suits: suitCountOf(form.suits.value), minutes, opponent });
    if (table.state === 'playing') start(table);
    else waitFor(table);
  } catch (error) {
    refuse(error);
  }
}

/** An invitation that arrives while the page is open: offered at once. */
/** @param {T.Invitation} invitation */
export function offer(invitation) {
  const d = openDialog(`<form method="dialog" class="invitation"><h2>${esc(t('lobby.invitation'))}</h2>
    <p>${esc(t('lobby.invited_by', { name: invitation.by, suits: t('suits.option', { count: invitation.suits }), minutes: t('lobby.minutes', { count: invitation.minutes }) }))}</p>
    <div class="actions"><button value="decline">${esc(t('lobby.decline'))}</button><button value="accept" class="primary">${esc(t('lobby.accept'))}</button></div></form>`, {
    label: t('lobby.invitation'),
    onClose: async (value) => {
      if (value === 'accept') joined(duelApi.accept(invitation.duel));
      if (value === 'decline') {
        try { await duelApi.decline(invitation.duel); } catch (error) { refuse(error); }
      }
    },
  });
  /** @type {HTMLElement} */ (d.querySelector('button.primary')).focus();
}
