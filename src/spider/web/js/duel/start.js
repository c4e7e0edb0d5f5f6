// @ts-check
// Duels at start-up: the socket opens (invitations arrive live), and a duel in play is taken up again
// after a reload, with the clock as the server kept it (the status line says so, not that it has begun). The duel table and the lobby load only when a duel
// comes near (one in play, an invitation, a duel starting, the lobby opened): a first visit draws the table
// without them.
import { connect, on } from './socket.js';
import { duelApi } from './api.js';
import { say } from '../status.js';
import { t } from '../i18n.js';
import { above } from './above.js';

const table = () => import('./table.js');

/** @param {() => Promise<import('../types').ArenaPart>} [arenas] what an arena's duel adds to the table (arena.js) */
export async function initDuels(arenas) {
  if (arenas) above.arenas = arenas;
  on('invitation', async (frame) => {
    const [{ busy }, { offer }] = await Promise.all([table(), import('./lobby.js')]);
    if (busy()) say(t('lobby.invited_by', { name: frame.by, suits: t('suits.option', { count: frame.suits }), minutes: t('lobby.minutes', { count: frame.minutes }) }));
    else offer(frame);
  });
  on('invitation_answered', (frame) => {
    if (!frame.accepted) say(t('lobby.declined', { name: frame.name }));
  });
  // this device was signed out of its account (elsewhere, or the account deleted): the page starts again
  on('error', (frame) => {
    if (frame.message_id === 'account.signed_out') import('../account.js').then((account) => account.signedOutElsewhere());
  });
  on('duel_started', (frame) => { table().then(({ started }) => started(frame)); });
  connect();
  if (localStorage.getItem('spider.ghost')) import('./ghost.js').then((ghost) => ghost.resumeRace()).catch(() => {});
  const me = await duelApi.me();
  if (me.playing) await (await table()).enterDuel(me.playing, { resumed: true });
}
