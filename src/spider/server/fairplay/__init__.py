"""Fair play (SPEC 6): every result that ranks is checked for play that knew the face-down cards, a result being
checked or flagged is held off the boards, and moderators look at the flagged ones.

- ``tables``: the checks (one per ranked result), the moderators, the marked accounts and the log of decisions;
- ``store``: every query on them, and the conditions the boards' queries take (``unheld``, ``unmarked``);
- ``checking``: the work queue's job, which asks ``spider.fairplay.measure`` of a finished game;
- ``service``: which results are checked, the checks sent through the queue, and the moderators' decisions;
- ``answers``, ``routes``: the moderation view's answers and handlers; ``commands``: ``spider mod grant|revoke``.

It stands below the boards (``daily``, ``duels``, ``arenas``, ``leaderboards``), which ask it which results are
held and which accounts are marked, and above ``results``, whose rule of good standing says which results rank.
"""
