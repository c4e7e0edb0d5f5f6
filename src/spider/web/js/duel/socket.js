// @ts-check
// The duels' socket (/api/socket): one per page, opened on first use and opened again after a drop.
// Frames go to the listeners of their type; the duels followed are followed again after a reconnect,
// and the server then sends each duel's state afresh, so nothing is lost by a drop.
/** @import * as T from '../types' */

/** @type {Map<string, Set<(frame: T.Frame) => void>>} each type's listeners, each called with frames of its type only */
const listeners = new Map();
/** @type {Set<string>} */
const followed = new Set();
/** @type {Set<string>} */
const arenas = new Set();
/** @type {WebSocket | null} */
let socket = null;
let wait = 500;

/** @param {T.Frame} frame */
function emit(frame) {
  for (const listener of listeners.get(frame.type) || []) listener(frame);
}

/** @param {{ type: string, duel?: string, arena?: string }} frame */
function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

/** Open the socket (once); it comes back by itself when the connection drops. */
export function connect() {
  if (socket) return;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${scheme}://${window.location.host}/api/socket`);
  socket.addEventListener('open', () => {
    wait = 500;
    for (const id of followed) send({ type: 'follow', duel: id });
    for (const id of arenas) send({ type: 'follow_arena', arena: id });
  });
  socket.addEventListener('message', (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    emit(frame);
  });
  socket.addEventListener('close', () => {
    socket = null;
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 8000);
  });
}

/** Open the socket afresh, with the cookie the page has now (a guest just made an account): it then hears of
its new session's end. */
export function reconnect() {
  if (socket) socket.close(); // its close opens the next one
  else connect();
}

/**
 * Call ``listener(frame)`` for every frame of this type; returns the way to stop.
 * @template {keyof T.Frames} K
 * @param {K} type @param {(frame: T.Frames[K]) => void} listener
 */
export function on(type, listener) {
  const called = /** @type {(frame: T.Frame) => void} */ (listener); // emit() gives it frames of its type only
  let of = listeners.get(type);
  if (!of) listeners.set(type, of = new Set());
  of.add(called);
  return () => { of.delete(called); };
}

/** @param {string} id */
export function follow(id) {
  connect();
  followed.add(id);
  send({ type: 'follow', duel: id });
}

/** @param {string} id */
export function unfollow(id) {
  followed.delete(id);
  send({ type: 'unfollow', duel: id });
}

/** An arena's standings, as ``arena`` frames: now and on every change (arena.js). @param {string} id */
export function followArena(id) {
  connect();
  arenas.add(id);
  send({ type: 'follow_arena', arena: id });
}

/** @param {string} id */
export function unfollowArena(id) {
  arenas.delete(id);
  send({ type: 'unfollow_arena', arena: id });
}
