// @ts-check
// The page's side of the offline engine (engine.worker.js): one worker, started early (warm) or on the first
// call, answering each call with the JSON that spider.offline writes, in the page's language. Once started it
// stays for the page's life, so that a game offline starts at once.
import { currentLanguage } from '../i18n.js';
/** @import { EngineCalls } from '../workers' */

const MARK = 'spider-offline-engine';
/** @type {Worker | null} */
let worker = null;
let next = 0;
/** @type {Map<number, { resolve: (answer: unknown) => void, reject: (error: Error) => void }>} the calls not yet answered */
const waiting = new Map();

/** @returns {Worker} */
function started() {
  if (worker) return worker;
  // the one boot.js started with the page (an offline game was kept), or a new one
  const early = window.spiderBoot && window.spiderBoot.engine;
  if (early && window.spiderBoot) window.spiderBoot.engine = undefined;
  const fresh = early || new Worker('/static/js/offline/engine.worker.js', { type: 'module' });
  worker = fresh;
  fresh.addEventListener('message', (event) => {
    const { id, answer, error, ready } = event.data;
    // the engine is up: marked on the page's timeline (the tests and bench/offline_start.py read it)
    if (ready && !performance.getEntriesByName(MARK).length) performance.mark(MARK, { detail: ready });
    const pending = waiting.get(id);
    if (!pending) return;
    waiting.delete(id);
    if (error !== undefined) pending.reject(new Error(error));
    else pending.resolve(JSON.parse(answer));
  });
  fresh.addEventListener('error', (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'offline engine'));
    waiting.clear();
    worker = null;
  });
  fresh.postMessage({ warm: true }); // answered once it is up
  return fresh;
}

/** Starts the engine in the background, if it is not already: the next call finds it ready. */
export function warm() {
  started();
}

/** Stops the engine (offline play turned off): its memory goes back to the device. */
export function stop() {
  worker?.terminate();
  worker = null;
}

/**
 * Calls the engine: new, resume, view or act (see engine.worker.js).
 * @template {keyof EngineCalls} K
 * @param {K} name @param {EngineCalls[K]['args']} args @returns {Promise<EngineCalls[K]['answer']>}
 */
export function call(name, args) {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve: (answer) => resolve(/** @type {EngineCalls[K]['answer']} */ (answer)), reject });
    started().postMessage({ id, call: name, args, lang: currentLanguage() });
  });
}
