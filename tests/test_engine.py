"""Layer engine logic on hand-built IR (independent of how far the grammar has got)."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.engine import characteristics
from cardlint.engine.board import board_from_data, read_yaml
from cardlint.engine.core import Engine
from cardlint.engine.effects import Parsed


def _board(tmp_path, text):
    p = tmp_path / "b.yaml"
    p.write_text(text, encoding="utf-8")
    return board_from_data(read_yaml(p), str(p))


def _clause(text, *effects, form=I.FORM_STATEMENT):
    return I.ClauseIR(text=text, form=form, parsed=True, effects=list(effects))


def _run(board, cards, effects=None):
    parsed = Parsed(cards={oid: I.CardIR(oid, None, cl) for oid, cl in cards.items()},
                    effects={eid: I.CardIR(eid, None, cl) for eid, cl in (effects or {}).items()})
    for o in board.objects:
        parsed.cards.setdefault(o.id, I.CardIR(o.id, None, []))
    return Engine(board, parsed=parsed).run()


def _control(ref_attached=True):
    return I.Effect(I.CONTINUOUS, I.Filter(ref="object", attached="enchanted", noun="permanent"),
                    [I.Modification(I.CONTROL, "gain")])


BOARD_CC = """
objects:
  - {id: bears, name: Bears, types: [Creature], power: 2, toughness: 2, timestamp: 1}
  - {id: theirs, name: Aura A, types: [Enchantment], subtypes: [Aura], controller: opponent, attached_to: bears, timestamp: 2}
  - {id: mine, name: Aura B, types: [Enchantment], subtypes: [Aura], attached_to: theirs, timestamp: 3}
"""


def test_control_dependency_layer2(tmp_path):
    board = _board(tmp_path, BOARD_CC)
    cl = [_clause("You control enchanted permanent.", _control())]
    res = _run(board, {"theirs": cl, "mine": cl})
    chars = characteristics(res)
    assert chars["theirs"]["controller"] == "you"
    assert chars["bears"]["controller"] == "you"
    deps = [(d.dependent, d.on, d.layer, d.criterion) for d in res.dependencies]
    assert ("theirs#1", "mine#1", "2", "what_it_does") in deps
    step = next(s for s in res.steps if s.effect.id == "theirs#1")
    assert step.reason == "dependency" and step.depends_on[0].on == "mine#1"
    # the board's dependencies are the one record of the static analysis (effect ids for its parts),
    # with the analysis' reason
    from cardlint.dependency import Dependency

    assert all(type(d) is Dependency and d.reason for d in res.dependencies)


def test_cost_order_601_2f(tmp_path):
    board = _board(tmp_path, """
objects:
  - {id: sphere, name: A, types: [Artifact], timestamp: 1}
  - {id: tri, name: B, types: [Artifact], timestamp: 2}
  - {id: red, name: C, types: [Creature], power: 1, toughness: 1, timestamp: 3}
  - {id: bolt, name: Bolt, types: [Instant], mana_value: 1, mana_cost: "{R}", zone: hand}
  - {id: big, name: Big, types: [Sorcery], mana_value: 5, mana_cost: "{4}{R}", zone: hand}
""")
    spells = I.Filter(ref="object", noun="spell")

    def cost(op, n, f=spells):
        return I.Effect(I.RULES, f, [I.Modification("cost", op, n)], verb="cost")

    res = _run(board, {"sphere": [_clause("+1", cost("increase", 1))],
                       "tri": [_clause("min 3", cost("minimum", 3))],
                       "red": [_clause("-1", cost("reduce", 1, I.Filter(ref="multiple", types=["instant", "sorcery"])))]})
    chars = characteristics(res)
    assert chars["bolt"]["cost"] == 3      # {R} +1 −1 = 1, then set to three
    assert chars["big"]["cost"] == 5       # 5 +1 −1 = 5, already ≥ 3
    order = [s.reason for s in res.steps if s.layer == "rules"]
    assert order == ["cost_increase", "cost_reduce", "cost_set"]


def test_hand_size_timestamp(tmp_path):
    board = _board(tmp_path, """
objects:
  - {id: book, name: A, types: [Artifact], timestamp: 2}
  - {id: nul, name: B, types: [Enchantment], timestamp: 1}
""")
    you = I.Filter(ref="you", controller="you", noun="player")
    res = _run(board, {"book": [_clause("none", I.Effect(I.RULES, you, [I.Modification("hand_size", "none")], verb="hand_size"))],
                       "nul": [_clause("two", I.Effect(I.RULES, you, [I.Modification("hand_size", "set", 2)], verb="hand_size"))]})
    assert res.players["you"]["max_hand_size"] is None
    assert res.players["opponent"]["max_hand_size"] == 7


def test_dependency_overrides_timestamps(tmp_path):
    # "Islands are Forests" (earlier) waits for "Forests are Islands": applying the latter changes
    # what the former applies to (613.8a); not the other way round (no Island on the board).
    board = _board(tmp_path, """
objects:
  - {id: a, name: A, types: [Enchantment], timestamp: 2}
  - {id: b, name: B, types: [Enchantment], timestamp: 1}
  - {id: x, name: X, types: [Land], subtypes: [Forest], timestamp: 0}
""")
    forest_to_island = I.Effect(I.CONTINUOUS, I.Filter(subtypes=["forest"], noun="permanent"),
                                [I.Modification(I.TYPES, "set", ["island"])])
    island_to_forest = I.Effect(I.CONTINUOUS, I.Filter(subtypes=["island"], noun="permanent"),
                                [I.Modification(I.TYPES, "set", ["forest"])])
    res = _run(board, {"a": [_clause("f→i", forest_to_island)], "b": [_clause("i→f", island_to_forest)]})
    first, second = [s for s in res.steps if s.layer == "4"]
    assert first.effect.source == "a" and second.effect.source == "b"
    assert second.reason == "dependency" and second.depends_on[0].criterion == "applies_to"
    assert characteristics(res)["x"]["subtypes"] == ["Forest"]


def test_static_ability_removed_before_it_applies(tmp_path):
    # an anthem on a creature loses its ability in layer 6 → its 7c effect never applies (613.6)
    board = _board(tmp_path, """
objects:
  - {id: lord, name: Lord, types: [Creature], power: 2, toughness: 2, timestamp: 1}
  - {id: hum, name: H, types: [Enchantment], timestamp: 2}
""")
    creatures = I.Filter(types=["creature"], noun="creature", quantifier="all")
    res = _run(board, {
        "lord": [_clause("Creatures get +1/+1.", I.Effect(I.CONTINUOUS, creatures, [I.Modification(I.PT_MODIFY, "modify", "+1/+1")]))],
        "hum": [_clause("lose all", I.Effect(I.CONTINUOUS, creatures, [I.Modification(I.ABILITIES, "remove_all")]))]})
    assert characteristics(res)["lord"]["power"] == 2
    assert any(s.reason == "ceased" and not s.applied for s in res.steps)


def test_cda_applies_first_in_layer(tmp_path):
    board = _board(tmp_path, """
objects:
  - {id: c, name: C, types: [Creature], subtypes: [Shapeshifter], power: 1, toughness: 1, timestamp: 2}
  - {id: e, name: E, types: [Enchantment], timestamp: 1}
""")
    cda = I.Effect(I.CONTINUOUS, I.Filter(ref="self"), [I.Modification(I.TYPES, "all_creature_types")])
    goat = I.Effect(I.CONTINUOUS, I.Filter(types=["creature"], noun="creature"), [I.Modification(I.TYPES, "set", ["goat"])])
    res = _run(board, {"c": [_clause("Changeling", cda, form=I.FORM_KEYWORD)], "e": [_clause("goat", goat)]})
    steps = [s for s in res.steps if s.layer == "4"]
    assert steps[0].cda and steps[0].reason == "cda_first"
    ch = characteristics(res)["c"]
    assert ch["subtypes"] == ["Goat"] and ch["all_creature_types"] is False


@pytest.mark.parametrize("text,line,needle", [
    ("objects:\n  - {id: a, name: A, types: [Creature], timestamp: 1, flavor: x}\n", 2, "unknown key"),
    ("objects:\n  - id: a\n    name: A\n    types: [Creature]\n", 2, "timestamp"),
    ("objects:\n  - {id: a, name: A, timestamp: 1}\neffects:\n  - {text: 'Target creature gets +1/+1 until end of turn.'}\n", 4, "timestamp"),
])
def test_bad_boards_name_the_line(tmp_path, text, line, needle):
    from cardlint.errors import InputError

    with pytest.raises(InputError) as err:
        _board(tmp_path, text)
    assert err.value.line == line and needle in str(err.value)
