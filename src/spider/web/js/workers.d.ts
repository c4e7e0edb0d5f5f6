// Types for the page's workers (tsconfig.worker.json): what the server writes above sw.js.

/** The line the server writes above sw.js (server/service_worker.py). */
export interface Kept { shell: string[]; shellVersion: string; engine: string[]; engineVersion: string; engineBytes: number }

import type { Error as Refusal, Played, View } from './answers';

/** A game the offline engine keeps (spider/offline.py's kept_json): its code, its table rules and its actions. */
export interface KeptGame { code: string; rules: View['rules']; actions: string[] }

/** The offline engine's calls (engine.worker.js' CALLS, made by offline/engine.js): what each takes and answers. */
export interface EngineCalls {
  /** a new random deal: suits, and table rules (null: the default preset) */
  new: { args: { suits: number; rules: View['rules'] | null }; answer: KeptGame };
  /** the game the page kept */
  resume: { args: KeptGame; answer: KeptGame };
  /** the view of the game on the table (spider.offline's marks it `offline`) */
  view: { args: { seconds: number; result?: string | null }; answer: View & { offline: true } };
  /** an action, answered as the server answers it, a refusal included */
  act: { args: { action: string; seconds: number }; answer: Played | Refusal };
}

/** The Python OfflineGame on the worker's table (spider/offline.py), as Pyodide hands it over. */
export interface OfflineGame {
  kept_json(): string;
  view_json(seconds: number, result?: string): string;
  act_json(action: string, seconds: number): string;
}
