"""CL1xx — misclassification: a declared classification (kb template, JSONL ``declared``,
Forge ``S:Mode$ Continuous`` layers) differs from the one derived from the card's text.

Only clauses the grammar parsed are compared: a fallback classification is a guess, and CL401
already reports the clause.  CDA disagreements are CL2xx, not CL101.
"""

from __future__ import annotations

from cardlint import names
from cardlint.i18n import _
from cardlint.lint.engine import Analysis, finding, quote

CODES = ("CL100", "CL101", "CL102", "CL103")


def _layers(effects) -> set[str]:
    return {e["layer"] for e in effects if e["kind"] == "continuous" and e.get("layer")}


def _fmt(layers) -> str:
    return ", ".join(sorted(layers)) if layers else _("none")


def _strip_cda_layers(layers: set[str]) -> set[str]:
    """7a vs 7b is the CDA question (CL2xx): compare P/T-setting layers as one."""
    return {"7b" if x == "7a" else x for x in layers}


def _part_layers(an: Analysis, d, idx: int) -> set[str] | None:
    """Layers of a Forge Description$ that is a strict part of clause ``idx`` ("CARDNAME has flying
    as long as you control an Island." of a five-part sentence), from its own parse; None when the
    description is the whole clause or does not parse.

    Forge often implements one printed sentence with one script line per part; each line is then
    compared with the part it implements rather than with the whole sentence."""
    from cardlint.classify import classify_clause
    from cardlint.io.forge_align import description_words
    from cardlint.pipeline import card_ir

    name = an.entry.name or ""
    desc, clause = description_words(d.text or "", name), description_words(an.clauses[idx]["text"], name)
    if not desc or len(desc) >= len(clause) or not set(desc) <= set(clause):
        return None
    card = card_ir(d.text.replace("CARDNAME", name or "CARDNAME"), an.entry.lang, an.entry.name, an.entry.type_line)
    if not card.clauses or not all(c.parsed for c in card.clauses):
        return None
    return set().union(*(_layers(classify_clause(c, an.spell)["effects"]) for c in card.clauses))


def _forge_part_findings(an: Analysis, idx: int, forge: list) -> list | None:
    """Findings of the Forge lines on clause ``idx`` when every one of them implements a strict
    part of it that parses (each line against its own part), else None (compare the whole clause)."""
    parts = [_part_layers(an, d, idx) if not d.span or d.span == [idx] else None for d in forge]
    if not all(parts):
        return None
    out = []
    for d, part in zip(forge, parts):
        if _strip_cda_layers(d.layers or set()) != _strip_cda_layers(part):
            out.append(finding("CL101", an, d.line or an.entry.line, _(
                "{name}: {clause} is declared in layer(s) {declared} but its text gives layer(s) {derived}").format(
                    name=an.label, clause=quote(d.text.replace("CARDNAME", an.entry.name or "CARDNAME")),
                    declared=_fmt(d.layers or set()), derived=_fmt(part)), clause_index=idx))
    return out


def check_entry(an: Analysis, config):
    out = []
    entry = an.entry
    for d in an.unaligned:
        if d.origin is None and d.clause_index is not None:
            out.append(finding("CL100", an, d.line or entry.line, _(
                "{name}: declared clause {n} has no clause in the text ({m} clause(s))").format(
                    name=an.label, n=d.clause_index + 1, m=len(an.clauses))))
        elif d.origin is None and d.text is not None:
            out.append(finding("CL100", an, d.line or entry.line, _(
                "{name}: declared clause “{text}” is not in the text").format(name=an.label, text=d.text)))
    for idx, decls in sorted(an.aligned.items()):
        clause = an.clauses[idx]
        if not clause["parsed"]:
            continue
        derived = _layers(clause["effects"])
        line = next((d.line for d in decls if d.line), entry.line)
        full = [d for d in decls if d.origin is None]
        forge = [d for d in decls if d.origin is not None]
        parts = _forge_part_findings(an, idx, forge) if forge else None
        if parts is not None:
            out.extend(parts)
            forge = []
        if forge:
            span = sorted({i for d in forge for i in (d.span or [idx])})
            if any(not an.clauses[i]["parsed"] for i in span):
                forge = []
            else:
                derived = set().union(*(_layers(an.clauses[i]["effects"]) for i in span))
        if forge and not derived:
            forge = []  # parsed, but the IR holds no layer effect: a builder gap, not judged
        if forge:
            declared = set().union(*(d.layers or set() for d in forge))
            if _strip_cda_layers(declared) != _strip_cda_layers(derived):
                out.append(finding("CL101", an, line, _(
                    "{name}: {clause} is declared in layer(s) {declared} but its text gives layer(s) {derived}").format(
                        name=an.label, clause=an.clause_label(idx), declared=_fmt(declared), derived=_fmt(derived)),
                    clause_index=idx))
        for d in full:
            if d.ability is not None and d.ability != clause["ability"]:
                out.append(finding("CL102", an, line, _(
                    "{name}: {clause} is declared a {declared} ability but its text is a {derived} ability").format(
                        name=an.label, clause=an.clause_label(idx), declared=names.ability(d.ability),
                        derived=names.ability(clause["ability"])),
                    clause_index=idx))
            if d.effects is None:
                continue
            dk = {e["kind"] for e in d.effects}
            gk = {e["kind"] for e in clause["effects"]}
            if dk != gk:
                out.append(finding("CL103", an, line, _(
                    "{name}: {clause} declares effect kind(s) {declared} but its text gives {derived}").format(
                        name=an.label, clause=an.clause_label(idx), declared=_fmt(set(map(names.effect, dk))),
                        derived=_fmt(set(map(names.effect, gk)))),
                    clause_index=idx))
            dl = _layers(d.effects)
            if _strip_cda_layers(dl) != _strip_cda_layers(derived):
                out.append(finding("CL101", an, line, _(
                    "{name}: {clause} is declared in layer(s) {declared} but its text gives layer(s) {derived}").format(
                        name=an.label, clause=an.clause_label(idx), declared=_fmt(dl), derived=_fmt(derived)),
                    clause_index=idx))
    return out


def check_set(analyses, doc, config, stats):
    return []
