"""Lark's basic lexer without its combined regular expression.

Lark's ``BasicLexer`` joins every terminal into one alternation and takes, at each position, the
first terminal in its order (priority, then width …) that matches.  Python's regex engine tries
the alternatives one after the other, so with a few hundred word-class terminals a token costs
tens of microseconds, and compiling the alternation takes a quarter of a second.

:func:`first_match_lexer` returns the same ``BasicLexer`` with its scanner replaced by
:class:`FirstMatchScanner`: the same terminals in the same order, each compiled on its own, and per
text character only those whose match can begin with it.  The answer is the same terminal and
value, by construction: the first one in order that matches.  Lark's own machinery (ignored
terminals, string terminals folded into a regex terminal, errors) is kept.

Building it reads every terminal's regex twice (Lark's widths, which set its order, and the first
characters here): ~0.5 s for the German grammar.  Both are kept in a small JSON file in the cache
directory, keyed by the terminals' expressions, Lark's version and this module's code.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from copy import copy
from pathlib import Path

import lark
from lark import Lark
from lark.lexer import BasicLexer, PatternRE, _create_unless

from cardlint.speed.first_chars import First, first_of

#: distinct text characters whose candidate lists are kept (junk input has many)
_MAX_CACHED_CHARS = 4096


class FirstMatchScanner:
    """Lark's ``Scanner`` interface (``match``, ``allowed_types``) with per-character candidates."""

    def __init__(self, terminals, g_regex_flags: int, firsts: dict) -> None:
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._flags = g_regex_flags
        # a plain str name, as the combined regex's group name is (a terminal name may be a Token)
        self._entries = [(str(t.name), t.pattern.to_regexp()) for t in terminals]
        self._firsts = [firsts[regex] for _, regex in self._entries]
        self._compiled: dict[str, re.Pattern] = {}
        self._by_char: dict[str, list] = {}

    def _rx(self, regex: str) -> re.Pattern:
        rx = self._compiled.get(regex)
        if rx is None:
            rx = self._compiled[regex] = re.compile(regex, self._flags)
        return rx

    def _candidates(self, ch: str) -> list:
        got = self._by_char.get(ch)
        if got is None:
            got = [(name, self._rx(regex)) for (name, regex), first in zip(self._entries, self._firsts)
                   if first is None or first.admits(ch)]
            if len(self._by_char) < _MAX_CACHED_CHARS:
                self._by_char[ch] = got
        return got

    def match(self, text, pos):
        return self.match_at(text.text, pos, text.end)

    def match_at(self, s: str, pos: int, end: int):
        """(value, terminal) of the first terminal matching ``s[pos:end]`` at its start, or None."""
        if pos >= end:
            return None
        for name, rx in self._candidates(s[pos]):
            m = rx.match(s, pos, end)
            if m:
                return m.group(0), name
        return None


def first_match_lexer(parser: Lark) -> BasicLexer:
    """The grammar's terminals as one basic lexer (what ``parser._build_lexer()`` gives), scanning
    with :class:`FirstMatchScanner`; its scanner is built here, as ``BasicLexer._build_scanner``
    does.  The grammar was checked when its parser was built, so Lark's checks are skipped."""
    conf = copy(parser.lexer_conf)
    conf.skip_validation = True
    regexes = sorted({t.pattern.to_regexp() for t in conf.terminals if isinstance(t.pattern, PatternRE)})
    file = _cache_file(regexes, conf.g_regex_flags)
    known = _read_cache(file)
    widths, firsts = known.get("widths", {}), known.get("firsts", {})
    for t in conf.terminals:
        if isinstance(t.pattern, PatternRE) and t.pattern._width is None:
            width = widths.get(t.pattern.to_regexp())
            if width is not None:
                t.pattern._width = tuple(width)  # what Lark's get_regexp_width gave for it
    lexer = BasicLexer(conf)
    terminals, lexer.callback = _create_unless(lexer.terminals, lexer.g_regex_flags, lexer.re, lexer.use_bytes)
    for type_, f in lexer.user_callbacks.items():
        if type_ in lexer.callback:
            raise NotImplementedError("user callbacks on string-folded terminals")
        lexer.callback[type_] = f
    found = {}
    for t in terminals:
        regex = t.pattern.to_regexp()
        if regex in firsts:
            found[regex] = None if firsts[regex] is None else First.from_json(firsts[regex])
        else:
            found[regex] = first_of(regex, conf.g_regex_flags)
    lexer._scanner = FirstMatchScanner(terminals, conf.g_regex_flags, found)
    fresh = {"widths": {t.pattern.to_regexp(): list(t.pattern._width) for t in conf.terminals
                        if isinstance(t.pattern, PatternRE) and t.pattern._width is not None},
             "firsts": {regex: None if f is None else f.to_json() for regex, f in found.items()}}
    if file is not None and (fresh["widths"].keys() - widths.keys() or fresh["firsts"].keys() - firsts.keys()):
        _write_cache(file, fresh)
    return lexer


def _cache_file(regexes: list[str], flags: int) -> Path | None:
    try:
        from cardlint.paths import cache_path

        h = hashlib.sha256()
        h.update(Path(__file__).read_bytes())
        h.update((Path(__file__).parent / "first_chars.py").read_bytes())  # the analysis it stores
        h.update(f"{lark.__version__}\0{flags}\0".encode())
        h.update("\0".join(regexes).encode("utf-8", "surrogatepass"))
        return cache_path(f"first-match-{h.hexdigest()[:16]}.json")
    except OSError:
        return None


def _read_cache(file: Path | None) -> dict:
    if file is None:
        return {}
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # absent or damaged: computed again
    ok = isinstance(data, dict) and isinstance(data.get("widths"), dict) and isinstance(data.get("firsts"), dict)
    return data if ok else {}


def _write_cache(file: Path, data: dict) -> None:
    """Write-then-rename: a concurrent reader sees no file or the whole file."""
    try:
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=file.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, file)
    except OSError:
        pass  # a cache that cannot be written costs time only
