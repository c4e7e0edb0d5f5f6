// The server's JSON API (notes: web-api.md). Errors carry the server's own sentence.
import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, message, messageId) {
    super(message);
    this.status = status;
    this.messageId = messageId;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  current: () => request('GET', '/api/games/current'),
  create: (options) => request('POST', '/api/games', options),
  get: (id) => request('GET', game(id)),
  act: (id, action) => request('POST', `${game(id)}/actions`, { action }),
  restart: (id) => request('POST', `${game(id)}/restart`),
  hint: (id) => request('GET', `${game(id)}/hint`),
  line: (id) => request('GET', `${game(id)}/line`),
  resign: (id) => request('POST', `${game(id)}/resign`),
  stats: () => request('GET', '/api/stats'),
};
