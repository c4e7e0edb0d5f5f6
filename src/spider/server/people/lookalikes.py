"""Names as they look: the skeleton of a name (after Unicode TR39, "Security Mechanisms"), so that two
names a player cannot tell apart on the screen count as the same name, and no name passes for a
computer player's by a Cyrillic or Greek letter.

TR39's skeleton maps each character to the one it is confusable with (its data file, confusables.txt).
PyPI has no maintained library that computes skeletons (``confusable-homoglyphs`` finds confusable
characters but gives none), so this is a small table of our own: the Cyrillic and Greek letters that
look like Latin ones, the digits and signs that pass for letters, and TR39's two-letter ``rn`` and ``vv``.
Names are compared whatever their case, so ``i``, ``I``, ``l``, ``1`` and ``|`` are one letter here
(TR39 keeps the case; it folds ``I``, ``1`` and ``|`` into ``l``).

>>> skeleton("Spider Ехрегt") == skeleton("Spider Expert")  # Cyrillic Е, х, р
True
>>> skeleton("Ada") == skeleton("ADA"), skeleton("Ada") == skeleton("Ida")
(True, False)
"""

from __future__ import annotations

import unicodedata

_LATIN_TWINS = {
    # Cyrillic capitals and small letters
    "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p", "С": "c", "Т": "t", "Х": "x",
    "Ѕ": "s", "І": "l", "Ј": "j", "Ү": "y", "Ԛ": "q", "Ԝ": "w", "Ӏ": "l", "а": "a", "е": "e", "о": "o", "р": "p",
    "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "l", "ј": "j", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    "г": "r",
    # Greek capitals and small letters
    "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "l", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p",
    "Τ": "t", "Υ": "y", "Χ": "x", "α": "a", "ι": "l", "ο": "o", "ν": "v", "ρ": "p", "υ": "u",
    # Latin letters and signs that pass for others
    "i": "l", "I": "l", "1": "l", "|": "l", "ı": "l", "0": "o", "ɡ": "g", "ɑ": "a",
}
_TABLE = str.maketrans(_LATIN_TWINS)
_DIGRAPHS = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """The name as names are compared: the same for two names that look alike, whatever their case."""
    folded = unicodedata.normalize("NFKC", name).translate(_TABLE).casefold().translate(_TABLE)
    for pair, single in _DIGRAPHS:
        folded = folded.replace(pair, single)
    return unicodedata.normalize("NFD", folded)
