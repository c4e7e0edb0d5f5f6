// @ts-check
// The visible status line, and what screen readers hear. One live region speaks (#announce), so that
// each result is heard once: the status line shows, and says through it what it shows.
import { playSound } from './sound.js';

const statusEl = () => /** @type {HTMLElement} */ (document.getElementById('status'));
const announceEl = () => /** @type {HTMLElement} */ (document.getElementById('announce'));

/**
 * Show a short message under the table, and say it (unless quiet: "Thinking…" is no news); errors stand out.
 * @param {string} text @param {{ error?: boolean, quiet?: boolean }} [options]
 */
export function say(text, { error = false, quiet = false } = {}) {
  const el = statusEl();
  el.textContent = text;
  el.classList.toggle('error', error);
  if (text && !quiet) announce(text);
}

/** Speak a result to screen readers without changing what sighted players see. @param {string} text */
export function announce(text) {
  const el = announceEl();
  el.textContent = '';
  // a fresh text node in a later task makes repeated messages heard again
  setTimeout(() => { el.textContent = text; }, 30);
}

/**
 * Tell the player why the server refused, and shake what was refused.
 * @param {unknown} error an ApiError (its status 0 when the server did not answer), or any Error
 * @param {HTMLElement[]} [elements]
 */
export function refuse(error, elements = []) {
  const refusal = /** @type {Error & { status?: number }} */ (error);
  say(refusal.message, { error: true }); // shown and said once
  playSound('refuse');
  shake(elements);
  // no answer at all: offline/play.js may offer a game on this device
  if (refusal.status === 0) document.dispatchEvent(new Event('spider-unreachable'));
}

/** @param {Iterable<HTMLElement>} elements */
function shake(elements) {
  for (const el of elements) {
    el.classList.remove('refused');
    void el.offsetWidth;
    el.classList.add('refused');
    el.addEventListener('animationend', () => el.classList.remove('refused'), { once: true });
  }
}
