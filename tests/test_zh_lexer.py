"""The Chinese grammar's fast state scanner (cardlint.speed.state_lexer) answers exactly as Lark's own.

For the parser states a few real clauses go through, Lark's scanner (the combined expression of the
state's terminals, and its "unless" renaming) is rebuilt beside the fast one and both are asked for
the token at every position of the clauses and of some junk."""

from __future__ import annotations

import pytest
from lark.lexer import BasicLexer, TextSlice, Token

from cardlint.lang.zh.frontend import FRONTEND
from cardlint.speed.state_lexer import FastScanner, _first_chars

CLAUSES = [
    "直到回合结束,至多两个目标生物各得+1/+0且获得先攻异能",
    "§{T}:加一点任意颜色的法术力到你的法术力池中",
    "由你操控的其他精怪生物得+1/+1并具有辟邪异能",
    "当~进战场时,你可以从你的坟墓场中将目标生物牌移回你手上",
    "除其原本类别外,~还是生物",
    "反黑保护",
    "佩带{3}",
    "所结附的生物基础力量与防御力为1/1",
]
JUNK = ["", "\x00\x01", "「「「", "{t}:{q}", "+x/+x", "１２３", "生物" * 40, "abc def"]


@pytest.fixture(scope="module")
def state_lexers():
    parser = FRONTEND.parser
    for text in CLAUSES:
        FRONTEND._parse(FRONTEND.normalize(text, None))
    lexers = {id(b): b for b in parser.parser.lexer.lexers.values() if b._scanner is not None}
    assert lexers, "no state lexer was used"
    return list(lexers.values())


def _answers(lexer, scanner, callbacks, texts):
    out = []
    for text in texts:
        for pos in range(len(text) + 1):
            res = scanner.match(TextSlice(text, 0, len(text)), pos)
            if res is not None and res[1] in callbacks:
                res = (res[0], callbacks[res[1]](Token(res[1], res[0])).type)
            out.append(res)
    return out


def test_fast_scanner_is_installed(state_lexers):
    assert all(isinstance(b.scanner, FastScanner) for b in state_lexers)


def test_same_tokens_as_lark(state_lexers):
    texts = [FRONTEND.normalize(t, None) for t in CLAUSES] + JUNK
    for lexer in state_lexers[:40]:
        fast, fast_callbacks = lexer.scanner, dict(lexer.callback)
        lark_scanner = BasicLexer._build_scanner(lexer)  # Lark's own, for the same terminals
        lark_callbacks, lexer.callback = dict(lexer.callback), fast_callbacks
        assert fast.allowed_types == lark_scanner.allowed_types
        assert _answers(lexer, fast, fast_callbacks, texts) == _answers(lexer, lark_scanner, lark_callbacks, texts)


@pytest.mark.parametrize("regexp, inside, outside", [
    (r"(?:每当|当)", ["每", "当"], ["时", "a"]),
    (r"[0-9]+(?![\/0-9])|[一二两三]+|X(?!\/)", ["7", "两", "X"], ["x", "四"]),
    (r"(?!选择)[\u4e00-\u9fff]{2,6}(?=—)", ["选", "地"], ["{", "1"]),
    (r"[\u4e00-\u9fff]{0,4}?指示物", ["指", "岁"], ["+"]),
    (r"(?i:\{t\})", ["{"], ["t"]),
    (r"\d+", ["3", "٣"], ["x"]),  # a Unicode digit is a digit for the regex engine too
])
def test_first_characters(regexp, inside, outside):
    first = _first_chars(regexp, 0)
    assert first is not None
    assert all(ch in first for ch in inside)
    assert not any(ch in first for ch in outside)


def test_unreadable_first_characters_mean_anywhere():
    assert _first_chars(r".+", 0) is None
    assert _first_chars(r"[^a]", 0) is None
    assert _first_chars(r"a?", 0) is None  # may match empty: no first character
