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

/** The table's elements, which render.js finds once (`els`) and every part of the table draws into. */
export interface Elements {
  app: HTMLElement;
  tableau: HTMLElement;
  /** the columns, the first one first */
  columns: HTMLElement[];
  /** a slot for each run that wins */
  runs: HTMLElement[];
  stock: HTMLElement;
  score: HTMLElement;
  moves: HTMLElement;
  time: HTMLElement;
  code: HTMLElement;
  kind: HTMLElement;
  /** "Share this deal" on the code's line */
  share: HTMLElement;
  tableText: HTMLElement;
  /** the toolbar's buttons by their command (data-command) */
  buttons: Record<string, HTMLElement>;
  /** the toolbar's choice of each suit count */
  suits: HTMLButtonElement[];
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

/**
 * The socket's frames that the page listens to, by their type. The socket is not in the OpenAPI description:
 * these follow server/duels/messages.py, server/duels/sockets.py, server/arenas/messages.py and
 * server/realtime/sockets.py (its error frames).
 */
export interface Frames {
  duel: { type: 'duel'; duel: A.DuelState };
  progress: { type: 'progress'; duel: string; seat: number; player: A.DuelPlayer; remaining_ms: number };
  watch: { type: 'watch'; duel: string; view: A.View };
  lobby: { type: 'lobby'; tables: A.OpenTable[] };
  duel_started: { type: 'duel_started'; duel: string };
  invitation: { type: 'invitation' } & A.Invitation;
  invitation_answered: { type: 'invitation_answered'; duel: string; name: string; accepted: boolean };
  /** A refusal; ``account.signed_out`` when this device's session ended (the socket then closes). */
  error: { type: 'error'; error: string; message_id: string; ref?: unknown };
  arena: { type: 'arena'; arena: string; state: A.ArenaSummary['state']; standings: A.Standing[]; podium: A.Standing[] | null };
}
/** A socket frame of any type. */
export type Frame = Frames[keyof Frames];

/** What state.duel / state.offline take while a duel or an offline game is on the table. */
export interface Table {
  act(action: string): Promise<Played>;
}
export interface OfflineTable extends Table {
  newGame(suits: SuitCount): Promise<void>;
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
