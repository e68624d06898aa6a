"""Clause IR → a comparable signature: ability kind, effect kinds, layers, CDA flags, and the
values that carry the rules meaning (P/T, colors, types, keywords, durations, controllers,
target vs all).

Only the IR is read, never the surface text, so two languages that build the same IR have equal
signatures by construction.  Template drift between rules eras is normalised here:
- "is a 1/1 creature" on something that is already a creature restates a card type the
  affected object has: the redundant type change is dropped (it is "has base P/T 1/1" today);
- "gains"/"has" a keyword are one op (``add``); "this turn"/"until end of turn" are one duration;
- wording-only changes ("comes into play"/"enters", "CMC"/"mana value", "removed from the game"/
  "exiled") change neither kind, layer nor any compared value, so they never surface;
- "Choose a basic land type. Target land becomes that type" is "… becomes the basic land type of your
  choice": a choice next to the effect that uses it is not compared on its own.

Values a front end left in its own language (a German subtype, an unmapped keyword) are
*unknown* and never compared: a missing translation of a word is a parser gap, not a finding.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from cardlint import ir as I
from cardlint import vocab
from cardlint.classify import LAYER_OF, classify_clause
from cardlint.meaning.cda import is_cda

UNKNOWN = "?"

# Type words a translation's type changes are compared on: the CR 205 vocabulary plus words printed on
# type lines that are no CR type ("Emblem", the Un-set "Host", Vanguard's "Elite").
CARD_TYPES = I.CARD_TYPES | {"emblem"}
SUPERTYPES = I.SUPERTYPES | {"elite", "host"}
COLOR_CODES = {"W", "U", "B", "R", "G", "colorless", "multicolored", "monocolored", "C"}

_CONTROLLERS = {
    "you": "you", "your": "you", "self": "you",
    "opponent": "opponent", "opponents": "opponent", "an_opponent": "opponent", "each_opponent": "opponent",
    "target_opponent": "opponent",
    "any": "any", "each_player": "any", "player": "any", "each": "any", "all": "any", "any_player": "any",
}
_QUANT = {"target": "target", "up_to": None, "each": "all", "all": "all"}
_DURATIONS = {"this_turn": "until_eot", "eot": "until_eot", "end_of_turn": "until_eot",
              "for_as_long_as": "as_long_as"}
_OPS = {"gain": "add", "have": "add", "has": "add", "get": "add", "lose": "remove"}
_PT_RE = re.compile(r"^[+\-]?(?:\d+|X|\*)/[+\-]?(?:\d+|X|\*)$")


@lru_cache(maxsize=1)
def english_type_words() -> frozenset[str]:
    """Card types, supertypes and every subtype (CR 205.3; singular and plural)."""
    return frozenset(set(CARD_TYPES) | SUPERTYPES | vocab.english_subtype_words())


@lru_cache(maxsize=1)
def keyword_ids() -> frozenset[str]:
    try:
        from cardlint import vocab

        return frozenset(f.id for f in vocab.keyword_forms("en") if f.source in ("name", "alias"))
    except Exception:  # a broken kb must not stop translation checking: compare nothing
        return frozenset()


@dataclass(frozen=True)
class Atom:
    """One (effect, modification) of a clause, with the values compared across languages."""

    kind: str
    layer: str | None = None
    cda: bool = False
    characteristic: str | None = None
    op: str | None = None
    value: object = None               # normalised: str (P/T), frozenset (colors, types, keywords), UNKNOWN
    duration: str | None = None
    controller: str | None = None      # you | opponent | any | None (not said / not understood)
    quantifier: str | None = None      # target | all | None
    conditional: bool = False
    counted: str | None = None         # controller of the objects a "for each"/"X is the number of" counts


@dataclass
class ClauseSig:
    """A clause (or several merged clauses) of one side, ready for comparison."""

    indices: tuple[int, ...]
    text: str
    ability: str
    parsed: bool
    reminder: bool = False
    keyword: str | None = None
    atoms: list[Atom] = field(default_factory=list)
    line: int = 1
    keywords: frozenset[str] = frozenset()   # keyword ids of keyword clauses (several once merged)
    filter_colors: frozenset[str] = frozenset()  # colors named in filters: "W", "¬W" (not white) ("white creatures", tokens)
    filter_pts: frozenset[str] = frozenset()     # P/T named in filters ("a 2/2 … token")
    kw_index: tuple[tuple[int, str], ...] = ()   # (clause index, keyword id) of merged keyword clauses
    filter_keywords: frozenset[str] = frozenset()  # keywords named in filters: "with flying", "without reach"
    kw_unknown: bool = False                      # a keyword clause whose keyword the front end did not identify
    error: str | None = None                      # why the grammar did not parse it
    origin: tuple | None = None                   # (lang, name, type line, spell): to parse its sentences alone
    kept_types: frozenset[str] = frozenset()      # card types the objects whose types change already have
    color_lists: frozenset[tuple] = frozenset()   # per noun phrase, its color words in order ("white or black")
    cond_colors: frozenset[str] = frozenset()     # colors the conditions name ("as long as you control a red …")

    @property
    def index(self) -> int:
        return self.indices[0]

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(a.kind for a in self.atoms)

    @cached_property
    def shape(self) -> tuple:
        """What the alignment looks at: equal shapes of parsed clauses are a perfect match."""
        return (self.ability, self.keywords, self.kinds, self.layers(), self.kw_unknown)

    @cached_property
    def content(self) -> tuple:
        """Everything the comparison reads: equal contents compare equal without looking further."""
        return (self.ability, self.keywords, tuple(self.atoms), self.filter_colors, self.filter_pts,
                self.filter_keywords, self.kw_unknown, self.color_lists, self.cond_colors)

    def layers(self) -> frozenset[str]:
        """Layers of continuous effects, with 7a counted as 7b (CDA-ness is compared apart)."""
        return frozenset(("7b" if a.layer == "7a" else a.layer) for a in self.atoms
                         if a.kind == I.CONTINUOUS and a.layer)

    def merged_with(self, other: "ClauseSig") -> "ClauseSig":
        ability = self.ability if self.ability == other.ability else "mixed"
        return ClauseSig(indices=self.indices + other.indices, text=self.text + "\n" + other.text,
                         ability=ability, parsed=self.parsed and other.parsed,
                         keyword=self.keyword if self.keyword == other.keyword else None,
                         atoms=self.atoms + other.atoms, line=self.line,
                         keywords=self.keywords | other.keywords,
                         filter_colors=self.filter_colors | other.filter_colors,
                         filter_pts=self.filter_pts | other.filter_pts,
                         kw_index=self.kw_index + other.kw_index,
                         filter_keywords=self.filter_keywords | other.filter_keywords,
                         kw_unknown=self.kw_unknown or other.kw_unknown,
                         error=self.error or other.error, origin=self.origin,
                         kept_types=self.kept_types | other.kept_types,
                         color_lists=self.color_lists | other.color_lists,
                         cond_colors=self.cond_colors | other.cond_colors)


# --- normalisation of values -------------------------------------------------------------------
def norm_controller(value) -> str | None:
    if not value:
        return None
    return _CONTROLLERS.get(str(value).lower().replace(" ", "_"))


def norm_quantifier(f: I.Filter | None) -> str | None:
    if f is None or f.is_self:
        return None
    return _QUANT.get(f.quantifier or "")


def norm_pt(value) -> str:
    if not isinstance(value, str):
        return UNKNOWN
    # "+*/+0, where * is …" (old notation) is "+X/+0, where X is …"
    v = value.replace("−", "-").replace("－", "-").replace("＋", "+").replace(" ", "").upper()
    if "X" not in v and re.search(r"[+\-]\*", v):
        v = v.replace("*", "X")
    return v if _PT_RE.match(v) else UNKNOWN


def _word_set(value, one, partial: bool = False) -> object:
    """The set of ``one(word)`` over ``value`` (a string or a collection of strings): UNKNOWN when
    ``value`` is something else or a word is UNKNOWN — with ``partial``, only when every word is
    (a set partly known keeps its UNKNOWN member)."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in value):
        return UNKNOWN
    out = {one(v) for v in value}
    return UNKNOWN if UNKNOWN in out and (not partial or out == {UNKNOWN}) else frozenset(out)


def _color(v: str) -> str:
    v = vocab.color_words().get(v.lower(), v)
    if v in COLOR_CODES:
        return v
    return v.lower() if v.lower() in COLOR_CODES else UNKNOWN


def norm_colors(value) -> object:
    return _word_set(value, _color)


def norm_types(value) -> object:
    known = english_type_words()

    def one(v: str) -> str:
        w = v.lower().strip()
        if w == "all creature types":
            return w
        # a word left in the front end's language: the set is partly known
        return _singular(w) if w in known else UNKNOWN

    return _word_set(value, one, partial=True)


def _singular(w: str) -> str:
    try:
        from cardlint.lang.builder import singular

        return singular(w)
    except Exception:
        return w


def norm_keywords(value) -> object:
    ids = keyword_ids()

    def one(v: str) -> str:
        k = v.lower().strip().replace(" ", "_").replace("-", "_")
        return k if k in ids else UNKNOWN

    return _word_set(value, one)


def norm_value(characteristic: str, value) -> object:
    if value is None:
        return None
    if characteristic in (I.PT_SET, I.PT_MODIFY):
        return norm_pt(value) if not isinstance(value, I.Value) else UNKNOWN
    if characteristic == I.COLORS:
        return norm_colors(value)
    if characteristic == I.TYPES:
        return norm_types(value)
    if characteristic == I.ABILITIES:
        return norm_keywords(value)
    return UNKNOWN


# --- drift normalisation on the IR ---------------------------------------------------------------
def _drop_redundant_types(effect: I.Effect) -> None:
    """"is a 1/1 creature" on an affected creature: the type restates what the object is."""
    f = effect.affected
    if f is None or effect.kind != I.CONTINUOUS:
        return
    have = {t.lower() for t in (f.types or [])}
    if f.noun:
        have.add(f.noun.lower())
    keep = []
    for m in effect.modifications:
        if (m.characteristic == I.TYPES and m.op in ("add", "set") and isinstance(m.value, (list, tuple))
                and m.value and all(isinstance(v, str) and v.lower() in have and v.lower() in CARD_TYPES
                                    for v in m.value)
                and len(effect.modifications) > 1):
            continue
        keep.append(m)
    effect.modifications = keep


def _is_still_restatement(effect: I.Effect, earlier: list[I.Effect]) -> bool:
    """"It's still a land." after "… becomes a 3/3 creature": the older way to write "in addition to
    its other types" restates a card type the object keeps; it changes nothing of its own."""
    f = effect.affected
    if effect.kind != I.CONTINUOUS or f is None or len(effect.modifications) != 1:
        return False
    m = effect.modifications[0]
    if m.characteristic != I.TYPES or m.op not in ("add", "set") or not isinstance(m.value, (list, tuple)) or \
            not m.value or not all(isinstance(v, str) and v.lower() in CARD_TYPES for v in m.value):
        return False
    have = {t.lower() for t in (f.types or [])} | ({f.noun.lower()} if f.noun else set())
    if f.ref not in ("it", "they", "those", "that", "self") and not all(v.lower() in have for v in m.value):
        return False        # a type the object does not name: a change, not a restatement
    return any(e.kind == I.CONTINUOUS and any(x.characteristic == I.TYPES for x in e.modifications) for e in earlier)


def _fold_still(effect: I.Effect, earlier: list[I.Effect]) -> None:
    """hja: "… becomes a 4/4 creature. It's still a planeswalker." is "… a 4/4 creature that's still a
    planeswalker": the card type kept joins the set of types the object becomes (CR 205.1a), so both
    templates compare alike."""
    for e in reversed(earlier):
        sets = [m for m in e.modifications if m.characteristic == I.TYPES and m.op == "set"
                and isinstance(m.value, list)]
        if e.kind == I.CONTINUOUS and sets:
            sets[0].value = sets[0].value + [v for v in effect.modifications[0].value if v not in sets[0].value]
            return


def normalise_clause(clause: I.ClauseIR) -> I.ClauseIR:
    c = copy.deepcopy(clause)
    for e in c.effects:
        _drop_redundant_types(e)
    kept: list[I.Effect] = []
    for e in c.effects:
        if _is_still_restatement(e, kept):
            _fold_still(e, kept)
        else:
            kept.append(e)
    c.effects = kept
    _drop_copy_exception_grants(c)
    _drop_choices(c)
    return c


#: the effect kinds a choice right before them may be part of (see :func:`_drop_choices`)
_USES_A_CHOICE = frozenset({I.CONTINUOUS, I.PREVENTION, I.REPLACEMENT})


def _drop_choices(clause: I.ClauseIR) -> None:
    """"Choose a basic land type. Target land becomes that type" and "… becomes the basic land type of
    your choice" are one effect in two templates: a choice right before the continuous effect that
    uses it changes nothing of its own; that effect is compared.  The same holds before a prevention or
    replacement shield ("Choose a red source. Prevent all damage that source would deal" = "… a red source
    of your choice would deal").  Any other choice stays ("You may choose new targets for it" is an action
    of its own)."""
    effects = clause.effects
    clause.effects = [e for i, e in enumerate(effects)
                      if not (e.kind == I.ONE_SHOT and e.verb == "choose" and i + 1 < len(effects)
                              and effects[i + 1].kind in _USES_A_CHOICE)]


def _drop_copy_exception_grants(clause: I.ClauseIR) -> None:
    """"becomes a copy of …, except it has this ability" (and the older "… gains this ability"): the
    granted ability is part of the copy effect (CR 707.9a, layer 1a), not a layer-6 grant of its own.
    Only grants of an ability the front end did not name (this ability) on the copying object go."""
    copying = {e.affected.ref for e in clause.effects if e.kind == I.CONTINUOUS and e.affected is not None
               and any(m.characteristic == I.COPY for m in e.modifications)}
    if not copying:
        return
    for e in clause.effects:
        if e.kind == I.CONTINUOUS and e.affected is not None and e.affected.ref in copying:
            e.modifications = [m for m in e.modifications
                               if not (m.characteristic == I.ABILITIES and m.op in ("add", "gain", "have")
                                       and not m.value)]
    clause.effects = [e for e in clause.effects if e.kind != I.CONTINUOUS or e.modifications]


# --- clause → signature --------------------------------------------------------------------------
def clause_signature(clause: I.ClauseIR, index: int, spell_card: bool | None,
                     origin: tuple | None = None) -> ClauseSig:
    norm = normalise_clause(clause)
    cls = classify_clause(norm, spell_card)
    ability = cls["ability"]
    atoms: list[Atom] = []
    if ability != "reminder":
        for e in norm.effects:
            controller = norm_controller(e.affected.controller) if e.affected is not None else None
            if controller is None:
                # the objects' controller, when they name one ("put a counter on each creature you control");
                # objects of several controllers ("… on target creature you control and … on target creature
                # an opponent controls") name no one controller of the effect
                named = {c for c in (norm_controller(o.controller) for o in e.objects) if c}
                controller = named.pop() if len(named) == 1 else None
            duration = _DURATIONS.get(e.duration or "", e.duration)
            if duration is None and e.condition is not None and e.condition.kind in ("as_long_as", "for_as_long_as"):
                duration = "as_long_as"   # "for as long as": a duration on one side, a condition on the other
            quant = norm_quantifier(e.affected)
            conditional = e.condition is not None
            if e.kind == I.CONTINUOUS:
                for m in e.modifications:
                    cda = is_cda(e, m, ability)
                    layer = "7a" if (cda and m.characteristic == I.PT_DEFINE) else LAYER_OF.get(m.characteristic)
                    atoms.append(Atom(I.CONTINUOUS, layer, cda, m.characteristic, _OPS.get(m.op, m.op),
                                      norm_value(m.characteristic, m.value), duration, controller, quant,
                                      conditional, _counted_controller(m)))
            else:
                atoms.append(Atom(e.kind, None, False, None, None, None, duration, controller, quant, conditional))
    f_colors: set[str] = set()
    f_pts: set[str] = set()
    f_kws: set[str] = set()
    if ability != "reminder":
        for e in norm.effects:
            for f in ([e.affected] if e.affected is not None else []) + list(e.objects):
                _filter_values(f, f_colors, f_pts)
                for neg, words in (("", f.with_abilities), ("without ", f.without_abilities)):
                    v = norm_keywords(list(words or []))
                    if v is not UNKNOWN:
                        f_kws.update(neg + k for k in v)
    c_colors: set[str] = set()
    lists: set[tuple] = set()
    if ability != "reminder":
        for e in norm.effects:
            phrases = ([e.affected] if e.affected is not None else []) + list(e.objects)
            if e.condition is not None:
                for f in e.condition.objects:
                    _filter_values(f, c_colors, set())
                phrases += e.condition.objects
            lists.update(x for x in map(color_list, phrases) if x)
    kept: set[str] = set()
    if ability != "reminder":
        for e in norm.effects:
            if e.kind == I.CONTINUOUS and e.affected is not None and \
                    any(m.characteristic == I.TYPES for m in e.modifications):
                f = e.affected
                kept.update(w for w in [t.lower() for t in (f.types or [])] + [(f.noun or "").lower()] if w in CARD_TYPES)
    kw = clause.keyword.id if clause.keyword is not None else None
    kw_unknown = False
    if kw is not None and kw not in keyword_ids():
        kw, kw_unknown = None, True   # a keyword the front end did not identify: not compared
    return ClauseSig(indices=(index,), text=clause.text, ability=ability, parsed=clause.parsed,
                     reminder=ability == "reminder", keyword=kw, atoms=atoms, line=clause.line,
                     keywords=frozenset([kw]) if kw and ability == "keyword" else frozenset(),
                     filter_colors=frozenset(f_colors), filter_pts=frozenset(f_pts),
                     kw_index=((index, kw),) if kw and ability == "keyword" else (),
                     filter_keywords=frozenset(f_kws), kw_unknown=kw_unknown and ability == "keyword",
                     error=None if clause.parsed else (clause.error or "not parsed"), origin=origin,
                     kept_types=frozenset(kept), color_lists=frozenset(lists), cond_colors=frozenset(c_colors))


def _counted_controller(m: I.Modification) -> str | None:
    """Who controls what "+1/+0 for each artifact you control" counts (None: not said or no count)."""
    f = m.per if m.per is not None else (m.value.of if isinstance(m.value, I.Value) else None)
    return norm_controller(f.controller) if f is not None else None


def color_list(f: I.Filter) -> tuple:
    """The colors of one noun phrase in the order said, repeats kept ("white or white" is two
    words): empty when a color word is not understood (a partly read phrase is not compared)."""
    out = []
    for c in f.colors or []:
        v = norm_colors([c])
        if v is UNKNOWN:
            return ()
        out.extend(v)
    return tuple(sorted(out))


def _filter_values(f: I.Filter, colors: set, pts: set) -> None:
    for c in f.colors or []:
        v = norm_colors([c])
        if v is not UNKNOWN:
            colors.update(v)
    for x in f.excluded or []:
        v = norm_colors([x]) if isinstance(x, str) and x.lower() in vocab.color_words() else UNKNOWN
        if v is not UNKNOWN:
            colors.update("¬" + c for c in v)  # a code, not an English word: the message shows it
    if f.pt:
        v = norm_pt(f.pt)
        if v is not UNKNOWN:
            pts.add(v)
