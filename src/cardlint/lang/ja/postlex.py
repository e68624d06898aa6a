"""The Japanese post-lexer: the grammar's WORD tokens (runs of Japanese characters) → words with their
category terminals (:class:`JaPostLex`), and the lexer that hands it the text with the tokens
(:class:`JaLexer`), so that one parser serves any number of parses, also at once."""

from __future__ import annotations

import re

from lark import Token
from lark.lexer import BasicLexer

from cardlint.lang.ja import words as W
from cardlint.lang.ja.categories import categories
from cardlint.speed import plain_lark, terminal_index


_PT_START = re.compile(r"[+\-]?(?:\d+|X|\*)/[+\-]?(?:\d+|X|\*)")
_COUNTER_NAME = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ff]{1,8}カウンター")
_NEVER = re.compile(r"(?!)")


class Vocabulary:
    """Longest-match word lookup over the post-lexer's categories and the grammar's literals."""

    def __init__(self, *tables):
        # ASCII words, numbers, mana symbols and P/T are the lexer's other terminals, never a
        # Japanese word; dropping them here spares the test on every lookup
        self.words = {w for w in set().union(*tables)
                      if w and not w.isascii() and w[0] not in "0123456789X{" and "/" not in w}
        lengths: dict[str, set[int]] = {}
        for w in self.words:
            lengths.setdefault(w[0], set()).add(len(w))
        #: first character → the lengths of the words it starts, longest first (only those are tried)
        self.lengths = {c: tuple(sorted(ns, reverse=True)) for c, ns in lengths.items()}

    def match(self, text: str, pos: int, end: int | None = None) -> str | None:
        """The longest vocabulary word at ``text[pos:]`` (within ``end``), or None."""
        if pos >= len(text):
            return None
        room = (len(text) if end is None else end) - pos
        words = self.words
        for n in self.lengths.get(text[pos], ()):
            if n <= room:
                w = text[pos:pos + n]
                if w in words:
                    return w
        return None


class JaPostLex:
    """WORD tokens (runs of Japanese characters) → words, each the grammar's literal terminal it
    spells or its category terminal.

    The lexer's WORD terminal only finds a run of Japanese characters; this post-lexer splits it
    at each position into the longest vocabulary word, the way the longest-match regex did
    (a ``…カウンター`` counter name first, as the grammar's COUNTER_NAME terminal outranks WORD).
    A position where no word starts yields an ``UNKNOWN`` token, which no rule accepts."""

    always_accept = ("WORD",)

    def __init__(self):
        self.literals: dict[str, str] = {}
        self._vocab: Vocabulary | None = None
        # the same runs ("クリーチャー", "あなたがコントロールする") recur in most clauses; a run's
        # words and their terminals depend only on the run and the vocabulary (but for a copula
        # that ends the run, see _named), so they are computed once per run
        self._named_runs: dict[str, list[tuple[int, str, str, bool]]] = {}

    def bind(self, parser) -> None:
        for t in parser.terminals:
            if t.pattern.type == "str":
                self.literals[t.pattern.value] = t.name
        self._vocab = Vocabulary(categories(), self.literals)
        self._named_runs.clear()

    @property
    def vocab(self) -> Vocabulary:
        if self._vocab is None:
            self._vocab = Vocabulary(categories(), self.literals)
        return self._vocab

    def _name(self, v: str) -> str:
        name = self.literals.get(v)
        if name is None:
            c = categories().get(v)
            name = c[0] if c else "N"
        return name

    def split(self, run: str) -> list[tuple[int, str, str | None]]:
        """(offset, word, forced terminal or None) for each word of a run."""
        out = []
        i, n = 0, len(run)
        vocab = self.vocab
        counter = _COUNTER_NAME if "カウンター" in run else _NEVER    # most runs name no counter
        while i < n:
            m = counter.match(run, i)
            if m:
                out.append((i, m.group(0), "COUNTER_NAME"))
                i = m.end()
                continue
            w = vocab.match(run, i, n)
            if w is None:
                # unknown: up to the next position where a word (or a counter name) starts
                j = i + 1
                while j < n and vocab.match(run, j, n) is None and not counter.match(run, j):
                    j += 1
                out.append((i, run[i:j], "UNKNOWN"))
                i = j
                continue
            out.append((i, w, None))
            i += len(w)
        return out

    def process(self, stream, text: str | None = None):
        """The words of ``stream``'s runs; ``text`` (by default the stream's, see :class:`JaLexer`)
        is what the runs were lexed from, read past a run's end to tell a copula before a noun."""
        if text is None:
            text = getattr(stream, "text", "")
        for tok in stream:
            if tok.type != "WORD":
                yield tok
                continue
            run = str(tok)
            named = self._named_runs.get(run)
            if named is None:
                named = self._named(run)
                if len(self._named_runs) < _RUN_CACHE_SIZE:
                    self._named_runs[run] = named
            base = tok.start_pos or 0
            col = tok.column or 1
            if len(named) == 1:
                # a run that is one word: the lexer's token, renamed (no new Token to build)
                _, _, name, peek = named[0]
                tok.type = "RELCOP" if peek and self._next_is_noun(text, base + len(run)) else name
                yield tok
                continue
            for off, w, name, peek in named:
                if peek and self._next_is_noun(text, base + len(run)):
                    name = "RELCOP"
                yield Token(name, w, base + off, tok.line, col + off, tok.line, col + off + len(w),
                            base + off + len(w))

    def _named(self, run: str) -> list[tuple[int, str, str, bool]]:
        """(offset, word, terminal, peek) for each word of a run; ``peek``: the word is a copula
        ending the run, a RELCOP if the text after the run starts with a noun."""
        pieces = self.split(run)
        out = []
        for k, (off, w, forced) in enumerate(pieces):
            name = forced or self._name(w)
            peek = False
            # "土地でないカード", "インスタントかソーサリーである呪文": a copula directly before a
            # noun is a relative clause.  The next word is peeked (not lexed ahead: the
            # contextual lexer must lex it in the parser state after this token).
            if forced is None and w == "であり" and k + 2 < len(pieces) and \
                    self._name(pieces[k + 1][1]) == "COLOR" and pieces[k + 2][1] in _REL_COPULAS:
                # "赤であり白である…トークン": a color conjunction inside a relative clause
                name = "RELAND"
            elif forced is None and w in _REL_COPULAS:
                if k + 1 < len(pieces):
                    nxt = pieces[k + 1]
                    if self._is_noun_word(nxt[1], nxt[2]):
                        name = "RELCOP"
                else:
                    peek = True
            if name == "ADV" and w in W.GENITIVE_NOUNS and k and pieces[k - 1][1] == "の":
                name = "N"
            elif name == "ADV" and w in W.POSTVERBAL_SUBORDINATORS and k and \
                    self._name(pieces[k - 1][1]) == "V":
                name = "SUB"
            out.append((off, w, name, peek))
        return out

    def _is_noun_word(self, w: str, forced: str | None) -> bool:
        if forced == "COUNTER_NAME":
            return True
        if forced is not None or w in self.literals:
            return False
        c = categories().get(w)
        return bool(c) and c[0] in _NOUN_START

    def _next_is_noun(self, text: str, pos) -> bool:
        if pos is None or pos >= len(text):
            return False
        if text[pos] in "~《":
            return True
        if _PT_START.match(text, pos):
            return True  # "緑である4/4の…": a P/T begins the noun phrase
        if _COUNTER_NAME.match(text, pos):
            return True
        w = self.vocab.match(text, pos)
        return w is not None and self._is_noun_word(w, None)

    def __repr__(self) -> str:  # stable: part of the parse-table cache key
        return "JaPostLex()"


_RUN_CACHE_SIZE = 50_000
_REL_COPULAS = {"である", "でない", "ではない", "でもある"}
_NOUN_START = {"N", "SUBTYPE", "KW", "COLOR", "DET", "SELF", "NAME", "COUNTER_NAME"}


class TextStream:
    """A lexer's tokens together with the text they were lexed from."""

    __slots__ = ("tokens", "text")

    def __init__(self, tokens, text: str) -> None:
        self.tokens = tokens
        self.text = text

    def __iter__(self):
        return iter(self.tokens)


class JaLexer(BasicLexer):
    """Lark's basic lexer whose token stream carries its text (:class:`TextStream`): the post-lexer
    reads the text after a word run from the stream of the parse at hand, never from shared state.

    Lark's scanner is one combined expression of all ~150 terminals, tried alternative by
    alternative at every token ("。" fails through a hundred word literals first): that was most
    of the lexer's time.  :meth:`match` tries, per text character, the combined expression of
    only the terminals whose match can begin with that character, in Lark's order — the first
    alternative that matches is the same, so the token is the same.  With the speed layer off
    (``CARDLINT_PLAIN_LARK``) Lark's own scanner answers, which ``tests/test_speed_plain.py``
    compares against."""

    __future_interface__ = 2
    #: Lark's lexing (the same tokens): the plain-Lark path (CARDLINT_PLAIN_LARK) keeps this lexer
    lark_lexing = True

    def lex(self, state, parser_state):
        text = state.text
        return TextStream(super().lex(state, parser_state), getattr(text, "text", text))

    def match(self, text, pos):
        by_char = self.__dict__.get("_by_char")
        if by_char is None:
            by_char = self._by_char = {} if not plain_lark() else False
        if by_char is False:
            return self.scanner.match(text, pos)
        s = text.text
        rx = by_char.get(s[pos])
        if rx is None:
            rx = self._scanner_for(s[pos], by_char)
            if rx is None:
                return self.scanner.match(text, pos)
        m = rx.match(s, pos, text.end)
        if m:
            return m.group(0), m.lastgroup
        return None

    def _scanner_for(self, ch: str, by_char: dict):
        """The combined expression of the scanner's terminals that may begin with ``ch``, up to the
        first that surely matches there (None: use Lark's own, for a character past the memo's
        bound).  Few distinct expressions result (~20 over a corpus), each compiled once."""
        if len(by_char) >= _MEMO_CHARS:
            return None     # junk input: a few thousand characters are card text's
        known = self.__dict__.get("_known")
        if known is None:
            scanner = self.scanner
            index = terminal_index(scanner.terminals, scanner.g_regex_flags)
            known = self._known = ([(t, index.firsts.get(t.name)) for t in scanner.terminals], {}, {})
        terms, compiled, alone = known
        names = []
        for t, first in terms:
            if first is None or ch in first:
                names.append(t.name)
                if self._surely_matches(t, ch, alone):
                    break   # the terminals after it are never reached at this character
        names = tuple(names)
        rx = compiled.get(names)
        if rx is None:
            if names:
                pattern = "|".join("(?P<%s>%s)" % (t.name, t.pattern.to_regexp())
                                   for t, _ in terms if t.name in names)
                try:
                    rx = self.re.compile(pattern, self.scanner.g_regex_flags)
                except AssertionError:   # too many groups for the re module: Lark's scanner splits
                    return None
            else:
                rx = _NEVER
            compiled[names] = rx
        by_char[ch] = rx
        return rx

    def _surely_matches(self, t, ch: str, alone: dict) -> bool:
        """Does terminal ``t`` match wherever the text has ``ch``?  When its expression has no
        assertion (no look-around, anchor or word boundary) and matches ``ch`` by itself: a match
        of a prefix of the text does not depend on what follows."""
        rx = alone.get(t.name)
        if rx is None:
            regexp = t.pattern.to_regexp()
            rx = alone[t.name] = False if _ASSERTIONS.search(regexp) else \
                self.re.compile(regexp, self.scanner.g_regex_flags)
        return rx is not False and rx.match(ch) is not None


#: what makes a match depend on the text around it (conservatively: any escape of a letter that is
#: an assertion, any group that looks around, any anchor)
_ASSERTIONS = re.compile(r"\\[bBAZ]|\(\?<?[=!]|\^|\$")
#: distinct text characters whose scanner :class:`JaLexer` remembers (card text uses a few thousand)
_MEMO_CHARS = 8192
