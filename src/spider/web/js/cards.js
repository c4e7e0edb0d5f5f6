// @ts-check
// Cards drawn by the page: a corner with rank and suit, a large pip, and a patterned back.
// A screen reader meets each face-up card as a list item named in words ("10 of spades"); what the
// eye reads (corners and pip) is hidden from it.
import { rankLabel, rankOf, cardName } from './i18n.js';

export const SUIT_SYMBOLS = { s: '♠', h: '♥', d: '♦', c: '♣' };

export function faceDownCard() {
  const el = document.createElement('div');
  el.className = 'card down';
  el.dataset.card = 'down';
  return el;
}

export function faceUpCard(card) {
  const rank = rankOf(card);
  const suit = card[1];
  const el = document.createElement('div');
  el.className = `card ${suit}`;
  el.dataset.card = card;
  const label = rankLabel(rank);
  const symbol = SUIT_SYMBOLS[suit];
  const corner = `<b>${label}</b><i>${symbol}</i>`;
  const pip = rank > 10 || rank === 1
    ? `<span class="pip${rank > 10 ? ' face' : ''}">${rank > 10 ? label + symbol : symbol}</span>`
    : `<span class="pip">${symbol}</span>`;
  el.setAttribute('role', 'listitem');
  el.innerHTML = `<span class="visually-hidden">${cardName(card)}</span><span aria-hidden="true"><span class="corner">${corner}</span>${pip}<span class="corner end">${corner}</span></span>`;
  return el;
}

export function cardElement(card) {
  return card === 'down' ? faceDownCard() : faceUpCard(card);
}
