"""The database's one schema: every table the server reads and writes, in one ``MetaData``.

Games, their actions and players; what players have been shown; practice; the running results
(``results``); offline results; duels (``server/duels``); and the pool of verified deals
(``deal_pool``). Alembic's migrations (``server/migrations``) make and change these tables, and
``tests/server/test_migrations.py`` fails when the migrations at head and this module differ.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text, false

metadata = MetaData()

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),  # a hash of the player's cookie token
    Column("created_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), ForeignKey("players.id"), nullable=False),
    Column("code", String(80), nullable=False),
    Column("deal", String(80), nullable=True),  # the code's deal, whatever its rules (``GameCode.deal``)
    Column("suits", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("verified", Boolean, nullable=False),
    Column("line", JSON, nullable=True),  # the winning line of a verified deal
    Column("replay", Boolean, nullable=False, default=False),  # shows a winning line: not in any results
    Column("typed", Boolean, nullable=False, default=False),  # the player gave the code: they may see it
    Column("line_shown", Boolean, nullable=False, default=False),  # its winning line was shown to the player
    Column("created_at", Float, nullable=False),  # seconds since the epoch, UTC
    Column("finished_at", Float, nullable=True),
    Column("result", String(16), nullable=True),  # "won", "resigned" or "abandoned"
    Column("score", Integer, nullable=True),  # final score, moves and playing time
    Column("moves", Integer, nullable=True),
    Column("seconds", Float, nullable=True),
    # the clock of a game in progress (server/games/clock.py): seconds on screen up to clock_at, the last
    # sign of life from a page showing it (NULL: off screen); played NULL in games from before the clock
    Column("played", Float, nullable=True),
    Column("clock_at", Float, nullable=True),
    Column("exercise", String(32), nullable=True),  # a practice game's exercise (its code is then "")
    Column("duel", String(32), nullable=True),  # the duel this game is one player's side of (server/duels)
    Column("preset", String(16), nullable=True),  # the preset it was begun under, by name; NULL: rules of its own
    # where a game tried again from a review starts (exercise "from_review"), in full form: never sent
    Column("position", Text, nullable=True),
    # what the game is (server/games/kinds.py): solo, typed, practice, try_again, replay, resumed, duel, daily,
    # daily_again or ghost; the one value every rule of counting asks
    Column("kind", String(16), nullable=False, default="solo", server_default="solo"),
    Index("games_by_player", "player", "finished_at", "created_at"),
    Index("games_by_deal", "deal", "finished_at"),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, 3 ... in the order they were played
    Column("text", String(16), nullable=False),  # notation: "3>7", "3>7:2", "d", "f3", "u", "r"
    Column("at", Float, nullable=False),
)

lines_shown = Table(
    "lines_shown",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("deal", String(32), primary_key=True),  # the deal's code, whatever its rules (``GameCode.deal``)
    Column("at", Float, nullable=False),
)

# Deals whose code somebody has been shown (in a finished game's view, a winning line or an analysis):
# from then on no game of the deal counts, for anyone (``Store.reveal``).
deals_known = Table(
    "deals_known",
    metadata,
    Column("deal", String(80), primary_key=True),
    Column("at", Float, nullable=False),
)

shares = Table(
    "shares",
    metadata,
    Column("token", String(32), primary_key=True),  # what a share link carries: the deal stays unnamed
    Column("game_id", String(32), nullable=False, unique=True),  # the game it was shared from
    Column("code", String(80), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("verified", Boolean, nullable=False),
    Column("line", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("typed", Boolean, nullable=False, default=False),  # its sharer typed the code in: others may know it
    Column("preset", String(16), nullable=True),  # the shared game's preset, with its helps
)

# Practice (``spider.practice``): each exercise a player has solved, with the fewest moves it took.
practice = Table(
    "practice",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("exercise", String(32), primary_key=True),
    Column("solved_at", Float, nullable=False),
    Column("best_moves", Integer, nullable=False),
)

# Running tallies of results (``spider.server.results.counting``), updated as each game ends.
results = Table(
    "results",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("current_streak", Integer, nullable=False),
    Column("best_streak", Integer, nullable=False),
    Column("best_seconds", Float, nullable=True),
    Column("fewest_moves", Integer, nullable=True),
)

best_scores = Table(
    "best_scores",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("scoring", String(16), primary_key=True),
    Column("score", Integer, nullable=False),
)

# Offline games (``spider.offline``), played in the browser with no server and checked once sent
# (``server.offline_results``): counted apart, never in the results above or the site's win rates. A
# deal is kept once: the same code again is the same game, sent again after a lost answer, and the same
# deal under other table rules (another code) is no new result either.
offline_results = Table(
    "offline_results",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("code", String(80), primary_key=True),
    Column("suits", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("result", String(16), nullable=False),  # "won", "resigned" or "abandoned"
    Column("score", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("seconds", Float, nullable=True),  # as the page counted it: no server saw the game played
    Column("actions", Text, nullable=False),  # every action, undo and redo included, spaces between
    Column("received_at", Float, nullable=False),
    Column("deal", String(80), nullable=False),  # the code's deal, whatever its rules: one result a deal
    Index("offline_results_by_deal", "player", "deal", unique=True),
)

site_days = Table(
    "site_days",
    metadata,
    Column("day", Integer, primary_key=True),  # whole days since the epoch, UTC, of the game's end
    Column("suits", Integer, primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)

# Duels (``server/duels``). A duel's two games are ordinary stored games (``games.duel`` names the
# duel), so each action is stored and replayed as in a solo game. No foreign keys here: a pruned
# player's games may go while the duels they played stay in the other player's record.

duelists = Table(
    "duelists",
    metadata,
    Column("player", String(64), primary_key=True),  # players.id, or "computer-<strength>"
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),  # the name as compared: no two alike
    Column("computer", String(16), nullable=True),  # a computer player's strength
    Column("rating", Float, nullable=False),  # Glicko-2, on the Glicko scale (1500 to start)
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("duels", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("draws", Integer, nullable=False, default=0),
    Column("losses", Integer, nullable=False, default=0),
    Column("seen_at", Float, nullable=True),  # the last sign of life of a socket of theirs: online or not
)

relations = Table(
    "relations",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("other", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),  # "friend" or "ignore"
    Index("relations_by_other", "other"),
)

duels = Table(
    "duels",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("state", String(8), nullable=False),  # "open", "playing" or "over"
    Column("creator", String(64), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("opponent", String(16), nullable=False),  # "person", or a computer player's strength
    Column("rating_min", Float, nullable=True),
    Column("rating_max", Float, nullable=True),
    Column("code", String(80), nullable=True),  # the deal, from the start: shown once the duel is over
    Column("created_at", Float, nullable=False),
    Column("deadline", Float, nullable=True),  # when both games' time is up (the server's clock)
    Column("ended_at", Float, nullable=True),
    Column("rematch", String(32), nullable=True),  # the table offered as a rematch of this duel
    Column("robot_owner", String(32), nullable=True),  # the server process playing its computer player
    Column("robot_seen", Float, nullable=True),
    Column("rating_weight", Float, nullable=True),  # the share of a rating change it counted (0: unrated), once over
    Column("unrated", String(32), nullable=True),  # why it counted less than fully: a message id (``rated``)
    Column("arena", String(32), nullable=True),  # the arena it was paired in (``server/arenas``), if any
    Index("duels_by_state", "state", "deadline"),
)

seats = Table(
    "duel_seats",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),  # 0: the creator, 1: the opponent
    Column("player", String(64), nullable=False),
    Column("game", String(32), nullable=True),  # the player's game, once the duel has started
    Column("ended", String(16), nullable=True),  # "won", "finished" or "time"
    Column("score", Integer, nullable=True),  # the final duel score
    Column("outcome", String(8), nullable=True),  # "win", "draw" or "loss", once the duel is over
    Column("rating_change", Float, nullable=True),
    Index("seats_by_player", "player"),
)

invitations = Table(
    "invitations",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("state", String(10), nullable=False),  # "pending", "accepted" or "declined"
    Column("at", Float, nullable=False),
)

# The pool of verified deals (``deal_pool``): game codes with a known winning line, each given once.
verified_deals = Table(
    "verified_deals",
    metadata,
    Column("code", String(80), primary_key=True),
    Column("suits", Integer, nullable=False),
    Column("line", Text, nullable=False),  # the winning line, actions separated by spaces
    Column("nodes", Integer, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("created_at", Text, nullable=False),
    Index("verified_deals_suits", "suits"),
)

# The daily deal (``server/daily``): the deal chosen for each UTC day and suit count, every game played of
# one, each player's first game of a day's deal on its day (the one on the day's board), and the secret the
# deals are drawn from when the settings give none (made once, never shown).
daily_deals = Table(
    "daily_deals",
    metadata,
    Column("day", String(10), primary_key=True),  # YYYY-MM-DD, UTC
    Column("suits", Integer, primary_key=True),
    Column("code", String(80), nullable=False),
    Column("line", JSON, nullable=False),  # the winning line the solver found
    Column("chosen_at", Float, nullable=False),
)

daily_games = Table(
    "daily_games",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("day", String(10), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("helped", Boolean, nullable=False, default=False),  # a hint was given in it
    Index("daily_games_by_player", "player", "day", "suits"),
)

daily_entries = Table(
    "daily_entries",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("game_id", String(32), nullable=False),
    Index("daily_entries_by_day", "day", "suits"),
)

daily_secrets = Table(
    "daily_secrets",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("secret", String(128), nullable=False),
)

# Bots (``server/duels/bots``): a bot is a duelist marked ``bot``, played by a program with a token of its
# own; the database keeps only a hash of the token's secret.
duelists.append_column(Column("bot", Boolean, nullable=False, default=False, server_default=false()))

bots = Table(
    "bots",
    metadata,
    Column("key", String(16), primary_key=True),  # the token's public part: which bot it claims to be
    Column("player", String(64), nullable=False, unique=True),  # the bot's own id as a duelist: "bot-<key>"
    Column("owner", String(64), nullable=False),  # the player who made it
    Column("secret_hash", String(64), nullable=False),  # SHA-256 of the token's secret part, in hex
    Column("created_at", Float, nullable=False),
    Column("revoked_at", Float, nullable=True),  # the token works no more
    Index("bots_by_owner", "owner"),
)

# Ghost races (``server/ghosts``): a player's new game of a deal raced against an earlier, counted game of it,
# shown at that game's own pace. The raced game is named to the racer only once their game is over.
ghost_races = Table(
    "ghost_races",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),  # the racer
    Column("game", String(32), nullable=False),  # the racer's game (games.id): counts in no results
    Column("ghost", String(32), nullable=False),  # the game raced (games.id), over and counted
    Column("mine", Boolean, nullable=False),  # the racer's own best game
    Column("started_at", Float, nullable=False),
    Index("ghost_races_by_player", "player", "started_at"),
)

# Arenas (``server/arenas``): players join, are paired into ordinary duels (``duels.arena`` names the
# arena) as they finish, and score points; one server process pairs an arena at a time, under a lease.
arenas = Table(
    "arenas",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("creator", String(64), nullable=True),  # players.id of whoever opened it; NULL: the server's schedule
    Column("suits", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),  # each duel's time limit
    Column("starts_at", Float, nullable=False),
    Column("ends_at", Float, nullable=False),
    Column("computers", Boolean, nullable=False),  # computer opponents fill in for a player left waiting
    Column("created_at", Float, nullable=False),
    Column("pairer", String(32), nullable=True),  # the server process pairing it now (the lease's owner)
    Column("pairer_until", Float, nullable=True),  # when its lease lapses unless renewed
    Column("over", Boolean, nullable=False, default=False),  # its end has passed and its last duel ended
    Index("arenas_by_end", "over", "ends_at"),
)

arena_players = Table(
    "arena_players",
    metadata,
    Column("arena", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("active", Boolean, nullable=False),  # joined and not withdrawn: paired when free
    Column("points", Integer, nullable=False, default=0),
    Column("duels", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("streak", Integer, nullable=False, default=0),  # wins in a row: from two on, points count double
    Column("duel", String(32), nullable=True),  # the duel they are paired into now
    Column("last_opponent", String(64), nullable=True),  # never paired with them twice in a row
    Column("waiting_since", Float, nullable=True),  # free since then (joined, or their last duel ended)
    Column("joined_at", Float, nullable=False),
)

arena_duels = Table(
    "arena_duels",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("arena", String(32), nullable=False),
    Column("berserk", JSON, nullable=False),  # the seats (0, 1) whose player went berserk: half the clock
    Column("counted", Boolean, nullable=False, default=False),  # its points were given, once
    Index("arena_duels_by_arena", "arena", "counted"),
)
