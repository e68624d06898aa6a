"""German keyword names → kb ids: the lookup the front end's keyword lines and the builder's keyword
items both use (kb/keywords.yaml plus the older printed forms)."""

from __future__ import annotations

import re
from functools import lru_cache

from cardlint import vocab
from cardlint.text.trie import trie_pattern


@lru_cache(maxsize=None)
def keywords() -> tuple[dict[str, str], re.Pattern]:
    """German keyword name (lower case) → kb id, and a regex for a keyword line item."""
    names: dict[str, str] = {}
    try:
        forms = vocab.keyword_forms("de")
    except Exception:  # kb missing or unreadable: the vocabulary file's forms below still work
        forms = _vocab_forms()
    for f in forms:
        if "[" in f.text:
            continue
        n = f.text.replace("…", "").strip().lower()
        if n:
            names.setdefault(n, f.id)
    # as a character trie: the pattern is only asked whether the whole text is a keyword line,
    # which any form of the alternation answers alike, and a trie answers in a few steps
    alt = trie_pattern(names)
    # a name that ends in its preposition takes the object directly: "Affinität zu Sümpfen"
    with_object = trie_pattern(n for n in names if n.endswith((" zu", " vor", " mit")))
    # keyword + optional parameter: a cost, a number, "vor …", "zu …", "— cost", ": cost", an object
    pat = re.compile(
        r"^(?:(?:" + alt + r"|[a-zäöüß\-]+tarnung|[a-zäöüß\-]+verzauberung)"
        # Ausrüsten {2}, Bushido 1, Aussetzen 4 — {1}{U}, Bonus {1}{U} und/oder {B}
        r"(?:(?:\s*(?:—|:)?\s*(?:\{[^}]+\}|\d+(?!\d)|x))+(?:\s+und/oder\s+(?:\{[^}]+\})+)?"
        r"|\s+(?:vor|zu|mit)\s+.+"  # Schutz vor Rot, Affinität zu Artefakten
        r"|\s+(?:eine?[nmrs]?|jede[nmrs]?|einen)\s+[^,.;:]+(?:,\s*(?:die|der|das) [^,.;:]+)?"  # Verzaubert eine Kreatur (, die du kontrollierst)
        r"|\s*—.+)?"
        + (r"|(?:" + with_object + r")\s+[a-zäöüß][a-zäöüß\- ]*" if with_object else "")
        + r")$"
    )
    return names, pat


def _vocab_forms() -> list[vocab.KeywordForm]:
    return [vocab.KeywordForm(t, kid, "vocab") for t, kid in vocab.table("de")["keywords"]["forms"].items()]


_LANDWALK_WORD = re.compile(r"[a-zäöüß\-]+tarnung\b")
_ENCHANT_WORD = re.compile(r"[a-zäöüß\-]+verzauberung\b")


def keyword_id(text: str) -> tuple[str | None, str | None]:
    """The kb id and parameter of the longest keyword name that is the whole text or is followed
    by " ", ":" or "—"."""
    names, _ = keywords()
    t = text.strip().lower().rstrip(".")
    # look the candidate prefixes up, longest first, rather than testing every name
    for k in [len(t)] + [k for k in range(len(t) - 1, 0, -1) if t[k] in " :—"]:
        n = t[:k]
        if n in names:
            param = t[len(n):].strip(" :—") or None
            return names[n], param
    if t.endswith("tarnung") or _LANDWALK_WORD.match(t):
        return "landwalk", None
    if _ENCHANT_WORD.match(t):
        return "enchant", t
    return None, None
