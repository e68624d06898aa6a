"""Japanese word categories: word → (category, lemma/gloss, features), spelled out from the
vocabulary modules (:mod:`cardlint.lang.ja.words`, :mod:`cardlint.lang.ja.vocab`).  The post-lexer
names each word's terminal from it and the builder reads its lemmas."""

from __future__ import annotations

from functools import lru_cache

from cardlint import vocab
from cardlint.lang.ja import vocab as ja_vocab
from cardlint.lang.ja import words as W


#: bump when :func:`_build_categories` changes (part of the on-disk cache key)
_CATEGORIES_VERSION = "3"


def _build_categories() -> dict[str, tuple[str, str, tuple]]:
    cat: dict[str, tuple[str, str, tuple]] = {}
    for s, (c, lemma, feats) in W.conjugate().items():
        cat[s] = (c, lemma, tuple(feats))
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


class Categories(dict):
    """word → (category, lemma/gloss, features), stored as "CAT|lemma|f1,f2" strings and decoded
    on access (building 45,000 tuples at start-up costs more than the lookups ever do)."""

    def __getitem__(self, word):
        v = dict.__getitem__(self, word)
        return _decode(v) if isinstance(v, str) else v

    def get(self, word, default=None):
        v = dict.get(self, word)
        if v is None:
            return default
        return _decode(v) if isinstance(v, str) else v


@lru_cache(maxsize=4096)
def _decode(v: str) -> tuple[str, str, tuple]:
    c, lemma, feats = v.split("|", 2)
    return c, lemma, tuple(feats.split(",")) if feats else ()


def _encode(cat: dict) -> str:
    return "\n".join(f"{w}\t{c}|{lemma}|{','.join(feats)}" for w, (c, lemma, feats) in cat.items())


@lru_cache(maxsize=1)
def categories() -> Categories:
    """word → (category, lemma/gloss, features).

    Spelling out every conjugated form takes ~0.5 s, so the table is cached on disk as text,
    keyed by the vocabulary (its files and modules, and the kb's keyword names)."""
    import hashlib
    import os

    try:
        from cardlint.paths import cache_path

        h = hashlib.sha256(_CATEGORIES_VERSION.encode())
        for source in (W.__file__, ja_vocab.__file__, *vocab.source_files("ja")):
            with open(source, "rb") as fh:
                h.update(fh.read())
        h.update(repr(sorted(ja_vocab.KEYWORDS.items())).encode())  # the kb's names are part of it
        path = cache_path(f"ja-categories-{h.hexdigest()[:16]}.tsv")
    except (OSError, TypeError):
        return Categories(_build_categories())
    try:
        blob = path.read_text(encoding="utf-8")
        return Categories(line.split("\t", 1) for line in blob.split("\n"))
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    cat = _build_categories()
    try:
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(_encode(cat), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return Categories(cat)
