"""The Simplified Chinese rules vocabulary of ``kb/vocab/zh.yaml``, as the front end and builder use it.

Chinese needs no morphology here: every table maps a printed word to its canonical IR id.
"""

from __future__ import annotations

from cardlint import vocab

_T = vocab.table("zh-Hans")

TYPES: dict[str, str] = _T["types"]
NOUNS: dict[str, str] = _T["nouns"]
SUPERTYPES: dict[str, str] = _T["supertypes"]
#: the colour words, then the one-character colours of compounds ("白或黑")
COLORS: dict[str, str] = {**_T["colors"], **_T["color_characters"]}
ZONES: dict[str, str] = _T["zones"]
VERB_LEMMA: dict[str, str] = _T["verbs"]
#: (anchored expression, keyword name): old sentences that are a keyword today
OLD_WORDINGS: list[tuple[str, str]] = [tuple(x) for x in _T.get("old_wordings") or []]


def lexicon_nouns() -> set[str]:
    """The words of the lexicon's NOUN terminal (with the subtypes): every noun table but the
    one-character colours, which only the builder reads."""
    return set(TYPES) | set(NOUNS) | set(SUPERTYPES) | set(_T["colors"]) | set(ZONES)


def not_subtypes() -> set[str]:
    """Words of type lines that are grammar words in rules text, not subtypes (the lexicon's
    SUBTYPE terminal leaves them out)."""
    return set(_T["not_subtypes"])
