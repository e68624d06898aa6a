"""Yu-Gi-Oh! classification: real effects from the corpus (fixtures), the output contract, bad input."""

from __future__ import annotations

import collections
import json
import time
from pathlib import Path

import pytest

from cardlint.ygo import classify

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ygo"
LANGS = ["en", "de", "ja", "zh-Hans"]
KEYS = ("type", "mandatory", "timing", "can_miss_timing", "spell_speed", "parsed")


def _records(lang):
    with open(FIXTURES / f"effects-{lang}.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _cases():
    for lang in LANGS:
        for rec in _records(lang):
            yield pytest.param(lang, rec, id=f"{lang}-{rec['id']}")


@pytest.mark.parametrize("lang,rec", list(_cases()))
def test_fixture_card(lang, rec):
    got = classify(rec["text"], lang, rec["type"], None, rec["name"])["effects"]
    want = rec["expected"]
    strip = lambda ds: [{k: d[k] for k in ("type", "mandatory", "timing", "can_miss_timing", "spell_speed")} for d in ds]
    if lang in ("en",):
        assert strip(got) == want
    else:
        # the order of effects may differ from the English text (①②③ vs PSCT order): compare multisets
        key = lambda d: json.dumps(d, sort_keys=True)
        assert collections.Counter(map(key, strip(got))) == collections.Counter(map(key, want))
    assert all(d["parsed"] for d in got)


@pytest.mark.parametrize("lang", LANGS)
def test_fixtures_are_large_and_cover_every_type(lang):
    recs = _records(lang)
    n_effects = sum(len(r["expected"]) for r in recs)
    assert n_effects >= 60
    types = {d["type"] for r in recs for d in r["expected"]}
    assert {"ignition", "trigger", "quick", "continuous", "activation", "spell-continuous",
            "summon-condition", "restriction"} <= types
    timings = {d["timing"] for r in recs for d in r["expected"] if d["type"] == "trigger"}
    assert {"when", "if", None} <= timings


def test_contract_shape():
    out = classify("If this card is sent to the GY: You can add 1 \"Sangan\" from your Deck to your hand.", "en",
                   "Effect Monster")
    assert out["game"] == "ygo"
    (e,) = out["effects"]
    assert set(KEYS) <= set(e) and "text" in e
    assert (e["type"], e["mandatory"], e["timing"], e["can_miss_timing"], e["spell_speed"], e["parsed"]) == \
        ("trigger", False, "if", False, 1, True)


@pytest.mark.parametrize("text,lang,ctype,expected", [
    ("When this card is Normal Summoned: You can draw 1 card.", "en", "Effect Monster", ("trigger", False, "when", 1)),
    ("If this card is Normal Summoned: Draw 1 card.", "en", "Effect Monster", ("trigger", True, None, 1)),
    ("(Quick Effect): You can discard this card; destroy 1 card on the field.", "en", "Effect Monster", ("quick", None, None, 2)),
    ("FLIP: Destroy 1 monster on the field.", "en", "Flip Effect Monster", ("flip", True, None, 1)),
    ("You can Tribute this card; destroy 1 monster on the field.", "en", "Effect Monster", ("ignition", None, None, 1)),
    ("Target 1 card on the field; destroy it.", "en", "Quick-Play Spell", ("activation", None, None, 2)),
    ("Target 1 card on the field; destroy it.", "en", "Counter Trap", ("activation", None, None, 3)),
    ("Falls diese Karte als Normalbeschwörung beschworen wird: Du kannst 1 Karte ziehen.", "de", "Effect Monster",
     ("trigger", False, "if", 1)),
    ("Wenn diese Karte als Normalbeschwörung beschworen wird: Du kannst 1 Karte ziehen.", "de", "Effect Monster",
     ("trigger", False, "when", 1)),
    ("①：このカードが召喚に成功した時に発動できる。自分はデッキから１枚ドローする。", "ja", "Effect Monster", ("trigger", False, "when", 1)),
    ("①：このカードが召喚に成功した場合に発動できる。自分はデッキから１枚ドローする。", "ja", "Effect Monster", ("trigger", False, "if", 1)),
    ("①：このカードが墓地へ送られた場合に発動する。自分はデッキから１枚ドローする。", "ja", "Effect Monster", ("trigger", True, None, 1)),
    ("①：手札からこのカードを捨てて発動できる。自分はデッキから１枚ドローする。この効果は相手ターンでも発動できる。", "ja",
     "Effect Monster", ("quick", None, None, 2)),
    ("①：这张卡召唤成功时才能发动。自己从卡组抽1张。", "zh-Hans", "Effect Monster", ("trigger", False, "when", 1)),
    ("①：此卡召唤的场合可以发动。自己从牌组抽1张。", "zh-Hans", "Effect Monster", ("trigger", False, "if", 1)),
])
def test_small_examples(text, lang, ctype, expected):
    (e,) = classify(text, lang, ctype)["effects"]
    assert (e["type"], e["mandatory"], e["timing"], e["spell_speed"]) == expected
    assert e["parsed"]
    assert e["can_miss_timing"] == (expected[2] == "when")


def test_once_per_turn_restriction_is_separate():
    t = ("You can discard 1 card; draw 1 card. You can only use this effect of \"X\" once per turn.")
    types = [e["type"] for e in classify(t, "en", "Effect Monster")["effects"]]
    assert types == ["ignition", "restriction"]
    t = "このカード名の①の効果は１ターンに１度しか使用できない。①：手札を１枚捨てて発動できる。自分は１枚ドローする。"
    types = [e["type"] for e in classify(t, "ja", "Effect Monster")["effects"]]
    assert types == ["restriction", "ignition"]


def test_summoning_condition_is_one_entry():
    t = "Cannot be Normal Summoned/Set. Must be Special Summoned by banishing 1 LIGHT monster from your GY. " \
        "Once per turn: You can draw 1 card."
    types = [e["type"] for e in classify(t, "en", "Effect Monster")["effects"]]
    assert types == ["summon-condition", "ignition"]


def test_pendulum_text_is_read_separately():
    out = classify("If this card is Normal Summoned: You can draw 1 card.", "en", "Pendulum Effect Monster",
                   pendulum_text="Once per turn: You can destroy this card.")
    assert [e.get("pendulum", False) for e in out["effects"]] == [True, False]
    assert out["effects"][0]["type"] == "ignition"


def test_normal_monster_flavour_text_has_no_effects():
    assert classify("A dragon of legend.", "en", "Normal Monster")["effects"] == []


def test_same_ir_same_classification_across_languages():
    en = classify("If this card is Normal Summoned: You can draw 1 card.", "en", "Effect Monster")["effects"]
    ja = classify("①：このカードが召喚に成功した場合に発動できる。自分は１枚ドローする。", "ja", "Effect Monster")["effects"]
    key = lambda ds: [(d["type"], d["mandatory"], d["timing"], d["spell_speed"]) for d in ds]
    assert key(en) == key(ja)


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", ["", "   ", "\n\n", ":::;;;...", "。。。", "●●●", "\"\"\"", "「」：①②③"])
def test_junk_never_crashes(lang, text):
    out = classify(text, lang, "Effect Monster")
    assert out["game"] == "ygo"
    for e in out["effects"]:
        assert set(KEYS) <= set(e)


@pytest.mark.parametrize("lang", LANGS)
def test_megabyte_line_is_fast(lang):
    unit = {"en": "If this card is Summoned: draw 1 card. ", "de": "Falls diese Karte beschworen wird: ziehe 1 Karte. ",
            "ja": "①：このカードが召喚に成功した場合に発動できる。１枚ドローする。", "zh-Hans": "①：这张卡召唤成功时才能发动。抽1张。"}[lang]
    text = (unit * (1_000_000 // len(unit) + 1))[:1_000_000]
    t0 = time.perf_counter()
    out = classify(text, lang, "Effect Monster")
    assert time.perf_counter() - t0 < 1.0
    assert out["effects"] and not out["effects"][0]["parsed"]


def test_unsupported_language():
    with pytest.raises(ValueError):
        classify("x", "fr")


def test_non_string_input():
    assert classify(None, "en")["effects"] == []  # type: ignore[arg-type]


# ------------------------------------------------------------------ rules lines, continuations, activations
# Real card texts from the corpus (hand-checked): what is an effect, and of which kind, must not depend on
# whether the text is PSCT (sentences, paragraphs) or OCG (①②③ with unnumbered rule lines).

def _types(text, lang, ctype):
    return [e["type"] for e in classify(text, lang, ctype)["effects"]]


@pytest.mark.parametrize("text,lang,ctype,expected", [
    # a condition on "this effect" belongs to the effect it follows (Treeborn Frog)
    ("Once per turn, during your Standby Phase, if this card is in your GY and you do not control \"Treeborn Frog\": "
     "You can Special Summon this card. You must control no Spells/Traps to activate and to resolve this effect.",
     "en", "Effect Monster", ["trigger"]),
    # a material restriction is not an effect: the OCG prints it without a number (XX-Saber Boggart Knight)
    ("Cannot be used as Synchro Material, except for the Synchro Summon of an \"X-Saber\" monster. When this card is "
     "Normal Summoned: You can Special Summon 1 Level 4 or lower \"X-Saber\" monster from your hand.",
     "en", "Effect Monster", ["restriction", "trigger"]),
    ("このカードをＳ素材とする場合、「Ｘ－セイバー」モンスターのＳ召喚にしか使用できない。①：このカードが召喚した時に発動できる。"
     "手札からレベル４以下の「Ｘ－セイバー」モンスター１体を特殊召喚する。", "ja", "Effect Monster", ["restriction", "trigger"]),
    # "You can only Link Summon … once per turn" (Akashic Magician)
    ("2 monsters with the same Type, except Tokens\nYou can only Link Summon \"Akashic Magician(s)\" once per turn. If this "
     "card is Link Summoned: Return all monsters this card points to to the hand.", "en", "Link Effect Monster",
     ["summon-condition", "restriction", "trigger"]),
    # the rule for the turn an effect is activated is not a summoning condition (Mozarta the Melodious Maestra)
    ("このカードの効果を発動するターン、自分は光属性以外のモンスターを特殊召喚できない。①：１ターンに１度、自分メインフェイズに発動できる。"
     "手札から天使族・光属性モンスター１体を特殊召喚する。", "ja", "Effect Monster", ["restriction", "ignition"]),
    # an old trigger that Special Summons another card is not a summoning procedure (Constellar Aldebaran)
    ("このカードが召喚に成功した時、手札からレベル３の「セイクリッド」と名のついたモンスター１体を特殊召喚できる。", "ja",
     "Effect Monster", ["trigger"]),
    # a Ritual Spell's "「…」の降臨に必要。" is a rule line; ① is the activation (Gishki Aquamirror)
    ("「リチュア」儀式モンスターの降臨に必要。①：レベルの合計が儀式召喚するモンスターと同じになるように、自分の手札・フィールドの"
     "モンスターをリリースし、手札から「リチュア」儀式モンスター１体を儀式召喚する。②：墓地のこのカードをデッキに戻し、自分の墓地の"
     "「リチュア」儀式モンスター１体を対象として発動できる。そのモンスターを手札に加える。", "ja", "Ritual Spell",
     ["restriction", "activation", "ignition"]),
    # a Spell's effect from the GY is not part of its activation (Cyber Eternal)
    ("Target 1 Machine \"Cyber\" Fusion Monster in your GY; return it to the Extra Deck or Special Summon it, ignoring its "
     "Summoning conditions. If a Machine \"Cyber\" Fusion Monster(s) you control would be destroyed by battle or card "
     "effect, you can banish this card from your GY instead. You can only use each effect of \"Cyber Eternal\" once per "
     "turn.", "en", "Quick-Play Spell", ["activation", "spell-continuous", "restriction"]),
    # a Trap Monster's self-Summon is the card's activation (Stronghold the Moving Fortress), in every language
    ("Special Summon this card in Defense Position as an Effect Monster (Machine/EARTH/Level 4/ATK 0/DEF 2000). (This card "
     "is also still a Trap.) While you control \"Green Gadget\", \"Red Gadget\", and \"Yellow Gadget\", this card gains "
     "3000 ATK.", "en", "Continuous Trap", ["activation", "spell-continuous"]),
    ("①：这张卡发动后变成效果怪兽（机械族·地·4星·攻0／守2000），在怪兽区域守备表示特殊召唤。这张卡也当作陷阱卡使用。"
     "②：自己场上有「绿色零件」「红色零件」「黄色零件」存在的场合，这张卡的效果特殊召唤的这张卡的攻击力上升3000。", "zh-Hans",
     "Continuous Trap", ["activation", "spell-continuous"]),
    # "…可以发动此卡" is the card's activation with a cost (Toon World)
    ("支付1000LP可以发动此卡。", "zh-Hans", "Continuous Spell", ["activation"]),
    # a lasting card's activation sentence does not swallow its "as long as this card is on the field" effect
    ("種族を１つ宣言して発動する。このカードがフィールド上に存在する限り、フィールド上に表側表示で存在する全てのモンスターは宣言した"
     "種族になる。", "ja", "Continuous Trap", ["activation", "spell-continuous"]),
    # an Equip Spell's first effect with a state condition and no "You can" is its activation (Beacon of White)
    ("If you do not control another \"Beacon of White\", and you have 3 or more \"Blue-Eyes\" monsters in your GY: Target "
     "1 of them; Special Summon it, but negate its effects, also equip it with this card.", "en", "Equip Spell",
     ["activation"]),
    # a maintenance cost is paid without a chain: not a trigger effect (Seal of Wickedness)
    ("During each of your Standby Phases, pay 500 Life Points or destroy this card.", "en", "Continuous Trap",
     ["spell-continuous"]),
    ("①：对手场上怪兽的数量比自己场上的怪兽多的情况下，此卡无需解放即可召唤。", "zh-Hans", "Effect Monster", ["summon-condition"]),
    # old unnumbered text opens a further effect with "また、" (Rebound): not part of the activation
    ("フィールド上のカードを手札に戻す効果を相手が発動した時に発動できる。その効果を無効にし、相手の手札・フィールド上からカードを１枚"
     "選んで墓地へ送る。また、セットされたこのカードが相手によって破壊され墓地へ送られた時、デッキからカードを１枚ドローする。", "ja",
     "Counter Trap", ["activation", "trigger"]),
    # the procedure sentence after "通常召喚できない。" belongs to the summoning condition (Fenrir)
    ("このカードは通常召喚できない。自分の墓地の水属性モンスター２体をゲームから除外して特殊召喚する。", "ja", "Effect Monster",
     ["summon-condition"]),
    # a restriction line ending in a colon introduces bulleted effects of their own (Cubic Dharma)
    ("You can only use each of the following effects of \"Cubic Dharma\" once per turn, during your Main Phase:\n● You can "
     "send 1 \"Cubic\" card from your hand to the GY, and if you do, draw 1 card.\n● You can banish this card from your "
     "GY, then target 1 \"Cubic\" monster in your GY; add it to your hand.", "en", "Continuous Spell",
     ["restriction", "ignition", "ignition"]),
])
def test_rule_lines_and_effect_boundaries(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


# ------------------------------------------------------------------ the agreement measures themselves

def test_modal_effect_absorbs_one_script_effect_per_choice():
    from cardlint.ygo.evaluate import absorb_modal, modal_slack
    modal = {"text": "Activate 1 of these effects; ● Draw 1 card. ● Gain 500 LP. ● Destroy 1 card.", "type": "activation",
             "mandatory": None, "timing": None}
    ours = collections.Counter({"activation": 1})
    slack = modal_slack([modal])
    assert slack == collections.Counter({"activation": 2})
    assert absorb_modal(ours, collections.Counter({"activation": 3}), slack) == ours
    # more script effects than choices, or a different type, still disagree
    assert absorb_modal(ours, collections.Counter({"activation": 4}), slack) != ours
    assert absorb_modal(ours, collections.Counter({"activation": 1, "quick": 1}), slack) != ours
    plain = dict(modal, text="Draw 1 card.")
    assert modal_slack([plain]) == collections.Counter()


def test_cross_language_measure_counts_activated_effects_and_passive_presence():
    from cardlint.ygo.evaluate import _activated, _passive
    k = lambda *xs: collections.Counter(xs)
    cont, trig = ("continuous", None, None), ("trigger", False, "if")
    # two continuous sentences vs one ② sentence: same card
    a, b = k(cont, cont, trig), k(cont, trig)
    assert _activated(a) == _activated(b) and _passive(a) == _passive(b)
    # a continuous effect on one side only, or a different trigger timing: different
    assert _passive(k(cont, trig)) != _passive(k(trig))
    assert _activated(k(trig)) != _activated(k(("trigger", False, "when")))
