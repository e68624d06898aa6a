"""Card text → clauses → IR → classification, for any language."""

from __future__ import annotations

from cardlint.classify import classify_clause
from cardlint.ir import CardIR
from cardlint.lang.frontend import frontend
from cardlint.meaning.die_rolls import join_results
from cardlint.text.segment import segment

#: (language, type line) → is it an instant/sorcery: a corpus has far fewer type lines than cards
_SPELL_TYPES: dict = {}
_SPELL_TYPES_MAX = 8192


def card_ir(text: str, lang: str = "en", name: str | None = None, type_line: str | None = None) -> CardIR:
    fe = frontend(lang)
    segs = fe.resegment(segment(text or "", fe.is_keyword), name)
    clauses = join_results([fe.clause(s, name) for s in segs])
    return CardIR(name=name, type_line=type_line, clauses=clauses, lang=fe.lang)


def _is_spell_type(fe, type_line: str | None) -> bool | None:
    key = (fe.lang, type_line)
    try:
        return _SPELL_TYPES[key]
    except KeyError:
        pass
    spell = fe.is_spell_type(type_line)
    if len(_SPELL_TYPES) >= _SPELL_TYPES_MAX:
        _SPELL_TYPES.clear()  # bad input: a type line per card
    _SPELL_TYPES[key] = spell
    return spell


def classify_card(text: str, lang: str = "en", name: str | None = None,
                  type_line: str | None = None) -> tuple[CardIR, list[dict]]:
    """The card's IR and the classification of each of its clauses."""
    card = card_ir(text, lang, name, type_line)
    spell = _is_spell_type(frontend(lang), type_line)
    return card, [classify_clause(c, spell) for c in card.clauses]


def classify_text(text: str, lang: str = "en", name: str | None = None, type_line: str | None = None) -> dict:
    """The ``cardlint classify`` result for one card: ``{"clauses": [...]}``."""
    return {"clauses": classify_card(text, lang, name, type_line)[1]}
