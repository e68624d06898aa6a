"""A token defined in the sentence after its creation (CR 111.4) is part of the one-shot creation, not a
layer-6 grant, in every language (issue 19: de/ja/zh-Hans read "Sie haben „…"", "それらは「…」を持つ",
"它们具有「…」" as continuous effects and check-translation reported them against the English)."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.meaning import stack
from cardlint.pipeline import classify_text


def _grant(ref: str | None, duration: str | None = None) -> I.Effect:
    return I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref=ref) if ref else None, verb="have",
                    modifications=[I.Modification(I.ABILITIES, "add", ["quoted_ability"])], duration=duration)


def _put(verb: str, token: bool | None) -> I.Effect:
    return I.Effect(kind=I.ONE_SHOT, verb=verb, objects=[I.Filter(noun="creature", token=token)])


@pytest.mark.parametrize("verb", ["create", "put", "return", "move", "create_token"])
@pytest.mark.parametrize("ref", ["it", "they", "those", None])
def test_definition_after_any_creation_surface_is_dropped(verb, ref):
    effects = [_put(verb, True), _grant(ref)]
    assert stack.without_token_definitions(effects) == effects[:1]


def test_what_is_not_a_token_definition_stays():
    # putting a nontoken card onto the battlefield creates nothing: "it has …" is a real grant
    nontoken = [_put("put", None), _grant("it")]
    assert stack.without_token_definitions(nontoken) == nontoken
    # a grant for a duration is a continuous effect on the token after it exists (CR 611.2)
    lasting = [_put("create", True), _grant("it", duration="until_eot")]
    assert stack.without_token_definitions(lasting) == lasting
    # a grant to another object, or before any creation
    other = [_put("create", True), _grant("object")]
    assert stack.without_token_definitions(other) == other
    before = [_grant("it"), _put("create", True)]
    assert stack.without_token_definitions(before) == before


def test_a_stated_pt_colour_and_type_define_the_token_too():
    # "Bringe vier Bürger-Spielsteine ins Spiel. Diese sind 1/1 weiße Kreaturen." (CR 111.4)
    stated = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="they"), verb="be", modifications=[
        I.Modification(I.PT_SET, "set", "1/1"), I.Modification(I.COLORS, "set", ["W"]),
        I.Modification(I.TYPES, "set", ["creature"])])
    assert stack.without_token_definitions([_put("return", True), stated]) == [_put("return", True)]
    # the same statement about an object that is no token just made is an effect
    assert len(stack.without_token_definitions([_put("return", None), stated])) == 2


# real clauses of the review samples (/work/notes/fa-*.md), English beside each translation
CASES = [
    ("en", "Dance with Devils", "Put two 1/1 red Devil creature tokens onto the battlefield. They have "
     "\"When this creature dies, it deals 1 damage to target creature or player.\""),
    ("de", "Tanz mit den Teufeln", "Bringe zwei 1/1 rote Teufel-Kreaturenspielsteine ins Spiel. Sie haben \"Wenn diese "
     "Kreatur stirbt, fügt sie einer Kreatur oder einem Spieler deiner Wahl 1 Schadenspunkt zu.\""),
    ("de", "Bruthüterin", "Immer wenn eine Aura an die Bruthüterin angelegt wird, bringe einen 2/2 roten "
     "Drache-Kreaturenspielstein mit Flugfähigkeit ins Spiel. Er hat \"{R}: Diese Kreatur erhält +1/+0 bis zum Ende des "
     "Zuges.\""),
    ("ja", "目なしの見張り", "目なしの見張りが戦場に出たとき、無色の1/1のエルドラージ・末裔・クリーチャー・トークンを2体戦場に出す。"
     "それらは「このクリーチャーを生け贄に捧げる:あなたのマナ・プールに{1}を加える。」を持つ。"),
    ("ja", "培養ドローン", "培養ドローンが戦場に出たとき、無色の1/1のエルドラージ・末裔・クリーチャー・トークンを1体戦場に出す。"
     "それは「このクリーチャーを生け贄に捧げる:あなたのマナ・プールに{1}を加える。」を持つ。"),
    ("zh-Hans", "育裔巨体", "当育裔巨体进战场时,将两个1/1无色奥札奇/孽裔衍生生物放进战场。它们具有「牺牲此生物:加{C}到你的法术力池中。」"),
    ("zh-Hans", "欲望深渊", "将目标生物移回其拥有者手上。派出一个无色珍宝衍生神器,且具有「{T},牺牲此神器:加一点任意颜色的法术力到你的"
     "法术力池中。」"),
    # hzh: the definition under the creation's condition (Heartless Pillage)
    ("zh-Hans", "无情劫掠", "突击～如果你于本回合中曾以生物攻击，则派出一个无色珍宝衍生神器，且具有「{T}，牺牲此神器：加一点任意颜色的"
     "法术力到你的法术力池中。」"),
]


@pytest.mark.parametrize("lang,name,text", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_token_definition_is_part_of_the_creation(lang, name, text):
    clause = classify_text(text, lang, name=name)["clauses"][0]
    assert clause["parsed"], clause.get("error")
    kinds = [e["kind"] for e in clause["effects"]]
    assert kinds and set(kinds) == {"one-shot"}, clause["effects"]


def test_coordinated_definition_shares_the_creations_condition():
    # hzh: "如果…，则派出…衍生神器，且具有「…」": the coordinated predicate (no subject) is conditioned as the
    # creation is; a back-reference with a condition of its own stays an effect
    cond = I.Condition(kind="if", text="", reads=[])
    coordinated = _grant(None)
    coordinated.condition = cond
    assert stack.without_token_definitions([_put("create", True), coordinated]) == [_put("create", True)]
    own = _grant("it")
    own.condition = cond
    assert stack.without_token_definitions([_put("create", True), own]) == [_put("create", True), own]
