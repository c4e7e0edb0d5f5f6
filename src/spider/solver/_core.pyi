"""Types of the C search core (_core.c); spider.solver.core is its reference and its only user."""

from typing import Any

class Table:
    def __init__(
        self,
        hidden: tuple[bytes, ...] | None,
        deals: tuple[bytes, ...],
        relaxed: bool,
        deal_any: bool,
        weights: tuple[int, int, int, int, int, int],
        order: bytes | None = None,
    ) -> None: ...
    def score(self, state: tuple[tuple[bytes, ...], tuple[int, ...], int], /) -> int: ...
    def key(self, state: tuple[tuple[bytes, ...], tuple[int, ...], int], /) -> int: ...
    def children(
        self, state: tuple[tuple[bytes, ...], tuple[int, ...], int], score: int, exact: bool = False, /
    ) -> list[tuple[int, int, tuple[tuple[bytes, ...], tuple[int, ...], int]]]: ...
    def stuck(
        self,
        state: tuple[tuple[bytes, ...], tuple[int, ...], int],
        need_filled: bool,
        max_nodes: int,
        seconds: float,
        key_bits: int = 64,
        /,
    ) -> bool: ...
    def beam_search(
        self,
        start: tuple[tuple[bytes, ...], tuple[int, ...], int],
        width: int | None,
        budget: Any,
        exact: bool,
        patience: int,
        per_deal: bool = False,
        before_deal: bool = False,
        /,
    ) -> tuple[list[int] | None, bool, bool, tuple[int, list[int]] | None]: ...
