// @ts-check
// The duels' HTTP calls (docs/duels.md). Refusals carry the server's sentence, as for games; each answers
// with its route's type (answers.d.ts).
import { request } from '../api.js';
/** @import * as T from '../types' */

/** @param {string} id */
const duel = (id) => ({ duel_id: id });
/** @param {string} name */
const named = (name) => ({ name });

export const duelApi = {
  me: () => request('GET /api/me'),
  /** @param {string} name */
  rename: (name) => request('PUT /api/me', { body: { name } }),
  /** @param {string} name */
  player: (name) => request('GET /api/players/{name}', { path: named(name) }),
  tables: () => request('GET /api/duels'),
  /** @param {T.NewDuel} body */
  create: (body) => request('POST /api/duels', { body }),
  /** @param {string} id */
  get: (id) => request('GET /api/duels/{duel_id}', { path: duel(id) }),
  /** @param {string} id */
  join: (id) => request('POST /api/duels/{duel_id}/join', { path: duel(id), body: {} }),
  /** @param {string} id @param {string} action @param {number} [version] */
  act: (id, action, version) => request('POST /api/duels/{duel_id}/actions', { path: duel(id), body: { action, version } }),
  /** @param {string} id */
  finish: (id) => request('POST /api/duels/{duel_id}/finish', { path: duel(id), body: {} }),
  /** @param {string} id */
  leave: (id) => request('POST /api/duels/{duel_id}/leave', { path: duel(id), body: {} }),
  /** @param {string} id @param {string} name */
  invite: (id, name) => request('POST /api/duels/{duel_id}/invite', { path: duel(id), body: { name } }),
  /** @param {string} id */
  accept: (id) => request('POST /api/duels/{duel_id}/accept', { path: duel(id), body: {} }),
  /** @param {string} id */
  decline: (id) => request('POST /api/duels/{duel_id}/decline', { path: duel(id), body: {} }),
  /** @param {string} id */
  rematch: (id) => request('POST /api/duels/{duel_id}/rematch', { path: duel(id), body: {} }),
  invitations: () => request('GET /api/invitations'),
  /** Which ghost races would start, a suit count at a time (the lobby offers a race only there). */
  ghosts: () => request('GET /api/ghosts'),
  friends: () => request('GET /api/friends'),
  /** @param {string} name */
  befriend: (name) => request('PUT /api/friends/{name}', { path: named(name), body: {} }),
  /** @param {string} name */
  unfriend: (name) => request('DELETE /api/friends/{name}', { path: named(name), body: {} }),
  /** @param {string} name */
  ignore: (name) => request('PUT /api/ignored/{name}', { path: named(name), body: {} }),
  /** @param {string} name */
  unignore: (name) => request('DELETE /api/ignored/{name}', { path: named(name), body: {} }),
};
