"""The one loader of the rules vocabulary: ``kb/vocab/<lang>.yaml`` and the keyword names of the kb.

Every word a front end or lexicon generator knows — closed-class words (articles, determiners,
particles …), game nouns, card types, verbs of the rules text, and the printed keyword forms the
kb's glossary lacks — lives in ``kb/vocab/``, one file per card-text language (``en``, ``de``, ``ja``,
``zh``; ``*-subtypes.yaml`` are generated from type lines or CR 205.3).  The values are canonical IR
ids (English: ``creature``, ``W``, ``destroy``, ``flying``), so no language's own word has to reach
the IR.  The morphology that spells out inflected forms stays in code, next to the language's
front end (``cardlint.lang.de.words``, ``cardlint.lang.ja.words``).

Keyword ability names come from ``kb/keywords.yaml`` (names, aliases and printed forms per language,
through :func:`cardlint.kb.load_kb`) plus the ``keywords: forms`` of the language's vocabulary file;
:func:`keyword_forms` is the one place that reads both.

The vocabulary files are program data like ``grammar/``: they are read from the bundled kb
directory (``cardlint.paths.kb_dir``), not from ``$CARDLINT_KB``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

#: card-text language → the vocabulary file's name (the folder name of cardlint.lang.<name>)
FILES = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zh", "zh": "zh"}
#: kb language code of each vocabulary language
KB_LANG = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zh-Hans", "zh": "zh-Hans"}


class KeywordForm(NamedTuple):
    text: str      #: as written in the kb or vocabulary file (callers normalise for their lexer)
    id: str        #: the kb keyword id ("flying")
    source: str    #: "name", "alias", "printed" (kb/keywords.yaml) or "vocab" (kb/vocab/<lang>.yaml)


def _path(name: str):
    from cardlint.paths import kb_dir

    return kb_dir() / "vocab" / f"{name}.yaml"


@lru_cache(maxsize=None)
def _read(name: str) -> dict[str, Any]:
    # PyYAML needs 50-70 ms for a language's file even with libyaml, paid by every process; a copy
    # as JSON in the table cache (keyed by the file's content, shipped by tools/build_tables.py)
    # loads in about a millisecond
    import hashlib

    from cardlint.paths import cache_path, read_json_table, write_json_table

    raw = _path(name).read_bytes()
    try:
        cache = cache_path(f"vocab-{name}-{hashlib.sha256(raw).hexdigest()[:16]}.json")
    except OSError:  # no usable cache directory
        cache = None
    doc = read_json_table(cache)
    if doc is None:
        doc = _parse(name, raw)
        write_json_table(cache, doc)
    return doc


def _parse(name: str, raw: bytes) -> dict[str, Any]:
    import yaml

    doc = yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(doc, dict):
        raise ValueError(f"{_path(name)}: expected a mapping of word tables")
    return doc


def table(lang: str) -> dict[str, Any]:
    """The word tables of ``lang`` (``de``, ``ja``, ``zh-Hans`` …) as in its vocabulary file."""
    return _read(FILES[lang])


def generated(name: str) -> dict[str, Any]:
    """A generated vocabulary file (``ja-subtypes``, ``en-subtypes``)."""
    return _read(name)


def source_files(lang: str) -> list:
    """The files the vocabulary of ``lang`` is read from (for cache keys of derived tables)."""
    main = _path(FILES[lang])
    return [main] + sorted(main.parent.glob(f"{FILES[lang]}-*.yaml"))


@lru_cache(maxsize=None)
def keyword_forms(lang: str) -> tuple[KeywordForm, ...]:
    """Every keyword form of ``lang``: per kb keyword (in kb order) its name, aliases and printed
    forms, then the vocabulary file's ``keywords: forms`` (older printings, noun forms)."""
    from cardlint.kb import load_kb

    code = KB_LANG[lang]
    out = []
    for k in load_kb().keywords:
        name = (k.get("names") or {}).get(code)
        if name:
            out.append(KeywordForm(name, k["id"], "name"))
        out += [KeywordForm(a, k["id"], "alias") for a in (k.get("aliases") or {}).get(code) or []]
        out += [KeywordForm(p, k["id"], "printed") for p in (k.get("printed") or {}).get(code) or []]
    forms = (table(lang).get("keywords") or {}).get("forms") or {}
    out += [KeywordForm(text, kid, "vocab") for text, kid in forms.items()]
    return tuple(out)


def keyword_effects() -> dict[str, dict]:
    """kb keyword id → its own continuous effect (kb/keywords.yaml ``effect``), where it has one."""
    from cardlint.kb import load_kb

    return {k["id"]: k["effect"] for k in load_kb().keywords if k.get("effect")}


@lru_cache(maxsize=1)
def english_subtype_words() -> frozenset[str]:
    """Every English subtype (CR 205.3) in lower case, singular and plural ("elf", "elves",
    "assembly-worker"): ``kb/vocab/en-subtypes.yaml``, which also spells the lexicon's subtype terminals."""
    words: set[str] = set()
    for rows in generated("en-subtypes").values():
        for form in (w for row in rows for w in row):
            words.add(form.lower().replace("’", "'"))  # as the lexicon spells it
    return frozenset(words)


@lru_cache(maxsize=1)
def color_words() -> dict[str, str]:
    """English colour word → its code, the five colours only ("black" → "B"; kb/vocab/en.yaml ``colors``)."""
    return {word: code for word, code in table("en")["colors"].items() if len(code) == 1}


@lru_cache(maxsize=1)
def color_names() -> dict[str, str]:
    """Colour code → its English word ("B" → "black"): the id every language gives an excluded colour
    ("nonblack", "nicht-schwarz", "非黑色" exclude "black")."""
    return {code: word for word, code in color_words().items()}


@lru_cache(maxsize=None)
def subtype_names(lang: str) -> dict[str, str]:
    """Printed subtype name of ``lang`` → the English subtype: ``kb/vocab/<lang>-subtypes-en.yaml``
    (generated from type lines by ``tools/build_subtype_names.py``) and the language file's own
    ``subtype_names`` (subtypes no printed type line names, such as those of tokens only); empty
    for English."""
    if FILES[lang] == "en":
        return {}
    return {**generated(f"{FILES[lang]}-subtypes-en")["names"], **(table(lang).get("subtype_names") or {})}
