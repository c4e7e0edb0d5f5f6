// @ts-check
// The win cascade, as the classic desktop games had it: the completed runs leap out of their slots one card
// at a time, king first, and bounce down across the table under gravity, leaving their trails. Drawn on one
// canvas laid over the page; a click or a key ends it at once, and so does the page being hidden. It lasts a
// few seconds at most, whatever the screen, so that a phone does not labour over it.
import { rankLabel } from './i18n.js';
import { SUIT_SYMBOLS } from './cards.js';
/** @import * as T from './types' */

const LAUNCHING_MS = 1900;  // the last card leaves its slot by then
const LONGEST_MS = 3200;    // and the cascade ends by then, wherever the cards are
const RANKS = 13;           // a run: king down to ace

/** @typedef {{ x: number, y: number, vx: number, vy: number, image: HTMLCanvasElement, at: number }} Flying */

/**
 * One face-up card drawn once, then stamped along its path.
 * @param {T.Suit} suit @param {number} rank @param {number} w @param {number} h @param {number} scale
 */
function cardImage(suit, rank, w, h, scale) {
  const image = document.createElement('canvas');
  image.width = Math.ceil(w * scale);
  image.height = Math.ceil(h * scale);
  const g = /** @type {CanvasRenderingContext2D} */ (image.getContext('2d'));
  g.scale(scale, scale);
  const radius = Math.max(3, w * 0.08);
  g.beginPath();
  g.roundRect(0.5, 0.5, w - 1, h - 1, radius);
  g.fillStyle = '#fffdf7';
  g.fill();
  g.strokeStyle = '#8c8c8c';
  g.lineWidth = 1;
  g.stroke();
  const colour = getComputedStyle(document.body).getPropertyValue(`--${suit}`).trim() || '#17181c';
  g.fillStyle = colour;
  g.textBaseline = 'top';
  const corner = Math.max(9, Math.round(w * 0.2));
  g.font = `bold ${corner}px system-ui, sans-serif`;
  g.fillText(rankLabel(rank), w * 0.08, h * 0.05);
  g.font = `${corner}px system-ui, sans-serif`;
  g.fillText(SUIT_SYMBOLS[suit], w * 0.08, h * 0.05 + corner * 1.05);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.font = `${Math.round(w * 0.5)}px system-ui, sans-serif`;
  g.fillText(SUIT_SYMBOLS[suit], w / 2, h * 0.58);
  return image;
}

/**
 * Play the cascade for the completed runs (their suits, in slot order) from their slots' places on screen.
 * Resolves when it is over: played out, skipped by a click or a key, or the page hidden.
 * @param {T.Suit[]} runs @param {DOMRect[]} slots @param {{ width: number, height: number }} card
 * @param {string} skipText what the line under the cascade says (a click or a key skips it)
 * @returns {Promise<void>}
 */
export function cascade(runs, slots, card, skipText) {
  return new Promise((resolve) => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const scale = Math.min(2, window.devicePixelRatio || 1);
    const canvas = document.createElement('canvas');
    canvas.className = 'cascade';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    Object.assign(canvas.style, {
      position: 'fixed', inset: '0', width: `${width}px`, height: `${height}px`, zIndex: '90', cursor: 'pointer',
    });
    const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    g.scale(scale, scale);
    const note = document.createElement('p');
    note.className = 'cascade-skip';
    note.textContent = skipText;
    Object.assign(note.style, {
      position: 'fixed', insetInline: '0', bottom: '12px', width: 'fit-content', margin: '0 auto', zIndex: '91',
      padding: '4px 12px', borderRadius: '999px', background: 'rgba(0, 0, 0, .65)', color: '#fff',
      pointerEvents: 'none', font: '14px system-ui, sans-serif',
    });
    document.body.append(canvas, note);
    document.documentElement.dataset.cascade = 'running';

    // a phone's cards are small: the cascade's are never smaller than a thumb can see
    const w = Math.max(44, Math.min(card.width, width / 7));
    const h = w * (card.height / card.width || 1.4);
    /** @type {Map<string, HTMLCanvasElement>} */
    const images = new Map();
    const imageOf = (/** @type {T.Suit} */ suit, /** @type {number} */ rank) => {
      const key = `${suit}${rank}`;
      if (!images.has(key)) images.set(key, cardImage(suit, rank, w, h, scale));
      return /** @type {HTMLCanvasElement} */ (images.get(key));
    };

    // king first from every slot in turn, then the queens, … as the classic games launch them
    /** @type {{ suit: T.Suit, rank: number, from: DOMRect }[]} */
    const queue = [];
    for (let rank = RANKS; rank >= 1; rank -= 1) {
      runs.forEach((suit, i) => { if (slots[i]) queue.push({ suit, rank, from: slots[i] }); });
    }
    const gap = queue.length ? LAUNCHING_MS / queue.length : 0;
    const gravity = height * 2.4;  // px/s²: a fall across the screen in under a second
    /** @type {Flying[]} */
    let flying = [];
    let launched = 0;
    let frame = 0;
    let start = 0;
    let last = 0;

    const launch = (/** @type {number} */ now) => {
      const { suit, rank, from } = queue[launched];
      launched += 1;
      // away from the nearer edge, so that each card crosses a good part of the table
      const centre = from.left + from.width / 2;
      const away = centre < width / 2 ? 1 : -1;
      const direction = Math.random() < 0.8 ? away : -away;
      const speed = width * (0.18 + Math.random() * 0.32);
      flying.push({
        x: centre - w / 2, y: from.top, vx: direction * speed, vy: -Math.random() * height * 0.9,
        image: imageOf(suit, rank), at: now,
      });
    };

    const finish = () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', skip, true);
      document.removeEventListener('visibilitychange', hidden);
      canvas.remove();
      note.remove();
      delete document.documentElement.dataset.cascade;
      resolve();
    };
    /** @param {Event} event */
    function skip(event) {
      // the key ends the cascade and nothing else: no shortcut acts on a table the player cannot see
      event.preventDefault();
      event.stopImmediatePropagation();
      finish();
    }
    function hidden() { if (document.hidden) finish(); }

    const step = (/** @type {number} */ now) => {
      if (!start) { start = now; last = now; }
      const elapsed = now - start;
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      while (launched < queue.length && launched * gap <= elapsed) launch(now);
      for (const c of flying) {
        c.vy += gravity * dt;
        c.x += c.vx * dt;
        c.y += c.vy * dt;
        if (c.y + h > height) {
          // the table's edge: the card bounces back up, a little lower each time
          c.y = height - h;
          c.vy = -c.vy * 0.72;
        }
        g.drawImage(c.image, c.x, c.y, w, h); // no clearing: each frame's cards stay as the trail
      }
      flying = flying.filter((c) => c.x + w > 0 && c.x < width);
      if (elapsed >= LONGEST_MS || (launched === queue.length && !flying.length)) finish();
      else frame = requestAnimationFrame(step);
    };

    canvas.addEventListener('click', finish);
    window.addEventListener('keydown', skip, true);
    document.addEventListener('visibilitychange', hidden);
    if (document.hidden || !queue.length) finish();
    else frame = requestAnimationFrame(step);
  });
}
