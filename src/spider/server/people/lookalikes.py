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

Some names look wrong whatever they are compared with: :func:`flaw` names what a name holds that a
player would not see as written, or that would spill over its neighbours on a board.

>>> flaw("Ada  Lovelace"), flaw("Ada Lovelace"), flaw("Nguyễn Thị")
('duel.name_spaces', None, None)
"""

from __future__ import annotations

import re
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
_SPACES = re.compile(r"\s{2,}")
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f")
"""Characters drawn as nothing but that are not spaces nor format characters: the Hangul fillers (U+115F,
U+1160, U+3164, U+FFA0), BRAILLE PATTERN BLANK, MONGOLIAN VOWEL SEPARATOR, the Khmer inherent vowels
and COMBINING GRAPHEME JOINER. A name of them would be a name no one sees."""
EXTRA_WIDE = frozenset("\ufdfa\ufdfb\ufdfd\ua9c5\u2e3a\u2e3b\u0bf5\u0bf8\u0df4")
"""Single characters that fonts draw wider than two cells: Arabic ligatures of whole phrases (U+FDFA,
U+FDFB, U+FDFD), JAVANESE PADA LUHUR, the two- and three-em dashes, Tamil signs, Sinhala KUNDDALIYA;
and every cuneiform sign (``_CUNEIFORM``). Unicode's East Asian width knows two cells at most, so such
characters are listed here."""
_CUNEIFORM = (0x12000, 0x1254F)
MAX_MARKS = 3
"""Combining marks one character may carry at most (a pointed Hebrew shin carries three)."""
_DIGRAPHS = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """The name as names are compared: the same for two names that look alike, whatever their case."""
    folded = unicodedata.normalize("NFKC", name).translate(_TABLE).casefold().translate(_TABLE)
    for pair, single in _DIGRAPHS:
        folded = folded.replace(pair, single)
    return unicodedata.normalize("NFD", folded)


def cells(character: str) -> int:
    r"""How many cells of a fixed-width grid a character takes: Unicode's East Asian width (two for wide
    and full-width characters, none for a combining mark), and three for the :data:`EXTRA_WIDE` ones.

    >>> cells("a"), cells("山"), cells("\u0301"), cells("\ufdfd")
    (1, 2, 0, 3)
    """
    if character in EXTRA_WIDE or _CUNEIFORM[0] <= ord(character) <= _CUNEIFORM[1]:
        return 3
    if unicodedata.category(character) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def stacked(name: str) -> bool:
    r"""Whether some character of the name (as NFC composes it) carries stacked combining marks: two
    placed alike (two above it, two below: the same canonical combining class), one mark twice, or more
    than :data:`MAX_MARKS`. Vietnamese and pointed Hebrew keep theirs: NFC makes "ễ" one character, and
    a Hebrew letter's dagesh, vowel and dot sit each in its own place.

    >>> stacked("Q\u0301\u0300"), stacked("e\u0301\u0323"), stacked("\u05e9\u05b8\u05bc\u05c1")
    (True, False, False)
    """
    marks: list[str] = []
    for character in unicodedata.normalize("NFC", name) + "x":
        if unicodedata.category(character) in ("Mn", "Me"):
            marks.append(character)
            continue
        classes = [unicodedata.combining(mark) for mark in marks if unicodedata.combining(mark)]
        if len(marks) > MAX_MARKS or len(set(marks)) < len(marks) or len(set(classes)) < len(classes):
            return True
        marks = []
    return False


def flaw(name: str) -> str | None:
    """The message id of what is wrong with how a name looks, or None: stacked combining marks, a line
    or paragraph separator, a blank filler, a character wider than two cells, two spaces in a row."""
    if stacked(name):
        return "duel.name_marks"
    if any(unicodedata.category(character) in ("Zl", "Zp") for character in name):
        return "duel.name_lines"
    if any(character in BLANKS for character in name):
        return "duel.name_blank"
    if any(cells(character) > 2 for character in name):
        return "duel.name_wide"
    if _SPACES.search(name):
        return "duel.name_spaces"
    return None
