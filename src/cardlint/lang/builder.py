"""Parse tree → IR, for trees that use the shared rule names of grammar/README.md.

The base builder: the callbacks of the rule names the English and German grammars share (clause
skeleton, statements, sentences, prefix and suffix modifiers) and the named hook points a language
overrides — noun phrase, predicate, quantity, duration, condition.  Each language's builder
subclasses it: :class:`cardlint.lang.en.builder.EnglishIRBuilder` adds the names only the English
grammar emits, :class:`cardlint.lang.de.builder.GermanIRBuilder` the German surface.  Everything here
is driven by the tree's structure and word classes — never by card names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from lark import Token, Tree

from cardlint import ir as I
from cardlint import vocab
from cardlint import meaning
from cardlint.meaning import levels, permissions, stack
from cardlint.meaning import die_rolls  # (h18c: results tables, CR 706.2)
from cardlint.speed import FastTransformer
from cardlint.meaning import colors as color_rules, control as control_rules, copy as copy_rules, \
    face_down as face_down_rules, abilities as ability_rules, pt as pt_rules, text as text_rules, types as type_rules
from cardlint.meaning.record import OWN_SUBJECT, Mod, Predicate as Pred  # noqa: F401  (Mod, Pred: the builders' names)

COLOR_CODES: dict[str, str] = vocab.table("en")["colors"]
CARD_TYPES = I.CARD_TYPES
_PLURALS: dict[str, str] = vocab.table("en")["plurals"]


@lru_cache(maxsize=1)
def _known_singulars() -> frozenset[str]:
    """Subtype names (CR 205.3, kb/vocab/en-subtypes.yaml), to undo plurals exactly."""
    from cardlint import vocab

    return vocab.english_subtype_words()


_SINGULAR: dict[str, str] = {}


def singular(word: str) -> str:
    # the builder asks for the same few hundred words over and over
    got = _SINGULAR.get(word)
    if got is None:
        got = _singular(word)
        if len(_SINGULAR) < 20000:
            _SINGULAR[word] = got
    return got


def _singular(word: str) -> str:
    w = word.lower()
    if w in _PLURALS:
        return _PLURALS[w]
    known = _known_singulars()
    if w in known and not (w.endswith("s") and w[:-1] in known):
        return w
    for cand in (w[:-1], w[:-2], w[:-3] + "y", w[:-3] + "f", w[:-3] + "fe", w[:-3] + "man"):
        if cand in known:
            return cand
    if w.endswith("men") and len(w) > 4:
        return w[:-3] + "man"
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes", "zes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    return w


@dataclass
class Node:
    """A rule the builder keeps generic: its name and built children."""

    name: str
    children: list = field(default_factory=list)

    def tokens(self) -> list[str]:
        out = []
        for c in self.children:
            if isinstance(c, Token):
                out.append(str(c))
            elif isinstance(c, Node):
                out.extend(c.tokens())
        return out


@dataclass
class Granted:
    """A quoted ability granted to something (its own effects are not the clause's)."""

    text: str


@dataclass
class KeywordRef:
    name: str
    param: str | None = None


_SAME_AS_BEFORE = "same_as_before"


def _extend_same_as_before(effects: list[I.Effect]) -> list[I.Effect]:
    out: list[I.Effect] = []
    for e in effects:
        if e.kind != _SAME_AS_BEFORE:
            out.append(e)
            continue
        for prev in [p for p in out if p.kind == I.CONTINUOUS]:
            if e.modifications:  # the same for other abilities: the same objects
                if any(m.characteristic == I.ABILITIES for m in prev.modifications):
                    out.append(replace(prev, modifications=list(e.modifications)))
                continue
            out.append(replace(prev, affected=e.affected, modifications=list(prev.modifications)))
    return out



def _counted(children) -> I.Filter | None:
    """"the number of creature cards in your graveyard": the counted objects are the phrase's
    filter (a Value of kind count reads it), not a "number" object."""
    # one pass, out at the first sign that it is not "<number|amount> of <np>" (most phrases)
    core = post = None
    for c in children:
        if isinstance(c, tuple):
            if c[0] == "np_core":
                if core is not None or len(c[1]) != 1 or c[1][0][1] not in ("number", "amount"):
                    return None
                core = c
        elif isinstance(c, Node):
            if post is not None or c.name != "of_np":
                return None
            post = c
    if core is None or post is None:
        return None
    inner = _filters(post.children)
    if len(inner) != 1:
        return None
    f = inner[0]
    f.extra.insert(0, core[1][0][1] + " of")
    return f


def flatten(items) -> list:
    out = []
    for x in items:
        if isinstance(x, list):
            out.extend(flatten(x))
        else:
            out.append(x)
    return out


def _filters(children) -> list:
    """The noun phrases (Filters) among ``children``, looking inside generic nodes (zone phrases)."""
    out = []
    for c in children:
        if isinstance(c, I.Filter):
            out.append(c)
        elif isinstance(c, Node):
            out.extend(_filters(c.children))
        elif isinstance(c, list):
            out.extend(_filters(c))
    return out


def _pred_mods(node) -> list[I.Modification]:
    """The modifications of the predicates inside a generic node (a relative clause)."""
    out = []
    for c in node.children:
        if isinstance(c, Pred):
            out.extend(c.mods)
        elif isinstance(c, Node):
            out.extend(_pred_mods(c))
        elif isinstance(c, list):
            out.extend(_pred_mods(Node("list", c)))
    return out


def _past_tense(children) -> bool:
    """"attacked", "was dealt", "had been": a verb in the past describes what already happened."""
    heads = [str(c).lower() for c in children if isinstance(c, Token)]
    be = [w.lower() for c in children if isinstance(c, Node) and c.name == "be_verb" for w in c.tokens()]
    if set(heads + be) & {"was", "were", "had", "did", "been"}:
        return True
    return not be and bool(heads) and heads[0].endswith("ed")


def _relative_colors(node) -> list[str]:
    """The colors a relative clause says its noun phrase is ("… that's red or green"): only a clause that
    says nothing else (no other change, no negation)."""
    mods = _pred_mods(node)
    if not mods or any(m.characteristic != I.COLORS or m.op not in ("set", "add") for m in mods):
        return []
    return [c for m in mods for c in (m.value if isinstance(m.value, list) else [])]


def _for_each_np(children) -> I.Filter | None:
    """"gets +1/+0 for each artifact you control": the counted objects of a "for each" complement."""
    for c in children:
        if isinstance(c, Node) and c.name == "for_np":
            f = next((x for x in c.children if isinstance(x, I.Filter)), None)
            if f is not None and f.quantifier == "each":
                return f
    return None


def _is_counter_phrase(f: I.Filter) -> bool:
    """"a +1/+1 counter", "any number of counters" (the English builder keeps the noun in ``extra``)."""
    return any(w in ("counter", "counters") or w.endswith((" counter", " counters")) for w in f.extra)


def named_objects(children) -> list[I.Filter]:
    """Every noun phrase a built subtree names, nested statements included (the subject and the
    objects of "as long as you control a red creature"): what a condition is about.  Each Filter
    once, in order; players and self references are kept (the controller is read from them)."""
    out: list[I.Filter] = []
    seen: set[int] = set()
    stack = [children]
    while stack:
        c = stack.pop()
        if isinstance(c, I.Filter):
            if id(c) not in seen:
                seen.add(id(c))
                out.append(c)
        elif isinstance(c, Node):
            stack.extend(reversed(c.children))
        elif isinstance(c, (list, tuple)):
            stack.extend(reversed(c))
        elif isinstance(c, I.Effect):
            stack.extend(reversed(([c.affected] if c.affected is not None else []) + list(c.objects)))
        elif isinstance(c, Pred):
            stack.extend(reversed(([c.subject] if c.subject is not None else []) + list(c.objects)))
        elif isinstance(c, I.Value) and c.of is not None:
            stack.append(c.of)
    return out


def surface_words(children) -> list[str]:
    """The words of the built children, in order (tokens and generic nodes; not filters)."""
    out = []
    for c in children:
        if isinstance(c, Token):
            out.append(str(c))
        elif isinstance(c, Node):
            out.extend(c.tokens())
        elif isinstance(c, list):
            out.extend(surface_words(c))
    return out


class IRBuilder(FastTransformer):
    """Builds clause-level results: ``start`` returns a dict consumed by :func:`to_clause`."""


    def __init__(self, keyword_ids: dict[str, str] | None = None, keyword_effects: dict | None = None,
                 source: str | None = None):
        super().__init__(visit_tokens=False)
        self.keyword_ids = keyword_ids or {}
        self.keyword_effects = keyword_effects or {}
        #: the normalised text that was parsed: a granted ability keeps its own text (the layer
        #: engine parses it again when it applies the grant)
        self.source = source
        #: "can't be the target of spells your opponents control this turn": LALR attaches the
        #: clause-final duration to the last noun phrase; the predicate that owns it looks it up here
        self._np_duration: dict[int, str] = {}
        #: noun phrases read "an additional …" / "… from <zone>" (the Filter keeps neither)
        self._np_additional: set[int] = set()
        self._np_from_zone: set[int] = set()
        #: h19: the objects counters go on or come from ("a +1/+1 counter on each creature you control",
        #: "counters from other permanents you control"): the counter phrase's postmodifier holds them
        self._np_counter_objects: dict[int, list[I.Filter]] = {}
        #: h19: the objects of a statement that states a fact and builds no effect ("an opponent controls
        #: a black card" inside a condition), by its subject: what the condition is about
        self._np_stated: dict[int, tuple[I.Filter, list[I.Filter]]] = {}
        #: the noun phrases those three are keyed on (by id), kept alive for the builder's life: a
        #: discarded phrase's id would be reused by a later one, which would inherit its marks
        self._np_marked: list = []

    def __default__(self, data, children, meta):
        return Node(str(data), children)

    #: what ``__default__`` returns, ``Node(str(data), children)``, is built by an inline parse
    #: without calling it (:class:`~cardlint.speed.inline.InlineBuild`): about a third of the rule
    #: callbacks of an English parse.  A subclass that overrides ``__default__`` does not inherit this.
    __default__.builds_node = Node

    # ------------------------------------------------------------------ words and noun phrases
    def np_core(self, children):
        words = []
        for c in children:
            if isinstance(c, Node):
                words.append((c.name, " ".join(c.tokens())))
            elif isinstance(c, Token):
                words.append(("w_word", str(c)))
        return ("np_core", words)

    def determiner(self, children):
        return ("det", " ".join(surface_words(children)))

    def np(self, children):
        counted = _counted(children)
        if counted is not None:
            return counted
        f = I.Filter()
        for c in children:
            if isinstance(c, tuple) and c[0] == "det":
                self.read_determiner(f, c[1])
                if "additional" in c[1].split():
                    self._np_additional.add(id(f))
            elif isinstance(c, tuple) and c[0] == "np_core":
                self.read_words(f, c[1])
                if any(w.lower() == "additional" for _, w in c[1]):  # "two additional lands"
                    self._np_additional.add(id(f))
            elif isinstance(c, Node):
                self.read_postmodifier(f, c)
                if c.name == "from_zone":
                    self._np_from_zone.add(id(f))
                if c.name in ("on_obj", "from_zone") and _is_counter_phrase(f):
                    self._np_counter_objects.setdefault(id(f), []).extend(_filters(c.children))
                # "card in a graveyard this turn", "cards from your graveyard this turn" (hen2): the zone's
                # noun phrase took the clause-final duration
                inner = next((self._np_duration[id(x)] for x in _filters([c]) if id(x) in self._np_duration), None) \
                    if c.name in ("in_zone", "zone_phrase", "from_zone") else None
                if inner:
                    self._np_duration[id(f)] = inner
            elif isinstance(c, Mod) and c.kind == "duration":
                self._np_duration[id(f)] = c.value
        self._np_marked.append(f)
        return f

    # Hooks (noun phrase): what a determiner, the words of the phrase's core and a postmodifier
    # ("you control", "with flying", "in your graveyard") say about the Filter
    def read_determiner(self, f: I.Filter, det: str):
        d = det.strip()
        if d in ("target",) or d.endswith("target"):
            f.quantifier = "target"
            f.other = f.other or d.split()[0] == "other"  # "up to one other target creature"
        elif d in ("each", "every"):
            f.quantifier = "each"
        elif d == "all":
            f.quantifier = "all"
        elif d in ("another", "all other", "each other", "any other"):
            f.quantifier = f.quantifier or ("each" if d != "another" else "a")
            f.other = True
        elif d.startswith("up to"):
            f.quantifier = "up_to"
        elif d in ("a", "an"):
            f.quantifier = f.quantifier or "a"
        elif d in ("that", "those", "the", "these", "this"):
            f.quantifier = f.quantifier or d
        else:
            f.quantifier = f.quantifier or "number"

    def read_words(self, f: I.Filter, words):
        for kind, w in words:
            lw = w.lower()
            if kind == "w_color":
                f.colors.append(COLOR_CODES.get(lw, lw))
            elif kind == "w_type":
                t = singular(lw)
                f.types.append(t)
                f.noun = t
            elif kind == "w_subtype":
                f.subtypes.append(singular(lw))
                f.noun = f.noun or "permanent"
            elif kind == "w_supertype":
                f.supertypes.append(lw)
            elif kind == "w_non":
                f.excluded.append(lw[3:].lstrip("-"))
                if lw in ("nontoken",):
                    f.token = False
            elif kind == "w_status":
                f.status.append(lw)
            elif kind == "w_object":
                n = singular(lw)
                f.noun = n
                if n == "token":
                    f.token = True
            elif kind == "w_token":
                f.token = True
            elif kind == "w_player":
                f.ref = "player"
                f.noun = singular(lw)
                if "opponent" in lw:
                    f.controller = "opponent"
            elif kind == "w_attached":
                f.attached = lw
            elif kind == "w_other":
                f.other = True
            elif kind == "w_pt":
                f.pt = lw
            elif kind == "w_zone":
                f.zone = singular(lw)
                f.extra.append(lw)
            else:
                f.extra.append(lw)

    def read_postmodifier(self, f: I.Filter, node: Node):
        name = node.name
        if name in ("you_control", "you_own"):
            f.controller = "you"
        elif name in ("not_you_control", "not_you_own"):
            f.controller = "not_you"
        elif name in ("opponents_control", "opponent_controls"):
            f.controller = "opponent"
        elif name == "player_controls":
            f.controller = "player"
        elif name == "with_filter":
            for kw in self._keywords_in(node):
                f.with_abilities.append(kw)
            f.extra.append("with " + " ".join(node.tokens()))
        elif name == "without_filter":
            for kw in self._keywords_in(node):
                f.without_abilities.append(kw)
            f.extra.append("without " + " ".join(node.tokens()))
        elif name == "relative" and any(m.characteristic == "cost" and m.op == "below" for m in _pred_mods(node)):
            below = next(m for m in _pred_mods(node) if m.characteristic == "cost")
            f.extra.append(f"cost below {below.value}")
        elif name == "relative" and not f.colors and _relative_colors(node):
            # h19: "target spell or permanent that's red or green" names the colors of the objects
            f.colors.extend(_relative_colors(node))
            f.extra.append(" ".join(node.tokens()))
        elif name in ("in_zone", "from_zone"):
            f.extra.append(" ".join(node.tokens()))
            inner = _filters(node.children)
            if inner and inner[0].zone and not f.zone:
                f.zone = inner[0].zone
        else:
            f.extra.append(" ".join(node.tokens()))

    def _keywords_in(self, node) -> list[str]:
        out = []
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, KeywordRef):
                out.append(n.name)
            elif isinstance(n, Node):
                stack.extend(n.children)
            elif isinstance(n, list):
                stack.extend(n)
            elif isinstance(n, I.Filter):
                out.extend(n.with_abilities)
        return out

    def more_than(self, children):
        # "more lands than you": a quantity compared with another player's (a condition's object)
        f = self.np([c for c in children if not isinstance(c, I.Filter)])
        f.extra.append("more than")
        return f

    def self_ref(self, children):
        return I.Filter(ref="self")

    def np_subject(self, children):
        filters = [c for c in children if isinstance(c, I.Filter)]
        if len(filters) == 1:
            return filters[0]
        merged = I.Filter(ref="multiple")
        for f in filters:
            for attr in ("types", "subtypes", "supertypes", "colors", "status"):
                getattr(merged, attr).extend(x for x in getattr(f, attr) if x not in getattr(merged, attr))
            merged.extra.append(f.noun or f.ref)
        # what every listed noun phrase shares still restricts the whole list
        controllers = {f.controller for f in filters}
        if len(controllers) == 1:
            merged.controller = controllers.pop()
        nouns = {f.noun for f in filters}
        if len(nouns) == 1:
            merged.noun = nouns.pop()
        if all(f.is_self for f in filters):
            merged.ref = "self"
        return merged

    # ------------------------------------------------------------------ keywords and abilities
    def keyword_ability(self, children):
        name = str(children[0]).lower()
        param = " ".join(surface_words(children[1:])) or None
        return KeywordRef(self.keyword_ids.get(name, name.replace(" ", "_")), param)

    def quoted_ability(self, children):
        quotes = [c for c in children if isinstance(c, Token) and c.type == "QUOTE"]
        if self.source is not None and len(quotes) == 2 and quotes[0].end_pos is not None:
            inner = self.source[quotes[0].end_pos:quotes[1].start_pos]
            return Granted(_denormalize(inner))
        return Granted(" ".join(surface_words(children)))

    def ability_list(self, children):
        return [c for c in flatten(children) if isinstance(c, (KeywordRef, Granted, Node, I.Filter))]

    def level_symbol(self, children):
        # CR 711.2: a level symbol is a keyword ability that represents a static ability
        return ("keyword_line", [KeywordRef("level", str(children[0]).split(" ", 1)[1])])

    def striation(self, children):
        """CR 711.2b: a striation is one static ability of the leveler (:func:`meaning.levels.striation`).
        Its parts: the P/T box (a PT token, or a statement a language reads "2/4" as), keyword lines
        and other abilities (granted by their text)."""
        bullets = [i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "BULLET"]
        if not bullets:
            return self.level_symbol(children)
        pts: list[str] = []
        granted: list[str] = []
        for n, i in enumerate(bullets):
            part = children[i + 1]
            box = levels.box_pt(part[2]) if isinstance(part, tuple) and part[:2] == ("body", "statement") else None
            if isinstance(part, Token) and part.type == "PT":
                pts.append(str(part))
            elif box is not None:
                pts += box
            elif isinstance(part, tuple) and part[0] == "keyword_line":
                granted += [k.name for k in part[1]]
            else:
                granted.append('"' + self._part_text(children, i, bullets[n + 1] if n + 1 < len(bullets) else None) + '"')
        return ("body", "statement", [levels.striation(str(children[0]), pts, granted)], None)

    def _part_text(self, children, bullet: int, next_bullet: int | None) -> str:
        start = children[bullet].end_pos
        end = children[next_bullet].start_pos if next_bullet is not None else None
        if self.source is None or start is None:
            return ""
        return _denormalize(self.source[start:end])

    def pt_box(self, children):
        # CR 711.2a: the striation's P/T box — "as long as it has N level counters, it has base
        # power and toughness P/T" (layer 7b, conditional, so never a CDA)
        effect = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                          modifications=[pt_rules.set_base(str(children[0]))],
                          condition=I.Condition("level"), verb="level")
        return ("body", "statement", [effect], None)

    def keyword_line(self, children):
        return ("keyword_line", [c for c in children if isinstance(c, KeywordRef)])

    # ------------------------------------------------------------------ predicates
    def _ability_values(self, items) -> list[str]:
        out = []
        for x in flatten(items if isinstance(items, list) else [items]):
            if isinstance(x, KeywordRef):
                out.append(x.name)
            elif isinstance(x, Granted):
                out.append('"' + x.text + '"')
            elif isinstance(x, Node):
                out.append(x.name)
        return out

    def grant(self, children):
        abilities = next((c for c in children if isinstance(c, list)), [])
        p = Pred(I.CONTINUOUS, [ability_rules.add(self._ability_values(abilities))], verb="have")
        for c in children:
            if isinstance(c, Node) and c.name == "pt_set_tail":
                pt = next((t for t in c.tokens() if "/" in t), None)
                p.mods.append(pt_rules.set_base(pt))
        return p

    def lose_abilities(self, children):
        abilities = next((c for c in children if isinstance(c, list)), [])
        return Pred(I.CONTINUOUS, [ability_rules.remove(self._ability_values(abilities))], verb="lose")

    def cant_have(self, children):
        abilities = next((c for c in children if isinstance(c, list)), [])
        return Pred(I.CONTINUOUS, [ability_rules.cant_have(self._ability_values(abilities))], verb="have")

    def get_action(self, children):
        # a bare P/T object ("gets +1/+1") modifies P/T; anything else is a one-shot "get"
        pt = self._bare_pt(children)
        if pt is not None:
            return Pred(I.CONTINUOUS, [pt_rules.modify(pt, per=_for_each_np(children))], verb="get")
        return Pred(I.ONE_SHOT, verb="get", objects=[c for c in children if isinstance(c, I.Filter)])

    def _bare_pt(self, children):
        for c in children:
            if isinstance(c, I.Filter) and c.pt and not c.noun and not c.types and not c.subtypes:
                return c.pt
        return None

    def becomes(self, children):
        return self._descriptor_pred(children, verb="become")

    def _descriptor_pred(self, children, verb):
        words = []
        props = []
        additive = False
        still = False
        negated = False
        flat = []
        for c in children:
            if isinstance(c, Node) and c.name == "descriptor_words":
                flat.extend(c.children)
            elif isinstance(c, Node) and c.name == "be_verb":
                toks = c.tokens()
                still = "still" in toks
                negated = any(t in ("not", "isn't", "aren't", "wasn't", "weren't") or t.startswith("no longer")
                              for t in toks)
            else:
                flat.append(c)
        for c in flat:
            if isinstance(c, Node) and c.name in ("w_color", "w_type", "w_subtype", "w_supertype", "w_pt",
                                                    "w_status", "w_non", "w_object", "w_token", "w_thing",
                                                    "w_word", "w_attached", "w_other", "w_player", "w_zone",
                                                    "w_counter", "w_counter_kind"):
                words.append((c.name, " ".join(c.tokens())))
            elif isinstance(c, Node) and c.name == "in_addition":
                additive = True
            elif isinstance(c, Node) and c.name == "property_list":
                props.extend(c.children)
            elif isinstance(c, (KeywordRef, Granted)):
                props.append(c)
        mods: list[I.Modification] = []
        colors = [COLOR_CODES.get(w.lower(), w.lower()) for k, w in words if k == "w_color"]
        types = [singular(w) for k, w in words if k == "w_type"]
        subtypes = [singular(w) for k, w in words if k == "w_subtype"]
        supertypes = [w.lower() for k, w in words if k == "w_supertype"]
        pts = [w for k, w in words if k == "w_pt"]
        if types or subtypes or supertypes:
            mods.append(type_rules.change(types + subtypes + supertypes, additive=additive or still, negated=negated))
        if colors:
            # "in addition to its other colors" adds even to a negated sentence; "is still blue" adds
            mods.append(color_rules.change(colors, additive=additive or (still and not negated),
                                           negated=negated and not additive))
        if pts:
            mods.append(pt_rules.set_base(pts[0]))
        abil = []
        for p in props:
            if isinstance(p, KeywordRef):
                abil.append(p.name)
            elif isinstance(p, Granted):
                abil.append('"' + p.text + '"')
            elif isinstance(p, Node) and p.name == "base_pt_property":
                mods.append(pt_rules.set_base(next((t for t in p.tokens() if "/" in t), None)))
            elif isinstance(p, Node) and p.name == "pt_value_property":
                value = next((v for v in p.children if isinstance(v, I.Value)), I.Value(kind="other"))
                mods.append(pt_rules.set_base(value))
            elif isinstance(p, Node) and p.name == "all_types_property":
                mods.append(type_rules.all_creature_types())
        if abil:
            mods.append(ability_rules.add(abil))
        if not mods:
            return Pred("state", verb=verb, tags={w for _, w in words})
        return Pred(I.CONTINUOUS, mods, verb=verb)

    def all_creature_types(self, children):
        return Pred(I.CONTINUOUS, [type_rules.all_creature_types()], verb="be")

    def all_colors(self, children):
        return Pred(I.CONTINUOUS, [color_rules.all_colors()], verb="be")

    def is_copy(self, children):
        return Pred(I.CONTINUOUS, [copy_rules.become_copy()], verb="be_copy")

    def same_is_true(self, children):
        # "The same is true for …": the previous sentence's effects, extended to more objects;
        # body() copies them once the sentences are known
        subject = next((c for c in children if isinstance(c, I.Filter)), None)
        return ("effects", [I.Effect(kind=_SAME_AS_BEFORE, affected=subject)], None)

    def same_is_true_abilities(self, children):
        # "The same is true for first strike, …": the previous sentence's effects, for these abilities
        names = [c.name for c in flatten(children) if isinstance(c, KeywordRef)]
        return ("effects", [I.Effect(kind=_SAME_AS_BEFORE,
                                     modifications=[ability_rules.add(names)])], None)

    def become_copy(self, children):
        return Pred(I.CONTINUOUS, [copy_rules.become_copy()], verb="become")

    def face_down(self, children):
        p = Pred(I.CONTINUOUS, [face_down_rules.turn_face_down()], verb="face_down")
        # "its controller manifests the top card of their library", "you may manifest …": the card turned
        # face down is affected, not the player who does it
        obj = next(iter(_filters(children)), None)
        if obj is not None:
            p.subject = obj
            p.tags.add(OWN_SUBJECT)
        return p

    def text_change(self, children):
        return Pred(I.CONTINUOUS, [text_rules.change_text()], verb="change_text")

    # rules effects: restrictions, permissions, costs, hand size
    def _rules(self, verb):
        return Pred(I.RULES, verb=verb)

    def cant(self, children):
        p = self._rules("cant")
        inner = [c for c in flatten(children) if isinstance(c, (Pred, Node))]
        # "restricted_action" only wraps the action: the restricted verb is the action's
        inner = [x for c in inner for x in (c.children if isinstance(c, Node) and c.name == "restricted_action" else [c])
                 if isinstance(x, (Pred, Node))]
        what = next((c.verb for c in inner if isinstance(c, Pred) and c.verb), None)
        if what is None:
            what = next((c.name for c in inner if isinstance(c, Node) and c.name != "cant_word"), None)
        p.tags.add(f"restricts:{what}")
        p.mods.append(I.Modification("restriction", "cant", what))
        # h19: "can't be blocked by red creatures": the agent of the restricted passive is an object of the
        # restriction (the objects of other restricted actions are not read: "can't block creatures with …")
        p.objects = [f for c in inner if isinstance(c, Pred) and c.verb == "be" for f in c.objects]
        p.duration = self._inner_duration(children)
        return p

    def _inner_duration(self, children) -> str | None:
        """The duration written inside a restricted action ("can't block this turn") or at the end
        of its last noun phrase: it bounds the restriction, as "until end of turn" does."""
        for c in flatten(children):
            if isinstance(c, Pred) and c.duration:
                return c.duration
            if isinstance(c, Pred):
                d = next((self._np_duration[id(f)] for f in c.objects if id(f) in self._np_duration), None)
                if d:
                    return d
            if isinstance(c, Mod) and c.kind == "duration":
                return c.value
            if isinstance(c, Node):
                d = self._inner_duration(c.children)
                if d:
                    return d
            if isinstance(c, I.Filter) and id(c) in self._np_duration:
                return self._np_duration[id(c)]
        return None

    def can(self, children):
        p = self._rules("can")
        p.duration = self._inner_duration(children)
        return p

    def must(self, children):
        p = self._rules("must")
        p.duration = self._inner_duration(children)
        return p

    def doesnt_untap(self, children):
        return self._rules("doesnt_untap")

    # generic actions
    def _action(self, children, verb=None):
        toks = [c for c in children if isinstance(c, Token)]
        aux = [n for n in children if isinstance(n, Node) and n.name == "aux"]
        if verb is None:
            verb = next((str(t) for t in toks), "do")
        verb = _lemma(verb)
        p = Pred(I.ONE_SHOT, verb=verb, objects=_filters(children))
        p.objects += [x for f in p.objects for x in self._np_counter_objects.get(id(f), ())]
        words = set(surface_words(children))
        if verb == "change" and "text" in " ".join(words):
            # "Change the text of target spell or permanent by replacing …": a text-changing effect
            return Pred(I.CONTINUOUS, [text_rules.change_text()], verb="change_text",
                        objects=_filters(children))
        if verb in ("activate", "play") and "only" in words:
            # "Activate only once each turn." restricts the ability; it is not an effect
            return Pred("state", verb=verb)
        if verb == "prevent":
            p.kind = I.PREVENTION
        elif verb == "skip":
            p.kind = I.REPLACEMENT
        if "instead" in words or any(isinstance(c, Node) and c.name == "instead_of" for c in children):
            p.tags.add("instead")
        if aux:
            p.tags.add("aux:" + " ".join(surface_words(aux)))
        if _past_tense(children):
            p.tags.add("past")
        if any(isinstance(c, Node) and c.name == "zone_phrase" and "from" in c.tokens()[:1] for c in children) \
                or any(id(f) in self._np_from_zone for f in p.objects):
            p.tags.add("from_zone")
        if verb in ("cast", "play", "attack", "block") and p.duration is None:
            # "you may cast that card this turn": the duration bounds the permission, not the card;
            # "blocks target creature this turn if able" (hen2): the requirement, not the creature
            p.duration = next((self._np_duration[id(f)] for f in p.objects if id(f) in self._np_duration), None)
        for c in children:
            if isinstance(c, Node) and c.name in ("until_eot", "this_turn"):
                p.duration = c.name
            elif isinstance(c, Mod) and c.kind == "duration":
                p.duration = c.value
        if verb == "play" and any(id(f) in self._np_additional and f.noun == "land" for f in p.objects):
            # "You may play an additional land on each of your turns" (CR 305.2): a rules effect
            p.kind, p.verb = I.RULES, "extra_land"
            p.duration = p.duration or next((self._np_duration[id(f)] for f in p.objects
                                             if id(f) in self._np_duration), None)
        return p

    def causative(self, children):
        """"you may have target creature get +1/+1": the inner predicate applies to the object."""
        obj = next((c for c in children if isinstance(c, I.Filter)), None)
        inner = next((c for c in children if isinstance(c, Pred)), None)
        if inner is None:
            return Pred("state", verb="have")
        if obj is not None:
            inner.objects.insert(0, obj)
            inner.tags.add("causative")
        return inner

    def action(self, children):
        p = self._action(children)
        if p.kind == "state":
            return p
        if p.verb == "continue":
            # "this effect continues until end of turn": a duration rule, not an effect of its own
            return Pred("state", verb="continue")
        if p.verb == "exchange" and p.objects and (p.objects[0].noun == "control" or "control" in p.objects[0].extra):
            # "exchange control of A and B" with objects control_exchange can't take (a comparison
            # inside B): still an exchange of control, layer 2 (CR 613.1b)
            p.kind, p.verb = I.CONTINUOUS, "exchange_control"
            p.mods = [control_rules.exchange()]
            p.objects = p.objects[1:]
        if any(isinstance(c, Node) and c.name == "face_down_adv" for c in children):
            return self._face_down_entry(p, children)  # h18e
        self.refine_action(p, children)
        return p

    def refine_action(self, p: Pred, children) -> None:
        """Hook (action, hen2): a language's reading of an action phrase whose meaning its verb does not
        give ("play with … revealed" is no play); the decision is the meaning layer's."""

    def have_action(self, children):
        return self._action(children, "have")

    def lose_action(self, children):
        return self._action(children, "lose")

    def enter_action(self, children):
        p = self._action(children, "enter")
        words = surface_words(children)
        for f in p.objects:
            words += f.status + f.extra + ([f.noun] if f.noun else [])
        if "tapped" in words:
            p.tags.add("enters_tapped")
        if "with" in words and ("counter" in words or "counters" in words or any("counter" in w for w in words)):
            p.tags.add("enters_with")
        return p

    def predicates(self, children):
        out: list[Pred] = []
        negated_or = False
        for c in children:
            if isinstance(c, Node) and c.name == "coord":
                # "can't attack or block": the negation covers every verb of an "or" list
                negated_or = "or" in c.tokens() and bool(out) and out[-1].verb == "cant"
                continue
            if isinstance(c, Pred) and negated_or and c.kind == I.ONE_SHOT and not c.objects:
                prev = out[-1]
                prev.tags.add(f"restricts:{c.verb}")
                prev.mods.append(I.Modification("restriction", "cant", c.verb))
                prev.duration = prev.duration or c.duration
                continue
            negated_or = False
            if isinstance(c, Pred):
                out.append(c)
            elif isinstance(c, (KeywordRef, Granted)) and out:
                # "has flying, first strike, and trample": later items extend the previous grant/loss
                prev = out[-1]
                target = next((m for m in prev.mods if m.characteristic == I.ABILITIES), None)
                if target is None:
                    target = ability_rules.add([])
                    prev.mods.append(target)
                    if prev.kind not in (I.CONTINUOUS,):
                        prev.kind = I.CONTINUOUS
                if isinstance(target.value, list):
                    target.value.extend(self._ability_values([c]))
            elif isinstance(c, Node) and c.name == "subject_clause":
                # hen2: a clause's own coordination ("it can't attack or block") and the clauses
                # coordinated inside it ("…, it loses all abilities, and it can't block") read as here
                parts = flatten(c.children)
                own = parts[0] if parts and isinstance(parts[0], I.Filter) else None
                for p in self.predicates(parts):
                    if own is not None and p.subject is None:
                        # "you gain control of target creature and it gains haste": "it" has haste
                        p.subject = own
                        p.tags.add(OWN_SUBJECT)
                    out.append(p)
        return out

    # ------------------------------------------------------------------ values
    def value_np(self, children):
        return self.amount(children[0] if children and isinstance(children[0], I.Filter) else None)

    def amount(self, f: I.Filter | None) -> I.Value:
        """Hook (quantity): the Value a noun phrase names as an amount ("the number of creatures you
        control", "X")."""
        if f is not None and f.quantifier == "number" and not f.noun and not f.types:
            return I.Value(kind="number")
        return I.Value(kind="count" if f is not None else "other", of=f)

    # ------------------------------------------------------------------ statement modifiers
    def until_eot(self, children):
        return self.duration_mod("until_eot")

    def until_next_turn(self, children):
        return self.duration_mod("until_next_turn")

    def for_as_long_as(self, children):
        return self.duration_mod("for_as_long_as")

    def this_turn(self, children):
        return self.duration_mod("this_turn")

    def until_event(self, children):
        return self.duration_mod("until_event")

    def as_long_as(self, children):
        return self.condition_mod("as_long_as", children)

    def during(self, children):
        return self.condition_mod("during", children)

    def if_cond(self, children):
        return self.condition_mod("if", children)

    def unless_cond(self, children):
        return self.condition_mod("unless", children)

    def as_enters(self, children):
        return Mod("as_enters")

    def instead(self, children):
        return Mod("instead")

    def for_each(self, children):
        f = next((c for c in children if isinstance(c, I.Filter)), None)
        return Mod("for_each", f)

    def for_each_lead(self, children):
        return self.for_each(children)

    def where_x(self, children):
        return Mod("where_x", self.counted_by_x(children))

    def counted_by_x(self, children) -> I.Filter | None:
        """Hook (quantity): the objects "where X is the number of …" counts (None: not a count)."""
        v = next((c for c in flatten(children) if isinstance(c, I.Value)), None)
        return v.of if v is not None and v.kind == "count" else None

    # ------------------------------------------------------------------ statements
    # ------------------------------------------------------------------ hook points
    # A language's builder overrides these to read its own surface; the rules decisions are the
    # meaning layer's (cardlint.meaning), which every hook hands its records to.

    def statement_effects(self, subject: I.Filter | None, preds: list[Pred], imperative=False) -> list[I.Effect]:
        """Hook (predicate): the effects of a statement's predicate records."""
        return meaning.effects(preds, meaning.Context(subject=subject, imperative=imperative),
                               refine=self.refine_predicate)

    #: Hook (predicate, once its affected object is known): ``refine_predicate(p, affected, before)``
    #: returns the affected object or ``meaning.NO_EFFECT`` (see ``meaning.effects.Refine``); None: no
    #: reading of its own
    refine_predicate = None

    def statement_facts(self, children) -> meaning.Statement:
        """Hook (statement modifiers): the durations, conditions, "for each", "instead" … and the
        suffixes ("if able", "as though", "without paying") of a statement."""
        mods: list[Mod] = []
        for c in children:
            if isinstance(c, Mod):
                mods.append(c)
            elif isinstance(c, Node):
                mods.extend(m for m in flatten(c.children) if isinstance(m, Mod))
        suffixes = {c.name for c in children if isinstance(c, Node)}
        return meaning.Statement(mods=mods, if_able="if_able" in suffixes, as_though="as_though" in suffixes,
                                 without_paying="without_paying" in suffixes)

    def duration_mod(self, value: str) -> Mod:
        """Hook (duration): "until end of turn" → ``Mod("duration", "until_eot")``."""
        return Mod("duration", value)

    def condition_mod(self, kind: str, children) -> Mod:
        """Hook (condition): "as long as …", "if …", "unless …" with the words that say it."""
        named = named_objects(children)
        stated = [self._np_stated.get(id(f)) for f in named]
        named += [x for f, got in zip(list(named), stated) if got is not None and got[0] is f for x in got[1]
                  if x not in named]
        cond = I.Condition(kind, " ".join(surface_words(children)))
        cond.objects = named
        return Mod("condition", cond)

    def subject_statement(self, children):
        subject = next((c for c in children if isinstance(c, I.Filter)), None)
        preds = next((c for c in children if isinstance(c, list)), [])
        effects = self.statement_effects(subject, preds)
        if not effects and subject is not None:
            self._np_stated[id(subject)] = (subject, [f for p in preds if isinstance(p, Pred) for f in p.objects])
        return ("effects", effects, subject)

    def imperative_statement(self, children):
        preds = next((c for c in children if isinstance(c, list)), [])
        return ("effects", self.statement_effects(None, preds, imperative=True))

    def statement(self, children):
        effects: list[I.Effect] = []
        subject = None
        for c in children:
            if isinstance(c, tuple) and c[0] == "effects":
                effects.extend(c[1])
                if len(c) > 2:
                    subject = c[2]
            elif isinstance(c, list):
                # "… until end of turn and can block an additional creature": same subject
                effects.extend(self.statement_effects(subject, [p for p in c if isinstance(p, Pred)],
                                                      imperative=subject is None))
            elif isinstance(c, Node) and c.name == "subject_clause":
                # hen2: "it gets +2/+0 until end of turn and ~ deals 1 damage to you": a clause of its own
                # subject coordinated after the first one's suffix
                parts = flatten(c.children)
                own = parts[0] if parts and isinstance(parts[0], I.Filter) else None
                effects.extend(self.statement_effects(own, self.predicates(parts)))
        return ("effects", meaning.finish(effects, self.statement_facts(children)), subject)

    def otherwise_sentence(self, children):
        return self._pass_effects(children)

    def then_sentence(self, children):
        return self._pass_effects(children)

    # h18c: "until end of turn, whenever …, …": the sentence sets up a delayed trigger (CR 603.7);
    # its instruction is the clause's effect, the clause stays the kind it was (spell, activated …)
    def delayed_trigger(self, children):
        return self._pass_effects(children)

    def _pass_effects(self, children):
        out = []
        for c in children:
            if isinstance(c, tuple) and c[0] == "effects":
                out.extend(c[1])
        return ("effects", out)

    def triggered_sentence(self, children):
        trig = next((c for c in children if isinstance(c, Node) and c.name.startswith("trigger")), None)
        effects = self._pass_effects(children)[1]
        return ("triggered", effects, " ".join(trig.tokens()) if trig else "")

    def triggered_modal(self, children):
        trig = next((c for c in children if isinstance(c, Node) and c.name.startswith("trigger")), None)
        modal = next((c for c in children if isinstance(c, tuple) and c[0] == "body"), ("body", "statement", [], None))
        return ("triggered", modal[2], " ".join(trig.tokens()) if trig else "")

    def also(self, children):
        return next((c for c in children if isinstance(c, Pred)), Pred("state"))

    def body(self, children):
        effects = []
        trigger = None
        for c in children:
            if isinstance(c, tuple) and c[0] == "effects":
                effects.extend(c[1])
            elif isinstance(c, tuple) and c[0] == "triggered":
                effects.extend(c[1])
                if trigger is None and not effects[: -len(c[1]) or None]:
                    trigger = c[2]
                elif trigger is None:
                    trigger = trigger  # a delayed trigger inside a spell: stays part of the body
            elif isinstance(c, Granted):
                pass
        effects = _extend_same_as_before(effects)
        effects = stack.without_token_definitions(effects)
        # "~ becomes a copy of that creature and gains this ability", "… become a copy of target creature.
        # If you do, ~ gains this ability": the builders write "this ability" as those_abilities
        copying = any(m.characteristic == I.COPY for e in effects for m in e.modifications)
        if copying:
            # ("you may have ~ become a copy … and gain this ability": the coordinated "gain" is read with the
            # causative's subject, a player's rules effect; no player gains the ability of a card's copy effect)
            effects = [e for e in effects if not (all(m.value == ["those_abilities"] for m in e.modifications)
                                                  and copy_rules.gained_in_copying(
                                                      copying, replace(e, kind=I.CONTINUOUS)))]
        first = children[0] if children else None
        form = "triggered" if isinstance(first, tuple) and first[0] == "triggered" else "statement"
        return ("body", form, effects, trigger)

    def bullet(self, children):
        return next((c for c in children if isinstance(c, tuple) and c[0] == "body"), ("body", "statement", [], None))

    def modal(self, children):
        effects = []
        for c in children:
            if isinstance(c, tuple) and c[0] == "body":
                effects.extend(c[2])
        return ("body", "statement", effects, None, "modal")

    def ability_word_clause(self, children):
        return next((c for c in children if isinstance(c, tuple)), ("body", "statement", [], None))

    # h18c: a row of a die-roll results table (CR 706.2): joined to the ability that rolls by
    # cardlint.meaning.die_rolls once every clause of the card is read
    def die_result_clause(self, children):
        body = next((c for c in children if isinstance(c, tuple) and c[0] == "body"), ("body", "statement", [], None))
        return ("body", "result_row", body[2], die_rolls.RESULT_ROW)

    def chapter(self, children):
        body = next((c for c in children if isinstance(c, tuple) and c[0] == "body"), ("body", "statement", [], None))
        return ("body", "triggered", body[2], "chapter")

    def costs(self, children):
        return ("costs", [" ".join(surface_words([c])) or str(c) for c in children])

    def activated(self, children):
        costs = next((c for c in children if isinstance(c, tuple) and c[0] == "costs"), ("costs", []))
        body = next((c for c in children if isinstance(c, tuple) and c[0] == "body"), ("body", "statement", [], None))
        if any(isinstance(c, Token) and c.type == "CLASS_LEVEL" for c in children):
            # CR 716.2a: "[Cost]: Level N" — the Class's level becomes N (a one-shot effect)
            body = ("body", "statement", [I.Effect(kind=I.ONE_SHOT, verb="level", affected=I.Filter(ref="self"))], None)
        return ("activated", costs[1], body[2])

    def start(self, children):
        return children[0]

    # "h18e" layer families: the base keeps the hook the shared action() calls; the callbacks of the
    # English-only rule names are EnglishIRBuilder's (lang/en/builder.py)
    def _face_down_entry(self, p: Pred, children):
        """"return it to the battlefield face down", "… face up or face down": the action, and the
        face-down characteristics of the permanent it puts onto the battlefield (layer 1b)."""
        if not face_down_rules.enters_face_down([f.zone for f in p.objects]):
            return p
        down = Pred(I.CONTINUOUS, [face_down_rules.turn_face_down()], verb="face_down", objects=list(p.objects[:1]))
        return Node("subject_clause", [p, down])


def _denormalize(text: str) -> str:
    """Undo the parser-only marks of the English normalisation (cost "§", lead comma "⸴", " 's"),
    so the text reads as rules text and can be parsed again."""
    text = text.replace("§ ", "").replace("§", "").replace(" ⸴", ",").replace("⸴", ",").replace(" 's", "'s")
    return re.sub(r"\s+", " ", text).strip()


_IRREGULAR = {"dies": "die", "does": "do", "has": "have", "is": "be", "are": "be", "was": "be", "were": "be",
              "put": "put", "copies": "copy", "searches": "search", "switches": "switch",
              "dealt": "deal", "chosen": "choose", "chose": "choose", "paid": "pay", "spent": "spend",
              "drawn": "draw", "kept": "keep", "cast": "cast", "casts": "cast"}


def _lemma(verb: str) -> str:
    v = verb.lower()
    if v in _IRREGULAR:
        return _IRREGULAR[v]
    if v.endswith("ies"):
        return v[:-3] + "y"
    if v.endswith(("ches", "shes", "sses", "xes")):
        return v[:-2]
    if v.endswith("ed") and len(v) > 4:
        base = v[:-2]
        return base if not base.endswith("i") else base[:-1] + "y"
    if v.endswith("s") and not v.endswith("ss") and len(v) > 3:
        return v[:-1]
    return v


def keyword_modifications(effect_spec: dict | None) -> list[I.Modification]:
    """A keyword's own continuous effect from kb/keywords.yaml ``effect`` (Changeling → layer 4
    CDA that defines subtypes; Devoid → layer 5 CDA that sets color)."""
    if not effect_spec or effect_spec.get("kind") != I.CONTINUOUS:
        return []
    layer = str(effect_spec.get("layer"))
    if layer == "4":
        return [I.Modification(I.TYPES, "set_subtypes", ["all creature types"])]
    if layer == "5":
        return [I.Modification(I.COLORS, "set", ["colorless"])]
    return []


def to_clause(result, keyword_effects: dict[str, dict]) -> I.ClauseIR:
    """Turn the builder's ``start`` result into a ClauseIR (text/line/lang are set by the front end)."""
    clause = I.ClauseIR(text="", form=I.FORM_STATEMENT, parsed=True)
    if isinstance(result, tuple) and result[0] == "keyword_line":
        kws = result[1]
        clause.form = I.FORM_KEYWORD
        if kws:
            kw = kws[0]
            clause.keyword = I.Keyword(kw.name, kw.param)
            for k in kws:
                mods = keyword_modifications(keyword_effects.get(k.name))
                if mods:
                    clause.effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                                   modifications=mods, verb="keyword"))
        return clause
    if isinstance(result, tuple) and result[0] == "activated":
        clause.form = I.FORM_ACTIVATED
        clause.costs = result[1]
        clause.effects = permissions.resolving(result[2])
        return clause
    if isinstance(result, tuple) and result[0] == "body":
        form = result[1]
        clause.effects = result[2]
        if form == "triggered":
            clause.form = I.FORM_TRIGGERED
            clause.trigger = result[3]
            clause.effects = permissions.resolving(clause.effects)
        elif form == "result_row":
            clause.trigger = result[3]  # (h18c) cardlint.meaning.die_rolls.join_results gives its form
        if len(result) > 4 and result[4] == "modal":
            clause.modal = True
        clause.static_spell_ability = stack.works_on_stack(clause.effects)
        return clause
    clause.parsed = False
    clause.error = "parse tree without a clause"
    return clause
