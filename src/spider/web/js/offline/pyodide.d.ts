// The part of Pyodide the offline engine calls (engine.worker.js imports /static/pyodide/pyodide.mjs, which
// scripts/setup fetches and git does not keep): tsconfig.worker.json maps that import here.
export function loadPyodide(options: {
  indexURL: string;
  packages: string[];
  /** Pyodide's memory as makeMemorySnapshot gave it: restored instead of starting Python (experimental in 0.28). */
  _loadSnapshot?: Uint8Array | Promise<Uint8Array>;
  /** Allows makeMemorySnapshot on this instance. */
  _makeSnapshot?: boolean;
}): Promise<any>;
export const version: string;
