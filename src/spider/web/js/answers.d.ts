// Written by `.venv/bin/python scripts/answer_types.py` from the server's OpenAPI description (GET /api/openapi.json):
// do not edit; a shape changed on the server is changed here by running it again. The page's own types,
// and names for parts of these, are in types.d.ts.

/**
 * Who this device plays as. A guest (``signed_in`` false) has no passkeys nor sessions; ``games`` are the
 * games this player has begun (on this device only, for a guest), ``name`` the name they chose (``None`` for a
 * made-up one).
 */
export interface Account {
  signed_in: boolean;
  name: string | null;
  games: number;
  ranked: boolean;
  unranked: string | null;
  created_at: number | null;
  recovery_codes_left: number;
  passkeys: Passkey[];
  sessions: Session[];
}

/** ``POST /api/games/{id}/actions``: one action in notation. */
export interface Action {
  action: string;
  version?: number | null;
}

/** A lost game searched with every card known (SPEC 2.6). */
export interface Analysis {
  code: string;
  opening: "win" | "no-win" | "unknown";
  last_winnable: number | null;
  actions: number;
  moves: number | null;
  line: string[];
  positions_searched: number;
}

/** An arena with its standings (best first), the podium once over (the first three), and you. */
export interface ArenaState {
  arena: ArenaSummary;
  remaining_ms: number;
  standings: Standing[];
  podium: Standing[] | null;
  you: ArenaYou | null;
  ranked: boolean;
  unranked: string | null;
}

export interface ArenaSummary {
  id: string;
  suits: 1 | 2 | 4;
  minutes: number;
  length: number;
  starts_at: string;
  ends_at: string;
  state: "upcoming" | "running" | "over";
  computers: boolean;
  opened_by: string | null;
  players: number;
  joined: boolean;
}

/** The asking player in the arena: whether they are in, their duel now, and whether they may go berserk. */
export interface ArenaYou {
  active: boolean;
  stalled: boolean;
  points: number;
  duel: string | null;
  berserk: boolean;
  may_berserk: boolean;
}

export interface Arenas {
  arenas: ArenaSummary[];
}

/** A leaderboard: the top entries (up to 100) in order, and the player's own entry wherever it stands. */
export interface Board {
  board: "ratings" | "scores" | "streaks";
  suits: number | null;
  period: "week" | "ever" | null;
  friends: boolean;
  entries: BoardEntry[];
  you: BoardEntry | null;
  ranked: boolean;
  unranked: string | null;
}

/** One place on a board. */
export interface BoardEntry {
  place: number;
  name: string;
  value: number;
  friend: boolean;
  you: boolean;
  duels?: number;
  seconds?: number | null;
  moves?: number | null;
}

/** One of your bots. */
export interface BotEntry {
  id: string;
  name: string;
  bot: boolean;
  created_at: string;
  revoked: boolean;
}

export interface BotList {
  bots: BotEntry[];
}

/** The chance of winning from here, from what the player sees. */
export interface ChanceAnswer {
  chance: number;
  guesses: number;
  version: number;
}

/** A checked game as the replay viewer takes it (``POST /api/records/positions``): for moderators only. */
export interface CheckedGame {
  game: string;
  code: string;
  rules: Record<string, unknown>;
  actions: string[];
}

export interface ClockAnswer {
  seconds: number;
  on_screen: boolean;
}

/** ``POST /api/games/{id}/clock``: the page shows the game (``true``, also its heartbeat) or no longer does. */
export interface ClockSign {
  on_screen: boolean;
}

export interface ComputerOpponent {
  kind: "computer";
  strength: "beginner" | "casual" | "expert" | "master";
}

/**
 * The facts of the game and of the server that the page uses, each as the engine or the server
 * states it: the page writes none of them itself.
 */
export interface Constants {
  /** The suit counts a game may be dealt with. */
  suit_counts: (1 | 2 | 4)[];
  /** The table's columns. */
  columns: number;
  /** The runs that win a game. */
  runs_to_win: number;
  /** A duel's time limits to choose from, in minutes. */
  duel_minutes: number[];
  /** The computer players' strengths, from the weakest. */
  strengths: ("beginner" | "casual" | "expert" | "master")[];
  /** Each computer player's rating from the ladder of the strengths (``bench/ladder.py``), shown in the lobby. */
  strength_ratings: Record<string, number>;
  /** The most characters a player's name may have. */
  name_length: number;
  /** Milliseconds between two signs of life from a page that shows a game (``POST /api/games/{id}/clock``). */
  heartbeat_ms: number;
}

/** A passkey's answer as ``PublicKeyCredential.toJSON()`` gives it (registration or authentication). */
export interface Credential {
  id: string;
  rawId: string;
  type: string;
  response: Record<string, unknown>;
  authenticatorAttachment?: string | null;
  clientExtensionResults?: Record<string, unknown>;
}

export interface DailyBoard {
  board: "daily";
  day: string;
  suits: number;
  period: null;
  friends: boolean;
  page: number;
  pages: number;
  finished: number;
  playing: boolean;
  checking: string | null;
  entries: DailyEntry[];
  you: DailyEntry | null;
  ranked: boolean;
  unranked: string | null;
}

export interface DailyDeal {
  suits: number;
  state: "new" | "playing" | "won" | "lost";
  game: string | null;
  place: number | null;
  finished: number;
}

export interface DailyEntry {
  place: number;
  name: string | null;
  value: number;
  won: boolean;
  score: number;
  moves: number;
  seconds: number;
  helped: boolean;
  game: string | null;
  friend: boolean;
  you: boolean;
}

export interface DailyToday {
  day: string;
  first_day: string;
  next_in: number;
  deals: DailyDeal[];
  streaks: Record<string, Streaks>;
  past: PastDay[];
}

export interface Dealt {
  type: "dealt";
  cards: string[];
}

export interface Decision {
  at: number;
  moderator: string | null;
  decision: "grant" | "revoke" | "clear" | "mark";
  name: string | null;
  game: string | null;
}

/** A duel action's answer: the player's view after it, the duel's state, and what the action did. */
export interface DuelPlayed {
  view: View;
  duel: DuelState;
  events: (Moved | Flipped | RunRemoved | Dealt | Won | Undone | Redone)[];
}

/** One side of a duel as both players may see it: no card, only the progress. */
export interface DuelPlayer {
  name: string;
  computer: "beginner" | "casual" | "expert" | "master" | null;
  bot: boolean;
  rating: number;
  provisional: boolean;
  score: number;
  runs: number;
  turned_up: number;
  finished: boolean;
  ended: "won" | "finished" | "time" | null;
}

/**
 * A duel's end: both scores (by seat), the winner's name (null for a draw), both rating changes, the
 * ratings after them and whether each is still provisional.
 */
export interface DuelResult {
  scores: number[];
  winner: string | null;
  outcomes: ("win" | "draw" | "loss" | null)[];
  rating_changes: number[];
  ratings: number[];
  provisional: boolean[];
}

/**
 * A duel as one player (or anyone, without ``you``) may see it: its table, both players' progress,
 * the time left on the server's clock; the player's own view; the opponent's view once the player's
 * own game has ended (``watch``); the result and the deal's code once both games have ended.
 */
export interface DuelState {
  id: string;
  state: "open" | "playing" | "over";
  suits: 1 | 2 | 4;
  minutes: number;
  /** Every table rule (SPEC 1.9); unlimited undo is null. */
  rules: {
    group: "classic" | "relaxed";
    layout: "standard" | "tabletop";
    flip: "auto" | "manual";
    deal: "filled" | "any";
    undo: 100 | 400 | null | 0;
    undo_past: "all" | "no-reveal";
    scoring: "standard" | "reveal" | "duel";
  };
  opponent: "person" | "beginner" | "casual" | "expert" | "master";
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
  arena: string | null;
  invited: string[];
  rating_note: string | null;
}

/** Every refusal: a sentence naming the problem, and its id in the catalogs. */
export interface Error {
  error: string;
  message_id: string;
}

export interface Evidence {
  at: number;
  text: string;
}

/** A practice exercise (SPEC 3.9) with the player's progress. */
export interface Exercise {
  id: string;
  title: string;
  idea: string;
  goal: string;
  suits: 1 | 2 | 4;
  solved: boolean;
  best_moves: number | null;
  number: number;
}

/**
 * Everything the server keeps of the account's own: the account, its passkeys (never their keys), sessions,
 * friends, ignored players and bots, its duel rating, and every finished game as a game record.
 */
export interface Export {
  exported_at: number;
  account: Account;
  rating: Record<string, number>;
  friends: string[];
  ignored: string[];
  bots: Record<string, unknown>[];
  games: string[];
}

/** A result the measure flagged, held off its board until a moderator looks. */
export interface FlaggedResult {
  game: string;
  name: string | null;
  board: "daily" | "scores" | "duel";
  state: "checking" | "clear" | "flagged" | "cleared";
  score: number | null;
  checked_at: number | null;
  suits: number | null;
  result: string | null;
  points: number | null;
  moves: number | null;
  seconds: number | null;
  evidence: Evidence[];
  others: OtherResult[];
}

export interface Flipped {
  type: "flipped";
  column: number;
  card: string;
}

export interface Friend {
  name: string;
  rating: number;
  provisional: boolean;
  online: boolean;
}

/** The player's friends (with who is online) and the players they ignore. */
export interface Friends {
  friends: Friend[];
  ignored: string[];
}

/** A game that is over, to be played again: its code and every action the player made, in order. */
export interface GameActions {
  id: string;
  code: string;
  suits: 1 | 2 | 4;
  /** Every table rule (SPEC 1.9); unlimited undo is null. */
  rules: {
    group: "classic" | "relaxed";
    layout: "standard" | "tabletop";
    flip: "auto" | "manual";
    deal: "filled" | "any";
    undo: 100 | 400 | null | 0;
    undo_past: "all" | "no-reveal";
    scoring: "standard" | "reveal" | "duel";
  };
  actions: string[];
}

/** Which races would start at a suit count. */
export interface GhostOffer {
  suits: number;
  others: boolean;
  mine: boolean;
}

/** The races the lobby may offer, a suit count at a time. */
export interface GhostOffers {
  offers: GhostOffer[];
}

/** How far the ghost had come at the time elapsed: never a card. */
export interface GhostProgress {
  score: number;
  runs: number;
  turned_up: number;
  finished: boolean;
  won: boolean | null;
}

/** A ghost race as its racer sees it. */
export interface GhostRace {
  id: string;
  suits: number;
  mine: boolean;
  name: string | null;
  game: string;
  elapsed_ms: number;
  you: RacerProgress;
  ghost: GhostProgress;
  over: boolean;
  result: RaceResult | null;
}

/**
 * A group that can be picked up: the columns that accept it and the best of them, or the rule that
 * keeps it where it is.
 */
export interface Group {
  column: number;
  count: number;
  targets: number[];
  best: number | null;
  refusal: string | null;
}

export interface Health {
  ok: boolean;
  database: string;
  redis: string | null;
}

export interface Helps {
  hints: boolean;
  no_more_moves: boolean;
  one_tap: boolean;
}

/** A move the solver suggests from what the player sees, or (action null) why there is none. */
export interface Hint {
  action: string | null;
  column: number | null;
  count: number | null;
  target: number | null;
  text: string;
  message_id: string;
  lead_id: string | null;
  deal_possible: boolean;
  index: number;
  total: number;
}

/**
 * The player's last games at one suit count, the latest ended first (the games counted in all are the
 * statistics', ``GET /api/stats``: one count, typed-in codes' games in it as in every result of the player's).
 */
export interface History {
  suits: 1 | 2 | 4;
  games: PastGame[];
}

export interface Invitation {
  duel: string;
  by: string;
  bot: boolean;
  rating: number;
  provisional: boolean;
  suits: 1 | 2 | 4;
  minutes: number;
}

export interface Invitations {
  invitations: Invitation[];
}

export interface LastMove {
  source: number;
  target: number;
  count: number;
}

export interface Line {
  code: string;
  line: string[];
}

export interface Lobby {
  tables: OpenTable[];
}

/** The cards master would have moved: ``count`` of them from ``column`` onto ``target``. */
export interface MasterMove {
  column: number;
  count: number;
  target: number;
}

/** The moderation view: the flagged results, oldest first, and the latest decisions, latest first. */
export interface Moderation {
  flagged: FlaggedResult[];
  decisions: Decision[];
}

export interface Moved {
  type: "moved";
  source: number;
  target: number;
  count: number;
  cards: string[];
}

/** ``PUT /api/me``: the name shown to other players. */
export interface Name {
  name: string;
}

/**
 * ``POST /api/arenas``: an arena of one's own: its suit count, each duel's minutes, its length, when
 * it starts (minutes from now) and whether computer players fill in for a player left waiting.
 */
export interface NewArena {
  suits: 1 | 2 | 4;
  minutes: 3 | 5 | 10 | 15;
  length: 15 | 30 | 45 | 60 | 90 | 120;
  starts_in?: number;
  computers?: boolean;
}

/** A bot just made, with its token: shown this once, kept only as a hash. */
export interface NewBot {
  id: string;
  name: string;
  bot: boolean;
  created_at: string;
  revoked: boolean;
  token: string;
}

/**
 * ``POST /api/duels``: a table with its suits, time limit and opponent; the ``duel`` preset's
 * table rules unless a preset or single rules say otherwise, always under duel scoring.
 */
export interface NewDuel {
  suits: 1 | 2 | 4;
  minutes: 3 | 5 | 10 | 15;
  opponent: PersonOpponent | ComputerOpponent;
  preset?: string | null;
  rules?: {
    group?: "classic" | "relaxed";
    layout?: "standard" | "tabletop";
    flip?: "auto" | "manual";
    deal?: "filled" | "any";
    undo?: 100 | 400 | null | 0;
    undo_past?: "all" | "no-reveal";
    scoring?: "standard" | "reveal" | "duel";
  } | null;
}

/** ``POST /api/games``: which deal and which table rules. */
export interface NewGame {
  suits?: 1 | 2 | 4 | null;
  deal?: "random" | "verified";
  rules?: {
    group?: "classic" | "relaxed";
    layout?: "standard" | "tabletop";
    flip?: "auto" | "manual";
    deal?: "filled" | "any";
    undo?: 100 | 400 | null | 0;
    undo_past?: "all" | "no-reveal";
    scoring?: "standard" | "reveal" | "duel";
  } | null;
  preset?: string | null;
  code?: string | null;
  replay?: boolean;
  share?: string | null;
  daily?: string | null;
}

/** ``POST /api/ghosts``: the suit count, and whether to race your own best game. */
export interface NewGhostRace {
  suits: 1 | 2 | 4;
  mine?: boolean;
}

/** For requests that take no body: an empty object is fine, a field is not. */
export type Nothing = Record<string, never>;

/** An offline game's result as the server checked and counts it. */
export interface OfflineAnswer {
  code: string;
  result: "won" | "resigned" | "abandoned";
  score: number;
  moves: number;
  seconds: number | null;
  counted: boolean;
}

/** ``POST /api/offline-results``: a game played offline, as the page kept it, for the server to check. */
export interface OfflineResult {
  code: string;
  /** Table rules by name (SPEC 1.9), each one of its choices; a rule not named keeps its value. */
  rules: {
    group?: "classic" | "relaxed";
    layout?: "standard" | "tabletop";
    flip?: "auto" | "manual";
    deal?: "filled" | "any";
    undo?: 100 | 400 | null | 0;
    undo_past?: "all" | "no-reveal";
    scoring?: "standard" | "reveal" | "duel";
  };
  actions: string;
  result: "won" | "resigned" | "abandoned";
  seconds?: number | null;
}

/** Games played offline, counted apart: their time and moves are the page's word, not the server's. */
export interface OfflineStats {
  by_suits: Record<string, OfflineTally>;
}

export interface OfflineTally {
  games: number;
  wins: number;
  win_rate: number | null;
  best_seconds: number | null;
  fewest_moves: number | null;
}

/** A table waiting for an opponent, as the lobby shows it. */
export interface OpenTable {
  id: string;
  creator: string;
  bot: boolean;
  rating: number;
  provisional: boolean;
  suits: 1 | 2 | 4;
  minutes: number;
  /** Every table rule (SPEC 1.9); unlimited undo is null. */
  rules: {
    group: "classic" | "relaxed";
    layout: "standard" | "tabletop";
    flip: "auto" | "manual";
    deal: "filled" | "any";
    undo: 100 | 400 | null | 0;
    undo_past: "all" | "no-reveal";
    scoring: "standard" | "reveal" | "duel";
  };
  min_rating: number | null;
  max_rating: number | null;
  created_at: string;
  yours: boolean;
}

/** Another checked result of the same account. */
export interface OtherResult {
  game: string;
  board: "daily" | "scores" | "duel";
  state: "checking" | "clear" | "flagged" | "cleared";
  at: number;
}

/**
 * One of the account's passkeys: its credential's id (base64url), the name it goes by, when it was made and
 * last signed in with.
 */
export interface Passkey {
  id: string;
  name: string;
  created_at: number;
  used_at: number | null;
}

/** ``PATCH /api/account/passkeys/{id}``: the name a passkey goes by in the account's list. */
export interface PasskeyName {
  name: string;
}

export interface PastDay {
  day: string;
  suits: number;
  state: "playing" | "won" | "lost";
}

/** One of the player's games that are over, as the history lists it. */
export interface PastGame {
  id: string;
  suits: 1 | 2 | 4;
  started_at: number;
  ended_at: number;
  result: "won" | "resigned" | "abandoned";
  score: number;
  moves: number;
  seconds: number;
  code: string | null;
  typed: boolean;
  verified: boolean;
  counted: boolean;
}

/** A person, anyone whose rating is within the range (both ends included) if one is given. */
export interface PersonOpponent {
  kind: "person";
  min_rating?: number | null;
  max_rating?: number | null;
}

/** A column as the player sees it: how many cards lie face down, and the face-up cards in order. */
export interface Pile {
  down: number;
  up: string[];
}

/** An action's answer: the view after it, and what it did, in order. */
export interface Played {
  view: View;
  events: (Moved | Flipped | RunRemoved | Dealt | Won | Undone | Redone)[];
}

/** A player as others see them: name, rating with its uncertainty, duel tallies, the last duels. */
export interface PlayerInfo {
  name: string;
  computer: "beginner" | "casual" | "expert" | "master" | null;
  bot: boolean;
  online: boolean;
  rating: number;
  deviation: number;
  provisional: boolean;
  duels: number;
  wins: number;
  draws: number;
  losses: number;
  recent: RecentDuel[];
  playing: string | null;
}

/** The practice exercises, easiest first, each with the player's progress. */
export interface Practice {
  exercises: Exercise[];
}

/** The position after ``at`` actions, in full notation, every card unseen then re-imagined. */
export interface PracticePosition {
  at: number;
  position: string;
}

/**
 * What a practice game's view says of its exercise. A game tried again from a review (``id``
 * ``from_review``, a moment of the player's own game to win) has no ``number``, ``count`` or ``next``.
 */
export interface Practising {
  id: string;
  title: string;
  idea: string;
  goal: string;
  suits: 1 | 2 | 4;
  solved: boolean;
  best_moves: number | null;
  limit: number | null;
  moves_left: number | null;
  reached: boolean;
  failed: boolean;
  number: number | null;
  count: number | null;
  next: string | null;
}

/**
 * The presets' table rules, the helps each turns on, the default preset, each rule's choices, and
 * the game's constants.
 */
export interface Presets {
  presets: Record<string, {
    group: "classic" | "relaxed";
    layout: "standard" | "tabletop";
    flip: "auto" | "manual";
    deal: "filled" | "any";
    undo: 100 | 400 | null | 0;
    undo_past: "all" | "no-reveal";
    scoring: "standard" | "reveal" | "duel";
  }>;
  helps: Record<string, Helps>;
  default: string;
  /** Each table rule's choices, the default first. */
  choices: {
    group: unknown[];
    layout: unknown[];
    flip: unknown[];
    deal: unknown[];
    undo: unknown[];
    undo_past: unknown[];
    scoring: unknown[];
  };
  constants: Constants;
}

/** How a game of the race ended. */
export interface RaceEnd {
  won: boolean;
  score: number;
  runs: number;
  turned_up: number;
  seconds: number | null;
}

export interface RaceResult {
  ahead: "you" | "ghost" | "even";
  by: "won" | "score" | "seconds" | "runs" | "turned_up" | null;
  margin: number;
  you: RaceEnd;
  ghost: RaceEnd;
  replay: string;
}

/** How far the racer's own game has come: the bar's line beside the ghost's. */
export interface RacerProgress {
  score: number;
  runs: number;
  turned_up: number;
}

/** One of a player's last duels, as their player info lists it. */
export interface RecentDuel {
  duel: string;
  opponent: string;
  score: number | null;
  opponent_score: number | null;
  outcome: "win" | "draw" | "loss" | null;
  rating_change: number | null;
  ended_at: string | null;
}

/** One player's game of a record, as the replay viewer reads it. */
export interface RecordGame {
  code: string;
  suits: number;
  rules: Record<string, unknown>;
  date: number | null;
  player: string | null;
  opponent: string | null;
  result: string | null;
  score: number | null;
  moves: number | null;
  seconds: number | null;
  actions: string[];
  clocks: (number | null)[];
  comments: (string | null)[];
  positions: string[];
  words: (string | null)[];
}

/** A record for the replay viewer: its text (to download) and its games (two for a duel). */
export interface RecordPositions {
  record: string;
  games: RecordGame[];
}

/** ``POST /api/records/positions``: a record's text, or a code, its table rules and its actions. */
export interface RecordToShow {
  record?: string | null;
  code?: string | null;
  rules?: {
    group?: "classic" | "relaxed";
    layout?: "standard" | "tabletop";
    flip?: "auto" | "manual";
    deal?: "filled" | "any";
    undo?: 100 | 400 | null | 0;
    undo_past?: "all" | "no-reveal";
    scoring?: "standard" | "reveal" | "duel";
  } | null;
  actions?: string[] | null;
}

/** ``POST /api/account/recover``: one of the ten codes shown when the account was made. */
export interface RecoveryCode {
  code: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}

export interface Redone {
  type: "redone";
  action: string;
}

/** A passkey stored: a new account's ten recovery codes, shown this once (empty for a passkey more). */
export interface Registered {
  signed_in: boolean;
  name: string | null;
  games: number;
  ranked: boolean;
  unranked: string | null;
  created_at: number | null;
  recovery_codes_left: number;
  passkeys: Passkey[];
  sessions: Session[];
  recovery_codes: string[];
}

/** ``POST /api/games/{id}/resume``: take a finished game up again after ``at`` of its actions. */
export interface Resume {
  at: number;
  replay?: boolean;
}

/** A review being made, or made. */
export interface ReviewAnswer {
  id: string;
  state: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  review: ReviewBody | null;
}

export interface ReviewBody {
  steps: ReviewedAction[];
  accuracy: number;
  costliest: number[];
}

export interface ReviewedAction {
  at: number;
  action: string;
  master: string | null;
  words: string | null;
  master_words: string | null;
  master_move: MasterMove | null;
  agrees: boolean;
  before: number;
  after: number;
  loss: number;
  accuracy: number;
  costly: boolean;
}

export interface RunRemoved {
  type: "run_removed";
  column: number;
  suit: "s" | "h" | "d" | "c";
}

/** A device signed in to the account: ``current`` for the one asking. */
export interface Session {
  id: string;
  device: string;
  created_at: number;
  last_seen: number;
  current: boolean;
}

export interface Shared {
  share: string;
  path: string;
}

/** ``POST /api/account/logout``: this device, or every device signed in to the account. */
export interface SignOut {
  everywhere?: boolean;
}

/**
 * A device signed in. ``guest_games``: the games the guest who played on this device before had begun;
 * they stay that guest's, and signing out brings this device back to them. ``add_passkey``: signed in with a
 * recovery code, so the page asks for a new passkey.
 */
export interface SignedIn {
  signed_in: boolean;
  name: string | null;
  games: number;
  ranked: boolean;
  unranked: string | null;
  created_at: number | null;
  recovery_codes_left: number;
  passkeys: Passkey[];
  sessions: Session[];
  guest_games: number;
  add_passkey: boolean;
}

/** Sessions ended, and whether this device is back to the guest it was before signing in. */
export interface SignedOut {
  sessions_ended: number;
  guest_games: number;
}

export interface SiteStats {
  period_days: number;
  method: string;
  by_suits: Record<string, SiteTally>;
}

export interface SiteTally {
  games: number;
  wins: number;
  win_rate: number | null;
}

/** One player's place: points, duels, wins, the run of wins (from 2 on, points count double). */
export interface Standing {
  place: number;
  name: string;
  rating: number;
  points: number;
  duels: number;
  wins: number;
  streak: number;
  playing: boolean;
  active: boolean;
  ranked: boolean;
}

/** The player's results, everyone's win rates, and the player's offline games apart. */
export interface Stats {
  by_suits: Record<string, Tally>;
  best_scores: Record<string, Record<string, number>>;
  site: SiteStats;
  offline: OfflineStats;
}

export interface Stock {
  cards: number;
  deals_left: number;
}

export interface StreakEntry {
  place: number;
  name: string | null;
  value: number;
  played: number;
  best: number;
  friend: boolean;
  you: boolean;
}

export interface Streaks {
  played: number;
  won: number;
  best_played: number;
  best_won: number;
}

export interface StreaksBoard {
  board: "streaks";
  suits: number;
  period: null;
  friends: boolean;
  page: number;
  entries: StreakEntry[];
  you: StreakEntry | null;
  ranked: boolean;
  unranked: string | null;
}

export interface Tally {
  games: number;
  wins: number;
  win_rate: number | null;
  current_streak: number;
  best_streak: number;
  best_seconds: number | null;
  fewest_moves: number | null;
}

export interface Undone {
  type: "undone";
  action: string;
}

/** Face-up cards that cannot be picked up together, and the rule that says so. */
export interface Unmovable {
  column: number;
  count: number;
  refusal: string;
}

/**
 * A game as its player may see it: never a face-down card, the stock's order, or the code of a
 * game the server dealt while it is in progress.
 */
export interface View {
  suits: 1 | 2 | 4;
  /** Every table rule (SPEC 1.9); unlimited undo is null. */
  rules: {
    group: "classic" | "relaxed";
    layout: "standard" | "tabletop";
    flip: "auto" | "manual";
    deal: "filled" | "any";
    undo: 100 | 400 | null | 0;
    undo_past: "all" | "no-reveal";
    scoring: "standard" | "reveal" | "duel";
  };
  columns: Pile[];
  stock: Stock;
  runs: ("s" | "h" | "d" | "c")[];
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
  flips: number[];
  text: string;
  id: string;
  code: string | null;
  version: number;
  stuck: boolean;
  stuck_pending: boolean;
  verified: boolean;
  typed: boolean;
  shared: boolean;
  counts: boolean;
  daily: boolean;
  shareable: boolean;
  started_at: string;
  seconds: number;
  over: boolean;
  result: "won" | "resigned" | "abandoned" | "solved" | "finished" | "time" | null;
  practice: Practising | null;
  secret_until: string | null;
}

export interface Won {
  type: "won";
}

/** Each route's answer, by its method and path as the description names them. */
export interface Endpoints {
  "POST /api/games": View;
  "GET /api/games/current": View;
  "GET /api/games/{game_id}": View;
  "POST /api/games/{game_id}/actions": Played;
  "POST /api/games/{game_id}/restart": View;
  "POST /api/games/{game_id}/resign": View;
  "POST /api/games/{game_id}/share": Shared;
  "GET /api/games/{game_id}/hint": Hint;
  "GET /api/games/{game_id}/line": Line;
  "POST /api/games/{game_id}/clock": ClockAnswer;
  "GET /api/games/{game_id}/analysis": Analysis;
  "POST /api/games/{game_id}/resume": View;
  "POST /api/games/{game_id}/review": ReviewAnswer;
  "GET /api/games/{game_id}/review": ReviewAnswer;
  "GET /api/games/{game_id}/review/practice": Practice;
  "POST /api/games/{game_id}/review/practice": View;
  "GET /api/practice": Practice;
  "POST /api/practice/{exercise_id}": View;
  "POST /api/duels": DuelState;
  "GET /api/duels": Lobby;
  "GET /api/duels/{duel_id}": DuelState;
  "POST /api/duels/{duel_id}/join": DuelState;
  "POST /api/duels/{duel_id}/actions": DuelPlayed;
  "POST /api/duels/{duel_id}/finish": DuelState;
  "POST /api/duels/{duel_id}/leave": DuelState;
  "POST /api/duels/{duel_id}/invite": DuelState;
  "POST /api/duels/{duel_id}/accept": DuelState;
  "POST /api/duels/{duel_id}/decline": DuelState;
  "POST /api/duels/{duel_id}/rematch": DuelState;
  "GET /api/invitations": Invitations;
  "GET /api/me": PlayerInfo;
  "PUT /api/me": PlayerInfo;
  "GET /api/players/{name}": PlayerInfo;
  "GET /api/friends": Friends;
  "PUT /api/friends/{name}": Friends;
  "DELETE /api/friends/{name}": Friends;
  "PUT /api/ignored/{name}": Friends;
  "DELETE /api/ignored/{name}": Friends;
  "GET /api/daily": DailyToday;
  "GET /api/daily/{date}/{suits}": DailyBoard;
  "GET /api/leaderboards/streaks": StreaksBoard;
  "POST /api/bots": NewBot;
  "GET /api/bots": BotList;
  "DELETE /api/bots/{bot_id}": BotEntry;
  "GET /api/leaderboards/ratings": Board;
  "GET /api/leaderboards/scores": Board;
  "GET /api/ghosts": GhostOffers;
  "POST /api/ghosts": GhostRace;
  "GET /api/ghosts/{race_id}": GhostRace;
  "GET /api/arenas": Arenas;
  "POST /api/arenas": ArenaState;
  "GET /api/arenas/{arena_id}": ArenaState;
  "POST /api/arenas/{arena_id}/join": ArenaState;
  "POST /api/arenas/{arena_id}/leave": ArenaState;
  "POST /api/arenas/{arena_id}/berserk": ArenaState;
  "GET /api/games/{game_id}/record/positions": RecordPositions;
  "POST /api/records/positions": RecordPositions;
  "GET /api/games/{game_id}/chance": ChanceAnswer;
  "GET /api/stats": Stats;
  "GET /api/history": History;
  "GET /api/games/{game_id}/played": GameActions;
  "POST /api/offline-results": OfflineAnswer;
  "GET /api/account": Account;
  "DELETE /api/account": SignedOut;
  "POST /api/account/register/options": Record<string, unknown>;
  "POST /api/account/register": Registered;
  "POST /api/account/login/options": Record<string, unknown>;
  "POST /api/account/login": SignedIn;
  "POST /api/account/recover": SignedIn;
  "POST /api/account/recovery-codes": RecoveryCodes;
  "PATCH /api/account/passkeys/{passkey_id}": Account;
  "DELETE /api/account/passkeys/{passkey_id}": Account;
  "DELETE /api/account/sessions/{session_id}": Account;
  "POST /api/account/logout": SignedOut;
  "GET /api/account/export": Export;
  "GET /api/moderation": Moderation;
  "GET /api/moderation/games/{game_id}": CheckedGame;
  "POST /api/moderation/games/{game_id}/clear": Moderation;
  "POST /api/moderation/accounts/{name}/mark": Moderation;
  "GET /api/presets": Presets;
  "GET /healthz": Health;
  "GET /api/openapi.json": Record<string, unknown>;
}

/** The body each route takes, for those that take one. */
export interface Bodies {
  "POST /api/games": NewGame;
  "POST /api/games/{game_id}/actions": Action;
  "POST /api/games/{game_id}/restart": Nothing;
  "POST /api/games/{game_id}/resign": Nothing;
  "POST /api/games/{game_id}/share": Nothing;
  "POST /api/games/{game_id}/clock": ClockSign;
  "POST /api/games/{game_id}/resume": Resume;
  "POST /api/games/{game_id}/review/practice": Nothing;
  "POST /api/practice/{exercise_id}": Nothing;
  "POST /api/duels": NewDuel;
  "POST /api/duels/{duel_id}/join": Nothing;
  "POST /api/duels/{duel_id}/actions": Action;
  "POST /api/duels/{duel_id}/finish": Nothing;
  "POST /api/duels/{duel_id}/leave": Nothing;
  "POST /api/duels/{duel_id}/invite": Name;
  "POST /api/duels/{duel_id}/accept": Nothing;
  "POST /api/duels/{duel_id}/decline": Nothing;
  "POST /api/duels/{duel_id}/rematch": Nothing;
  "PUT /api/me": Name;
  "PUT /api/friends/{name}": Nothing;
  "DELETE /api/friends/{name}": Nothing;
  "PUT /api/ignored/{name}": Nothing;
  "DELETE /api/ignored/{name}": Nothing;
  "POST /api/bots": Name;
  "DELETE /api/bots/{bot_id}": Nothing;
  "POST /api/ghosts": NewGhostRace;
  "POST /api/arenas": NewArena;
  "POST /api/arenas/{arena_id}/join": Nothing;
  "POST /api/arenas/{arena_id}/leave": Nothing;
  "POST /api/arenas/{arena_id}/berserk": Nothing;
  "POST /api/records/positions": RecordToShow;
  "POST /api/offline-results": OfflineResult;
  "POST /api/account/register/options": Nothing;
  "POST /api/account/register": Credential;
  "POST /api/account/login/options": Nothing;
  "POST /api/account/login": Credential;
  "POST /api/account/recover": RecoveryCode;
  "POST /api/account/recovery-codes": Nothing;
  "PATCH /api/account/passkeys/{passkey_id}": PasskeyName;
  "POST /api/account/logout": SignOut;
  "POST /api/moderation/games/{game_id}/clear": Nothing;
  "POST /api/moderation/accounts/{name}/mark": Nothing;
}
