"""The language-independent intermediate representation (IR).

Every language front end (grammar + Transformer) produces these dataclasses; the classifier,
linter, translation checker, summaries and the layer engine read only these.  Two texts that
build the same IR get the same classification by construction.

Vocabulary is canonical English: card types ``creature``, colors ``W U B R G``, keyword ids
from ``kb/keywords.yaml`` (``flying``, ``first_strike``), verbs as lemmas (``destroy``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# --- what a continuous effect changes (→ layer, see classify.LAYER_OF) -------------------------
COPY = "copy"                  # 1a
FACE_DOWN = "face_down"        # 1b
CONTROL = "control"            # 2
TEXT = "text"                  # 3
TYPES = "types"                # 4  (card types, subtypes, supertypes)
COLORS = "colors"              # 5
ABILITIES = "abilities"        # 6  (add, remove, "can't have")
PT_DEFINE = "pt_define"        # 7a when it is a CDA, else 7b ("power is equal to …")
PT_SET = "pt_set"              # 7b ("has base power and toughness 1/1", "is a 1/1 creature")
PT_MODIFY = "pt_modify"        # 7c ("gets +1/+1", "for each")
PT_SWITCH = "pt_switch"        # 7d

CHARACTERISTICS = (COPY, FACE_DOWN, CONTROL, TEXT, TYPES, COLORS, ABILITIES,
                   PT_DEFINE, PT_SET, PT_MODIFY, PT_SWITCH)

# --- effect kinds (classification.md §2) -------------------------------------------------------
# Type vocabulary (CR 205.2a card types, 205.4a supertypes); every other type word is a subtype.
CARD_TYPES = frozenset({"artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant",
                        "kindred", "land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "tribal",
                        "vanguard"})
SUPERTYPES = frozenset({"basic", "legendary", "ongoing", "snow", "world"})

CONTINUOUS = "continuous"
RULES = "rules"
ONE_SHOT = "one-shot"
REPLACEMENT = "replacement"
PREVENTION = "prevention"

# --- ability forms the grammar recognises (the classifier maps them to ability kinds) ---------
FORM_KEYWORD = "keyword"
FORM_ACTIVATED = "activated"
FORM_TRIGGERED = "triggered"
FORM_STATEMENT = "statement"   # static ability or spell text: decided with the type line
FORM_REMINDER = "reminder"


@dataclass
class Filter:
    """The objects (or players) an effect applies to or reads."""

    ref: str = "object"                # object | self | it | player | you | attached | those
    quantifier: str | None = None      # target | each | all | a | another | number | up_to | None
    types: list[str] = field(default_factory=list)        # creature, land, …
    subtypes: list[str] = field(default_factory=list)     # goblin, island, …
    supertypes: list[str] = field(default_factory=list)   # basic, legendary, snow
    colors: list[str] = field(default_factory=list)       # W U B R G, colorless, multicolored
    excluded: list[str] = field(default_factory=list)     # "nonland", "non-Aura": words after non
    controller: str | None = None      # you | opponent | any | owner | …
    attached: str | None = None        # enchanted | equipped | fortified
    other: bool = False                # "other", "another"
    token: bool | None = None          # True: tokens only; False: nontoken
    status: list[str] = field(default_factory=list)       # attacking, tapped, …
    with_abilities: list[str] = field(default_factory=list)
    without_abilities: list[str] = field(default_factory=list)
    noun: str | None = None            # head noun: creature, card, permanent, spell, player, …
    zone: str | None = None            # battlefield (default for permanents), graveyard, hand, …
    pt: str | None = None              # a P/T in the phrase: "a 1/1 … token", or a bare "+1/+1"
    extra: list[str] = field(default_factory=list)        # words kept for display

    @property
    def is_self(self) -> bool:
        return self.ref == "self"


@dataclass
class Value:
    """A number or a computed amount ("the number of creatures you control")."""

    kind: str = "number"               # number | x | count | power | toughness | life | other
    number: int | None = None
    of: Filter | None = None           # what is counted / whose characteristic


@dataclass
class Modification:
    """One change to one characteristic (one layer)."""

    characteristic: str                # one of CHARACTERISTICS
    op: str = "add"                    # add | set | remove | remove_all | cant_have | modify | switch | gain | exchange
    value: Any = None                  # "+1/+1", ["creature"], ["W"], ["flying"], a Value, …
    defining: bool = False             # "is equal to" style (P/T computed from a value)
    per: Filter | None = None          # "for each …"


@dataclass
class Condition:
    kind: str                          # as_long_as | during | if | unless | kicked | …
    text: str = ""
    reads: list[str] = field(default_factory=list)

    def __post_init__(self):
        #: the objects and players the condition names ("as long as you control a red creature"), compared
        #: by check-translation: an attribute, not a field — neither serialized (``to_dict``) nor part of
        #: equality (two wordings of one condition name their objects differently)
        self.objects: list[Filter] = []


@dataclass
class Effect:
    """One effect a clause creates.  ``kind`` is decided by the builder from the parse tree's
    structure (a get/has/is/becomes predicate, "prevent", "instead", "can't", a verb…)."""

    kind: str                          # continuous | rules | one-shot | replacement | prevention
    affected: Filter | None = None
    modifications: list[Modification] = field(default_factory=list)
    verb: str | None = None            # lemma for one-shot/rules/replacement effects
    objects: list[Filter] = field(default_factory=list)
    duration: str | None = None        # None (static) | until_eot | until_next_turn | as_long_as | this_turn | …
    condition: Condition | None = None
    granted: bool = False              # inside quotes: an ability granted to something else
    from_spell: bool = False           # set by the classifier for instant/sorcery text
    note: str | None = None

    # --- what the effect reads and writes (used by dependency analysis, CR 613.8) ---
    @property
    def writes(self) -> list[str]:
        return [m.characteristic for m in self.modifications]

    @property
    def reads(self) -> list[str]:
        out: list[str] = []
        f = self.affected
        if f is not None:
            # the objects it applies to: a card-type noun is read as a type; a supertype is not read
            out.extend(_filter_reads(f, supertypes=False))
            if f.noun in ("creature", "land", "artifact", "enchantment", "planeswalker"):
                out.append(TYPES)
        if self.condition:
            out.extend(self.condition.reads)
        for m in self.modifications:
            if isinstance(m.value, Value) and m.value.of is not None:
                out.extend(_filter_reads(m.value.of))
            if m.per is not None:
                out.extend(_filter_reads(m.per))
        return sorted(set(out))


def _filter_reads(f: Filter, supertypes: bool = True) -> list[str]:
    out = []
    if f.types or f.subtypes or (supertypes and f.supertypes):
        out.append(TYPES)
    if f.colors:
        out.append(COLORS)
    if f.controller:
        out.append(CONTROL)
    if f.with_abilities or f.without_abilities:
        out.append(ABILITIES)
    return out


@dataclass
class Keyword:
    id: str                            # kb keyword id, e.g. "flying", "protection"
    parameter: str | None = None       # "from black and from red", "{2}", "creature"


@dataclass
class ClauseIR:
    """One clause (classification.md §1) after parsing."""

    text: str
    form: str                          # FORM_*
    parsed: bool
    effects: list[Effect] = field(default_factory=list)
    keyword: Keyword | None = None
    costs: list[str] = field(default_factory=list)
    trigger: str | None = None         # event text for triggered abilities
    static_spell_ability: bool = False # "This spell can't be countered", "Ghostfire is colorless"
    modal: bool = False
    error: str | None = None           # why the grammar did not parse it (for unparsed clauses)
    error_column: int | None = None
    line: int = 1
    lang: str = "en"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class CardIR:
    name: str | None
    type_line: str | None
    clauses: list[ClauseIR]
    lang: str = "en"
