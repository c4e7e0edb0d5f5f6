// The page's types for its JSDoc (checked by `tsc --noEmit`, never served to run: the page imports only
// JavaScript). What the server answers is in answers.d.ts, written from the server's OpenAPI description by
// `.venv/bin/python scripts/answer_types.py` (tests/test_answer_types.py holds it current); this file
// re-exports it, names parts of it, and adds the page's own shapes.

import type * as A from './answers';

export * from './answers';

/** "Ts", "Ah": a rank letter (A23456789TJQK) and a suit letter (s, h, d, c). */
export type Card = string;
/** A suit letter: s, h, d or c. */
export type Suit = A.View['runs'][number];
/** A column's number, 1 to the table's columns. */
export type ColumnNumber = number;

/** A suit count a game may be dealt with (CONSTANTS.suit_counts). */
export type SuitCount = A.Constants['suit_counts'][number];
/** How a new game is dealt: at random, or a deal known to be winnable. */
export type Deal = NonNullable<A.NewGame['deal']>;
/** A duel's time limit, in minutes (CONSTANTS.duel_minutes). */
export type Minutes = A.NewDuel['minutes'];

/** The table rules (SPEC 1.9); unlimited undo is null. */
export type TableRules = A.View['rules'];
/** What an action did, one of a Played's events. */
export type GameEvent = A.Played['events'][number];

/** The public view of a game, as the server and the offline engine give it. */
export interface View extends A.View {
  /** Only in the offline engine's views (spider.offline). */
  offline?: boolean;
}

/** A route of the API, as its method and path (Endpoints' keys): "GET /api/games/{game_id}". */
export type Route = keyof A.Endpoints;
/** The names in a route's path between braces: "game_id" of "GET /api/games/{game_id}". */
export type PathNames<R extends string> = R extends `${string}{${infer Name}}${infer Rest}` ? Name | PathNames<Rest> : never;
/** What a call of a route takes besides its route: its path's values, its query, its body. */
export type Call<R extends Route> = {
  /** Values for the query, in order; one that is undefined is left out. */
  query?: Record<string, string | number | boolean | undefined>;
  body?: R extends keyof A.Bodies ? A.Bodies[R] : undefined;
  /** sent even as the page closes */
  keepalive?: boolean;
  signal?: AbortSignal;
} & ([PathNames<R>] extends [never] ? { path?: undefined } : { path: Record<PathNames<R>, string | number> });
/** request()'s arguments after the route: none needed unless its path has names to fill. */
export type CallArgs<R extends Route> = [PathNames<R>] extends [never] ? [call?: Call<R>] : [call: Call<R>];

/** A socket frame: its type, and the fields of that type. */
export interface Frame { type: string; [field: string]: any }

/** What state.duel / state.offline take while a duel or an offline game is on the table. */
export interface Table {
  act(action: string): Promise<Played>;
}
export interface OfflineTable extends Table {
  newGame(suits: number): Promise<void>;
  restart(): Promise<void>;
}

declare global {
  interface Window {
    /** boot.js's early request for the player's game (main.js takes its answer). */
    spiderBoot?: { current: Promise<View>; engine?: Worker };
    /** looks-early.js's: puts the chosen looks on <html> (data-back, data-felt, data-deck). */
    spiderLooks?: (chosen: { back?: string, felt?: string, deck?: string }) => void;
  }
}
