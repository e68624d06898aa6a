"""The layer system (CR 613) applied to a board.

Order of work:

1. every object's printed characteristics and abilities (its rules text parsed into IR);
2. the continuous effects: static abilities of permanents (timestamp of their object, 613.7a; a new
   one when an Aura/Equipment became attached, 613.7e), resolved spells and abilities (their own
   timestamp, 613.7b; their set of affected objects locked in when they began, 611.2c), counters
   (7c, 613.7c);
3. layer by layer (613.1–613.4): in layers 2–6 effects of characteristic-defining abilities first
   (613.3); then, after each application, dependencies among the effects still waiting are worked
   out again on the current board (613.8a–c, :mod:`cardlint.engine.depend`) and the earliest free
   effect applies: one that depends on no waiting effect outside its own dependency loop;
4. an effect that began to apply in one layer keeps the objects it applied to in later layers and
   keeps applying even if its ability was removed meanwhile (613.6); one whose ability was removed
   before it began never applies;
5. effects on players (613.10) and on the game rules (613.11), timestamp order, costs in 601.2f
   order (increases, reductions, then effects that set the total cost).

No card names in this module: everything comes from the IR of the board's texts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlint import ir as I
from cardlint.engine.board import Board
from cardlint.engine.effects import (
    KEYWORD_COUNTERS, Parsed, Skipped, add_intrinsic, applies_to, apply_part, effect_controller,
    effects_from_clause, matches, parse_board, parse_pt, understood,
)
from cardlint.engine.model import (
    BASIC_LAND_TYPES, LAYERS, Ability, EngineEffect, ObjState, Part, State, clone_state,
)
from cardlint.errors import InputError
from cardlint.i18n import Domain
from cardlint.meaning import locking

T = Domain("explain")

DEFAULT_HAND_SIZE = 7


@dataclass
class Dependency:
    dependent: str                 # effect id that waits
    on: str                        # effect id it depends on
    layer: str
    criterion: str                 # existence | applies_to | what_it_does | text


@dataclass
class Step:
    n: int
    layer: str
    effect: EngineEffect
    affected: list[str]
    cda: bool
    reason: str                    # cda_first | timestamp | dependency | loop | rules | cost_increase …
    depends_on: list[Dependency] = field(default_factory=list)
    loop: list[str] = field(default_factory=list)
    changes: dict = field(default_factory=dict)   # object id → {characteristic: [before, after]}
    applied: bool = True
    note: str | None = None


@dataclass
class Result:
    board: Board
    state: State
    steps: list[Step]
    effects: list[EngineEffect]
    dependencies: list[Dependency]
    skipped: list[Skipped]
    players: dict
    scheme: str = "current"
    #: each object's characteristics after each layer, in application order: [(layer, {id: snapshot})]
    after_layer: list = field(default_factory=list)


class UnparsedError(InputError):
    """A board text the grammar did not parse (or that produced no usable effect)."""

    def __init__(self, message, clause_text: str, **kw):
        super().__init__(message, **kw)
        self.clause_text = clause_text


# --- setup ---------------------------------------------------------------------------------------

def _initial_state(board: Board, parsed: Parsed) -> State:
    state: State = {}
    for o in board.objects:
        abilities = []
        for i, c in enumerate(parsed.cards[o.id].clauses):
            if c.form == I.FORM_REMINDER:
                continue
            kw = c.keyword.id if c.keyword is not None else None
            abilities.append(Ability(f"{o.id}:{i}", c.text, kw, c, "printed"))
        st = ObjState(o.id, o.name, [t.lower() for t in o.types], [s.lower() for s in o.subtypes],
                      [s.lower() for s in o.supertypes], list(o.colors), abilities, o.power, o.toughness,
                      o.controller, o.owner or o.controller, o.mana_value, o.text, o.zone, o.tapped, o.token,
                      o.attached_to)
        for s in st.subtypes:
            if s in BASIC_LAND_TYPES and st.has_type("land"):
                add_intrinsic(st, s)  # 305.6
        for kind, spec in o.counters.items():
            if str(kind).lower() in KEYWORD_COUNTERS:
                kid = str(kind).lower().replace(" ", "_")
                st.abilities.append(Ability(f"{o.id}:counter:{kid}", kid, kid, None, "counter"))
        state[o.id] = st
    return state


def _counter_spec(spec, default_ts):
    if isinstance(spec, dict):
        return int(spec.get("count", 1)), spec.get("timestamp", default_ts)
    return int(spec), default_ts


def _unparsed(board: Board, clause: I.ClauseIR, line: int, allow: bool, skipped: list, source):
    detail = clause.error or ""
    if not allow:
        raise UnparsedError(T._("the grammar could not parse this clause: “{clause}” ({detail})").format(
            clause=clause.text, detail=detail), clause.text, path=board.path, line=line)
    skipped.append(Skipped(clause.text, source, "unparsed", detail, line))


def collect_effects(board: Board, parsed: Parsed, allow_unparsed: bool, skipped: list) -> list[EngineEffect]:
    out: list[EngineEffect] = []
    for o in board.objects:
        if o.zone != "battlefield":
            continue
        card = parsed.cards[o.id]
        for i, c in enumerate(card.clauses):
            line = o.text_line
            if c.form in (I.FORM_REMINDER, I.FORM_TRIGGERED, I.FORM_ACTIVATED):
                continue
            if c.form == I.FORM_KEYWORD and not c.effects:
                continue
            if not c.parsed:
                _unparsed(board, c, line, allow_unparsed, skipped, o.id)
                continue
            ability = "keyword" if c.form == I.FORM_KEYWORD else "static"
            effs = effects_from_clause(
                c, ability=ability, eid=f"{o.id}#{i + 1}", timestamp=o.effective_timestamp, origin="static",
                source=o.id, source_name=o.name, ability_key=f"{o.id}:{i}", controller=None, targets=[],
                choices=o.choices, line=line, skipped=skipped)
            if not effs and c.form == I.FORM_STATEMENT and not any(
                    e.kind in (I.REPLACEMENT, I.PREVENTION, I.ONE_SHOT) for e in c.effects):
                skipped.append(Skipped(c.text, o.id, "no_effect", "", line))
            out.extend(effs)
        for kind, spec in o.counters.items():
            pt = parse_pt(str(kind))
            if pt is None:
                continue
            n, ts = _counter_spec(spec, o.effective_timestamp)
            out.append(EngineEffect(f"{o.id}:counter{kind}", f"{kind} ×{n}",
                                    I.Effect(I.CONTINUOUS, I.Filter(ref="self")),
                                    [Part("7c", I.Modification(I.PT_MODIFY, "modify", str(kind)))], ts,
                                    "counter", o.id, o.name, None, None, [], {}, counter=(str(kind), n)))
    for e in board.effects:
        if e.ended:
            continue
        card = parsed.effects[e.id]
        name = board.source_name(e)
        for i, c in enumerate(card.clauses):
            if c.form == I.FORM_REMINDER:
                continue
            if not c.parsed:
                _unparsed(board, c, e.text_line, allow_unparsed, skipped, e.id)
                continue
            effs = effects_from_clause(
                c, ability="spell", eid=e.id if len(card.clauses) == 1 else f"{e.id}.{i + 1}",
                timestamp=e.timestamp, origin="spell", source=e.source, source_name=name, ability_key=None,
                controller=e.controller, targets=e.targets, choices=e.choices, line=e.text_line,
                skipped=skipped)
            if not effs and not any(x.kind in (I.ONE_SHOT, I.REPLACEMENT, I.PREVENTION) for x in c.effects):
                skipped.append(Skipped(c.text, e.id, "no_effect", "", e.text_line))
            for x in effs:
                x.source_name = name
            out.extend(effs)
    for eff in out:
        for p in eff.parts:
            if p.layer == "rules":
                continue
            why = understood(p, eff)
            if why:
                skipped.append(Skipped(eff.text, eff.source, why, p.mod.characteristic, eff.line))
        eff.parts = [p for p in eff.parts if p.layer == "rules" or not understood(p, eff)]
    return [e for e in out if e.parts]


# --- 611.2c: resolved spells lock in the objects they affect ---------------------------------------

def _lock_spell_sets(board: Board, effects: list[EngineEffect], state: State, ctx) -> None:
    for eff in effects:
        f = eff.ir.affected
        lock = locking.locked_set(f, eff.origin, eff.anchor is None or eff.anchor.quantifier == "target")
        if lock is None:
            continue
        if lock == locking.SELF:
            eff.locked = frozenset([eff.source]) if eff.source else frozenset()
        elif lock == locking.TARGETS:
            eff.locked = frozenset(t for t in eff.targets if t in state) or (
                frozenset([eff.source]) if eff.source and not eff.targets else frozenset())
        else:
            snap = ctx.snapshot(eff.timestamp)
            eff.locked = frozenset(o.id for o in snap.values() if o.zone == "battlefield"
                                   and matches(f, o, eff, snap))


# --- the layer loop ----------------------------------------------------------------------------

def _exists(eff: EngineEffect, state: State) -> bool:
    if eff.started or eff.origin in ("spell", "counter", "rules"):
        return True
    src = state.get(eff.source)
    if src is None or src.zone != "battlefield":
        return False
    return any(a.key == eff.ability_key for a in src.abilities)


def _layer_code(part: Part, eff: EngineEffect, scheme: str, kb) -> str:
    if scheme == "current" or part.layer == "rules":
        return part.layer
    origin = "counter" if eff.origin == "counter" else ("spell" if eff.origin == "spell" else "static")
    codes = kb.map_layer(part.layer, scheme, origin)
    return codes[0] if codes else part.layer


def apply_effect(eff: EngineEffect, parts: list[Part], state: State, record: dict | None = None,
                 granted=None) -> list[str]:
    if eff.locked is None and not eff.started:
        eff.locked = applies_to(eff, state)
    eff.started = True
    targets = sorted(applies_to(eff, state))
    for oid in targets:
        o = state[oid]
        before = _snapshot_obj(o) if record is not None else None
        for p in parts:
            apply_part(p, eff, o, state, granted)
        if record is not None:
            after = _snapshot_obj(o)
            diff = {k: [before[k], after[k]] for k in before if before[k] != after[k]}
            if diff:
                record[oid] = diff
    return targets


def _snapshot_obj(o: ObjState) -> dict:
    return {"types": list(o.types), "subtypes": list(o.subtypes), "supertypes": list(o.supertypes),
            "all_creature_types": o.all_creature_types, "colors": list(o.colors),
            "abilities": [a.text for a in o.abilities], "power": o.power, "toughness": o.toughness,
            "controller": o.controller}


def _sccs(nodes: list[str], edges: dict[str, set[str]]) -> dict[str, frozenset]:
    """Strongly connected components: node → its component."""
    from cardlint.dependency import strongly_connected

    if not edges:
        return {v: frozenset((v,)) for v in nodes}
    comp = {}
    for members in strongly_connected(nodes, {k: sorted(v) for k, v in edges.items()}):
        fs = frozenset(members)
        for w in members:
            comp[w] = fs
    return comp


class Engine:
    def __init__(self, board: Board, allow_unparsed: bool = False, scheme: str | None = None,
                 parsed: Parsed | None = None, _depth: int = 0):
        self.board = board
        self.allow_unparsed = allow_unparsed
        self.scheme = scheme or board.scheme or "current"
        self.parsed = parsed or parse_board(board)
        self._snapshots: dict = {}
        self._depth = _depth

    # a snapshot of the board just before time ``ts`` (objects that had entered, effects that existed)
    def snapshot(self, ts: float) -> State:
        if ts in self._snapshots:
            return self._snapshots[ts]
        import copy

        sub = copy.copy(self.board)
        sub.objects = [o for o in self.board.objects if o.zone != "battlefield" or o.entered_at < ts]
        sub.effects = [e for e in self.board.effects if e.timestamp < ts]
        eng = Engine(sub, allow_unparsed=True, scheme=self.scheme, parsed=self.parsed, _depth=self._depth + 1)
        res = eng.run()
        self._snapshots[ts] = res.state
        return res.state

    def granted_clause(self, text: str, o: ObjState):
        from cardlint.pipeline import card_ir

        card = card_ir(text, self.board.lang, o.name, None)
        return card.clauses[0] if card.clauses else None

    def run(self) -> Result:
        from cardlint.kb import load_kb
        from cardlint.engine.depend import candidate_pairs, find_board_dependencies

        kb = load_kb()
        skipped: list[Skipped] = []
        state = _initial_state(self.board, self.parsed)
        effects = collect_effects(self.board, self.parsed, self.allow_unparsed, skipped)
        _lock_spell_sets(self.board, effects, state, self)
        steps: list[Step] = []
        all_deps: list[Dependency] = []
        if self.scheme == "current":
            codes = list(LAYERS)
        else:
            codes = [entry["code"] for entry in kb.scheme_layers(self.scheme) if entry["code"] not in ("8", "rules")]
        granted_seen: set[str] = set()
        after: list = []

        for code in codes:
            def parts_here(e):
                return [p for p in e.parts if _layer_code(p, e, self.scheme, kb) == code]

            pending = [e for e in effects if parts_here(e)]
            held: dict[str, list[Dependency]] = {}
            looped: set[str] = set()
            pairs = candidate_pairs(pending, state, parts_here)
            paired = {e.id for e in pending}
            dep_keys = {(d.dependent, d.on, d.layer, d.criterion) for d in all_deps}
            grants_here = code == "6" or code == "5" and self.scheme == "2007"
            if not pairs and not grants_here:
                # no two effects of this layer can depend on each other: CDAs first, then timestamp
                # order (613.3, 613.7), sorted once — O(n log n) for n effects, not n² re-evaluations
                pending.sort(key=lambda e: (not any(p.cda for p in parts_here(e)), e.timestamp, e.id))
                for e in pending:
                    parts = parts_here(e)
                    cda = any(p.cda for p in parts)
                    if not _exists(e, state):
                        steps.append(Step(len(steps) + 1, code, e, [], e.is_cda(parts[0].layer), "ceased",
                                          applied=False))
                        continue
                    record = {}
                    affected = apply_effect(e, parts, state, record, self.granted_clause)
                    steps.append(Step(len(steps) + 1, code, e, affected, cda,
                                      "cda_first" if cda and code not in ("7a", "6a") else "timestamp",
                                      changes=record))
                    self._after_application(code, state, effects, skipped)
                pending = []
            while pending:
                if any(e.id not in paired for e in pending):   # granted in this layer (613.7a example)
                    pairs = candidate_pairs(pending, state, parts_here)
                    paired = {e.id for e in pending}
                gone = [e for e in pending if not _exists(e, state)]
                for e in gone:
                    pending.remove(e)
                    steps.append(Step(len(steps) + 1, code, e, [], e.is_cda(parts_here(e)[0].layer), "ceased",
                                      applied=False))
                if not pending:
                    break
                cda = [e for e in pending if any(p.cda for p in parts_here(e))]
                group = cda if cda else pending
                reason_base = "cda_first" if cda and code not in ("7a", "6a") else "timestamp"
                deps = find_board_dependencies(group, code, state, parts_here, pairs)
                edges: dict[str, set[str]] = {}
                for d in deps:
                    edges.setdefault(d.dependent, set()).add(d.on)
                ids = [e.id for e in group]
                comp = _sccs(ids, edges)
                free = [e for e in group if all(w in comp[e.id] for w in edges.get(e.id, ()))]
                free.sort(key=lambda e: (e.timestamp, e.id))
                chosen = free[0]
                for d in deps:
                    if d.dependent != chosen.id and not any(
                            (x.on, x.criterion) == (d.on, d.criterion) for x in held.setdefault(d.dependent, [])):
                        held[d.dependent].append(d)
                mine = [d for d in deps if d.dependent == chosen.id]
                for d in held.get(chosen.id, []):
                    if not any((x.on, x.criterion) == (d.on, d.criterion) for x in mine):
                        mine.append(d)
                loop = sorted(comp[chosen.id]) if len(comp[chosen.id]) > 1 else []
                if loop:
                    looped.update(loop)
                if loop or chosen.id in looped:   # 613.8b: the loop's effects go in timestamp order
                    reason = "loop"
                elif mine:
                    reason = "dependency"  # 613.8b: it waited for the effects it depends on
                else:
                    # it goes first although a waiting effect has an earlier timestamp
                    earlier = [e for e in group if (e.timestamp, e.id) < (chosen.timestamp, chosen.id)]
                    reason = "dependency" if earlier else reason_base
                for d in deps:
                    key = (d.dependent, d.on, d.layer, d.criterion)
                    if key not in dep_keys:
                        dep_keys.add(key)
                        all_deps.append(d)
                record: dict = {}
                parts = parts_here(chosen)
                affected = apply_effect(chosen, parts, state, record, self.granted_clause)
                steps.append(Step(len(steps) + 1, code, chosen, affected, any(p.cda for p in parts), reason,
                                  depends_on=mine, loop=loop, changes=record))
                pending.remove(chosen)
                self._after_application(code, state, effects, skipped)
                if grants_here:
                    new = self._granted_effects(state, effects, granted_seen, skipped)
                    effects.extend(new)
                    # a granted ability that itself grants or removes abilities joins this layer
                    # (CR 613.7a example: an Aura grants an Equipment "Equipped creature has flying")
                    pending.extend(e for e in new if parts_here(e))
            if self._depth == 0:
                after.append((code, {oid: _snapshot_obj(o) for oid, o in state.items()}))
        players = self._rules_effects(effects, state, steps, skipped)
        rules_code = self._rules_code(kb)
        for st in steps:
            if st.layer == "rules":
                st.layer = rules_code
        return Result(self.board, state, steps, effects, all_deps, skipped, players, self.scheme, after)

    def _rules_code(self, kb) -> str:
        """The code effects on players and rules are shown under: "rules", or the scheme's own
        (the M10 articles' informal "layer 8")."""
        if self.scheme == "current":
            return "rules"
        try:
            codes = kb.map_layer("rules", self.scheme, "static")
        except (KeyError, AttributeError):
            codes = None
        return codes[0] if codes else "rules"

    def _after_application(self, code: str, state: State, effects: list, skipped) -> None:
        if code in ("1a", "1"):
            # the copied static abilities generate their effects in the later layers
            effects.extend(self._rewritten_effects(state, effects, skipped, ":copy:", ("1a", "1b")))
        if code == "3":
            # so do abilities whose text changed (612.2), from layer 4 on
            effects.extend(self._rewritten_effects(state, effects, skipped, ":text:", ("1a", "1b", "2", "3")))

    def _rewritten_effects(self, state: State, effects, skipped, marker: str, done: tuple) -> list[EngineEffect]:
        """Effects of the static abilities an object got by copying (707.2, ``:copy:``) or by a text
        change (612.2, ``:text:``) — with the object's own timestamp (613.7a) — for the layers not
        yet applied (``done`` are those already applied)."""
        have = {e.ability_key for e in effects}
        out = []
        for o in state.values():
            if o.zone != "battlefield":
                continue
            for a in o.abilities:
                if marker not in a.key or a.key in have or a.clause is None or not a.clause.parsed:
                    continue
                if a.clause.form in (I.FORM_REMINDER, I.FORM_TRIGGERED, I.FORM_ACTIVATED):
                    continue
                b = self.board.obj(o.id)
                for e in effects_from_clause(a.clause, ability="keyword" if a.clause.form == I.FORM_KEYWORD else "static",
                                             eid=a.key, timestamp=b.effective_timestamp, origin="static", source=o.id,
                                             source_name=o.name, ability_key=a.key, controller=None, targets=[],
                                             choices=b.choices, line=b.text_line, skipped=skipped):
                    e.parts = [p for p in e.parts if p.layer not in done and
                               (p.layer == "rules" or not understood(p, e))]
                    if e.parts:
                        out.append(e)
        return out

    def _granted_effects(self, state: State, effects, seen: set, skipped) -> list[EngineEffect]:
        """Static abilities granted in layer 6 ("… with 'This creature's power …'") generate effects in
        layer 6 itself and the later layers; their timestamp is the later of the object's and the
        granting effect's (613.7a)."""
        out = []
        by_id = {e.id: e for e in effects}
        for o in state.values():
            for a in o.abilities:
                if a.origin != "granted" or a.clause is None or a.key in seen:
                    continue
                seen.add(a.key)
                grant_id = a.key.split(":")[0]
                giver = by_id.get(grant_id)
                ts = max(giver.timestamp if giver else 0, self.board.obj(o.id).effective_timestamp)
                if not a.clause.parsed:
                    skipped.append(Skipped(a.text, o.id, "unparsed", a.clause.error or "", None))
                    continue
                for e in effects_from_clause(a.clause, ability="static", eid=f"{a.key}", timestamp=ts,
                                             origin="static", source=o.id, source_name=o.name, ability_key=a.key,
                                             controller=None, targets=[], choices={}, line=None, skipped=skipped):
                    e.parts = [p for p in e.parts if p.layer in ("6", "7a", "7b", "7c", "7d", "rules")]
                    for p in e.parts:
                        if p.layer == "7a":
                            p.layer, p.cda = "7b", False  # 604.3a(4)/(2): granted, not a CDA
                    if e.parts:
                        out.append(e)
        return out

    # --- 613.10 / 613.11 ---------------------------------------------------------------------------
    def _rules_effects(self, effects, state: State, steps: list[Step], skipped) -> dict:
        players = {p: {"max_hand_size": DEFAULT_HAND_SIZE, "abilities": []} for p in self.board.players}
        rules = [e for e in effects if any(p.layer == "rules" for p in e.parts) and _exists(e, state)]
        rules.sort(key=lambda e: (e.timestamp, e.id))
        costs = []
        for e in rules:
            verb = e.ir.verb
            mods = [p.mod for p in e.parts if p.mod is not None]
            if verb == "cost" or any(m.characteristic == "cost" for m in mods):
                costs.append(e)
                continue
            f = e.ir.affected
            if verb == "hand_size" or any(m.characteristic == "hand_size" for m in mods):
                m = next((m for m in mods if m.characteristic == "hand_size"), None)
                if m is None:
                    skipped.append(Skipped(e.text, e.source, "no_value", "hand_size", e.line))
                    continue
                who = self._players_of(e, f, state)
                for p in who:
                    cur = players[p]["max_hand_size"]
                    if m.op == "none":
                        players[p]["max_hand_size"] = None
                    elif m.op == "set":
                        players[p]["max_hand_size"] = int(m.value)
                    elif m.op == "modify" and cur is not None:
                        players[p]["max_hand_size"] = cur + int(m.value)
                steps.append(Step(len(steps) + 1, "rules", e, who, False, "timestamp",
                                  changes={p: {"max_hand_size": [None, players[p]["max_hand_size"]]} for p in who}))
                continue
            if f is not None and (f.ref in ("you", "player") or f.noun == "player"):
                who = self._players_of(e, f, state)
                abil = [v for m in mods if m.characteristic == I.ABILITIES for v in (m.value or [])]
                for p in who:
                    players[p]["abilities"] += [a for a in abil if a not in players[p]["abilities"]]
                steps.append(Step(len(steps) + 1, "rules", e, who, False, "timestamp"))
                continue
            # restrictions and requirements ("can't block", "attacks each combat if able") — the rules
            # part of a resolved effect is not locked in (611.2c): it also reaches later objects.
            hit = sorted(o.id for o in state.values() if f is not None and matches(f, o, e, state)) \
                if f is not None else []
            for oid in hit:
                state[oid].restrictions.append({"text": e.text, "source": e.source, "effect": e.id})
            steps.append(Step(len(steps) + 1, "rules", e, hit, False, "timestamp"))
        if costs:
            self._costs(costs, state, steps, skipped)
        return players

    def _players_of(self, e, f, state) -> list[str]:
        ctrl = effect_controller(e, state)
        if f is None or f.ref == "you" or f.controller == "you":
            return [ctrl]
        if f.controller == "opponent":
            return [p for p in self.board.players if p != ctrl]
        return list(self.board.players)

    def _costs(self, costs: list[EngineEffect], state: State, steps, skipped) -> None:
        """601.2f: mana cost + increases − reductions (not below {0}), then effects that set the total."""
        phases = {"increase": [], "reduce": [], "set": []}
        for e in costs:
            m = next((p.mod for p in e.parts if p.mod is not None and p.mod.characteristic == "cost"), None)
            if m is None or not isinstance(m.value, int):
                skipped.append(Skipped(e.text, e.source, "no_value", "cost", e.line))
                continue
            phase = {"increase": "increase", "add": "increase", "reduce": "reduce", "set": "set",
                     "minimum": "set"}.get(m.op)
            if phase is None:
                skipped.append(Skipped(e.text, e.source, "unsupported", f"cost {m.op}", e.line))
                continue
            phases[phase].append((e, m))
        spells = [o for o in state.values() if o.zone in ("hand", "stack") and not o.has_type("land")]
        for o in spells:
            b = self.board.obj(o.id)
            o.cost = o.mana_value
            o._colored = _colored_part(b.mana_cost, o.mana_value)
        for phase in ("increase", "reduce", "set"):
            for e, m in phases[phase]:
                f = e.ir.affected
                hit = []
                for o in spells:
                    cast = o.clone()
                    cast.zone = "stack"   # the spell as it is being cast (601.2f)
                    if f is not None and not matches(f, cast, e, state):
                        continue
                    before = o.cost
                    if phase == "increase":
                        o.cost += m.value
                    elif phase == "reduce":
                        o.cost = max(o._colored, o.cost - m.value)  # generic mana only, never below {0}
                    elif m.op == "minimum":
                        o.cost = max(o.cost, m.value)
                    else:
                        o.cost = m.value
                    hit.append(o.id)
                    if before != o.cost:
                        pass
                steps.append(Step(len(steps) + 1, "rules", e, hit, False, f"cost_{phase}"))


def _colored_part(mana_cost: str | None, mv: int) -> int:
    if not mana_cost:
        return 0
    import re

    syms = re.findall(r"\{([^}]+)\}", mana_cost)
    return sum(1 for s in syms if not s.isdigit() and s not in ("X", "C"))


def evaluate(board: Board, allow_unparsed: bool = False, scheme: str | None = None) -> Result:
    return Engine(board, allow_unparsed=allow_unparsed, scheme=scheme).run()
