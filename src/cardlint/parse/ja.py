"""Japanese front end: NFKC text → self-reference, cost/keyword markers → Lark LALR (grammar/ja.lark)
→ IR (via :mod:`cardlint.parse.ja_build`).

Japanese has no spaces: the grammar's WORD terminal (a longest-match regex over the vocabulary of
:mod:`cardlint.parse.ja_words` / :mod:`cardlint.parse.ja_vocab`) splits words, and
:class:`JaPostLex` gives each word its grammatical category before the LALR parser sees it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from lark import Token

from cardlint.ir import FORM_KEYWORD, FORM_STATEMENT, ClauseIR, Effect, Keyword
from cardlint.parse import ja_vocab, ja_words as W
from cardlint.parse.frontend import Frontend
from cardlint.parse.loader import load_grammar
from cardlint.text.normalize import REMINDER_RE, nfkc, squash
from cardlint.text.segment import KEYWORD_SEPARATORS, Segment

COST_MARK = "§"
KW_MARK = "¶"


@lru_cache(maxsize=1)
def categories() -> dict[str, tuple[str, str, tuple]]:
    """word → (category, lemma/gloss, features)."""
    cat: dict[str, tuple[str, str, tuple]] = {}
    for s, (c, lemma, feats) in W.conjugate().items():
        cat[s] = (c, lemma, feats)
    for w, g in W.ADJECTIVES.items():
        cat.setdefault(w, ("ADJ", g, ()))
    for table, c in ((W.SUBORDINATORS, "SUB"), (W.ADVERBS, "ADV"), (W.DETERMINERS, "DET")):
        for w, g in table.items():
            cat[w] = (c, g, ())
    for w, g in W.all_nouns().items():
        cat[w] = ("N", g, ())
    for w in W.COLORS:
        cat[w] = ("COLOR", W.COLORS[w], ())
    for w in ja_vocab.SUBTYPES:
        cat[w] = ("SUBTYPE", w, ())
    for w, kid in ja_vocab.KEYWORDS.items():
        if w in W.CARD_TYPES or w in W.SURU:
            continue  # "エンチャント", "装備": the noun/verb reading; keyword lines accept N too
        cat[w] = ("KW", kid, ())
    return cat


class JaPostLex:
    """WORD tokens → the grammar's literal terminal they spell, or their category terminal."""

    always_accept = ("WORD",)

    def __init__(self):
        self.literals: dict[str, str] = {}

    def bind(self, parser) -> None:
        for t in parser.terminals:
            if t.pattern.type == "str":
                self.literals[t.pattern.value] = t.name

    def _name(self, tok) -> str:
        if tok.type != "WORD":
            return tok.type
        v = str(tok)
        name = self.literals.get(v)
        if name is None:
            c = categories().get(v)
            name = c[0] if c else "N"
        return name

    def process(self, stream):
        for tok in stream:
            if tok.type != "WORD":
                yield tok
                continue
            name = self._name(tok)
            # "土地でないカード", "インスタントかソーサリーである呪文": a copula directly before a
            # noun is a relative clause.  The next word is peeked in the text (not lexed ahead:
            # the contextual lexer must lex it in the parser state after this token).
            if str(tok) in _REL_COPULAS and self._next_is_noun(tok.end_pos):
                name = "RELCOP"
            yield Token.new_borrow_pos(name, str(tok), tok)

    text = ""

    def _next_is_noun(self, pos) -> bool:
        text = self.text
        if pos is None or pos >= len(text):
            return False
        if text[pos] in "~《":
            return True
        m = _word_re().match(text, pos)
        if not m:
            return False
        w = m.group(0)
        if w in self.literals:
            return False
        c = categories().get(w)
        return bool(c) and c[0] in _NOUN_START

    def __repr__(self) -> str:  # stable: part of the parse-table cache key
        return "JaPostLex()"


_REL_COPULAS = {"である", "でない", "ではない", "でもある"}
_NOUN_START = {"N", "SUBTYPE", "KW", "COLOR", "DET", "SELF", "NAME", "COUNTER_NAME"}
_POSTLEX = JaPostLex()


@lru_cache(maxsize=1)
def _word_re():
    from cardlint.paths import grammar_dir

    src = (grammar_dir() / "ja_lexicon.lark").read_text(encoding="utf-8")
    m = re.search(r"^WORD\.\d+: /(.*)/$", src, re.M)
    return re.compile(m.group(1))

# ----------------------------------------------------------------------------- normalisation
_PAREN_PARAM = re.compile(r"^(プロテクション|エンチャント|Lvアップ)\s*[(（]([^()（）。]{1,30})[)）]")
_LOYALTY = re.compile(r"^\s*\[?([+\-−]?(?:\d+|X))\]?\s*:")
_SPACES = re.compile(r"[ \u3000\t]+")
_THIS = re.compile(r"この(?:クリーチャー|呪文|カード|パーマネント|土地|アーティファクト|エンチャント|オーラ|装備品|"
                   r"プレインズウォーカー|城砦|機体|トークン|オブジェクト)(?!・)")


def name_variants_ja(name: str | None) -> list[str]:
    if not name:
        return []
    out = []
    for part in re.split(r"\s*//\s*", nfkc(name).strip()):
        if not part:
            continue
        out.append(part)
        if "、" in part:  # "忠実な癒し手、ニアンビ" → "ニアンビ" (the name after the epithet)
            short = part.rsplit("、", 1)[1].strip()
            if len(short) >= 2:
                out.append(short)
    return sorted(set(out), key=len, reverse=True)


def replace_self(text: str, name: str | None) -> str:
    for n in name_variants_ja(name):
        text = text.replace("《" + n + "》", "~").replace(n, "~")
    text = _THIS.sub("~", text)
    return text


def _colon_outside_quotes(text: str) -> int:
    depth = 0
    for i, ch in enumerate(text):
        if ch == "「":
            depth += 1
        elif ch == "」":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0:
            return i
    return -1


def mark_costs(text: str) -> str:
    """"§" before an activated ability's cost (also inside 「…」 granted abilities)."""
    m = _LOYALTY.match(text)
    if m:
        v = m.group(1).replace("−", "-")
        return COST_MARK + "[" + v + "]" + text[m.end() - 1:]
    colon = _colon_outside_quotes(text)
    if colon > 0 and "。" not in text[:colon] and "•" not in text[:colon]:
        text = COST_MARK + text
    # granted abilities: 「{T}:…」
    out = []
    i = 0
    while True:
        j = text.find("「", i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j + 1])
        k = text.find("」", j)
        inner = text[j + 1:k] if k > 0 else text[j + 1:]
        c = _colon_outside_quotes(inner)
        if c > 0 and "。" not in inner[:c]:
            out.append(COST_MARK)
        i = j + 1
    return "".join(out)


class JapaneseFrontend(Frontend):
    lang = "ja"
    grammar = "ja.lark"
    start = "start"

    @property
    def parser(self):
        # One basic lexer: the WORD terminal is a large trie regex, and a contextual lexer would
        # compile it once per parser state (seconds of cold start); the post-lexer already gives
        # words their categories, so per-state lexing buys nothing here.
        p = load_grammar(self.grammar, start=self.start, postlex=_POSTLEX, lexer="basic")
        if not _POSTLEX.literals:
            _POSTLEX.bind(p)
        return p

    def parse_text(self, norm: str):
        _POSTLEX.text = norm
        return self.parser.parse(norm)

    # --- keyword detection (segmentation and keyword lines) -------------------------------
    def is_keyword(self, fragment: str) -> bool:
        f = squash(nfkc(fragment)).strip().rstrip("。")
        f = REMINDER_RE.sub("", f).strip()
        if not f:
            return False
        kws = ja_vocab.KEYWORDS
        for n in sorted(kws, key=len, reverse=True):
            if f.startswith(n):
                rest = f[len(n):].strip()
                return (not rest or bool(re.fullmatch(r"(?:[(（][^()（）。]{1,30}[)）])?\s*"
                                                       r"(?:[0-9X]+)?\s*(?:[―—]\s*)?(?:\{[^}]+\}\s*)*"
                                                       r"(?:[,、][^。]*)?", rest))) and "。" not in rest
        return False

    def _keyword_line(self, body: str) -> bool:
        parts = [p for p in KEYWORD_SEPARATORS.split(body.strip().rstrip("。")) if p]
        return bool(parts) and all(self.is_keyword(p) for p in parts[:1]) and (
            len(parts) == 1 or all(self.is_keyword(p) for p in parts))

    # --- normalisation -----------------------------------------------------------------------
    def normalize(self, body: str, name: str | None) -> str:
        text = nfkc(body)
        text = _SPACES.sub("", text) if not re.search(r"[A-Za-z] [A-Za-z]", text) else text
        text = replace_self(text, name)
        text = text.replace("〜", "~").replace("～", "~")
        if self._keyword_line(text):
            return KW_MARK + text
        return mark_costs(text)

    def clause(self, seg: Segment, name: str | None = None) -> ClauseIR:
        # "プロテクション(黒)", "エンチャント(クリーチャー)": the parenthesis is the keyword's parameter,
        # not reminder text — put it back into the body before the grammar sees it.
        if not seg.reminder_only:
            t = nfkc(seg.text).strip()
            m = _PAREN_PARAM.match(t)
            if m and not seg.body.startswith(m.group(0)):
                rest = REMINDER_RE.sub("", t[m.end():]).strip()
                seg = replace(seg, body=squash(m.group(0) + rest))
        return super().clause(seg, name)

    # --- IR ----------------------------------------------------------------------------------
    def build(self, tree, seg: Segment, norm: str) -> ClauseIR:
        from cardlint.parse.ja_build import build_clause

        return build_clause(tree, seg, norm)

    def fallback(self, seg: Segment, norm: str, error: str) -> ClauseIR:
        from cardlint.parse.ja_build import fallback_clause

        return fallback_clause(seg, norm, error)

    def is_spell_type(self, type_line: str | None) -> bool | None:
        if not type_line:
            return None
        t = nfkc(type_line)
        if re.search(r"インスタント|ソーサリー|instant|sorcery", t, re.I):
            return True
        return False


FRONTEND = JapaneseFrontend()
