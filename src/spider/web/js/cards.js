// @ts-check
// Cards drawn by the page: a corner with rank and suit, a large pip or a court's picture, and a patterned back.
// A screen reader meets each face-up card as a list item named in words ("10 of spades"); what the
// eye reads (corners and pip) is hidden from it.
import { t, rankLabel, rankOf, cardName } from './i18n.js';
/** @import * as T from './types' */

/** @type {Record<T.Suit, string>} */
export const SUIT_SYMBOLS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const COURTS = '/static/cards/courts.svg';
/** @type {Record<number, string>} the courts' pictures in courts.svg, by rank */
const COURT_IDS = { 11: 'j', 12: 'q', 13: 'k' };

export function faceDownCard() {
  const el = document.createElement('div');
  el.className = 'card down';
  el.dataset.card = 'down';
  return el;
}

/** @param {T.Card} card */
export function faceUpCard(card) {
  const rank = rankOf(card);
  const suit = /** @type {T.Suit} */ (card[1]);
  const el = document.createElement('div');
  el.className = `card ${suit}`;
  el.dataset.card = card;
  const label = rankLabel(rank);
  const symbol = SUIT_SYMBOLS[suit];
  const corner = `<b>${label}</b><i>${symbol}</i>`;
  // a court card shows its picture (cards/courts.svg, fetched once, when the first one is face up)
  const pip = rank > 10
    ? `<span class="pip face"><svg class="court" viewBox="0 0 60 92"><use href="${COURTS}#${COURT_IDS[rank]}"/></svg></span>`
    : `<span class="pip">${symbol}</span>`;
  el.setAttribute('role', 'listitem');
  el.innerHTML = `<span class="visually-hidden">${cardName(card)}</span><span aria-hidden="true"><span class="corner">${corner}</span>${pip}<span class="corner end">${corner}</span></span>`;
  return el;
}

/** A card as the table shows it: "down" is a face-down card. @param {T.Card | 'down'} card */
export function cardElement(card) {
  return card === 'down' ? faceDownCard() : faceUpCard(card);
}

/** A run slot: the suit of the run removed into it, or empty (the table's and the replay viewer's).
 * @param {HTMLElement} slot @param {T.Suit | undefined} suit @param {number} n the slot's number, from 1 */
export function showRun(slot, suit, n) {
  if (suit) slot.dataset.run = suit;
  else delete slot.dataset.run;
  slot.textContent = suit ? SUIT_SYMBOLS[suit] : '';
  slot.setAttribute('aria-label', suit ? t('run.full', { n, suit: t(`suit.${suit}`) }) : t('run.empty', { n }));
}

/** The stock: a back for each deal left, each a little further along, and their count (the table's and the
 * replay viewer's). @param {HTMLElement} stock its element, holding .stock-cards and .stock-count @param {number} deals */
export function showStock(stock, deals) {
  const backs = /** @type {HTMLElement} */ (stock.querySelector('.stock-cards'));
  stock.dataset.dealsLeft = String(deals);
  stock.style.setProperty('--deals', String(Math.max(1, deals)));
  if (backs.children.length !== deals) {
    backs.replaceChildren(...Array.from({ length: deals }, (_, i) => {
      const back = document.createElement('i');
      back.style.insetInlineStart = `${i * 8}px`;
      return back;
    }));
  }
  /** @type {HTMLElement} */ (stock.querySelector('.stock-count')).textContent = deals ? String(deals) : '';
}
