// @ts-check
// The statistics' offline part: games played with no connection, counted apart from the online ones.
import { t } from '../i18n.js';
import { esc } from '../dialog.js';
import { CONSTANTS } from '../settings.js';
/** @import * as T from '../types' */

/**
 * The offline games' table under the statistics dialog's own, with the same column heads.
 * @param {T.OfflineStats | undefined} offline @param {string} head the head row's HTML
 */
export function offlineStats(offline, head) {
  if (!offline || !offline.by_suits) return '';
  /** @param {number} n @returns {Partial<T.OfflineTally>} */
  const by = (n) => offline.by_suits[n] || {};
  const none = t('stats.none');
  /** @type {(value: unknown, shown?: (v: any) => string) => string} */
  const cell = (value, shown = String) => `<td>${value === null || value === undefined ? esc(none) : esc(shown(value))}</td>`;
  /** @param {string} id @param {(tally: Partial<T.OfflineTally>) => string} value */
  const row = (id, value) => `<tr><th scope="row">${esc(t(id))}</th>${CONSTANTS.suit_counts.map((n) => value(by(n))).join('')}</tr>`;
  return `<h3>${esc(t('stats.offline'))}</h3><table data-offline-stats><thead>${head}</thead><tbody>
    ${row('stats.games', (s) => cell(s.games ?? 0))}
    ${row('stats.wins', (s) => cell(s.wins ?? 0))}
    ${row('stats.win_rate', (s) => cell(s.win_rate, (r) => `${Math.round(r * 100)}%`))}</tbody></table>
    <p class="note">${esc(t('stats.offline.about'))}</p>`;
}
