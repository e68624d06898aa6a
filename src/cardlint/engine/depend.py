"""613.8 on a board: which waiting effects depend on which, re-evaluated after every application.

The criteria themselves (613.8a (a)–(c): same layer, what applying the other would change, CDA
parity) live in one place, :mod:`cardlint.dependency`, shared with the linter.  This module only
feeds it the *current* board: after each effect is applied (613.8c) every object is described again
as a :class:`cardlint.dependency.Source` (its types, colors, controller and attachment at that
moment), and board facts the static test cannot know are applied on top:

- an effect that already began to apply in an earlier layer keeps its set of objects and keeps
  existing (613.6), so nothing can change what it applies to or whether it exists;
- an effect of a resolved spell or ability has its set of objects locked in (611.2c), so nothing
  can change what it applies to.
"""

from __future__ import annotations

from cardlint import dependency as D
from cardlint.engine.model import EngineEffect, State


def _sources(state: State) -> dict[str, D.Source]:
    out = {}
    for o in state.values():
        subs = set(o.subtypes)
        if o.all_creature_types:
            subs.add("changeling")   # dependency.filter_may_match's marker for "every creature type"
        out[o.id] = D.Source(id=o.id, name=o.name, types=set(o.types), subtypes=subs,
                             supertypes=set(o.supertypes), colors=set(o.colors), controller=o.controller,
                             attached_to=o.attached_to, is_spell=False)
    return out


def _part_for(eff: EngineEffect, layer_parts, sources: dict[str, D.Source]) -> D.EffectPart | None:
    parts = layer_parts(eff)
    if not parts:
        return None
    if eff.origin in ("spell", "rules"):
        src = D.Source(id=eff.id, name=eff.source_name, controller=eff.controller or "you",
                       targets=list(eff.locked or eff.targets), is_spell=True, timestamp=eff.timestamp)
        ability = "spell"
    else:
        src = sources.get(eff.source) or D.Source(id=eff.source or eff.id, name=eff.source_name)
        ability = "static"
    ir = parts[0].ir or eff.ir
    return D.EffectPart(source=src, clause_index=0, clause_text=eff.text, effect=ir, layer=parts[0].layer,
                        mods=[p.mod for p in parts], cda=any(p.cda for p in parts), ability=ability,
                        line=eff.line)


def candidate_pairs(effects: list[EngineEffect], state: State, layer_parts) -> set[tuple[str, str]]:
    """The (dependent, on) effect ids of one layer that may ever depend on each other while the
    layer is applied: indexed by what each effect writes and reads, independent of the objects'
    current characteristics (:func:`cardlint.dependency.candidate_pairs` with ``stable``).  The
    layer loop re-evaluates only these pairs after each application, so a board of n effects that
    cannot depend on each other (400 anthems) costs near-linear work instead of n³."""
    sources = _sources(state)
    owner = {}
    plist = []
    for e in effects:
        p = _part_for(e, layer_parts, sources)
        if p is not None and e.counter is None:
            owner[id(p)] = e.id
            plist.append(p)
    return {(owner[id(a)], owner[id(b)]) for a, b in D.candidate_pairs(plist, stable=True) if a is not b}


def find_board_dependencies(group: list[EngineEffect], layer: str, state: State, layer_parts,
                            pairs: set[tuple[str, str]] | None = None) -> list:
    """Dependencies among the waiting effects ``group`` of one layer, on the board as it is now.
    ``pairs`` (from :func:`candidate_pairs`) limits the pairs tested.
    Returns :class:`cardlint.dependency.Dependency` records between effect ids."""
    if len(group) < 2:
        return []
    if pairs is not None:
        ids = {e.id for e in group}
        todo = [(a, b) for a, b in pairs if a in ids and b in ids]
        if not todo:
            return []
        by_id = {e.id: e for e in group}
        order = {e.id: i for i, e in enumerate(group)}
        todo.sort(key=lambda ab: (order[ab[0]], order[ab[1]]))
        tests = [(by_id[a], by_id[b]) for a, b in todo]
    else:
        tests = [(a, b) for a in group for b in group if a is not b]
    sources = _sources(state)
    objects = [s for oid, s in sources.items() if state[oid].zone == "battlefield"]
    parts = {e.id: _part_for(e, layer_parts, sources) for e in {x.id: x for ab in tests for x in ab}.values()}
    out = []
    for a, b in tests:
        pa, pb = parts[a.id], parts[b.id]
        if pa is None or a.counter is not None or pb is None or b.counter is not None:
            continue
        if a.source is not None and a.source == b.source and a.origin == b.origin == "static" \
                and a.ability_key == b.ability_key:
            continue
        d = D.depends_on(pa, pb, objects)
        if d is None:
            continue
        if d.criterion in ("existence", "text") and (a.started or a.origin in ("spell", "rules", "counter")):
            continue  # 613.6: it already applies, whatever happens to its ability
        if d.criterion == "applies_to" and (a.started or a.locked is not None):
            continue  # 613.6 / 611.2c: its set of objects is fixed
        out.append(D.Dependency(a.id, b.id, layer, d.criterion, d.reason))
    return out
