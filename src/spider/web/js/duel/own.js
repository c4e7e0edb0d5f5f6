// @ts-check
// The player's own open tables in the lobby: marked as theirs, with Invite (the waiting dialog again) and
// Take the table away, which takes it out of every lobby at once. A table offered before a reload (a
// rematch, a new table) is found here again.
import { duelApi } from './api.js';
import { t } from '../i18n.js';
import { esc } from '../dialog.js';
import { say } from '../status.js';

/**
 * A row of the lobby for a table of the player's own.
 * @param {import('../types').OpenTable} table
 */
export function ownTableRow(table) {
  const range = table.min_rating !== null || table.max_rating !== null
    ? ` ${esc(t('lobby.range', { low: table.min_rating ?? '–', high: table.max_rating ?? '–' }))}` : '';
  return `<li class="own-table" data-own="${esc(table.id)}"><b>${esc(t('lobby.yours'))}</b>`
    + ` · ${esc(t('suits.option', { count: table.suits }))} · ${esc(t('lobby.minutes', { count: table.minutes }))}${range}`
    + ` <span class="own-actions"><button type="button" data-invite-to="${esc(table.id)}">${esc(t('lobby.invite.send'))}</button>`
    + `<button type="button" data-withdraw="${esc(table.id)}">${esc(t('lobby.take_away'))}</button></span></li>`;
}

/**
 * Takes the player's table away. The duel state it answers with: over once withdrawn; in play when
 * someone joined first (the caller then takes the duel up).
 * @param {string} id
 */
export async function withdraw(id) {
  const state = await duelApi.leave(id);
  if (state.state === 'over') say(t('lobby.taken_away'));
  return state;
}
