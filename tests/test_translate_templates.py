"""Two templates of one meaning compare equal; the edits a translator could make still differ.

Each case is a reviewed comparison false alarm (``fixtures/translate/verdicts-*.jsonl``) reduced to
the clause, with the edit that must still be found next to it."""

from __future__ import annotations

from cardlint.translate.compare import check_card


def _codes(en, tr, lang, name, tname, en_type, tr_type):
    res = check_card(en, tr, lang, name, tname, en_type, tr_type)
    return res.status, {f.code for f in res.findings}


COMPASS_EN = "{1}, {T}: Target land becomes the basic land type of your choice until end of turn."
COMPASS_DE = "{1}, {T}: Wähle einen Standardlandtyp. Ein Land Deiner Wahl wird bis zum Ende des Zuges zu einem Land dieses Typs."


def test_a_choice_before_the_effect_that_uses_it_is_the_of_your_choice_template():
    assert _codes(COMPASS_EN, COMPASS_DE, "de", "Mystic Compass", "Mystischer Kompaß", "Artifact", "Artefakt") == \
        ("consistent", set())
    # the effect that uses the choice is still compared: a lost duration is found
    status, codes = _codes(COMPASS_EN, COMPASS_DE.replace(" bis zum Ende des Zuges", ""), "de", "Mystic Compass",
                           "Mystischer Kompaß", "Artifact", "Artefakt")
    assert status == "inconsistent" and "TR205" in codes


def test_a_choice_that_is_an_action_of_its_own_stays_compared():
    # "You may choose new targets for it" is no value for a following continuous effect
    en = "Gain control of target spell. You may choose new targets for it."
    zh = "获得目标咒语的操控权。你可以为它选择新的目标。"
    assert _codes(en, zh, "zh-Hans", "Aethersnatch", "夺取以太", "Instant", "瞬间") == ("consistent", set())



FORGE_TENDER_EN = "Sacrifice Burrenton Forge-Tender: Prevent all damage a red source of your choice would deal this turn."
FORGE_TENDER_JA = "ブレンタンの炉の世話人を生け贄に捧げる:赤の発生源1つを選ぶ。このターン、その選ばれた発生源が与えるダメージをすべて軽減する。"


def test_a_choice_before_the_shield_that_uses_it_is_the_of_your_choice_template():
    args = ("ja", "Burrenton Forge-Tender", "ブレンタンの炉の世話人", "Creature — Kithkin", "クリーチャー — キスキン")
    assert _codes(FORGE_TENDER_EN, FORGE_TENDER_JA, *args) == ("consistent", set())
    # the prevention is still compared: dropping it is found
    status, _ = _codes(FORGE_TENDER_EN, "ブレンタンの炉の世話人を生け贄に捧げる:赤の発生源1つを選ぶ。", *args)
    assert status != "consistent"

MURASA_EN = "Whenever you roll chaos, target land becomes a 4/4 creature that's still a land."
MURASA_JA = "あなたがchaosを出すたび、土地１つを対象とする。それは４/４のクリーチャーになる。それは土地でもある。"


def test_still_a_land_in_a_relative_clause_or_a_sentence_of_its_own():
    assert _codes(MURASA_EN, MURASA_JA, "ja", "Murasa", "ムラーサ", "Plane — Zendikar", "次元 — ゼンディカー") == \
        ("consistent", set())
    # another type is still a difference
    status, codes = _codes(MURASA_EN, MURASA_JA.replace("クリーチャーになる", "アーティファクト・クリーチャーになる"),
                           "ja", "Murasa", "ムラーサ", "Plane — Zendikar", "次元 — ゼンディカー")
    assert status == "inconsistent" and "TR203" in codes


GIDEON_EN = ("0: Until end of turn, Gideon of the Trials becomes a 4/4 Human Soldier creature with indestructible "
             "that's still a planeswalker. Prevent all damage that would be dealt to him this turn.")
GIDEON_JA = ("0：ターン終了時まで、試練に臨むギデオンは破壊不能を持つ４/４の人間・兵士・クリーチャーになる。"
             "これはプレインズウォーカーでもある。このターン、これに与えられるダメージをすべて軽減する。")


def test_still_a_planeswalker_in_a_sentence_of_its_own_joins_the_types_it_becomes():
    args = ("ja", "Gideon of the Trials", "試練に臨むギデオン", "Legendary Planeswalker — Gideon", "伝説のプレインズウォーカー — ギデオン")
    assert _codes(GIDEON_EN, GIDEON_JA, *args) == ("consistent", set())
    # losing the kept type is still a difference
    status, codes = _codes(GIDEON_EN, GIDEON_JA.replace("これはプレインズウォーカーでもある。", ""), *args)
    assert status == "inconsistent" and "TR203" in codes

CITADEL_EN = ("{T}: Add one colorless mana to your mana pool.\n"
              "{T}: Add one mana of any color to your mana pool. Tarnished Citadel deals 3 damage to you.")
CITADEL_DE = ("{T}: Erhöhe deinen Manavorrat um ein farbloses Mana.{T}: Erhöhe deinen Manavorrat um ein Mana einer "
              "beliebigen Farbe.\n Die Besudelte Zitadelle fügt dir 3 Schadenspunkte zu.")


def test_a_line_break_moved_into_an_ability_is_put_back():
    assert _codes(CITADEL_EN, CITADEL_DE, "de", "Tarnished Citadel", "Besudelte Zitadelle", "Land", "Land") == \
        ("consistent", set())
    # a real extra line is not joined away: a clause the English lacks stays a finding
    status, codes = _codes(CITADEL_EN.split("\n")[0], "{T}: Erhöhe deinen Manavorrat um ein farbloses Mana.\n"
                           "Die Besudelte Zitadelle fügt dir 3 Schadenspunkte zu.", "de", "Tarnished Citadel",
                           "Besudelte Zitadelle", "Land", "Land")
    assert status != "consistent"


def test_a_sentence_that_says_nothing_needs_no_counterpart():
    # "プレイヤー1人を対象とする。" announces the target the English names inside its sentence; the
    # clause stays undetermined only for the sentence that does not parse
    from cardlint.translate.compare import _is_empty
    from cardlint.translate.compare import _sentence_signatures

    sigs = _sentence_signatures(("プレイヤー1人を対象とする。", "そのプレイヤーはカードを1枚引く。"), "ja", None, None, None)
    assert [_is_empty(s) for s in sigs] == [True, False]
