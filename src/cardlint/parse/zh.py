"""Simplified Chinese front end (zh-Hans): normalisation, keyword lists, tree → IR, fallback.

The grammar is ``grammar/zh.lark`` (+ the generated ``grammar/zh_lexicon.lark``); the tree → IR
builder lives in :mod:`cardlint.parse.zh_build`, the cue-word fallback in
:mod:`cardlint.parse.zh_fallback`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardlint.ir import ClauseIR
from cardlint.parse.frontend import Frontend
from cardlint.text.segment import Segment
from cardlint.text.selfref import SELF

#: self-reference phrases ("this creature", "this card", …) — "此武具"/"此结界" are not SELF when
#: they name the attached object ("佩带此武具的生物", "受此结界…的生物"), see _SELF_PHRASE.
_SELF_NOUNS = "生物|牌|地|神器|永久物|咒语|结界|鹏洛客|武具"
_SELF_PHRASE = re.compile(r"(?<![佩受被])此(?:" + _SELF_NOUNS + r")(?!的生物)")
_SPACE = re.compile(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])")
_TOKEN_COMMA = re.compile(r"((?:白|蓝|黑|红|绿|无)色),(?=具)")
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
        import yaml

        from cardlint.paths import kb_dir

        path = kb_dir() / "keywords.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for k in data.get("keywords", []):
            n = (k.get("names") or {}).get("zh-Hans")
            if n and re.search(r"[\u4e00-\u9fff]", n):
                names.add(n)
            names.update((k.get("aliases") or {}).get("zh-Hans") or [])
    except Exception:  # noqa: BLE001 — no kb: keyword lists are not split
        pass
    return tuple(sorted(names, key=len, reverse=True))


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


#: an activated ability glued after a sentence of the same line ("…进战场。{T}:加…"): the cost
#: starts with a mana/tap symbol and ends at the first ":" before any "。" or quote
_GLUED_COST = re.compile(r"(?<=。)(?=\{[^}]+\}[^。「」:]{0,40}:)")


#: what starts an ability right after a glued keyword: a trigger word or an object the ability is about
_ABILITY_START = r"(?=每当|当|在你的|所结附的|受此结界|佩带此武具|由你操控的)"


@lru_cache(maxsize=1)
def _glued_keyword_re() -> re.Pattern:
    names = "|".join(re.escape(n) for n in keyword_names())
    return re.compile(r"^(?:" + names + r")(?:于[\u4e00-\u9fff]{1,6}?|(?:\{[^}]+\})+)?" + _ABILITY_START)


def _mark_glued_keyword(text: str) -> str:
    """"飞行当~进战场时,…" → "飞行‖当~进战场时,…" (the seam of a lost line break)."""
    if not keyword_names():
        return text
    m = _glued_keyword_re().match(text)
    return text[:m.end()] + "‖" + text[m.end():] if m else text


def _mark_glued_costs(text: str) -> str:
    if "。" not in text or "「" in text:
        return text
    return _GLUED_COST.sub("§", text)


class ChineseFrontend(Frontend):
    lang = "zh-Hans"
    grammar = "zh.lark"
    start = "start"

    def normalize(self, body: str, name: str | None) -> str:
        from cardlint.text.normalize import nfkc

        text = nfkc(body or "")
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
        return _mark_glued_costs(_mark_cost(_mark_glued_keyword(text)))

    def is_keyword(self, fragment: str) -> bool:
        f = re.sub(r"[（(].*?[)）]", "", fragment).strip().rstrip("。.")
        if not f:
            return False
        for n in keyword_names():
            if f.startswith(n):
                rest = f[len(n):]
                if not rest or re.fullmatch(r"[0-9X{}\w/]*", rest) and len(rest) <= 12 and not re.search(
                        r"[的时得]", rest):
                    return True
        if re.fullmatch(r"(?:反[\u4e00-\u9fff]{1,4}(?:与|和)?)+保护", f):
            return True
        return False

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
