"""Yu-Gi-Oh! effect classification (classification.md §5).

Public API::

    from cardlint.ygo import classify
    classify(text, lang="en", card_type="Effect Monster", pendulum_text=None, name=None)
    → {"game": "ygo", "effects": [{"text", "type", "mandatory", "timing", "can_miss_timing",
                                   "spell_speed", "parsed"}, …]}

Pipeline: :mod:`segment` (normalise, split into effects) → :mod:`build` (Lark LALR grammar
``grammar/ygo/<lang>.lark`` → IR of :mod:`ir`) → :mod:`classifier` (IR + card kind → entries).
Pendulum text is classified separately and its entries carry ``"pendulum": true``.
"""

from __future__ import annotations

from cardlint.ygo import ir
from cardlint.ygo.build import build_effect
from cardlint.ygo.classifier import classify_effects
from cardlint.ygo.segment import is_flavor, segment

__all__ = ["classify", "parse_effects", "ir"]

MAX_TEXT = 5_000  # longer input is junk (the longest real card text is under 1,000 characters)
FALLBACK_CHARS = 2_000  # what the cue-word fallback reads of such junk

_LANG_ALIASES = {"en": "en", "de": "de", "ja": "ja", "zh": "zh-Hans", "zh-hans": "zh-Hans", "zh_hans": "zh-Hans",
                 "zh-cn": "zh-Hans", "zh-Hans": "zh-Hans"}


def norm_lang(lang: str | None) -> str:
    if not lang:
        return "en"
    code = _LANG_ALIASES.get(lang) or _LANG_ALIASES.get(lang.lower())
    if code is None:
        raise ValueError(f"unsupported language {lang!r} for ygo; choose en, de, ja or zh-Hans")
    return code


def parse_effects(text: str, lang: str = "en", card_type: str | None = None, name: str | None = None) -> list[ir.Effect]:
    """Segment and parse a card text into IR effects (no classification)."""
    lang = norm_lang(lang)
    if not isinstance(text, str) or not text.strip():
        return []
    if is_flavor(card_type):
        return []
    if len(text) > MAX_TEXT:
        # never hand megabytes to the parser: classify a bounded prefix, unparsed; the prefix is
        # counted after collapsing whitespace, so 20,000 spaces are no 20,000-character clause
        from cardlint.ygo.build import fallback
        from cardlint.ygo.segment import Segment

        prefix = " ".join(text[:MAX_TEXT * 4].split())[:FALLBACK_CHARS]
        seg = Segment(prefix[:200], prefix.lower())
        return [fallback(seg, lang)]
    return [build_effect(seg, lang) for seg in segment(text, lang, card_type, name)]


def classify(text: str, lang: str = "en", card_type: str | None = None, pendulum_text: str | None = None,
             name: str | None = None) -> dict:
    effects = classify_effects(parse_effects(text, lang, card_type, name), card_type)
    if pendulum_text and isinstance(pendulum_text, str) and pendulum_text.strip():
        pend = classify_effects(parse_effects(pendulum_text, lang, "Pendulum Effect", name), card_type, pendulum=True)
        for d in pend:
            d["pendulum"] = True
        effects = pend + effects
    return {"game": "ygo", "effects": effects}
