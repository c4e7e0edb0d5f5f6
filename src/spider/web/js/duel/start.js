// @ts-check
// Duels at start-up: the socket opens (invitations arrive live), and a duel in play is taken up again
// after a reload, with the clock as the server kept it.
import { connect, on } from './socket.js';
import { duelApi } from './api.js';
import { initDuelTable, enterDuel, busy } from './table.js';
import { offer } from './lobby.js';
import { say } from '../status.js';
import { t } from '../i18n.js';

export async function initDuels() {
  initDuelTable();
  on('invitation', (frame) => {
    if (busy()) say(t('lobby.invited_by', { name: frame.by, suits: t('suits.option', { count: frame.suits }), minutes: t('lobby.minutes', { count: frame.minutes }) }));
    else offer(frame);
  });
  on('invitation_answered', (frame) => {
    if (!frame.accepted) say(t('lobby.declined', { name: frame.name }));
  });
  connect();
  const me = await duelApi.me();
  if (me.playing) await enterDuel(me.playing);
}

export { openLobby } from './lobby.js';
