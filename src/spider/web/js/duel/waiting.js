// @ts-check
// A table of the player's that waits for an opponent (after New table in the lobby, or a rematch not yet
// taken up): the opponent may be invited by name or from the friends.
import { duelApi } from './api.js';
import { connect } from './socket.js';
import { t } from '../i18n.js';
import { openDialog, esc } from '../dialog.js';
import { say, refuse } from '../status.js';
import { withdraw } from './own.js';
import { CONSTANTS } from '../settings.js';

/** An open table of the player's: it waits for an opponent, who may be invited by name or from the friends. */
/** @param {import('../types').DuelState} table */
export async function waitFor(table) {
  connect();
  /** @type {import('../types').Friends} */
  let friends = { friends: [], ignored: [] };
  try { friends = await duelApi.friends(); } catch { /* inviting by name still works */ }
  const friendButtons = friends.friends.map((f) => `<li>${esc(f.name)} <small class="${f.online ? 'online' : 'offline'}">${esc(t(f.online ? 'lobby.online' : 'lobby.offline'))}</small>`
    + ` <button type="button" data-invite-friend="${esc(f.name)}">${esc(t('lobby.invite.send'))}</button></li>`).join('');
  const invited = table.invited.length ? `<p class="note">${esc(t('lobby.invited', { names: table.invited.join(', ') }))}</p>` : '';
  const d = openDialog(`<form method="dialog" class="waiting">
    <h2>${esc(t('lobby.waiting'))}</h2>
    <p>${esc(t('lobby.waiting.text', { suits: t('suits.option', { count: table.suits }), minutes: t('lobby.minutes', { count: table.minutes }) }))}</p>
    ${invited}
    <div class="field"><label for="invite-name">${esc(t('lobby.invite'))}</label><span class="name-row"><input id="invite-name" name="invite" maxlength="${CONSTANTS.name_length}" autocomplete="off"><button type="button" data-invite>${esc(t('lobby.invite.send'))}</button></span></div>
    ${friendButtons ? `<h3>${esc(t('lobby.friends'))}</h3><ul class="friends">${friendButtons}</ul>` : ''}
    <div class="actions"><button value="leave">${esc(t('lobby.take_away'))}</button><button value="close" class="primary">${esc(t('lobby.keep_waiting'))}</button></div></form>`, {
    label: t('lobby.waiting'),
    onClose: async (value) => {
      if (value === 'leave') {
        // someone may have joined first: then the duel starts (duel_started), and nothing was taken away
        try { await withdraw(table.id); } catch (error) { refuse(error); }
      } else if (value === 'close') say(t('lobby.still_waiting'));
    },
  });
  d.dataset.waiting = table.id;
  d.addEventListener('close', () => { delete d.dataset.waiting; }, { once: true });
  const invite = async (/** @type {string | undefined} */ name) => {
    if (!name) return;
    try {
      await duelApi.invite(table.id, name);
      say(t('lobby.invite.sent', { name }));
    } catch (error) {
      say(/** @type {Error} */ (error).message, { error: true });
    }
  };
  const name = /** @type {HTMLInputElement} */ (d.querySelector('input[name="invite"]'));
  /** @type {HTMLElement} */ (d.querySelector('[data-invite]')).addEventListener('click', () => invite(name.value.trim()));
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (d.querySelectorAll('[data-invite-friend]'))) {
    button.addEventListener('click', () => invite(button.dataset.inviteFriend));
  }
}
