"""Each rules decision of the meaning layer, on records built directly — no language, no parser."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning import (Context, Mod, Predicate, Statement, colors, control, copy, effects, face_down,
                              finish, locking, pt, record, text, types)

SELF = I.Filter(ref="self")
YOU = I.Filter(ref="you", noun="player", controller="you")


def target(noun="creature"):
    return I.Filter(quantifier="target", noun=noun, types=[noun])


def one(pred, subject=None, **st):
    return finish(effects([pred], Context(subject=subject)), Statement(**st))


def kinds(effs):
    return [(e.kind, [m.characteristic for m in e.modifications]) for e in effs]


# --- 613.10 ------------------------------------------------------------------------------------------
def test_player_with_an_ability_is_a_rules_effect():
    p = Predicate(I.CONTINUOUS, [I.Modification(I.ABILITIES, "add", ["hexproof"])], verb="have")
    assert one(p, YOU)[0].kind == I.RULES
    p = Predicate(I.CONTINUOUS, [I.Modification(I.ABILITIES, "add", ["hexproof"])], verb="have")
    assert one(p, target())[0].kind == I.CONTINUOUS


# --- 614.15 / 614.1a ----------------------------------------------------------------------------------
def test_instead_action_is_a_replacement_and_takes_its_coordinates_along():
    exile = Predicate(I.ONE_SHOT, verb="exile", tags={record.INSTEAD})
    create = Predicate(I.ONE_SHOT, verb="create")
    out = finish(effects([exile, create], Context(imperative=True)), Statement())
    assert [e.kind for e in out] == [I.REPLACEMENT, I.REPLACEMENT]


def test_instead_with_nothing_replaceable_adds_a_self_replacement():
    gets = Predicate(I.CONTINUOUS, [pt.modify("+4/+4")], verb="get", tags={record.INSTEAD})
    out = one(gets, I.Filter(ref="it"))
    assert kinds(out) == [(I.CONTINUOUS, [I.PT_MODIFY]), (I.REPLACEMENT, [])]
    assert out[1].verb == "instead"
    out = one(Predicate(I.CONTINUOUS, [pt.modify("+1/+1")], verb="get"), I.Filter(ref="it"),
              mods=[Mod("instead")])
    assert out[-1].verb == "instead"


# --- 614.1c, 707.2, 708.2 -------------------------------------------------------------------------------
def test_entering_tapped_or_as_a_copy_is_a_replacement():
    assert one(Predicate(I.ONE_SHOT, verb="enter", tags={record.ENTERS_TAPPED}), SELF)[0].kind == I.REPLACEMENT
    out = one(Predicate(I.ONE_SHOT, [copy.become_copy()], verb="enter", tags={record.COPY_ENTER}), SELF)
    assert kinds(out) == [(I.REPLACEMENT, []), (I.CONTINUOUS, [I.COPY])]
    assert [e.verb for e in out] == ["enter_as_copy", "copy"]
    out = one(Predicate(I.ONE_SHOT, [face_down.turn_face_down()], verb="enter", tags={record.ENTERS_WITH}), SELF)
    assert kinds(out) == [(I.REPLACEMENT, []), (I.CONTINUOUS, [I.FACE_DOWN])]


def test_as_enters_is_a_replacement_beside_the_effect():
    out = one(Predicate(I.CONTINUOUS, [face_down.turn_face_down()], verb="turn"), SELF, mods=[Mod("as_enters")])
    assert kinds(out) == [(I.CONTINUOUS, [I.FACE_DOWN]), (I.REPLACEMENT, [])]


# --- 508.1d / 509.1c ----------------------------------------------------------------------------------
def test_attacks_if_able_is_a_requirement():
    out = one(Predicate(I.ONE_SHOT, verb="attack", duration="this_turn"), target(), if_able=True)
    assert (out[0].kind, out[0].verb, out[0].duration) == (I.RULES, "must", "this_turn")
    assert one(Predicate(I.ONE_SHOT, verb="attack"), target())[0].kind == I.ONE_SHOT
    standing = Predicate(I.ONE_SHOT, verb="attack_each", tags={record.RECURRING})
    assert one(standing, target(), if_able=True)[0].kind == I.RULES


def test_activation_limit_is_no_effect():
    out = one(Predicate(I.ONE_SHOT, verb="activate"), None, mods=[Mod("activation_limit")])
    assert out == []


def test_a_limit_on_the_value_of_x_is_no_effect():
    # CR 601.2b: "X can't be 0" limits the choice made while casting; the same restriction on an
    # object ("creatures can't attack") stays a rules effect
    cant = Predicate(I.RULES, verb="cant")
    assert one(cant, I.Filter(quantifier="number")) == []
    assert one(Predicate(I.RULES, verb="cant"), I.Filter(quantifier="all", noun="creature"))[0].kind == I.RULES


# --- 701.10 -------------------------------------------------------------------------------------------
def test_doubling_power_modifies_the_creature_in_7c():
    p = Predicate(I.CONTINUOUS, [pt.double()], verb="double", objects=[target()])
    e = one(p, YOU)[0]
    assert (e.kind, e.affected.quantifier, e.modifications[0].characteristic, e.modifications[0].op) == \
        (I.CONTINUOUS, "target", I.PT_MODIFY, "modify")


def test_for_each_scales_the_7c_modification():
    each = I.Filter(noun="creature")
    e = one(Predicate(I.CONTINUOUS, [pt.modify("+1/+1")], verb="get"), SELF, mods=[Mod("for_each", each)])[0]
    assert e.modifications[0].per is each
    assert pt.switch().characteristic == I.PT_SWITCH and pt.define().defining


# --- 305.7, 205.1b, "in addition to its other types" ---------------------------------------------------
def test_type_changes():
    assert types.change(["creature"]).op == "set"
    assert types.change(["creature"], additive=True).op == "add"
    assert types.change(["creature"], negated=True).op == "remove"
    assert types.change(["artifact", "creature"]).op == "add"       # 205.1b
    assert types.removes_land_abilities(types.change(["island"]))       # 305.7
    assert not types.removes_land_abilities(types.change(["island"], additive=True))
    assert not types.removes_land_abilities(types.change(["creature"]))
    assert types.lose_all().op == "remove" and types.all_creature_types().op == "all_creature_types"



def test_a_creature_that_becomes_a_blue_creature_only_changes_color():
    blue_creature = [colors.change(["U"]), types.change(["creature"])]
    assert types.restates_own_type(blue_creature, target("creature"))     # the noun carries the color
    assert types.restates_own_type(blue_creature, SELF)
    assert not types.restates_own_type(blue_creature, target("artifact"))   # animating: 205.1a type set
    assert not types.restates_own_type([types.change(["creature"])], target("creature"))
    assert not types.restates_own_type(blue_creature + [pt.set_base("3/3")], SELF)
    assert not types.restates_own_type([colors.change(["U"]), types.change(["creature", "elf"])], target())

# --- colors, copy vs type change, text, control ----------------------------------------------------------
def test_all_colors_is_a_color_setting_effect():
    m = colors.all_colors()
    assert (m.characteristic, m.op, m.value) == (I.COLORS, "set", ["W", "U", "B", "R", "G"])
    assert colors.change(["U"], additive=True).op == "add"


def test_becoming_a_copy_is_no_type_change():
    copy_np = I.Filter(quantifier="a", noun="copy", types=["creature"])
    descriptor = [types.change(["creature"])]
    assert copy.copy_or_descriptor([copy_np], descriptor) == [copy.become_copy()]
    assert copy.copy_or_descriptor([I.Filter(quantifier="a", noun="creature")], descriptor) == descriptor


def test_text_change_is_layer_3():
    e = one(Predicate(I.CONTINUOUS, [text.change_text()], verb="change_text", objects=[target("permanent")]),
            None)[0]
    assert e.modifications[0].characteristic == I.TEXT


def test_control():
    gained = one(Predicate(I.CONTINUOUS, [control.gain()], verb="gain_control", objects=[target()]), YOU)[0]
    assert gained.affected.quantifier == "target"
    enchanted = I.Filter(attached="enchanted", noun="permanent")
    stated = Predicate(I.CONTINUOUS, [control.gain()], verb="control", objects=[enchanted],
                       tags={record.CONTROL_STATE})
    assert one(stated, YOU)[0].affected is enchanted
    opponent = I.Filter(ref="player", noun="opponent", controller="opponent")
    stated = Predicate(I.ONE_SHOT, verb="control", objects=[enchanted], tags={record.CONTROL_STATE})
    assert one(stated, opponent) == []


# --- affected --------------------------------------------------------------------------------------------
def test_affected_object():
    t = target()
    assert one(Predicate(I.ONE_SHOT, verb="destroy", objects=[t]), None)[0].affected is None
    assert finish(effects([Predicate(I.ONE_SHOT, verb="destroy", objects=[t])], Context(imperative=True)),
                  Statement())[0].affected is t
    causative = Predicate(I.CONTINUOUS, [pt.modify("+1/+1")], verb="get", objects=[t], tags={record.CAUSATIVE})
    assert one(causative, YOU)[0].affected is t
    inverted = Predicate(I.CONTINUOUS, [types.change(["creature"])], verb="be", subject=t,
                         subject_mods=[pt.set_base("3/3")])
    e = one(inverted, None)[0]
    assert e.affected is t and e.modifications[0].characteristic == I.PT_SET


# --- permissions -----------------------------------------------------------------------------------------
def test_lasting_permission_is_a_rules_effect():
    card = I.Filter(ref="it")
    bounded = Predicate(I.ONE_SHOT, verb="cast", objects=[card], tags={record.PLAYER_MAY}, duration="this_turn")
    assert one(bounded, YOU)[0].kind == I.RULES
    now = Predicate(I.ONE_SHOT, verb="cast", objects=[card], tags={record.PLAYER_MAY, record.FROM_ZONE})
    assert one(now, YOU, without_paying=True)[0].kind == I.ONE_SHOT
    assert one(Predicate(I.ONE_SHOT, verb="cast", tags={record.PLAYER_MAY, record.FROM_ZONE}), YOU)[0].kind == I.RULES
    alt = one(Predicate(I.ONE_SHOT, verb="discard"), YOU, alternative_cost=True)
    assert [(e.kind, e.verb, e.affected.ref) for e in alt] == [(I.RULES, "alternative_cost", "self")]


def test_a_permission_while_the_card_stays_exiled_lasts_after_the_ability_resolves():
    # "You may play that card for as long as it remains exiled" written as a condition ("solange sie im
    # Exil bleibt"): bounded like a duration, so it stays a rules effect inside a triggered ability
    from cardlint.meaning import permissions
    cond = I.Effect(kind=I.RULES, verb="play", condition=I.Condition("as_long_as", ""))
    now = I.Effect(kind=I.RULES, verb="play")
    assert [e.kind for e in permissions.resolving([cond, now])] == [I.RULES, I.ONE_SHOT]


def test_an_object_that_may_act_is_a_rule():
    p = Predicate(I.ONE_SHOT, verb="attack", tags={record.MODAL_MAY})
    assert one(p, target())[0].kind == I.RULES
    p = Predicate(I.ONE_SHOT, verb="draw", tags={record.MODAL_MAY})
    assert one(p, YOU)[0].kind == I.ONE_SHOT


# --- 611.2c ----------------------------------------------------------------------------------------------
def test_locked_sets():
    assert locking.locked_set(SELF, "spell") == locking.SELF
    assert locking.locked_set(target(), "spell") == locking.TARGETS
    assert locking.locked_set(I.Filter(quantifier="each", noun="creature"), "spell") == locking.SNAPSHOT
    assert locking.locked_set(target(), "static") is None


# --- a continuous predicate that changes nothing ---------------------------------------------------------
def test_continuous_without_modifications_is_an_action():
    assert one(Predicate(I.CONTINUOUS, verb="become"), SELF)[0].kind == I.ONE_SHOT
    assert one(Predicate(record.STATE, verb="be"), SELF) == []


# --- 113.6 / 604.5, 111.4 ---------------------------------------------------------------------------------
def test_spell_abilities_that_work_on_the_stack():
    from cardlint.meaning import stack

    uncounterable = I.Effect(kind=I.RULES, affected=SELF, verb="cant")
    colorless = I.Effect(kind=I.CONTINUOUS, affected=SELF, modifications=[colors.change(["colorless"])])
    assert stack.works_on_stack([uncounterable, colorless])
    assert not stack.works_on_stack([I.Effect(kind=I.ONE_SHOT, affected=SELF, verb="draw")])
    assert not stack.works_on_stack([])


def test_the_sentence_after_a_token_is_made_defines_it():
    from cardlint.meaning import stack

    create = I.Effect(kind=I.ONE_SHOT, verb="create")
    has = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="it"), verb="have",
                   modifications=[I.Modification(I.ABILITIES, "add", ["flying"])])
    assert stack.without_token_definitions([create, has]) == [create]
    assert stack.without_token_definitions([has]) == [has]
    # "those" (Japanese "それら", the tokens just made) refers back as "they" does
    those = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="those"), verb="have",
                     modifications=[I.Modification(I.ABILITIES, "add", ["quoted_ability"])])
    assert stack.without_token_definitions([create, those]) == [create]


# --- 708.2a / 701.40a (h18e) -----------------------------------------------------------------------
def test_put_onto_the_battlefield_face_down_has_the_face_down_characteristics():
    # a permanent put onto the battlefield face down is a face-down 2/2 (layer 1b), as a manifested
    # card is; a card exiled face down is no permanent
    assert face_down.enters_face_down(["battlefield"])
    assert face_down.enters_face_down([None, "battlefield"])
    assert not face_down.enters_face_down(["exile"])
    assert not face_down.enters_face_down([None])


# --- 707.9a -------------------------------------------------------------------------------------------
def test_ability_gained_as_part_of_copying_is_a_copiable_value():
    gains = I.Effect(kind=I.CONTINUOUS, modifications=[I.Modification(I.ABILITIES, "add", ["quoted_ability"])])
    assert copy.gained_in_copying(True, gains)
    assert not copy.gained_in_copying(False, gains)       # no copy effect: an ordinary layer-6 grant
    pumps = I.Effect(kind=I.CONTINUOUS, modifications=[I.Modification(I.ABILITIES, "add", ["flying"]),
                                                       I.Modification(I.PT_MODIFY, "modify", "+1/+1")])
    assert not copy.gained_in_copying(True, pumps)        # more than the ability: not the copy's own
