// @ts-check
// The offline engine: Pyodide running the same `spider` package as the server, in a Web Worker so that
// the table stays responsive while it starts and plays. The page sends {id, call, args} (and the page's
// language, lang) and gets {id, answer} (a JSON text from spider.offline) or {id, error}; to {warm: true}
// it answers {ready: {restored, ms}} once it is up (whether from the snapshot, and when). Every file comes
// from our own server, or from the service worker's copy when offline; never from a CDN.
//
// Starting Python and importing the engine is most of the wait (seconds on a phone), so the first start
// keeps a snapshot of Pyodide's memory with the engine imported and run once (about 25 MB, in the cache
// SNAPSHOTS); later starts restore it instead, a few times quicker. A snapshot names the Pyodide and
// engine.zip it was made from, and is made again when either changes. Python draws its random numbers
// from the browser's at each call (secrets), never from a state the snapshot would freeze.
import { loadPyodide, version } from '/static/pyodide/pyodide.mjs';
/** @import { EngineCalls, OfflineGame } from '../workers' */

const SITE_PACKAGES = '/lib/python3.13/site-packages';
const INDEX = '/static/pyodide/';
const ENGINE = '/static/offline/engine.zip';
const SNAPSHOTS = 'spider-engine-snapshot'; // dropped with the engine (sw.js drops every spider-engine-*)
const SNAPSHOT = '/static/offline/engine.snapshot';
const IMPORTS = 'from spider.offline import OfflineGame\nfrom spider.text import speak';
// Before the snapshot: a few games in every language, so that what Python does once (Babel's locale data,
// the catalogs, the functions' first calls) is in it too; the first real call is then as quick as any.
const RUN_ONCE = `from spider.text import languages
for _lang in languages():
    speak(_lang)
    _game = OfflineGame.new(2)
    _game.view_json(); _game.act_json('d'); _game.act_json('1>1'); _game.view_json(1.0, 'won')
    OfflineGame.resume(_game.code, _game.rules.to_json(), _game.actions).view_json()
del _lang, _game`;

const PACKED = false; // kept as it is (about 25 MB): gzipped (6 MB), a phone's offline reload took 0.65 s more

/** @typedef {Awaited<ReturnType<typeof loadPyodide>>} Pyodide */

/** What the snapshot is made of: Pyodide's version and the engine zip's (its ETag). */
const madeOf = (/** @type {Response} */ zip) => `${version} ${zip.headers.get('etag') || ''}`;

/** @param {Uint8Array<ArrayBuffer>} bytes @param {boolean} packing */
async function gzip(bytes, packing) {
  const stream = new Blob([bytes]).stream().pipeThrough(packing ? new CompressionStream('gzip') : new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The kept snapshot's entry (its body not yet read), or null. */
async function snapshotEntry() {
  try {
    if (!(await caches.has(SNAPSHOTS))) return null; // (opening it would make it)
    return (await (await caches.open(SNAPSHOTS)).match(SNAPSHOT)) || null;
  } catch {
    return null; // no Cache Storage here: the engine starts the long way
  }
}

async function snapshotBytes(/** @type {Response} */ entry) {
  const bytes = new Uint8Array(await entry.arrayBuffer());
  return entry.headers.get('x-packed') === 'gzip' ? gzip(bytes, false) : bytes;
}

async function keepSnapshot(/** @type {Pyodide} */ pyodide, /** @type {string} */ made) {
  try {
    const memory = pyodide.makeMemorySnapshot();
    const body = PACKED ? await gzip(memory, true) : memory;
    const headers = { 'x-made-of': made, 'x-packed': PACKED ? 'gzip' : 'none' };
    await (await caches.open(SNAPSHOTS)).put(SNAPSHOT, new Response(body, { headers }));
  } catch { /* the next start goes the long way again */ }
}

async function start() {
  // the engine's files and the snapshot's entry at once; the snapshot's body is read while Pyodide's
  // own script loads (loadPyodide takes it as a promise)
  const [zip, entry] = await Promise.all([fetch(ENGINE), snapshotEntry()]);
  if (!zip.ok) throw new Error(`engine.zip: ${zip.status}`);
  const made = madeOf(zip);
  const files = zip.arrayBuffer().then((data) => new Uint8Array(data));
  const unpack = async (/** @type {Pyodide} */ pyodide) => pyodide.unpackArchive(await files, 'zip', { extractDir: SITE_PACKAGES });
  if (entry && entry.headers.get('x-made-of') === made) {
    try {
      const pyodide = await loadPyodide({ indexURL: INDEX, packages: [], _loadSnapshot: snapshotBytes(entry) });
      await unpack(pyodide); // the files too: Babel reads its locale data when first asked
      pyodide.runPython(IMPORTS); // already imported: names them in the globals
      restored = true;
      return pyodide;
    } catch {
      await caches.delete(SNAPSHOTS).catch(() => {}); // a broken one: start the long way
    }
  }
  const pyodide = await loadPyodide({ indexURL: INDEX, packages: [], _makeSnapshot: true });
  await unpack(pyodide);
  pyodide.runPython(IMPORTS);
  pyodide.runPython(RUN_ONCE);
  await keepSnapshot(pyodide, made);
  return pyodide;
}

let restored = false; // whether this start restored the snapshot
const ready = start();
/** @type {OfflineGame | null} */
let game = null; // the Python OfflineGame on the table
/** The game on the table: the page asks for its view or plays in it only once it has one. */
const atTable = () => /** @type {OfflineGame} */ (game);

/**
 * Each call: Pyodide and the call's arguments, to the JSON text of the answer (spider.offline's).
 * @type {{ [K in keyof EngineCalls]: (py: Pyodide, args: EngineCalls[K]['args']) => string }}
 */
const CALLS = {
  // a new random deal: suits, and table rules (null: the default preset)
  new: (py, { suits, rules }) => {
    const fresh = /** @type {OfflineGame} */ (py.globals.get('OfflineGame').new(suits, rules ? py.toPy(rules) : undefined)); // undefined is None (null is jsnull)
    game = fresh;
    return fresh.kept_json();
  },
  // the game the page kept: code, rules and actions
  resume: (py, { code, rules, actions }) => {
    const fresh = /** @type {OfflineGame} */ (py.globals.get('OfflineGame').resume(code, py.toPy(rules), py.toPy(actions)));
    game = fresh;
    return fresh.kept_json();
  },
  view: (py, { seconds, result }) => atTable().view_json(seconds, result ?? undefined),
  act: (py, { action, seconds }) => atTable().act_json(action, seconds),
};

self.addEventListener('message', async (/** @type {MessageEvent} */ event) => {
  const { id, call, args, lang, warm } = event.data;
  if (warm) {
    // started already, by loading: the page is told when it is up (whether from the snapshot, and when)
    ready.then(() => self.postMessage({ ready: { restored, ms: performance.now() } }), () => {});
    return;
  }
  try {
    const py = await ready;
    py.globals.get('speak')(lang); // the table in words and the refusals, as the page speaks
    const run = /** @type {(py: Pyodide, args: unknown) => string} */ (CALLS[/** @type {keyof EngineCalls} */ (call)]);
    self.postMessage({ id, answer: run(py, args || {}) });
  } catch (error) {
    const failed = /** @type {{ message?: string } | null} */ (error); // Pyodide's PythonError, or any other
    self.postMessage({ id, error: String(failed && failed.message ? failed.message : error) });
  }
});
