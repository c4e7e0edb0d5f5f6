// @ts-check
// The one plain state object. The view is the server's; the rest is what the player is doing with it.
/** @import * as T from './types' */

/** @typedef {{ column: number, count: number }} Place a group: its column and how many cards from the end */

/**
 * @type {{
 *   view: T.View | null, receivedAt: number, selected: Place | null, held: Place | null, cursor: Place,
 *   drag: Place | null, hint: (Place & { target: number | null }) | null,
 *   keyboard: boolean,
 *   duel: T.Table | null, offline: T.OfflineTable | null,
 * }}
 */
export const state = {
  view: null,          // the server's public view (types.d.ts: View)
  receivedAt: 0,       // performance.now() when the view arrived, for the clock
  selected: null,      // {column, count}: a group chosen by a tap, waiting for its target column
  held: null,          // {column, count}: a group picked up with the keyboard
  cursor: { column: 1, count: 0 },  // keyboard cursor: a column and how many cards from its end
  drag: null,          // {column, count}: the group being dragged
  hint: null,          // {column, count, target} from the server
  keyboard: false,     // the keyboard cursor is shown while the table has keyboard focus
  duel: null,          // {act(action)} while a duel is on the table (duel/table.js)
  offline: null,       // {act, newGame, restart} while an offline game is on the table (offline/play.js)
};

/**
 * The server's entry for a movable group, or undefined when that group cannot move.
 * @param {T.View | null} view
 * @param {number} column
 * @param {number} count
 */
export function groupAt(view, column, count) {
  return view ? view.groups.find((g) => g.column === column && g.count === count) : undefined;
}

/** The rule that keeps a group where it is, as the server names it: it fits nowhere, or cannot be lifted at all. */
/** @param {T.View | null} view @param {number} column @param {number} count */
export function refusalAt(view, column, count) {
  const group = groupAt(view, column, count);
  if (group) return group.refusal;
  const held = view ? view.unmovable.find((g) => g.column === column && g.count === count) : undefined;
  return held ? held.refusal : null;
}

/** Largest movable group at the end of a column, 0 when none. */
/** @param {T.View | null} view @param {number} column */
export function largestGroup(view, column) {
  let best = 0;
  for (const g of view ? view.groups : []) if (g.column === column && g.count > best) best = g.count;
  return best;
}


/** @param {number} source @param {number} target @param {number} count */
export function moveText(source, target, count) {
  return `${source}>${target}:${count}`;
}
