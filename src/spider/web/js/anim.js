// @ts-check
// FLIP animations: remember where every card was, let the new state render, then slide each card from
// its old place to its new one. Cards are matched by comparing columns, so the same code animates moves,
// deals, flips, removed runs, undo and redo without knowing any rule.
import { cardElement } from './cards.js';
/** @import * as T from './types' */

/**
 * Where everything was before a change: each column's cards (data-card, "down" face down) and their places,
 * the stock's, and each run slot's.
 * @typedef {{ card: string, rect: DOMRect }} Placed
 * @typedef {{ columns: Placed[][], stock: DOMRect, game: string | null, stockCards: number, runs: number, runRects: DOMRect[] }} Snapshot
 */

const DURATION = 240;
const EASING = 'cubic-bezier(.2,.7,.3,1)';

/** @type {Set<Animation>} the slides, turns and fades still playing */
const playing = new Set();

/**
 * A card in flight is not there to be pressed: a press goes through it to what lies beneath (spider.css).
 * @param {Animation} animation @param {Element} [card] a card that slides
 */
function track(animation, card) {
  playing.add(animation);
  if (card) card.classList.add('flying');
  const done = () => {
    playing.delete(animation);
    if (card && ![...playing].some((a) => a.effect instanceof KeyframeEffect && a.effect.target === card)) card.classList.remove('flying');
  };
  animation.finished.then(done, done);
  return animation;
}

/** Every card where it is going, at once: a press during an animation acts on the table as it lands (drag.js). */
export function land() {
  for (const animation of [...playing]) {
    animation.finish();
    playing.delete(animation); // now, not when its promise says so: the press looks at the table at once
  }
  for (const card of document.querySelectorAll('.card.flying')) card.classList.remove('flying');
}

/** The cards of a column, as drawn. @param {HTMLElement} column */
const cardsOf = (column) => [.../** @type {HTMLCollectionOf<HTMLElement>} */ (column.children)];
/** A card element's card (data-card: "Ts", or "down"). @param {HTMLElement} el */
const cardOf = (el) => /** @type {string} */ (el.dataset.card);

/** @param {T.Elements} els @param {T.View | null} view @returns {Snapshot} */
export function capture(els, view) {
  return {
    columns: els.columns.map((col) => cardsOf(col).map((c) => ({ card: cardOf(c), rect: c.getBoundingClientRect() }))),
    stock: els.stock.getBoundingClientRect(),
    game: view ? view.id : null,
    stockCards: view ? view.stock.cards : 0,
    runs: view ? view.runs.length : 0,
    runRects: els.runs.map((r) => r.getBoundingClientRect()),
  };
}

/** @param {HTMLElement} el @param {DOMRect} from @param {number} [delay] ms */
function slide(el, from, delay = 0) {
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
  track(el.animate(
    [{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: 'none', zIndex: 50 }],
    { duration: DURATION, delay, easing: EASING, fill: 'backwards' },
  ), el);
}

/** @param {HTMLElement} el */
function flip(el) {
  track(el.animate([{ transform: 'scaleX(0.05)' }, { transform: 'none' }], { duration: 200, easing: 'ease-out' }));
}

/** A card that left the table, fading as it goes (to a run's slot, or back to the stock). @param {string} card @param {DOMRect} from @param {DOMRect | null} to */
function ghost(card, from, to) {
  const el = cardElement(card);
  el.classList.add('ghost');
  Object.assign(el.style, { position: 'fixed', left: `${from.left}px`, top: `${from.top}px`, margin: 0 });
  document.body.append(el);
  const frames = to
    ? [{ transform: 'none' }, { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(.5)`, opacity: 0.2 }]
    : [{ opacity: 1 }, { opacity: 0 }];
  track(el.animate(frames, { duration: DURATION + 120, easing: EASING, fill: 'forwards' })).finished.finally(() => el.remove());
}

/** @param {string[]} cards @param {Placed[]} items */
const same = (cards, items) => cards.length === items.length && cards.every((c, i) => c === items[i].card);

/** @param {Snapshot} snap @param {T.Elements} els @param {T.View} view */
export function play(snap, els, view) {
  /** @type {HTMLElement[][]} each column's cards that were not there before */
  const arrivals = [];
  /** @type {Placed[][]} each column's cards that are no longer there */
  const departures = [];
  els.columns.forEach((col, i) => {
    const now = cardsOf(col);
    const before = snap.columns[i] || [];
    let p = 0;
    while (p < now.length && p < before.length) {
      const a = before[p].card;
      const b = now[p].dataset.card;
      if (a === b) slide(now[p], before[p].rect);
      else if ((a === 'down') !== (b === 'down')) {
        // a card turned over in place; only the boundary between face-down and face-up can do that
        flip(now[p]);
      } else break;
      p += 1;
    }
    arrivals[i] = now.slice(p);
    departures[i] = before.slice(p);
  });

  // Cards that left one column and arrived in another, with the same cards in the same order.
  arrivals.forEach((arrived, i) => {
    if (!arrived.length) return;
    for (let j = 0; j < departures.length; j += 1) {
      const gone = departures[j];
      if (j === i || !gone.length || gone.length > arrived.length) continue;
      const tail = arrived.slice(arrived.length - gone.length);
      if (!same(tail.map(cardOf), gone)) continue;
      tail.forEach((el, k) => slide(el, gone[k].rect));
      arrivals[i] = arrived.slice(0, arrived.length - gone.length);
      departures[j] = [];
      break;
    }
  });

  const newGame = view.id !== snap.game;
  const runBack = !newGame && view.runs.length < snap.runs;
  const dealt = newGame || view.stock.cards < snap.stockCards;
  arrivals.forEach((arrived, i) => {
    arrived.forEach((el, k) => {
      if (runBack) slide(el, snap.runRects[view.runs.length]);
      else if (dealt) slide(el, snap.stock, i * 30 + k * 12);
      else track(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION }));
    });
  });

  const runGone = !newGame && view.runs.length > snap.runs;
  const undealt = !newGame && view.stock.cards > snap.stockCards;
  const runSlot = runGone ? els.runs[view.runs.length - 1].getBoundingClientRect() : null;
  const stock = undealt ? els.stock.getBoundingClientRect() : null;
  departures.forEach((gone) => gone.forEach(({ card, rect }) => ghost(card, rect, runSlot || stock)));
}
