// @ts-check
// The BOT mark beside a player played by a program (a bot, the server's duels/bots.py): in the lobby,
// the player card and the duel bar, so that nobody takes a bot for a person.
import { t } from '../i18n.js';
import { esc } from '../dialog.js';

/**
 * The mark as HTML (with a space before it), or nothing for a person or a computer player.
 * @param {boolean | undefined} bot
 */
export function botMark(bot) {
  return bot ? ` <abbr class="bot-mark" data-bot title="${esc(t('player.bot.title'))}">${esc(t('player.bot'))}</abbr>` : '';
}
