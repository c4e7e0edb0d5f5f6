// @ts-check
// The service worker (/sw.js) keeps the page's files, so that a reload with no connection still shows
// the app; and, once the player turns offline play on (Settings) or installs the app, the offline engine.
// Registered after the table is drawn: a first visit loads the page alone.
import { settings } from '../settings.js';

/**
 * Asks the service worker to keep the engine, drop it, or say whether it is kept; while it fetches the engine,
 * ``progress`` hears the share fetched so far.
 * @param {'keep' | 'drop' | 'ask'} engine @param {(share: number) => void} [progress] @returns {Promise<boolean>}
 */
async function ask(engine, progress) {
  const registration = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const data = event.data || {};
      if (typeof data.progress === 'number') progress?.(data.progress);
      else resolve(Boolean(data.kept));
    };
    registration.active?.postMessage({ engine }, [channel.port2]); // ready: it is active
  });
}

/** Starts the kept engine once the page is idle, and keeps it running: a dropped connection finds it ready. */
function warmEngine() {
  const later = window.requestIdleCallback || ((/** @type {() => void} */ then) => setTimeout(then, 1000));
  later(() => { import('./engine.js').then((engine) => engine.warm()).catch(() => {}); }, { timeout: 5000 });
}

/** Has the service worker keep the offline engine (fetched in the background, ``progress`` told the share
 * fetched); true once it is kept, and then the engine is started in the background.
 * @param {(share: number) => void} [progress] */
export async function keepEngine(progress) {
  const kept = 'serviceWorker' in navigator ? await ask('keep', progress) : false;
  if (kept) warmEngine();
  return kept;
}

export async function dropEngine() {
  await import('./engine.js').then((engine) => engine.stop()).catch(() => {});
  return 'serviceWorker' in navigator ? ask('drop') : Promise.resolve(false);
}

/** Whether the engine is kept, so that an offline game can start. */
export function engineKept() {
  return 'serviceWorker' in navigator ? ask('ask') : Promise.resolve(false);
}

const installed = () => window.matchMedia('(display-mode: standalone)').matches;

export function initInstall() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {});
  // an installed app is one the player means to keep: it plays offline too
  window.addEventListener('appinstalled', () => keepEngine());
  if (settings.offline || installed()) keepEngine();
}
