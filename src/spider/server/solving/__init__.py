"""Every call the server makes to the solver (``spider.solver``), and the verified deals kept ready.

- ``searches``: hints, "no more moves", analyses and verified deals, in worker processes with fair shares;
- ``workers``: what those processes run, importing the engine and the solver only (``tests/test_light_processes``);
- ``tables`` and ``deal_pool``: the verified deals kept ready; ``pool_worker`` tops them up in the background and
  ``verify`` (``spider verify``) fills them from the command line;
- ``answers``: a hint's shape.
"""
