// The player's settings, remembered in localStorage (no account needed).
const KEY = 'spider.settings';

// Table rule presets (SPEC 1.9): configuration shown in the Settings dialog, not move rules.
export const PRESETS = {
  classic: { group: 'classic', layout: 'standard', flip: 'auto', deal: 'filled', undo: 100, undo_past: 'all', scoring: 'standard' },
  casual: { group: 'classic', layout: 'standard', flip: 'auto', deal: 'any', undo: null, undo_past: 'all', scoring: 'reveal' },
  duel: { group: 'classic', layout: 'standard', flip: 'manual', deal: 'any', undo: 100, undo_past: 'no-reveal', scoring: 'duel' },
  tabletop: { group: 'classic', layout: 'tabletop', flip: 'auto', deal: 'filled', undo: 100, undo_past: 'all', scoring: 'standard' },
};

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
  rules: { ...PRESETS.classic },
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
  const merged = { ...DEFAULTS, ...saved, rules: { ...DEFAULTS.rules, ...(saved.rules || {}) } };
  if (![1, 2, 4].includes(merged.suits)) merged.suits = 1;
  return merged;
}

export const settings = load();

export function saveSettings() {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* private mode: keep in memory */ }
}

export function presetOf(rules) {
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (Object.keys(preset).every((k) => preset[k] === rules[k])) return name;
  }
  return null;
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function prefersReducedMotion() { return reducedMotion.matches; }

export function animationsOn() { return settings.animations && !reducedMotion.matches; }
