"""The one work queue: every piece of work that costs more than a few milliseconds of CPU (hints, "no more moves",
the win-chance meter, verified deals, the daily deal, analyses, reviews, record positions, "try again from here")
is a job in one fair queue, and worker processes take the jobs from it.

- ``jobs``: what a job is (its kind, its priority, whose it is) and the refusal of one that does not fit.
- ``fair``: the order jobs are taken in, the same with or without Redis: the most urgent priority first, and
  within it the client address, then the player, that has had the least of the workers' time lately (so
  round robin between players and between addresses, not first come first served), each bounded.
- ``local``: the queue in the server's own process, and worker processes beside it (no Redis).
- ``shared``: the queue in Redis (``SPIDER_REDIS_URL``), taken from by worker processes on any machine.
- ``worker``: a worker process's loop over the Redis queue (``spider worker``); it imports no web stack.
- ``service``: what the queue offers its callers; ``chosen``: the queue the settings ask for.
"""
