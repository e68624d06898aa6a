"""CL3xx — dependencies between continuous effects of a set of cards (CR 613.8).

A file of cards, a deck list or a board is one set: every effect of every card may apply
together.  The analysis is :mod:`cardlint.dependency` (shared with the layer engine); boards
give it the objects (attachments, controllers, targets).  Files with more cards than
``max-set-size`` are card databases, not sets, and are skipped (counted in the summary).
"""

from __future__ import annotations

from cardlint.dependency import Source, effect_parts, find_dependencies, find_loops
from cardlint.i18n import _
from cardlint.lint.engine import finding

CODES = ("CL301", "CL302", "CL303")
def criterion_text(criterion: str) -> str:
    """CR 613.8a's three ways of depending, as the CL301 message names them (catalog messages)."""
    return {"text": _("its text"), "existence": _("whether it exists"), "applies_to": _("what it applies to"),
            "what_it_does": _("what it does")}.get(criterion, criterion)


def _related(an, part) -> dict:
    """The other effect's location: its clause's line and column in its file, when found there."""
    from cardlint.lint.positions import clause_position

    line = part.source.line or an.entry.line
    out = {"path": an.entry.path, "line": line, "message": part.source.label}
    if line == an.entry.line and part.clause_text:
        at = clause_position(an.entry.path, an.entry.line, part.clause_text)
        if at:
            out["line"], out["column"] = at
    return out


def check_entry(an, config):
    return []


def _source(an, i: int) -> Source:
    src = an.entry.extra.get("source")
    if src is None:
        src = Source.from_type_line(an.entry.id or f"{an.entry.name}#{i}", an.entry.name, an.entry.type_line,
                                    path=an.entry.path, line=an.entry.line)
        if an.spell:
            src.is_spell = True
    return src


def check_set(analyses, doc, config, stats):
    if not doc.is_set or doc.kind == "ygo":
        return []
    mtg = [a for a in analyses if a.card is not None]
    if len(mtg) < 2:
        return []
    if len(mtg) > config.max_set_size:
        stats["dependency_skipped"] += 1
        return []
    stats["dependency_sets"] += 1
    parts = []
    where = {}
    objects = [] if doc.kind == "board" else None
    for i, an in enumerate(mtg):
        src = _source(an, i)
        if objects is not None and not an.entry.extra.get("resolved"):
            objects.append(src)
        ps = effect_parts(an.card, src)
        for p in ps:
            where[id(p)] = an
        parts.extend(ps)
    deps = find_dependencies(parts, objects)
    out = []
    expected = set()
    if doc.kind == "board":
        out.extend(_check_expectations(doc, parts, deps, where, expected))
    for d in deps:
        if (d.dependent.source.id, d.on.source.id, d.layer) in expected:
            continue  # the board says so: not news
        an, other = where[id(d.dependent)], where[id(d.on)]
        line = d.dependent.source.line or an.entry.line
        crit = criterion_text(d.criterion)
        out.append(finding("CL301", an, line, _(
            "layer {layer}: the effect of {a} ({a_text}) depends on the effect of {b} ({b_text}): applying it "
            "changes {criterion} — {reason} (CR 613.8a)").format(
                layer=d.layer, a=d.dependent.source.label, a_text=_short(d.dependent.clause_text),
                b=d.on.source.label, b_text=_short(d.on.clause_text), criterion=crit, reason=d.reason),
            related=[_related(other, d.on)], clause_text=d.dependent.clause_text))
    for loop in find_loops(deps):
        first = loop[0]
        an = where[id(first)]
        names = " → ".join(p.source.label for p in loop + [first])
        out.append(finding("CL302", an, first.source.line or an.entry.line, _(
            "layer {layer}: dependency loop {names}; these effects apply in timestamp order (CR 613.8b)").format(
                layer=first.layer, names=names),
            related=[{"path": where[id(p)].entry.path, "line": p.source.line or where[id(p)].entry.line,
                      "message": p.source.label} for p in loop[1:]]))
    return out


def _short(text: str) -> str:
    text = text.replace("\n", " ")
    return f"“{text if len(text) <= 70 else text[:67] + '…'}”"


def _check_expectations(doc, parts, deps, where, expected: set):
    """A board's ``expect: {dependencies: [...], no_dependencies: [...]}`` (object ids) is checked:
    an expected dependency that is not found, or an excluded one that is, is CL303.  An
    expectation about effects the grammar did not turn into layer effects is not judged."""
    exp = (doc.board or {}).get("expect") or {}
    found = {(d.dependent.source.id, d.on.source.id): d for d in deps}
    layers_of: dict[str, set] = {}
    for p in parts:
        layers_of.setdefault(p.source.id, set()).add(p.layer)
    anchor = {p.source.id: where[id(p)] for p in parts}
    out = []
    for item in exp.get("dependencies") or []:
        a, b, layer = str(item.get("dependent")), str(_on(item)), item.get("layer")
        if layer is not None:
            expected.add((a, b, str(layer)))
        else:
            expected.update((a, b, lay) for lay in layers_of.get(a, ()))
        if (a, b) in found:
            continue
        common = layers_of.get(a, set()) & layers_of.get(b, set())
        if not common or (layer is not None and str(layer) not in common):
            continue
        an = anchor[a]
        out.append(finding("CL303", an, an.entry.line, _(
            "board expects the effect of {a} to depend on the effect of {b}{layer}, but the analysis finds no "
            "dependency").format(a=a, b=b, layer=f" in layer {layer}" if layer else "")))
    for item in exp.get("no_dependencies") or []:
        a, b = str(item.get("dependent")), str(_on(item))
        d = found.get((a, b))
        if d is None or (item.get("layer") is not None and str(item["layer"]) != d.layer):
            continue
        an = anchor[a]
        out.append(finding("CL303", an, an.entry.line, _(
            "board expects no dependency of {a} on {b}, but the analysis finds one in layer {layer}: {reason}").format(
                a=a, b=b, layer=d.layer, reason=d.reason)))
    return out


def _on(item: dict):
    """``on:`` is the YAML 1.1 boolean True when unquoted."""
    return item.get("on", item.get(True))
