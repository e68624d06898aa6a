"""CL3xx — dependencies between continuous effects of a set of cards (CR 613.8).

A file of cards (JSONL, MTGJSON), a deck list, a board, or the Forge scripts of one run is one
set: every effect of every card may apply together.  The analysis is :mod:`cardlint.dependency`
(shared with the layer engine), indexed by what each effect writes and reads, so a whole card
database is checked in seconds; boards give it the objects (attachments, controllers, targets).
A set is skipped only when ``max-set-size`` is configured and exceeded — counted in the summary
and said in the text output.

One CL301 finding per dependent effect and layer: it names the three criteria of 613.8a (same
layer, what applying the other changes, CDA parity) and every effect it depends on (the message
lists the first few; ``related`` holds them all, with the reason for each).
"""

from __future__ import annotations

from cardlint.dependency import CRITERIA, Source, effect_parts, find_dependencies, find_loops
from cardlint.i18n import _
from cardlint.lint.engine import finding

CODES = ("CL301", "CL302", "CL303")
#: documents whose cards form one set; Forge script files of one run are pooled into one set
SET_KINDS = ("cards", "decklist", "board", "mtgjson", "forge")
NAMES_SHOWN = 8


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


def keeps(an) -> bool:
    """Whether a card's analysis takes part in its set's dependency check (lint keeps it until the
    set is read): it has a continuous effect."""
    return an.card is not None and bool(effect_parts(an.card, _source(an, 0)))


def _pooled(doc) -> bool:
    """A single Forge script: its set is every script of the run (a cardsfolder)."""
    return doc.kind == "forge" and str(doc.path).endswith(".txt")


def check_set(analyses, doc, config, stats):
    if doc.kind not in SET_KINDS or not (doc.is_set or doc.kind in ("mtgjson", "forge")) or _pooled(doc):
        return []
    return _check(analyses, doc, config, stats)


def check_run(pairs, config, stats):
    """After every document: the Forge scripts of the run, as one set."""
    pool = [an for doc, analyses in pairs if _pooled(doc) for an in analyses]
    if not pool:
        return []
    docs = [doc for doc, _a in pairs if _pooled(doc)]
    return _check(pool, docs[0], config, stats)


def _check(analyses, doc, config, stats):
    mtg = [a for a in analyses if a.card is not None]
    if len(mtg) < 2:
        return []
    if config.max_set_size is not None and len(mtg) > config.max_set_size:
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
    groups: dict[int, list] = {}
    for d in deps:
        if (d.dependent.source.id, d.on.source.id, d.layer) in expected:
            continue  # the board says so: not news
        groups.setdefault(id(d.dependent), []).append(d)
    for ds in groups.values():
        out.append(_depends_finding(ds, where))
    for loop in find_loops(deps):
        ring = list(zip(loop, loop[1:] + loop[:1]))
        if all((a.source.id, b.source.id, a.layer) in expected or (b.source.id, a.source.id, a.layer) in expected
               for a, b in ring):
            continue  # a board that states every dependency of the loop expects it
        first = loop[0]
        an = where[id(first)]
        names = " → ".join(p.source.label for p in loop + [first])
        out.append(finding("CL302", an, first.source.line or an.entry.line, _(
            "layer {layer}: dependency loop {names}; these effects apply in timestamp order (CR 613.8b)").format(
                layer=first.layer, names=names),
            related=[{"path": where[id(p)].entry.path, "line": p.source.line or where[id(p)].entry.line,
                      "message": p.source.label} for p in loop[1:]]))
    return out


def _cda_text(cda: bool) -> str:
    if cda:
        return _("both effects are from characteristic-defining abilities")
    return _("neither effect is from a characteristic-defining ability")


def _depends_finding(ds, where):
    """One finding for one dependent effect: (a) the layer, (b) each effect it depends on with
    what applying it changes, (c) CDA parity (613.8a)."""
    ds = sorted(ds, key=lambda d: CRITERIA.index(d.criterion))
    a = ds[0].dependent
    an = where[id(a)]
    line = a.source.line or an.entry.line
    related = [{**_related(where[id(d.on)], d.on), "message": f"{d.on.source.label}: {criterion_text(d.criterion)} — "
                f"{d.reason}"} for d in ds]
    if len(ds) == 1:
        d = ds[0]
        msg = _("layer {layer}: the effect of {a} ({a_text}) depends on the effect of {b} ({b_text}) — "
                "(a) both apply in layer {layer}; (b) applying {b} changes {criterion}: {reason}; (c) {cda} "
                "(CR 613.8a)").format(
            layer=d.layer, a=a.source.label, a_text=_short(a.clause_text), b=d.on.source.label,
            b_text=_short(d.on.clause_text), criterion=criterion_text(d.criterion), reason=d.reason,
            cda=_cda_text(a.cda))
        return finding("CL301", an, line, msg, related=related, clause_text=a.clause_text)
    by_crit: dict[str, list[str]] = {}
    for d in ds:
        by_crit.setdefault(d.criterion, []).append(d.on.source.label)
    shown, changes = 0, []
    for crit, names in by_crit.items():
        room = max(NAMES_SHOWN - shown, 1)
        text = ", ".join(names[:room])
        if len(names) > room:
            text += " " + _("(and {n} more)").format(n=len(names) - room)
        shown += min(len(names), room)
        changes.append(_("{criterion}: {names}").format(criterion=criterion_text(crit), names=text))
    msg = _("layer {layer}: the effect of {a} ({a_text}) depends on {n} effects — (a) all apply in layer {layer}; "
            "(b) applying each changes {changes}; (c) {cda} (CR 613.8a)").format(
        layer=a.layer, a=a.source.label, a_text=_short(a.clause_text), n=len(ds), changes="; ".join(changes),
        cda=_cda_text(a.cda))
    return finding("CL301", an, line, msg, related=related, clause_text=a.clause_text)


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
