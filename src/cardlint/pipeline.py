"""Card text → clauses → IR → classification, for any language."""

from __future__ import annotations

from cardlint.classify import classify_clause
from cardlint.ir import CardIR
from cardlint.parse.frontend import frontend
from cardlint.text.segment import segment


def card_ir(text: str, lang: str = "en", name: str | None = None, type_line: str | None = None) -> CardIR:
    fe = frontend(lang)
    segs = fe.resegment(segment(text or "", fe.is_keyword), name)
    clauses = [fe.clause(s, name) for s in segs]
    return CardIR(name=name, type_line=type_line, clauses=clauses, lang=fe.lang)


def classify_card(text: str, lang: str = "en", name: str | None = None,
                  type_line: str | None = None) -> tuple[CardIR, list[dict]]:
    """The card's IR and the classification of each of its clauses."""
    card = card_ir(text, lang, name, type_line)
    spell = frontend(lang).is_spell_type(type_line)
    return card, [classify_clause(c, spell) for c in card.clauses]


def classify_text(text: str, lang: str = "en", name: str | None = None, type_line: str | None = None) -> dict:
    """The ``cardlint classify`` result for one card: ``{"clauses": [...]}``."""
    return {"clauses": classify_card(text, lang, name, type_line)[1]}
