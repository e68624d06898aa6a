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


# ------------------------------------------------------------------ granted effects, labelled bullets, riders

@pytest.mark.parametrize("text,lang,ctype,expected", [
    # "You can use this effect … up to twice per turn" is a restriction (Number 80: Rhapsody in Berserk)
    ("2 Level 4 monsters\nYou can detach 1 Xyz Material from this card, then target 1 card in your opponent's Graveyard; "
     "banish that target. You can use this effect of \"Number 80: Rhapsody in Berserk\" up to twice per turn.", "en",
     "Xyz Effect Monster", ["summon-condition", "ignition", "restriction"]),
    # labelled bullets ("● 2+:") are effects the card gains; the label is the state, not a header (Super Quantal Mech
    # King Great Magnus; the OCG prints each as "●２種類以上：…")
    ("3 Level 12 monsters\nIf this card is sent to the GY: You can Special Summon 3 \"Super Quantal Mech Beast\" Xyz "
     "Monsters with different names from your GY. This card gains these effects, based on the number of materials with "
     "different names attached to it. ● 2+: Once per turn, during the Main Phase (Quick Effect): You can detach 1 "
     "material from this card; shuffle 1 card on the field into the Deck. ● 4+: It is unaffected by card effects, except "
     "\"Super Quant\" cards. ● 6+: Your opponent cannot add cards from the Deck to the hand by card effects.", "en",
     "Xyz Effect Monster", ["summon-condition", "trigger", "continuous", "quick", "continuous", "continuous"]),
    # a monster text that opens with position bullets (Morphtronic Clocken), in English and German
    ("● While in Attack Position: This card gains 500 ATK for each Morph Counter on it. ● While in Defense Position: Once "
     "per turn, you can place 1 Morph Counter on this card. You can Tribute this card to inflict 1000 damage to your "
     "opponent for each Morph Counter on it.", "en", "Effect Monster", ["continuous", "ignition", "ignition"]),
    ("● Solange in Angriffsposition: Diese Karte erhält 500 ATK für jede Morph-Zählmarke darauf. ● Solange in "
     "Verteidigungsposition: Einmal pro Spielzug kannst du 1 Morph-Zählmarke auf diese Karte legen.", "de",
     "Effect Monster", ["continuous", "ignition"]),
    # a Gemini monster's effect is its own effect, not a step of the Gemini rule (Knight Day Grepher)
    ("This card is treated as a Normal Monster while face-up on the field or in the Graveyard. While this card is a Normal "
     "Monster on the field, you can Normal Summon it to have it become an Effect Monster with this effect.\n● During your "
     "End Phase: You can target 1 Equip Spell Card in your Graveyard; add that target to your hand. You can only use this "
     "effect of \"Knight Day Grepher\" once per turn.", "en", "Gemini Effect Monster",
     ["continuous", "trigger", "restriction"]),
    ("Diese Karte wird als ein Normales Monster behandelt, solange sie offen auf dem Spielfeld oder im Friedhof liegt. "
     "Solange diese Karte ein Normales Monster auf dem Spielfeld ist, kannst du sie als Normalbeschwörung beschwören, damit "
     "sie ein Effektmonster mit diesem Effekt wird.\n● Während deiner End Phase: Du kannst 1 Ausrüstungszauberkarte in "
     "deinem Friedhof wählen; füge das gewählte Ziel deiner Hand hinzu.", "de", "Gemini Effect Monster",
     ["continuous", "continuous", "trigger"]),
    # an activated effect that grants the bulleted effect (Orichalcos Sword of Sealing; OCG: "…以下の効果を得る。●…")
    ("The equipped monster's effects are negated. If you control a card in your Field Zone: You can target 1 Effect Monster "
     "you control; that Effect Monster gains this effect until the end of your opponent's turn.\n● Once per turn (Quick "
     "Effect): You can send 1 card from your hand to the GY, then target 1 face-up card on the field; destroy that "
     "target.", "en", "Equip Spell", ["spell-continuous", "ignition", "quick"]),
    # a material substitute is a rule of the card (Junk Anchor; OCG "…の代わりとしてＳ素材にできる")
    ("For a Synchro Summon, you can substitute this card for any 1 \"Synchron\" Tuner.", "en", "Tuner Effect Monster",
     ["continuous"]),
    ("You cannot Normal or Special Summon monsters (but you can Normal Set).", "en", "Effect Monster", ["continuous"]),
    # "If Special Summoned this way, …" after the restriction line rides on the effect before it (Backup Operator)
    ("You can target 1 face-up monster that a Link Monster you control points to; Special Summon this card from your hand, "
     "and if you do, return that monster to the hand. You can only use this effect of \"Backup Operator\" once per turn. If "
     "Special Summoned this way, banish this card when it leaves the field.", "en", "Effect Monster",
     ["ignition", "restriction"]),
    # "If Summoned this way, during …: …" after a Summon procedure activates (Jester Confit)
    ("You can Special Summon this card (from your hand) in Attack Position. If Summoned this way, during your opponent's "
     "next End Phase: Target 1 face-up monster your opponent controls; return both that target and this face-up card to "
     "the hand.", "en", "Effect Monster", ["summon-condition", "trigger"]),
    # OCG: "…以下の効果を得る。●…" before any ① splits like a numbered grant (Morphtronic Clocken)
    ("このカードはこのカードの表示形式によって以下の効果を得る。●攻撃表示：このカードに乗っているディフォーマーカウンター１つにつき、"
     "このカードの攻撃力は５００ポイントアップする。●守備表示：１ターンに１度、このカードにディフォーマーカウンターを１つ置く事ができる。",
     "ja", "Effect Monster", ["continuous", "continuous", "ignition"]),
    # an old sentence "装備モンスターが…た時、…" is an effect of its own, not the Equip Spell's continuation (Cyclone Boomerang)
    ("「Ｅ・ＨＥＲＯ ワイルドマン」にのみ装備可能。装備モンスターの攻撃力は５００ポイントアップする。装備モンスターが他のカードの"
     "効果によって破壊され墓地へ送られた時、フィールド上の魔法・罠カードを全て破壊する。", "ja", "Equip Spell",
     ["spell-continuous", "trigger"]),
    # a numbered "…ダメージ計算時に１度、…発動できる" is a Quick Effect also when this card battles (Number 54: Lion Heart ②;
    # PSCT "(Quick Effect)", script QUICK_O)
    ("②：このカードが相手モンスターと戦闘を行うダメージ計算時に１度、このカードのＸ素材を１つ取り除いて発動できる。"
     "その戦闘で発生する自分への戦闘ダメージは代わりに相手が受ける。", "ja", "Xyz Effect Monster", ["quick"]),
    ("②：每次此卡与对手怪兽进行战斗的伤害计算时1次，去除此卡的1个超量素材可以发动。因该战斗对自己造成的战斗伤害由对手代为承受。",
     "zh-Hans", "Xyz Effect Monster", ["quick"]),
])
def test_granted_effects_labels_and_riders(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


def test_old_cjk_resolution_stays_in_its_effect():
    from cardlint.ygo.segment import segment
    # the outcome of a roll (Dice Jar) and of a draw (Infernity Randomizer) belongs to the effect that made it
    dice = segment("リバース：お互いにサイコロを１回ずつ振る。相手より小さい目が出たプレイヤーは、相手の出た目によって以下のダメージを"
                   "受ける。相手の出た目が２～５だった場合、相手の出た目×５００ポイントダメージを受ける。相手の出た目が６だった場合、"
                   "６０００ポイントダメージを受ける。", "ja", "Flip Effect Monster")
    assert len(dice) == 1
    draw = segment("自分の手札が０枚の場合、１ターンに１度、自分のデッキからカードを１枚ドローする事ができる。この効果でドローしたカードを"
                   "お互いに確認し、モンスターカードだった場合、そのモンスターのレベル×２００ポイントダメージを相手ライフに与える。"
                   "魔法・罠カードだった場合、自分は５００ポイントダメージを受ける。", "ja", "Effect Monster")
    assert len(draw) == 1
    # an old effect followed by "この効果は１ターンに１度しか使用できない" is marked for the builder (Card Ejector)
    segs = segment("相手の墓地に存在するカード１枚を選択しゲームから除外する。この効果は１ターンに１度しか使用できない。", "ja",
                   "Effect Monster")
    assert [s.use_limited for s in segs] == [True, False]


@pytest.mark.parametrize("text,lang,ctype,expected", [
    # what the procedure gives the monster it Summons stays with the procedure (Hundred-Footed Horror)
    ("相手フィールド上にモンスターが存在し、自分フィールド上にモンスターが存在しない場合、このカードはリリースなしで召喚できる。"
     "この方法で召喚したこのカードの元々の攻撃力は１３００になる。", "ja", "Effect Monster", ["summon-condition"]),
    # a Fusion procedure with a note in parentheses (VW-Tiger Catapult), in Japanese and Chinese
    ("「Ｖ－タイガー・ジェット」＋「Ｗ－ウィング・カタパルト」\n自分フィールドの上記カードを除外した場合のみ、エクストラデッキから"
     "特殊召喚できる（「融合」は必要としない）。", "ja", "Fusion Effect Monster", ["summon-condition", "summon-condition"]),
    ("「V－喷射虎」＋「W－弹射翼」\n把自己场上的上记卡除外的场合才能从额外卡组特殊召唤（不需要「融合」）。", "zh-Hans",
     "Fusion Effect Monster", ["summon-condition", "summon-condition"]),
    # the Tribute a Ritual Summon needs belongs to "…により降臨" (Dokurorider)
    ("「スカルライダーの復活」により降臨。場か手札から、星の数が合計６個以上になるようカードを生け贄に捧げなければならない。", "ja",
     "Ritual Monster", ["summon-condition"]),
    # "…存在する限り、お互いのプレイヤーは１ターンに１度しか…" is an effect, not a limit on this card's effects (Scary Moth)
    ("このカードがフィールド上に表側表示で存在する限り、お互いのプレイヤーは１ターンに１度しかモンスターを特殊召喚できない。", "ja",
     "Effect Monster", ["continuous"]),
    # the ATK gain of the effect just described (Ancient Flamvell Deity)
    ("このカードがシンクロ召喚に成功した時、相手の手札の枚数分まで相手の墓地のカードを選択してゲームから除外する。このカードの攻撃力は、"
     "この効果で除外したカードの数×２００ポイントアップする。", "ja", "Synchro Effect Monster", ["trigger"]),
    # English sentences that only continue the effect before them (Unibird, D/D/D Dragon King Pendragon, Union Carrier,
    # Desertapir)
    ("You can remove from play this face-up card, and 1 face-up monster you control, to select 1 Synchro Monster in your "
     "Extra Deck whose Level equals the total original Levels of the removed monsters. Special Summon that Synchro "
     "Monster.", "en", "Effect Monster", ["ignition"]),
    ("Once per turn: You can discard 1 card; this card gains 500 ATK, then you can destroy 1 Spell/Trap Card on the field. "
     "This ATK increase lasts until the end of this turn.", "en", "Effect Monster", ["ignition"]),
    ("You can target 1 face-up monster you control; equip 1 monster to it from your hand or Deck with its same original "
     "Type or Attribute, but a different name, as an Equip Spell that gives it 1000 ATK. If you equipped it from the Deck, "
     "you cannot Special Summon monsters with that Equip Card's name for the rest of this turn.", "en",
     "Link Effect Monster", ["ignition"]),
    ("FLIP: Flip 1 face-up monster on the field into face-down Defense Position. You cannot select \"Desertapir\".", "en",
     "Effect Monster", ["flip"]),
    # rules that are not effects (Megalith Phuloch; Steelswarm Hercules)
    ("You cannot activate the following effects of \"Megalith Phuloch\" in the same Chain.", "en", "Ritual Effect Monster",
     ["restriction"]),
    ("Cannot be Special Summoned. Requires 3 \"Steelswarm\" Tributes to Normal Summon (cannot be Normal Set).", "en",
     "Effect Monster", ["summon-condition"]),
    # an old phase trigger with the phase at the end (Lava Golem-style burn: Ojama King's "…during each of their Standby
    # Phases"), but not the card's own return (Elemental HERO Air Neos)
    ("This card's controller takes 1000 damage during each of their Standby Phases.", "en", "Effect Monster", ["trigger"]),
    ("This card returns to the Extra Deck during the End Phase.", "en", "Fusion Effect Monster", ["continuous"]),
])
def test_continuations_and_rules(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


@pytest.mark.parametrize("text,lang,ctype,expected", [
    # Konami's Simplified Chinese wording of a Special Summon procedure (Malevolent Mech - Goku En; Mekk-Knight Purple
    # Nightfall; Ghostrick Jiangshi's Normal Summon condition)
    ("①：在仅有对手场上存在怪兽的情况下，此卡可从手牌中特殊召唤。以此方法特殊召唤的此卡原本的攻击力・守备力变为一半。", "zh-Hans",
     "Effect Monster", ["summon-condition"]),
    ("此卡名以①方法的特殊召唤1回合仅可进行1次。①：同一纵列有2张以上的卡存在的情况下，可将此卡特殊召唤至该纵列的自己场上。", "zh-Hans",
     "Effect Monster", ["restriction", "summon-condition"]),
    ("仅在自己场上存在“鬼计”怪兽的情况下，此卡才可召唤。", "zh-Hans", "Effect Monster", ["summon-condition"]),
    # a fan text holding the whole Pendulum card: the monster part only (the Pendulum Effect is ``pendulum_text``)
    ("←4 【灵摆】 4→\n这个卡名的灵摆效果1回合只能使用1次。\n①：把自己场上的4星以下的「魔玩具」怪兽的其中1只解放才能发动。和解放的怪兽相同"
     "等级而卡名不同的1只恶魔族怪兽从卡组特殊召唤。\n【怪兽效果】\n①：自己主要阶段才能发动。从卡组把4星以下的「魔玩具」怪兽的其中1只特殊"
     "召唤。", "zh-Hans", "Pendulum Effect Monster", ["ignition"]),
    # zh rule lines (Garbage Lord; Chaos Emperor Dragon - Envoy of the End)
    ("把这张卡作为XYZ素材的场合，不是暗属性怪兽的XYZ召唤不能使用。", "zh-Hans", "Effect Monster", ["restriction"]),
    ("发动此卡效果的回合，自己不可以发动其他效果。", "zh-Hans", "Effect Monster", ["restriction"]),
    # ja summon procedures of old texts (Legendary Six Samurai - Shinai; Queen Angel of Roses)
    ("自分フィールド上に「真六武衆－ミズホ」が表側表示で存在する場合、このカードは手札から特殊召喚する事ができる。", "ja",
     "Effect Monster", ["summon-condition"]),
    ("このカードは植物族モンスター１体をリリースして表側攻撃表示でアドバンス召喚する事ができる。", "ja", "Effect Monster",
     ["summon-condition"]),
    # "…存在する限り…特殊召喚できない" after "1ターンに1度、いずれか1つしか" (Chaos Witch's rule line is a restriction)
    ("このカード名の①②の効果は１ターンに１度、いずれか１つしか使用できない。", "ja", "Effect Monster", ["restriction"]),
    # "Then, during your next Standby Phase, …:" is a later step of the same effect (D.D. Telepon; OCG: one effect)
    ("If this face-up card you control is banished: You can banish 1 Psychic-Type monster with 1500 or less ATK from your "
     "Deck. Then, during your next Standby Phase, if this card is still banished: Special Summon that monster banished by "
     "this effect.", "en", "Effect Monster", ["trigger"]),
])
def test_procedures_and_rule_lines_more(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


@pytest.mark.parametrize("text,lang,ctype,expected", [
    # one paragraph of rules on an Extra Deck monster is not its materials line (Masked HERO Goka)
    ("Must be Special Summoned with \"Mask Change\". Gains 100 ATK for each \"HERO\" monster in your GY.", "en",
     "Fusion Effect Monster", ["summon-condition", "continuous"]),
    # a Token rider and "the turn you activate this effect" continue the effect (Blue Thunder T-45, Fairy Archer)
    ("If this card destroys an opponent's monster by battle: Special Summon 1 \"Thunder Option Token\" (Machine-Type/LIGHT/"
     "Level 4/ATK 1500/DEF 1500). This Token cannot be Tributed for a Tribute Summon.", "en", "Effect Monster", ["trigger"]),
    ("During your Main Phase, you can inflict 400 damage to your opponent for each face-up LIGHT monster you control. This "
     "card cannot attack during the same turn you activate this effect. Only one \"Fairy Archer\" can have its effect "
     "activated per turn.", "en", "Effect Monster", ["ignition", "restriction"]),
    # the choices after the restriction line belong to the effect that offers them (Gimmick Puppet Egg Head)
    ("自分のメインフェイズ時に手札から「ギミック・パペット」と名のついたモンスター１体を捨て、以下の効果から１つを選択して発動できる。"
     "「ギミック・パペット－ボム・エッグ」の効果は１ターンに１度しか使用できない。●相手ライフに８００ポイントダメージを与える。"
     "●このカードのレベルはエンドフェイズ時まで８になる。", "ja", "Effect Monster", ["ignition", "restriction"]),
    # the die result continues the effect that rolled it (Maximum Six)
    ("このカードが生け贄召喚に成功した時、サイコロを１回振る。このカードの攻撃力は、フィールド上に表側表示で存在する限り、出た目×２００"
     "ポイントアップする。", "ja", "Effect Monster", ["trigger"]),
    # "②：リリースなしで召喚したこのカードのレベルは４になる" describes the Summoned card: an effect (Performapal Drummerilla)
    ("①：お互いのフィールドにモンスターが存在しない場合、このカードはリリースなしで召喚できる。②：リリースなしで召喚したこのカードの"
     "レベルは４になる。", "ja", "Effect Monster", ["summon-condition", "continuous"]),
])
def test_rules_and_riders_last(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


@pytest.mark.parametrize("text,lang,ctype,expected", [
    # old OCG wording of a Continuous Trap's activation with a target (Rare Metalmorph; PSCT "Activate this card by
    # targeting 1 Machine monster on the field")
    ("フィールド上の機械族モンスター１体を選択して発動できる。このカードがフィールド上に存在する限り、その機械族モンスターの攻撃力は５００"
     "ポイントアップし、その機械族モンスターを対象とする魔法カードの効果を無効にし破壊する。", "ja", "Continuous Trap",
     ["activation", "spell-continuous"]),
    ("选择对方场上1只怪兽才能发动。选择的怪兽不能攻击，也不能作表示形式的变更。", "zh-Hans", "Continuous Trap", ["activation"]),
    # a Spell's effect in the damage-calculation window is no Quick Effect (Salamangreat Sanctuary ②; PSCT "During damage
    # calculation, if your monster battles: You can …", script TRIGGER_O)
    ("②：自分のモンスターが戦闘を行うダメージ計算時に、１０００ＬＰを払い、自分フィールドのＬモンスター１体を対象として発動できる。"
     "その自分のモンスターの攻撃力はターン終了時まで、対象のモンスターの元々の攻撃力分アップする。", "ja", "Field Spell", ["trigger"]),
])
def test_ocg_continuous_activation_and_spell_windows(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


@pytest.mark.parametrize("text,expected", [
    # riders of the effect before them (Bahamut Shark, Anteatereatingant, Infernity Randomizer, Volcanic Trooper)
    ("Once per turn: You can detach 1 material from this card; Special Summon 1 Rank 3 or lower WATER Xyz Monster from "
     "your Extra Deck. This card cannot attack for the rest of this turn.", ["ignition"]),
    ("You can destroy 1 Spell or Trap Card your opponent controls. If you activate this effect, this card cannot attack "
     "during this turn.", ["ignition"]),
    ("Once per turn, while you have no cards in your hand, you can draw 1 card and reveal it. For a Monster Card drawn with "
     "this effect, inflict damage to your opponent equal to the Level of that monster x 200. For a Spell or Trap Card, you "
     "take 500 damage.", ["ignition"]),
    ("You can discard 1 card; Special Summon 1 \"Bomb Token\" (Pyro/FIRE/Level 1/ATK 1000/DEF 1000) to your opponent's "
     "field. Each time 1 is destroyed, its controller takes 500 damage.", ["ignition"]),
    # "This effect is unaffected by …" after the restriction line rides on the effect (Gravekeeper's Headman)
    ("If this card is Summoned: You can target 1 Level 4 \"Gravekeeper's\" monster in your GY; Special Summon it in Attack "
     "Position or face-down Defense Position. You can only use this effect of \"Gravekeeper's Headman\" once per turn. This "
     "effect is unaffected by \"Necrovalley\".", ["trigger", "restriction"]),
    # a rule about this card's effects, not an effect (Heavenly Zephyr - Miradora)
    ("The activation and effect of this card's effects cannot be negated.", ["restriction"]),
])
def test_english_riders(text, expected):
    assert _types(text, "en", "Effect Monster") == expected


@pytest.mark.parametrize("text,expected", [
    # 336601: a suspended compound ("Normal- oder Spezialbeschwörung") is one event, not two conjuncts
    ("Falls diese Karte als Normal- oder Spezialbeschwörung beschworen wird und dein Gegner ein Monster kontrolliert: "
     "Du kannst 1 LICHT Monster der Stufe 4 in deinem Friedhof wählen; füge es deiner Hand hinzu.", ("trigger", "if")),
    # 10732060: "ein oder mehr" is a quantity; the event is the first conjunct, the state after "und" only qualifies it
    ("Falls dein Gegner ein oder mehr Monster als Spezialbeschwörung beschwört und du ein „Glasflügel“-Monster "
     "kontrollierst (außer während des Damage Steps): Du kannst diese Karte von deinem Friedhof verbannen; erhöhe die "
     "Stufen aller Monster, die dein Gegner kontrolliert, um 5.", ("trigger", "if")),
    # 42790071: "aktivierst" (second person) is the event verb
    ("Falls du eine Fallenkarte aktivierst (außer während des Damage Steps): Du kannst diese Karte als "
     "Spezialbeschwörung von deiner Hand beschwören.", ("trigger", "if")),
    # 5325155: an exception between commas inside the subject does not end the condition (as in English)
    ("Falls ein oder mehr „Mayakashi“-Monster, die dir gehören, außer „Tsukahagi, der toxische Mayakashi“, durch Kampf "
     "oder einen Karteneffekt eines Gegners zerstört werden, solange sich diese Karte im Friedhof befindet: Du kannst "
     "diese Karte als Spezialbeschwörung beschwören.", ("trigger", "if")),
    # 31683874: "ziehst" (you draw) is the event
    ("Wenn du diese Karte ziehst: Du kannst sie vorzeigen; beschwöre sie als Spezialbeschwörung von deiner Hand.",
     ("trigger", "when")),
    # a state stays a state: "Falls du ein … Monster kontrollierst:" is no event
    ("Falls du ein „Glasflügel“-Monster kontrollierst: Du kannst 1 Karte ziehen.", ("ignition", None)),
])
def test_german_event_conditions(text, expected):
    (e,) = classify(text, "de", "Effect Monster")["effects"]
    assert (e["type"], e["timing"]) == expected


@pytest.mark.parametrize("text", [
    # 17589298, 25407406: old Equip Spell wording; the German grammar cuts the condition at "und", the old-wording
    # reader must still see the whole "Wenn A und B wird, <imperative>" sentence (English: a mandatory trigger)
    "Rüste nur ein FINSTERNIS Monster mit dieser Karte aus. Es erhält 400 ATK. Wenn das ausgerüstete Monster als "
    "Tribut angeboten und diese Karte auf den Friedhof gelegt wird, gib diese Karte auf deine Hand zurück.",
    "Du kannst nur ein „Gladiatorungeheuer“-Monster mit dieser Karte ausrüsten. Es erhält 300 ATK. Wenn das "
    "ausgerüstete Monster von deiner Spielfeldseite ins Deck zurückgelegt und diese Karte auf den Friedhof gelegt "
    "wird, bringe diese Karte auf deine Hand zurück.",
])
def test_german_old_equip_trigger_across_und(text):
    types = [(e["type"], e["mandatory"]) for e in classify(text, "de", "Equip Spell")["effects"]]
    assert types[-1] == ("trigger", True)
