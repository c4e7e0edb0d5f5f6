// @ts-check
// The duels' HTTP calls (README: Duels). Refusals carry the server's sentence, as for games.
import { request } from '../api.js';

const duel = (id) => `/api/duels/${encodeURIComponent(id)}`;
const named = (name) => encodeURIComponent(name);

export const duelApi = {
  me: () => request('GET', '/api/me'),
  rename: (name) => request('PUT', '/api/me', { name }),
  player: (name) => request('GET', `/api/players/${named(name)}`),
  tables: () => request('GET', '/api/duels'),
  create: (body) => request('POST', '/api/duels', body),
  get: (id) => request('GET', duel(id)),
  join: (id) => request('POST', `${duel(id)}/join`, {}),
  act: (id, action, version) => request('POST', `${duel(id)}/actions`, { action, version }),
  finish: (id) => request('POST', `${duel(id)}/finish`, {}),
  leave: (id) => request('POST', `${duel(id)}/leave`, {}),
  invite: (id, name) => request('POST', `${duel(id)}/invite`, { name }),
  accept: (id) => request('POST', `${duel(id)}/accept`, {}),
  decline: (id) => request('POST', `${duel(id)}/decline`, {}),
  rematch: (id) => request('POST', `${duel(id)}/rematch`, {}),
  invitations: () => request('GET', '/api/invitations'),
  friends: () => request('GET', '/api/friends'),
  befriend: (name) => request('PUT', `/api/friends/${named(name)}`, {}),
  unfriend: (name) => request('DELETE', `/api/friends/${named(name)}`, {}),
  ignore: (name) => request('PUT', `/api/ignored/${named(name)}`, {}),
  unignore: (name) => request('DELETE', `/api/ignored/${named(name)}`, {}),
};
