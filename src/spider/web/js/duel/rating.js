// @ts-check
// A rating as the duels show it (lobby, player info, duel bar, result): a whole number without grouping,
// as ratings are written, and "?" after it while it is provisional (its deviation high: the server's
// ratings.PROVISIONAL_DEVIATION), as lichess marks a new player's rating.
import { t, currentLanguage } from '../i18n.js';
import { esc } from '../dialog.js';

/** @param {number} n @param {Intl.NumberFormatOptions} [options] */
const whole = (n, options = {}) => new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 0, useGrouping: false, ...options }).format(n);

/**
 * "1500" or "1500?", as plain text. On a right-to-left page the "?" would run to the digits' far side
 * ("?1500"): there the digits and their mark are one left-to-right run, isolated from the words around.
 * @param {number} rating @param {boolean} provisional
 */
export function ratingText(rating, provisional) {
  if (!provisional) return whole(rating);
  const text = t('rating.provisional', { rating: whole(rating) });
  return document.documentElement.dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/**
 * The rating as HTML: a provisional one says why it has a "?" (its title, heard by screen readers).
 * @param {number} rating @param {boolean} provisional
 */
export function ratingHtml(rating, provisional) {
  const text = esc(ratingText(rating, provisional));
  return provisional ? `<span class="provisional" data-provisional title="${esc(t('rating.provisional.title'))}">${text}</span>` : text;
}

/**
 * "1500 → 1581? (+81)": a rating before a duel, after it (marked when still provisional), and the change.
 * @param {number} after @param {number} change @param {boolean} provisional
 */
export function ratingChangeText(after, change, provisional) {
  const before = after - change;
  return t('rating.change', {
    before: whole(before),
    after: ratingText(after, provisional),
    change: whole(change, { signDisplay: 'exceptZero' }),
  });
}
