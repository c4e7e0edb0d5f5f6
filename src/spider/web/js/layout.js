// @ts-check
// Sizes cards to the window and spaces each column so the longest one still fits without scrolling,
// every face-up card's rank readable: face-down cards close up first, then the corners, then the cards.
/** @import * as T from './types' */
const root = document.documentElement;
const MIN_CORNER = 11; // px: the smallest rank a phone still shows legibly
export const size = { cardW: 80, cardH: 112, corner: 14, tableH: 500, upStep: 30 };
const room = { cardW: 80, tableH: 500 }; // what the window allows, before the columns are looked at
let applied = '';

const largePrint = () => root.dataset.deck === 'large';

/** Whether cards of a width are printed small: one big corner, no bottom corner (spider.css). @param {number} cardW */
export const smallCards = (cardW) => cardW < 56;

/** A rank's size in a card's corner, in px, for cards of a width. @param {number} cardW */
export function cornerFor(cardW) {
  // the large-print deck (looks.js): corners half as big again, the columns spaced to show them whole
  if (largePrint()) return Math.round(smallCards(cardW) ? Math.max(16, cardW * 0.48) : Math.min(30, Math.max(25, cardW * 0.3)));
  return Math.round(smallCards(cardW) ? Math.max(MIN_CORNER, cardW * 0.36) : Math.min(20, Math.max(12, cardW * 0.2)));
}

let rankBox = 0;

/** Height of a rank's glyphs, ascent to descent (the tail of a Q), per px of font size, in the page's font. */
function rankBoxRatio() {
  if (!rankBox) {
    const probe = document.createElement('span');
    probe.textContent = 'Q10';
    Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', fontSize: '100px', fontWeight: '750' });
    document.body.append(probe);
    const range = document.createRange();
    range.selectNodeContents(probe);
    rankBox = range.getBoundingClientRect().height / 100 || 1.2;
    probe.remove();
  }
  return rankBox;
}

/** Height from a card's top edge to below its rank, the least a card covering it may leave. */
/** @param {number} cardW @param {number} corner */
export function rankStep(cardW, corner) {
  const top = smallCards(cardW) ? 2 : corner * 0.12; // as .corner is placed in spider.css
  return top + corner * rankBoxRatio() + 0.5;
}

/** @param {number} cardH */
function leastDownStep(cardH) { return Math.max(2, cardH * 0.045); }

/** The steps down a column: between its cards, and from the face-down ones to the first face-up one. @param {number} down @param {number} up */
function gaps(down, up) {
  return { down: up > 0 ? down : Math.max(0, down - 1), up: Math.max(0, up - 1) };
}

/** Whether every column fits the table's height, every rank readable. @param {number} cardW @param {number} corner @param {T.Pile[]} columns */
function fits(cardW, corner, columns) {
  const cardH = Math.round(cardW * 1.4);
  const least = leastDownStep(cardH);
  const step = rankStep(cardW, corner);
  return columns.every((column) => {
    const g = gaps(column.down, column.up.length);
    return cardH + g.down * least + g.up * step <= room.tableH;
  });
}

/** The window's room for the table: the card size it allows and the table's height. @param {HTMLElement} tableau @param {number} columns */
export function measure(tableau, columns) {
  // the status line spans the table's grid column and, unlike the table, keeps its width whatever the cards' size
  const width = /** @type {HTMLElement} */ (document.querySelector('.status')).clientWidth;
  const height = tableau.clientHeight - 12;
  const gap = Math.min(18, Math.max(2.5, width * 0.012));
  const byWidth = (width - (columns - 1) * gap) / Math.max(1, columns);
  const byHeight = height / 4.6 / 1.4;
  Object.assign(room, { cardW: Math.max(24, Math.floor(Math.min(byWidth, byHeight, 118))), tableH: height });
}

/** Sizes the cards for these columns (the view's): the largest that keeps every rank readable. @param {T.Pile[]} columns */
export function fit(columns) {
  let cardW = room.cardW;
  let corner = cornerFor(cardW);
  search: for (let w = room.cardW; w >= 24; w -= 1) {
    // a smaller corner costs less than smaller cards, down to three quarters of the usual one
    const usual = cornerFor(w);
    // (large print keeps its corners: smaller cards first)
    for (let c = usual; c >= Math.max(MIN_CORNER, Math.round(usual * (largePrint() ? 0.9 : 0.75))); c -= 1) {
      cardW = w;
      corner = c;
      if (fits(w, c, columns)) break search;
    }
  }
  const cardH = Math.round(cardW * 1.4);
  const tableH = room.tableH;
  const step = rankStep(cardW, corner);
  let upStep = Math.max(cardH * 0.27, step * 1.2);
  if (tableH > 8 * cardH) {
    // a table much taller than its cards (a phone upright) spreads its columns over the height it has
    const spread = Math.min(...columns.map((column) => {
      const g = gaps(column.down, column.up.length);
      return g.up ? (tableH - cardH - g.down * cardH * 0.11) / g.up : Infinity;
    }));
    upStep = Math.max(upStep, Math.min(cardH * 0.6, spread));
  }
  Object.assign(size, { cardW, cardH, corner, tableH, upStep });
  const key = `${cardW}|${corner}`;
  if (key === applied) return;
  applied = key;
  root.classList.toggle('small-cards', smallCards(cardW));
  for (const [name, value] of Object.entries(cardStyle(cardW, corner))) root.style.setProperty(name, value);
}

/**
 * The style's measures for cards of a width and a corner: the card, its corner, the run and stock slots, the
 * rounding. The table's (fit) and the replay viewer's.
 * @param {number} cardW @param {number} corner
 * @returns {Record<string, string>}
 */
export function cardStyle(cardW, corner) {
  return {
    '--card-w': `${cardW}px`,
    '--card-h': `${Math.round(cardW * 1.4)}px`,
    '--corner': `${corner}px`,
    '--slot-w': `${Math.round(Math.min(52, Math.max(24, cardW * 0.55)))}px`,
    '--radius': `${Math.max(4, Math.round(cardW * 0.08))}px`,
  };
}

/** Offsets (px from the column's top) of a column's cards: face-down first, then face-up. @param {number} down @param {number} up */
export function offsets(down, up) {
  const { cardH, tableH } = size;
  let downStep = cardH * 0.11;
  let upStep = size.upStep;
  const space = tableH - cardH;
  const g = gaps(down, up);
  if (g.down * downStep + g.up * upStep > space) {
    downStep = Math.max(leastDownStep(cardH), Math.min(downStep, (space - g.up * upStep) / Math.max(1, g.down)));
    if (g.down * downStep + g.up * upStep > space) {
      // fit() chose a size at which this is at least a rank's height, unless no size could
      upStep = Math.max(3, Math.min(upStep, (space - g.down * downStep) / Math.max(1, g.up)));
    }
  }
  const ys = [];
  let y = 0;
  for (let i = 0; i < down; i += 1) { ys.push(y); y += downStep; }
  for (let i = 0; i < up; i += 1) { ys.push(y); y += upStep; }
  return ys;
}
