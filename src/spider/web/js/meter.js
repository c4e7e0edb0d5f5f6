// @ts-check
// The win-chance meter (docs/meter.md): beside the score, the chance of winning from here,
// from what the player sees, asked of the server after each action (GET /api/games/{id}/chance). Loaded with
// import() once its setting is on (main.js, dialogs.js). Never shown in a duel or an arena, in an offline game,
// during a replay, or in a game the server refuses it in (a daily deal: 409).
import { state } from './state.js';
import { settings } from './settings.js';
import { t, currentLanguage } from './i18n.js';
import { request, ApiError } from './api.js';
import { helpLink } from './help.js';

/** @type {{ box: HTMLElement, shown: HTMLElement, spoken: HTMLElement } | null} */
let els = null;
let asked = '';         // "id:version" of the table last asked about
/** @type {AbortController | null} */
let pending = null;     // the ask in flight, cancelled when the table moves on
let retry = 0;
const refused = new Set(); // games the server refuses the meter in

/** The meter's place beside the score: made once, as the score's own markup is. */
function place() {
  if (els) return els;
  const box = document.createElement('div');
  box.className = 'meter';
  box.hidden = true;
  const term = document.createElement('dt');
  term.textContent = t('meter.label');
  term.setAttribute('aria-hidden', 'true'); // the spoken sentence names it
  const value = document.createElement('dd');
  value.dataset.chance = '';
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  value.append(shown, spoken);
  value.insertAdjacentHTML('beforeend', helpLink('meter', { short: true })); // how the figure is made
  box.append(term, value);
  const score = /** @type {HTMLElement} */ (document.querySelector('[data-score]'));
  /** @type {HTMLElement} */ (score.parentElement).after(box);
  els = { box, shown, spoken };
  return els;
}

function cancel() {
  clearTimeout(retry);
  if (pending) pending.abort();
  pending = null;
}

/** @param {string} text @param {string} sentence @param {boolean} waiting */
function show(text, sentence, waiting) {
  const { box, shown, spoken } = place();
  shown.textContent = text;
  spoken.textContent = sentence;
  box.classList.toggle('waiting', waiting);
}

/** Brings the meter in line with the table: hidden where it has no place, else asked for the table's chance. */
export function showChance() {
  const view = state.view;
  const on = Boolean(settings.meter && view && !view.offline && !state.offline && !state.duel
    && !refused.has(view.id));
  place().box.hidden = !on;
  if (!on || !view) {
    cancel();
    asked = '';
    return;
  }
  const key = `${view.id}:${view.version}`;
  if (key === asked) return;
  asked = key;
  ask(view.id, key);
}

/** @param {string} id @param {string} key */
async function ask(id, key) {
  cancel();
  const controller = new AbortController();
  pending = controller;
  // the last figure stays, dimmed, until the new one comes: the meter does not flicker at each move
  if (!place().shown.textContent) show('…', t('meter.working'), true);
  else place().box.classList.add('waiting');
  let found;
  try {
    found = await request('GET /api/games/{game_id}/chance', { path: { game_id: id }, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted || asked !== key) return;
    pending = null;
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 429) { // the last ask is still being worked out: ask again once it is done
      retry = window.setTimeout(() => { if (asked === key) ask(id, key); }, 300);
      return;
    }
    if (status === 409 || status === 404) { // a daily deal's game, or a duel's: no meter there
      refused.add(id);
      showChance();
      return;
    }
    show('–', t('meter.unknown'), true);
    return;
  }
  if (asked !== key) return;
  pending = null;
  const percent = new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 });
  const text = percent.format(found.chance);
  show(text, t('meter.aria', { chance: text }), false);
}
