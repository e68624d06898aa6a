"""Card text → the per-clause data ``cardlint summary`` shows (from the IR and its classification)."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.classify import classify_clause, is_spell_card
from cardlint.summary.render import Vocab

LAYER_ORDER = ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]


def describe_affected(f: I.Filter | None, v: Vocab) -> str:
    """A localized phrase for the objects an effect applies to (patterns with placeholders)."""
    if f is None:
        return ""
    if f.is_self:
        return v.tr.pgettext("affected", "this object")
    if f.ref in ("you",) or f.noun == "player":
        return v.tr.pgettext("affected", "you") if f.ref == "you" or f.controller == "you" else v.tr.pgettext("affected", "players")
    if f.ref in ("it", "they", "those") or f.quantifier == "that":
        return v.tr.pgettext("affected", "that object")
    if f.attached:
        return v.tr.pgettext("affected", "the object it is attached to")
    words = [v.color(c) for c in f.colors] + [v.subtype(s) for s in f.subtypes] + [v.supertype(s) for s in f.supertypes]
    nouns = [v.card_type(t) for t in f.types] or ([v.card_type(f.noun)] if f.noun else [v.card_type("permanent")])
    what = " ".join(words + [v.and_list(nouns)]) if v.lang not in ("ja", "zh-Hans") else "".join(words + [v.and_list(nouns)])
    if f.excluded:
        what = v.tr.pgettext("affected", "%(what)s except %(excluded)s") % {
            "what": what, "excluded": v.or_list([v.card_type(x) if x in ("creature", "land", "artifact", "enchantment")
                                                else v.supertype(x) if x in ("basic", "legendary")
                                                else v.subtype(x) for x in f.excluded])}
    if f.controller == "you":
        what = v.tr.pgettext("affected", "%(what)s you control") % {"what": what}
    elif f.controller == "opponent":
        what = v.tr.pgettext("affected", "%(what)s an opponent controls") % {"what": what}
    if f.other:
        what = v.tr.pgettext("affected", "other %(what)s") % {"what": what}
    if f.quantifier == "target":
        return v.tr.pgettext("affected", "target %(what)s") % {"what": what}
    return v.tr.pgettext("affected", "every %(what)s") % {"what": what}


def clause_rows(text: str, lang: str, name: str | None = None, type_line: str | None = None,
                text_lang: str | None = None) -> list[dict]:
    """``lang``: the output language; ``text_lang``: the card text's (default: the same)."""
    from cardlint.lang.frontend import frontend
    from cardlint.pipeline import card_ir

    v = Vocab(lang)
    fe = frontend(text_lang or lang)
    card = card_ir(text, text_lang or lang, name, type_line)
    spell = fe.is_spell_type(type_line) if hasattr(fe, "is_spell_type") else is_spell_card(type_line)
    rows = []
    for c in card.clauses:
        cl = classify_clause(c, spell)
        kinds = []
        for e in cl["effects"]:
            k = v.effect_kind(e["kind"])
            if k not in kinds:
                kinds.append(k)
        layers = sorted({e["layer"] for e in cl["effects"] if e["layer"]}, key=lambda x: LAYER_ORDER.index(x))
        rules = any(e["kind"] == "rules" for e in cl["effects"])
        durations, affected = [], []
        for e in c.effects:
            if e.kind in (I.CONTINUOUS, I.RULES):
                d = v.duration(e.duration or ("as_long_as" if e.condition is not None else None))
                if d not in durations:
                    durations.append(d)
                a = describe_affected(e.affected, v)
                if a and a not in affected:
                    affected.append(a)
        rows.append({
            "text": c.text, "ability": v.ability_kind(cl["ability"]), "ability_id": cl["ability"],
            "parsed": c.parsed, "effect_kinds": kinds,
            "layers": [{"code": code, "name": v.layer(code)} for code in layers]
                      + ([{"code": "rules", "name": v.layer("rules")}] if rules else []),
            "cda": any(e["cda"] for e in cl["effects"]), "durations": durations, "affected": affected,
            "keyword": v.keyword(c.keyword.id) if c.keyword is not None else None,
        })
    return rows
