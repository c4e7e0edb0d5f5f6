// @ts-check
// The toolbar's names where they are hidden: a tooltip on each button with its name and its key (the keys
// are keyboard.js's), and on touch screens, where there is no hover and phones show icons alone, a long
// press shows the name in a bubble, as Android does for its icon buttons, and does not press the button.
import { t, keyName } from './i18n.js';
import { keyFor } from './keyboard.js';

const HOLD_MS = 450;   // a press this long is a long press (Android's is 400–500 ms)
const SHOWN_MS = 1500; // the name stays this long once the finger is lifted

/** @param {HTMLElement} button its accessible name, as a screen reader says it */
const nameOf = (button) => button.getAttribute('aria-label') || button.textContent || '';

/**
 * Each toolbar button's tooltip: "Undo (U)"; a suit choice's says S goes on to the next suit count; the stock's, D.
 * Called once the catalog is applied and the suit choices are drawn (and again if they are redrawn).
 * @param {ParentNode} [root]
 */
export function titleToolbar(root = document) {
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.toolbar [data-command], .toolbar [data-menu]'))) {
    const key = keyFor(String(button.dataset.command));
    button.title = key ? t('tooltip.key', { name: nameOf(button), key: keyName(key) }) : nameOf(button);
  }
  const next = keyFor('suits');
  for (const choice of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.toolbar .suit-choice'))) {
    const name = t('suits.option', { count: Number(choice.dataset.suits) });
    choice.title = next ? t('tooltip.suits', { name, key: keyName(next) }) : name;
  }
  // the stock, by the table, is a button too: "Deal (D)"
  const stock = /** @type {HTMLElement | null} */ (document.querySelector('[data-stock]'));
  if (stock) stock.title = t('tooltip.key', { name: t('button.deal'), key: keyName(keyFor('deal')) });
}

/** The bubble a long press shows, one for the page. */
let bubble = /** @type {HTMLElement | null} */ (null);
let hideTimer = 0;

/** @param {HTMLElement} button */
function showName(button) {
  if (!bubble) {
    bubble = document.createElement('div');
    bubble.className = 'tool-name';
    bubble.setAttribute('role', 'tooltip');
    bubble.id = 'tool-name';
    document.body.append(bubble);
  }
  clearTimeout(hideTimer);
  bubble.textContent = button.classList.contains('suit-choice')
    ? t('suits.option', { count: Number(button.dataset.suits) }) : nameOf(button);
  bubble.hidden = false;
  // under the button, inside the screen
  const r = button.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const height = bubble.offsetHeight;
  const left = Math.min(Math.max(4, r.left + r.width / 2 - width / 2), window.innerWidth - width - 4);
  const below = r.bottom + 6;
  bubble.style.left = `${Math.max(4, left)}px`;
  bubble.style.top = `${below + height > window.innerHeight ? Math.max(4, r.top - height - 6) : below}px`;
}

function hideName(after = 0) {
  clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => { if (bubble) bubble.hidden = true; }, after);
}

/** Long presses on the toolbar's buttons show their names (touch and pen; a mouse has the tooltips). */
export function initToolNames() {
  const toolbar = /** @type {HTMLElement} */ (document.querySelector('.toolbar'));
  let holdTimer = 0;
  let held = false; // the press became a long press: its click is not a press of the button
  toolbar.addEventListener('pointerdown', (e) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('.tool, .suit-choice'));
    if (!button || e.pointerType === 'mouse') return;
    held = false;
    clearTimeout(holdTimer);
    holdTimer = window.setTimeout(() => { held = true; showName(button); }, HOLD_MS);
  });
  const release = () => {
    clearTimeout(holdTimer);
    if (held) hideName(SHOWN_MS);
  };
  toolbar.addEventListener('pointerup', release);
  toolbar.addEventListener('pointercancel', release);
  // before the button's own listener: a long press names the button and does not press it
  toolbar.addEventListener('click', (e) => {
    if (!held) return;
    held = false;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  toolbar.addEventListener('contextmenu', (e) => { if (/** @type {Element} */ (e.target).closest('.tool, .suit-choice')) e.preventDefault(); });
  window.addEventListener('scroll', () => hideName(), { passive: true });
}

// phones keep two rows of icons on purpose (spider.css): the labels give way on wider screens only
const PHONE = '(max-width: 720px), (max-height: 520px) and (orientation: landscape)';

/** @param {HTMLElement} toolbar whether its buttons stand in more than one row */
function wraps(toolbar) {
  const boxes = [...toolbar.querySelectorAll('.tool, .suits')]
    .filter((e) => /** @type {HTMLElement} */ (e).offsetParent).map((e) => e.getBoundingClientRect());
  if (!boxes.length) return false;
  const tops = boxes.map((box) => box.top);
  return Math.max(...tops) - Math.min(...tops) > Math.min(...boxes.map((box) => box.height)) / 2;
}

/**
 * Where a language's names do not fit the toolbar in one row (Dutch, Polish or Portuguese on a 1280 px screen),
 * the buttons after the suit choices show their icons alone, then all buttons do, rather than push the table
 * down a row; their names stay in the tooltips and for screen readers. Looked at again whenever the toolbar's
 * width changes.
 */
export function fitToolbar() {
  const toolbar = /** @type {HTMLElement} */ (document.querySelector('.toolbar'));
  const phone = window.matchMedia(PHONE);
  let width = -1;
  const fit = () => {
    toolbar.classList.remove('icons-after', 'icons');
    if (phone.matches) return;
    for (const fewer of ['icons-after', 'icons']) {
      if (!wraps(toolbar)) return;
      toolbar.classList.add(fewer);
    }
  };
  new ResizeObserver(() => {
    if (toolbar.clientWidth === width) return; // a class of ours changed its height only
    width = toolbar.clientWidth;
    fit();
  }).observe(toolbar);
  fit();
}
