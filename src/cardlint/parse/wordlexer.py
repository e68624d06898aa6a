"""A contextual word lexer for the Latin-script grammars (English, German).

Lark's contextual lexer compiles one combined regular expression per parser state.  With a few
hundred word terminals and large word classes (creature types, keyword names) that costs ~0.1 s per
state — seconds at start-up and tens of seconds over a corpus.  This lexer gives the same answers
(the terminals acceptable in the current parser state; the highest priority, then the longest
match) without per-state compilation:

- word literals (the ``_W_``/``WC_`` terminals that :func:`cardlint.parse.loader.bound_literals`
  generates) are looked up in a dictionary by the word at the position;
- word-class terminals whose pattern can only match one word (VERB, TYPE_WORD, …) are tested once
  per distinct word and the answer is memoised;
- everything else (multi-word terminals, lookaheads, symbols like ``{T}`` or ``+1/+1``) is matched
  with its own precompiled expression, only when the parser state accepts it.
"""

from __future__ import annotations

import re
from typing import Iterator

from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer, LexerState, PatternStr, Token

_WORD = re.compile(r"[^\W\d_][\w'\-]*|\d+")
_WORD_TERMINAL = re.compile(r"^(?:_W_|WC_)")
_BOUNDARY_SUFFIX = "(?![a-zäöüß0-9'\\-])"


def _literal_word(pattern_value: str) -> str | None:
    if pattern_value.endswith(_BOUNDARY_SUFFIX):
        return re.sub(r"\\(.)", r"\1", pattern_value[: -len(_BOUNDARY_SUFFIX)])
    return None


def _single_word(regex: str) -> bool:
    """True when the pattern can only ever match one whole word as ``_WORD`` splits it: no spaces,
    no look-ahead past the word, no symbols ({…}, […], +1/+1)."""
    if re.search(r" |\\s|\(\?=|\[\^|\\\[|\\\{|\\\+|/|~|,", regex):
        return False
    return True


class WordLexer(Lexer):
    __future_interface__ = 2

    def __init__(self, lexer_conf):
        self.terminals_by_name = {t.name: t for t in lexer_conf.terminals}
        self.ignore = set(lexer_conf.ignore)
        self.words: dict[str, list[tuple[int, str]]] = {}   # word → [(priority, terminal)]
        self.word_classes: list[tuple[str, int, re.Pattern]] = []
        self.others: list[tuple[str, int, re.Pattern]] = []
        self.ignore_res = []
        flags = lexer_conf.g_regex_flags
        for t in lexer_conf.terminals:
            regex = t.pattern.to_regexp()
            if t.name in self.ignore:
                self.ignore_res.append(re.compile(regex, flags))
                continue
            if _WORD_TERMINAL.match(t.name) and not isinstance(t.pattern, PatternStr):
                word = _literal_word(t.pattern.value)
                if word is not None:
                    self.words.setdefault(word, []).append((t.priority, t.name))
                    continue
            if not isinstance(t.pattern, PatternStr) and _single_word(regex):
                self.word_classes.append((t.name, t.priority, re.compile(regex, flags)))
            else:
                self.others.append((t.name, t.priority, re.compile(regex, flags)))
        self._memo: dict[str, list[tuple[int, str]]] = {}

    # ------------------------------------------------------------------ matching
    def _word_candidates(self, word: str) -> list[tuple[int, str]]:
        got = self._memo.get(word)
        if got is None:
            got = list(self.words.get(word, ()))
            # a literal word is also a member of its word classes ("creature" is a TYPE_WORD): the
            # parser state decides which one it is, the literal winning when both are acceptable
            for name, prio, rx in self.word_classes:
                if rx.fullmatch(word):
                    got.append((prio, name))
            self._memo[word] = got
        return got

    def _candidates(self, text: str, pos: int, accepts) -> tuple[tuple | None, tuple | None]:
        """(best acceptable match, best match of any kind) as (priority, length, terminal)."""
        best = anyb = None

        def offer(prio: int, length: int, name: str) -> None:
            nonlocal best, anyb
            cand = (prio, length, name)
            if name in accepts and (best is None or cand[:2] > best[:2]):
                best = cand
            if anyb is None or cand[:2] > anyb[:2]:
                anyb = cand

        m = _WORD.match(text, pos)
        if m:
            n = len(m.group(0))
            for prio, name in self._word_candidates(m.group(0)):
                offer(prio, n, name)
        # symbols are tried with every pattern; at a word, word classes were answered by the memo
        patterns = self.others if m else self.word_classes + self.others
        for name, prio, rx in patterns:
            mm = rx.match(text, pos)
            if mm and mm.end() > pos:
                offer(prio, mm.end() - pos, name)
        return best, anyb

    def tokenize(self, text: str) -> list[str]:
        """Lex ``text`` with every terminal allowed (no parser): the lexer-only cost for benchmarks."""
        out = []
        pos, end = 0, len(text)
        everything = _Everything()
        while pos < end:
            for rx in self.ignore_res:
                m = rx.match(text, pos)
                if m and m.end() > pos:
                    pos = m.end()
            if pos >= end:
                break
            best, _ = self._candidates(text, pos, everything)
            if best is None:
                pos += 1
                continue
            out.append(best[2])
            pos += best[1]
        return out

    def lex(self, lexer_state: LexerState, parser_state) -> Iterator[Token]:
        text_slice = lexer_state.text
        text = text_slice.text if hasattr(text_slice, "text") else text_slice
        end = text_slice.end if hasattr(text_slice, "end") else len(text)
        pos = lexer_state.line_ctr.char_pos
        states = parser_state.parse_conf.parse_table.states
        while pos < end:
            skipped = True
            while skipped and pos < end:
                skipped = False
                for rx in self.ignore_res:
                    m = rx.match(text, pos)
                    if m and m.end() > pos:
                        pos = m.end()
                        skipped = True
            if pos >= end:
                break
            accepts = states[parser_state.position]
            best, anyb = self._candidates(text, pos, accepts)
            if best is None:
                if anyb is not None:
                    tok = Token(anyb[2], text[pos:pos + anyb[1]], pos, 1, pos + 1)
                    raise UnexpectedToken(tok, set(accepts), state=parser_state,
                                          terminals_by_name=self.terminals_by_name)
                raise UnexpectedCharacters(text, pos, 1, pos + 1, allowed=set(accepts), state=parser_state,
                                           terminals_by_name=self.terminals_by_name)
            _, length, name = best
            value = text[pos:pos + length]
            tok = Token(name, value, pos, 1, pos + 1, 1, pos + length + 1, pos + length)
            pos += length
            lexer_state.line_ctr.char_pos = pos
            lexer_state.line_ctr.column = pos + 1
            lexer_state.last_token = tok
            yield tok


class _Everything:
    def __contains__(self, item) -> bool:
        return True
