"""IR → classification (classification.md §2).  Reads only the IR: never the surface text.

- ability kind from the clause's form and the card's type line (spell text vs static ability);
- one record per distinct (kind, layer, cda) of the clause's effects;
- CDA (CR 604.3a): a static ability printed on the object that defines its own colors, subtypes,
  power or toughness, unconditionally, affecting no other object, not granted.
"""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.cda import is_cda

#: characteristic → layer (CR 613.1); PT_DEFINE is 7a only when it is a CDA (see _layer).
LAYER_OF = {
    I.COPY: "1a",
    I.FACE_DOWN: "1b",
    I.CONTROL: "2",
    I.TEXT: "3",
    I.TYPES: "4",
    I.COLORS: "5",
    I.ABILITIES: "6",
    I.PT_DEFINE: "7b",
    I.PT_SET: "7b",
    I.PT_MODIFY: "7c",
    I.PT_SWITCH: "7d",
}

SPELL_TYPES = ("instant", "sorcery")


def is_spell_card(type_line: str | None) -> bool | None:
    """True for instants/sorceries, False for permanents, None when unknown.  The type line is
    expected in English canonical words or already mapped by the front end."""
    if not type_line:
        return None
    low = type_line.lower()
    return any(t in low for t in SPELL_TYPES)


def ability_kind(clause: I.ClauseIR, spell_card: bool | None) -> str:
    form = clause.form
    if form == I.FORM_TRIGGERED and spell_card and clause.trigger != "chapter":
        # a delayed trigger written in an instant or sorcery stays part of the spell ability
        return "spell"
    if form in (I.FORM_KEYWORD, I.FORM_ACTIVATED, I.FORM_TRIGGERED, I.FORM_REMINDER):
        return form
    if clause.static_spell_ability:
        return "static"
    if spell_card is None:
        # Unknown type line: an imperative or a one-shot/temporary effect reads as a spell.
        spell_card = _looks_like_spell(clause)
    return "spell" if spell_card else "static"


def _looks_like_spell(clause: I.ClauseIR) -> bool:
    for e in clause.effects:
        if e.kind == I.ONE_SHOT:
            return True
        if e.duration in ("until_eot", "this_turn", "until_next_turn"):
            return True
        if e.affected is not None and e.affected.quantifier == "target":
            return True
    return False


def effect_records(clause: I.ClauseIR, ability: str) -> list[dict]:
    seen: list[tuple] = []
    out: list[dict] = []

    def add(kind, layer, cda, extra):
        key = (kind, layer, cda)
        if key in seen:
            return
        seen.append(key)
        rec = {"kind": kind, "layer": layer, "cda": cda}
        rec.update(extra)
        out.append(rec)

    for e in clause.effects:
        if e.kind == I.CONTINUOUS and e.modifications:
            for m in e.modifications:
                cda = is_cda(e, m, ability)
                layer = "7a" if (cda and m.characteristic == I.PT_DEFINE) else LAYER_OF[m.characteristic]
                add(I.CONTINUOUS, layer, cda, _extra(e, m))
        elif e.kind == I.CONTINUOUS:
            continue  # a continuous effect with no modification carries no layer: skip
        else:
            kind = e.kind
            if kind == I.ONE_SHOT and ability == "static":
                # a static ability creates continuous effects, never one-shot ones (CR 604.1):
                # "You may play lands from your graveyard", "Players may spend mana as though …"
                kind = I.RULES
            add(kind, None, False, {"verb": e.verb} if e.verb else {})
    return out


def _extra(e: I.Effect, m: I.Modification) -> dict:
    extra = {"characteristic": m.characteristic}
    if e.duration:
        extra["duration"] = e.duration
    if e.affected is not None:
        extra["affected"] = describe_filter(e.affected)
    if m.value is not None and not isinstance(m.value, I.Value):
        extra["value"] = m.value
    return extra


def describe_filter(f: I.Filter) -> str:
    if f.is_self:
        return "self"
    parts = []
    if f.quantifier:
        parts.append(f.quantifier)
    if f.other:
        parts.append("other")
    if f.attached:
        parts.append(f.attached)
    parts += f.status + [f"non{x}" for x in f.excluded] + f.supertypes + f.colors + f.subtypes + f.types
    if f.noun and f.noun not in f.types:
        parts.append(f.noun)
    if f.controller:
        parts.append(f"({f.controller} control)")
    return " ".join(parts) or f.ref


def classify_clause(clause: I.ClauseIR, spell_card: bool | None) -> dict:
    ability = ability_kind(clause, spell_card)
    effects = [] if ability == "reminder" else effect_records(clause, ability)
    out = {"text": clause.text, "ability": ability, "parsed": clause.parsed, "effects": effects}
    if clause.keyword is not None:
        out["keyword"] = clause.keyword.id
    if not clause.parsed and clause.error:
        out["error"] = clause.error
    return out


def score_key(clause_dict: dict) -> list[tuple]:
    """The (ability, kind, layer, cda) tuples used for agreement figures."""
    return [(clause_dict["ability"], e["kind"], e["layer"], e["cda"]) for e in clause_dict["effects"]] or \
        [(clause_dict["ability"], None, None, False)]
