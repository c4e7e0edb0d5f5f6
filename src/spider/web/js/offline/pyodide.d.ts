// The part of Pyodide the offline engine calls (engine.worker.js imports /static/pyodide/pyodide.mjs, which
// scripts/setup fetches and git does not keep): tsconfig.worker.json maps that import here.
export function loadPyodide(options: { indexURL: string; packages: string[] }): Promise<any>;
