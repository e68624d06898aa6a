"""CR 613.8 dependency analysis over the IR (shared by ``cardlint lint`` and the layer engine).

Public API (keep it small; the layer engine imports it)::

    from cardlint.dependency import Source, effect_parts, find_dependencies, find_loops

    src = Source(id="moon", name="Moon Enchantment", types={"enchantment"})
    parts = effect_parts(card_ir, src)            # one EffectPart per (effect, layer) of a CardIR
    deps = find_dependencies(parts, objects=None) # list[Dependency]: ``dep.dependent`` depends on ``dep.on``
    loops = find_loops(deps)                      # list[list[EffectPart]]: dependency loops (613.8b)

* An :class:`EffectPart` is the part of one continuous effect that applies in one layer or
  sublayer (613.6: an effect that spans layers is compared layer by layer; 613.8a(a)).
* :func:`find_dependencies` returns every ordered pair in the same layer/sublayer where applying
  ``on`` would change the ``dependent`` effect's text or existence, what it applies to, or what it
  does (613.8a(b)), never between a CDA and a non-CDA (613.8a(c)).  Each :class:`Dependency`
  names the ``criterion`` (``text`` | ``existence`` | ``applies_to`` | ``what_it_does``, the ids of
  ``kb/effects.yaml`` ``dependency_criteria``) and a short English ``reason``.
* ``objects`` (optional) is the list of :class:`Source` objects on a board.  Given it, "what an
  effect may apply to" is evaluated on those objects (attachments, controllers, targets); without
  it the analysis is *potential*: any object the filters allow may exist (a card file, a deck list).
  Effects of unparsed clauses are skipped (their IR is a fallback guess).

Everything is computed from the IR's reads and writes (type changes vs type filters, ability
removal vs effects that exist because of an ability, control changes vs "you", color changes vs
color filters, land-type changes removing land abilities (305.7), text changes vs static
abilities; filters on spells or cards never meet filters on permanents, 109.2); never from card names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from cardlint import ir as I
from cardlint.classify import LAYER_OF, ability_kind, is_spell_card
from cardlint.meaning.cda import is_cda
from cardlint.i18n import _

__all__ = ["Source", "EffectPart", "Dependency", "effect_parts", "find_dependencies", "find_loops",
           "depends_on", "strongly_connected", "CRITERIA"]

CRITERIA = ("text", "existence", "applies_to", "what_it_does")

# --- type vocabulary (CR 205) ---------------------------------------------------------------------
CARD_TYPES = I.CARD_TYPES
SUPERTYPES = I.SUPERTYPES
BASIC_LAND_TYPES = {"plains", "island", "swamp", "mountain", "forest"}
LAND_TYPES = BASIC_LAND_TYPES | {"desert", "gate", "lair", "locus", "mine", "power-plant", "tower", "urza's",
                                 "cave", "sphere", "town"}
ENCHANTMENT_TYPES = {"aura", "background", "cartouche", "case", "class", "curse", "role", "room", "rune", "saga",
                     "shard", "shrine"}
ARTIFACT_TYPES = {"attraction", "blood", "clue", "contraption", "equipment", "food", "fortification", "gold",
                  "incubator", "map", "powerstone", "treasure", "vehicle"}
PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
_ALL_CARD_TYPES = "*card_type"
_ALL_LAND_TYPES = "*land_type"
_ALL_CREATURE_TYPES = "*creature_type"
_ALL_COLORS = "*color"
_ALL_ABILITIES = "*ability"


def type_category(word: str) -> str:
    w = word.lower()
    if w in CARD_TYPES:
        return _ALL_CARD_TYPES
    if w in SUPERTYPES:
        return "*supertype"
    if w in LAND_TYPES:
        return _ALL_LAND_TYPES
    if w in ENCHANTMENT_TYPES:
        return "*enchantment_type"
    if w in ARTIFACT_TYPES:
        return "*artifact_type"
    return _ALL_CREATURE_TYPES


def parse_type_line(type_line: str | None) -> tuple[set[str], set[str], set[str]]:
    """English type line → (card types, subtypes, supertypes), lower case."""
    if not type_line:
        return set(), set(), set()
    left, _sep, right = type_line.replace("—", "-").replace("–", "-").partition(" - ")
    words = [w.lower() for w in left.split()]
    types = {w for w in words if w in CARD_TYPES}
    supers = {w for w in words if w in SUPERTYPES}
    subs = {w.lower() for w in right.split()}
    if not right and len(words) > len(types) + len(supers):  # Forge style: "Creature Elf Warrior"
        subs = {w for w in words if w not in CARD_TYPES and w not in SUPERTYPES}
    return types, subs, supers


# --- data ------------------------------------------------------------------------------------------
@dataclass(eq=False)
class Source:
    """An object (card, token, resolved spell) that generates effects."""

    id: str
    name: str | None = None
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: set[str] | None = None        # None: unknown
    controller: str = "you"
    attached_to: str | None = None        # id of the object an Aura/Equipment is attached to
    targets: list[str] = field(default_factory=list)   # ids, for a resolved spell's effect
    is_spell: bool = False                # an instant/sorcery or a resolved spell/ability effect
    timestamp: int | None = None
    path: str | None = None               # where it was read (for lint findings)
    line: int | None = None

    @classmethod
    def from_type_line(cls, id: str, name: str | None, type_line: str | None, **kw) -> "Source":
        t, s, p = parse_type_line(type_line)
        return cls(id=id, name=name, types=t, subtypes=s, supertypes=p,
                   is_spell=bool(is_spell_card(type_line)), **kw)

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(eq=False)
class EffectPart:
    """The part of one continuous effect that applies in one layer/sublayer."""

    source: Source
    clause_index: int
    clause_text: str
    effect: I.Effect
    layer: str
    mods: list[I.Modification]
    cda: bool
    ability: str                         # static | spell | activated | triggered | keyword
    line: int | None = None
    #: the other effects of the same clause on the same objects ("All creatures lose all abilities
    #: and have base power and toughness 1/1" is one effect in layers 6 and 7b; 613.6)
    siblings: list = field(default_factory=list)

    @property
    def from_static_ability(self) -> bool:
        """Exists because a permanent has a static ability (so removing the ability ends it)."""
        return self.ability in ("static", "keyword") and not self.source.is_spell and not self.effect.granted

    @property
    def label(self) -> str:
        return f"{self.source.label} [{self.layer}]"

    # what the part writes and reads, computed once (a set of cards compares each part many times)
    @cached_property
    def writes(self) -> set[str]:
        return write_keys(self.mods)

    @cached_property
    def writes_text(self) -> str:
        return _describe_keys(self.writes)

    @cached_property
    def reads(self) -> set[str]:
        return filter_reads(self.effect.affected)

    @cached_property
    def value_reads(self) -> set[str]:
        return _value_reads(self)


@dataclass
class Dependency:
    """``dependent`` depends on ``on`` in ``layer`` (613.8a).  The one record for both analyses: the
    static one (lint, :func:`find_dependencies`) links :class:`EffectPart` objects; the layer engine
    (:mod:`cardlint.engine.depend`) links the effect ids of a board."""

    dependent: EffectPart | str
    on: EffectPart | str
    layer: str
    criterion: str                       # one of CRITERIA
    reason: str = ""                     # a short English reason (the static analysis gives one)


# --- building parts ------------------------------------------------------------------------------
def effect_parts(card: I.CardIR, source: Source, include_unparsed: bool = False) -> list[EffectPart]:
    """One :class:`EffectPart` per (continuous effect, layer) of ``card``."""
    spell = source.is_spell or bool(is_spell_card(card.type_line))
    out: list[EffectPart] = []
    for ci, clause in enumerate(card.clauses):
        if not clause.parsed and not include_unparsed:
            continue
        ability = ability_kind(clause, spell)
        if ability == "reminder":
            continue
        for e in clause.effects:
            siblings = [x for x in clause.effects if x is not e and x.kind == I.CONTINUOUS and _same_objects(e, x)]
            if e.kind != I.CONTINUOUS or not e.modifications:
                continue
            by_layer: dict[tuple[str, bool], list[I.Modification]] = {}
            for m in e.modifications:
                cda = is_cda(e, m, ability)
                layer = "7a" if cda and m.characteristic == I.PT_DEFINE else LAYER_OF[m.characteristic]
                by_layer.setdefault((layer, cda), []).append(m)
            for (layer, cda), mods in by_layer.items():
                out.append(EffectPart(source=source, clause_index=ci, clause_text=clause.text, effect=e,
                                      layer=layer, mods=mods, cda=cda, ability=ability, line=clause.line,
                                      siblings=siblings))
    return out


def _same_objects(e: I.Effect, x: I.Effect) -> bool:
    f, g = e.affected, x.affected
    if f is None or g is None:
        return False
    return f == g or g.ref in ("it", "they", "those") or g.quantifier == "that"


# --- reads and writes ---------------------------------------------------------------------------
def _words(values) -> list[str]:
    if isinstance(values, str):
        return [values.lower()]
    if isinstance(values, (list, tuple, set)):
        return [str(v).lower() for v in values]
    return []


def filter_reads(f: I.Filter | None) -> set[str]:
    """Keys a filter reads: ``type:<word>``, ``color:<c>``, ``control``, ``ability:<id>``."""
    out: set[str] = set()
    if f is None:
        return out
    for w in list(f.types) + list(f.subtypes) + list(f.supertypes) + list(f.excluded):
        out.add("type:" + w.lower())
    if f.noun and f.noun.lower() in CARD_TYPES:
        out.add("type:" + f.noun.lower())
    for c in f.colors:
        out.add("color:" + c)
    if f.controller and f.controller not in ("any",):
        out.add("control")
    for a in list(f.with_abilities) + list(f.without_abilities):
        out.add("ability:" + a.lower())
    return out


def _touches(write_keys: set[str], read_keys: set[str]) -> set[str]:
    hits = set()
    for r in read_keys:
        if r in write_keys:
            hits.add(r)
            continue
        kind, _sep, word = r.partition(":")
        if kind == "type" and "type:" + type_category(word) in write_keys:
            hits.add(r)
        elif kind == "color" and "color:" + _ALL_COLORS in write_keys:
            hits.add(r)
        elif kind == "ability" and "ability:" + _ALL_ABILITIES in write_keys:
            hits.add(r)
    return hits


def write_keys(mods: list[I.Modification]) -> set[str]:
    """Keys the modifications change (same vocabulary as :func:`filter_reads`)."""
    out: set[str] = set()
    for m in mods:
        words = [w for w in _words(m.value)]
        if m.characteristic == I.TYPES:
            if m.op == "all_creature_types":
                out.add("type:" + _ALL_CREATURE_TYPES)
                continue
            for w in words:
                if w == "chosen":
                    out.add("type:" + _ALL_CREATURE_TYPES)
                    continue
                out.add("type:" + w)
                cat = type_category(w)
                # setting a land or creature type replaces the others of its kind (305.7, 205.1a);
                # a card type set by "becomes an artifact creature" is compared by its own words only
                if m.op == "remove" or (m.op == "set" and cat in (_ALL_LAND_TYPES, _ALL_CREATURE_TYPES)):
                    out.add("type:" + cat)
            if m.op in ("remove", "remove_all") and not words:
                out.update({"type:" + _ALL_CARD_TYPES, "type:" + _ALL_CREATURE_TYPES, "type:" + _ALL_LAND_TYPES})
        elif m.characteristic == I.COLORS:
            out.add("color:" + _ALL_COLORS)
        elif m.characteristic == I.CONTROL:
            out.add("control")
        elif m.characteristic == I.ABILITIES:
            if m.op in ("remove_all",):
                out.add("ability:" + _ALL_ABILITIES)
            for w in words:
                out.add("ability:" + w)
        elif m.characteristic in (I.COPY, I.TEXT, I.FACE_DOWN):
            out.update({"type:" + _ALL_CARD_TYPES, "type:" + _ALL_CREATURE_TYPES, "type:" + _ALL_LAND_TYPES,
                        "color:" + _ALL_COLORS, "ability:" + _ALL_ABILITIES, "text"})
        elif m.characteristic in (I.PT_DEFINE, I.PT_SET, I.PT_MODIFY, I.PT_SWITCH):
            out.add("pt")
    return out


def _sets_land_type(mods: list[I.Modification]) -> bool:
    return any(m.characteristic == I.TYPES and m.op == "set" and any(w in LAND_TYPES for w in _words(m.value))
               for m in mods)


def _removes_abilities(mods: list[I.Modification]) -> list[str] | None:
    """The abilities removed (["*ability"] for all), or None."""
    out: list[str] = []
    for m in mods:
        if m.characteristic == I.ABILITIES and m.op in ("remove_all", "remove", "cant_have"):
            out.extend([_ALL_ABILITIES] if m.op == "remove_all" else _words(m.value))
    return out or None


_LAYER_ORDER = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")


def _existence_mods(b: EffectPart, a: EffectPart | None = None) -> list[I.Modification]:
    """The modifications of ``b`` that can end ``a``'s effect: b's own part, and — when ``a`` is
    compared in a layer after 6 and its effect has not begun in an earlier layer (613.6) — the
    ability removal ("loses all abilities") that b's effect applied in layer 6 to a's source."""
    mods = list(b.mods)
    six = _LAYER_ORDER.index("6")
    later = a is None or (_LAYER_ORDER.index(a.layer) > six
                          and min(_first_layer(e) for e in [a.effect, *a.siblings]) > six)
    if later and b.layer in _LAYER_ORDER and _LAYER_ORDER.index(b.layer) > six:
        for e in [b.effect, *b.siblings]:
            mods += [m for m in e.modifications if m.characteristic == I.ABILITIES and m not in mods]
    return mods


def _first_layer(effect: I.Effect) -> int:
    codes = [LAYER_OF.get(m.characteristic) for m in effect.modifications]
    return min((_LAYER_ORDER.index(c) for c in codes if c in _LAYER_ORDER), default=len(_LAYER_ORDER))


def _value_reads(part: EffectPart) -> set[str]:
    out: set[str] = set()
    for m in part.mods:
        if isinstance(m.value, I.Value):
            if m.value.of is not None:
                out |= filter_reads(m.value.of)
            if m.value.kind in ("power", "toughness"):
                out.add("pt")
        if m.per is not None:
            out |= filter_reads(m.per)
    if part.effect.condition is not None:
        out |= {("type:" + r[5:]) if r.startswith("type:") else r for r in part.effect.condition.reads}
    return out


# --- which objects an effect may apply to -------------------------------------------------------
BATTLEFIELD, STACK, OFF_BATTLEFIELD = "battlefield", "stack", "off"


def affected_zone(f: I.Filter | None) -> str | None:
    """Where the objects a filter describes are: ``battlefield``, ``stack``, ``off`` (anywhere but
    the battlefield: cards in other zones, spells) or a named zone; None when the wording does not say.

    CR 109.2: a description with a card type but without "card" or "spell" means permanents on the
    battlefield; 109.2b: "spell" means a spell on the stack; 109.2a: "card" with a zone means a card in
    that zone (Oracle text says "permanent", never "card", for the battlefield, so "card" without a
    zone is read as elsewhere).  An effect on permanents cannot change what "creature spells you
    control" or "creature cards you own that aren't on the battlefield" applies to."""
    if f is None or f.is_self or f.ref in ("player", "you", "game"):
        return None
    if f.zone:
        z = f.zone.lower()
        return z if z != "battlefield" else BATTLEFIELD
    # coordinated heads ("creature spells you control and creature cards you own") leave noun
    # empty and keep the head words in extra
    heads = {f.noun.lower()} if f.noun else {w.lower() for w in f.extra} & {"spell", "card", "permanent"}
    if heads == {"spell"}:
        return STACK
    if heads and heads <= {"spell", "card"}:
        return OFF_BATTLEFIELD
    if "permanent" in heads or heads & CARD_TYPES or (f.types and not heads):
        return BATTLEFIELD
    return None


def zones_disjoint(a: str | None, b: str | None) -> bool:
    """Can no object be described by both zones?  Unknown zones may meet anything."""
    if a is None or b is None or a == b:
        return False
    if OFF_BATTLEFIELD in (a, b):
        return BATTLEFIELD in (a, b)
    return True


def filter_may_match(f: I.Filter, obj: Source, source: Source) -> bool:
    """Could ``f`` (an affected filter of an effect from ``source``) apply to ``obj``?  Unknown → True."""
    if f.is_self:
        return obj is source
    if f.ref in ("player", "you", "game"):
        return False
    if f.attached is not None:  # "enchanted"/"equipped" (the builder may leave the word empty)
        return source.attached_to is not None and source.attached_to == obj.id
    if f.quantifier == "target" and source.targets:
        return obj.id in source.targets
    if f.other and obj is source:
        return False
    types = {t.lower() for t in f.types}
    if f.noun and f.noun.lower() in CARD_TYPES:
        types.add(f.noun.lower())
    if f.noun == "permanent" and obj.types and not (obj.types & PERMANENT_TYPES):
        return False
    if types and obj.types and not (types & obj.types):
        return False
    subs = {s.lower() for s in f.subtypes}
    if subs and not (subs & obj.subtypes) and "changeling" not in obj.subtypes:
        return False
    if any(s.lower() not in obj.supertypes for s in f.supertypes):
        return False
    for x in f.excluded:
        x = x.lower()
        if x in obj.types or x in obj.subtypes or x in obj.supertypes:
            return False
    if f.colors and obj.colors is not None and not (set(f.colors) & obj.colors):
        return False
    if f.controller == "you" and obj.controller != source.controller:
        return False
    if f.controller == "opponent" and obj.controller == source.controller:
        return False
    return True


def _may_apply_to(part: EffectPart, obj: Source, board: bool) -> bool:
    f = part.effect.affected
    if f is None:
        return False
    if f.attached is not None and not board:
        return False  # "enchanted creature": unknown without a board
    if f.ref in ("it", "they", "those", "multiple", "object") and f.quantifier is None and not (f.types or f.noun):
        # a pronoun: the object an earlier sentence chose; on a board, a spell's targets
        return obj.id in part.source.targets if board else False
    return filter_may_match(f, obj, part.source)


# --- the 613.8a test ----------------------------------------------------------------------------
def depends_on(a: EffectPart, b: EffectPart, objects: list[Source] | None = None) -> Dependency | None:
    """Does ``a`` depend on ``b`` (613.8a)?  Returns the first criterion that holds, or None."""
    if a is b or a.layer != b.layer or a.cda != b.cda:
        return None
    if a.source is b.source and a.effect is b.effect:
        return None
    board = objects is not None
    if not board and a.ability in ("spell", "activated", "triggered"):
        # the effect of a resolved spell or ability: its set of objects and its values are fixed
        # as it resolves (611.2c, 608.2h) and it exists whatever happens to its source, so in a card
        # set nothing can change it (on a board the layer engine tells what still can)
        return None
    writes = b.writes
    b_name, a_name = b.source.label, a.source.label

    # existence: b removes the static ability that generates a (layer 6), or sets a land's land type,
    # which removes the land's abilities (305.7), or changes the text of a's source (layer 3).
    if a.from_static_ability and _may_apply_to(b, a.source, board):
        own = _removes_abilities(b.mods)
        removed = own or _removes_abilities(_existence_mods(b, a))
        if removed and (_ALL_ABILITIES in removed or (a.ability == "keyword")):
            return Dependency(a, b, a.layer, "existence",
                              _("{b} removes the ability of {a} that creates this effect").format(a=a_name, b=b_name)
                              + ("" if own else _(" (in layer 6, before this effect began to apply)")))
        if _sets_land_type(b.mods) and "land" in a.source.types:
            return Dependency(a, b, a.layer, "existence",
                              _("{b} sets the land type of {a}, which loses its land abilities (CR 305.7)").format(
                                  a=a_name, b=b_name))
        if any(m.characteristic in (I.TEXT, I.COPY) for m in b.mods):
            return Dependency(a, b, a.layer, "text",
                              _("{b} changes the text of {a}, which generates this effect").format(a=a_name, b=b_name))

    # applies_to: b changes a characteristic that a's affected filter reads
    hits = _touches(writes, a.reads)
    if hits and _overlaps(a, b, objects) and not zones_disjoint(affected_zone(a.effect.affected),
                                                                affected_zone(b.effect.affected)):
        what = ", ".join(sorted(_key_word(h) for h in hits))
        return Dependency(a, b, a.layer, "applies_to",
                          _("{b} changes {changes} and {a} applies to objects by {what}").format(
                              a=a_name, b=b_name, changes=b.writes_text, what=what))

    # what_it_does: a's value (for each …, equal to …) reads what b changes; or b changes the
    # controller of a's source and a's effect gives control to "you" (its controller).
    vhits = _touches(writes, a.value_reads)
    if vhits and _overlaps_values(b, objects):
        what = ", ".join(sorted(_key_word(h) for h in vhits))
        return Dependency(a, b, a.layer, "what_it_does",
                          _("{b} changes {changes}, which the amount of {a}'s effect counts ({what})").format(
                              a=a_name, b=b_name, changes=b.writes_text, what=what))
    if "control" in writes and not a.source.is_spell and _refers_to_controller(a) and _may_apply_to(b, a.source, board):
        return Dependency(a, b, a.layer, "what_it_does",
                          _("{b} changes the controller of {a}, and {a}'s effect acts for its controller (\"you\")").format(
                              a=a_name, b=b_name))
    return None


def _refers_to_controller(part: EffectPart) -> bool:
    if any(m.characteristic == I.CONTROL for m in part.mods):
        return True
    f = part.effect.affected
    return f is not None and f.controller in ("you", "opponent")


def _overlaps(a: EffectPart, b: EffectPart, objects: list[Source] | None) -> bool:
    """Could b's change reach an object a cares about?  Potential mode: b must not be self-only
    unless its source could match a's filter; board mode: some object b applies to."""
    if objects is None:
        fb = b.effect.affected
        if fb is None:
            return False
        if fb.is_self:
            return a.effect.affected is not None and not a.effect.affected.is_self and \
                filter_may_match(_loosen(a.effect.affected), b.source, a.source)
        if fb.attached is not None or (fb.ref in ("it", "they") and not fb.types):
            return False
        return True
    return any(_may_apply_to(b, o, True) for o in objects)


def _overlaps_values(b: EffectPart, objects: list[Source] | None) -> bool:
    if objects is None:
        fb = b.effect.affected
        return fb is not None and fb.attached is None
    return any(_may_apply_to(b, o, True) for o in objects)


def _loosen(f: I.Filter) -> I.Filter:
    """The filter without its type words (b's change could make the source match them)."""
    return I.Filter(ref=f.ref, quantifier=f.quantifier, controller=f.controller, other=f.other)


def _key_word(key: str) -> str:
    """A characteristic key as a reason names it: a type in the message language, else its value."""
    kind, _sep, value = key.partition(":")
    if kind == "type" and value and not value.startswith("*"):
        from cardlint.names import type_word

        return type_word(value)
    return value or key


def _describe_keys(keys: set[str]) -> str:
    parts = []
    types = sorted(_key_word(k) for k in keys if k.startswith("type:") and not k[5:].startswith("*"))
    if any(k.startswith("type:") for k in keys):
        parts.append(_("types") + (f" ({', '.join(types)})" if types else ""))
    if any(k.startswith("color:") for k in keys):
        parts.append(_("colors"))
    if "control" in keys:
        parts.append(_("control"))
    if any(k.startswith("ability:") for k in keys):
        parts.append(_("abilities"))
    if "pt" in keys:
        parts.append(_("power/toughness"))
    return _(" and ").join(parts) or _("characteristics")


def _read_index_keys(part: EffectPart) -> set[str]:
    """Every write key that could touch what ``part`` reads (its filter, its amount, its controller):
    the exact keys and their categories (a write of "every creature type" touches a read of "Elf")."""
    out: set[str] = set()
    for r in part.reads | part.value_reads:
        out.add(r)
        kind, _sep, word = r.partition(":")
        if kind == "type":
            out.add("type:" + type_category(word))
        elif kind == "color":
            out.add("color:" + _ALL_COLORS)
        elif kind == "ability":
            out.add("ability:" + _ALL_ABILITIES)
    if _refers_to_controller(part):
        out.add("control")
    return out


def candidate_pairs(group: list[EffectPart], stable: bool = False):
    """(dependent, on) pairs of one layer that may satisfy 613.8a, found through an index of what
    each effect reads and of its source's card types — near-linear in the number of effects
    instead of quadratic.  :func:`depends_on` then decides each pair; the index only leaves out
    pairs it would reject (tests compare it with every pair).  ``stable``: leave out nothing that
    depends on the sources' current characteristics (types), so that the pairs stay valid while a
    board's layer changes those characteristics (the layer engine, 613.8c)."""
    by_read: dict[str, list[EffectPart]] = {}
    # effects that exist because of a static ability, by what could end them: any ability removal
    # (keyword abilities), only "loses all abilities" (other static abilities), a land type (lands)
    pools: dict[str, dict[str, list[EffectPart]]] = {"all": {}, "keyword": {}, "land": {}}
    for a in group:
        for k in _read_index_keys(a):
            by_read.setdefault(k, []).append(a)
        if a.from_static_ability:
            kinds = ["all"] + (["keyword"] if a.ability == "keyword" else []) + \
                (["land"] if stable or "land" in a.source.types else [])
            for kind in kinds:
                for t in (a.source.types if a.source.types and not stable else {""}):
                    pools[kind].setdefault(t, []).append(a)
    for b in group:
        seen: set[int] = set()
        for w in b.writes:
            for a in by_read.get(w, ()):
                if id(a) not in seen:
                    seen.add(id(a))
                    yield a, b
        removed = _removes_abilities(_existence_mods(b))
        kinds = []
        if any(m.characteristic in (I.TEXT, I.COPY) for m in b.mods) or (removed and _ALL_ABILITIES in removed):
            kinds.append("all")
        elif removed:
            kinds.append("keyword")
        if _sets_land_type(b.mods):
            kinds.append("land")
        if not kinds:
            continue
        f = b.effect.affected
        types = {t.lower() for t in (f.types if f is not None else ())}
        if f is not None and f.noun and f.noun.lower() in CARD_TYPES:
            types.add(f.noun.lower())
        narrow = types and not stable and not (f.is_self or f.attached is not None or f.quantifier == "target")
        for kind in kinds:
            index = pools[kind]
            keys = sorted(types) + [""] if narrow else list(index)
            for t in keys:
                for a in index.get(t, ()):
                    if id(a) not in seen:
                        seen.add(id(a))
                        yield a, b


def find_dependencies(parts: list[EffectPart], objects: list[Source] | None = None) -> list[Dependency]:
    """Every ordered pair (dependent, on) among ``parts`` that satisfies 613.8a, in a stable order
    (dependent, then the effect it depends on, in input order)."""
    by_layer: dict[tuple[str, bool], list[EffectPart]] = {}
    for p in parts:
        by_layer.setdefault((p.layer, p.cda), []).append(p)
    order = {id(p): i for i, p in enumerate(parts)}
    out: list[Dependency] = []
    for group in by_layer.values():
        if len(group) < 2:
            continue
        for a, b in candidate_pairs(group):
            if a is b or a.source is b.source:
                continue  # two effects of one object: 613.8 is about one effect changing another
            d = depends_on(a, b, objects)
            if d is not None:
                out.append(d)
    out.sort(key=lambda d: (order[id(d.dependent)], order[id(d.on)]))
    return out


def find_dependencies_pairwise(parts: list[EffectPart], objects: list[Source] | None = None) -> list[Dependency]:
    """The same as :func:`find_dependencies` by testing every pair (quadratic): the reference the
    indexed search is tested against."""
    by_layer: dict[tuple[str, bool], list[EffectPart]] = {}
    for p in parts:
        by_layer.setdefault((p.layer, p.cda), []).append(p)
    out: list[Dependency] = []
    for group in by_layer.values():
        for a in group:
            for b in group:
                if a is b or a.source is b.source:
                    continue
                d = depends_on(a, b, objects)
                if d is not None:
                    out.append(d)
    order = {id(p): i for i, p in enumerate(parts)}
    out.sort(key=lambda d: (order[id(d.dependent)], order[id(d.on)]))
    return out


def strongly_connected(nodes, edges) -> list[list]:
    """Strongly connected components (Tarjan, iterative: no recursion limit on large sets), each
    with its members in the order they were first reached; components in reverse topological order."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    comps: list[list] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(sorted(comp, key=index.__getitem__))
    return comps


def find_loops(deps: list[Dependency]) -> list[list[EffectPart]]:
    """Dependency loops (613.8b): strongly connected components of the depends-on graph with two
    or more effects, each in dependency order as found."""
    graph: dict[int, list[int]] = {}
    nodes: dict[int, EffectPart] = {}
    for d in deps:
        nodes[id(d.dependent)] = d.dependent
        nodes[id(d.on)] = d.on
        graph.setdefault(id(d.dependent), []).append(id(d.on))
    return [[nodes[v] for v in comp] for comp in strongly_connected(list(nodes), graph) if len(comp) > 1]
