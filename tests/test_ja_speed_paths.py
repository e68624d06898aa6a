"""The Japanese front end's fast paths (first-character keyword index, per-run post-lexer cache,
shortcut scans) must give exactly what the plain definitions give, on real ja.jsonl text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark.lexer import LexerThread

from cardlint.lang.ja import frontend as ja
from cardlint.lang.ja.categories import categories
from cardlint.lang.ja.frontend import FRONTEND
from cardlint.lang.ja.postlex import JaPostLex
from cardlint.text.quotes import first_outside

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mtg" / "ja.jsonl"


def _lines(step: int = 40) -> list[tuple[str, str | None]]:
    if not CORPUS.exists():
        pytest.skip("ja.jsonl corpus not available")
    out = []
    with open(CORPUS, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i % step == 0:
                r = json.loads(line)
                out.extend((t, r.get("tname")) for t in (r.get("text") or "").split("\n") if t.strip())
    return out


def _tokens(postlex: JaPostLex, text: str) -> list[tuple]:
    basic = FRONTEND.parser._build_lexer()
    try:
        return [(t.type, str(t), t.start_pos, t.end_pos, t.column, t.end_column)
                for t in postlex.process(LexerThread.from_text(basic, text).lex(None), text)]
    except Exception as exc:  # noqa: BLE001 — a character no terminal matches: compare up to there
        return [("error", type(exc).__name__)]


def test_keyword_index_matches_linear_scan():
    kws = ja._keywords_by_length()
    for text, _ in _lines():
        t = ja.nfkc(text)
        for i in range(len(t)):
            rest = t[i:]
            assert ja._keyword_at_start(rest) == next((k for k in kws if rest.startswith(k)), None), rest


def test_full_stops_and_colons_match_the_quote_aware_scans():
    def colon(text):
        depth = 0
        for i, ch in enumerate(text):
            if ch == "「":
                depth += 1
            elif ch == "」":
                depth = max(0, depth - 1)
            elif ch == ":" and depth == 0:
                return i
        return -1

    for text, _ in _lines(10):
        t = ja.nfkc(text)
        assert ja._full_stops_outside(t) == [i for i, ch in ja._outside(t) if ch == "。"]
        assert first_outside(t, ":") == colon(t)


def test_vocabulary_match_is_the_longest_japanese_word():
    vocab = FRONTEND.parser and ja._POSTLEX.vocab
    words = set(categories()) | set(ja._POSTLEX.literals)
    longest = max(map(len, words))

    def naive(text, pos):
        for n in range(min(longest, len(text) - pos), 0, -1):
            w = text[pos:pos + n]
            if w in words and not w.isascii() and w[0] not in "0123456789X{" and "/" not in w:
                return w
        return None

    for text, _ in _lines(80):
        t = ja.nfkc(text)
        for i in range(len(t)):
            assert vocab.match(t, i) == naive(t, i), (t, i)


def test_cached_runs_lex_like_a_cold_post_lexer():
    FRONTEND.parser  # binds the shared post-lexer
    warm = ja._POSTLEX
    cold = JaPostLex()
    cold.bind(FRONTEND.parser)
    for text, name in _lines(25):
        norm = FRONTEND.normalize(ja.squash(ja.REMINDER_RE.sub("", ja.nfkc(text))), name)
        for part in norm.split(ja.GLUE):
            cold._named_runs.clear()
            assert _tokens(warm, part) == _tokens(cold, part), part


def test_copula_ending_a_run_depends_on_the_text_after_it():
    """The same run is a relative copula before a P/T and a predicate before "。", whatever the
    cache holds.  The first text is a real clause; the second cuts it after the copula, so that the
    very same run is followed by "。"."""
    FRONTEND.parser
    before_pt = "速攻を持つ赤であり白である1/1の兵士・クリーチャー・トークンを2体生成する。"
    at_end = "速攻を持つ赤であり白である。"
    for _ in range(2):  # the second round reads the cached run
        types = {v: t for t, v, *_ in _tokens(ja._POSTLEX, before_pt)}
        assert types["である"] == "RELCOP"
        types = {v: t for t, v, *_ in _tokens(ja._POSTLEX, at_end)}
        assert types["である"] != "RELCOP"


def test_two_parses_at_once_each_read_their_own_text():
    """The parser's lexer hands each parse its own text: two token streams consumed in turns (as
    two parses in flight on the one shared parser) give what each gives alone."""
    lexer = FRONTEND.parser.parser.lexer            # the post-lexer over the Japanese lexer
    before_pt = "速攻を持つ赤であり白である1/1の兵士・クリーチャー・トークンを2体生成する。"
    at_end = "速攻を持つ赤であり白である。"

    def stream(text):
        return LexerThread.from_text(lexer, text).lex(None)

    def alone(text):
        return [(t.type, str(t)) for t in stream(text)]

    streams = {before_pt: stream(before_pt), at_end: stream(at_end)}
    got: dict[str, list] = {before_pt: [], at_end: []}
    while streams:
        for text, tokens in list(streams.items()):   # one token of each parse in turn
            t = next(tokens, None)
            if t is None:
                del streams[text]
            else:
                got[text].append((t.type, str(t)))
    got_a, got_b = got[before_pt], got[at_end]
    assert got_a == alone(before_pt) and got_b == alone(at_end)
    assert ("RELCOP", "である") in got_a and ("RELCOP", "である") not in got_b


def test_glued_parts_cache_returns_fresh_lists():
    for text, name in _lines(400):
        first = ja.glued_parts(text, name)
        first.append("x")                  # a caller's list must not alter the cached answer
        assert ja.glued_parts(text, name) == first[:-1]
