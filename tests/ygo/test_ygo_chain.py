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
