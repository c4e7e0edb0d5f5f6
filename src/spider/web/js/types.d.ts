// The shapes of what the server answers, for the page's JSDoc types (checked by `tsc --noEmit`, never
// served to run: the page imports only JavaScript). They follow server/answers.py, whose TypedDicts the
// OpenAPI description is made from; a field changed there is changed here.

/** "Ts", "Ah": a rank letter (A23456789TJQK) and a suit letter (s, h, d, c). */
export type Card = string;
/** A suit letter: s, h, d or c. */
export type Suit = string;
/** A column's number, 1 to the table's columns. */
export type ColumnNumber = number;

/** The table rules (SPEC 1.9); unlimited undo is null. */
export interface TableRules {
  [rule: string]: string | number | null;
}

export interface Pile { down: number; up: Card[] }
export interface Stock { cards: number; deals_left: number }
/** A group that can move: where to, its best column, or the rule that keeps it. */
export interface Group {
  column: ColumnNumber; count: number; targets: ColumnNumber[]; best: ColumnNumber | null; refusal: string | null;
}
export interface Unmovable { column: ColumnNumber; count: number; refusal: string }
export interface LastMove { source: ColumnNumber; target: ColumnNumber; count: number }

/** An exercise as the practice list shows it. */
export interface Exercise {
  id: string; number: number; title: string; idea: string; goal: string; suits: number; solved: boolean;
  best_moves: number | null;
}
/** The exercise on the table, with how far the player is; a moment of the player's own game tried again from its
review (id `from_review`) has no number, count or next. */
export interface Practising extends Omit<Exercise, 'number'> {
  number: number | null; count: number | null; limit: number | null; moves_left: number | null; reached: boolean;
  failed: boolean; next: string | null;
}

/** The public view of a game: never a face-down card, and the code only once the game is over. */
export interface View {
  suits: number;
  rules: TableRules;
  columns: Pile[];
  stock: Stock;
  runs: Suit[];
  score: number;
  moves: number;
  won: boolean;
  deal_possible: boolean;
  deal_refusal: string | null;
  deal_never_possible: boolean;
  can_undo: boolean;
  can_redo: boolean;
  last_move: LastMove | null;
  groups: Group[];
  unmovable: Unmovable[];
  flips: ColumnNumber[];
  text: string;
  id: string;
  code: string | null;
  version: number;
  stuck: boolean;
  stuck_pending: boolean;
  verified: boolean;
  /** Begun from a game code the player typed (or a share of one). */
  typed: boolean;
  /** Whether the game, left now after a move, counts in the player's results. */
  counts: boolean;
  /** Its player's entry on a daily deal's board, in progress: left after a move, it goes there as lost. */
  daily?: boolean;
  started_at: string;
  seconds: number;
  over: boolean;
  result: string | null;
  practice: Practising | null;
  /** Only in the offline engine's views (spider.offline). */
  offline?: boolean;
}

export type GameEvent =
  | { type: 'moved'; source: ColumnNumber; target: ColumnNumber; count: number; cards: Card[] }
  | { type: 'flipped'; column: ColumnNumber; card: Card }
  | { type: 'run_removed'; column: ColumnNumber; suit: Suit }
  | { type: 'dealt'; cards: Card[] }
  | { type: 'won' }
  | { type: 'undone'; action: string }
  | { type: 'redone'; action: string };

/** What an action answers: the new view and what happened. */
export interface Played { view: View; events: GameEvent[] }

export interface Hint {
  action: string | null; column: ColumnNumber | null; count: number | null; target: ColumnNumber | null;
  text: string; message_id: string; lead_id: string | null; deal_possible: boolean;
  /** which of the position's worthwhile moves, from 0, of `total` */
  index: number; total: number;
}
export interface Shared { share: string; path: string }
export interface Line { code: string; line: string[] }
export interface Analysis {
  code: string; opening: 'win' | 'no-win' | 'unknown'; last_winnable: number | null; actions: number;
  moves: number | null; line: string[]; positions_searched: number;
}
export interface ClockAnswer { seconds: number; on_screen: boolean }

export interface Tally {
  games: number; wins: number; win_rate: number | null; current_streak: number; best_streak: number;
  best_seconds: number | null; fewest_moves: number | null;
}
export interface OfflineTally {
  games: number; wins: number; win_rate: number | null; best_seconds: number | null; fewest_moves: number | null;
}
export interface Stats {
  by_suits: Record<string, Tally>;
  best_scores: Record<string, Record<string, number>>;
  site: { period_days: number; method: string; by_suits: Record<string, { games: number; wins: number; win_rate: number | null }> };
  offline: { by_suits: Record<string, OfflineTally> };
}
/** One of the player's games that are over (GET /api/history); its code only once its deal may be known. */
export interface PastGame {
  id: string; suits: number; started_at: number; ended_at: number; result: 'won' | 'resigned' | 'abandoned';
  score: number; moves: number; seconds: number; code: string | null; typed: boolean; verified: boolean;
  counted: boolean;
}
export interface HistoryTally { games: number; wins: number; win_rate: number | null }
export interface History { suits: number; games: PastGame[]; dealt: HistoryTally; typed: HistoryTally }
/** A finished game to play again (GET /api/games/{id}/played). */
export interface GameActions { id: string; code: string; suits: number; rules: TableRules; actions: string[] }
export interface PracticeList { exercises: Exercise[] }
export interface OfflineAnswer {
  code: string; result: 'won' | 'resigned' | 'abandoned'; score: number; moves: number; seconds: number | null;
  counted: boolean;
}

/** The game's facts the page shows, stated by the engine (GET /api/presets). */
export interface Constants {
  suit_counts: number[];
  columns: number;
  runs_to_win: number;
  duel_minutes: number[];
  strengths: string[];
  strength_ratings: Record<string, number>;
  name_length: number;
  heartbeat_ms: number;
}
export interface Helps { hints: boolean; no_more_moves: boolean; one_tap: boolean }
export interface Presets {
  presets: Record<string, TableRules>;
  helps: Record<string, Helps>;
  default: string;
  choices: Record<string, (string | number | null)[]>;
  constants: Constants;
}

// Duels (server/duels).

export interface RecentDuel {
  duel: string; opponent: string; score: number | null; opponent_score: number | null;
  outcome: 'win' | 'draw' | 'loss' | null; rating_change: number | null; ended_at: string | null;
}
export interface PlayerInfo {
  name: string; computer: string | null; bot: boolean; online: boolean; rating: number; deviation: number; provisional: boolean; duels: number;
  wins: number; draws: number; losses: number; recent: RecentDuel[]; playing: string | null;
}
export interface Friend { name: string; rating: number; provisional: boolean; online: boolean }
export interface Friends { friends: Friend[]; ignored: string[] }
export interface OpenTable {
  id: string; creator: string; bot: boolean; rating: number; provisional: boolean; suits: number; minutes: number; rules: TableRules;
  min_rating: number | null; max_rating: number | null; created_at: string;
  /** the asking player's own table, which they may withdraw */
  yours: boolean;
}
export interface Lobby { tables: OpenTable[] }
export interface DuelPlayer {
  name: string; computer: string | null; bot: boolean; rating: number; provisional: boolean; score: number; runs: number; turned_up: number;
  finished: boolean; ended: 'won' | 'finished' | 'time' | null;
}
export interface DuelResult {
  scores: number[]; winner: string | null; outcomes: ('win' | 'draw' | 'loss' | null)[]; rating_changes: number[];
  ratings: number[]; provisional: boolean[];
}
export interface DuelState {
  id: string;
  state: 'open' | 'playing' | 'over';
  suits: number;
  minutes: number;
  rules: TableRules;
  opponent: string;
  min_rating: number | null;
  max_rating: number | null;
  players: DuelPlayer[];
  seat: number | null;
  remaining_ms: number | null;
  you: View | null;
  watch: View | null;
  result: DuelResult | null;
  code: string | null;
  rematch: string | null;
  invited: string[];
  rating_note: string | null;
}
export interface DuelPlayed { view: View; duel: DuelState; events: GameEvent[] }
export interface Invitation { duel: string; by: string; bot: boolean; rating: number; provisional: boolean; suits: number; minutes: number }
export interface Invitations { invitations: Invitation[] }
/** GET /api/me: the player's name and rating, and the duel they play now. */
export type Me = PlayerInfo;

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
