// Types for the page's workers (tsconfig.worker.json): what the server writes above sw.js.

/** The line the server writes above sw.js (server/service_worker.py). */
export interface Kept { shell: string[]; shellVersion: string; engine: string[]; engineVersion: string }
