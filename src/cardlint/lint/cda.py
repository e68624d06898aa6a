"""CL2xx — characteristic-defining abilities (CR 604.3a).

A declared CDA must be a static ability printed on the object that defines the object's own
colors, subtypes, power or toughness, unconditionally, affecting no other object, not granted.
A clause whose text is a CDA must be declared as one (it applies first in its layer, 613.3).
"""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.cda import CDA_CHARACTERISTICS
from cardlint import names
from cardlint.i18n import _
from cardlint.lint.engine import Analysis, finding

CODES = ("CL201", "CL202", "CL203", "CL204", "CL205")


def violation(clause: I.ClauseIR, ability: str) -> tuple[str, str] | None:
    """Why the clause is not a CDA: (code, reason), or None if nothing in the IR says so."""
    cont = [e for e in clause.effects if e.kind == I.CONTINUOUS and e.modifications]
    if not cont:
        return None
    if ability not in ("static", "keyword"):
        return "CL203", _("it is a {kind} ability, not a static ability of the object").format(kind=names.ability(ability))
    for e in cont:
        if e.granted:
            return "CL203", _("the ability is granted (quoted), not printed on the object")
    for e in cont:
        if e.condition is not None or e.duration is not None:
            return "CL201", _("it applies only under a condition or for a duration")
    for e in cont:
        if e.affected is None or not e.affected.is_self:
            return "CL202", _("it affects other objects, not only the object itself")
    for e in cont:
        for m in e.modifications:
            if m.characteristic not in CDA_CHARACTERISTICS:
                return "CL204", _("it changes {what}, which a CDA cannot define (only colors, subtypes, power, toughness)").format(
                    what=names.characteristic(m.characteristic))
            if m.characteristic == I.TYPES and "chosen" in (m.value or []):
                return None  # "is the chosen type": not judged (a choice made as it entered)
            if m.characteristic == I.TYPES and m.op not in ("all_creature_types", "set_subtypes"):
                return "CL204", _("it defines card types, which a CDA cannot define (only colors, subtypes, power, toughness)")
    return None


def check_entry(an: Analysis, config):
    out = []
    for idx, decls in sorted(an.aligned.items()):
        clause = an.clauses[idx]
        if not clause["parsed"]:
            continue
        line = next((d.line for d in decls if d.line), an.entry.line)
        declared = None
        for d in decls:
            if d.cda is not None:
                declared = bool(declared) or d.cda
            if d.effects is not None:
                declared = bool(declared) or any(e["cda"] for e in d.effects)
        if declared is None:
            continue
        derived = any(e["cda"] for e in clause["effects"])
        if declared and not derived:
            v = violation(an.card.clauses[idx], an.abilities[idx])
            if v is not None:
                code, reason = v
                out.append(finding(code, an, line, _(
                    "{name}: {clause} is declared a characteristic-defining ability, but {reason} (CR 604.3a)").format(
                        name=an.label, clause=an.clause_label(idx), reason=reason), clause_index=idx))
        elif derived and not declared and not _chosen(an.card.clauses[idx]):
            out.append(finding("CL205", an, line, _(
                "{name}: {clause} is a characteristic-defining ability (CR 604.3a) but is not declared as one").format(
                    name=an.label, clause=an.clause_label(idx)), clause_index=idx))
    return out


def _chosen(clause: I.ClauseIR) -> bool:
    """"is the chosen color/type": set by a choice as the object entered; not judged."""
    return any("chosen" in (m.value or []) for e in clause.effects for m in e.modifications
               if isinstance(m.value, list))


def check_set(analyses, doc, config, stats):
    return []
