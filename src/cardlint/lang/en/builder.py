"""English parse tree (grammar/en.lark) → IR: the English builder over the base builder.

:class:`cardlint.lang.builder.IRBuilder` holds the rule names the English and German grammars share
(clause skeleton, statements, sentences, prefix and suffix modifiers) and the named hook points —
noun phrase (``read_determiner``, ``read_words``, ``read_postmodifier``), predicate
(``statement_effects``, ``refine_predicate``), quantity (``amount``), duration (``duration_mod``),
condition (``condition_mod``) — that a language overrides.  This class adds the callbacks of the rule
names only the English grammar emits (grammar/contract.yaml): pronoun references, possessives, the
P/T, type, colour, control and copy predicates of English wording, "rather than pay", activation
limits, comparisons and "if …, …" sentences.

Everything here is driven by the tree's structure and word classes — never by card names.
"""

from __future__ import annotations

from lark import Token

from cardlint import ir as I
from cardlint.lang.builder import IRBuilder, KeywordRef, Mod, Node, Pred, flatten, surface_words
from cardlint.meaning import abilities as ability_rules, colors as color_rules, control as control_rules, \
    copy as copy_rules, pt as pt_rules, rules_effects, text as text_rules, types as type_rules


class EnglishIRBuilder(IRBuilder):
    """The base builder with the callbacks of the English-only rule names (none replaces a base one)."""

    def refine_action(self, p: Pred, children) -> None:
        # hen2: "play with the top card of your library revealed"; "assigns combat damage equal to its
        # toughness rather than its power"
        if p.kind != I.ONE_SHOT or p.verb not in ("play", "assign"):
            return
        words = surface_words(children)
        source = self.source or ""
        if p.verb == "play" and words[1:2] == ["with"] and source.startswith("play with ") \
                and " revealed" in source:
            rules_effects.play_revealed(p)
        elif p.verb == "assign" and " damage equal to its toughness rather than its power" in source:
            rules_effects.damage_by_toughness(p)

    def defending_player(self, children):
        return I.Filter(ref="player", noun="player", controller="opponent", extra=["defending"])

    def it_ref(self, children):
        return I.Filter(ref="it")

    def they_ref(self, children):
        return I.Filter(ref="they")

    def you_ref(self, children):
        return I.Filter(ref="you", noun="player", controller="you")

    def that_ref(self, children):
        return I.Filter(ref="it")

    def np_simple(self, children):
        # possessor: reuse np logic
        if len(children) == 1 and isinstance(children[0], Token) and str(children[0]) == "~":
            return I.Filter(ref="self")
        return self.np(children)

    def possessive(self, children):
        for c in children:
            if isinstance(c, I.Filter):
                return c
        w = " ".join(surface_words(children))
        if w in ("its", "his or her"):
            return I.Filter(ref="it")
        if w == "your":
            return I.Filter(ref="you", noun="player", controller="you")
        return I.Filter(ref="they")

    def possessed(self, children):
        owner = children[0] if isinstance(children[0], I.Filter) else I.Filter()
        f = self.np(children[1:])
        f.extra.append("of:" + owner.ref)
        if owner.is_self and not f.noun:
            f.ref = "self_part"
        return f

    def quantity_of(self, children):
        f = next((c for c in children if isinstance(c, I.Filter)), I.Filter())
        return f

    def each_of(self, children):
        return self.quantity_of(children)

    def top_of(self, children):
        f = I.Filter(noun="card")
        f.extra.append("top")
        return f

    # h18c: "any number of targets", "one or two targets" (CR 115.1)
    def targets_np(self, children):
        f = I.Filter(quantifier="target")
        self._np_marked.append(f)
        return f

    def the_game(self, children):
        return I.Filter(ref="game", noun="game")

    def token_copy(self, children):
        return I.Filter(noun="token", token=True)

    def the_rest(self, children):
        return I.Filter(ref="those")

    def instead_prefix(self, children):
        return self.instead(children)

    # h18c: "the next time … would …, …": the following instruction applies once, to that event
    def next_time(self, children):
        return self.condition_mod("next_time", children)

    def landwalk(self, children):
        return KeywordRef("landwalk", str(children[0]).lower())

    def grant_tail(self, children):
        return self.grant(children)

    def lose_all_abilities(self, children):
        return Pred(I.CONTINUOUS, [ability_rules.remove_all()], verb="lose")

    def lose_abilities_except(self, children):
        # "lose all abilities except mana abilities" removes some abilities, not all (CR 613.1f)
        return Pred(I.CONTINUOUS, [ability_rules.remove()], verb="lose")

    def pt_set(self, children):
        pt = next((str(c) for c in children if isinstance(c, Token) and "/" in str(c)), None)
        value = next((c for c in children if isinstance(c, I.Value)), None)
        return Pred(I.CONTINUOUS, [pt_rules.set_base(pt or value)], verb="have")

    def _pt_define(self, children, which):
        value = next((c for c in children if isinstance(c, I.Value)), I.Value(kind="other"))
        return Pred(I.CONTINUOUS, [pt_rules.define(value)], verb="be",
                    tags={which})

    def pt_define_both(self, children):
        return self._pt_define(children, "power_toughness")

    def pt_define_power(self, children):
        return self._pt_define(children, "power")

    def pt_define_toughness(self, children):
        return self._pt_define(children, "toughness")

    def pt_switch(self, children):
        owner = next((c for c in children if isinstance(c, I.Filter)), None)
        p = Pred(I.CONTINUOUS, [pt_rules.switch()], verb="switch")
        if owner is not None:
            p.objects.append(owner)
        return p

    def pt_double(self, children):
        # CR 701.10a, 701.11a: doubling (tripling) P/T is a 7c modification of the creature named by
        # the noun phrase or pronoun; the amount is relative ("double"), as the Chinese builder writes it
        owner = next((c for c in children if isinstance(c, I.Filter)), None)
        pronoun = next((c for c in children if isinstance(c, Node) and c.name == "poss_pronoun"), None)
        if pronoun is not None:
            owner = I.Filter(ref="it" if "its" in pronoun.tokens() else "they")
        how = next((str(c) for c in children if isinstance(c, Token) and c.type == "DOUBLE_PT"), "double")
        p = Pred(I.CONTINUOUS, [pt_rules.double(how)], verb="double")
        if owner is not None:
            p.objects.append(owner)
        return p

    def is_descriptor(self, children):
        return self._descriptor_pred(children, verb="be")

    def lose_types_and_abilities(self, children):
        return Pred(I.CONTINUOUS, [type_rules.lose_all(), ability_rules.remove_all()],
                    verb="lose")

    def lose_types(self, children):
        return Pred(I.CONTINUOUS, [type_rules.lose_all()], verb="lose")

    def all_land_types(self, children):
        return Pred(I.CONTINUOUS, [type_rules.every_basic_land_type()], verb="be")

    def chosen_color_is(self, children):
        additive = any(isinstance(c, Node) and c.name == "in_addition" for c in children)
        return Pred(I.CONTINUOUS, [color_rules.chosen(additive)], verb="be")

    becomes_chosen_color = chosen_color_is

    def chosen_type_is(self, children):
        additive = any(isinstance(c, Node) and c.name == "in_addition" for c in children)
        return Pred(I.CONTINUOUS, [type_rules.chosen(additive)], verb="be")

    def same_abilities(self, children):
        return [c for c in children if isinstance(c, KeywordRef)]

    def keyword_cost(self, children):
        # "The flashback cost is equal to its mana cost": the cost of a keyword granted in the same
        # clause — part of that grant, no effect of its own
        return ("effects", [], None)

    def becomes_event(self, children):
        return Pred(I.ONE_SHOT, verb="become")

    def becomes_blocked_by(self, children):
        # "becomes blocked by a Wall": a combat event (a trigger condition), no effect of its own
        return Pred("state", verb="become", tags={"blocked"})

    def control_gain(self, children):
        return Pred(I.CONTINUOUS, [control_rules.gain()], verb="gain_control",
                    objects=[c for c in children if isinstance(c, I.Filter)])

    def control_exchange(self, children):
        return Pred(I.CONTINUOUS, [control_rules.exchange()], verb="exchange_control",
                    objects=[c for c in children if isinstance(c, I.Filter)])

    def copy_effect(self, children):
        words = surface_words(children)
        if words and words[0].startswith(("enter", "come")):
            return Pred(I.REPLACEMENT, [copy_rules.become_copy()], verb="enter_as_copy", tags={"copy_enter"})
        return Pred(I.ONE_SHOT, verb="copy", objects=[c for c in children if isinstance(c, I.Filter)])

    def face_up(self, children):
        return Pred(I.ONE_SHOT, verb="turn_face_up")

    def may_skip_untap(self, children):
        return self._rules("may_skip_untap")

    def cost_modifier(self, children):
        words = surface_words(children)
        # "would cost less than three mana" (a threshold in a relative clause), "cost {1} more",
        # "cost {1} less", "costs three mana" (sets the total)
        op = "below" if "than" in words else "increase" if "more" in words else "reduce" if "less" in words else "set"
        amount = next((n for n in map(_number, words) if n is not None), None)
        p = self._rules("cost")
        p.mods.append(I.Modification("cost", op, amount))
        return p

    def hand_size(self, children):
        words = surface_words(children)
        p = self._rules("hand_size")
        if "no" in words:
            p.mods.append(I.Modification("hand_size", "none"))
        else:
            n = next((_number(w) for w in words if _number(w) is not None), None)
            p.mods.append(I.Modification("hand_size", "modify" if "reduced" in words or "increased" in words else "set",
                                         -n if n is not None and "reduced" in words else n))
        return p

    def no_hand_size(self, children):
        p = self._rules("hand_size")
        p.mods.append(I.Modification("hand_size", "none"))
        return p

    def is_number(self, children):
        n = next((_number(w) for w in surface_words(children) if _number(w) is not None), None)
        return Pred("state", verb="be", tags={"number"}, mods=[I.Modification("hand_size", "set", n)])

    def look_and_action(self, children):
        # "look at and play that card": looking is no effect; the permission is the second verb's
        return self.action([c for c in children if not (isinstance(c, Token) and c.type == "LOOK_AT_AND")])

    def passive_action(self, children):
        return self._action(children, next((str(c) for c in children if isinstance(c, Token) and c.type == "VERB"), "be"))

    def do_so(self, children):
        return Pred(I.ONE_SHOT, verb="do")

    def controls_state(self, children):
        # "You control enchanted permanent." — a control-changing effect (layer 2) when it is the
        # statement itself; inside a condition the builder never turns it into an effect.
        objects = [c for c in children if isinstance(c, I.Filter)]
        return Pred(I.CONTINUOUS, [control_rules.gain()], verb="control", objects=objects,
                    tags={"control_state"})

    def rounded(self, children):
        # "half …, rounded up": the rounding does not change what is counted
        return next((c for c in children if isinstance(c, I.Value)), I.Value(kind="other"))

    def until_eoc(self, children):
        return self.duration_mod("until_end_of_combat")

    def only_if(self, children):
        return self.condition_mod("if", children)

    instead_prefix = IRBuilder.instead

    def rather_than_pay(self, children):
        return Mod("alternative_cost")

    def activation_limit(self, children):
        return Mod("activation_limit")

    def compare_statement(self, children):
        return ("effects", [], None)

    def possessive_statement(self, children):
        owner = next((c for c in children if isinstance(c, I.Filter)), None)
        preds = [c for c in flatten(children) if isinstance(c, Pred)]
        return ("effects", self.statement_effects(owner, preds))

    def conditional_sentence(self, children):
        cond_nodes = [c for c in children if isinstance(c, Node)]
        cond = " ".join(surface_words(cond_nodes))
        effects = self._pass_effects(children)[1]
        if any(_names_event(c) for c in cond_nodes) and not any(e.verb == "must" for e in effects):
            # "If enchanted creature is put into a graveyard, …": older printed wording of "When …" —
            # the "if" names an event, so the sentence is a trigger (CR 603.1).  "If ~ attacks, all
            # creatures you control attack if able" stays static: a requirement applies while
            # attackers are declared (CR 508.1d), a trigger would come too late.
            return ("triggered", effects, ("if " + cond).strip())
        out = []
        for c in children:
            if isinstance(c, tuple) and c[0] == "effects":
                for e in c[1]:
                    if e.condition is None:
                        e.condition = I.Condition("if", cond)
                    out.append(e)
        return ("effects", out)

    def choice_of_abilities(self, children):
        return Node("choice_of_abilities", children)

    def not_have(self, children):
        return Pred("state", verb="not_have")

    # ------------------------------------------------------------------ layer families (grammar/en.lark's h18e block)
    # the rules decisions are the meaning layer's
    def the_draft(self, children):
        # conspiracy draft matters (CR 905.4): "remove it from the draft", "in the draft"
        return I.Filter(ref="draft", noun="draft")

    def booster_pack(self, children):
        f = I.Filter(noun="booster pack")
        f.extra.extend(surface_words(children)[:-2])
        return f

    def as_you_draft(self, children):
        return self.condition_mod("as_you_draft", children)

    def has_text(self, children):
        # "has the full text of that card", "has the text "…"": text-changing (CR 612.1), layer 3
        return Pred(I.CONTINUOUS, [text_rules.change_text()], verb="have_text")

    def text_changed(self, children):
        # "All instances of color words in the text of … are changed to the chosen color word"
        subject = next((c for c in children if isinstance(c, I.Filter)), None)
        pred = Pred(I.CONTINUOUS, [text_rules.change_text()], verb="change_text")
        return ("effects", self.statement_effects(subject, [pred]), subject)

    def choose_direction(self, children):
        # "Choose left or right." (CR 101.4-style direction choice): a one-shot choice
        return Pred(I.ONE_SHOT, verb="choose")

    def draft_manner(self, children):
        # "without drafting a card from it": how a booster pack is passed, no effect of its own
        return Node("draft_manner", [])

    def pt_each_number(self, children):
        # "~'s power and toughness are each 2": the base P/T set to that number each (layer 7b)
        n = next((str(c) for c in children if isinstance(c, Token) and c.type in ("DIGITS", "NUMBER_WORD")), None)
        value = _number(n) if n is not None and not n.isdigit() else n
        return Pred(I.CONTINUOUS, [pt_rules.set_base(f"{value}/{value}")], verb="be")

    def choice_limit(self, children):
        # "X can't be 0", "The new creature type can't be Wall": a limit on a choice the ability
        # makes, no effect of its own
        return ("effects", [], None)


def _names_event(cond: Node) -> bool:
    """An "if" condition that is a single present-tense event ("~ attacks", "enchanted creature is
    put into a graveyard"): one one-shot predicate, no auxiliary ("would"), not past, no duration."""
    if cond.name != "condition" or len(cond.children) != 1:
        return False
    stmt = cond.children[0]
    if not (isinstance(stmt, tuple) and stmt[0] == "effects" and len(stmt[1]) == 1):
        return False
    e = stmt[1][0]
    # "have"/"has" states a fact; "an ability triggers" is the static "triggers an additional time" template
    if e.kind != I.ONE_SHOT or e.verb in (None, "do", "have", "trigger") or e.duration or e.condition:
        return False
    tags = (e.note or "").split(",")
    # "an opponent had two lands enter": a causative reports what happened, it is not the event
    return not any(t.startswith("aux:") or t in ("past", "causative") for t in tags)


_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1}


def _number(word: str) -> int | None:
    w = word.strip("{}").lower()
    if w.isdigit():
        return int(w)
    return _NUMBER_WORDS.get(w)
