"""What a match of a regular expression can begin with — the one analysis every lexer of the speed
layer uses to try a terminal only where the text has a character its match can begin with
(:mod:`~cardlint.speed.wordlexer`, :mod:`~cardlint.speed.state_lexer`, :mod:`~cardlint.speed.first_match`).

The answer is read from the expression's parse tree and is sound, never exact: every character a
match can begin with is admitted (some that cannot may be).  Anything unusual — a negated set, a
non-ASCII cased letter under IGNORECASE, an expression that may match the empty string — gives
None, "try it everywhere".
"""

from __future__ import annotations

import re

try:  # Python ≥ 3.11
    from re import _constants as C
    from re import _parser
except ImportError:  # pragma: no cover — Python 3.10
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as _parser  # type: ignore[no-redef]

#: re's categories as str predicates (the same definitions as the regex engine's, for str patterns)
CATEGORIES = {
    "CATEGORY_DIGIT": str.isdecimal,
    "CATEGORY_NOT_DIGIT": lambda c: not c.isdecimal(),
    "CATEGORY_SPACE": str.isspace,
    "CATEGORY_NOT_SPACE": lambda c: not c.isspace(),
    "CATEGORY_WORD": lambda c: c.isalnum() or c == "_",
    "CATEGORY_NOT_WORD": lambda c: not (c.isalnum() or c == "_"),
}


class _Unknown(Exception):
    pass


class First:
    """The characters a match can begin with: literal characters, code-point ranges, character
    categories (by name, so that it can be stored), and whether matching ignores case — then any
    non-ASCII character may match a cased letter ("K" the Kelvin sign matches "k")."""

    __slots__ = ("chars", "ranges", "tests", "ignorecase")

    def __init__(self) -> None:
        self.chars: set[str] = set()
        self.ranges: list[tuple[int, int]] = []
        self.tests: list[str] = []
        self.ignorecase = False

    def admits(self, ch: str) -> bool:
        if ch in self.chars:
            return True
        if self.ignorecase and not ch.isascii():
            return True
        if self.ranges:
            o = ord(ch)
            if any(lo <= o <= hi for lo, hi in self.ranges):
                return True
        return any(CATEGORIES[t](ch) for t in self.tests)

    __contains__ = admits

    @property
    def literal_only(self) -> bool:
        """Is :attr:`chars` all it admits?"""
        return not (self.ranges or self.tests or self.ignorecase)

    def to_json(self) -> list:
        return ["".join(sorted(self.chars)), [list(r) for r in self.ranges], sorted(self.tests), self.ignorecase]

    @classmethod
    def from_json(cls, data) -> "First":
        first = cls()
        first.chars, first.ranges = set(data[0]), [tuple(r) for r in data[1]]
        first.tests, first.ignorecase = list(data[2]), bool(data[3])
        return first


def _add_chars(first: First, chars, ignorecase: bool) -> None:
    if ignorecase:
        first.ignorecase = True
        for c in chars:
            if not c.isascii() and c.lower() != c.upper():
                raise _Unknown  # a non-ASCII cased letter folds in ways not worth modelling
            first.chars.update((c, c.lower(), c.upper()))
    else:
        first.chars.update(chars)


def _item(op, av, flags: int, first: First) -> bool:
    """Add what item ``(op, av)`` can begin with to ``first``; True when it can match empty."""
    ignorecase = bool(flags & C.SRE_FLAG_IGNORECASE)
    if op is C.LITERAL:
        _add_chars(first, (chr(av),), ignorecase)
        return False
    if op is C.IN:
        for iop, iav in av:
            if iop is C.LITERAL:
                _add_chars(first, (chr(iav),), ignorecase)
            elif iop is C.RANGE:
                lo, hi = iav
                if not ignorecase:
                    first.ranges.append((lo, hi))
                elif hi < 128:
                    _add_chars(first, [chr(i) for i in range(lo, hi + 1)], True)
                else:
                    raise _Unknown
            elif iop is C.CATEGORY and str(iav) in CATEGORIES:
                first.tests.append(str(iav))
                first.ignorecase = first.ignorecase or ignorecase
            else:
                raise _Unknown  # a negated set, an unusual category
        return False
    if op is C.BRANCH:
        return any([_sequence(alternative, flags, first) for alternative in av[1]])
    if op is C.SUBPATTERN:
        _, add_flags, del_flags, sub = av
        return _sequence(sub, (flags | add_flags) & ~del_flags, first)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", C.MAX_REPEAT)):
        low, _, sub = av
        return _sequence(sub, flags, first) or low == 0
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _sequence(av, flags, first)
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return True  # zero width: skipping it only admits more
    raise _Unknown  # ANY, NOT_LITERAL, group references, …


def _sequence(seq, flags: int, first: First) -> bool:
    for op, av in seq:
        if not _item(op, av, flags, first):
            return False
    return True


def first_of(regex: str, flags: int = 0) -> First | None:
    """What a match of ``regex`` can begin with, or None when that is not known."""
    try:
        parsed = _parser.parse(regex, flags)
        first = First()
        if _sequence(list(parsed), parsed.state.flags, first):
            return None  # can match empty: its first character is not its own
        return first
    except (_Unknown, re.error, RecursionError, TypeError, ValueError, OverflowError):
        return None


_ASCII = [chr(i) for i in range(128)]


def ascii_first(regex: str, flags: int = 0) -> frozenset[str] | None:
    """The characters a match of ``regex`` can begin with as one set, complete for ASCII
    characters (beyond ASCII it holds the literal ones only); None: unknown."""
    first = first_of(regex, flags)
    if first is None:
        return None
    return frozenset(first.chars).union(c for c in _ASCII if first.admits(c))
