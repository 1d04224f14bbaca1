"""Players' names: what a name may contain, and when two names count as the same player.

A name is what the other players read to know who is who, so it must be a name people can tell
apart: Unicode NFKC (so full-width and composed forms become the ordinary letters), no invisible or
direction-changing characters (a zero-width space, a right-to-left override: they make two different
names look alike or turn a name around), and two names that look the same once normalised and
case-folded are the same name ("Ann" and "Аnn" with a Cyrillic А). The look-alike test maps each
letter that Unicode's confusables data (TR39, through the confusable-homoglyphs package) says looks
like a Latin or common letter onto that letter: a "skeleton" of the name.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables

from .errors import BadInput

# Control (Cc), format (Cf: zero-width characters, bidi overrides and isolates, soft hyphen),
# private-use (Co), surrogate (Cs), unassigned (Cn), and line/paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})

# Characters that draw nothing but are not format characters, so the categories above let them
# through: Unicode's Default_Ignorable_Code_Point outside Cf/Cn (variation selectors, the combining
# grapheme joiner, Hangul fillers, Khmer inherent vowels, musical format marks). "Ann" plus one of
# them looks exactly like "Ann", and a name of Hangul fillers alone looks like no name. A phone's
# emoji keyboard adds variation selectors by itself, so they are dropped rather than refused.
INVISIBLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180D), (0x180F, 0x180F),
                    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0x1BCA0, 0x1BCA3),
                    (0x1D173, 0x1D17A), (0xE0100, 0xE01EF))
BLANK_SYMBOLS = "\u2800"   # the Braille blank: a symbol that looks like a space, so it counts as one


def _drop_invisible(text: str) -> str:
    return "".join(" " if c in BLANK_SYMBOLS else c for c in text
                   if not any(lo <= ord(c) <= hi for lo, hi in INVISIBLE_RANGES))


def clean(raw: str) -> str:
    """The name as it will be shown, or BadInput with a sentence saying what is wrong."""
    name = " ".join(_drop_invisible(unicodedata.normalize("NFKC", raw)).split())  # spaces of any kind -> one space
    if any(unicodedata.category(c) in REFUSED_CATEGORIES for c in name):
        raise BadInput("A name cannot contain invisible or direction-changing characters: type it with letters, digits and spaces.")
    if not any(unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "So" for c in name):
        raise BadInput("A name needs at least one letter or digit.")
    return name


@lru_cache(maxsize=4096)
def _latin_lookalike(char: str) -> str:
    if char.isascii():
        return char
    found = confusables.is_confusable(char, preferred_aliases=["latin", "common"], greedy=True) or []
    for entry in found:
        for glyph in entry["homoglyphs"]:
            if glyph["c"].isascii():
                return glyph["c"]
    return char


def key(name: str) -> str:
    """What two names must share to count as the same player: the case-folded skeleton."""
    # Before and after case-folding: a capital can look like a Latin capital (Greek Ν, N) while its
    # small letter does not (ν, n), and the other way round.
    visible = " ".join(_drop_invisible(unicodedata.normalize("NFKC", name)).split())
    skeleton = "".join(_latin_lookalike(c) for c in visible).casefold()
    return "".join(_latin_lookalike(c) for c in skeleton).casefold()
