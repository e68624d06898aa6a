"""From a board's parsed text (IR) to engine effects; filters, values and what a part does."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardlint import ir as I
from cardlint.classify import LAYER_OF
from cardlint.meaning.cda import is_cda
from cardlint.engine.board import Board, BoardEffect, BoardObject
from cardlint.engine.model import (
    BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES, Ability, EngineEffect, ObjState, Part, State, subtype_category,
)

PT_RE = re.compile(r"^\s*([+-]?)(\d+|X|\*)\s*/\s*([+-]?)(\d+|X|\*)\s*$")
#: Keyword counters (CR 122.1b) put abilities on an object in layer 6.
KEYWORD_COUNTERS = {"flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"}


@dataclass
class Skipped:
    """A clause or effect the engine could not apply — always reported, never dropped silently."""

    text: str
    source: str | None
    reason: str                    # unparsed | no_effect | unsupported | no_value
    detail: str = ""
    line: int | None = None


@dataclass
class Parsed:
    """The IR of every object and effect on a board."""

    cards: dict = field(default_factory=dict)      # object id → CardIR
    effects: dict = field(default_factory=dict)    # board effect id → CardIR


def type_line(o: BoardObject) -> str:
    head = " ".join(x for x in o.supertypes + o.types)
    return head + (" — " + " ".join(o.subtypes) if o.subtypes else "")


def parse_board(board: Board) -> Parsed:
    from cardlint.pipeline import card_ir

    out = Parsed()
    for o in board.objects:
        out.cards[o.id] = card_ir(o.text or "", board.lang, o.name, type_line(o))
    for e in board.effects:
        # the card name is only given for self-reference when it is a real name, never an id
        # (an effect with id "switch" must not turn "Switch target creature's …" into "this")
        named = e.name or (board.source_name(e) if board.has_object(e.source) else None)
        out.effects[e.id] = card_ir(e.text, board.lang, named, "Instant")
    return out


# --- values ------------------------------------------------------------------------------------

def parse_pt(value) -> tuple | None:
    """``"+1/+1"`` → (1, 1, True); ``"1/1"`` → (1, 1, False); None when not a number."""
    if not isinstance(value, str):
        return None
    m = PT_RE.match(value.replace("−", "-"))
    if not m:
        return None
    s1, a, s2, b = m.groups()
    if not (a.isdigit() and b.isdigit()):
        return None
    p = int(a) * (-1 if s1 == "-" else 1)
    t = int(b) * (-1 if s2 == "-" else 1)
    return (p, t, bool(s1 or s2))


def is_mana_value(v: I.Value) -> bool:
    extra = " ".join(v.of.extra) if v.of is not None else ""
    return "mana" in extra and "value" in extra


def eval_value(v, obj: ObjState, eff: EngineEffect, state: State) -> int | None:
    if isinstance(v, I.Value):
        if v.kind == "number":
            return v.number
        if v.kind == "count" and v.of is not None:
            if is_mana_value(v):
                return obj.mana_value
            return sum(1 for o in state.values() if matches(v.of, o, eff, state, counting=True))
        if v.kind == "power":
            return obj.power
        if v.kind == "toughness":
            return obj.toughness
        return None
    if isinstance(v, int):
        return v
    return None


# --- filters -----------------------------------------------------------------------------------

def effect_controller(eff: EngineEffect, state: State) -> str:
    if eff.origin in ("static", "rules_static") and eff.source in state:
        return state[eff.source].controller
    return eff.controller or "you"


def _has_word(o: ObjState, w: str) -> bool:
    w = w.lower()
    if w in CARD_TYPES:
        return o.has_type(w)
    if w in SUPERTYPES:
        return w in o.supertypes
    if w in ("W", "U", "B", "R", "G"):
        return w in o.colors
    if w == "token":
        return o.token
    return o.has_subtype(w)


def matches(f: I.Filter, o: ObjState, eff: EngineEffect, state: State, counting: bool = False) -> bool:
    if f is None:
        return False
    if f.ref == "self":
        return o.id == eff.source
    if f.ref in ("it", "they", "those") or f.quantifier == "that":
        if eff.anchor is not None and eff.anchor is not f:
            return matches(eff.anchor, o, eff, state)
        if eff.targets:
            return o.id in eff.targets
        return o.id == eff.source
    if f.quantifier == "target":
        return o.id in eff.targets
    src = state.get(eff.source) if eff.source else None
    if f.attached or f.ref == "attached":
        return src is not None and src.attached_to == o.id
    zone = f.zone or ("battlefield" if f.noun not in ("card", "spell") else None)
    if not f.zone and (f.noun == "spell" or any(t in ("instant", "sorcery") for t in f.types)):
        zone = "stack"
    if zone and o.zone != zone:
        return False
    if f.noun == "card" and not f.zone and o.zone == "battlefield":
        return False
    if f.types:
        if f.ref == "multiple":
            if not any(o.has_type(t) for t in f.types):
                return False
        elif not all(o.has_type(t) for t in f.types):
            return False
    if f.noun in CARD_TYPES and not o.has_type(f.noun):
        return False
    if not all(o.has_subtype(s) for s in f.subtypes):
        return False
    if not all(s in o.supertypes for s in f.supertypes):
        return False
    if f.colors:
        ok = False
        for c in f.colors:
            if c == "colorless":
                ok = ok or not o.colors
            elif c == "multicolored":
                ok = ok or len(o.colors) > 1
            elif c == "monocolored":
                ok = ok or len(o.colors) == 1
            else:
                ok = ok or c in o.colors
        if not ok:
            return False
    for w in f.excluded:
        if _has_word(o, w):
            return False
    if f.controller:
        ctrl = effect_controller(eff, state)
        if f.controller == "you" and o.controller != ctrl:
            return False
        if f.controller == "opponent" and o.controller == ctrl:
            return False
    if f.other and o.id == eff.source:
        return False
    if f.token is True and not o.token:
        return False
    if f.token is False and o.token:
        return False
    for s in f.status:
        if s == "untapped" and o.tapped:
            return False
        if s == "tapped" and not o.tapped:
            return False
    kws = o.keyword_ids()
    if any(k not in kws for k in f.with_abilities):
        return False
    if any(k in kws for k in f.without_abilities):
        return False
    return True


def applies_to(eff: EngineEffect, state: State) -> frozenset:
    """The objects an effect applies to now: its locked set (611.2c, 613.6) or its filter."""
    if eff.locked is not None:
        return frozenset(o for o in eff.locked if o in state and state[o].zone == "battlefield")
    if eff.counter is not None:
        return frozenset([eff.source]) if eff.source in state else frozenset()
    f = eff.ir.affected
    if f is None:
        # "Change the text of target spell or permanent …": the IR names no filter, the board its target
        if eff.origin == "spell" and eff.targets:
            return frozenset(t for t in eff.targets if t in state)
        return frozenset()
    need = _required_type(f)
    return frozenset(o.id for o in state.values() if (need is None or need in o.types) and matches(f, o, eff, state))


def _required_type(f: I.Filter) -> str | None:
    """A card type every object the filter matches must have — a cheap test before :func:`matches`
    (an effect on "creatures you control" need not look at every enchantment on the board)."""
    if f.ref == "self" or f.ref in ("it", "they", "those") or f.quantifier in ("that", "target") or f.attached:
        return None
    if f.noun in CARD_TYPES:
        return f.noun
    if f.types and f.ref != "multiple":
        t = f.types[0].lower()
        return t if t in CARD_TYPES else None
    return None


# --- what a part does --------------------------------------------------------------------------

def resolve(part: Part, eff: EngineEffect, o: ObjState, state: State):
    """A hashable description of what the part does to ``o`` in ``state`` (613.8a "what it does")."""
    m = part.mod
    c = m.characteristic
    if c == I.CONTROL:
        return ("control", m.op, effect_controller(eff, state))
    if c in (I.TYPES, I.COLORS, I.ABILITIES):
        val = tuple(_chosen(x, eff) for x in (m.value or []))
        return (c, m.op, val)
    if c in (I.PT_SET, I.PT_DEFINE):
        return ("pt_set",) + tuple(_pt_numbers(m, eff, o, state) or ())
    if c == I.PT_MODIFY:
        if eff.counter is not None:
            kind, n = eff.counter
            pt = parse_pt(kind)
            return ("pt_modify", pt[0] * n, pt[1] * n) if pt else ("pt_modify", None)
        pt = parse_pt(m.value)
        times = 1
        if m.per is not None:
            times = sum(1 for x in state.values() if matches(m.per, x, eff, state, counting=True))
        return ("pt_modify", pt[0] * times, pt[1] * times) if pt else ("pt_modify", None)
    if c == I.PT_SWITCH:
        return ("switch",)
    return (c, m.op)


def _chosen(x, eff: EngineEffect):
    if x == "chosen":
        return eff.choices.get("color") or eff.choices.get("creature_type") or x
    return x


def _pt_numbers(m: I.Modification, eff: EngineEffect, o: ObjState, state: State):
    pt = parse_pt(m.value) if isinstance(m.value, str) else None
    if pt is not None:
        return pt[0], pt[1]
    if isinstance(m.value, I.Value):
        n = eval_value(m.value, o, eff, state)
        return (n, n) if n is not None else None
    return None


def understood(part: Part, eff: EngineEffect) -> str | None:
    """None if the engine can apply the part, else why not."""
    m = part.mod
    c = m.characteristic
    if c == I.COPY:
        # 707.2: the object copied is a choice made as it entered (the board's choices: {copy: id})
        return None if eff.choices.get("copy") else "no_value"
    if c == I.TEXT:
        # 612.2: the words replaced are chosen as the effect is created (choices: {from: …, to: …})
        return None if eff.choices.get("from") and eff.choices.get("to") else "no_value"
    if c == I.FACE_DOWN:
        return "unsupported"
    if c == I.CONTROL and m.op not in ("gain", "set"):
        return "unsupported"
    if c in (I.PT_SET, I.PT_DEFINE):
        if isinstance(m.value, str) and parse_pt(m.value) is None:
            return "no_value"
        if isinstance(m.value, I.Value) and m.value.kind not in ("number", "count", "power", "toughness"):
            return "no_value"
        if m.value is None:
            return "no_value"
    if c == I.PT_MODIFY and eff.counter is None and parse_pt(m.value) is None:
        return "no_value"
    if c in (I.TYPES, I.COLORS) and m.op in ("add", "set") and not m.value:
        return "no_value"
    if c == I.ABILITIES and m.op in ("add", "remove", "cant_have") and not m.value:
        return "no_value"
    return None


# --- applying ----------------------------------------------------------------------------------

def apply_part(part: Part, eff: EngineEffect, o: ObjState, state: State, parse_granted=None) -> None:
    m = part.mod
    c = m.characteristic
    what = resolve(part, eff, o, state)
    if c == I.CONTROL:
        o.controller = what[2]
    elif c == I.COPY:
        _apply_copy(o, state.get(str(eff.choices.get("copy"))))
    elif c == I.TEXT:
        _apply_text(o, eff, str(eff.choices["from"]), str(eff.choices["to"]), parse_granted)
    elif c == I.TYPES:
        _apply_types(m.op, [str(x).lower() for x in what[2]], o, eff)
    elif c == I.COLORS:
        cols = [x for x in what[2] if x in ("W", "U", "B", "R", "G")]
        if m.op == "set":
            o.colors = [] if "colorless" in what[2] else cols
        else:
            o.colors = o.colors + [x for x in cols if x not in o.colors]
    elif c == I.ABILITIES:
        _apply_abilities(m.op, list(what[2]), o, eff, parse_granted)
    elif c in (I.PT_SET, I.PT_DEFINE):
        nums = what[1:]
        if len(nums) == 2:
            o.power, o.toughness = nums
    elif c == I.PT_MODIFY:
        if what[1] is not None:
            o.power = (o.power or 0) + what[1]
            o.toughness = (o.toughness or 0) + what[2]
    elif c == I.PT_SWITCH:
        o.power, o.toughness = o.toughness, o.power


def _apply_copy(o: ObjState, orig: ObjState | None) -> None:
    """Layer 1a (707.2): the copiable values of the original — name, mana value, color, types,
    rules text and its abilities, power and toughness — as they are after its own layer-1 effects
    (which is all that has been applied when layer 1a runs)."""
    if orig is None or orig is o:
        return
    o.name, o.mana_value, o.text = orig.name, orig.mana_value, orig.text
    o.colors, o.types = list(orig.colors), list(orig.types)
    o.subtypes, o.supertypes = list(orig.subtypes), list(orig.supertypes)
    o.all_creature_types = orig.all_creature_types
    o.power, o.toughness = orig.power, orig.toughness
    o.abilities = [Ability(f"{o.id}:copy:{a.key}", a.text, a.keyword, a.clause, a.origin)
                   for a in orig.abilities if a.origin in ("printed", "intrinsic")]


def _apply_text(o: ObjState, eff: EngineEffect, old: str, new: str, parse) -> None:
    """Layer 3 (612.2): every instance of one word in the object's rules text becomes another; an
    ability whose text changed is a new ability (its clause parsed again), so the effects of the
    old wording end and the new wording's begin in the later layers."""
    rx = re.compile(r"\b" + re.escape(old) + r"\b", re.I)

    def swap(m):
        w = m.group(0)
        return new[:1].upper() + new[1:] if w[:1].isupper() else new.lower()

    o.text = rx.sub(swap, o.text or "")
    out = []
    for i, a in enumerate(o.abilities):
        if a.origin not in ("printed", "intrinsic") or a.keyword or not rx.search(a.text):
            out.append(a)
            continue
        text = rx.sub(swap, a.text)
        out.append(Ability(f"{o.id}:text:{eff.id}:{i}", text, None, parse(text, o) if parse else None, a.origin))
    o.abilities = out


def _apply_types(op: str, values: list[str], o: ObjState, eff: EngineEffect) -> None:
    if op == "all_creature_types":
        o.all_creature_types = True
        return
    if op == "remove":
        return
    ctypes = [v for v in values if v in CARD_TYPES]
    supers = [v for v in values if v in SUPERTYPES]
    subs = [v for v in values if v not in CARD_TYPES and v not in SUPERTYPES and v != "all creature types"]
    if "all creature types" in values:
        o.all_creature_types = True
    new_land_types = [s for s in subs if s in BASIC_LAND_TYPES]
    if op in ("set", "set_subtypes"):
        # 205.1a: new card types replace the old ones; new subtypes replace those of their kind.
        if ctypes:
            o.types = list(dict.fromkeys(ctypes))
        if supers:
            o.supertypes = list(dict.fromkeys(supers))
        kinds = {subtype_category(s) for s in subs}
        if "creature" in kinds:
            o.all_creature_types = False
        o.subtypes = [s for s in o.subtypes if subtype_category(s) not in kinds] + \
                     [s for s in subs if s not in o.subtypes or subtype_category(s) in kinds]
        o.subtypes = list(dict.fromkeys(o.subtypes))
        if any(subtype_category(s) == "land" for s in subs) and o.has_type("land"):
            # 305.7: setting a land's subtype removes its rules-text abilities; it gets the
            # intrinsic mana ability of each basic land type.
            o.abilities = [a for a in o.abilities if a.origin not in ("printed", "intrinsic")]
    else:
        o.types = o.types + [t for t in ctypes if t not in o.types]
        o.supertypes = o.supertypes + [t for t in supers if t not in o.supertypes]
        o.subtypes = o.subtypes + [s for s in subs if s not in o.subtypes]
    # 205.3d: an object can't have a subtype that doesn't correspond to one of its types.
    keep = []
    for s in o.subtypes:
        cat = subtype_category(s)
        if cat == "creature" and not (o.has_type("creature") or o.has_type("kindred") or o.has_type("tribal")):
            continue
        if cat in ("land", "artifact", "enchantment") and not o.has_type(cat):
            continue
        keep.append(s)
    o.subtypes = keep
    if o.all_creature_types and not (o.has_type("creature") or o.has_type("kindred") or o.has_type("tribal")):
        o.all_creature_types = False
    for lt in new_land_types:
        if o.has_type("land"):
            add_intrinsic(o, lt)


def add_intrinsic(o: ObjState, land_type: str) -> None:
    color = BASIC_LAND_TYPES[land_type]
    key = f"{o.id}:intrinsic:{land_type}"
    if not any(a.key == key for a in o.abilities):
        o.abilities.append(Ability(key, "{T}: Add {" + color + "}.", None, None, "intrinsic"))


def _apply_abilities(op, values, o: ObjState, eff: EngineEffect, parse_granted) -> None:
    if op == "remove_all":
        o.abilities = []
        return
    ids = [str(v) for v in values]
    if op in ("remove", "cant_have"):
        o.abilities = [a for a in o.abilities if a.keyword not in ids]
        if op == "cant_have":
            o.cant_have = o.cant_have + [k for k in ids if k not in o.cant_have]
        return
    for n, v in enumerate(ids):
        if v.startswith('"'):
            text = v.strip('"')
            key = f"{eff.id}:{n}:{o.id}"
            if not any(a.key == key for a in o.abilities):
                clause = parse_granted(text, o) if parse_granted else None
                o.abilities.append(Ability(key, text, None, clause, "granted"))
        elif v not in o.cant_have:
            key = f"{eff.id}:{v}:{o.id}"
            if not any(a.key == key for a in o.abilities):
                o.abilities.append(Ability(key, v, v, None, "granted"))


# --- collecting effects from the IR -------------------------------------------------------------

def parts_of(e: I.Effect, ability: str) -> list[Part]:
    parts = []
    for m in e.modifications:
        cda = is_cda(e, m, ability)
        layer = "7a" if (cda and m.characteristic == I.PT_DEFINE) else LAYER_OF.get(m.characteristic)
        if layer is None:
            continue
        parts.append(Part(layer, m, cda, e))
    return parts


def _merge_still(effects: list[I.Effect]) -> list[I.Effect]:
    """"… becomes an artifact creature … It's still a land." (205.1b): the second sentence keeps
    every prior type, so the type change becomes additive and the two sentences are one effect."""
    out: list[I.Effect] = []
    for e in effects:
        prev = out[-1] if out else None
        if (prev is not None and e.kind == I.CONTINUOUS and e.affected is not None
                and e.affected.ref in ("it", "they") and len(e.modifications) == 1
                and e.modifications[0].characteristic == I.TYPES and e.modifications[0].op == "set"):
            pm = next((m for m in prev.modifications if m.characteristic == I.TYPES and m.op == "set"), None)
            if pm is not None:
                pm.op = "add"
                pm.value = list(pm.value or []) + [v for v in (e.modifications[0].value or []) if v not in (pm.value or [])]
                continue
        out.append(e)
    return out


def effects_from_clause(clause: I.ClauseIR, *, ability: str, eid: str, timestamp: float, origin: str,
                        source: str | None, source_name: str | None, ability_key: str | None,
                        controller: str | None, targets: list[str], choices: dict, line: int | None,
                        skipped: list[Skipped]) -> list[EngineEffect]:
    import copy

    out = []
    anchor = None
    effects = _merge_still(copy.deepcopy(clause.effects))
    for n, e in enumerate(effects):
        f = e.affected
        if f is not None and not (f.ref in ("it", "they", "those") or f.quantifier == "that"):
            anchor = f
        if e.kind == I.RULES:
            ee = EngineEffect(f"{eid}.{n + 1}" if len(effects) > 1 else eid, clause.text, e, [Part("rules", m, False, e) for m in e.modifications] or [Part("rules", None, False, e)],
                              timestamp, "rules_static" if origin == "static" else "rules", source, source_name,
                              ability_key, controller, list(targets), dict(choices), anchor=anchor, line=line)
            out.append(ee)
            continue
        if e.kind != I.CONTINUOUS:
            continue
        parts = parts_of(e, ability)
        if not parts:
            skipped.append(Skipped(clause.text, source, "no_value", "continuous effect without a modification", line))
            continue
        ee = EngineEffect(f"{eid}.{n + 1}" if len(effects) > 1 else eid, clause.text, e, parts, timestamp, origin,
                          source, source_name, ability_key, controller, list(targets), dict(choices),
                          anchor=anchor, line=line)
        if f is not None and f.ref in ("you", "player") or (f is not None and f.noun == "player"):
            ee.origin = "rules_static" if origin == "static" else "rules"
            ee.parts = [Part("rules", p.mod, False, e) for p in parts]
        out.append(ee)
    return _merge_same_set(out)


def _merge_same_set(effs: list[EngineEffect]) -> list[EngineEffect]:
    """613.6: "All creatures lose all abilities and have base power and toughness 1/1" is one effect
    in layers 6 and 7b; the IR holds one Effect per predicate, so predicates of one clause that apply
    to the same objects (the same filter, or "it"/"that" for it) are joined into one engine effect."""
    out: list[EngineEffect] = []
    for e in effs:
        prev = out[-1] if out else None
        f = e.ir.affected
        same = prev is not None and prev.origin == e.origin and "rules" not in prev.layers + e.layers and f is not None \
            and (f == prev.ir.affected or (f.ref in ("it", "they", "those") or f.quantifier == "that")
                 and prev.anchor is e.anchor)
        if same:
            prev.parts.extend(e.parts)
            continue
        out.append(e)
    return out
