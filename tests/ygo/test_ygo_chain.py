"""`cardlint chain`: the article's SEGOC / priority examples (card texts from the ja corpus)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.cli import main
from cardlint.ygo.chain import load_chain_file, parse_chain_text, run
from cardlint.errors import InputError

CHAINS = Path(__file__).resolve().parents[1] / "fixtures" / "ygo" / "chains"


def _orders(name):
    res = run(load_chain_file(CHAINS / name))
    return [[(x["card"], x["controller"]) for x in o] for o in res["orders"]], res


def test_sangan_zaborg_stumbling_both_orders():
    orders, res = _orders("sangan_zaborg_stumbling.yaml")
    assert sorted(orders) == sorted([
        [("クリッター", "A"), ("雷帝ザボルグ", "A"), ("つまずき", "A")],
        [("クリッター", "A"), ("つまずき", "A"), ("雷帝ザボルグ", "A")],
    ])
    for o, r in zip(res["orders"], res["resolution"]):
        assert [x["card"] for x in r] == [x["card"] for x in reversed(o)]


def test_exiled_force_uses_priority_before_torrential_tribute():
    orders, _ = _orders("exiled_force_priority.yaml")
    # the turn player activates the ignition effect first; Torrential Tribute's "when a monster is
    # Summoned" timing has passed, so it cannot be chained
    assert orders == [[("ならず者傭兵部隊", "A")]]


def test_stumbling_trigger_takes_the_priority_away():
    orders, res = _orders("stumbling_takes_priority.yaml")
    assert orders == [[("つまずき", "A"), ("激流葬", "B")]]
    assert res["notes"]
    assert res["resolution"][0][0]["card"] == "激流葬"


def test_puppet_master_tributed_then_mandatory_then_optional():
    orders, res = _orders("puppet_master_segoc.yaml")
    assert orders == [[("クリッター", "A"), ("つまずき", "A"), ("王虎ワンフー", "B"), ("死霊操りしパペットマスター", "A")]]
    links = res["orders"][0]
    assert links[3]["mandatory"] is False and links[2]["mandatory"] is True


def test_attack_declaration_non_turn_player_mandatory_then_optional():
    orders, res = _orders("attack_declaration_traps.yaml")
    assert orders == [[("モンスターＢＯＸ", "B"), ("旅人の試練", "B")]]
    assert [x["card"] for x in res["resolution"][0]] == ["旅人の試練", "モンスターＢＯＸ"]


def test_cli_json(capsys):
    assert main(["chain", str(CHAINS / "sangan_zaborg_stumbling.yaml"), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["orders"]) == 2 and len(out["resolution"]) == 2
    assert set(out["orders"][0][0]) >= {"link", "card", "controller", "why"}


def test_cli_text(capsys):
    assert main(["chain", str(CHAINS / "puppet_master_segoc.yaml")]) == 0
    assert "クリッター" in capsys.readouterr().out


@pytest.mark.parametrize("raw,line", [
    ("turn_player: C\nevent: x\n", 1),
    ("turn_player: A\ntriggers:\n  - card: X\n    controller: Q\n    text: t\n", 4),
    ("turn_player: A\ntriggers:\n  - card: X\n    text: t\n", 3),
    ("turn_player: A\ntriggers: [\n", None),
    ("- a\n- b\n", 1),
    ("turn_player: A\nbogus: 1\n", 2),
])
def test_malformed_chain_files(raw, line):
    with pytest.raises(InputError) as exc:
        parse_chain_text(raw, "bad.yaml")
    if line is not None:
        assert exc.value.line == line
    assert "bad.yaml" in str(exc.value)


def test_cli_malformed_exits_2(tmp_path, capsys):
    p = tmp_path / "bad.yaml"
    p.write_text("turn_player: A\ntriggers:\n  - card: X\n    controller: Z\n    text: t\n", encoding="utf-8")
    assert main(["chain", str(p)]) == 2
    assert f"{p}:4" in capsys.readouterr().err


# --- missing the timing and Spell Speed (issue 20) -----------------------------------------------
# ygo-rules-en.txt § Missing the Timing, If vs When: "If monsters are Tributed (for a Tribute … Summon)
# … optional Trigger Effects that read 'when it is sent to the Graveyard, you can do [effect]' … cannot
# be activated during that procedure"; "… if 'Raigeki Break' is activated by discarding 'Archfiend of
# Gilfer' as a cost, … [its] effect … cannot be activated"; "Effects that say 'if [event] you can' can
# be activated … after all those effects/chains finish resolving".

def test_tributed_when_you_can_trigger_misses_the_timing():
    orders, res = _orders("tribute_missed_timing.yaml")
    assert all("Archfiend of Gilfer" not in [c for c, _p in o] for o in orders)
    assert sorted(orders) == sorted([
        [("Sangan", "A"), ("Dandylion", "A"), ("Zaborg the Thunder Monarch", "A")],
        [("Dandylion", "A"), ("Sangan", "A"), ("Zaborg the Thunder Monarch", "A")],
    ])
    [ex] = res["excluded"]
    assert ex["card"] == "Archfiend of Gilfer" and "Tributed" in ex["why"] and "timing" in ex["why"]


def test_cost_and_resolution_miss_the_timing_only_for_when_you_can():
    orders, res = _orders("cost_and_resolution_missed_timing.yaml")
    assert orders == [[("Sangan", "B"), ("Dandylion", "A")]]
    why = {x["card"]: x["why"] for x in res["excluded"]}
    assert set(why) == {"Archfiend of Gilfer", "Magma Dragon"}
    assert "cost" in why["Archfiend of Gilfer"] and "resolution" in why["Magma Dragon"]


def test_without_the_flag_the_when_trigger_is_in_the_chain():
    raw = (CHAINS / "tribute_missed_timing.yaml").read_text(encoding="utf-8").replace("    tributed: true\n", "", 1)
    res = run(parse_chain_text(raw))
    assert any("Archfiend of Gilfer" in [x["card"] for x in o] for o in res["orders"])
    assert not res["excluded"]


def test_counter_trap_chains_to_counter_trap_and_nothing_slower():
    # ygo-rules-en.txt § Spell Speed 3: "Only another Spell Speed 3 card may be used to respond to these cards."
    orders, res = _orders("counter_trap_speed.yaml")
    assert orders == [[("Pot of Greed", "A"), ("Magic Jammer", "B"), ("Seven Tools of the Bandit", "A")]]
    speeds = [x["spell_speed"] for x in res["orders"][0]]
    assert speeds == [1, 3, 3]
    why = {x["card"]: x["why"] for x in res["excluded"]}
    assert set(why) == {"Mystical Space Typhoon", "Sakuretsu Armor"}
    assert all("Spell Speed 2" in w and "Spell Speed 3" in w for w in why.values())


def test_quick_play_responds_to_a_spell_speed_2_link():
    raw = (CHAINS / "counter_trap_speed.yaml").read_text(encoding="utf-8")
    raw = raw.replace("type: Counter Trap\n    text: \"When a Spell Card is activated",
                      "type: Normal Trap\n    text: \"When a Spell Card is activated")
    res = run(parse_chain_text(raw))
    cards = [x["card"] for x in res["orders"][0]]
    # Normal Trap (2) ← Quick-Play Spell (2) ← Counter Trap (3); the Normal Trap after SS3 is out
    assert cards == ["Pot of Greed", "Magic Jammer", "Mystical Space Typhoon", "Seven Tools of the Bandit"]


@pytest.mark.parametrize("raw", [
    "turn_player: A\ntriggers:\n  - card: X\n    controller: A\n    text: t\n    sent_as: discard\n",
    "turn_player: A\ntriggers:\n  - card: X\n    controller: A\n    text: t\n    during: battle\n",
])
def test_bad_missing_timing_flags(raw):
    with pytest.raises(InputError) as exc:
        parse_chain_text(raw)
    assert exc.value.line == 6


def _many_triggers(n):
    trig = "".join(f"  - card: Monster {i}\n    controller: A\n    type: Effect Monster\n"
                   f"    text: \"If this card is Normal Summoned: You can draw 1 card.\"\n" for i in range(n))
    return parse_chain_text(f"turn_player: A\nphase: main1\nevent: x\ntriggers:\n{trig}")


def test_twelve_optional_triggers_are_generated_lazily_and_the_cut_is_said():
    import time

    t = time.perf_counter()
    res = run(_many_triggers(12))
    elapsed = time.perf_counter() - t
    assert elapsed < 10, elapsed     # guard against blow-up (479,001,600 orders); figure in tools/bench.py
    assert len(res["orders"]) == 720 and res["truncated"] and res["total_orders"] == 479001600
    assert any("720" in n and "479001600" in n for n in res["notes"])
    assert len({tuple(x["card"] for x in o) for o in res["orders"]}) == 720


def test_few_triggers_are_not_cut():
    res = run(_many_triggers(3))
    assert len(res["orders"]) == 6 and not res["truncated"] and res["total_orders"] == 6


def test_japanese_when_trigger_tributed_misses_the_timing_and_counter_traps_chain():
    # the same rules with OCG wording: 「～時に発動できる」 (optional "when") misses the timing,
    # 「～場合に発動できる」 ("if") does not; カウンター罠 (Spell Speed 3) answers カウンター罠
    raw = """turn_player: A
phase: main1
event: "A Tribute Summons a monster by Tributing two monsters"
lang: ja
triggers:
  - {card: 甲, controller: A, type: Effect Monster, tributed: true,
     text: "①：このカードが墓地へ送られた時に発動できる。デッキから１枚ドローする。"}
  - {card: 乙, controller: A, type: Effect Monster, tributed: true,
     text: "①：このカードが墓地へ送られた場合に発動できる。デッキから１枚ドローする。"}
responses:
  - {card: 丙, controller: B, type: Counter Trap, text: "①：モンスターの効果が発動した時に発動できる。その発動を無効にし破壊する。"}
  - {card: 丁, controller: A, type: Counter Trap, text: "①：罠カードが発動した時に発動できる。その発動を無効にし破壊する。"}
"""
    res = run(parse_chain_text(raw))
    assert [[x["card"] for x in o] for o in res["orders"]] == [["乙", "丙", "丁"]]
    assert [x["card"] for x in res["excluded"]] == ["甲"]
