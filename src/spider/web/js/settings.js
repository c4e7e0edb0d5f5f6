// The player's settings, remembered in localStorage (no account needed).
const KEY = 'spider.settings';

// Table rule presets (SPEC 1.9), filled from the server's GET /api/presets at start-up.
export const PRESETS = {};
export const HELPS = {}; // what each preset turns on beside its rules: { hints, no_more_moves }

export function setPresets(presets, helps = {}) {
  for (const key of Object.keys(PRESETS)) delete PRESETS[key];
  Object.assign(PRESETS, presets);
  for (const key of Object.keys(HELPS)) delete HELPS[key];
  Object.assign(HELPS, helps);
}

export const RULE_CHOICES = {
  group: ['classic', 'relaxed'],
  layout: ['standard', 'tabletop'],
  flip: ['auto', 'manual'],
  deal: ['filled', 'any'],
  undo: [0, 100, 400, null],
  undo_past: ['all', 'no-reveal'],
  scoring: ['standard', 'reveal', 'duel'],
};

const DEFAULTS = {
  suits: 1,
  deal: 'random',            // "random" or "verified" for new games
  rules: null,               // table rules for new games; null: the server's default preset
  hints: true,
  stuck: true,               // say "no more moves"
  doubleClick: true,
  oneTap: false,
  autoPlace: false,
  highlight: true,           // light up accepting columns
  lastMove: true,
  animations: true,
  fourColors: true,
  language: null,
};

function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch { saved = {}; }
  const merged = { ...DEFAULTS, ...saved };
  if (![1, 2, 4].includes(merged.suits)) merged.suits = 1;
  return merged;
}

export const settings = load();

export function saveSettings() {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* private mode: keep in memory */ }
}

export function presetOf(rules) {
  if (!rules) return 'classic';
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (Object.keys(preset).every((k) => preset[k] === rules[k])) return name;
  }
  return null;
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function prefersReducedMotion() { return reducedMotion.matches; }

export function animationsOn() { return settings.animations && !reducedMotion.matches; }
