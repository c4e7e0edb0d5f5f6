// @ts-check
// Short sound effects, made on the spot with the Web Audio API: no files to fetch or keep offline.
// Browsers let a page sound only once the player has touched it; the audio context is made at the first
// effect after that, never before. The Sound setting (settings.js) and the M key turn them all off.
import { settings, saveSettings } from './settings.js';

/** @typedef {'move' | 'deal' | 'run' | 'refuse' | 'win' | 'start'} Effect */

/** @type {AudioContext | null} */
let context = null;
let touched = false;
for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, () => { touched = true; }, { capture: true, once: true });

/** The page's context, made on first use after a gesture; null before one, or where there is no audio. */
function audio() {
  if (context) return context;
  const active = /** @type {{ userActivation?: { hasBeenActive: boolean } }} */ (navigator).userActivation;
  if (!touched && !(active && active.hasBeenActive)) return null;
  try { context = new AudioContext(); } catch { return null; }
  return context;
}

/**
 * One note: a quick rise, then a fall to silence.
 * @param {AudioContext} a @param {number} at seconds from now @param {number} frequency Hz
 * @param {number} length seconds @param {{ type?: OscillatorType, volume?: number, slideTo?: number }} [options]
 */
function note(a, at, frequency, length, { type = 'sine', volume = 0.12, slideTo = 0 } = {}) {
  const start = a.currentTime + at;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, start);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(a.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** @type {Record<Effect, (a: AudioContext) => void>} */
const EFFECTS = {
  // a card laid down: a short soft knock
  move: (a) => note(a, 0, 520, 0.07, { type: 'triangle', volume: 0.14, slideTo: 300 }),
  // ten cards off the stock: a quick patter
  deal: (a) => { for (let i = 0; i < 5; i += 1) note(a, i * 0.035, 420 + i * 30, 0.04, { type: 'triangle', volume: 0.09 }); },
  // a run completed: a rising chord, note by note
  run: (a) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => note(a, i * 0.07, f, 0.18, { volume: 0.1 })),
  // refused: a low, falling buzz
  refuse: (a) => note(a, 0, 200, 0.16, { type: 'square', volume: 0.05, slideTo: 140 }),
  // a duel begins (a pairing in an arena, an opponent at one's table): two bright notes, a call to the table
  start: (a) => [659.25, 987.77].forEach((f, i) => note(a, i * 0.12, f, 0.22, { type: 'triangle', volume: 0.12 })),
  // won: a little fanfare
  win: (a) => [523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5].forEach((f, i) => note(a, i * 0.11, f, i === 5 ? 0.6 : 0.16, { type: 'triangle', volume: 0.12 })),
};

/** Play an effect, when the Sound setting is on. */
/** @param {Effect} effect */
export function playSound(effect) {
  if (!settings.sound) return;
  // the browser tests count the effects played: a list they set before the page loads
  const log = /** @type {{ __spiderSounds?: string[] }} */ (/** @type {unknown} */ (window)).__spiderSounds;
  if (Array.isArray(log)) log.push(effect);
  const a = audio();
  if (!a) return;
  if (a.state === 'suspended') a.resume().catch(() => {});
  EFFECTS[effect](a);
}

/** The effect for what an action did (the server's events): a completed run above a deal above a move; the
last run's is the win's fanfare, which win.js plays. */
/** @param {{ type: string }[]} events */
export function playEvents(events) {
  const types = new Set((events || []).map((e) => e.type));
  if (types.has('won')) return;
  if (types.has('run_removed')) playSound('run');
  else if (types.has('dealt')) playSound('deal');
  else if (types.has('moved') || types.has('flipped') || types.has('undone') || types.has('redone')) playSound('move');
}

/** The mute key: sound off when on, on when off. Answers whether it is now on. */
export function toggleSound() {
  settings.sound = !settings.sound;
  saveSettings();
  return settings.sound;
}
