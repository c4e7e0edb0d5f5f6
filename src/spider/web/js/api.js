// @ts-check
// The server's JSON API (docs/api.md, and /api/openapi.json). Errors carry the server's own sentence.
import { t } from './i18n.js';
/** @import * as T from './types' */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, 0 when the server did not answer
   * @param {string} message the server's sentence
   * @param {string} [messageId] its id in the server's catalogs
   */
  constructor(status, message, messageId) {
    super(message);
    this.status = status;
    this.messageId = messageId;
  }
}

/** No answer at all. Its sentence is looked up when read: boot.js asks before the catalog has come. */
function unreachable() {
  const error = new ApiError(0, '', 'network');
  Object.defineProperty(error, 'message', { get: () => t('error.network') });
  return error;
}

/**
 * One call to the server: the JSON it answers, typed as the route's answer (answers.d.ts' Endpoints), or an
 * ApiError with its sentence. The route is named as the OpenAPI description names it, 'GET /api/games/{game_id}',
 * and `path` gives the values between its braces.
 * @template {T.Route} R
 * @param {R} route
 * @param {T.CallArgs<R>} call
 * @returns {Promise<T.Endpoints[R]>}
 */
export function request(route, ...call) {
  const { path = {}, query = {}, body, keepalive = false, signal } = call[0] || {};
  const [method, template] = route.split(' ');
  const values = /** @type {Record<string, string | number>} */ (path);
  const asked = Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]));
  const url = template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name])) + (asked.length ? `?${asked.join('&')}` : '');
  return /** @type {Promise<T.Endpoints[R]>} */ (answer(fetch(url, {
    method,
    keepalive, // sent even as the page closes
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })));
}

/**
 * The JSON of a response, or an ApiError with the server's sentence.
 * @param {Promise<Response>} pending
 * @returns {Promise<unknown>} what the route's description says it answers (request() gives it its type)
 */
async function answer(pending) {
  let response;
  try {
    response = await pending;
  } catch {
    throw unreachable();
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const message = data && typeof data.error === 'string' ? data.error : t('error.unknown', { status: response.status });
    throw new ApiError(response.status, message, data && data.message_id);
  }
  return data;
}

// Views say "no more moves" only when the player wants to be told (the setting is sent with each request).
let stuckAsked = 1;
/** @param {boolean} on */
export function tellStuck(on) { stuckAsked = on ? 1 : 0; }
/** The query of every call that answers with a view. */
const viewQuery = () => ({ no_more_moves: stuckAsked });
/** @param {string} id */
const game = (id) => ({ game_id: id });

/** The game's calls; each answers with its route's type (answers.d.ts). */
export const api = {
  current: () => request('GET /api/games/current', { query: viewQuery() }),
  /** @param {T.NewGame} options */
  create: (options) => request('POST /api/games', { query: viewQuery(), body: options }),
  /** @param {string} id */
  get: (id) => request('GET /api/games/{game_id}', { path: game(id), query: viewQuery() }),
  /** @param {string} id @param {string} action @param {number} [version] */
  act: (id, action, version) => request('POST /api/games/{game_id}/actions', { path: game(id), query: viewQuery(), body: { action, version } }),
  /** @param {string} id @param {boolean} onScreen */
  clock: (id, onScreen) => request('POST /api/games/{game_id}/clock', { path: game(id), body: { on_screen: onScreen }, keepalive: true }),
  /** @param {string} id */
  restart: (id) => request('POST /api/games/{game_id}/restart', { path: game(id), query: viewQuery(), body: {} }),
  /** @param {string} id @param {number} [index] which of the position's hints, from 0 */
  hint: (id, index = 0) => request('GET /api/games/{game_id}/hint', { path: game(id), query: { index: index || undefined } }),
  /** @param {string} id */
  line: (id) => request('GET /api/games/{game_id}/line', { path: game(id) }),
  /** @param {string} id */
  analysis: (id) => request('GET /api/games/{game_id}/analysis', { path: game(id) }),
  /** @param {string} id @param {number} at @param {boolean} replay */
  resume: (id, at, replay) => request('POST /api/games/{game_id}/resume', { path: game(id), query: viewQuery(), body: { at, replay } }),
  /** @param {string} id */
  resign: (id) => request('POST /api/games/{game_id}/resign', { path: game(id), query: viewQuery(), body: {} }),
  /** @param {string} id */
  share: (id) => request('POST /api/games/{game_id}/share', { path: game(id), body: {} }),
  stats: () => request('GET /api/stats'),
  presets: () => request('GET /api/presets'),
  practice: () => request('GET /api/practice'),
  /** @param {T.OfflineResult} result */
  offlineResult: (result) => request('POST /api/offline-results', { body: result }),
  /** @param {string} id */
  practise: (id) => request('POST /api/practice/{exercise_id}', { path: { exercise_id: id }, query: viewQuery(), body: {} }),
  /** A finished game's moment after `at` actions, tried again as practice. @param {string} id @param {number} at */
  tryAgain: (id, at) => request('POST /api/games/{game_id}/review/practice', { path: game(id), query: { ...viewQuery(), at }, body: {} }),
};
