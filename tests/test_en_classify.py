"""English classification (classification.md §2-§3) through
``cardlint.pipeline.classify_text(text, "en", name=..., type_line=...)``.

* the worked examples of classification.md §3, exactly;
* (the real Oracle clauses of tests/fixtures/en/clauses.yaml run in tests/test_clause_fixtures.py);
* older printed templating not present in the Oracle corpus ("removed from the game", "comes into play");
* a small set of template sentences that the grammar must parse (``parsed`` is true).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlint.pipeline import classify_text

HERE = Path(__file__).resolve().parent

from clause_fixtures import check_record_shape as _check_record_shape


def _eff(kind: str, layer: str | None = None, cda: bool = False) -> tuple:
    return (kind, layer, cda)


def _got(clause: dict) -> list[tuple]:
    return sorted(((e["kind"], None if e["layer"] is None else str(e["layer"]), bool(e["cda"]))
                   for e in clause["effects"]), key=str)


def _want(effects) -> list[tuple]:
    return sorted(((k, None if lay is None else str(lay), bool(c)) for k, lay, c in effects), key=str)


def _one_clause(text: str, name: str | None, type_line: str | None) -> dict:
    out = classify_text(text, "en", name=name, type_line=type_line)
    assert len(out["clauses"]) == 1, [c["text"] for c in out["clauses"]]
    return out["clauses"][0]


def _check(clause: dict, ability: str, effects) -> None:
    got = (clause["ability"], _got(clause))
    want = (ability, _want(effects))
    assert got == want, f"parsed={clause['parsed']} error={clause.get('error')}"


# ------------------------------------------------------------------ §3 worked examples
C = "continuous"
WORKED = [
    ("Creatures you control get +1/+1.", "Glorious Anthem", "Enchantment",
     "static", [_eff(C, "7c")]),
    ("All creatures lose all abilities and have base power and toughness 1/1.", "Humility", "Enchantment",
     "static", [_eff(C, "6"), _eff(C, "7b")]),
    ("Each other non-Aura enchantment is a creature in addition to its other types and has base power and "
     "base toughness each equal to its mana value.", "Opalescence", "Enchantment",
     "static", [_eff(C, "4"), _eff(C, "7b")]),
    ("Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness "
     "is equal to that number plus 1.", "Tarmogoyf", "Creature — Lhurgoyf",
     "static", [_eff(C, "7a", True)]),
    ("Nonbasic lands are Mountains.", "Blood Moon", "Enchantment",
     "static", [_eff(C, "4")]),
    ("Changeling", "Amoeboid Changeling", "Creature — Shapeshifter",
     "keyword", [_eff(C, "4", True)]),
    ("As long as you control an Island, this creature gets +1/+1 and is blue.", None, "Creature — Elf",
     "static", [_eff(C, "7c"), _eff(C, "5")]),
    ("Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
     "Act of Treason", "Sorcery",
     "spell", [_eff(C, "2"), _eff("one-shot"), _eff(C, "6")]),
    ("{1}{U}: Switch Crookclaw Transmuter's power and toughness until end of turn.", "Crookclaw Transmuter",
     "Creature — Bird Wizard", "activated", [_eff(C, "7d")]),
    ("Put a +1/+1 counter on target creature.", None, "Instant",
     "spell", [_eff("one-shot")]),
    ("Spells your opponents cast cost {1} more to cast.", "Thalia, Guardian of Thraben",
     "Legendary Creature — Human Soldier", "static", [_eff("rules")]),
    ("This land enters tapped.", None, "Land",
     "static", [_eff("replacement")]),
    ("Flying", None, "Creature — Bird",
     "keyword", []),
    ("Whenever a creature you control dies, each opponent loses 1 life.", None, "Enchantment",
     "triggered", [_eff("one-shot")]),
]


@pytest.mark.parametrize("text,name,type_line,ability,effects", WORKED, ids=[w[0][:40] for w in WORKED])
def test_worked_example(text, name, type_line, ability, effects):
    clause = _one_clause(text, name, type_line)
    _check_record_shape(clause)
    assert clause["text"] == text
    _check(clause, ability, effects)


def test_worked_example_json_shape():
    """The record of §2, field for field (extra fields are allowed)."""
    clause = _one_clause("Enchanted creature gets +2/+2 and has flying.", None, "Enchantment — Aura")
    assert clause["text"] == "Enchanted creature gets +2/+2 and has flying."
    assert clause["ability"] == "static"
    assert clause["parsed"] is True
    assert _got(clause) == _want([("continuous", "7c", False), ("continuous", "6", False)])


# ------------------------------------------------------------------ older templating (printed wording)
# Not in the Oracle corpus any more (Oracle text was updated), but still found in old printings,
# articles and translations.  Wording of the original printings.
OLD = [
    ("Remove target creature from the game. Its controller gains life equal to its power.",
     "Swords to Plowshares", "Instant", "spell", [_eff("one-shot")], None),
    ("Abandoned Outpost comes into play tapped.", "Abandoned Outpost", "Land", "static", [_eff("replacement")],
     None),
    ("When Flametongue Kavu comes into play, it deals 4 damage to target creature.", "Flametongue Kavu",
     "Creature — Kavu", "triggered", [_eff("one-shot")], None),
    ("As Clone comes into play, you may choose a creature in play. If you do, Clone comes into play as a copy "
     "of that creature.", "Clone", "Creature — Shapeshifter", "static", [_eff("replacement"), _eff(C, "1a")],
     None),
    ("Destroy target artifact with converted mana cost X.", "Ancient Grudge", "Instant", "spell",
     [_eff("one-shot")], None),
    ("All Forests are 1/1 creatures that are still lands.", "Living Lands", "Enchantment", "static",
     [_eff(C, "4"), _eff(C, "7b")], None),
    ("Remove Chronatog from the game: Draw a card.", "Chronatog", "Creature — Atog", "activated",
     [_eff("one-shot")], None),
    # printed wording of "When enchanted creature dies" (tests/fixtures/translate/verdicts-de.jsonl):
    # an "if" that names an event is a trigger (CR 603.1)
    ("If enchanted creature is put into any graveyard, draw two cards.", "Bequeathal", "Enchant Creature",
     "triggered", [_eff("one-shot")], None),
    # ... but a requirement that applies while attackers are declared stays static (CR 508.1d; Oracle keeps "If")
    ("If Viashino Bey attacks, all creatures you control attack if able.", "Viashino Bey", "Creature — Viashino",
     "static", [_eff("rules")], None),
]


def _old_param(row):
    *args, xfail = row
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(*args, id=args[0][:40], marks=marks)


@pytest.mark.parametrize("text,name,type_line,ability,effects", [_old_param(r) for r in OLD])
def test_old_templating(text, name, type_line, ability, effects):
    clause = _one_clause(text, name, type_line)
    _check_record_shape(clause)
    _check(clause, ability, effects)


# ------------------------------------------------------------------ template sentences that must parse
MUST_PARSE = [
    # anthems and lords
    ("Creatures you control get +1/+1.", None, "Enchantment"),
    ("White creatures you control get +1/+1.", None, "Enchantment"),
    ("Other Elf creatures you control get +1/+1.", None, "Creature — Elf"),
    ("Other Goblins get +1/+1 and have mountainwalk.", None, "Creature — Goblin"),
    ("Creatures your opponents control get -1/-1.", None, "Enchantment"),
    # auras and equipment
    ("Enchanted creature gets +2/+2.", None, "Enchantment — Aura"),
    ("Enchanted creature gets +2/+0 and has trample.", None, "Enchantment — Aura"),
    ("Enchanted creature can't attack or block.", None, "Enchantment — Aura"),
    ("Equipped creature gets +2/+0.", None, "Artifact — Equipment"),
    ("Equipped creature has haste and shroud.", None, "Artifact — Equipment"),
    ("Equip {2}", None, "Artifact — Equipment"),
    ("Enchant creature", None, "Enchantment — Aura"),
    # P/T setting, CDA, switching
    ("Enchanted creature has base power and toughness 0/2.", None, "Enchantment — Aura"),
    ("Nightmare's power and toughness are each equal to the number of Swamps you control.", "Nightmare",
     "Creature — Nightmare Horse"),
    ("Target creature gets +3/+3 until end of turn.", None, "Instant"),
    ("Switch target creature's power and toughness until end of turn.", None, "Instant"),
    ("Target creature has base power and toughness 1/1 until end of turn.", None, "Instant"),
    # control
    ("You control enchanted creature.", None, "Enchantment — Aura"),
    ("Gain control of target creature until end of turn.", None, "Sorcery"),
    ("Gain control of target artifact.", None, "Sorcery"),
    # type, color, ability changes
    ("Nonbasic lands are Mountains.", None, "Enchantment"),
    ("Each land is a Swamp in addition to its other land types.", "Urborg, Tomb of Yawgmoth", "Legendary Land"),
    ("Enchanted creature is black.", None, "Enchantment — Aura"),
    ("Target permanent becomes the color of your choice until end of turn.", None, "Instant"),
    ("Creatures you control have flying.", None, "Enchantment"),
    ("Enchanted creature loses all abilities.", None, "Enchantment — Aura"),
    ("Target creature gains flying until end of turn.", None, "Instant"),
    ("Sphinx of the Guildpact is all colors.", "Sphinx of the Guildpact", "Artifact Creature — Sphinx"),
    # permissions to play ("play" is an ordinary verb after "may", CR 305.2 / 601.3)
    ("You may play that card this turn.", None, "Instant"),
    ("You may play an additional land on each of your turns.", None, "Enchantment"),
]

MUST_PARSE_XFAIL = {
    # filled from the first run: template -> reason
}


def _mp_param(row):
    text = row[0]
    marks = [pytest.mark.xfail(strict=True, reason=MUST_PARSE_XFAIL[text])] if text in MUST_PARSE_XFAIL else []
    return pytest.param(*row, id=text[:45], marks=marks)


@pytest.mark.parametrize("text,name,type_line", [_mp_param(r) for r in MUST_PARSE])
def test_template_parses(text, name, type_line):
    clause = _one_clause(text, name, type_line)
    assert clause["parsed"] is True, clause.get("error")


# ------------------------------------------------------------------ IR details the layer engine reads
def _ir(text, name=None):
    from cardlint.pipeline import card_ir

    return card_ir(text, "en", name, None).clauses[0]


def test_granted_quoted_ability_keeps_its_text():
    """The engine parses a granted ability again when it applies the grant (CR 613.1f / 604.3a(4))."""
    clause = _ir('{3}{B}{G}: Until end of turn, Svogthos, the Restless Tomb becomes a black and green Plant Zombie '
                 'creature with "This creature\'s power and toughness are each equal to the number of creature cards '
                 'in your graveyard." It\'s still a land.', "Svogthos, the Restless Tomb")
    granted = [v for e in clause.effects for m in e.modifications if m.characteristic == "abilities" for v in m.value]
    assert granted == ['"~\'s power and toughness are each equal to the number of creature cards in your graveyard"']


def test_counted_objects_and_their_zone():
    clause = _ir("Nightmare's power and toughness are each equal to the number of creature cards in your graveyard.",
                 "Nightmare")
    value = clause.effects[0].modifications[0].value
    assert value.kind == "count"
    assert (value.of.types, value.of.noun, value.of.zone) == (["creature"], "card", "graveyard")


def test_same_is_true_extends_the_previous_effect():
    clause = _ir("Creatures you control are the chosen type. The same is true for creature spells you control and "
                 "creature cards you own that aren't on the battlefield.", "Conspiracy")
    assert [e.kind for e in clause.effects] == ["continuous", "continuous"]
    assert clause.effects[1].modifications == clause.effects[0].modifications
    assert clause.effects[1].affected.ref == "multiple"


def test_cost_floor_and_no_maximum_hand_size():
    cost = _ir("As long as Trinisphere is untapped, each spell that would cost less than three mana to cast costs "
               "three mana to cast.", "Trinisphere").effects[0].modifications[0]
    assert (cost.characteristic, cost.op, cost.value) == ("cost", "minimum", 3)
    hand = _ir("You have no maximum hand size.").effects[0].modifications[0]
    assert (hand.characteristic, hand.op) == ("hand_size", "none")


def test_restriction_and_requirement_keep_this_turn():
    """"this turn" bounds a rules effect as "until end of turn" does (the other languages' IR: this_turn)."""
    cases = [
        ("{C}, {T}: Target creature can't attack or block this turn.", "Endbringer", ["attack", "block"]),
        ("Up to two target creatures can't block this turn.", "Abandon the Post", ["block"]),
        ("Players can't search libraries this turn.", "Shadow of Doubt", ["search"]),
        ("Target creature can't be the target of spells or abilities your opponents control this turn. If this "
         "spell was kicked, that creature gets +4/+4 until end of turn.", "Vines of Vastwood", ["be_targeted"]),
    ]
    for text, name, restricted in cases:
        rules = [e for e in _ir(text, name).effects if e.kind == "rules"]
        assert len(rules) == 1, text
        assert rules[0].duration == "this_turn", text
        assert [m.value for m in rules[0].modifications] == restricted, text
    must = _ir("Target creature attacks this turn if able.", "Boiling Blood").effects
    assert [(e.kind, e.verb, e.duration) for e in must] == [("rules", "must", "this_turn")]
    can = _ir("Target creature can block any number of creatures this turn.", "Valor Made Real").effects
    assert [(e.kind, e.verb, e.duration) for e in can] == [("rules", "can", "this_turn")]
    static = _ir("Enchanted creature can't attack or block.").effects
    assert [(e.kind, e.duration) for e in static] == [("rules", None)]


def test_cast_permission_is_rules_but_casting_now_is_one_shot():
    later = _ir("Whenever Silas Renn, Seeker Adept deals combat damage to a player, choose target artifact card in "
                "your graveyard. You may cast that card this turn.", "Silas Renn, Seeker Adept").effects
    assert [(e.kind, e.verb, e.duration) for e in later] == [("one-shot", "choose", None), ("rules", "cast", "this_turn")]
    lich = _ir("{1}: You may cast target creature card in a graveyard this turn. When you cast it this turn, Havengul "
               "Lich gains all activated abilities of that card until end of turn.", "Havengul Lich").effects
    assert (lich[0].kind, lich[0].verb, lich[0].duration) == ("rules", "cast", "this_turn")
    flash = _ir("You may cast Spirit spells as though they had flash.").effects
    assert [(e.kind, e.verb) for e in flash] == [("rules", "cast")]
    now = _ir("You may cast it without paying its mana cost.").effects  # cascade's reminder text
    assert [(e.kind, e.verb) for e in now] == [("one-shot", "cast")]
    trig = _ir("Whenever you discard a nonland card, you may cast it from your graveyard.").effects  # Oskar
    assert [(e.kind, e.verb) for e in trig] == [("one-shot", "cast")]
    lands = _ir("You may play two additional lands on each of your turns.", "Azusa, Lost but Seeking").effects
    assert [(e.kind, e.verb) for e in lands] == [("rules", "extra_land")]
    static = _ir("You may cast Hogaak, Arisen Necropolis from your graveyard.", "Hogaak, Arisen Necropolis").effects
    assert [(e.kind, e.verb) for e in static] == [("rules", "cast")]


# ------------------------------------------------------------------ doubling P/T (CR 701.10a-b)
# Real Oracle clauses, classified by hand: doubling a creature's power and/or toughness gives it
# +X/+0 (+0/+X, +X/+Y), a continuous effect in layer 7c (CR 701.10b, 613.4c) on that creature;
# doubling counters or a life total stays a one-shot action (CR 701.10d-e).
DOUBLING = [
    ("Double the power of target creature until end of turn.", "Unleash Fury", "Instant",
     "spell", [_eff(C, "7c")], "target creature"),
    ("At the beginning of each combat, double the power and toughness of each creature you control until end "
     "of turn.", "Unnatural Growth", "Enchantment", "triggered", [_eff(C, "7c")], "each creature (you control)"),
    ("When God-Eternal Rhonas enters the battlefield, double the power of each other creature you control until "
     "end of turn. Those creatures gain vigilance until end of turn.", "God-Eternal Rhonas",
     "Legendary Creature — Zombie God", "triggered", [_eff(C, "7c"), _eff(C, "6")], "each other creature (you control)"),
    ("Whenever you attack, double target creature's power until end of turn.", "Mr. Orfeo, the Boulder",
     "Legendary Creature — Rhino Warrior", "triggered", [_eff(C, "7c")], "target creature"),
    ("Constellation — Whenever Nylea's Colossus or another enchantment enters the battlefield under your control, "
     "double target creature's power and toughness until end of turn.", "Nylea's Colossus",
     "Enchantment Creature — Giant", "triggered", [_eff(C, "7c")], "target creature"),
    ("{4}{G}: Double Reckless Amplimancer's power and toughness until end of turn.", "Reckless Amplimancer",
     "Creature — Elf Druid", "activated", [_eff(C, "7c")], "self"),
    ("Alliance — Whenever another creature enters the battlefield under your control, double Devilish Valet's "
     "power until end of turn.", "Devilish Valet", "Creature — Devil Warrior", "triggered", [_eff(C, "7c")], "self"),
    ("Whenever Grunn attacks alone, double its power and toughness until end of turn.", "Grunn, the Lonely King",
     "Legendary Creature — Ape Warrior", "triggered", [_eff(C, "7c")], "it"),
    ("Until end of turn, double target creature's power X times.", "Exponential Growth", "Sorcery",
     "spell", [_eff(C, "7c")], "target creature"),
    # look-alikes that stay one-shot
    ("{4}{G}{G}: Double the number of +1/+1 counters on Dragonsguard Elite.", "Dragonsguard Elite",
     "Creature — Human Druid", "activated", [_eff("one-shot")], None),
    ("When Tanazir Quandrix enters the battlefield, double the number of +1/+1 counters on target creature you "
     "control.", "Tanazir Quandrix", "Legendary Creature — Elder Dragon", "triggered", [_eff("one-shot")], None),
    ("Whenever Angelic Enforcer attacks, double your life total.", "Angelic Enforcer", "Creature — Angel",
     "triggered", [_eff("one-shot")], None),
]


@pytest.mark.parametrize("text,name,type_line,ability,effects,affected", DOUBLING, ids=[d[1] for d in DOUBLING])
def test_doubling_power_is_layer_7c(text, name, type_line, ability, effects, affected):
    clause = _one_clause(text, name, type_line)
    assert clause["parsed"] is True, clause.get("error")
    _check(clause, ability, effects)
    if affected is not None:
        assert clause["effects"][0]["affected"] == affected
        assert clause["effects"][0]["characteristic"] == "pt_modify"


def test_doubled_power_is_a_relative_modification_until_end_of_turn():
    """The IR the layer engine reads: a 7c modify by "double", on the creature, for the turn."""
    effect = _ir("Double target creature's power and toughness until end of turn.").effects[0]
    (mod,) = effect.modifications
    assert (mod.characteristic, mod.op, mod.value) == ("pt_modify", "modify", "double")
    assert (effect.affected.quantifier, effect.affected.noun, effect.duration) == ("target", "creature", "until_eot")
    # CR 701.11a: tripling is the same effect
    tripled = _ir("Triple target creature's power until end of turn.").effects[0].modifications[0]
    assert (tripled.characteristic, tripled.value) == ("pt_modify", "triple")
    # "its power" elsewhere is still a noun phrase, not the doubled characteristic
    dogs = classify_text("When Mortis Dogs dies, target player loses life equal to its power.", "en",
                         name="Mortis Dogs")["clauses"][0]
    assert (dogs["parsed"], [e["kind"] for e in dogs["effects"]]) == (True, ["one-shot"])


@pytest.mark.parametrize("number", ["2", "two"])
def test_base_pt_each_a_number_word_or_digits(number):
    # "… are each two" sets the base P/T (layer 7b) whether the number is written as digits or a word
    clause = _one_clause(f"Wall of Things's power and toughness are each {number}.", "Wall of Things",
                         "Creature — Wall")
    assert clause["parsed"] is True
    _check(clause, "static", [("continuous", "7b", False)])
