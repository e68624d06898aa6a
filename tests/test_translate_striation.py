"""A leveler's striation (CR 711.2b) in every language: the level symbol and the lines under it are
one clause, one static ability (base P/T, layer 7b; the abilities, layer 6; never a CDA), so a
translation compares with the English striation by striation.

The cards of ``fixtures/translate/levelers.jsonl`` are corpus printings (Rise of the Eldrazi
levelers) in de, ja and zh-Hans with their printed English; the Japanese Caravan Escort and Knight
of Cliffhaven are printed with their lines run together ("Lv１-４２/２Lv５＋５/５先制攻撃")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.pipeline import classify_text
from cardlint.text.segment import segment, unglue_striations
from cardlint.translate.compare import check_card

ROWS = [json.loads(x) for x in (Path(__file__).parent / "fixtures" / "translate" / "levelers.jsonl")
        .read_text(encoding="utf-8").split("\n") if x.strip()]


def _id(r):
    return f"{r['lang']}-{r['name']}"


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_each_striation_is_one_parsed_static_clause_in_layers_6_and_7b(row):
    clauses = classify_text(row["text"], row["lang"], row["tname"], row["type"])["clauses"]
    english = classify_text(row["en_printed_text"], "en", row["name"], row["en_printed_type"])["clauses"]
    assert len(clauses) == len(english) == 3                     # level up, two striations
    for c, e in zip(clauses[1:], english[1:]):
        assert c["parsed"], c.get("error")
        assert c["ability"] == e["ability"] == "static"
        assert sorted(x["layer"] for x in c["effects"]) == sorted(x["layer"] for x in e["effects"])
        assert "7b" in {x["layer"] for x in c["effects"]}
        assert not any(x["cda"] for x in c["effects"])


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_a_faithful_leveler_compares_consistent(row):
    res = check_card(row["en_printed_text"], row["text"], row["lang"], row["name"], row["tname"],
                     row["en_printed_type"], row["type"])
    assert res.status == "consistent", ([f.to_dict() for f in res.findings], [r.to_dict() for r in res.reasons])


def test_a_changed_box_or_keyword_in_a_striation_is_found():
    row = next(r for r in ROWS if r["lang"] == "de" and r["name"] == "Knight of Cliffhaven")
    for old, new, code in (("4/4\nFliegend, Wachsamkeit", "4/5\nFliegend, Wachsamkeit", "TR201"),
                           ("4/4\nFliegend, Wachsamkeit", "4/4\nFliegend, Verteidiger", "TR204")):
        res = check_card(row["en_printed_text"], row["text"].replace(old, new), "de", row["name"], row["tname"],
                         row["en_printed_type"], row["type"])
        assert res.status == "inconsistent" and code in {f.code for f in res.findings}, \
            [f.to_dict() for f in res.findings]


def test_glued_striations_get_their_line_breaks_back():
    # the range's last level and the box's power run together: the next striation's first level says
    # where the range ends (4 before "Lv５＋"; 11 before "Lv12+")
    assert unglue_striations("…）Lv1-42/2Lv5+5/5先制攻撃") == "…）\nLv 1-4\n2/2\nLv 5+\n5/5\n先制攻撃"
    assert unglue_striations("Lv6-116/6絆魂Lv12+7/7") == "Lv 6-11\n6/6\n絆魂\nLv 12+\n7/7"
    assert unglue_striations("x)STUFE 2-32/4{U}{U}, {T}: Kopiere.STUFE 4+2/5") == \
        "x)\nSTUFE 2-3\n2/4\n{U}{U}, {T}: Kopiere.\nSTUFE 4+\n2/5"
    # nothing to tell the range from the power by: left as it is
    assert unglue_striations("Lv1-42/2") == "Lv1-42/2"
    for text in ("LEVEL 1-4\n2/2", "Whenever it has level 3 or greater, draw a card.", "Lvアップ{2}"):
        assert unglue_striations(text) == text


def test_level_symbols_only_on_a_line_of_their_own_and_in_the_printed_case():
    segs = segment("Whenever this creature attacks, if it has level 3 or greater, draw a card.\nStufe 2\nFlying")
    assert not any(s.striation for s in segs)
    segs = segment("STUFE 1-3\n2/3\nFliegend\n等级4+\n4/4")
    assert [(s.striation, s.bullets) for s in segs] == [(True, ["2/3", "Fliegend"]), (True, ["4/4"])]
