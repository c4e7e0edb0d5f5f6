// @ts-check
// The server's JSON API (README.md, "The web app", and /api/openapi.json). Errors carry the server's own sentence.
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
 * One call to the server: the JSON it answers, or an ApiError with its sentence.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ keepalive?: boolean }} [options]
 * @returns {Promise<any>}
 */
export function request(method, path, body, { keepalive = false } = {}) {
  return answer(fetch(path, {
    method,
    keepalive, // sent even as the page closes
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
}

/**
 * The JSON of a response, or an ApiError with the server's sentence.
 * @param {Promise<Response>} pending
 * @returns {Promise<any>}
 */
export async function answer(pending) {
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
let stuckQuery = 'no_more_moves=1';
/** @param {boolean} on */
export function tellStuck(on) { stuckQuery = `no_more_moves=${on ? 1 : 0}`; }
/** @param {string} id */
const game = (id) => `/api/games/${encodeURIComponent(id)}`;
/** @param {string} path */
const withView = (path) => `${path}?${stuckQuery}`;

/** Each call's answer has the type the server's OpenAPI description gives it (types.d.ts). */
export const api = {
  /** @returns {Promise<T.View>} */
  current: () => request('GET', withView('/api/games/current')),
  /** @param {object} options @returns {Promise<T.View>} */
  create: (options) => request('POST', withView('/api/games'), options),
  /** @param {string} id @returns {Promise<T.View>} */
  get: (id) => request('GET', withView(game(id))),
  /** @param {string} id @param {string} action @param {number} [version] @returns {Promise<T.Played>} */
  act: (id, action, version) => request('POST', withView(`${game(id)}/actions`), { action, version }),
  /** @param {string} id @param {boolean} onScreen @returns {Promise<T.ClockAnswer>} */
  clock: (id, onScreen) => request('POST', `${game(id)}/clock`, { on_screen: onScreen }, { keepalive: true }),
  /** @param {string} id @returns {Promise<T.View>} */
  restart: (id) => request('POST', withView(`${game(id)}/restart`), {}),
  /** @param {string} id @param {number} [index] which of the position's hints, from 0 @returns {Promise<T.Hint>} */
  hint: (id, index = 0) => request('GET', `${game(id)}/hint${index ? `?index=${index}` : ''}`),
  /** @param {string} id @returns {Promise<T.Line>} */
  line: (id) => request('GET', `${game(id)}/line`),
  /** @param {string} id @returns {Promise<T.Analysis>} */
  analysis: (id) => request('GET', `${game(id)}/analysis`),
  /** @param {string} id @param {number} at @param {boolean} replay @returns {Promise<T.View>} */
  resume: (id, at, replay) => request('POST', withView(`${game(id)}/resume`), { at, replay }),
  /** @param {string} id @returns {Promise<T.View>} */
  resign: (id) => request('POST', withView(`${game(id)}/resign`), {}),
  /** @param {string} id @returns {Promise<T.Shared>} */
  share: (id) => request('POST', `${game(id)}/share`, {}),
  /** @returns {Promise<T.Stats>} */
  stats: () => request('GET', '/api/stats'),
  /** @returns {Promise<T.Presets>} */
  presets: () => request('GET', '/api/presets'),
  /** @returns {Promise<T.PracticeList>} */
  practice: () => request('GET', '/api/practice'),
  /** @param {object} result @returns {Promise<T.OfflineAnswer>} */
  offlineResult: (result) => request('POST', '/api/offline-results', result),
  /** @param {string} id @returns {Promise<T.View>} */
  practise: (id) => request('POST', withView(`/api/practice/${encodeURIComponent(id)}`), {}),
  /** A finished game's moment after `at` actions, tried again as practice. @param {string} id @param {number} at @returns {Promise<T.View>} */
  tryAgain: (id, at) => request('POST', `${withView(`${game(id)}/review/practice`)}&at=${at}`, {}),
};
