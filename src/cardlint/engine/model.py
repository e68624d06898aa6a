"""Engine state: each object's characteristics while the layers are applied, and the continuous
effects (from IR) that change them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlint import ir as I

CARD_TYPES = I.CARD_TYPES
SUPERTYPES = I.SUPERTYPES
BASIC_LAND_TYPES = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
LAND_TYPES = set(BASIC_LAND_TYPES) | {"desert", "gate", "lair", "locus", "mine", "power-plant", "tower",
                                      "urza's", "cave", "sphere", "town"}
ARTIFACT_TYPES = {"attraction", "blood", "bobblehead", "clue", "contraption", "equipment", "food",
                  "fortification", "gold", "incubator", "junk", "map", "powerstone", "treasure", "vehicle"}
ENCHANTMENT_TYPES = {"aura", "background", "cartouche", "case", "class", "curse", "role", "room", "rune",
                     "saga", "shard", "shrine"}
SPELL_TYPES = {"adventure", "arcane", "lesson", "omen", "trap"}

#: Application order (613.1–613.4) and then effects on players and game rules (613.10, 613.11).
LAYERS = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
RULES_LAYER = "rules"


def subtype_category(sub: str) -> str:
    s = sub.lower()
    if s in LAND_TYPES:
        return "land"
    if s in ARTIFACT_TYPES:
        return "artifact"
    if s in ENCHANTMENT_TYPES:
        return "enchantment"
    if s in SPELL_TYPES:
        return "spell"
    return "creature"


def canonical(word: str) -> str:
    """English canonical display name: ``assembly-worker`` → ``Assembly-Worker``."""
    if not word:
        return word
    return "-".join(p[:1].upper() + p[1:] for p in str(word).split("-"))


@dataclass
class Ability:
    key: str                       # unique: "<object>:<clause>" for printed, "<effect>:<n>" for granted
    text: str                      # clause text or keyword name
    keyword: str | None = None     # kb keyword id
    clause: I.ClauseIR | None = None
    origin: str = "printed"        # printed | granted | intrinsic | counter


@dataclass
class ObjState:
    id: str
    name: str
    types: list[str]
    subtypes: list[str]
    supertypes: list[str]
    colors: list[str]
    abilities: list[Ability]
    power: int | None
    toughness: int | None
    controller: str
    owner: str
    mana_value: int
    text: str
    zone: str
    tapped: bool
    token: bool
    attached_to: str | None
    all_creature_types: bool = False
    cant_have: list[str] = field(default_factory=list)
    restrictions: list[dict] = field(default_factory=list)
    cost: int | None = None

    def clone(self) -> "ObjState":
        return ObjState(self.id, self.name, list(self.types), list(self.subtypes), list(self.supertypes),
                        list(self.colors), list(self.abilities), self.power, self.toughness,
                        self.controller, self.owner, self.mana_value, self.text, self.zone, self.tapped,
                        self.token, self.attached_to, self.all_creature_types, list(self.cant_have),
                        list(self.restrictions), self.cost)

    def has_type(self, t: str) -> bool:
        return t.lower() in self.types

    def has_subtype(self, s: str) -> bool:
        s = s.lower()
        if s in self.subtypes:
            return True
        return self.all_creature_types and subtype_category(s) == "creature"

    def keyword_ids(self) -> set[str]:
        return {a.keyword for a in self.abilities if a.keyword}

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types


State = dict  # object id → ObjState


def clone_state(state: State) -> State:
    return {k: v.clone() for k, v in state.items()}


@dataclass
class Part:
    """One layer's part of an effect (613.6)."""

    layer: str
    mod: I.Modification
    cda: bool = False
    ir: I.Effect | None = None     # the IR effect this part came from (several may be joined, 613.6)


@dataclass
class EngineEffect:
    id: str
    text: str                      # the clause text it comes from
    ir: I.Effect
    parts: list[Part]
    timestamp: float
    origin: str                    # static | spell | counter | rules
    source: str | None = None      # object id
    source_name: str | None = None
    ability_key: str | None = None # the ability that generates it (static abilities): existence check
    controller: str | None = None  # for resolved effects; statics use their source's controller
    targets: list[str] = field(default_factory=list)
    choices: dict = field(default_factory=dict)
    locked: frozenset | None = None    # 611.2c / 613.6: the set of objects it applies to
    started: bool = False
    anchor: I.Filter | None = None     # for "it"/"that" references: the filter they stand for
    line: int | None = None
    counter: tuple | None = None       # (kind, n) for counters
    note: str | None = None

    def part(self, layer: str) -> Part | None:
        for p in self.parts:
            if p.layer == layer:
                return p
        return None

    def parts_in(self, layer: str) -> list[Part]:
        return [p for p in self.parts if p.layer == layer]

    def is_cda(self, layer: str) -> bool:
        return any(p.cda for p in self.parts_in(layer))

    @property
    def layers(self) -> list[str]:
        out = []
        for p in self.parts:
            if p.layer not in out:
                out.append(p.layer)
        return out


def describe_value(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, I.Value):
        return v.kind
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)
