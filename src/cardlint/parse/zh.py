"""Simplified Chinese front end (zh-Hans): normalisation, keyword lists, tree → IR, fallback.

The grammar is ``grammar/zh.lark`` (+ the generated ``grammar/zh_lexicon.lark``), lexed by Lark's
contextual lexer with the state scanner of :mod:`cardlint.parse.zh_lexer`; the tree → IR builder
lives in :mod:`cardlint.parse.zh_build`, the cue-word fallback in :mod:`cardlint.parse.zh_fallback`,
the splitting of printed lines that lost their line breaks in :mod:`cardlint.parse.zh_glued`.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from cardlint.ir import ClauseIR
from cardlint.parse.frontend import MAX_CLAUSE_CHARS, Frontend
from cardlint.text.segment import Segment
from cardlint.text.selfref import SELF

#: self-reference phrases ("this creature", "this card", …) — "此武具"/"此结界" are not SELF when
#: they name the attached object ("佩带此武具的生物", "受此结界…的生物"), see _SELF_PHRASE.
_SELF_NOUNS = "生物|牌|地|神器|永久物|咒语|结界|鹏洛客|武具"
_SELF_PHRASE = re.compile(r"(?<![佩受被])此(?:" + _SELF_NOUNS + r")(?!的生物)")
_SPACE = re.compile(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])")
_TOKEN_COMMA = re.compile(r"((?:白|蓝|黑|红|绿|无)色),(?=具)")
_STRAY_MARKUP = re.compile(r"[<>]")
_QUOTED = re.compile(r"「([^「」]*)」")
_FINAL = re.compile(r"[。.\s]+$")

#: Chinese type words → canonical English card types (for is_spell_type and the builder)
TYPE_WORDS = {"生物": "creature", "神器": "artifact", "结界": "enchantment", "地": "land",
              "瞬间": "instant", "法术": "sorcery", "鹏洛客": "planeswalker", "部族": "tribal",
              "时空": "plane", "阴谋": "scheme", "现象": "phenomenon", "诡局": "conspiracy",
              "战役": "battle"}


@lru_cache(maxsize=1)
def keyword_names() -> tuple[str, ...]:
    """zh-Hans keyword names and aliases from kb/keywords.yaml, longest first."""
    names: set[str] = set()
    try:
        # load_kb keeps the validated kb as JSON on disk: ~50 ms, where parsing the YAML takes ~0.6 s
        from cardlint.kb import load_kb

        for k in load_kb().keywords:
            n = (k.get("names") or {}).get("zh-Hans")
            if n and re.search(r"[\u4e00-\u9fff]", n):
                names.add(n)
            names.update((k.get("aliases") or {}).get("zh-Hans") or [])
    except Exception:  # noqa: BLE001 — no kb: keyword lists are not split
        pass
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=1)
def keyword_index() -> tuple[frozenset[str], tuple[int, ...]]:
    """The keyword names as a set and their lengths, longest first: the names at a position are
    found by a few set lookups, not by trying every name."""
    names = keyword_names()
    return frozenset(names), tuple(sorted({len(n) for n in names}, reverse=True))


_PAREN_REMINDER = re.compile(r"[（(].*?[)）]")
#: what may follow a keyword name in a keyword list: its parameter ("2", "{2}{W}", "X") — not
#: the rest of a sentence ("的", "时", "得")
_KW_PARAM = re.compile(r"[0-9X{}\w/]*")
_KW_NOT_PARAM = re.compile(r"[的时得]")
_PROTECTION = re.compile(r"(?:反[\u4e00-\u9fff]{1,4}(?:与|和)?)+保护")


def _name_variants(name: str | None) -> list[str]:
    if not name:
        return []
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
    return sorted(out, key=len, reverse=True)


_ABILITY_WORD = re.compile(r"[\u4e00-\u9fff]{2,6}—")


def _mark_cost(text: str) -> str:
    """Put "§" before an activated ability's cost: a ":" outside 「」 and before the first "。".
    An ability word ("齐力—{T},横置…:…") keeps its place before the cost."""
    aw = _ABILITY_WORD.match(text)
    if aw and not text.startswith("选择"):
        rest = _mark_cost(text[aw.end():])
        return text[:aw.end()] + rest
    depth = 0
    for i, ch in enumerate(text):
        if ch == "「":
            depth += 1
        elif ch == "」":
            depth = max(0, depth - 1)
        elif ch == "。" and depth == 0:
            return text
        elif ch == ":" and depth == 0:
            head = text[:i]
            if head and "当" not in head[:2] and not head.startswith("每当") and "—" not in head:
                return "§" + text
            return text
    return text


class ChineseFrontend(Frontend):
    lang = "zh-Hans"
    grammar = "zh.lark"
    start = "start"

    @property
    def parser(self):
        parser = super().parser
        if not getattr(parser, "_cardlint_fast_scanner", False):
            from cardlint.parse.zh_lexer import install

            install(parser)
        return parser

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
        for n in _name_variants(nfkc(name) if name else None):
            text = text.replace(n, SELF)
        text = _SELF_PHRASE.sub(SELF, text)
        text = _FINAL.sub("", text)
        # a comma inside a token description: "1/1白色,具飞行异能的精怪衍生生物"
        text = _TOKEN_COMMA.sub(r"\1", text)
        text = _QUOTED.sub(lambda m: "「" + _mark_cost(m.group(1)) + "」", text)
        return _mark_cost(text)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """Split the segments whose printed line holds several abilities (a lost line break, see
        :mod:`cardlint.parse.zh_glued`) into one segment per ability, as the English text prints them."""
        from cardlint.parse.zh_glued import glued_parts
        from cardlint.text.normalize import nfkc, squash, strip_reminder

        names = _name_variants(nfkc(name) if name else None)
        out: list[Segment] = []
        for seg in segs:
            if (seg.reminder_only or seg.keyword_list_item or getattr(seg, "striation", False)
                    or len(seg.text) > MAX_CLAUSE_CHARS):
                out.append(seg)
                continue
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
        f = _PAREN_REMINDER.sub("", fragment).strip().rstrip("。.")
        if not f:
            return False
        names, lengths = keyword_index()
        for n in (f[:k] for k in lengths if k <= len(f)):
            if n in names:
                rest = f[len(n):]
                if not rest or len(rest) <= 12 and _KW_PARAM.fullmatch(rest) and not _KW_NOT_PARAM.search(rest):
                    return True
        return bool(_PROTECTION.fullmatch(f))

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
        from cardlint.parse.zh_build import build_clause

        try:
            return build_clause(tree, seg, norm, self)
        except Exception as exc:  # noqa: BLE001 — a builder bug must not lose the record
            return self.fallback(seg, norm, f"build error: {type(exc).__name__}: {exc}"[:300])

    def fallback(self, seg: Segment, norm: str, error: str) -> ClauseIR:
        from cardlint.parse.zh_fallback import fallback_clause

        return fallback_clause(seg, norm, error, self)


FRONTEND = ChineseFrontend()
