// @ts-check
// The offline engine: Pyodide running the same `spider` package as the server, in a Web Worker so that
// the table stays responsive while it starts (a few seconds) and plays. The page sends {id, call, args}
// (and the page's language, lang) and gets {id, answer} (a JSON text from spider.offline) or {id, error}. Every file comes from our own
// server, or from the service worker's copy when offline; never from a CDN.
import { loadPyodide } from '/static/pyodide/pyodide.mjs';

const SITE_PACKAGES = '/lib/python3.13/site-packages';

async function start() {
  const pyodide = await loadPyodide({ indexURL: '/static/pyodide/', packages: [] });
  const response = await fetch('/static/offline/engine.zip');
  if (!response.ok) throw new Error(`engine.zip: ${response.status}`);
  pyodide.unpackArchive(new Uint8Array(await response.arrayBuffer()), 'zip', { extractDir: SITE_PACKAGES });
  pyodide.runPython('from spider.offline import OfflineGame\nfrom spider.text import speak');
  return pyodide;
}

const ready = start();
let game = null; // the Python OfflineGame on the table

const CALLS = {
  // a new random deal: suits, and table rules (null: the default preset)
  new: (py, { suits, rules }) => {
    game = py.globals.get('OfflineGame').new(suits, rules ? py.toPy(rules) : undefined); // undefined is None (null is jsnull)
    return game.kept_json();
  },
  // the game the page kept: code, rules and actions
  resume: (py, { code, rules, actions }) => {
    game = py.globals.get('OfflineGame').resume(code, py.toPy(rules), py.toPy(actions));
    return game.kept_json();
  },
  view: (py, { seconds, result }) => game.view_json(seconds, result ?? undefined),
  act: (py, { action, seconds }) => game.act_json(action, seconds),
};

self.addEventListener('message', async (/** @type {MessageEvent} */ event) => {
  const { id, call, args, lang } = event.data;
  try {
    const py = await ready;
    py.globals.get('speak')(lang); // the table in words and the refusals, as the page speaks
    self.postMessage({ id, answer: CALLS[call](py, args || {}) });
  } catch (error) {
    const failed = /** @type {{ message?: string } | null} */ (error); // Pyodide's PythonError, or any other
    self.postMessage({ id, error: String(failed && failed.message ? failed.message : error) });
  }
});
