// @ts-check
// The service worker (served as /sw.js: its scope is the whole site). The server writes the line above
// this one: self.SPIDER names the page's files (the shell) and the offline engine's, each with a version.
//
// Online, every page file comes from the network as usual (the server stays the authority; the browser
// revalidates by ETag); the kept copy answers only when the network does not. Of the API, only the presets'
// answer is kept the same way: it names the game's facts (suit counts, runs to win, …) that the page needs to
// draw the table, an offline game's too. The rest of the API is never touched.
// The engine (Pyodide and our Python, about 12 MB) is kept only once the page asks for it: offline play
// turned on, or the app installed. Never on a first visit.
/** The service worker's own scope, and what the server wrote above. */
const sw = /** @type {ServiceWorkerGlobalScope & {SPIDER: import('./js/workers').Kept}} */ (/** @type {unknown} */ (self));
const { shell, shellVersion, engine, engineVersion, engineBytes } = sw.SPIDER;
const SHELL = `spider-shell-${shellVersion}`;
const ENGINE = `spider-engine-${engineVersion}`;
const PRESETS = '/api/presets';
const SNAPSHOT = 'spider-engine-snapshot'; // the engine's started memory (engine.worker.js), checked there against its version

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then(async (cache) => {
    await cache.addAll(shell);
    await cache.add(PRESETS).catch(() => {}); // kept again by the page's next load if not now
  }).then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const hadEngine = names.some((name) => name.startsWith('spider-engine-'));
    await Promise.all(names.filter((name) => name !== SHELL && name !== ENGINE && name !== SNAPSHOT).map((name) => caches.delete(name)));
    await sw.clients.claim();
    // a player who had offline play keeps it through a new version of the engine
    if (hadEngine && !names.includes(ENGINE)) await keepEngine();
  })());
});

/**
 * Fetches the engine's files it does not keep yet, one after another, telling ``progress`` the share of the
 * engine's bytes kept so far (at most every half second, and at the end of each file).
 * @param {(share: number) => void} [progress]
 */
async function keepEngine(progress = () => {}) {
  if (!engine.length) return false; // this server has no offline engine (scripts/setup was not run)
  const cache = await caches.open(ENGINE);
  let done = 0;
  const missing = [];
  for (const url of engine) {
    const found = await cache.match(url);
    if (found) done += (await found.clone().arrayBuffer()).byteLength;
    else missing.push(url);
  }
  const share = () => Math.min(1, done / Math.max(1, engineBytes));
  progress(share());
  let told = Date.now();
  for (const url of missing) {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
    const chunks = [];
    const reader = response.body.getReader();
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      chunks.push(value);
      done += value.byteLength;
      if (Date.now() - told >= 500) { told = Date.now(); progress(share()); }
    }
    // the body is read decoded: its length and encoding are no longer the network's
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    await cache.put(url, new Response(new Blob(chunks), { headers }));
    progress(share());
  }
  return true;
}

async function engineKept() {
  if (!engine.length) return false;
  const cache = await caches.open(ENGINE);
  for (const url of engine) if (!(await cache.match(url))) return false;
  return true;
}

async function dropEngine() {
  for (const name of await caches.keys()) if (name.startsWith('spider-engine-')) await caches.delete(name);
}

// The page asks: {engine: 'keep' | 'drop' | 'ask'}; the answer says whether the engine is kept.
sw.addEventListener('message', (event) => {
  const wanted = event.data && event.data.engine;
  const port = event.ports[0];
  if (!wanted || !port) return;
  // while the engine is fetched, the page is told how far it has come: {progress: 0..1}
  const progress = (/** @type {number} */ share) => port.postMessage({ progress: share });
  const work = wanted === 'keep' ? keepEngine(progress).then(engineKept) : wanted === 'drop' ? dropEngine().then(() => false) : engineKept();
  event.waitUntil(work.then((kept) => port.postMessage({ kept }), () => port.postMessage({ kept: false })));
});

/** The kept copy of a request's file, if any. @param {Request} request */
async function kept(request) {
  const url = new URL(request.url);
  const key = request.mode === 'navigate' && url.pathname === '/' ? '/' : url.pathname;
  return caches.match(key, { ignoreSearch: true });
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  if (url.pathname === PRESETS) {
    // the network's answer, kept for the next time there is none
    event.respondWith(fetch(request).then(async (response) => {
      if (response.ok) await (await caches.open(SHELL)).put(PRESETS, response.clone());
      return response;
    }, async (error) => {
      const found = await caches.match(PRESETS);
      if (found) return found;
      throw error;
    }));
    return;
  }
  if (engine.includes(url.pathname)) {
    // the engine's files change only with its version: the kept copy first
    event.respondWith(caches.open(ENGINE).then((cache) => cache.match(url.pathname)).then((found) => found || fetch(request)));
    return;
  }
  const page = request.mode === 'navigate' && url.pathname === '/';
  if (!page && !url.pathname.startsWith('/static/')) return; // the API and everything else: the network's
  event.respondWith(fetch(request).catch(async (error) => {
    const found = await kept(request);
    if (found) return found;
    throw error;
  }));
});
