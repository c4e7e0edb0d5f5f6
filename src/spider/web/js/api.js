// The server's JSON API (notes: web-api.md). Errors carry the server's own sentence.
import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, message, messageId) {
    super(message);
    this.status = status;
    this.messageId = messageId;
  }
}

/** One call to the server: the JSON it answers, or an ApiError with its sentence. */
export function request(method, path, body, { keepalive = false } = {}) {
  return answer(fetch(path, {
    method,
    keepalive, // sent even as the page closes
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
}

/** The JSON of a response, or an ApiError with the server's sentence. */
export async function answer(pending) {
  let response;
  try {
    response = await pending;
  } catch {
    throw new ApiError(0, t('error.network'), 'network');
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
export function tellStuck(on) { stuckQuery = `no_more_moves=${on ? 1 : 0}`; }
const game = (id) => `/api/games/${encodeURIComponent(id)}`;
const withView = (path) => `${path}?${stuckQuery}`;

export const api = {
  current: () => request('GET', withView('/api/games/current')),
  create: (options) => request('POST', withView('/api/games'), options),
  get: (id) => request('GET', withView(game(id))),
  act: (id, action, version) => request('POST', withView(`${game(id)}/actions`), { action, version }),
  clock: (id, onScreen) => request('POST', `${game(id)}/clock`, { on_screen: onScreen }, { keepalive: true }),
  restart: (id) => request('POST', withView(`${game(id)}/restart`), {}),
  hint: (id) => request('GET', `${game(id)}/hint`),
  line: (id) => request('GET', `${game(id)}/line`),
  analysis: (id) => request('GET', `${game(id)}/analysis`),
  resume: (id, at, replay) => request('POST', withView(`${game(id)}/resume`), { at, replay }),
  resign: (id) => request('POST', withView(`${game(id)}/resign`), {}),
  share: (id) => request('POST', `${game(id)}/share`, {}),
  stats: () => request('GET', '/api/stats'),
  presets: () => request('GET', '/api/presets'),
  practice: () => request('GET', '/api/practice'),
  offlineResult: (result) => request('POST', '/api/offline-results', result),
  practise: (id) => request('POST', withView(`/api/practice/${encodeURIComponent(id)}`), {}),
};
