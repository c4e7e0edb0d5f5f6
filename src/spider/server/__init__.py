"""The Spider web server: the page, and a JSON API through which every action reaches the engine.

``spider.server.app.create_app(settings)`` builds the app; ``spider serve`` (``commands``) runs it on uvicorn.
This file imports nothing: importing one module of the server (a solver worker imports ``solving.workers``)
loads that module's imports only, not the whole web stack.

The server is cut by domain: each package owns its tables (its store is the only code that reads or writes
them; the others ask its service), its service, its answers and bodies, and its routes. The packages stand in
the order of :data:`LAYERS`: a package imports only packages of the layers before its own
(``tests/test_server_layers.py`` holds every import to it, lazy and type-only ones too).

A service speaks no HTTP: it takes plain values and raises the refusals of ``refusals`` (a kind, a message id
and its fields); the routes read requests and bodies, and the one error table (``http.errors``) gives each
refusal its status and close code (``tests/test_services.py`` holds the services to it).
"""

LAYERS: tuple[tuple[str, ...], ...] = (
    ("settings", "refusals"),  # every setting, from SPIDER_* variables; what a service says no to
    ("http", "db"),  # the HTTP plumbing (errors, bodies, limits, identity, the page's files); the database
    ("work",),  # the one queue of costly work, and the worker processes that take from it
    ("solving", "realtime"),  # the solver's workers and the verified deals; the socket and the brokers
    ("people", "practice"),  # names, friends, ratings, who is online; the exercises and a player's progress
    ("games",),  # games made, played and ended: each action stored before it is answered
    ("results",),  # which games count, the running tallies, statistics, offline results
    ("fairplay",),  # ranked results checked for play that knew the face-down cards; moderators and their decisions
    ("reviews", "daily", "ghosts"),  # a finished game reviewed; the daily deal; races against an earlier game
    ("duels",),  # two players on one deal, with the server's clock and ratings
    ("records", "bots", "arenas"),  # game records; programs that duel; arenas of paired duels
    ("leaderboards", "accounts"),  # ratings and best scores, this week and ever; passkeys' routes, leaving
    ("ops",),  # housekeeping: what is deleted and when, Python's collections kept short
    ("migrations",),  # the schema through time, which knows every package's tables (``db.revisions`` runs it)
    ("api",),  # every package's routes in one table, and its description
    ("app",),  # the parts put together
    ("commands",),  # spider serve
)
"""The server's packages (and its top-level modules), lowest first."""
