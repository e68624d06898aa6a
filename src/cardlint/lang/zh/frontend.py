"""Simplified Chinese front end (zh-Hans): normalisation, keyword lists, tree → IR, fallback.

The grammar is ``grammar/zh.lark`` (+ the generated ``grammar/zh_lexicon.lark``), lexed by Lark's
contextual lexer with the state scanner of :mod:`cardlint.speed.state_lexer`; the tree → IR builder
lives in :mod:`cardlint.lang.zh.builder`, the fallback's cue words in kb/fallback/zh-Hans.yaml,
the splitting of printed lines that lost their line breaks in :mod:`cardlint.lang.zh.glued`.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from cardlint import vocab
from cardlint.ir import ClauseIR, Keyword
from cardlint.lang.frontend import MAX_CLAUSE_CHARS, Frontend
from cardlint.lang.zh.keywords import PROTECTION, keyword_index
from cardlint.text.quotes import first_outside
from cardlint.text.segment import Segment
from cardlint.text.selfref import SELF

#: self-reference phrases ("this creature", "this card", …) — "此武具"/"此结界" are not SELF when
#: they name the attached object ("佩带此武具的生物", "受此结界…的生物"), see _SELF_PHRASE.
_SELF_NOUNS = "生物|牌|地|神器|永久物|咒语|结界|鹏洛客|武具"
#: "此生物类别"/"此地类别" ("额外具有海盗此生物类别") name a type, not the object; "此牌堆" a pile
_SELF_PHRASE = re.compile(r"(?<![佩受被])此(?:" + _SELF_NOUNS + r")(?!的生物|类别|堆)")
_SPACE = re.compile(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])")
_TOKEN_COMMA = re.compile(r"((?:白|蓝|黑|红|绿|无)色),(?=具)")
_STRAY_MARKUP = re.compile(r"[<>]")
#: traditional forms printed in simplified text ("橫置", the old keyword spelling "乾枯"): the
#: simplified form is the word the lexicon knows.  Characters only where the traditional form has no
#: other simplified reading; "乾" (also 乾坤) only in the keyword's word.
_VARIANT_CHARS = str.maketrans("橫後個點從棄張犧復還剎間", "横后个点从弃张牺复还刹间")
_VARIANT = re.compile("[橫後個點從棄張犧復還剎間乾]")
_VARIANT_WORDS = (("乾枯", "干枯"),)
#: a quote inside a quoted ability ("「…具有『{T}:…』」"): one quote form, so the cost marker and the
#: grammar see each level
_INNER_QUOTES = str.maketrans("『』", "「」")
_FINAL = re.compile(r"[。.\s]+$")


_PAREN_REMINDER = re.compile(r"[（(].*?[)）]")
#: what may follow a keyword name in a keyword list: its parameter ("2", "{2}{W}", "X") — not
#: the rest of a sentence ("的", "时", "得")
_KW_PARAM = re.compile(r"[0-9X{}\w/]*")
_KW_NOT_PARAM = re.compile(r"[的时得]")
@lru_cache(maxsize=1024)
def _name_variants(name: str | None) -> tuple[str, ...]:
    if not name:
        return ()
    out = set()
    for part in re.split(r"\s*//\s*", name.strip()):
        part = part.strip()
        if not part:
            continue
        out.add(part)
        for sep in (",", "，", "·"):
            if sep in part:
                short = part.split(sep, 1)[0].strip()
                if len(short) >= 2:
                    out.add(short)
    return tuple(sorted(out, key=len, reverse=True))


_ABILITY_WORD = re.compile(r"[\u4e00-\u9fff]{2,6}—")

#: a name that is also a word of the rules text ("恐惧", "系命", "组装工人") is that word, not the
#: card, before "异能" or a type noun ("具有恐惧异能", "目标组装工人生物")
_AS_WORD_AFTER = ("异能", "生物", "神器", "结界", "地", "牌", "永久物", "衍生物", "鹏洛客")
#: where a short name ("雅睿欧斯" of "渡亡神雅睿欧斯") stands for the card: opening a sentence, a
#: quoted ability or a cost, after a trigger or condition word, or after a verb or preposition that
#: names one object ("牺牲莉娜:", "重生墨目", "对乳眼造成")
_SHORT_BEFORE = "(?:^|(?<=[,。:;「」•—§(])|" + "|".join(
    f"(?<={w})" for w in ("当", "若", "则", "且", "并", "只要", "如果", "将", "对", "向", "被", "由", "以", "于",
                          "与", "和", "在", "从", "为", "牺牲", "弃掉", "放逐", "重生", "重置", "横置")) + ")"
_SHORT_AT = re.compile(_SHORT_BEFORE)
_HANZI_NAME = re.compile(r"[\u4e00-\u9fff]{3,24}")  # (a longer "name" is no card name: bad input)


#: a regex terminal that is an alternation of plain words (the generated lexicon: "(?:人类|士兵|…)")
_WORD_LIST = re.compile(r"\(\?:([^()\\\[\]{}?*+.^$]+)\)")


@lru_cache(maxsize=1)
def _vocabulary():
    """(the grammar's words: string terminals and word-list terminals, as a set; the other regex
    terminals by the characters they may begin with)."""
    from lark.lexer import PatternStr

    from cardlint.speed import terminal_index

    parser = FRONTEND.parser
    words: set[str] = set()
    other = []
    for t in parser.terminals:
        if isinstance(t.pattern, PatternStr):
            words.add(t.pattern.value)
            continue
        m = _WORD_LIST.fullmatch(t.pattern.value)
        if m and not t.pattern.flags:
            words.update(m.group(1).split("|"))
        else:
            other.append(t)
    return frozenset(words), {t.name: t for t in other}, terminal_index(other, parser.lexer_conf.g_regex_flags)


@lru_cache(maxsize=4096)
def is_vocabulary(word: str) -> bool:
    """Is ``word`` one token of the grammar (a type, subtype, keyword, verb, …)?"""
    if not word:
        return False
    words, terminals, index = _vocabulary()
    return word in words or any(index.compiled(terminals[n]).fullmatch(word)
                                for n in index.starting(word[0]) if n in terminals)


@lru_cache(maxsize=4096)
def _suffixes(name: str) -> tuple[str, ...]:
    """The name's proper suffixes of two or more characters, longest first (none for a name that
    is no run of Hanzi)."""
    if not _HANZI_NAME.fullmatch(name):
        return ()
    return tuple(name[-k:] for k in range(len(name) - 1, 1, -1))


def short_names(name: str) -> tuple[str, ...]:
    """The candidates for the card's short name, longest first.

    A Chinese name is often an epithet and a name ("渡亡神雅睿欧斯", "无私斗士莉娜"), and the text calls
    the card by the name alone.  The candidates are the name's proper suffixes of two or more
    characters that are no word of the grammar (a subtype "裂片妖", a keyword "化形", "伤害"); a
    candidate stands for the card only where it opens a sentence or follows a trigger word or a verb
    (:data:`_SHORT_BEFORE`), not inside another word ("组装工人" is no short name of "自组工人")."""
    return tuple(c for c in _suffixes(name) if not is_vocabulary(c))


def _short_name_self(text: str, name: str) -> str | None:
    """``text`` with the first candidate short name that occurs where it stands for the card as
    SELF, or None.  (Vocabulary is looked up only for a candidate that occurs in the text.)"""
    for cand in _suffixes(name):
        if cand not in text or is_vocabulary(cand):
            continue
        at, i = [], text.find(cand)
        while i >= 0:
            if _SHORT_AT.match(text, i):
                at.append(i)
            i = text.find(cand, i + len(cand))
        if at:
            parts, prev = [], 0
            for i in at:
                parts += [text[prev:i], SELF]
                prev = i + len(cand)
            return "".join(parts) + text[prev:]
    return None


def _self_reference(text: str, name: str) -> str:
    """``text`` with the card's name, and its short name where it stands for the card, as SELF."""
    for n in _name_variants(name):
        i = text.find(n)
        if i < 0:
            continue
        parts, prev = [], 0
        while i >= 0:
            end = i + len(n)
            if not (text.startswith(_AS_WORD_AFTER, end) and is_vocabulary(n)):
                parts += [text[prev:i], SELF]
                prev = end
            i = text.find(n, end)
        text = "".join(parts) + text[prev:]
    for n in _name_variants(name):
        short = _short_name_self(text, n)
        if short is not None:
            return short
    return text


@lru_cache(maxsize=1)
def _old_wordings() -> tuple:
    from cardlint.lang.zh.words import OLD_WORDINGS

    return tuple((re.compile(p), kw) for p, kw in OLD_WORDINGS)


def _old_keyword_wording(text: str) -> str:
    """"你可以于你能够使用瞬间的时机下,使用~" (the old Flash sentence, kb/vocab/zh.yaml ``old_wordings``)
    → the keyword's name."""
    return next((kw for pat, kw in _old_wordings() if pat.match(text)), text)


def _mark_cost(text: str) -> str:
    """Put "§" before an activated ability's cost: a ":" outside 「」 and before the first "。".
    An ability word ("齐力—{T},横置…:…") keeps its place before the cost."""
    aw = _ABILITY_WORD.match(text)
    if aw and not text.startswith("选择"):
        rest = _mark_cost(text[aw.end():])
        return text[:aw.end()] + rest
    i = first_outside(text, "。:")
    if i < 0 or text[i] == "。":
        return text
    head = text[:i]
    if head and "当" not in head[:2] and not head.startswith("每当") and "—" not in head:
        return "§" + text
    return text


def variants(text: str) -> str:
    """``text`` with the traditional variant characters and spellings in simplified form."""
    if not _VARIANT.search(text):
        return text
    text = text.translate(_VARIANT_CHARS)
    if "乾" in text:
        for old, new in _VARIANT_WORDS:
            text = text.replace(old, new)
    return text


#: what continues the phrase of a quote that ends a sentence inside ("具有「…。」直到回合结束", "「…。」的徽记")
_AFTER_QUOTE_GOES_ON = ("的", "之", "与", "和", "及", "以及", "或", "直到", "此", "异能", "字样", "且", "并", "、", ",",
                        "。", "」", ";", ":", ")", "(")


def _end_quoted_sentences(text: str) -> str:
    """A "。" after a top-level quote whose printed "。" sits inside it ("…具有「§{X}:~得+X/+0直到回合结束。」
    它仍然是地"), where the next sentence begins."""
    if "。」" not in text:
        return text
    out, depth, last = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "「":
            depth += 1
        elif ch == "」" and depth:
            depth -= 1
            if (not depth and text[i - 1] == "。" and i + 1 < len(text)
                    and not text.startswith(_AFTER_QUOTE_GOES_ON, i + 1)):
                out.append(text[last:i + 1] + "。")
                last = i + 1
    return "".join(out) + text[last:] if out else text


def _mark_quoted(text: str) -> str:
    """:func:`_mark_cost` inside every quoted ability, at every nesting level (innermost first)."""
    if "「" not in text:
        return text
    out, stack = [], []
    for ch in text:
        if ch == "「":
            stack.append(len(out))
            out.append(ch)
        elif ch == "」" and stack:
            start = stack.pop()
            inner = "".join(out[start + 1:])
            del out[start + 1:]
            # without a ":" there is no cost to mark: skipping the scan keeps deep nesting linear
            out.append(_mark_cost(inner) if ":" in inner else inner)
            out.append(ch)
        else:
            out.append(ch)
    return "".join(out)


#: a reminder text whose printing lost its "(" in the middle: "(…。) 你可以…目标。)" — the second ")"
#: closes the same reminder text
_GARBLED_REMINDER = re.compile(r"[(（][^()（）]*[)）][^()（）]*[)）]")


def _garbled_reminder(seg: Segment) -> Segment:
    """``seg`` with the whole of a garbled reminder text out of its body."""
    text = seg.text
    closing = text.count(")") + text.count("）")
    if not closing or closing <= text.count("(") + text.count("（") or seg.reminder_only:
        return seg
    from dataclasses import replace

    from cardlint.text.normalize import squash, strip_reminder

    body = squash(strip_reminder(_GARBLED_REMINDER.sub("", text.split("\n", 1)[0], count=1)))
    return replace(seg, body=body) if body else seg


def _open_parens(text: str) -> int:
    return text.count("(") + text.count("（") - text.count(")") - text.count("）")


def _join_broken_reminders(segs: list[Segment]) -> list[Segment]:
    """One segment for a reminder text that the printing broke over two lines ("…放置进场。 （它能阻挡\n
    具飞行异能的生物。）"): the line that opens it and the line that closes it."""
    if len(segs) < 2 or not any(_open_parens(s.text) > 0 for s in segs[:-1]):
        return segs
    from dataclasses import replace

    from cardlint.text.normalize import squash, strip_reminder

    out: list[Segment] = []
    for seg in segs:
        prev = out[-1] if out else None
        if (prev is not None and _open_parens(prev.text) > 0 and _open_parens(seg.text) < 0 and not prev.bullets
                and len(prev.text) + len(seg.text) <= MAX_CLAUSE_CHARS):
            text = prev.text + seg.text
            out[-1] = replace(prev, text=text, body=squash(strip_reminder(text)), reminder_only=False,
                              keyword_list_item=False, bullets=list(seg.bullets))
        else:
            out.append(seg)
    return out


class ChineseFrontend(Frontend):
    lang = "zh-Hans"
    grammar = "zh.lark"
    sentence_stops, sentence_space_after = "。", False
    start = "start"

    # Lark's contextual lexer, each parser state scanning terminal by terminal instead of with one
    # combined expression of hundreds of words (cardlint.speed.state_lexer)
    grammar_options = {"scanner": "first-char"}

    def normalize(self, body: str, name: str | None) -> str:
        from cardlint.text.normalize import nfkc

        text = nfkc(body or "")
        if "&" in text or ">" in text:
            # HTML entities left in some printings ("…不会毁坏。&gt;(…)"): a stray ">" is no text
            text = _STRAY_MARKUP.sub("", html.unescape(text))
        # the "～" dash (NFKC → "~") of ability words / modal heads / type lines is a dash; SELF
        # is introduced below only from the name and "此…" phrases
        text = text.replace("~", "—")
        text = _SPACE.sub("", text).strip()
        text = variants(text)
        if name:
            text = _self_reference(text, variants(nfkc(name)))
        text = _SELF_PHRASE.sub(SELF, text)
        text = _FINAL.sub("", text)
        # a comma inside a token description: "1/1白色,具飞行异能的精怪衍生生物"
        text = _TOKEN_COMMA.sub(r"\1", text)
        if "『" in text:
            text = text.translate(_INNER_QUOTES)
        text = _end_quoted_sentences(_mark_quoted(text))
        if "瞬间的时机" in text:
            text = _old_keyword_wording(text)
        return _mark_cost(text)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """Split the segments whose printed line holds several abilities (a lost line break, see
        :mod:`cardlint.lang.zh.glued`) into one segment per ability, as the English text prints them."""
        from cardlint.lang.zh.glued import glued_parts
        from cardlint.text.normalize import nfkc, squash, strip_reminder

        names = _name_variants(nfkc(name) if name else None)
        out: list[Segment] = []
        for seg in _join_broken_reminders(segs):
            if (seg.reminder_only or seg.keyword_list_item or getattr(seg, "striation", False)
                    or len(seg.text) > MAX_CLAUSE_CHARS):
                out.append(seg)
                continue
            seg = _garbled_reminder(seg)
            first, *more = nfkc(seg.text).split("\n")
            parts = glued_parts(first.strip(), names)
            if len(parts) < 2:
                out.append(seg)
                continue
            for k, part in enumerate(parts):
                last = k == len(parts) - 1
                out.append(Segment(text="\n".join([part, *more]) if last else part,
                                   body=squash(strip_reminder(part)), bullets=list(seg.bullets) if last else [],
                                   line=seg.line))
        return out

    def is_keyword(self, fragment: str) -> bool:
        f = variants(_PAREN_REMINDER.sub("", fragment).strip().rstrip("。."))
        if not f:
            return False
        names, lengths = keyword_index()
        for n in (f[:k] for k in lengths if k <= len(f)):
            if n in names:
                rest = f[len(n):]
                if not rest or len(rest) <= 12 and _KW_PARAM.fullmatch(rest) and not _KW_NOT_PARAM.search(rest):
                    return True
        return bool(PROTECTION.fullmatch(f))

    def is_spell_type(self, type_line: str | None) -> bool | None:
        if not type_line:
            return None
        t = type_line
        if any(w in t for w in ("瞬间", "法术", "Instant", "Sorcery", "instant", "sorcery")):
            # "法术师" is a creature subtype, not the card type
            head = re.split(r"[～~—-]", t, maxsplit=1)[0]
            return "瞬间" in head or "法术" in head or "nstant" in head or "orcery" in head
        return False

    def build(self, tree, seg: Segment, norm: str) -> ClauseIR:
        from cardlint.lang.zh.builder import build_clause

        try:
            return build_clause(tree, seg, norm, self)
        except Exception as exc:  # noqa: BLE001 — a builder bug must not lose the record
            return self.fallback(seg, norm, f"build error: {type(exc).__name__}: {exc}"[:300])

    def fallback_keyword(self, text: str) -> Keyword | None:
        kid = _keyword_prefix(text)
        return Keyword(kid) if kid is not None and self.is_keyword(text) else None

    def keyword_names(self) -> list[str]:
        return list(_keyword_ids_by_length()[0])


@lru_cache(maxsize=1)
def _keyword_ids_by_length() -> tuple[dict[str, str], tuple[int, ...]]:
    """zh-Hans keyword name → kb id, and the names' lengths, longest first (prefix lookups)."""
    from cardlint.lang.zh.builder import keyword_ids

    ids = {name: kid for name, (kid, _eff) in keyword_ids().items()}
    return ids, tuple(sorted({len(n) for n in ids}, reverse=True))


def _keyword_prefix(text: str) -> str | None:
    """The kb id of the longest keyword name that begins ``text``."""
    ids, lengths = _keyword_ids_by_length()
    for k in lengths:
        kid = ids.get(text[:k]) if k <= len(text) else None
        if kid is not None:
            return kid
    return None


FRONTEND = ChineseFrontend()
