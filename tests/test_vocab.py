"""The one vocabulary (``kb/vocab/``, read by :mod:`cardlint.vocab`), and what it is for: no
language's own word reaches an IR value.

What "an IR value" is: the strings the classify output and the translation check read as ids —
``Effect.verb``, ``Modification.characteristic`` and ``Modification.value`` (a string, or the strings
of a list; a :class:`~cardlint.ir.Value` by its ``kind``), ``Keyword.id``, and every id-like field of
an object description (:data:`FILTER_IDS` of what an effect affects and acts on, of a "for each …"
and of a counted value: noun, types, subtypes, colors, excluded, status, abilities …).  Free text is not an id
and is not checked: the clause text, trigger, costs, conditions' text, display words
(``Filter.extra``), keyword parameters ("from black") and a granted ability in quotes, whose value is
the ability's own text (English keeps it, Japanese and Chinese give a marker).

What "non-English" means, precisely: a value string is non-English when
1. it has a character outside ASCII — every Japanese and Chinese word, and German words with
   ä ö ü ß ("können", "flugfähigkeit"); or
2. it is a word of a non-English vocabulary — a key of that language's word tables, a German verb
   or declined adjective form, its keyword names in the kb, its printed subtype names — and not
   also a canonical id (keyword ids, English subtypes, card types, and every value the vocabulary
   tables give, which are the ids the builders emit: "land", "emblem", "planeswalker" are German
   and English alike).  This catches ASCII German ("eile", "geist", "kreatur").
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from cardlint import ir as I
from cardlint import vocab
from cardlint.lang.de import words as DE
from cardlint.pipeline import card_ir
from clause_fixtures import FOLDERS, load


def _values(tables):
    if isinstance(tables, dict):
        for v in tables.values():
            yield from _values(v)
    elif isinstance(tables, list):
        for v in tables:
            yield from _values(v)
    elif isinstance(tables, str):
        yield tables


def _canonical_ids() -> set[str]:
    ids = set(vocab.english_subtype_words()) | set(I.CARD_TYPES) | set(I.SUPERTYPES)
    ids |= {f.id for f in vocab.keyword_forms("en")} | {f.text.lower() for f in vocab.keyword_forms("en")}
    for lang in ("en", "de", "ja", "zh-Hans"):
        ids |= set(_values(vocab.table(lang)))
        ids |= set(vocab.subtype_names(lang).values())
    return ids


def _foreign_words() -> set[str]:
    """The ASCII-spellable words of the non-English vocabularies (German; Japanese and Chinese
    words are caught by rule 1)."""
    t = vocab.table("de")
    words = set(DE.verb_forms()) | DE.participle_adjectives() | set(vocab.subtype_names("de"))
    for key, table in t.items():
        if isinstance(table, dict):
            words |= {str(k) for k in table}
        elif isinstance(table, list):
            words |= {w for w in table if isinstance(w, str)}
    words |= {f.text.lower() for f in vocab.keyword_forms("de")}
    words |= {s + e for s in DE.ADJ_STEMS for e in DE.ADJ_ENDINGS}
    return {w.replace("_p", "").replace("_a", "") for w in words}


def non_english(value: str, canonical: set[str], foreign: set[str]) -> bool:
    if not value.isascii():
        return True
    if value in canonical:
        return False
    return any(w in foreign and w not in canonical for w in re.split(r"[\s_]+", value.lower()))


#: the id-like fields of an object description (:class:`cardlint.ir.Filter`): every one but the display
#: words (``extra``), the P/T and the flags
FILTER_IDS = ("ref", "quantifier", "types", "subtypes", "supertypes", "colors", "excluded", "controller",
              "attached", "status", "with_abilities", "without_abilities", "noun", "zone")


def _filters(effect: I.Effect) -> list[I.Filter]:
    """Every object description of an effect: what it affects, its objects, a modification's "for
    each …" and a counted value's objects."""
    seen = [effect.affected, *effect.objects]
    for m in effect.modifications:
        seen += [m.per, getattr(m.value, "of", None)]
    return [f for f in seen if isinstance(f, I.Filter)]


def ir_values(clause: I.ClauseIR):
    """(field, string) of every IR value of a clause (the module docstring says which)."""
    if clause.keyword is not None:
        yield "Keyword.id", clause.keyword.id
    for e in clause.effects:
        if e.verb:
            yield "Effect.verb", e.verb
        for f in _filters(e):
            for name in FILTER_IDS:
                value = getattr(f, name)
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str):
                        yield f"Filter.{name}", v
        for m in e.modifications:
            yield "Modification.characteristic", m.characteristic
            for v in m.value if isinstance(m.value, (list, tuple)) else [m.value]:
                if isinstance(v, str) and not (v.startswith('"') and v.endswith('"')):
                    yield "Modification.value", v
                elif dataclasses.is_dataclass(v) and isinstance(getattr(v, "kind", None), str):
                    yield "Modification.value", v.kind


@pytest.fixture(scope="module")
def ids():
    return _canonical_ids(), _foreign_words()


def test_the_check_knows_a_foreign_word(ids):
    canonical, foreign = ids
    for word in ("flugfähigkeit", "können", "ドラゴン", "龙", "eile", "geist", "kreatur", "elementarwesen"):
        assert non_english(word, canonical, foreign), word
    for word in ("flying", "creature", "dragon", "spirit", "land", "+1/+1", "W", "cant_be_blocked", "until_eot"):
        assert not non_english(word, canonical, foreign), word


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_no_non_english_word_in_an_ir_value(lang, ids):
    canonical, foreign = ids
    leaks = []
    for case in load(lang):
        for clause in card_ir(case["text"], lang, case["name"], case["type"]).clauses:
            leaks += [(field, v, clause.text) for field, v in ir_values(clause) if non_english(v, canonical, foreign)]
    assert not leaks, leaks


def test_every_language_has_its_vocabulary_file():
    for lang in ("en", "de", "ja", "zh-Hans"):
        assert vocab.table(lang), lang
        assert {f.source for f in vocab.keyword_forms(lang)} >= {"name"}, lang


def test_vocabulary_values_are_canonical_ascii():
    """A vocabulary's values are what builders put into the IR: canonical ids, never words."""
    for lang in ("en", "de", "ja", "zh-Hans"):
        for key, table in vocab.table(lang).items():
            if key != "keywords" and isinstance(table, dict):
                bad = [v for v in table.values() if isinstance(v, str) and not v.isascii()]
                assert not bad, (lang, key, bad[:5])
    for lemma, (en, _forms) in DE.VERB_SPECS.items():
        assert en.isascii(), (lemma, en)
