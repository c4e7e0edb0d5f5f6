"""Housekeeping: what is deleted and when (``prune``: each package forgets what it kept of the players gone, in
one transaction; ``spider db prune`` and ``spider db upgrade``), and Python's collections kept short
(``collector``).
"""
