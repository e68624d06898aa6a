"""German parse tree (grammar/de.lark) → IR.

The tree's clause/sentence/statement rules use the shared names of :mod:`cardlint.lang.builder`
(``body``, ``statement``, ``subject_statement``, ``triggered_sentence``, ``activated``, the prefix and
suffix modifiers …), so this builder subclasses :class:`IRBuilder` and supplies what is German:
noun phrases (articles, declined adjectives, compounds, "deiner Wahl", relative clauses,
genitives), the predicates of the continuous-effect verbs (erhalten, haben, verlieren, sein,
werden, ins Spiel kommen) and verb phrases with separable particles ("bringe … zurück").

Everything is read from the tree's constituents and word classes — never from card names.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token

from cardlint import ir as I
from cardlint import vocab
from cardlint.lang.de import words as W
from cardlint.meaning import NO_EFFECT
from cardlint.meaning import abilities as ability_rules, colors as color_rules, control as control_rules, \
    copy as copy_rules, face_down as face_down_rules, pt as pt_rules, text as text_rules, types as type_rules
from cardlint.lang.builder import IRBuilder, Granted, KeywordRef, Mod, Node, Pred, flatten, named_objects, surface_words

_VERB_LEMMA = W.verb_forms()
#: h17: the printed subtype names (canonical_values gives their English ids)
_SUBTYPE_WORDS = frozenset(vocab.subtype_names("de"))
_TYPE_STEMS = sorted(W.TYPE_STEMS.items(), key=lambda kv: -len(kv[0]))
_SUPER_STEMS = sorted(W.SUPERTYPE_STEMS.items(), key=lambda kv: -len(kv[0]))
_COLOR_STEMS = sorted(W.COLORS.items(), key=lambda kv: -len(kv[0]))
_OBJ_NOUNS = sorted(list(W.OBJ_NOUNS.items()) + list(W.PLAYER_NOUNS.items()), key=lambda kv: -len(kv[0]))
_IMPERATIVE_IRREGULAR = {"wirf", "nimm", "zieh", "gib", "sieh", "übernimm", "bring", "lass", "triff", "sprich",
                         "lies", "schau", "stirb", "vergiss", "überspring", "begrab", "erhalte", "verliere"}
_ADJ_END = re.compile(r"(?:e|en|em|er|es)$")
# predicative adjectives that give a supertype ("ist legendär", "sind verschneit")
_SUPERTYPE_ADJ = {"legendär": "legendary", "verschneit": "snow"}
#: "die du kontrollierst" (the word lexer may have read "du" as the player word): the verb's second
#: person says who controls them
_YOU_CONTROL = re.compile(r"\bkontrollierst\b")
_THEY_CONTROL = re.compile(r"\bkontrollier(?:t|en)\b")
# "anstatt die Manakosten … zu bezahlen": an alternative cost
_ALT_COST = re.compile(r"(?:an)?statt\b.*kosten\b.*\bzu (?:be)?zahlen$")


def lemma(word: str) -> str:
    return _VERB_LEMMA.get(word, word)


def is_imperative(word: str) -> bool:
    if word in _IMPERATIVE_IRREGULAR:
        return True
    return word.endswith("e") and not word.endswith(("te", "würde")) and word not in ("habe", "sei", "werde", "komme")


def color_of(word: str) -> str | None:
    stem = _ADJ_END.sub("", word) if word not in W.COLORS else word
    for c, code in _COLOR_STEMS:
        if stem == c or word == c:
            return code
    return None


@lru_cache(maxsize=8192)
def _noun_facts(low: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """(card/basic land types, supertypes, object noun) a German noun word names.  Cached per word:
    the stem tables are scanned with a regex each, and the same words recur in every clause."""
    types: list[str] = []
    for stem, typ in _TYPE_STEMS:
        if stem in low and typ not in types:
            types.append(typ)
    # string tests that answer as re.fullmatch(r"(?:nicht-?)?" + stem + r"(?:n|en|e|s|es|er|ern)?")
    # and re.search(re.escape(stem) + r"(?:n|en|e|s|es|er|ern|innen|in)?$") do, without compiling
    # two regexes per stem; only "$" before a final newline differs, and words have no newline
    plain = "\n" not in low
    for stem, basic in W.BASIC_LAND_TYPES.items():
        if plain:
            hit = any(rest.startswith(stem) and rest[len(stem):] in _LAND_ENDINGS for rest in _unnegated(low))
        else:
            hit = re.fullmatch(r"(?:nicht-?)?" + stem + r"(?:n|en|e|s|es|er|ern)?", low) is not None
        if hit and basic not in types:
            types.append(basic)
    supertypes = tuple(sup for stem, sup in _SUPER_STEMS if low.startswith(stem))
    noun = None
    for stem, n in _OBJ_NOUNS:
        if plain:
            hit = any(low.endswith(stem + ending) for ending in _NOUN_ENDINGS)
        else:
            hit = re.search(re.escape(stem) + r"(?:n|en|e|s|es|er|ern|innen|in)?$", low) is not None
        if hit:
            noun = n
            break
    return tuple(types), supertypes, noun


_LAND_ENDINGS = frozenset(("", "n", "en", "e", "s", "es", "er", "ern"))
_NOUN_ENDINGS = ("", "n", "en", "e", "s", "es", "er", "ern", "innen", "in")


def _compound_subtypes(f: I.Filter) -> list[str]:
    """The subtype words of compounds like "Elementarwesen-Kreatur", "Insekt-Artefaktkreatur": kept as
    they are written (German), so that a type change naming a subtype is not read as naming none."""
    out = []
    for w in f.extra:
        if "-" in w and " " not in w and not w.startswith("nicht"):
            parts = [p for p in w.split("-") if p]
            # the head names the card type ("-Kreatur"); a head that is no type word is a subtype too
            # ("(Kithkin, Geist)" → "kithkin-geist")
            words = parts[:-1] + ([parts[-1]] if parts and not any(_noun_facts(parts[-1])[:2]) else [])
            for p in words:
                if not any(_noun_facts(p)[:2]) and p not in out:
                    out.append(p)
        elif " " not in w and "-" not in w:
            # written as one word: "Baumhirtenkreatur", "Zombiekreaturen" (a subtype word, maybe with its
            # linking ending, before the card type)
            m = _ONE_WORD_SUBTYPE.match(w)
            if m:
                stem = m.group(1)
                hit = next((c for c in (stem, stem[:-1], stem[:-2]) if c in _subtype_words()), None)
                if hit and hit not in out:
                    out.append(hit)
    return out


_ONE_WORD_SUBTYPE = re.compile(r"^([a-zäöüß]{3,}?)(?:artefaktkreatur|kreatur)(?:en)?$")


@lru_cache(maxsize=1)
def _subtype_words() -> frozenset[str]:
    from cardlint import vocab

    return frozenset(vocab.subtype_names("de"))


def _noun_subtypes(f: I.Filter) -> list[str]:
    """The head noun when it is a subtype word ("ist zusätzlich ein Werwolf", "wird zu einem grünen Wurm")."""
    return [f.noun] if f.noun and not f.types and f.noun in _subtype_words() else []


def _unnegated(low: str) -> list[str]:
    """The word without each prefix "(?:nicht-?)?" can take off: itself, after "nicht", after "nicht-"."""
    out = [low]
    if low.startswith("nicht"):
        out.append(low[5:])
        if low.startswith("nicht-"):
            out.append(low[6:])
    return out


@lru_cache(maxsize=8192)
def _adj_reading(w: str) -> tuple[str | None, object]:
    """What an adjective word says about a noun phrase, as (what, value) for
    :meth:`GermanIRBuilder.read_words` — per word: the same words recur in every clause."""
    stem = _ADJ_END.sub("", w)
    if stem.startswith("verzaubert"):
        return "attached", "enchanted"
    if stem.startswith("ausgerüstet"):
        return "attached", "equipped"
    if stem.startswith("befestigt"):
        return "attached", "fortified"
    if stem.startswith(("ander", "weiter")):
        return "other", True
    if stem.startswith(("getappt", "angreifend", "blockend", "ungetappt", "geblockt", "ungeblockt")):
        return "status", stem
    if stem.startswith("legendär"):
        return "supertype", "legendary"
    if stem.startswith("bleibend"):
        return "noun", "permanent"
    if stem == "fliegend":   # "eine fliegende 2/2 Kreatur": a creature with flying
        return "with", "flying"
    if stem in ("bestimmt", "gewählt"):   # "den bestimmten Kreaturentyp": the chosen one
        return "extra", "chosen"
    code = color_of(w)
    if code:
        return "color", code
    if stem.startswith("nicht"):
        rest = stem[5:].lstrip("-")
        code = color_of(rest)
        return "excluded", vocab.color_names().get(code, rest) if code else rest
    return None, None


@lru_cache(maxsize=8192)
def _noun_reading(low: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None, str | None]:
    """:func:`_noun_facts` of a noun word and the noun it names in a filter (a characteristic,
    an ability, control … before the object noun)."""
    types, supertypes, noun = _noun_facts(low)
    named = noun
    if "kreaturentyp" in low or "kartentyp" in low or low.startswith("typ"):
        named = "type"
    if low.startswith(("stärke", "widerstandskraft")):
        named = low.split("-")[0]
    if low.startswith("fähigkeit"):
        named = "ability"
    if low.startswith("kontrolle"):
        named = "control"
    if low.startswith("farbe"):
        named = "color"
    if low.startswith("kopie"):
        named = "copy"
    if low in ("text",) or low.startswith("text"):
        named = "text"
    # h17: the rules nouns that have an id (a zone, "Ziel", "Hälfte"), never the German word
    if named is None and not types:
        named = _ZONE_NOUNS.get(low) or _RULES_NOUNS.get(low)
    return types, supertypes, noun, named


_ZONE_NOUNS = W.ZONE_NOUNS
_RULES_NOUNS = {"ziel": "target", "ziele": "target", "zielen": "target", "hälfte": "half"}


def _excluded(f: I.Filter, rest: str) -> None:
    """"nicht…" of a noun ("Nichtstandardländer", "Nichtkreaturen"): what it excludes as the ids
    English gives ("nonbasic lands": excluded basic, a land), else the word."""
    types, supertypes, _noun, _named = _noun_reading(rest)
    if supertypes and types:
        f.excluded.extend(supertypes)
        f.types.extend(t for t in types if t not in f.types)
        f.noun = f.noun or types[-1]
    elif len(types) == 1 and rest.startswith(tuple(s for s, t in W.TYPE_STEMS.items() if t == types[0])):
        f.excluded.append(types[0])
        if "-" in rest:  # "Nichtartefakt-Zaubersprüche": the compound's head is the noun
            _t, _s, noun, named = _noun_reading(rest.split("-", 1)[1])
            f.noun = f.noun or named or noun
    else:
        f.excluded.append(rest)


def _all_words(children) -> list[str]:
    """Surface words of the built children, including those kept in noun-phrase filters."""
    out = []
    for c in children:
        if isinstance(c, Token):
            out.append(str(c))
        elif isinstance(c, Node):
            out.extend(_all_words(c.children))
        elif isinstance(c, list):
            out.extend(_all_words(c))
        elif isinstance(c, I.Filter):
            out.extend(w for e in c.extra for w in e.split())
            if c.noun:
                out.append(c.noun)
    return out


def _untag(e: I.Effect, tag: str) -> None:
    if e.note and tag in e.note.split(","):
        e.note = ",".join(t for t in e.note.split(",") if t != tag) or None


def _v1_conditions(children) -> list:
    """Statements whose first predicate is a verb-first conditional clause: its effects become the
    condition of the others ("Ist es ein Land, bringe es ins Spiel" = "If it's a land, put it …")."""
    out = []
    for c in children:
        if isinstance(c, tuple) and c[0] == "effects":
            cond = [e for e in c[1] if e.note and "v1_condition" in e.note.split(",")]
            rest = [e for e in c[1] if e not in cond]
            if cond and rest:
                text = " ".join(filter(None, [cond[0].verb] + [" ".join(f.extra) for f in cond[0].objects]))
                timed = any("at_time" in (e.note or "").split(",") for e in cond)
                for e in rest:
                    if timed:   # "Hast du zu Beginn deines Versorgungssegments …, ziehe …": a trigger
                        e.note = ",".join(filter(None, [e.note, "at_time"]))
                    if e.condition is None:
                        e.condition = I.Condition("if", text)
                c = (c[0], rest) + tuple(c[2:])
            else:
                for e in c[1]:
                    _untag(e, "v1_condition")
        out.append(c)
    return out


def _has_node(children, name: str) -> bool:
    return any(isinstance(c, Node) and (c.name == name or _has_node(c.children, name)) for c in children)


def _retag_at_time(children) -> bool:
    """Turn the "condition_at_time" marks of :meth:`GermanIRBuilder.if_cond` (in the statement or
    its prefix nodes) into plain conditions; tell whether there was one."""
    found = False
    for i, c in enumerate(children):
        if isinstance(c, Mod) and c.kind == "condition_at_time":
            children[i] = Mod("condition", c.value)
            found = True
        elif isinstance(c, Node) and c.name in ("prefix", "suffix_lead"):
            found = _retag_at_time(c.children) or found
    return found


class GermanIRBuilder(IRBuilder):
    #: hde2: the (holder, duration) of "die Farbe oder Farben, die X bis … hat" (a relative clause read before its verb)
    _color_holder: tuple[I.Filter, str] | None = None

    # ------------------------------------------------------------------ noun phrases
    # replaces the base: German adjectives come as one node, the P/T as a tuple
    def np_core(self, children):
        words = []
        for c in children:
            if isinstance(c, Node):          # adjs
                words.extend(("adj", str(t)) for t in c.tokens())
            elif isinstance(c, Token):
                words.append((c.type, str(c)))
            elif isinstance(c, tuple) and c[0] == "pt":
                words.append(c)
        return ("np_core", words)

    def dets(self, children):
        return ("dets", [str(c) for c in flatten(children) if isinstance(c, Token)] + surface_words(
            [c for c in children if isinstance(c, Node)]))

    def pt_attr(self, children):
        return ("pt", str(children[0]))

    def np_full(self, children):
        f = I.Filter()
        for c in children:
            if isinstance(c, tuple) and c[0] == "dets":
                for d in c[1]:
                    self.read_determiner(f, d)
            elif isinstance(c, tuple) and c[0] == "pt":
                f.pt = c[1]
            elif isinstance(c, tuple) and c[0] == "np_core":
                self.read_words(f, c[1])
            elif isinstance(c, Node):
                self.read_postmodifier(f, c)
        return f

    def np_det_only(self, children):
        f = self.np_full(children)
        if f.quantifier == "that" and f.ref == "object" and not (f.noun or f.types or f.extra) and len(children) == 1:
            # "Diese sind 1/1 weiße Kreaturen": a demonstrative standing alone refers back ("they")
            return I.Filter(ref="they")
        if f.quantifier is None:
            f.quantifier = "number"
        return f

    def number(self, children):
        return Node("number", children)

    # replaces the base reading: German determiners and their declined forms
    def read_determiner(self, f: I.Filter, d: str):
        if d.startswith(("jede", "jedem", "jeden")):
            f.quantifier = "each"
        elif d.startswith(("alle",)):
            f.quantifier = "all"
        elif d in ("ein", "eine", "einen", "einem", "einer", "eines"):
            f.quantifier = f.quantifier or "a"
        elif d.startswith("kein"):
            f.quantifier = "no"
        elif d.startswith(("dies", "jene")):
            f.quantifier = f.quantifier or "that"
        elif d.startswith(("dein",)):
            f.controller = f.controller or "you"
        elif d.startswith(("sein", "ihr", "deren", "dessen")):
            f.extra.append("of:it")
        elif d in ("der", "die", "das", "den", "dem", "des"):
            f.quantifier = f.quantifier or "the"
        else:
            f.quantifier = f.quantifier or "number"

    # replaces the base reading: German adjectives, compounds and noun stems
    def read_words(self, f: I.Filter, words):
        for kind, w in words:
            if kind == "pt":
                f.pt = w
            elif kind in ("adj", "ADJ", "ADJ_MORPH"):
                what, value = _adj_reading(w)
                if what == "attached":
                    f.attached = value
                elif what == "other":
                    f.other = True
                elif what == "status":
                    f.status.append(value)
                elif what == "supertype":
                    f.supertypes.append(value)
                elif what == "noun":
                    f.noun = f.noun or value
                elif what == "with":
                    f.with_abilities.append(value)
                elif what == "extra":
                    f.extra.append(value)
                elif what == "color":
                    f.colors.append(value)
                elif what == "excluded":
                    f.excluded.append(value)
            else:
                low = w
                if low.startswith("nicht"):
                    _excluded(f, low[5:].lstrip("-"))
                    continue
                types, supertypes, noun, named = _noun_reading(low)
                for typ in types:
                    if typ not in f.types:
                        f.types.append(typ)
                for sup in supertypes:
                    if sup not in f.supertypes:
                        f.supertypes.append(sup)
                if noun in ("player", "opponent", "owner", "controller", "teammate", "monarch"):
                    f.ref = "player"
                    if noun == "opponent":
                        f.controller = "opponent"
                if noun == "token":
                    f.token = True
                if not (named or f.noun or f.types) and low in _SUBTYPE_WORDS:
                    f.subtypes.append(low)  # a subtype as the head noun ("einen Vampir"); English id on leaving
                else:
                    f.noun = named or f.noun or (f.types[-1] if f.types else low)
                f.extra.append(low)

    # replaces the base reading: relative clauses, genitives, "mit …", "unter deiner Kontrolle"
    def read_postmodifier(self, f: I.Filter, node: Node):
        if node.name == "postmod" and len(node.children) == 1 and isinstance(node.children[0], Node):
            node = node.children[0]     # the relative clause alternative of postmod has no alias of its own
        name = node.name
        words = _all_words(node.children)
        text = " ".join(words)
        if name == "target_choice":
            f.quantifier = "target"
        elif name == "relative":
            if _YOU_CONTROL.search(text):
                f.controller = "you"
            elif _THEY_CONTROL.search(text) and "gegner" in text:
                f.controller = "opponent"
            elif _THEY_CONTROL.search(text):
                f.controller = f.controller or "player"
            f.extra.append("rel:" + text)
            if f.noun == "color" and words and words[-1] in ("hat", "haben"):
                held = _stated_holder(node)
                if held is not None:
                    # hde2: "bestimme die Farbe oder Farben, die eine bleibende Karte … bis zum Ende des Zuges hat":
                    # the colours an object *has for a duration* are set by the choice (read in _verb_kind)
                    f.extra.append("color_held")
                    self._color_holder = held
            kws = _relative_keywords(node)
            if kws:
                # "eine 4/4 Kreatur, die Trampelschaden verursacht" = "a 4/4 creature with trample"
                f.with_abilities.extend(k for k in kws if k not in f.with_abilities)
        elif name == "genitive":
            f.extra.append("gen:" + text)
            if "~" in words:
                f.extra.append("of:self")
        elif name == "of_self":
            f.extra.append("of:self")
        elif name == "with_filter":
            f.with_abilities.extend(self._keywords_in(node))
            # "zu einer 2/2 Kreatur mit «{B}: …»": a quoted ability the object has, as a keyword is
            f.with_abilities.extend(self._ability_values([c for c in node.children if isinstance(c, Granted)]))
            for c in node.children:
                if isinstance(c, tuple) and c[0] == "base_pt":
                    f.pt = c[1]
            f.extra.append("mit " + text)
        elif name == "without_filter":
            f.without_abilities.extend(self._keywords_in(node))
            f.extra.append("ohne " + text)
        elif name == "in_zone":
            if "kontrolle" in text:
                f.controller = "you" if "deiner" in text else "player"
            f.extra.append(text)
        else:
            f.extra.append(text)

    # replaces the base: "~" may carry German postmodifiers
    def self_ref(self, children):
        f = I.Filter(ref="self")
        for c in children:
            if isinstance(c, Node):
                self.read_postmodifier(f, c)
        return f

    def self_possessive(self, children):
        f = self.np_full(children)
        f.extra.append("of:self")
        return f

    def var_ref(self, children):
        return I.Filter(ref="object", noun="number", extra=[str(children[0])])

    def pron_ref(self, children):
        w = str(children[0])
        if w in ("du", "dich", "dir"):
            f = I.Filter(ref="you", noun="player", controller="you")
        elif w in ("er", "sie", "es", "ihn", "ihm", "ihnen", "dies", "diese", "das"):
            f = I.Filter(ref="it")
        else:
            f = I.Filter(ref="object", extra=[w])
        for c in children[1:]:
            if isinstance(c, Node):
                self.read_postmodifier(f, c)
        return f

    def number_of(self, children):
        inner = next((c for c in children if isinstance(c, I.Filter)), None)
        return I.Filter(ref="object", noun="number", extra=["number_of"])

    def up_to_np(self, children):
        f = I.Filter(quantifier="up_to")
        for c in children:
            if isinstance(c, tuple) and c[0] == "np_core":
                self.read_words(f, c[1])
            elif isinstance(c, Node) and c.name != "number":
                self.read_postmodifier(f, c)
        return f

    # replaces the base: a German np coordinates full noun phrases ("eine oder mehrere Farben")
    def np(self, children):
        filters = [c for c in children if isinstance(c, I.Filter)]
        if len(filters) == 1:
            return filters[0]
        # "eine oder mehrere Farben": the noun of the phrase that has one (the first may be a bare determiner)
        merged = I.Filter(ref="multiple", noun=next((f.noun for f in filters if f.noun), None))
        for f in filters:
            merged.types += [t for t in f.types if t not in merged.types]
            # "zu einer 4/4 schwarzen und grünen Elementar- und Schrecken-Kreatur" (the ellipsis written
            # out as two noun phrases): what either part says of the object it names
            merged.subtypes += [t for t in f.subtypes if t not in merged.subtypes]
            merged.colors += [c for c in f.colors if c not in merged.colors]
            merged.with_abilities += [a for a in f.with_abilities if a not in merged.with_abilities]
            merged.pt = merged.pt or f.pt
            merged.extra += f.extra
            if f.noun in ("power", "toughness", "stärke", "widerstandskraft"):
                merged.noun = "power_toughness"
        if all(f.is_self for f in filters):
            merged.ref = "self"
        if any("of:self" in f.extra for f in filters):
            merged.extra.append("of:self")
        if filters[0].quantifier == "no":
            merged.quantifier = "no"    # "keine Spontanzauber oder Hexereien": the negation covers the list
        return merged

    # replaces the base: the German subject is one noun phrase (coordination is np's)
    def np_subject(self, children):
        return children[0]

    def np_genitive(self, children):
        head, owner = [c for c in children if isinstance(c, I.Filter)][:2]
        if head.noun in ("type", "color"):
            # "Der Kreaturentyp einer Kreatur …", "Die Farbe einer bleibenden Karte …": the owner is the
            # affected object, the head names the characteristic that changes
            owner.extra.append("char:" + head.noun)
            return owner
        head.extra.append("gen:" + " ".join(w for w in owner.extra if not w.startswith("rel:")))
        head.colors += [c for c in owner.colors if c not in head.colors]
        return head

    # ------------------------------------------------------------------ abilities
    # replaces the base: German keyword names and parameters (de/frontend keyword_id)
    def keyword_ability(self, children):
        from cardlint.lang.de.keywords import keyword_id

        text = " ".join(surface_words(children))
        kid, param = keyword_id(text)
        return KeywordRef(kid or str(children[0]), param)

    def ability_noun(self, children):
        w = str(children[0])
        return Node("all_abilities" if w.startswith("alle") else "those_abilities", [])

    def kw_predicate(self, children):
        kw = self.keyword_ability(children[:1])
        # the middle field after the keyword verb ("verursachen Trampelschaden bis zum Ende des Zuges")
        p = self._pred(I.CONTINUOUS, children, [ability_rules.add([kw.name])], verb="have")
        if len(children) == 1:
            p.tags.add("bare_kw")
        return p

    # replaces the base: a clause of a bare keyword verb is the keyword line itself
    def start(self, children):
        out = children[0]
        # a clause that is nothing but a keyword ("Trampelschaden", "Verursachen Trampelschaden" in
        # older printings) is the keyword ability itself, not a grant to something unnamed
        if isinstance(out, tuple) and out[0] == "body" and out[1] == "statement" and len(out[2]) == 1:
            e = out[2][0]
            if e.affected is None and e.condition is None and e.duration is None and \
                    "bare_kw" in (e.note or "").split(",") and e.modifications:
                return ("keyword_line", [KeywordRef(e.modifications[0].value[0], None)])
        return out

    # ------------------------------------------------------------------ predicates
    def _verb(self, children) -> str:
        for c in children:
            if isinstance(c, Node) and c.name in ("get_verb", "have_verb", "lose_verb", "be_verb", "become_verb",
                                                  "modal_verb", "enter_verb"):
                return c.tokens()[0]
            if isinstance(c, Token) and c.type in ("VERB", "COUNTER_VERB"):
                return str(c)
        return ""

    def _pred(self, kind, children, mods=None, verb=None) -> Pred:
        finite = self._verb(children)
        p = Pred(kind, list(mods or []), verb=verb, verb_form=finite)
        fs = [c for c in children if isinstance(c, I.Filter)]
        p.objects = fs
        inverted = finite and not is_imperative(finite)
        if inverted and fs:
            # verb second after a fronted constituent: the first NP after the finite verb is the subject
            p.subject = fs[0]
            if finite.endswith("st") and not any(f.ref == "you" for f in fs[:1]):
                p.subject = next((f for f in fs if f.ref == "you"), fs[0])
        for c in children:
            if isinstance(c, Mod):
                p.modifiers.append(c)
                if c.kind == "duration":
                    p.duration = c.value
                if c.kind == "instead":
                    p.tags.add("instead")
            elif isinstance(c, Node):
                name = c.name
                if name == "adverb":
                    w = " ".join(c.tokens())
                    if w == "stattdessen":
                        p.tags.add("instead")
                    if w in ("nicht", "nie", "niemals"):
                        p.tags.add("neg")
                    if w == "nur":
                        p.tags.add("only")
                    if w == "zusätzlich":
                        p.tags.add("additional")
                    if w in ("immer noch", "noch immer", "auch noch"):
                        p.tags.add("still")     # "Er ist immer noch ein Land": the old types stay
                elif name == "at_time":
                    p.tags.add("at_time")
                elif name == "pp":
                    if any(isinstance(f, I.Filter) and f.quantifier == "each" and f.noun in ("kampf", "zug")
                           for f in c.children):
                        p.tags.add("recurring")      # "in jedem Kampf", "in jedem Zug"
                elif name == "in_addition":
                    p.tags.add("in_addition")
                elif name == "as_though":
                    p.tags.add("as_though")
                elif name == "verb_tail":
                    # only the first tail in text order: the verb the readers pick is the first one written
                    p.surface.setdefault("tail", " ".join(c.tokens()))
        if any(f.quantifier == "no" for f in fs):
            p.tags.add("neg")
        return p

    def _gain_items(self, children):
        items = next((c for c in children if isinstance(c, list)), [])
        mods = []
        abil = []
        for it in items:
            if isinstance(it, tuple) and it[0] == "pt":
                mods.append(pt_rules.modify(it[1]))
            elif isinstance(it, tuple) and it[0] == "base_pt":
                mods.append(pt_rules.set_base(it[1]))
            elif isinstance(it, tuple) and it[0] == "all_types":
                mods.append(type_rules.all_creature_types())
            elif isinstance(it, (KeywordRef, Granted, Node)):
                abil.append(it)
        if abil:
            mods.append(ability_rules.add(self._ability_values(abil)))
        return mods

    def gain_list(self, children):
        return flatten([c for c in children if not (isinstance(c, Node) and c.name == "list_sep")])

    def pt_item(self, children):
        return ("pt", str(children[0]))

    def causing_kw(self, children):
        words = str(children[0]).split()
        return [KeywordRef({"furcht": "fear", "trampelschaden": "trample"}[w], None)
                for w in words if w in ("furcht", "trampelschaden")]

    def all_types_item(self, children):
        return ("all_types",)

    def base_pt_item(self, children):
        return ("base_pt", str(children[-1]))

    def base_pt_value(self, children):
        # "mit Basis-Stärke und -Widerstandskraft jeweils gleich …": the value follows the noun phrase
        return I.Filter(noun="power_toughness", extra=["power_toughness"])

    def same_list(self, children):
        return flatten([c for c in children if not isinstance(c, (Node, Token))])

    # replaces the base: German lists have their own separators
    def ability_list(self, children):
        return flatten([c for c in children if not (isinstance(c, Node) and c.name == "list_sep")])

    def gain(self, children):
        p = self._pred(I.CONTINUOUS, children, self._gain_items(children), verb="get")
        for m in p.modifiers:
            if m.kind == "for_each":
                pt_rules.apply_for_each(p.mods, m.value)
        return p

    # replaces the base: "haben"/"erhalten" items include P/T and "alle Kreaturentypen"
    def grant(self, children):
        return self._pred(I.CONTINUOUS, children, self._gain_items(children), verb="have")

    # replaces the base: "erhalten" + "die Kontrolle" gains control
    def get_action(self, children):
        p = self._pred(I.ONE_SHOT, children, verb="get")
        if any(f.noun == "control" for f in p.objects):
            p.kind = I.CONTINUOUS
            p.mods = [control_rules.gain()]
            p.verb = "gain_control"
            p.subject = None
            p.objects = [f for f in p.objects if f.noun != "control"] or p.objects
        elif any(f.noun == "ability" and f.quantifier == "that" for f in p.objects):
            # "Falls du dies tust, erhält ~ diese Fähigkeit" (gains this ability): a grant, layer 6
            p.kind = I.CONTINUOUS
            p.mods = [ability_rules.add(["those_abilities"])]
            p.verb = "have"
            p.objects = [f for f in p.objects if f.noun != "ability"]
        return p

    # replaces the base: "haben" + a characteristic noun ("alle Farben", "alle Kreaturentypen")
    def have_action(self, children):
        p = self._pred(I.RULES, children, verb="have")
        fs = p.objects
        if any(f.noun == "type" and f.quantifier in ("all", "each") for f in fs):
            # "hat alle Kreaturentypen", "hat jeden möglichen Kreaturentyp" (is every creature type)
            p.kind = I.CONTINUOUS
            p.mods = [type_rules.all_creature_types()]
        elif any(f.noun == "color" and f.quantifier == "all" for f in fs):
            # "hat alle Farben" is "is all colors" (CR 105.2): the colour is set (layer 5)
            p.kind = I.CONTINUOUS
            p.mods = [color_rules.all_colors()]
        elif any(f.noun == "color" and f.quantifier in ("that", "a", "number", None) and not f.colors for f in fs):
            # "haben diese Farbe", "hat … eine oder mehrere Farben, die du bestimmst": the colours chosen
            p.kind = I.CONTINUOUS
            p.mods = [color_rules.chosen()]
        elif (any(isinstance(m, Mod) and m.kind == "equal" for m in p.modifiers)
              or any("number_of" in f.extra for f in fs)) and \
                any(f.noun in ("power", "toughness", "stärke", "widerstandskraft", "power_toughness") for f in fs):
            p.kind = I.CONTINUOUS
            p.mods = [pt_rules.define()]
        elif "in_addition" in p.tags and fs:
            p.kind = I.CONTINUOUS
            chosen = any(f.noun == "type" and "chosen" in f.extra for f in fs)
            p.mods = [type_rules.change(["chosen"] if chosen else None, additive=True)]
        elif any(f.noun == "ability" for f in fs):
            # "hat alle aktivierten Fähigkeiten von …": abilities granted by reference (layer 6)
            p.kind = I.CONTINUOUS
            p.mods = [ability_rules.add(["all_abilities_of"])]
        elif p.subject is None and not fs:
            p.kind = "state"
        return p

    # replaces the base: "verliert alle Kreaturentypen" is a type removal
    def lose_abilities(self, children):
        items = next((c for c in children if isinstance(c, list)), [])
        if any(i == ("all_types",) for i in items):
            mods = [type_rules.lose_all()]
            if len(items) > 1:
                mods.append(ability_rules.remove(self._ability_values(
                    [i for i in items if i != ("all_types",)])))
        elif any(isinstance(i, Node) and i.name == "all_abilities" for i in items):
            mods = [ability_rules.remove_all()]
        else:
            mods = [ability_rules.remove(self._ability_values(items))]
        return self._pred(I.CONTINUOUS, children, mods, verb="lose")

    # replaces the base: "verliert … Fähigkeiten/Typen" named by a noun phrase
    def lose_action(self, children):
        p = self._pred(I.ONE_SHOT, children, verb="lose")
        ab = [f for f in p.objects if f.noun == "ability"]
        if ab:
            p.kind = I.CONTINUOUS
            p.subject = p.subject if p.subject is not ab[0] else None
            p.mods = [ability_rules.remove_all() if ab[0].quantifier == "all" else ability_rules.remove()]
        elif any(f.noun == "type" for f in p.objects):
            p.kind = I.CONTINUOUS
            p.mods = [type_rules.lose_all()]
        return p

    def _descriptor_mods(self, children, p: Pred, become=False) -> list[I.Modification]:
        mods = []
        add = "in_addition" in p.tags or "additional" in p.tags or "still" in p.tags
        colors = []
        supertypes = []
        for c in children:
            if isinstance(c, Node) and c.name == "adverb":
                word = " ".join(c.tokens())
                code = color_of(word)
                if code:
                    colors.append(code)
                elif _ADJ_END.sub("", word) in _SUPERTYPE_ADJ:
                    supertypes.append(_SUPERTYPE_ADJ[_ADJ_END.sub("", word)])   # "ist legendär" (CR 205.4)
            elif isinstance(c, Node) and c.name == "pp" and c.children and str(c.children[0]) in ("zu", "zur", "zum"):
                # "wird zu Weiß": the colour word as the object of "zu"
                colors += [code for x in c.children if isinstance(x, Node) and x.name == "color_adj"
                           for code in [color_of(" ".join(x.tokens()))] if code]
        nps = [f for f in p.objects if f.ref in ("object", "multiple")]
        zu = [x for c in children if isinstance(c, Node) and c.name == "pp" and c.children
              and str(c.children[0]) in ("zu", "zur", "zum") for x in c.children if isinstance(x, I.Filter)]
        # "… Kreaturen, die auch noch Länder sind": the new types are added to the old ones (not the colours)
        add_colors = add
        add = add or any(e.startswith("rel:") and "auch noch" in e for f in nps for e in f.extra)
        # "wird zu einer 3/3 Kreatur": the NP inside the "zu" phrase
        for c in children:
            if isinstance(c, Node) and c.name == "pp":
                prep = c.children[0] if c.children else None
                if prep is not None and str(prep) in ("zu", "zur", "zum"):
                    nps += [x for x in c.children if isinstance(x, I.Filter)]
        if become and zu:
            # "wird jeder Planeswalker … zu einer 4/4 roten Drache-Kreatur": what the object becomes is the
            # "zu" phrase, read before the (inverted) subject that stands among the objects
            nps = [f for f in nps if any(f is z for z in zu)] + [f for f in nps if not any(f is z for z in zu)]
        for f in nps:
            colors += [x for x in f.colors if x not in colors]
        if not colors and any(any(e.startswith("gen:") and "farbe" in e.split() for e in f.extra)
                              or (f.noun == "color" and not f.colors and f.quantifier == "a") for f in nps):
            # "wird zu einer Kreatur einer Farbe deiner Wahl", "ist eine Kreatur dieser Farbe": the colour chosen
            mods.append(color_rules.chosen(additive=add_colors))
        if colors:
            mods.append(color_rules.change(colors, additive=add_colors))
        if supertypes:
            mods.append(type_rules.change(supertypes, additive=True))
        if copy_rules.names_copy(nps):
            # "wird zu einer Kopie einer Kreatur deiner Wahl": the copied object's noun phrase stands
            # beside the copy's (a genitive without its determiner)
            return [copy_rules.become_copy()]

        if become and any(f.noun == "color" and not f.colors for f in zu):
            # "seine Farbe wird … zu einer Farbe deiner Wahl": the colour chosen, layer 5
            return [color_rules.chosen()]
        if become and any(f.noun == "type" and f.quantifier in ("that", "the") for f in zu):
            # "Jedes Land … wird … zu diesem Typ": the type chosen before, layer 4
            return [type_rules.chosen(add)]
        for f in nps:
            if not f.types and not f.subtypes and ((f.noun or "").endswith("kosten") or f.noun == "card"):
                continue    # "X sind die umgewandelten Manakosten der … Karte": a cost or a card is no type
            if f.types or f.subtypes or (f.noun and f.noun not in ("number", "power_toughness", "type", "color", "control")
                                         and f.quantifier in ("a", "no", None)):
                mods.append(type_rules.change(f.types + _compound_subtypes(f) + _noun_subtypes(f), additive=add,
                                              negated=f.quantifier == "no"))
                break
        for f in nps:
            if f.pt:
                mods.append(pt_rules.set_base(f.pt))
                break
        else:
            if _with_pt_value(nps):
                # "zu einer Artefaktkreatur mit Stärke und Widerstandskraft jeweils gleich / in Höhe
                # ihrer umgewandelten Manakosten": P/T set by a value (7b, or 7a as a CDA)
                mods.append(pt_rules.define())
        for f in nps:
            if f.with_abilities:
                mods.append(ability_rules.add(f.with_abilities))
                break
        return mods

    def _equal(self, p: Pred) -> bool:
        return any(m.kind == "equal" for m in p.modifiers)

    def be_pt(self, children):
        p = self._pred(I.CONTINUOUS, children, verb="be")
        pt = next((str(c) for c in children if isinstance(c, Token) and c.type == "PT"), None)
        # "sind 1/1 grüne Saproling-Kreaturen": the P/T before an article-less noun phrase, whose
        # colour and types are set too
        p.mods = [pt_rules.set_base(pt)] + [
            m for m in self._descriptor_mods(children, p) if m.characteristic != I.PT_SET]
        if p.subject is not None and p.subject.ref in ("object", "multiple"):
            # "ist diese Kreatur 3/1": the inverted subject is what is 3/1, not a type it becomes
            objects = p.objects
            p.objects = [f for f in objects if f is not p.subject]
            p.subject_mods = [pt_rules.set_base(pt)] + [
                m for m in self._descriptor_mods(children, p) if m.characteristic != I.PT_SET]
            p.objects = objects
        return p

    def be_action(self, children):
        p = self._pred(I.CONTINUOUS, children, verb="be")
        owner = _colour_owner(p, children)
        if owner is not None:
            # "Diese Farbe ist bis zum Ende des Zuges die Farbe der Regenbogenkrähe / einer beliebigen Anzahl
            # an Kreaturen": the chosen colour becomes the colour of that object (layer 5)
            p.mods = [color_rules.chosen()]
            p.subject = owner
            p.objects = []
            p.tags.add("own_subject")
            return p
        if self._equal(p) and not _with_pt_value([f for f in p.objects if f.types]):
            p.mods = [pt_rules.define()]
            p.tags.add("equal")
            return p
        if "tail" in p.surface and "neg" not in p.tags:
            p.kind = I.ONE_SHOT  # passive: "ist … zerstört worden"
            return p
        p.mods = self._descriptor_mods(children, p)
        if p.subject is not None and p.subject.ref in ("object", "multiple"):
            objects = p.objects
            p.objects = [f for f in objects if f is not p.subject]
            p.subject_mods = self._descriptor_mods(children, p)
            p.objects = objects
        kws = [c for c in children if isinstance(c, KeywordRef) or (isinstance(c, Token) and c.type == "KW")]
        if kws:
            from cardlint.lang.de.keywords import keyword_id

            kw_mod = ability_rules.add([k.name if isinstance(k, KeywordRef)
                                                         else (keyword_id(str(k))[0] or str(k)) for k in kws])
            p.mods.append(kw_mod)
            if p.subject_mods is not None:
                p.subject_mods.append(kw_mod)
        if "neg" in p.tags and not any(m.op == "remove" for m in p.mods):
            p.mods = [m for m in p.mods if m.characteristic == I.TYPES]
            for m in p.mods:
                m.op = "remove"
        if not p.mods and any(w in W.RULES_STATE_ADJ for w in _all_words(children)):
            # "ist unblockbar": a rule about the object, not a characteristic
            p.kind = I.RULES
            p.verb = next(W.RULES_STATE_ADJ[w] for w in _all_words(children) if w in W.RULES_STATE_ADJ)
            return p
        if not p.mods:
            p.kind = "state"
        return p

    def become_action(self, children):
        p = self._pred(I.CONTINUOUS, children, verb="become")
        tail = p.surface.get("tail")
        noun_types = _noun_facts(tail[3:])[0] if tail and tail.startswith("zu ") else ()
        if noun_types:
            # "werden … zu Artefaktkreaturen": the lexer reads "zu …en" at the end as an infinitive
            add = "in_addition" in p.tags or "additional" in p.tags
            p.mods = [type_rules.change(list(noun_types), additive=add)]
            return p
        if tail and not any(
                isinstance(c, Node) and c.name == "pp" and str(c.children[0]) in ("zu", "zur", "zum") for c in children):
            # "wird stattdessen einer anderen Kreatur zugefügt", "wird zerstört": a passive, no change of
            # characteristics (the noun phrases are its objects)
            p.kind = I.ONE_SHOT
            p.mods = []
            p.verb = W.english_lemma(lemma(tail.split()[0]))
            return p
        last = children[-1] if children else None
        if not tail and isinstance(last, Node) and last.name == "adverb" and _PARTICIPLE.match(" ".join(last.tokens())) \
                and any(isinstance(c, Node) and c.name == "pp" for c in children):
            # "werden stattdessen so viele plus eine +1/+1-Marken auf ihn gelegt": the participle after a
            # prepositional object ends a passive (the lexer reads it as an adverb), no change of type
            p.kind, p.mods = I.ONE_SHOT, []
            p.verb = W.english_lemma(lemma(" ".join(last.tokens())))
            return p
        p.mods = self._descriptor_mods(children, p, become=True)
        if not p.mods:
            if tail:
                p.kind = I.ONE_SHOT
                p.verb = W.english_lemma(lemma(tail.split()[0]))
            else:
                p.kind = I.ONE_SHOT
        return p

    # replaces the base: "kommt getappt / als Kopie / verdeckt ins Spiel" read from German words
    def enter_action(self, children):
        p = self._pred(I.ONE_SHOT, children, verb="enter")
        words = _all_words(children)
        tapped = any(w.startswith("getappt") for w in words)
        with_counters = "mit" in words and any("marke" in w for w in words)
        copy = any(f.noun == "copy" for f in p.objects) or "kopie" in words
        face_down = "verdeckt" in words
        if tapped:
            p.tags.add("enters_tapped")
        if with_counters:
            p.tags.add("enters_with")
        if copy:
            p.tags.add("copy_enter")
            p.mods = [copy_rules.become_copy()]
        if face_down:
            p.tags.add("enters_with")
            p.mods = [face_down_rules.turn_face_down()]
        return p

    def modal_action(self, children):
        p = self._pred(I.ONE_SHOT, children, verb="can")
        tail = p.surface.get("tail", "")
        inf = tail.split()[0] if tail else ""
        lem = lemma(inf) if inf else ""
        modal = lemma(p.verb_form)
        if tail.startswith("weder "):
            p.tags.add("neg")            # "kann … weder haben noch erhalten"
        if "only" in p.tags and lem in ("ausgeben", "aus+geben", "verwenden") and "neg" not in p.tags \
                and any(f.noun == "mana" for f in p.objects):
            # "Du kannst dabei nur weißes Mana ausgeben" (spend only white mana this way): how the cost is
            # paid, as the English "spend" reads — no rule of its own
            p.verb = "spend"
            return p
        if "neg" in p.tags or "only" in p.tags or modal == "müssen" or "as_though" in p.tags:
            p.kind = I.RULES
            p.verb = "cant" if "neg" in p.tags else W.english_lemma(modal)
            if {lemma(w) for w in tail.split()} & {"haben", "erhalten"} and "neg" in p.tags:
                p.tags.add("cant_have")     # "kann Erstschlag weder haben noch erhalten"
            self._passive_agents(p, children, tail)
            return p
        words = _all_words(children)
        tail_verbs = {lemma(w) for w in tail.split()}
        if "lassen" in tail_verbs and "werden" in tail_verbs:
            become = self._causative_become(p, children)
            if become is not None:
                return become
        if ("kopie" in words or "copy" in words) and ("kommen" in tail or (
                "bringen" in tail_verbs and any(isinstance(c, Node) and c.name == "zone_battlefield" for c in children))):
            # "… als Kopie … ins Spiel kommen" / "kannst du ~ als Kopie … ins Spiel bringen": enters as a copy
            p.kind = I.CONTINUOUS
            p.tags.add("copy_enter")
            p.mods = [copy_rules.become_copy()]
            return p
        if lem in ("blocken", "angreifen", "an+greifen"):
            p.kind = I.RULES
            return p
        # "~ kann … " with an object as subject is a permission/restriction; "du kannst …" an action
        p.tags.add("modal_may")
        p.verb = W.english_lemma(lem) if lem else "may"
        if lem == "bezahlen" and (p.subject.ref == "it" if p.subject is not None else
                                  bool(p.objects) and p.objects[0].ref == "it"):
            # "Immer wenn ein Gegner …, kann er {2} bezahlen": who pays is a player ("that player may pay")
            payer = I.Filter(ref="player", quantifier="that", noun="player")
            if p.subject is not None:
                p.subject = payer
                p.tags.add("own_subject")
            p.objects = [payer if f.ref == "it" else f for f in p.objects[:1]] + p.objects[1:]
        if "lassen" in tail_verbs and lem != "lassen" and p.kind == I.ONE_SHOT:
            # "kannst du einen Gegner deiner Wahl 1 Lebenspunkt verlieren lassen" (you may have target
            # opponent lose 1 life): the one who acts is the first noun phrase after "du"
            actor = next((f for f in p.objects if f.ref != "you"), None)
            if actor is not None and actor.ref == "player":
                p.subject = actor
                p.tags.add("own_subject")
                p.objects = [f for f in p.objects if f.ref != "you"]
        self._verb_kind(p, lem, children)
        self._counter_objects(p, children)
        self._folded_control(p, children)
        return p

    def _causative_become(self, p: Pred, children) -> Pred | None:
        """"kannst du ~ bis zum Ende des Zuges zu einer 3/3 Kreatur werden lassen" ("you may have ~
        become …"): the first noun phrase becomes what the "zu" phrase names."""
        target = next((f for f in p.objects if f.ref != "you"), None)
        if any(f.ref == "you" and "of:self" in f.extra for f in p.objects) or any(
                isinstance(c, Node) and c.name == "at_time" and any(
                    isinstance(x, I.Filter) and "of:self" in x.extra for x in c.children) for c in children):
            # "kannst du (zu Beginn deines Versorgungssegments) ~ zu einer Kopie … werden lassen": the
            # card's name after "du" or the time phrase reads as its genitive, but is what becomes the copy
            target = I.Filter(ref="self")
        elif target is None and any("of:self" in f.extra for f in p.objects):
            target = I.Filter(ref="self")    # "kannst du ~ …": the card's name after "du" reads as its genitive
        if target is None:
            return None
        objects = p.objects
        p.objects = [f for f in objects if f is not target]
        mods = self._descriptor_mods(children, p, become=True)
        p.objects = objects
        if not mods:
            return None
        p.kind, p.mods, p.verb = I.CONTINUOUS, mods, "become"
        p.subject = target
        p.tags.add("own_subject")
        return p

    def modal_gain(self, children):
        # "du kannst X +2/+0 erhalten lassen": a causative — X gets the bonus, not the player
        pt = next(str(c) for c in children if isinstance(c, Token) and c.type == "PT")
        mods = [pt_rules.modify(pt)]
        kws = [c for c in children if isinstance(c, KeywordRef)]
        if kws:
            mods.append(ability_rules.add(self._ability_values(kws)))
        p = self._pred(I.CONTINUOUS, children, mods, verb="get")
        target = next((f for f in p.objects if f.ref != "you"), None)
        if target is not None:
            p.subject = target
            p.tags.add("own_subject")
        return p

    def _folded_control(self, p: Pred, children) -> None:
        """"Enttappe eine Kreatur …, die ein Gegner kontrolliert, und übernimm … die Kontrolle über sie",
        "kannst du eine Kreatur enttappen und … die Kontrolle über sie übernehmen": the grammar reads the
        second verb into a relative clause or the first verb's tail; it gains control (layer 2)."""
        if p.verb == "gain_control" or not any(f.noun == "control" for f in p.objects):
            return
        tails = [lemma(w) for c in children if isinstance(c, Node) and c.name == "verb_tail" for w in c.tokens()]
        rel = [lemma(w) for f in p.objects for e in f.extra if e.startswith("rel:") for w in e[4:].split()]
        if not {"übernehmen", "übernimm"} & set(tails + rel):
            return
        target = next((f for f in p.objects if f.noun != "control" and f.ref != "you"), None)
        ctrl = Pred(I.CONTINUOUS, [control_rules.gain()], verb="gain_control",
                      objects=[target] if target is not None else [], duration=p.duration)
        p.also.append(ctrl)

    def _verb_kind(self, p: Pred, lem: str, children):
        words = _all_words(children)
        objs = p.objects
        if lem == "verhindern":
            p.kind = I.PREVENTION
        elif lem in ("überspringen", "übergehen"):
            p.kind = I.REPLACEMENT
        elif lem == "kosten":
            p.kind = I.RULES
            p.verb = "cost"
        elif lem in ("übernehmen", "erlangen", "behalten") and any(f.noun == "control" for f in objs):
            p.kind = I.CONTINUOUS
            p.mods = [control_rules.gain()]
            p.verb = "gain_control"
            controlled = [f for f in objs if f.noun != "control" and f.ref not in ("player", "you")] or [
                x for c in children if isinstance(c, Node) and c.name == "pp" and c.children
                and str(c.children[0]) == "über" for x in c.children if isinstance(x, I.Filter)]
            if not controlled and "darüber" in words:
                controlled = [I.Filter(ref="it")]   # "übernimmt ein Gegner die Kontrolle darüber" (of it)
            if controlled and objs and objs[0].ref == "player":
                # "übernimmt ein Gegner die Kontrolle über …": the inverted subject is the new controller,
                # the affected object is what "über" names (as "an opponent gains control of it")
                p.objects = controlled
        elif lem in ("tauschen", "vertauschen", "aus+tauschen") and any(f.noun == "control" for f in objs):
            p.kind = I.CONTINUOUS
            p.mods = [control_rules.exchange()]
            p.verb = "exchange_control"
        elif lem in ("tauschen", "vertauschen", "aus+tauschen") and any(
                f.noun in ("stärke", "widerstandskraft", "power_toughness") for f in objs):
            p.kind = I.CONTINUOUS
            p.mods = [pt_rules.switch()]
            p.verb = "switch"
            p.subject = None
        elif lem in ("verändern", "ändern") and any(f.noun == "text" for f in objs):
            p.kind = I.CONTINUOUS
            p.mods = [text_rules.change_text()]
        elif lem in ("manifestieren", "verdecken") or (lem in ("drehen", "um+drehen") and "verdeckt" in words):
            # "verdecke X" = "turn X face down" (CR 708.2: a face-down permanent's characteristics, layer 1b)
            p.kind = I.CONTINUOUS
            p.mods = [face_down_rules.turn_face_down()]
        elif lem == "kontrollieren" and "neg" not in p.tags:
            p.tags.add("control_state")
        elif lem == "wechseln" and any(isinstance(c, Node) and c.name == "pp" and c.children and str(c.children[0]) == "zu"
                                       and any(isinstance(x, I.Filter) and x.noun == "color" for x in c.children)
                                       for c in children):
            # "… wechselt bis zum Ende des Zuges zu einer Farbe, die du bestimmst": becomes that colour (layer 5)
            p.kind = I.CONTINUOUS
            p.mods = [color_rules.chosen()]
        elif lem in ("bestimmen", "wählen") and self._color_holder is not None \
                and any("color_held" in f.extra for f in objs):
            # "bestimme die Farbe oder Farben, die X bis zum Ende des Zuges hat" = "X becomes the color or colors
            # of your choice until end of turn" (a colour-setting effect, layer 5), not a choice of a colour X has
            holder, duration = self._color_holder
            p.kind = I.CONTINUOUS
            p.mods = [color_rules.chosen()]
            p.verb = "become"
            p.objects = [holder]
            p.subject = holder
            p.tags.add("own_subject")
            p.duration = duration
        elif lem == "bringen" and any(f.token or f.noun == "token" for f in objs) and any(
                isinstance(c, Node) and c.name == "zone_battlefield" for c in children):
            # "Bringe einen 1/1 … Kreaturenspielstein ins Spiel" (before 2012): a token is created (CR 111.2)
            p.verb = "create"

    # replaces the base: German verbs: lemmas, separable particles, negation
    def _passive_agents(self, p: Pred, children, tail: str) -> None:
        """h19: "kann von roten Kreaturen nicht geblockt werden" (can't be blocked by red creatures): the agent of
        the passive ("von" + noun phrase) is an object of the restriction, as in the other languages."""
        if "werden" not in tail.split():
            return
        for c in children:
            if isinstance(c, Node) and c.name == "pp" and c.children and str(c.children[0]) == "von":
                p.objects.extend(f for f in c.children if isinstance(f, I.Filter))

    def _counter_objects(self, p: Pred, children) -> None:
        """h19: "lege eine +1/+1-Marke auf jede Kreatur, die du kontrollierst", "bewege … Marken von anderen
        bleibenden Karten …": the objects the counters go on or come from are objects of the action too.
        "erzeuge entsprechend viele 2/2 schwarze Zombie-Kreaturenspielsteine": the parse reads "entsprechend"
        (that many) as a preposition; its noun phrase is the action's object."""
        for c in children:
            if isinstance(c, Node) and c.name == "pp" and c.children and str(c.children[0]) == "entsprechend":
                p.objects.extend(f for f in c.children if isinstance(f, I.Filter))
        if not any((f.noun or "").endswith(("marke", "marken")) for f in p.objects):
            return
        for c in children:
            if isinstance(c, Node) and c.name == "pp":
                p.objects.extend(f for f in c.children if isinstance(f, I.Filter))

    def action(self, children):
        p = self._pred(I.ONE_SHOT, children)
        finite = p.verb_form
        lem = lemma(finite)
        particle = p.surface.get("tail")
        if particle and (particle, lem) in W.SEPARABLE:
            lem = particle + "+" + lem
        p.verb = W.english_lemma(lem)
        if finite.startswith("neutralisier"):
            p.verb = "counter"
        if lem in ("entsprechen", "betragen"):
            p.tags.add("equal_verb")
        supers = [_SUPERTYPE_ADJ[_ADJ_END.sub("", w)] for w in _all_words(children)
                  if _ADJ_END.sub("", w) in _SUPERTYPE_ADJ]
        if lem == "gelten" and "als" in _all_words(children) and supers:
            # "Bleibende Karten mit Eismarken gelten als verschneit" (are snow): a supertype, layer 4
            p.kind = I.CONTINUOUS
            p.mods = [type_rules.change(supers, additive=True)]
            p.verb = "be"
            return p
        kept = [t for f in p.objects if f.ref == "object" and f.quantifier == "a" for t in f.types]
        if lem == "bleiben" and kept and not any(f.zone for f in p.objects):
            # "Sie bleibt zusätzlich eine Verzauberung" (it's still an enchantment): the type stays, layer 4
            p.kind = I.CONTINUOUS
            p.mods = [type_rules.change(kept, additive=True)]
            p.verb = "be"
            return p
        act = next((c for c in children if isinstance(c, Node) and c.name == "kw_action_obj"), None)
        if act is not None:   # "wende Hellsicht 2 an", "mache Hellsicht 1": the keyword action itself
            word = str(act.children[0])
            p.verb = W.KEYWORD_ACTIONS.get(word, word)
        self._verb_kind(p, lem, children)
        self._counter_objects(p, children)
        self._folded_control(p, children)
        if p.verb == "clash" and p.objects and p.objects[0].ref == "you" and any("gegner" in x for x in p.objects[0].extra):
            # "Befehde dich mit einem Gegner": the reflexive "dich" is the player who clashes; the one
            # clashed with is the opponent of the "mit" phrase (CR 701.23)
            p.objects = [I.Filter(ref="player", quantifier="a", controller="opponent", noun="opponent")]
        if p.kind == I.ONE_SHOT and "verdeckt" in _all_words(children) and face_down_rules.enters_face_down(
                ["battlefield" for c in children if isinstance(c, Node) and c.name == "zone_battlefield"]):
            # "bringe ihn verdeckt ins Spiel zurück": the permanent enters face down (layer 1b)
            p.also.append(Pred(I.CONTINUOUS, [face_down_rules.turn_face_down()], verb="face_down",
                               objects=list(p.objects[:1])))
        if p.verb == "double" and p.objects and _is_pt_noun(p.objects[0]):
            # "verdopple die Stärke jeder anderen Kreatur" / "verdopple seine Stärke und Widerstandskraft": doubling
            # P/T gives +X/+Y, layer 7c (CR 701.10a–b), on the creature whose power it is
            pt, rest = p.objects[0], p.objects[1:]
            owner = rest[0] if rest else (I.Filter(ref="it") if "of:it" in pt.extra else None)
            p.kind = I.CONTINUOUS
            p.mods = [pt_rules.double()]
            p.objects = [owner] if owner is not None else []
        kws = [c for c in children if isinstance(c, Token) and c.type == "KW"]
        if lem == "verursachen" and kws:
            # older wording: "verursacht Trampelschaden" (has trample)
            from cardlint.lang.de.keywords import keyword_id

            p.kind = I.CONTINUOUS
            p.mods = [ability_rules.add([keyword_id(str(k))[0] or str(k) for k in kws])]
            p.verb = "have"
            if len(children) == 2:
                p.tags.add("bare_kw")    # "Verursachen Trampelschaden": the keyword line itself
        if p.kind == I.ONE_SHOT and "neg" in p.tags and not is_imperative(finite):
            p.kind = I.RULES
        if lem in ("benutzen", "aktivieren", "spielen") and "only" in p.tags and any(f.noun == "ability" for f in p.objects):
            p.kind = "state"   # "Benutze diese Fähigkeit nur einmal pro Zug": a restriction on activating
        return p

    # ------------------------------------------------------------------ middle-field items
    def equal_value(self, children):
        # h19: "gleich der Anzahl …" says a count (read by counted_by_x)
        return Mod("equal", "count" if any(f.noun == "number" for f in named_objects(children)) else None)

    def counted_by_x(self, children) -> I.Filter | None:
        """h19: "wobei X gleich der Anzahl der angreifenden Kreaturen ist, die du kontrollierst": the noun phrase
        after "gleich der Anzahl", with the relative clause the parse put after the verb."""
        body = next((c for c in children if isinstance(c, Node) and c.name == "sub_body"), None)
        items = body.children if body is not None else []
        at = next((k for k, c in enumerate(items) if isinstance(c, Mod) and c.kind == "equal" and c.value == "count"),
                  None)
        if at is None:
            return None
        f = next((c for c in items[at + 1:] if isinstance(c, I.Filter)), None)
        if f is not None:
            for c in items[at + 1:]:
                if isinstance(c, Node) and c.name == "relative":
                    self.read_postmodifier(f, c)
        return f

    def in_addition(self, children):
        return Node("in_addition", [])

    def at_time(self, children):
        return Node("at_time", children)

    # replaces the base: "sowie" is "as ~ enters" only with "ins Spiel"
    def as_enters(self, children):
        # "sowie ~ ins Spiel kommt" (as it enters: CR 614.12); "sowie er angreift" is only a time
        if any("spiel" in w for w in surface_words(children)):
            return Mod("as_enters")
        return Mod("condition", I.Condition("as", " ".join(surface_words(children))))

    def lead_adverb(self, children):
        w = str(children[0])
        if w == "stattdessen":
            return Mod("instead")
        return Node("lead_adverb", children)

    def sub_suffix(self, children):
        # "…, bis Gaeas Vasall das Spiel verlässt": a duration until an event (CR 611.2b)
        if any(isinstance(c, Token) and c.type in ("OTHER_SUB", "COMMA_SUB") and str(c).lstrip(", ").strip() == "bis"
               for c in children):
            return self.duration_mod("until_event")
        return Node("sub_suffix", children)

    def suffix_lead(self, children):
        return next((c for c in children if isinstance(c, Mod)), Node("suffix_lead", children))

    def if_cond(self, children):
        mod = super().if_cond(children)
        if _has_node(children, "at_time"):
            return Mod("condition_at_time", mod.value)
        return mod

    def reflexive_when(self, children):
        return Mod("condition", I.Condition("if", "wenn du dies tust"))

    def after_cond(self, children):
        return self.condition_mod("after", children)

    def amount(self, f):
        # replaces the base reading: a German bare number phrase is still a count of its noun phrase
        return I.Value(kind="count" if f is not None else "other", of=f)

    def value(self, children):
        return children[0]

    # ------------------------------------------------------------------ statements
    # replaces the base: German coordination (verb-first conditions, shared final durations)
    def predicates(self, children):
        out = []
        pending = None
        first_sep = None
        for c in children:
            if isinstance(c, Node) and c.name == "pcoord" and len(out) == 1 and first_sep is None:
                first_sep = next((t.type for t in c.children if isinstance(t, Token)), None)
            if isinstance(c, I.Filter):
                pending = c          # "…, und du erhältst …": the next predicate's own subject
            elif isinstance(c, Pred):
                if pending is not None and isinstance(c, Pred):
                    c.subject = pending
                    c.tags.add("own_subject")
                    pending = None
                elif out and self._modal_infinitive(out[-1], c):
                    continue         # "kann nicht angreifen oder blocken": one restriction
                elif out and "cant_have" in c.tags and any(
                        m.characteristic == I.ABILITIES and m.op.startswith("remove") for m in out[-1].mods):
                    continue         # "verliert X und kann X weder haben noch erhalten": one layer-6 effect
                out.append(c)
                out.extend(c.also)
        if len(out) >= 2 and first_sep == "COMMA_V" and isinstance(out[0], Pred) and out[0].verb_form \
                and not is_imperative(out[0].verb_form) and "modal_may" not in out[0].tags:
            # "Ist es ein Land, erhält …", "Kontrollierst du vier oder weniger Länder, durchsuche …": a
            # finite verb first, then a comma, is a conditional clause (verb-first "if"), unless a
            # prefix or trigger stands before it (then the verb is second) — see statement() and body()
            out[0].tags.add("v1_candidate")
            if out[0].kind == "state" and "at_time" in out[0].tags:
                # "Ist zu Beginn deines Versorgungssegments ~ im Spiel, bringen …": the verb-first condition
                # states nothing of its own but holds the trigger time (an intervening "if", CR 603.4)
                for p in out[1:]:
                    p.tags.add("at_time")
        # coordinated predicates share the first one's inverted subject ("…, erhält jede Kreatur … +2/+2,
        # verursacht Trampelschaden und ist … ein Werwolf"): the noun phrase after a later finite verb is
        # its object, not a subject of its own
        head = out[0] if out and isinstance(out[0], Pred) else None
        if head is not None and head.subject is not None:
            for p in out[1:]:
                if isinstance(p, Pred) and "own_subject" not in p.tags and p.subject is not head.subject \
                        and not _second_person(p):
                    p.subject, p.subject_mods = head.subject, None
        # German puts a duration shared by coordinated predicates at the end of the last one
        # ("erhält +3/-3 und verliert alle Kreaturentypen bis zum Ende des Zuges")
        last = out[-1].duration if out else None
        if last:
            for p in out[:-1]:
                if p.duration is None and p.kind == I.CONTINUOUS and "own_subject" not in p.tags:
                    p.duration = last
        # … or in the middle field of the first ("erhält bis zum Ende des Zuges +2/+2, verursacht
        # Trampelschaden und ist zusätzlich ein Werwolf"): the later ones share it
        first = out[0].duration if out and isinstance(out[0], Pred) and out[0].kind == I.CONTINUOUS else None
        if first:
            for p in out[1:]:
                if p.duration is None and p.kind == I.CONTINUOUS and "own_subject" not in p.tags:
                    p.duration = first
        return out

    @staticmethod
    def _modal_infinitive(prev, p) -> bool:
        """p is a bare infinitive coordinated with the modal verb before it."""
        if not (isinstance(prev, Pred) and isinstance(p, Pred)) or not p.verb_form:
            return False
        return lemma(prev.verb_form) in ("können", "dürfen", "müssen") and prev.kind == I.RULES \
            and p.verb_form.endswith("en") and lemma(p.verb_form) == p.verb_form and not p.objects

    def pt_shorthand(self, children):
        # old wording "{1}: +0/+1 bis zum Ende des Zuges" (the permanent itself gets +0/+1)
        pt = str(children[0])
        if pt[0] in "+-":
            mod = pt_rules.modify(pt)
        else:  # a leveler's P/T box ("STUFE 4+ / 4/4"): the base P/T at that level (CR 711.2b)
            mod = pt_rules.set_base(pt)
        p = Pred(I.CONTINUOUS, [mod], verb="get")
        p.subject = I.Filter(ref="self")
        for c in children:
            if isinstance(c, Mod) and c.kind == "duration":
                p.duration = c.value
        return ("effects", self.statement_effects(None, [p], False))

    def regeneration(self, children):
        return Pred(I.ONE_SHOT, verb="regenerate")

    def kw_action(self, children):
        return Pred(I.ONE_SHOT, verb=W.KEYWORD_ACTIONS.get(str(children[0]), str(children[0])))

    def if_able(self, children):
        return Node("if_able", [])

    def refine_predicate(self, p: Pred, affected: I.Filter | None, before: list[I.Effect]):
        """German readings that need the affected object ("Die Stärke von ~ ist gleich …", "Der
        Kreaturentyp … wird zu diesem Typ"); the base has none, so this adds rather than replaces."""
        if p.verb == "count_as" and affected is not None and affected.ref == "it" and not p.objects:
            return NO_EFFECT    # "Dies gilt auch bei Gleichstand.": extends the sentence before, no effect of its own
        if "control_state" in p.tags and "v1_condition" in p.tags:
            return NO_EFFECT    # "Kontrollierst du …, …": the condition of the sentence, no effect of its own
        if p.verb == "be" and affected is not None and _is_pt_noun(affected) and \
                any("number_of" in f.extra for f in p.objects):
            # "Die Stärke von ~ ist 1 plus der Anzahl …": P/T defined by a count, as "ist gleich …"
            p.kind = I.CONTINUOUS
            p.mods = [pt_rules.define()]
            p.tags.add("equal")
        if "equal_verb" in p.tags and affected is not None and \
                affected.noun in ("stärke", "widerstandskraft", "power_toughness", "power", "toughness"):
            # "Stärke und Widerstandskraft von ~ entsprechen/betragen …": the same P/T definition as "sind gleich"
            p.kind = I.CONTINUOUS
            p.mods = [pt_rules.define()]
            p.tags.add("equal")
        if "equal" in p.tags and affected is not None and affected.ref not in ("multiple", "self") and \
                affected.noun not in ("stärke", "widerstandskraft", "power_toughness", "power", "toughness", "number"):
            if "kosten" in (affected.noun or ""):
                return NO_EFFECT    # "Die Wahnsinn-Kosten sind gleich ihrer Manakosten": a keyword's cost, no effect
            p.kind, p.mods = I.ONE_SHOT, []   # "Die Lebenspunktzahl jedes Spielers ist gleich …" (CR 119.5)
            p.tags.discard("equal")
        if "equal" in p.tags and affected is not None and affected.ref == "multiple" or \
                "equal" in p.tags and affected is not None and "of:self" in affected.extra:
            if "of:self" in affected.extra:
                affected = I.Filter(ref="self")
        elif "equal" in p.tags and affected is not None and affected.noun in ("stärke", "widerstandskraft") \
                and "of:self" in affected.extra:
            affected = I.Filter(ref="self")
        elif "equal" in p.tags and affected is not None and _is_pt_noun(affected) and "of:it" in affected.extra \
                and before and before[-1].affected is not None and before[-1].affected.is_self:
            # "Die Stärke des ~ ist gleich …, und seine Widerstandskraft ist gleich …": "seine" is ~
            affected = I.Filter(ref="self")
        if p.verb in ("become", "be") and type_rules.restates_own_type(p.mods, affected):
            # "Eine Kreatur … wird zu einer blauen Kreatur": the noun only carries the colour
            p.mods = [m for m in p.mods if m.characteristic != I.TYPES]
        char = next((x[5:] for x in (affected.extra if affected is not None else []) if x.startswith("char:")), None)
        if char and p.verb in ("become", "be") and not p.mods:
            # "Der Kreaturentyp … wird zu diesem Typ", "Die Farbe … wird weiß": layer 4 / layer 5
            codes = [color_of(w) for w in _all_words(p.objects) if color_of(w)]
            p.mods = [type_rules.change(None) if char == "type" else color_rules.change(codes)]
            p.kind = I.CONTINUOUS
        return affected

    def statement_facts(self, children):
        # extends the base: "anstatt die Manakosten … zu bezahlen" is "rather than pay its mana cost"
        st = super().statement_facts(children)
        # "Falls du dies tust, ist diese Kreatur 3/1 …, solange eine Feder-Marke auf ihr liegt": the
        # "solange" condition bounds the effect (as the English "if you do, … as long as …" reads)
        st.mods.sort(key=lambda m: not (m.kind == "condition" and getattr(m.value, "kind", None) == "as_long_as"))
        st.alternative_cost = st.alternative_cost or any(
            isinstance(c, Node) and c.name == "purpose" and _ALT_COST.match(" ".join(c.tokens())) for c in children)
        return st

    def triggered_sentence(self, children):
        # "Sobald eine blaue Quelle dir Schaden zufügen würde, verhindere …", "Wenn Du die Bonuskosten
        # bezahlt hast, kommt ~ mit … ins Spiel": a "would" or a completed past names no event — the
        # clause is a condition (if) of a static ability, not a trigger (CR 603.1, 614.1)
        trig = next((c for c in children if isinstance(c, Node) and c.name == "trigger_event"), None)
        effects = self._pass_effects(children)[1]
        # "Immer wenn eine Kreatur … gelegt würde, kannst du {X} bezahlen" (a mistranslated trigger): a
        # "würde" head is a condition only where the effect replaces or prevents (CR 614.1a, 615)
        if trig is not None and _conditional_trigger(trig.tokens()) and (
                not _WOULD & {str(w) for w in trig.tokens()}
                or any(e.kind in (I.REPLACEMENT, I.PREVENTION) or "instead" in (e.note or "") for e in effects)):
            for e in effects:
                if e.condition is None:
                    e.condition = I.Condition("if", " ".join(trig.tokens()))
            return ("effects", effects)
        return super().triggered_sentence(children)

    def purpose(self, children):
        # "schicke ihn ins Exil, anstatt ihn auf den Friedhof … zu legen": the action replaces the one
        # the "anstatt" phrase names (CR 614.1a), as "instead of putting it into …"; "anstatt die
        # Manakosten zu bezahlen" is an alternative cost (statement_facts)
        text = " ".join(str(c) for c in children if isinstance(c, Token))
        if text.startswith(("anstatt ", "statt ")) and not _ALT_COST.match(text):
            return Mod("instead")
        return Node("purpose", children)

    def statement(self, children):
        # a relative clause moved behind the verb (Nachfeld: "Schicke eine Kreatur ins Exil, die ein
        # Gegner kontrolliert") belongs to the last noun phrase of the middle field
        moved = [c for c in children if isinstance(c, Node) and c.name == "extraposed"]
        # "Falls du zu Beginn deines Versorgungssegments … hast, …": a trigger time inside the "falls"
        # clause — the older German wording of "At the beginning of …, if …" (an intervening-if
        # trigger, CR 603.4), not a static condition
        at_time = _retag_at_time(children)
        fronted = False     # something before the core: its first finite verb is verb-second
        for c in children:
            if isinstance(c, tuple) and c[0] == "effects":
                break
            fronted = True
        children = [c for c in children if not (isinstance(c, Node) and c.name == "extraposed")]
        out = super().statement(children)
        effects = out[1]
        if fronted:
            for e in effects:
                _untag(e, "v1_condition")
        if at_time:
            for e in effects:
                e.note = ",".join(filter(None, [e.note, "at_time"]))
        for node in moved:
            rel = next((c for c in node.children if isinstance(c, Node)), None)
            effect = out[1][-1] if out[1] else None
            target = None
            if effect is not None:
                target = effect.objects[-1] if effect.objects else effect.affected
            if rel is not None and target is not None:
                self.read_postmodifier(target, rel)
        return out

    # replaces the base: a subject before the verb makes it verb-second (no v1 condition)
    def subject_statement(self, children):
        subject = next((c for c in children if isinstance(c, I.Filter)), None)
        preds = next((c for c in children if isinstance(c, list)), [])
        for p in preds:
            p.tags.discard("v1_candidate")     # a subject before the verb: verb second
        return ("effects", self.statement_effects(subject, preds, False))

    # replaces the base: a verb-first sentence may be a condition (v1) or have an inverted subject
    def imperative_statement(self, children):
        preds = next((c for c in children if isinstance(c, list)), [])
        for p in preds:
            if "v1_candidate" in p.tags:
                p.tags.discard("v1_candidate")
                p.tags.add("v1_condition")
        # not imperative=True: a German verb-first statement may have an inverted subject, which its
        # predicates read themselves (Predicate.subject); the first object of "Verändere den Text …"
        # is the characteristic, not the object that changes
        return ("effects", self.statement_effects(None, preds, False))

    def body(self, children):
        children = _v1_conditions(children)
        out = super().body(children)
        # "Lege zu Beginn deines Versorgungssegments …": a verb-first sentence whose middle field
        # holds the trigger time ("zu Beginn …", "am Ende …") is a triggered ability
        first = children[0] if children else None
        if out[1] == "statement" and isinstance(first, tuple) and first[0] == "effects" and first[1] and \
                first[1][0].note and "at_time" in first[1][0].note.split(","):
            out = ("body", "triggered", out[2], "at_time") + tuple(out[4:])
        elif out[1] == "statement" and isinstance(first, tuple) and first[0] == "effects" and first[1] and \
                first[1][0].condition is not None and first[1][0].condition.text.startswith(", wenn") and \
                not all(e.kind in (I.RULES, I.CONTINUOUS) and e.duration is None for e in out[2]):
            # "Opfere eine Kreatur, wenn ~ ins Spiel kommt": a trailing "wenn" clause is the trigger; after a
            # lasting rule or characteristic ("~ ist unblockbar, wenn der verteidigende Spieler …") it is "if"
            for e in first[1]:
                e.condition = None
            out = ("body", "triggered", out[2], "wenn") + tuple(out[4:])
        return out

    def level_bar(self, children):
        return ("keyword_line", [KeywordRef("level_up", str(children[0]))])

    def trigger_time(self, children):
        return Node("trigger_time", children)

    def choose_head(self, children):
        return Node("choose_head", children)

    def action_cost(self, children):
        return Node("action_cost", children)

    # hdecov: "Du kannst bestimmen, ~ während deines Enttappsegments nicht zu enttappen" (CR 502.3)
    def may_skip_untap(self, children):
        return ("effects", self.statement_effects(None, [self._rules("may_skip_untap")], False))

    # hdecov: "…, und (auch) nur einmal pro Zug": a further limit of the restriction the sentence states
    # (its words say when the ability may be activated; no effect of their own)
    def restriction_also(self, children):
        return Node("restriction_also", [])


def _stated_holder(node: Node) -> tuple[I.Filter, str] | None:
    """The subject of a relative clause "…, die <subject> <duration> hat" and the duration, when the clause
    states one (without a duration it describes the colours the subject has: Meteor Crater's "eine Farbe,
    die eine bleibende Karte, die du kontrollierst, hat")."""
    filters, duration = [], None
    stack = list(node.children)
    while stack:
        c = stack.pop(0)
        if isinstance(c, Mod) and c.kind == "duration":
            duration = c.value
        elif isinstance(c, I.Filter):
            filters.append(c)
        elif isinstance(c, Node):
            stack[:0] = c.children
    held = [f for f in filters if f.ref not in ("you",)]
    if duration is None or len(held) != 1:
        return None
    return held[0], duration


def _relative_keywords(node: Node) -> list[str]:
    """The keywords of a relative clause that says the noun has them ("…, die Trampelschaden verursacht",
    "…, die Flugfähigkeit hat")."""
    toks = []
    stack = list(node.children)
    while stack:
        c = stack.pop(0)
        if isinstance(c, Token):
            toks.append(c)
        elif isinstance(c, Node):
            stack[:0] = c.children
    if not toks or str(toks[-1]) not in ("verursacht", "verursachen", "hat", "haben"):
        return []
    from cardlint.lang.de.keywords import keyword_id

    return [keyword_id(str(t))[0] or str(t) for t in toks if t.type == "KW"]


def _with_pt_value(nps: list[I.Filter]) -> bool:
    """"… mit Stärke und Widerstandskraft (jeweils gleich …)": a noun phrase that has P/T set by a value."""
    return any(not f.pt and any(e.startswith("mit ") and "power_toughness" in e.split() for e in f.extra) for f in nps)


def _is_pt_noun(f: I.Filter) -> bool:
    """"Stärke", "Widerstandskraft", "Stärke und Widerstandskraft": the characteristic, not an object."""
    return f.noun in ("power_toughness", "stärke", "widerstandskraft") or (
        f.noun is None and bool({"stärke", "widerstandskraft"} & set(f.extra)))


def _colour_owner(p: Pred, children) -> I.Filter | None:
    """The object whose colour "die Farbe …" names after "ist" (its genitive: "der Regenbogenkrähe",
    "einer beliebigen Anzahl an Kreaturen …"), or None."""
    colour = next((f for f in p.objects if f.noun == "color" and f.quantifier == "the"), None)
    if colour is None or not (p.subject is not None and p.subject.noun == "color"):
        return None
    if "of:self" in colour.extra:
        return I.Filter(ref="self")
    after = p.objects[p.objects.index(colour) + 1:]
    if after and after[0].noun == "anzahl":
        pp = next((x for c in children if isinstance(c, Node) and c.name == "pp" and str(c.children[0]) == "an"
                   for x in c.children if isinstance(x, I.Filter)), None)
        return pp
    return after[0] if after else None


_PARTICIPLE = re.compile(r"ge[a-zäöüß]+t$")
_WOULD = frozenset({"würde", "würden", "würdest"})
_PERFECT_AUX = frozenset({"hast", "hat", "habt", "wurde", "wurden"})


def _conditional_trigger(words: list[str]) -> bool:
    """A trigger head that is a condition: "… würde" (would), or "wenn" + a completed past ("Wenn du
    die Bonuskosten bezahlt hast")."""
    words = [str(w) for w in words]
    if any(w == "und" or w.startswith("und ") for w in words):
        return False    # "Wenn ~ ins Spiel kommt und (falls) du die Bonuskosten bezahlt hast": the event, then the if
    if _WOULD & set(words):
        return True
    return len(words) >= 3 and words[0] == "wenn" and words[-1] in _PERFECT_AUX and words[-2].endswith("t")


def _second_person(p: Pred) -> bool:
    """A finite verb in the second person singular with "du" after it ("…, kannst du sie offen
    vorzeigen"): its subject is "du", never the inverted subject of a predicate before it (the
    verb-first condition "Hat sie …, kannst du …")."""
    form = p.verb_form or ""
    return form.endswith("st") and form not in ("ist", "lässt", "verlässt") and any(f.ref == "you" for f in p.objects)
