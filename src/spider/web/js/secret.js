// @ts-check
// A deal several players play at once for a result, kept secret from everyone while it can still be played (a
// daily deal on its day): the view says until when (secret_until), and the page says it in words where the code,
// the winning line and the analysis would be, never offering a button the server would refuse.
import { t } from './i18n.js';
import { esc } from './dialog.js';
/** @import * as T from './types' */

/** Whether the game's deal is kept secret now. @param {T.View} view */
export const secret = (view) => Boolean(view.secret_until);

/** The time of day (UTC, as the server's days are) the deal is shown, "00:00". @param {T.View} view */
const time = (view) => (view.secret_until || '').slice(11, 16);

/** What stands where the code would be. @param {T.View} view */
export const secretCode = (view) => t('info.code_secret', { time: time(view) });

/** A note, in place of the buttons of the winning line and the analysis, saying when they are shown; '' for a deal
that is not secret. @param {T.View} view */
export const secretNote = (view) => (secret(view) ? `<p class="note" data-secret>${esc(t('line.secret', { time: time(view) }))}</p>` : '');
