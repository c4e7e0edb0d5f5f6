"""The server's settings: every one read from the environment, with its type and default, here.

pydantic-settings reads them: field ``x`` from the variable ``SPIDER_X``. A bad value is refused with a
sentence that names the variable.

>>> settings = Settings.from_env({"SPIDER_PORT": "8080", "SPIDER_POOL_TARGET": "0"})
>>> settings.port, settings.pool_target
(8080, 0)
>>> Settings.from_env({"SPIDER_PORT": "eighty"})
Traceback (most recent call last):
...
ValueError: SPIDER_PORT must be a whole number, not 'eighty'
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Annotated, Any

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, EnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from spider.databases import database_url, default_database

PREFIX = "SPIDER_"
Count = Annotated[int, Field(ge=0)]
Number = Annotated[float, Field(ge=0)]
Text = Annotated[str, Field(min_length=1)]


class Settings(BaseSettings):
    """How one server runs. Field ``x`` comes from the environment variable ``SPIDER_X``.

    :meth:`from_env` reads the environment; ``Settings(x=...)`` takes the values given alone (as tests do).
    """

    model_config = SettingsConfigDict(
        env_prefix=PREFIX,
        frozen=True,
        use_attribute_docstrings=True,
        validate_default=False,  # defaults stand as written: redis_url's "" is no Redis; a variable set empty is not
    )

    database: Text = Field(default_factory=default_database)
    """A SQLite file path, or an SQLAlchemy URL."""
    host: Text = "127.0.0.1"
    port: Count = 8000
    cache_size: Count = 1000
    """Games kept live in memory at most; others are rebuilt from their stored actions when asked for
    (a few milliseconds)."""
    cache_megabytes: Number = 64.0
    """Memory the live games may take at most, in MB: about 34 KB a game and 1.1 KB for each action it
    can undo (``bench/live_games.py``), so 20 MB for a game at 20,000 actions with unlimited undo. The
    games played least recently are dropped first; the one played last always stays."""
    max_body: Count = 16 * 1024
    """Largest request body accepted, in bytes."""
    cookie_secure: bool = False
    """Always mark the player cookie ``Secure``. Without it the cookie is ``Secure`` whenever the
    request came by HTTPS: directly, or through a proxy named in ``forwarded_allow_ips``."""
    forwarded_allow_ips: Text = "127.0.0.1"
    """Addresses and networks (comma-separated, ``10.0.0.0/8``) of proxies whose ``X-Forwarded-Proto`` and
    ``X-Forwarded-For`` are believed: the scheme the client used and its address, the rightmost address of the
    header that is not a trusted proxy's. Every limit per address counts that address. A proxy must send the
    header (appending to it, or replacing it): a request through it without one counts as the proxy's own. ``*``
    trusts every peer and takes the header's leftmost address, which any client may write: then no limit per
    address holds, unless nothing but the proxy can reach the server."""
    header_timeout: Number = 10.0
    """Seconds a connection may take to send a request's line and headers (from its opening, or from
    the previous answer) before it is closed; 0 for no limit."""
    body_timeout: Number = 10.0
    """Seconds a request may leave its body waiting between two pieces before it gets 408 and the
    connection is closed; 0 for no limit."""
    max_connections: Count = 512
    """Connections served at once; a request on a connection beyond them gets 503 at once (the
    connection is then closed). 0 for no limit."""
    max_connections_per_address: Count = 64
    """Connections one client address (an IPv6 one by its /64) may hold at once; those beyond are closed as they
    open, so that one client cannot take the connections of ``max_connections``. Proxies named in
    ``forwarded_allow_ips`` are not counted: their clients are, by the forwarded address, in
    ``requests_in_flight_per_address`` and ``sockets_per_address``. 0 for no limit."""
    requests_in_flight_per_address: Count = 64
    """HTTP requests one client address (the forwarded one behind a trusted proxy) may have under way at once in
    one process; one more gets 429 at once. As many as a direct client's connections by default, so that a client
    behind the proxy may hold what one without it may. 0 for no limit."""
    body_deadline: Number = 30.0
    """Seconds a request's whole body may take, however steadily it trickles in, before it gets 408
    and the connection is closed; 0 for no limit."""
    socket_ping_seconds: Number = 20.0
    """Seconds between two pings on a duel socket; a socket that leaves one unanswered as long again is
    closed. 0: no pings."""
    sockets_per_player: Count = 8
    """Duel sockets one player (cookie) may hold open at once (a page holds one); 0 for no limit."""
    sockets_per_address: Count = 64
    """Duel sockets one client address may hold open at once in one process; 0 for no limit."""
    socket_messages_per_minute: Count = 600
    """Messages one player may send on duel sockets a minute, ``socket_burst`` of them at once; past
    that, the socket gets an error frame and is closed (1008). 0: no limit."""
    socket_burst: Count = 60
    """Messages one player may send on duel sockets at once (a page that opens follows up to 16 duels)."""
    sqlite_synchronous: Text = "NORMAL"
    """NORMAL survives a killed server (the WAL is in the OS's hands); FULL also survives power loss."""
    fairplay_checks: bool = True
    """Whether every ranked result is checked for play that knew the face-down cards (``server/fairplay``), and held
    off its board until the check, or a moderator, clears it. Off: results rank as they end, unchecked (a site whose
    players all know each other; the tests of other parts, which read a board the moment a game ends)."""
    no_more_moves: bool = True
    """Whether views say when the solver finds no more moves; a request can turn it off too."""
    no_more_moves_nodes: Count = 200_000
    """Positions the solver may search to decide "no more moves" for one position (as many as the
    hint's own check); beyond them, or past a second, the answer is "not stuck", never a wrong "stuck"."""
    stuck_wait: Number = 0.003
    """Seconds a view waits for a "no more moves" search (when the worker has no other) before
    answering ``stuck_pending``."""
    solver_workers: Count = 2
    """Worker processes this server starts for the work queue (``spider.server.work``: hints, "no more moves",
    the meter, verified deals, reviews...); with two or more, the last takes only hints, "no more moves" and the
    meter. 0: without Redis, the work runs inline, in the request (for tests); with Redis, only ``spider worker``
    processes elsewhere take the jobs."""
    hint_nodes: Count = 10_000
    """Positions the hint's search may visit."""
    pool_target: Count = 3
    """Verified deals kept ready per suit count by the background worker; 0 turns the worker off."""
    pool_seconds: Number = 60.0
    """Time the background worker gives the solver for one deal."""
    verify_seconds: Number = 3.0
    """Time to find a verified deal on the spot when the pool has none for that suit count."""
    new_games_per_minute: Count = 20
    """New games (restarts included) one player may start a minute, in a burst or spread out; past
    that, 429 with ``Retry-After``. 0: no limit."""
    new_games_per_address_per_minute: Count = 120
    """The same, per client address (the proxy's ``X-Forwarded-For`` when it is trusted), for floods of
    fresh cookies; looser, as players behind one router share an address. 0: no limit."""
    record_positions_per_minute: Count = 30
    """Records one player may have played again for the replay viewer a minute (``POST /api/records/positions``
    and a stored game's ``/record/positions``), in a burst or spread out; past that, 429 with ``Retry-After``.
    0: no limit."""
    record_positions_per_address_per_minute: Count = 120
    """The same, per client address (the forwarded one behind a trusted proxy), for floods of fresh cookies.
    0: no limit."""
    board_reads_per_address_per_minute: Count = 300
    """Reads of the daily deals and their boards (``GET /api/daily``, a day's board, the streaks' board) from one
    client address a minute (the forwarded one behind a trusted proxy), in a burst or spread out; past that, 429
    with ``Retry-After``. A page opening the daily dialog reads two or three. 0: no limit."""
    max_game_actions: Count = 20_000
    """Actions one game may hold, undo and redo included (each keeps about 1 KB of undo history, and a
    game is rebuilt from all of them); past it, 409 naming the limit: the player resigns or restarts.
    0: no limit."""
    actions_per_second: Count = 30
    """Actions one player may play a second in all their games and duels, in a burst of as many (above a
    key's auto-repeat, so that a held undo key plays on); past that, 429 with ``Retry-After``. 0: no limit."""
    actions_per_address_per_second: Count = 150
    """The same, for all the players at one client address together (the forwarded one behind a trusted proxy), for
    floods of fresh cookies: five players' worth. 0: no limit."""
    health_min_free_mb: Count = 64
    """Megabytes the SQLite file's disk must have free for ``/healthz`` to say ok (503 with the free space
    below it: actions would soon fail). 0: not checked."""
    shared_database: bool = False
    """Set when several server processes use one SQLite file: each request then checks that the game
    it holds in memory is still the stored one (one small query). On a database server (PostgreSQL)
    they always check, as any process may serve any request."""
    redis_url: Text = ""
    """Redis for the events between server processes (lobby, duels, invitations): ``redis://host:6379/0``.
    Empty: events stay within this process (one server)."""
    computer_pace: Number = 1.0
    """Scales every computer player's pace in duels (``spider.players.PACE``); 0 plays at once."""
    prune_days: Number = 1.0
    """Days between two prunes of the database by the server (``spider.server.ops.prune``); 0 for none."""
    access_log: bool = False
    gc_freeze_seconds: Number = 0.2
    """Seconds between two moves of everything alive out of the garbage collector's reach, so that its
    collections stay short (``spider.server.ops.collector``); 0 leaves Python's collector as it is."""
    daily_secret: str = ""
    """The secret the daily deals are drawn from (HMAC of the day and suit count under it): servers that share
    a database must share it. Empty: one made at random once and kept in the database, never shown."""
    daily_solve_seconds: Number = 20.0
    """Time the solver gives each candidate for a day's deal; the first one it wins is the day's deal."""
    daily_first_day: dt.date = dt.date(2026, 12, 5)
    """The site's first day of daily deals (YYYY-MM-DD, UTC): the days from it to today may be played and their
    boards read, no other. The default is the day the daily deal came to Spider."""
    duel_min_moves: Count = 10
    """Moves a person's game of a duel needs to be a real attempt at its deal (``duels.attempt``), which it must also
    score at least what the weakest computer player scores on the deal: a duel with a game that is none rates nobody
    and gives no arena points. 0: no such rule (the server then works out no computer player's score)."""
    duel_apart_addresses: bool = True
    """Accounts seen at one client address (the forwarded one behind a trusted proxy) rate each other never and score
    no arena points against each other (``people.addresses``). False: no addresses are kept, and the rule is off (a
    test server whose players all come from one machine)."""
    address_secret: str = ""
    """The secret under which the client addresses players were seen at are kept, as keyed hashes, so that accounts
    of one address never rate each other (``people.addresses``): servers that share a database must share it.
    Empty: one made at random once and kept in the database, never shown."""
    # Accounts (``server/people/accounts``).
    public_origin: Text = ""
    """The address players reach the site at, as the browser writes it (``https://spider.example``): passkeys are
    bound to its host name. Empty: ``http://localhost:PORT``, which browsers allow without HTTPS."""
    accounts_per_address_per_day: Count = 3
    """New accounts one client address may make a day (across processes with ``redis_url``). 0: no limit."""
    account_tries_per_minute: Count = 10
    """Tries at registering, signing in and recovering one client address may make a minute. 0: no limit."""
    # Arenas (``server/arenas``).
    arenas_per_player: Count = 2
    """Arenas one account may have opened that are not over (409 ``arena.too_many`` past it). 0: no limit."""
    arenas_per_address_per_day: Count = 5
    """Arenas one client address may open a day, in a burst or spread out (429 with ``Retry-After`` past it;
    across processes with ``redis_url``). 0: no limit."""
    arena_changes_per_minute: Count = 20
    """Joins, leaves and berserks one player may make a minute, 10 of them at once (429 ``arena.too_fast`` with
    ``Retry-After`` past it). 0: no limit."""
    arena_changes_per_address_per_minute: Count = 60
    """The same, for all the players of one client address together (the forwarded one behind a trusted proxy), a
    third of them at once: a flood of throwaway cookies joining every arena is refused before it reaches the
    database (429 ``arena.too_fast_here`` with ``Retry-After``). Looser than a player's own, as players behind one
    router share an address. 0: no limit."""
    open_arenas: Count = 300
    """Arenas players opened that the site holds not over at once (429 with ``Retry-After``, the wait until the
    soonest ends, past it); the server's hourly arenas are not counted. 0: no limit."""
    # Bots (``server/bots``).
    bot_requests_per_minute: Count = 600
    """Requests one bot token may make a minute, ``bot_burst`` of them at once; past that, 429 with
    ``Retry-After``. 0: no limit."""
    bot_burst: Count = 60
    bot_streams: Count = 2
    """Event streams one bot may hold open at once in one process; 0 for no limit."""
    bot_stream_seconds: Number = 3600.0
    """The longest one event stream stays open; the bot then connects again (an idle bot holds nothing for ever)."""
    bot_keepalive_seconds: Number = 15.0
    """Seconds between two keep-alive lines on a quiet event stream (each one also checks the token)."""
    bots_per_player: Count = 5
    """Bots (with a live token) one player may have at once."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from ``SPIDER_*`` variables (``environ``'s, else the process's); keyword arguments win over
        the environment."""
        token = _ENVIRON.set(os.environ if environ is None else environ)
        try:
            return cls(**{key: value for key, value in overrides.items() if value is not None})
        except ValidationError as error:
            raise ValueError(_sentence(error)) from None
        finally:
            _ENVIRON.reset(token)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """The values given, then the environment's variables: no ``.env`` file, no secrets folder."""
        return init_settings, _Variables(settings_cls)

    @property
    def database_url(self) -> str:
        return database_url(self.database)

    @property
    def origin(self) -> str:
        """The site's origin for passkeys: ``public_origin``, else ``http://localhost:PORT``."""
        return self.public_origin.rstrip("/") or f"http://localhost:{self.port}"


_ENVIRON: ContextVar[Mapping[str, str] | None] = ContextVar("environ", default=None)
"""The variables :meth:`Settings.from_env` reads; ``None`` when settings are made from values alone."""


class _Variables(EnvSettingsSource):
    """pydantic-settings' own environment source, reading the variables ``from_env`` was given."""

    def _load_env_vars(self) -> Mapping[str, str | None]:
        environ = _ENVIRON.get() or {}
        return {name if self.case_sensitive else name.lower(): value for name, value in environ.items()}


# What a refused value must be, by Pydantic's error type.
_MUST = {
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number of seconds",
    "bool_parsing": "must be 1 or 0",
    "greater_than_equal": "must not be negative",
    "date_from_datetime_parsing": "must be a day written YYYY-MM-DD",
    "date_parsing": "must be a day written YYYY-MM-DD",
}


def _sentence(error: ValidationError) -> str:
    """The first refused value, named by its variable: ``SPIDER_PORT must be a whole number, not 'eighty'``."""
    first = error.errors()[0]
    name = PREFIX + "_".join(str(part) for part in first["loc"]).upper()
    if first["type"] == "string_too_short":
        return f"{name} must not be empty"
    return f"{name} {_MUST.get(first['type'], first['msg'])}, not {first['input']!r}"
