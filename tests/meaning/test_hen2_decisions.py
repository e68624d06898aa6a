"""hen2's rules decisions of the meaning layer, on records built directly — no language, no parser."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning import Context, Predicate, Statement, effects, finish, record, rules_effects

SELF = I.Filter(ref="self")


def one(pred, subject=None, **st):
    return finish(effects([pred], Context(subject=subject)), Statement(**st))


def test_a_grant_to_a_player_and_an_object_is_a_rules_effect_and_layer_6():
    # "you and ~ have hexproof" (CR 613.10, 613.1f)
    both = I.Filter(ref="multiple", extra=["player", "self"])
    p = Predicate(I.CONTINUOUS, [I.Modification(I.ABILITIES, "add", ["hexproof"])], verb="have")
    got = one(p, both)
    assert [(e.kind, e.affected.ref) for e in got] == [(I.RULES, "player"), (I.CONTINUOUS, "self")]
    assert all(e.modifications[0].value == ["hexproof"] for e in got)


def test_a_grant_to_objects_only_stays_one_layer_6_effect():
    two = I.Filter(ref="multiple", extra=["creature", "self"])
    p = Predicate(I.CONTINUOUS, [I.Modification(I.ABILITIES, "add", ["flying"])], verb="have")
    assert [e.kind for e in one(p, two)] == [I.CONTINUOUS]


def test_an_object_that_may_block_has_a_permission():
    # "~ may block as though it had flying": the object does not choose (CR 613.11)
    p = Predicate(I.ONE_SHOT, verb="block", tags={record.PLAYER_MAY})
    assert one(p, SELF)[0].kind == I.RULES
    # a player who may block is still choosing an action
    p = Predicate(I.ONE_SHOT, verb="block", tags={record.PLAYER_MAY})
    assert one(p, I.Filter(ref="you", noun="player", controller="you"))[0].kind == I.ONE_SHOT


def test_play_with_a_card_revealed_and_damage_by_toughness_are_rules_effects():
    p = Predicate(I.ONE_SHOT, verb="play")
    rules_effects.play_revealed(p)
    assert (p.kind, p.verb) == (I.RULES, "play_revealed")
    p = Predicate(I.ONE_SHOT, verb="assign")
    rules_effects.damage_by_toughness(p)
    assert one(p, I.Filter(quantifier="each", noun="creature", types=["creature"]))[0].kind == I.RULES
