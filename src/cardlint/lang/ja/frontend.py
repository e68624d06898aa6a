"""Japanese front end: NFKC text → self-reference, cost/keyword markers → Lark LALR (grammar/ja.lark)
→ IR (via :mod:`cardlint.lang.ja.builder`).

Japanese has no spaces: the grammar's WORD terminal (a longest-match regex over the vocabulary of
:mod:`cardlint.lang.ja.words` / :mod:`cardlint.lang.ja.vocab`) splits words, and
:class:`JaPostLex` gives each word its grammatical category before the LALR parser sees it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from cardlint.ir import FORM_KEYWORD, FORM_STATEMENT, ClauseIR, Effect, Keyword
from cardlint.lang.ja import vocab as ja_vocab
from cardlint.lang.ja.postlex import JaLexer, JaPostLex
from cardlint.lang.frontend import MAX_CLAUSE_CHARS, Frontend
from cardlint.speed import load_grammar
from cardlint.text.normalize import REMINDER_RE, nfkc, squash
from cardlint.text.quotes import chars_outside, first_outside
from cardlint.text.segment import KEYWORD_SEPARATORS, Segment

#: nfkc() of a segment's text, which resegment() and clause() both need
_nfkc = lru_cache(maxsize=4096)(nfkc)

COST_MARK = "§"
KW_MARK = "¶"


# ----------------------------------------------------------------------------- normalisation
_PAREN_PARAM = re.compile(r"^(プロテクション|エンチャント|Lvアップ|連繋)\s*[(（]([^()（）。]{1,30})[)）]")
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
        if " " in part or "\u3000" in part:
            # "魏の大将軍 司馬懿": the text's spaces are removed (normalize), so the name's are too
            out.append(_SPACES.sub("", part))
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


_QUOTED_MODES = re.compile(r"^(.*?以下の[^。「」]*選ぶ。)((?:「(?:[^「」]|「[^「」]*」)*」)+)$")
_MODE = re.compile(r"「((?:[^「」]|「[^「」]*」)*)」")


def _quoted_modes(text: str) -> str:
    """"以下の2つから1つを選ぶ。「A」「B」": the old template quotes the modes; they are the
    bullets of a modal ability ("Choose one — • A • B")."""
    m = _QUOTED_MODES.match(text)
    if not m:
        return text
    return m.group(1) + "".join(" • " + x for x in _MODE.findall(m.group(2)))


@lru_cache(maxsize=1)
def _old_wordings() -> tuple:
    from cardlint.lang.ja import words as W

    return tuple((re.compile(p), kw) for p, kw in W.OLD_WORDINGS)


def _old_keyword_wording(text: str) -> str:
    """"あなたは~を、あなたがインスタントをプレイできるときならいつでもプレイしてよい。" (the old Flash
    sentence, kb/vocab/ja.yaml ``old_wordings``) → the keyword's name."""
    for pat, kw in _old_wordings():
        if pat.match(text):
            return kw
    return text


_ABILITY_WORD = re.compile(r"^[^\s、。:,「」(){}0-9X~§¶•―—]{1,16}\s*[―—]+\s*")


def mark_costs(text: str) -> str:
    """"§" before an activated ability's cost (also inside 「…」 granted abilities)."""
    m = _ABILITY_WORD.match(text)
    if m and not re.match(r"(?:I|II|III|IV|V|VI)\b", text):
        # "湧血 ― {R}{G}, …を捨てる:…": the ability word comes before the cost
        return m.group(0) + mark_costs(text[m.end():])
    m = _LOYALTY.match(text)
    if m:
        # (and the abilities it grants, below: "-8:…各吸血鬼はそれぞれ「{T}:…」を得る")
        v = m.group(1).replace("−", "-")
        text = COST_MARK + "[" + v + "]" + text[m.end() - 1:]
    else:
        colon = first_outside(text, ":")
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
        c = first_outside(inner, ":")
        if c > 0 and "。" not in inner[:c]:
            out.append(COST_MARK)
        i = j + 1
    return "".join(out)


GLUE = "‖"
_PARAM_KEYWORDS = ("プロテクション", "エンチャント", "連繋")
_PAREN = re.compile(r"\s*[(（][^()（）]*[)）]")
_OLD_TAP = re.compile(r"^\s*[(（]T[)）](?=\s*[,:：、])")
_KW_NUMBER = re.compile(r"\s*(?:(?:\{[^}]+\})+|[0-9X]+)")
_ACTIVATED_START = re.compile(r"\s*(?:\{[^}]+\}|[+\-−]?\d+:)[^。「」()（）]{0,60}?:")


def _glued_keyword(text: str, name: str | None) -> int | None:
    """A keyword ability printed on the same line as the next ability, without a line break (a
    data glitch of some Japanese texts): "絆魂(…)~が死亡したとき、…", "飛行{1}{B}:…",
    "エンチャント(クリーチャー)エンチャントされているクリーチャーは…".  Returns where the next
    ability starts."""
    kw = _keyword_at_start(text)
    if kw is None:
        return None
    i = len(kw)
    had_paren = False
    if kw in _PARAM_KEYWORDS:
        m = _PAREN.match(text, i)
        if not m:
            return None
        i = m.end()
    if not _ACTIVATED_START.match(text, i):
        m = _KW_NUMBER.match(text, i)           # "キッカー{B}(…)", "高名1(…)": the keyword's parameter
        if m and _PAREN.match(text, m.end()):
            i = m.end()
    while True:
        m = _PAREN.match(text, i)
        if not m:
            break
        had_paren = True
        i = m.end()
    rest = text[i:].strip()
    if not rest or rest[0] in "、,;。(（―—" or GLUE in rest:
        return None
    if not had_paren and kw not in _PARAM_KEYWORDS:
        # without a parenthesis in between, only an activated ability's cost, a self-reference
        # (the card's name) or another keyword makes the split certain ("飛行{1}{B}:…", "トランプル~が…")
        names = name_variants_ja(name)
        if not (_ACTIVATED_START.match(rest) or any(rest.startswith(n) for n in names if n)
                or _starts_with_keyword_ability(rest) or (_starts_word(rest) and _next_ability_at(rest, 0))
                or _starts_trigger(rest, names)):
            return None
    return len(text) - len(text[i:].lstrip())


_TRIGGER_SUBJECTS = ("あなた", "対戦相手", "各", "いずれか", "これ")
_TRIGGER_HEAD = re.compile(r"(?:たび|とき|時)に?、")


def _starts_trigger(text: str, names) -> bool:
    """"飛行あなたが呪文を１つ唱えるたび、…": a triggered ability after a bare keyword — a subject
    that starts a sentence (the player, "each", this card's name) and a trigger condition
    ("…たび、", "…とき、", "…開始時に、") in the first sentence."""
    if not (text.startswith(_TRIGGER_SUBJECTS) or any(text.startswith(n) for n in names if n)):
        return False
    first = text.split("。", 1)[0]
    return bool(_TRIGGER_HEAD.search(first))


def _starts_with_keyword_ability(text: str) -> bool:
    """"防衛他のクリーチャーを…:…", "飛行各戦闘の…": the next ability after a bare keyword — a keyword
    followed by its reminder text or another keyword."""
    kw = _keyword_at_start(text)
    if kw is None:
        return False
    m = _KW_NUMBER.match(text, len(kw))
    j = m.end() if m else len(kw)
    return bool(_PAREN.match(text, j)) or j == len(text)


def _starts_word(text: str) -> bool:
    """Can a new sentence start here?  Not a particle or verb ending ("を持つ…", "している…"), which
    would make the keyword before it the start of a longer word."""
    return not ("\u3040" <= text[0] <= "\u309f") or text.startswith(("あなた", "いずれか", "すべて", "各"))


def _outside(text: str):
    """(index, character) of the characters outside 「」/『』 quotes and parentheses."""
    return chars_outside(text, "「『(（", "」』)）")


def _full_stops_outside(text: str) -> list[int]:
    """Indices of the "。" outside quotes and parentheses."""
    if "。" not in text:
        return []
    if not any(c in text for c in "「『(（"):
        return [m.start() for m in _FULL_STOP.finditer(text)]   # nothing opens: all are outside
    return [i for i, ch in _outside(text) if ch == "。"]


_FULL_STOP = re.compile("。")


def _next_ability_at(text: str, i: int) -> bool:
    """Does a new ability start at ``text[i:]`` (just after a "。")?  An activated or loyalty
    ability (a cost, then ":" before any "。") or an ability word ("窮地 ― …")."""
    rest = text[i:].lstrip()
    if not rest or rest[0] in "•・(（":
        return False
    if _ABILITY_WORD.match(rest) and not _keyword_prefix(rest):
        return True
    for j, ch in _outside(rest):
        if ch in "。•":
            return False
        if ch == ":":
            return j > 0
    return False


def _keyword_prefix(text: str) -> bool:
    return _keyword_at_start(text) is not None


def glued_parts(text: str, name: str | None = None) -> list[str]:
    return list(_glued_parts(text, name))


@lru_cache(maxsize=2048)
def _glued_parts(text: str, name: str | None) -> tuple[str, ...]:
    """The abilities of one printed line that lost its line breaks: leading keywords ("絆魂(…)"),
    then sentences up to each "。" after which an activated ability ("{R}{G}, {T}:…", "+1:…") or an
    ability word starts, then a keyword printed last ("…の修整を受ける。装備{2}").  Returns the
    parts as printed (reminder text kept); ``[text]`` when nothing is glued."""
    if len(text) > MAX_CLAUSE_CHARS:
        return (text,)   # bad-input guard: the scan below is quadratic in the number of "。"
    parts: list[str] = []
    rest = text.strip()
    while True:
        i = _glued_keyword(rest, name)
        if i is None:
            break
        parts.append(rest[:i].strip())
        rest = rest[i:]
    tail = None
    end = _glued_keyword_end(rest)
    if end is not None:
        rest, tail = end
    start = 0
    for i in _full_stops_outside(rest):
        if i + 1 < len(rest) and _next_ability_at(rest, i + 1):
            parts.append(rest[start:i + 1].strip())
            start = i + 1
    parts.append(rest[start:].strip())
    if tail:
        parts.append(tail)
    return tuple(p for p in parts if p) or (text,)


#: how an ability's line ends; a line that ends in a particle or a subordinate clause's comma, or the
#: next line that begins with a particle, a counter or "。", is the same sentence broken over two lines
_ENDS = ("。", "」", ")", "）", "}")
_BROKEN_ENDS = ("の", "を", "が", "は", "とき、", "たび、", "なら、", "場合、")
_BROKEN_STARTS = ("。", "を", "が", "は", "に", "の", "枚", "体", "つ")
_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]")


def _plain(seg: Segment) -> bool:
    return not (seg.reminder_only or seg.keyword_list_item or seg.bullets or seg.striation)


def _mid_word(before: str, after: str) -> bool:
    """"…クリー|チャーを…", "…パー|マネントを…": a katakana word broken over two lines."""
    before, after = before.rstrip(), after.lstrip()
    return bool(before and after) and bool(_KATAKANA.match(before[-1])) and bool(_KATAKANA.match(after[0]))


def _part_body(text: str) -> str:
    """A printed part → the body the grammar sees: reminder text removed, except a keyword's
    parameter in parentheses ("プロテクション(黒)", "エンチャント(クリーチャー)")."""
    t = text.strip()
    m = _PAREN_PARAM.match(t)
    if m:
        return squash(m.group(0) + REMINDER_RE.sub("", t[m.end():]))
    return squash(REMINDER_RE.sub("", t))


def _glued_keyword_end(text: str) -> tuple[str, str] | None:
    """"装備しているクリーチャーは+1/+1の修整を受ける。装備{2}(…)": an old template printed the
    keyword after the ability on the same line.  Returns (ability, keyword part)."""
    body = REMINDER_RE.sub("", text).rstrip()
    m = _keyword_at_end().search(body)
    if m is None:
        return None
    i = m.start(1)
    if body[:i].count("「") != body[:i].count("」"):
        return None
    return body[:i].strip(), m.group(1) + m.group(2).replace(" ", "")


@lru_cache(maxsize=1)
def _keyword_at_end() -> re.Pattern:
    alts = "|".join(re.escape(k) for k in _keywords_by_length())
    return re.compile(r"(?<=[。)）])\s*(" + alts + r")((?:\s*(?:\{[^}]+\}|\d+|X|[―—]))*)\s*$")


@lru_cache(maxsize=1)
def _keywords_by_length() -> list[str]:
    return sorted(ja_vocab.KEYWORDS, key=len, reverse=True)


@lru_cache(maxsize=1)
def _keywords_by_first_char() -> dict[str, tuple[str, ...]]:
    # Scanning all keywords with startswith() for every candidate position was the front end's
    # largest cost; only the keywords sharing the text's first character can match.
    index: dict[str, list[str]] = {}
    for k in _keywords_by_length():
        index.setdefault(k[0], []).append(k)
    return {c: tuple(ks) for c, ks in index.items()}


def _keyword_at_start(text: str) -> str | None:
    """The longest keyword ``text`` starts with, or None."""
    if not text:
        return None
    for k in _keywords_by_first_char().get(text[0], ()):
        if text.startswith(k):
            return k
    return None


_KEYWORD_REST = re.compile(r"(?:[(（][^()（）。]{1,30}[)）])?\s*(?:[0-9X]+)?\s*(?:[―—]\s*)?"
                           r"(?:\{[^}]+\}\s*(?:か\s*)?)*(?:[,、][^。]*)?")


@lru_cache(maxsize=4096)
def _is_keyword(fragment: str) -> bool:
    f = squash(nfkc(fragment)).strip().rstrip("。")
    f = REMINDER_RE.sub("", f).strip()
    n = _keyword_at_start(f)
    if n is None:
        return False
    rest = f[len(n):].strip()
    return (not rest or bool(_KEYWORD_REST.fullmatch(rest))) and "。" not in rest


#: the one post-lexer of the Japanese parser (an option of its table); it keeps only what the grammar
#: and the vocabulary determine (the literal terminals, each run's words), nothing of a parse
_POSTLEX = JaPostLex()


class JapaneseFrontend(Frontend):
    lang = "ja"
    grammar = "ja.lark"
    sentence_stops, sentence_space_after = "。", False
    whole_clause_marks = ("•", GLUE)
    start = "start"
    grammar_options = {"postlex": _POSTLEX, "lexer": JaLexer}

    @property
    def parser(self):
        # One basic lexer: the WORD terminal is a large trie regex, and a contextual lexer would
        # compile it once per parser state (seconds of cold start); the post-lexer already gives
        # words their categories, so per-state lexing buys nothing here.
        p = load_grammar(self.grammar, start=self.start, **self.grammar_options)
        if not _POSTLEX.literals:
            _POSTLEX.bind(p)
        return p

    # --- keyword detection (segmentation and keyword lines) -------------------------------
    def is_keyword(self, fragment: str) -> bool:
        return _is_keyword(fragment)

    def _keyword_line(self, body: str) -> bool:
        parts = [p for p in KEYWORD_SEPARATORS.split(body.strip().rstrip("。")) if p]
        return bool(parts) and all(self.is_keyword(p) for p in parts[:1]) and (
            len(parts) == 1 or all(self.is_keyword(p) for p in parts))

    # --- normalisation -----------------------------------------------------------------------
    def normalize(self, body: str, name: str | None) -> str:
        if GLUE in body:
            return GLUE.join(self.normalize(p, name) for p in body.split(GLUE))
        text = nfkc(body)
        text = _SPACES.sub("", text) if not re.search(r"[A-Za-z] [A-Za-z]", text) else text
        text = replace_self(text, name)
        text = text.replace("〜", "~").replace("～", "~").replace("『", "「").replace("』", "」")
        text = _quoted_modes(text)
        text = _old_keyword_wording(text)
        if self._keyword_line(text):
            return KW_MARK + text
        return mark_costs(text)

    def clause(self, seg: Segment, name: str | None = None) -> ClauseIR:
        if len(seg.text) > MAX_CLAUSE_CHARS:
            return super().clause(seg, name)    # bad input: the base class reports it unparsed
        if seg.reminder_only and _OLD_TAP.match(_nfkc(seg.text)):
            seg = replace(seg, reminder_only=False, body="")
        if not seg.reminder_only:
            first = _OLD_TAP.sub("{T}", _nfkc(seg.text).split("\n", 1)[0].strip(), count=1)
            if first.startswith("{T}") and not seg.body.startswith("{T}"):
                # "(T):…": the old tap symbol in parentheses is no reminder text
                seg = replace(seg, text=first, body=_part_body(first))
            parts = glued_parts(first, name)
            if len(parts) > 1:
                # abilities glued on one line (when the pipeline has not split them, see
                # resegment): one clause whose parts the grammar parses separately
                seg = replace(seg, body=GLUE.join(_part_body(p) for p in parts))
            elif _PAREN_PARAM.match(first) and not seg.body.startswith(_PAREN_PARAM.match(first).group(0)):
                seg = replace(seg, body=_part_body(first))
        return super().clause(seg, name)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """Split the segments whose line lost its line breaks (see :func:`glued_parts`) into one
        segment per ability, as the English text prints them."""
        out: list[Segment] = []
        for seg in self._rejoin_broken_lines(segs):
            parts = [] if seg.reminder_only or seg.keyword_list_item or len(seg.text) > MAX_CLAUSE_CHARS else \
                glued_parts(_nfkc(seg.text).split("\n", 1)[0].strip(), name)
            if len(parts) < 2:
                out.append(seg)
                continue
            for k, p in enumerate(parts):
                last = k == len(parts) - 1
                out.append(Segment(text=p + ("\n" + "\n".join(seg.text.split("\n")[1:]) if last and seg.bullets else ""),
                                   body=_part_body(p), bullets=list(seg.bullets) if last else [], line=seg.line))
        return out

    def _rejoin_broken_lines(self, segs: list[Segment]) -> list[Segment]:
        """A corpus line break inside a sentence ("それらは5/5の|アーティファクト・クリーチャーである。",
        "…とき、|あなたは…", "…カード1|枚と…"): a line that ends as no ability ends, or a line that begins
        as none begins, is joined to the one before."""
        out: list[Segment] = []
        for seg in segs:
            prev = out[-1] if out else None
            if prev is not None and _plain(prev) and _plain(seg) and not prev.text.rstrip().endswith(_ENDS) and \
                    (prev.text.rstrip().endswith(_BROKEN_ENDS) or seg.text.lstrip().startswith(_BROKEN_STARTS)
                     or _mid_word(prev.text, seg.text)) and not self.is_keyword(prev.body):
                text = prev.text.rstrip() + seg.text.lstrip()
                out[-1] = replace(prev, text=text, body=_part_body(text))
                continue
            out.append(seg)
        return out

    # --- IR ----------------------------------------------------------------------------------
    def build(self, tree, seg: Segment, norm: str) -> ClauseIR:
        from cardlint.lang.ja.builder import build_clause

        return build_clause(tree, seg, norm)

    def fallback_text(self, seg: Segment, norm: str) -> str:
        t = norm or seg.body
        if GLUE in t:
            # abilities glued on one line (see glued_parts): classify the abilities, not the keywords
            parts = [x for x in t.split(GLUE) if not x.startswith("¶")]
            t = "。".join(parts) if parts else t.split(GLUE, 1)[0]
        return t

    def fallback_keyword(self, text: str) -> Keyword | bool:
        if not text.startswith("¶"):
            return False
        name = text[1:]
        for n in sorted(ja_vocab.KEYWORDS, key=len, reverse=True):
            if name.startswith(n):
                return Keyword(ja_vocab.KEYWORDS[n], name[len(n):] or None)
        return True

    def is_spell_type(self, type_line: str | None) -> bool | None:
        if not type_line:
            return None
        t = nfkc(type_line)
        if re.search(r"インスタント|ソーサリー|instant|sorcery", t, re.I):
            return True
        return False


FRONTEND = JapaneseFrontend()
