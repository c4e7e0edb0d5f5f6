// @ts-check
// The page's side of the offline engine (engine.worker.js): one worker, started on the first call,
// answering each call with the JSON that spider.offline writes, in the page's language.
import { currentLanguage } from '../i18n.js';

let worker = null;
let next = 0;
const waiting = new Map();

function started() {
  if (worker) return worker;
  worker = new Worker('/static/js/offline/engine.worker.js', { type: 'module' });
  worker.addEventListener('message', (event) => {
    const { id, answer, error } = event.data;
    const pending = waiting.get(id);
    if (!pending) return;
    waiting.delete(id);
    if (error !== undefined) pending.reject(new Error(error));
    else pending.resolve(JSON.parse(answer));
  });
  worker.addEventListener('error', (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'offline engine'));
    waiting.clear();
    worker = null;
  });
  return worker;
}

/** Calls the engine: new, resume, view or act (see engine.worker.js). */
export function call(name, args) {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    started().postMessage({ id, call: name, args, lang: currentLanguage() });
  });
}
