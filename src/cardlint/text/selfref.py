"""Self-reference: a card's own name (and its shortened legendary name) becomes the SELF token "~".

Only the name given as input is used: nothing is ever looked up by card name.
"""

from __future__ import annotations

import re
from functools import lru_cache

SELF = "~"
_FACES = re.compile(r"\s*//\s*")


def name_variants(name: str | None) -> list[str]:
    """The full name, the face names of a split/double-faced name, and the legendary short name
    ("Name, the Epithet" → "Name")."""
    if not name:
        return []
    # a card's clauses are normalised one by one with the same name: split it once
    return list(_name_variants(name))


@lru_cache(maxsize=256)
def _name_variants(name: str) -> tuple[str, ...]:
    names = []
    for part in _FACES.split(name.strip()):
        if part:
            names.append(part)
            if "," in part:
                short = part.split(",", 1)[0].strip()
                if len(short) >= 3:
                    names.append(short)
            elif " of " in part or " the " in part:
                pass
    # longest first so the full name wins over the short name
    return tuple(sorted(set(names), key=len, reverse=True))


_CARDNAME = re.compile(r"\bCARDNAME\b")
#: The only characters outside ASCII that match an ASCII letter under ``re.IGNORECASE`` (İ ı ſ and
#: the Kelvin sign), and the only one whose ``lower()`` is not one character (İ): without them, an
#: ASCII name's case-blind matches in ``text`` are where ``text.lower()`` contains it, at the same
#: indices, so :func:`_replace_ascii` gives the regex's answer on text that is not ASCII as well.
_FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")


def replace_names(text: str, names: list[str], flags=re.IGNORECASE) -> str:
    for n in names:
        if not n.strip():
            continue
        if flags == re.IGNORECASE and n.isascii() and (text.isascii() or not _FOLDS_TO_ASCII.search(text)):
            # each card has its own name: a regex per name would be compiled once per card
            text = _replace_ascii(text, n)
        else:
            text = _name_pattern(n, flags).sub(SELF, text)
    if "CARDNAME" in text:
        text = _CARDNAME.sub(SELF, text)
    return text


@lru_cache(maxsize=256)
def _name_pattern(name: str, flags) -> re.Pattern:
    # re's own cache is shared with every other module and one card's names rarely recur in
    # it: keep the last few cards' patterns here
    return re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])", flags)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _replace_ascii(text: str, name: str) -> str:
    r"""``re.sub(r"(?<!\w)NAME(?!\w)", "~", text, flags=re.I)`` for an ASCII name and a text without
    :data:`_FOLDS_TO_ASCII`, without compiling a pattern: case-insensitive occurrences bounded by
    non-word characters (Unicode ``\w``, as ``str.isalnum``), left to right."""
    low, key = text.lower(), name.lower()
    size = len(key)
    out = []
    last = 0
    i = low.find(key)
    while i >= 0:
        end = i + size
        if (i == 0 or not _is_word_char(text[i - 1])) and (end == len(text) or not _is_word_char(text[end])):
            out.append(text[last:i])
            out.append(SELF)
            last = end
            i = low.find(key, end)
        else:
            i = low.find(key, i + 1)
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
