// @ts-check
// What a duel hands over to the parts of the page above the duels, which the duels never import (the arrows point
// down): an arena's duel asks the arenas (arena.js) what it adds to the table. The page sets them as it starts
// (main.js, through start.js); until then, or on a page without them, a duel is a duel.
/** @import * as T from '../types' */

/** @type {{ arenas: () => Promise<T.ArenaPart> }} */
export const above = { arenas: () => Promise.reject(new Error('no arenas on this page')) };
