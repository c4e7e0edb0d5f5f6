// @ts-check
// The player's settings, remembered in localStorage (no account needed).
/** @import * as T from './types' */
const KEY = 'spider.settings';

// Table rule presets (SPEC 1.9) and each rule's choices, filled from the server's GET /api/presets at start-up:
// the rules live in the engine, and the page only shows them.
/** @type {Record<string, T.TableRules>} */
export const PRESETS = {};
/** @type {Record<string, T.Helps>} */
export const HELPS = {}; // what each preset turns on beside its rules: { hints, no_more_moves }
/** @type {Record<string, unknown[]>} */
export const RULE_CHOICES = {}; // each table rule's choices, the default first
// The game's facts the page shows, from the same answer (its `constants`): the engine states them, the page
// writes none. Empty until main.js has the answer, which it waits for before drawing the table.
/** @type {T.Constants} */
export const CONSTANTS = {
  suit_counts: [],   // the suit counts a game may have, fewest first
  columns: 0,        // columns on the table (a view at hand says it too: view.columns.length)
  runs_to_win: 0,    // complete runs that win a game: the run slots
  duel_minutes: [],  // a duel's time limits
  strengths: [],     // the computer opponents' strengths, weakest first
  strength_ratings: {}, // each strength's rating from the ladder of the strengths (bench/ladder.py)
  name_length: 0,    // the longest player's name
  heartbeat_ms: 0,   // how often the page gives the server a sign of life while a game is on screen
};

/** @param {Record<string, unknown>} target @param {object} source */
function replace(target, source) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source || {});
}

/** @param {T.Presets} presets GET /api/presets's answer */
export function setPresets({ presets, helps, choices, constants }) {
  replace(PRESETS, presets);
  replace(HELPS, helps);
  replace(RULE_CHOICES, choices);
  Object.assign(CONSTANTS, constants);
  if (!CONSTANTS.suit_counts.includes(settings.suits)) settings.suits = CONSTANTS.suit_counts[0];
}

/**
 * @typedef {{
 *   suits: T.SuitCount, deal: T.Deal, rules: T.TableRules | null, hints: boolean, stuck: boolean,
 *   doubleClick: boolean, oneTap: boolean, autoPlace: boolean, highlight: boolean, lastMove: boolean,
 *   animations: boolean, fourColors: boolean, language: string | null, offline: boolean, meter: boolean, sound: boolean,
 *   back: string, felt: string, deck: string,
 * }} Settings
 * @typedef {{ [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings]} Toggle a setting that is on or off
 */

/** @type {Settings} */
const DEFAULTS = {
  suits: 1,
  deal: 'random',            // "random" or "verified" for new games
  rules: null,               // table rules for new games; null: the server's default preset
  hints: true,               // a newcomer's first game offers hints, as Microsoft's Spider does,
  stuck: false,              // not "no more moves"; a preset chosen in Settings sets both as its product has them
  doubleClick: true,
  oneTap: false,
  autoPlace: false,
  highlight: true,           // light up accepting columns
  lastMove: true,
  animations: true,
  fourColors: true,
  language: null,
  offline: false,            // keep the offline engine, to play solo with no connection
  meter: false,              // the win-chance meter beside the score (meter.js); never in duels or daily deals
  sound: true,               // short effects (sound.js), heard only after the player's own first touch; M mutes
  back: 'blue',              // the looks (looks.js): the cards' back, the table's colour, the deck
  felt: 'green',
  deck: 'standard',
};

/**
 * The suit count a control of the page names (its choices are CONSTANTS.suit_counts).
 * @param {string | undefined} value @returns {T.SuitCount}
 */
export const suitCountOf = (value) => /** @type {T.SuitCount} */ (Number(value));

/** @returns {Settings} */
function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch { saved = {}; }
  return { ...DEFAULTS, ...saved }; // a suit count is checked once the suit counts are known (setPresets)
}

export const settings = load();

export function saveSettings() {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* private mode: keep in memory */ }
}

/** The preset whose rules these are (none, "classic": the server's default), or null. @param {Partial<T.TableRules> | null} rules */
export function presetOf(rules) {
  if (!rules) return 'classic';
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (/** @type {(keyof T.TableRules)[]} */ (Object.keys(preset)).every((k) => preset[k] === rules[k])) return name;
  }
  return null;
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function prefersReducedMotion() { return reducedMotion.matches; }

export function animationsOn() { return settings.animations && !reducedMotion.matches; }
