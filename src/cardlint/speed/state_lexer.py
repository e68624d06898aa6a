"""The per-state lexers of Lark's contextual lexer: built lazily, and scanning without Lark's
combined expression.

:class:`LazyContextualLexer` is Lark's contextual lexer with each parser state's lexer built when
the parser first lexes in that state: Lark builds all of them when a parser is loaded (hundreds of
``BasicLexer`` objects for the Chinese grammar) and reads every row of the parse table for it.

Lark gives each parser state one combined regular expression of every terminal the state accepts
(``(?P<A>…)|(?P<B>…)|…``, hundreds of alternatives in the Chinese grammar, where most text
characters start some word) and compiles it the first time the state lexes.  That costs ~15 ms
per state (about 200 states over a corpus) and every token tries the alternatives one by one.
:func:`install` (the ``scanner="first-char"`` option of :func:`cardlint.speed.load_grammar`)
swaps in a scanner that returns exactly what Lark's would:

- a terminal is tried only at a character its match can begin with (computed once per terminal
  from the regex's parse tree, see :mod:`cardlint.speed.first_chars`); per state and text character the
  candidates are listed once, in Lark's order (priority, then maximal width, …), and the first
  that matches wins, as in the combined expression;
- each terminal's expression is compiled once for all states, when a text character first makes
  it a candidate;
- Lark's "unless" rule (a string terminal that a regex terminal also matches is lexed by the
  regex, then renamed when the match equals the string) is computed per pair of terminals once,
  not per state.
"""

from __future__ import annotations

import os
import re

from copy import copy

from lark.lexer import BasicLexer, ContextualLexer, PatternRE, PatternStr

from cardlint.speed.first_chars import First, first_of
from cardlint.speed.lazydict import LazyDict

#: "any character may start this terminal"
_ANY = None
#: distinct text characters remembered per state (card text uses a few thousand; junk input must
#: not grow the memo without bound)
_MEMO_CHARS = 8192


def _first_chars(regexp: str, flags: int) -> First | None:
    return first_of(regexp, flags)


def index_key(terminals, flags: int) -> str:
    """The key of a stored :class:`TerminalIndex`: the terminals, the flags and this module's code —
    in plain values, the same for a parser just built and one loaded from its table file (whose
    pattern flags are a list, not a frozenset)."""
    import hashlib

    with open(__file__, "rb") as fh:
        h = hashlib.sha256(fh.read())
    with open(os.path.join(os.path.dirname(__file__), "first_chars.py"), "rb") as fh:
        h.update(fh.read())  # the analysis whose answers the index stores
    for t in terminals:
        h.update(f"{t.name}\0{t.priority}\0{t.pattern.to_regexp()}\0{sorted(t.pattern.flags)}\0".encode(
            "utf-8", "surrogatepass"))
    h.update(str(flags).encode())
    return h.hexdigest()[:16]


class TerminalIndex:
    """Per-terminal data shared by every state of one parser: compiled expression, first characters,
    and which string terminals each regex terminal also matches (Lark's "unless")."""

    def __init__(self, terminals, flags: int, stored: dict | None = None) -> None:
        self.flags = flags
        self._compiled: dict[str, re.Pattern] = {}
        self._hidden: dict[str, frozenset[str]] = {}
        self._strs = [t for t in terminals if isinstance(t.pattern, PatternStr)]
        # first characters, indexed: literal characters → terminal names; the terminals with
        # ranges, predicates or no known first character are checked one by one
        self._by_literal: dict[str, set[str]] = {}
        self._other: list[tuple[str, First | None]] = []
        self.firsts: dict[str, First | None] = {}
        firsts = (stored or {}).get("first") or {}
        for t in terminals:
            if t.name in firsts:
                first = _ANY if firsts[t.name] is None else First.from_json(firsts[t.name])
            else:
                first = _first_chars(t.pattern.to_regexp(), flags)
            self.firsts[t.name] = first
            for ch in first.chars if first is not _ANY else ():
                self._by_literal.setdefault(ch, set()).add(t.name)
            if first is _ANY or not first.literal_only:
                self._other.append((t.name, first))
        self._starting: dict[str, frozenset[str]] = {}
        hidden = (stored or {}).get("hidden") or {}
        self._hidden.update((name, frozenset(names)) for name, names in hidden.items())

    def stored(self, terminals) -> dict:
        """What :meth:`load` reads back: every terminal's first characters and every regex
        terminal's hidden strings (all computed now)."""
        for t in terminals:
            if isinstance(t.pattern, PatternRE):
                self.hidden_by(t)
        return {"first": {str(n): (None if f is _ANY else f.to_json()) for n, f in self.firsts.items()},
                "hidden": {str(n): sorted(v) for n, v in self._hidden.items()}}

    @classmethod
    def load(cls, terminals, flags: int) -> "TerminalIndex":
        """The index of ``terminals``, its first characters and hidden strings read from a table
        file (shipped, or in the user cache) keyed by the terminals and this module's code, when
        there is one — computing them takes a quarter of a second per start."""
        import hashlib
        import json
        import os
        import tempfile

        try:
            from cardlint.paths import cache_path

            path = cache_path(f"zh-lexer-{index_key(terminals, flags)}.json")
        except OSError:
            return cls(terminals, flags)
        try:
            return cls(terminals, flags, json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError, IndexError, KeyError):
            pass
        index = cls(terminals, flags)
        try:
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(index.stored(terminals), fh, ensure_ascii=False)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except OSError:
            pass  # costs start-up time only
        return index

    def compiled(self, t) -> re.Pattern:
        rx = self._compiled.get(t.name)
        if rx is None:
            rx = self._compiled[t.name] = re.compile(t.pattern.to_regexp(), self.flags)
        return rx

    def starting(self, ch: str) -> frozenset[str]:
        """The names of the terminals whose match may begin with ``ch``."""
        names = self._starting.get(ch)
        if names is None:
            names = set(self._by_literal.get(ch, ()))
            names.update(n for n, first in self._other if first is _ANY or ch in first)
            names = frozenset(names)
            if len(self._starting) < _MEMO_CHARS:
                self._starting[ch] = names
        return names

    def hidden_by(self, retok) -> frozenset[str]:
        """The string terminals (of the same priority) whose whole text ``retok`` matches."""
        hit = self._hidden.get(retok.name)
        if hit is None:
            rx = self.compiled(retok)
            hit = set()
            for s in self._strs:
                if s.priority == retok.priority:
                    m = rx.match(s.pattern.value)
                    if m and m.group(0) == s.pattern.value:
                        hit.add(s.name)
            hit = self._hidden[retok.name] = frozenset(hit)
        return hit


class _Unless:
    """Lark's UnlessCallback: a regex token whose text is one of the string terminals it hides is
    renamed to the first of them (in the state's terminal order)."""

    def __init__(self, strtoks, terms: TerminalIndex) -> None:
        self.by_value: dict[str, str] = {}
        self.folded: list[tuple[str, re.Pattern]] = []
        for s in strtoks:
            if s.pattern.flags or self.folded:
                # a case-insensitive string: keep the order exactly, by expression from here on
                self.folded.append((str(s.name), terms.compiled(s)))
            else:
                self.by_value.setdefault(s.pattern.value, str(s.name))

    def __call__(self, t):
        name = self.by_value.get(t.value)
        if name is None:
            name = next((n for n, rx in self.folded if rx.fullmatch(t.value)), None)
        if name is not None:
            t.type = name
        return t


class FastScanner:
    """What :class:`lark.lexer.Scanner` answers (``match``, ``allowed_types``), without the combined
    expression."""

    def __init__(self, terminals, terms: TerminalIndex) -> None:
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._terms = terms
        # plain str names, as Lark's scanner returns them (a cached parser's names are Tokens);
        # an expression is compiled when a text character first makes it a candidate: a state
        # accepts hundreds of terminals, a start-up lexes a few characters
        self._index = {t.name: i for i, t in enumerate(terminals)}
        self._by_char: dict[str, tuple] = {}

    def _candidates(self, ch: str) -> tuple:
        index, terminals, compiled = self._index, self.terminals, self._terms.compiled
        cands = tuple((str(terminals[i].name), compiled(terminals[i]))
                      for i in sorted(index[n] for n in self._terms.starting(ch) if n in index))
        if len(self._by_char) < _MEMO_CHARS:
            self._by_char[ch] = cands
        return cands

    def match(self, text, pos):
        s = text.text
        if pos >= text.end:
            return None
        ch = s[pos]
        cands = self._by_char.get(ch)
        if cands is None:
            cands = self._candidates(ch)
        end = text.end
        for name, rx in cands:
            m = rx.match(s, pos, end)
            if m:
                return m.group(0), name
        return None

    def fullmatch(self, text: str):
        compiled = self._terms.compiled
        for t in self.terminals:
            if compiled(t).fullmatch(text):
                return str(t.name)
        return None


class _FastBasicLexer(BasicLexer):
    """A state's lexer whose scanner is a :class:`FastScanner` (``_terms`` is set by :func:`install`)."""

    _terms: TerminalIndex

    def _build_scanner(self):
        # lark.lexer.BasicLexer._build_scanner with the unless pairs computed once per parser
        terms = self._terms
        strs = [t for t in self.terminals if isinstance(t.pattern, PatternStr)]
        embedded = set()
        self.callback = {}
        for retok in self.terminals:
            if not isinstance(retok.pattern, PatternRE):
                continue
            hidden = terms.hidden_by(retok)
            unless = [s for s in strs if s.name in hidden]
            if unless:
                embedded.update(s.name for s in unless if s.pattern.flags <= retok.pattern.flags)
                self.callback[retok.name] = _Unless(unless, terms)
        for type_, f in self.user_callbacks.items():
            if type_ in self.callback:
                prev = self.callback[type_]
                self.callback[type_] = lambda t, prev=prev, f=f, type_=type_: f(t) if prev(t).type == type_ else t
            else:
                self.callback[type_] = f
        return FastScanner([t for t in self.terminals if t.name not in embedded], terms)


def install(parser) -> None:
    """Give every state lexer of ``parser`` (a Lark LALR parser with the contextual lexer) the fast
    scanner; once per parser object, before its first parse."""
    lexer = getattr(getattr(parser, "parser", None), "lexer", None)
    states = getattr(lexer, "lexers", None)
    if states is None or getattr(parser, "_cardlint_fast_scanner", False):
        return
    conf = parser.lexer_conf
    if conf.use_bytes or getattr(conf, "re_module", re) is not re:
        return  # Lark's own scanner handles what this one does not
    terms = TerminalIndex.load(lexer.root_lexer.terminals, conf.g_regex_flags)

    def fast(basic) -> None:
        if type(basic) is BasicLexer and basic._scanner is None:
            basic.__class__ = _FastBasicLexer
            basic._terms = terms

    if hasattr(lexer, "on_new_lexer"):  # the loader's lazy contextual lexer: state lexers come later
        lexer.on_new_lexer = fast
        basics = lexer.built_lexers()
    else:
        basics = [*states.values(), lexer.root_lexer]
    for basic in {id(b): b for b in basics}.values():
        fast(basic)
    parser._cardlint_fast_scanner = True


class LazyContextualLexer(ContextualLexer):
    """Lark's contextual lexer with each parser state's lexer built when the parser first lexes
    in that state: Lark builds all of them (hundreds of ``BasicLexer`` objects for the Chinese
    grammar) when the parser is loaded, and reads every row of the parse table for it.  A state
    gets the lexer Lark would give it — the terminals of its row, the ignored ones and the
    post-lexer's — one object per distinct set; ``lex`` is Lark's."""

    __future_interface__ = 2

    def __init__(self, conf, *args, **kwargs) -> None:  # noqa: D107 — Lark's states come later (bind)
        self.conf = conf
        self.lexers = LazyDict(self.state_lexer)
        self._by_accepts: dict = {}
        self._table = None
        self._always: frozenset = frozenset()
        self._root = None
        #: called with each new state lexer before its first use (the Chinese front end swaps its
        #: scanner in)
        self.on_new_lexer = None

    def bind(self, parse_table, postlex) -> None:
        self._table = parse_table
        self._always = frozenset(postlex.always_accept if postlex else ())

    def _row_symbols(self, state):
        states = self._table.states
        codes = getattr(states, "codes", None)
        return codes(state).keys() if codes is not None else states[state].keys()

    def state_lexer(self, state):
        key = frozenset(self._row_symbols(state))
        lexer = self._by_accepts.get(key)
        if lexer is None:
            conf = self.conf
            accepts = set(key) | set(conf.ignore) | self._always
            lexer_conf = copy(conf)
            by_name = conf.terminals_by_name
            lexer_conf.terminals = [by_name[n] for n in accepts if n in by_name]
            lexer = self._by_accepts[key] = BasicLexer(lexer_conf)
            if self.on_new_lexer is not None:
                self.on_new_lexer(lexer)
        return lexer

    @property
    def root_lexer(self):
        if self._root is None:
            conf = copy(self.conf)
            conf.terminals = list(self.conf.terminals)
            conf.skip_validation = True
            self._root = BasicLexer(conf)
            if self.on_new_lexer is not None:
                self.on_new_lexer(self._root)
        return self._root

    def built_lexers(self) -> list:
        """The state lexers built so far and the root lexer, when built."""
        return list(self._by_accepts.values()) + ([self._root] if self._root is not None else [])
