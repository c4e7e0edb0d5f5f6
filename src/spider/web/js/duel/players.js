// @ts-check
// Player info (from the lobby, a duel and its result): rating with its uncertainty, duels, the last
// duels with their scores; and making the player a friend, or ignoring them.
import { duelApi } from './api.js';
import { t } from '../i18n.js';
import { openDialog, esc } from '../dialog.js';
import { say, refuse } from '../status.js';
import { ratingText } from './rating.js';
import { botMark } from './bot-mark.js';
import { addStyle } from '../styles.js';

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

/** A player's card: their rating, record and recent duels, with befriend and ignore. @param {string} name */
export async function showPlayer(name) {
  let info;
  try {
    info = await duelApi.player(name);
  } catch (error) {
    refuse(error);
    return;
  }
  const recent = info.recent.map((duel) => `<tr><th>${esc(duel.opponent)}</th><td>${duel.score ?? ''} : ${duel.opponent_score ?? ''}</td>`
    + `<td>${esc(duel.outcome ? t(`player.outcome.${duel.outcome}`, { name: info.name }) : '')}</td></tr>`).join('');
  const d = openDialog(`<form method="dialog" class="player-info">
    <h2>${esc(info.name)}${botMark(info.bot)}</h2>
    <p data-player-rating>${esc(t('player.rating', { rating: ratingText(info.rating, info.provisional), deviation: Math.round(info.deviation) }))}</p>
    ${info.provisional ? `<p class="note" data-provisional-note>${esc(t('rating.provisional.note'))}</p>` : ''}
    <p>${esc(t('player.tally', { duels: info.duels, wins: info.wins, draws: info.draws, losses: info.losses }))}</p>
    ${recent ? `<h3>${esc(t('player.recent'))}</h3><table><tbody>${recent}</tbody></table>` : ''}
    <div class="actions">${info.computer ? '' : `<button value="ignore">${esc(t('player.ignore'))}</button><button value="friend">${esc(t('player.friend'))}</button>`}
    <button value="close" class="primary">${esc(t('button.close'))}</button></div></form>`, {
    label: info.name,
    onClose: async (value) => {
      try {
        if (value === 'friend') { await duelApi.befriend(info.name); say(t('player.friend.done', { name: info.name })); }
        if (value === 'ignore') { await duelApi.ignore(info.name); say(t('player.ignore.done', { name: info.name })); }
      } catch (error) {
        refuse(error);
      }
    },
  });
  /** @type {HTMLElement} */ (d.querySelector('button.primary')).focus();
}
