"""English segmentation (classification.md §1): keyword lists, bullets, reminder text, several
sentences in one clause, self-reference (card name, short legendary name, "~", "CARDNAME", "this creature")."""

from __future__ import annotations

import pytest

from cardlint.lang.en.frontend import FRONTEND
from cardlint.pipeline import classify_text


def _clauses(text, name=None, type_line="Creature — Test"):
    return classify_text(text, "en", name=name, type_line=type_line)["clauses"]


def _summary(clauses):
    return [(c["text"], c["ability"], sorted((e["kind"], e["layer"], e["cda"]) for e in c["effects"]))
            for c in clauses]


# ------------------------------------------------------------------ keyword lists
@pytest.mark.parametrize("text,items", [
    ("Flying, vigilance", ["Flying", "vigilance"]),
    ("Flying; first strike", ["Flying", "first strike"]),
    ("Flying, vigilance, deathtouch, lifelink", ["Flying", "vigilance", "deathtouch", "lifelink"]),
    ("First strike, trample", ["First strike", "trample"]),
    ("Trample, haste", ["Trample", "haste"]),
])
def test_keyword_list_one_clause_per_keyword(text, items):
    clauses = _clauses(text)
    assert [c["text"] for c in clauses] == items
    assert all(c["ability"] == "keyword" and c["effects"] == [] for c in clauses)


def test_keyword_list_with_reminder_on_last_item():
    """Nalathni Dragon: 'Flying; banding (…, and up to one without, …)' — the comma inside the reminder
    text does not split, and the reminder does not turn the paragraph into prose."""
    clauses = _clauses("Flying; banding (Any creatures with banding, and up to one without, can attack in a band. "
                       "Bands are blocked as a group.)", "Nalathni Dragon", "Creature — Dragon")
    assert [c["ability"] for c in clauses] == ["keyword", "keyword"]
    assert clauses[0]["text"] == "Flying"
    assert clauses[1]["text"].startswith("banding")
    assert all(c["effects"] == [] for c in clauses)


def test_protection_from_two_colors_is_one_keyword():
    clauses = _clauses("Protection from black and from red", "Auriok Champion", "Creature — Human Cleric")
    assert _summary(clauses) == [("Protection from black and from red", "keyword", [])]


@pytest.mark.xfail(strict=True, reason="'Protection from A, from B, and from C' is split/read as prose, not one keyword")
def test_protection_from_three_is_one_keyword():
    clauses = _clauses("First strike, vigilance\nProtection from Vampires, from Werewolves, and from Zombies",
                       "Elite Inquisitor", "Creature — Human Soldier")
    assert _summary(clauses) == [("First strike", "keyword", []), ("vigilance", "keyword", []),
                                 ("Protection from Vampires, from Werewolves, and from Zombies", "keyword", [])]


def test_keyword_list_then_other_paragraphs_keep_order():
    clauses = _clauses("Flying, vigilance\n{T}: Add {W}.\nEquip {2}", None, "Artifact Creature — Test")
    assert [(c["text"], c["ability"]) for c in clauses] == [
        ("Flying", "keyword"), ("vigilance", "keyword"), ("{T}: Add {W}.", "activated"), ("Equip {2}", "keyword")]


@pytest.mark.parametrize("text,type_line", [
    ("Destroy target artifact, enchantment, or land.", "Instant"),
    ("Creatures you control have flying, vigilance, and trample.", "Enchantment"),
    ("Tap target creature, then draw a card.", "Instant"),
    ("Flying, vigilance, and trample can't be granted to creatures your opponents control.", "Enchantment"),
])
def test_prose_with_commas_is_not_split(text, type_line):
    clauses = _clauses(text, None, type_line)
    assert [c["text"] for c in clauses] == [text]
    assert clauses[0]["ability"] != "keyword"


def test_granting_a_keyword_list_is_layer_6():
    clauses = _clauses("Creatures you control have flying, first strike, vigilance, trample, haste, and "
                       "protection from black and from red.", "Akroma's Memorial", "Legendary Artifact")
    assert _summary(clauses)[0][1:] == ("static", [("continuous", "6", False)])


# ------------------------------------------------------------------ bullets / modal
def test_bullets_belong_to_modal_clause():
    text = "Choose one —\n• Abrade deals 3 damage to target creature.\n• Destroy target artifact."
    clauses = _clauses(text, "Abrade", "Instant")
    assert len(clauses) == 1
    assert clauses[0]["text"] == text
    assert clauses[0]["ability"] == "spell"
    assert {e["kind"] for e in clauses[0]["effects"]} == {"one-shot"}


def test_bullets_then_keyword_paragraph():
    text = ("Choose one —\n• You gain 5 life.\n• Prevent the next 5 damage that would be dealt to target creature "
            "this turn.\nEntwine {2} (Choose both if you pay the entwine cost.)")
    clauses = _clauses(text, "Abuna's Chant", "Instant")
    assert len(clauses) == 2
    assert clauses[0]["text"].count("•") == 2
    assert clauses[0]["ability"] == "spell"
    assert sorted(e["kind"] for e in clauses[0]["effects"]) == ["one-shot", "prevention"]
    assert clauses[1]["ability"] == "keyword" and clauses[1]["effects"] == []


def test_modal_activated_ability_bullets():
    text = "{T}: Choose one —\n• Add {R}.\n• This land deals 1 damage to any target."
    clauses = _clauses(text, None, "Land")
    assert len(clauses) == 1
    assert clauses[0]["ability"] == "activated"
    assert {e["kind"] for e in clauses[0]["effects"]} == {"one-shot"}


# ------------------------------------------------------------------ several sentences stay together
def test_titanias_song_is_one_clause():
    text = ("Each noncreature artifact loses all abilities and becomes an artifact creature with power and toughness "
            "each equal to its mana value. If Titania's Song leaves the battlefield, this effect continues until "
            "end of turn.")
    clauses = _clauses(text, "Titania's Song", "Enchantment")
    assert len(clauses) == 1 and clauses[0]["text"] == text
    assert clauses[0]["ability"] == "static"


def test_paragraphs_blank_lines_and_crlf():
    text = "Flying\r\n\r\n{T}: Add {G}.\r\nWhenever a creature dies, you gain 1 life."
    clauses = _clauses(text, None, "Creature — Test")
    assert [c["ability"] for c in clauses] == ["keyword", "activated", "triggered"]


def test_escaped_newline_separates_paragraphs():
    clauses = _clauses("Flying\\nVigilance", None, "Creature — Test")
    assert [c["text"] for c in clauses] == ["Flying", "Vigilance"]


# ------------------------------------------------------------------ reminder text
@pytest.mark.parametrize("text", [
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)",
    "({T}: Add {W} or {U}.)",
    "({B/P} can be paid with either {B} or 2 life.)",
    "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")",
])
def test_reminder_only_paragraph(text):
    clauses = _clauses(text, "Dryad Arbor", "Land Creature — Forest Dryad")
    assert _summary(clauses) == [(text, "reminder", [])]


def test_saga_reminder_then_chapters():
    text = ("(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
            "I, II — Create a 2/2 white Knight creature token with vigilance.\n"
            "III — Knights you control get +2/+1 until end of turn.")
    clauses = _clauses(text, "History of Benalia", "Enchantment — Saga")
    assert [c["ability"] for c in clauses] == ["reminder", "triggered", "triggered"]
    assert clauses[0]["effects"] == []


@pytest.mark.parametrize("with_reminder,without,type_line", [
    ("Flying (This creature can't be blocked except by creatures with flying or reach.)", "Flying", "Creature"),
    ("Equip {3} ({3}: Attach to target creature you control. Equip only as a sorcery.)", "Equip {3}",
     "Artifact — Equipment"),
    ("Kicker {4} (You may pay an additional {4} as you cast this spell.)", "Kicker {4}", "Instant"),
    ("Morph {2}{B}{G}{U} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time "
     "for its morph cost.)", "Morph {2}{B}{G}{U}", "Creature — Horror"),
    ("You have hexproof. (You can't be the target of spells or abilities your opponents control.)",
     "You have hexproof.", "Enchantment"),
    ("Enchanted creature gets +2/+0 and has trample. (It can deal excess combat damage to the player or "
     "planeswalker it's attacking.)", "Enchanted creature gets +2/+0 and has trample.", "Enchantment — Aura"),
    ("Manifest the top card of your library. (Put it onto the battlefield face down as a 2/2 creature. Turn it "
     "face up any time for its mana cost if it's a creature card.)", "Manifest the top card of your library.",
     "Sorcery"),
])
def test_reminder_text_kept_but_ignored(with_reminder, without, type_line):
    a = _clauses(with_reminder, None, type_line)
    b = _clauses(without, None, type_line)
    assert [c["text"] for c in a] == [with_reminder]
    assert _summary(a)[0][1:] == _summary(b)[0][1:]
    assert a[0]["parsed"] == b[0]["parsed"]


def test_morph_reminder_creates_no_face_down_effect():
    clauses = _clauses("Morph {2}{B}{G}{U} (You may cast this card face down as a 2/2 creature for {3}. Turn it "
                       "face up any time for its morph cost.)", "Abomination of Gudul", "Creature — Horror")
    assert _summary(clauses)[0][1:] == ("keyword", [])


# ------------------------------------------------------------------ self-reference
CDA = ("static", [("continuous", "7a", True)])


@pytest.mark.parametrize("text,name", [
    ("Maro's power and toughness are each equal to the number of cards in your hand.", "Maro"),
    ("Adeline's power is equal to the number of creatures you control.", "Adeline, Resplendent Cathar"),
    ("Adeline, Resplendent Cathar's power is equal to the number of creatures you control.",
     "Adeline, Resplendent Cathar"),
    ("~'s power and toughness are each equal to the number of cards in your hand.", None),
    ("CARDNAME's power and toughness are each equal to the number of cards in your hand.", None),
    ("CARDNAME's power and toughness are each equal to the number of cards in your hand.", "Maro"),
    ("This creature's power and toughness are each equal to the number of cards in your hand.", None),
    ("This creature's power and toughness are each equal to the number of cards in your hand.", "Maro"),
])
def test_self_reference_cda(text, name):
    clauses = _clauses(text, name, "Creature — Elemental")
    assert _summary(clauses)[0][1:] == CDA


@pytest.mark.parametrize("text,name", [
    ("Urborg enters tapped.", "Urborg, Tomb of Yawgmoth"),
    ("Urborg, Tomb of Yawgmoth enters tapped.", "Urborg, Tomb of Yawgmoth"),
    ("~ enters tapped.", None),
    ("CARDNAME enters tapped.", None),
    ("This land enters tapped.", None),
    ("Abandoned Outpost enters the battlefield tapped.", "Abandoned Outpost"),
])
def test_self_reference_enters_tapped(text, name):
    clauses = _clauses(text, name, "Legendary Land")
    assert _summary(clauses)[0][1:] == ("static", [("replacement", None, False)])


@pytest.mark.parametrize("text,name", [
    ("Urborg enters tapped.", "Urborg, Tomb of Yawgmoth"),
    ("Urborg, Tomb of Yawgmoth enters tapped.", "Urborg, Tomb of Yawgmoth"),
    ("Alirios doesn't untap during your untap step.", "Alirios, Enraptured"),
    ("CARDNAME enters tapped.", None),
    ("Tarmogoyf's power is equal to 1.", "Tarmogoyf"),
])
def test_normalize_replaces_name_with_self_token(text, name):
    norm = FRONTEND.normalize(text, name)
    assert "~" in norm
    for word in ("Urborg", "Yawgmoth", "Alirios", "CARDNAME", "Tarmogoyf"):
        assert word not in norm


def test_other_card_name_is_not_self():
    """Only the given name is self: another card's name is left alone."""
    norm = FRONTEND.normalize("Urborg enters tapped.", "Tarmogoyf")
    assert "~" not in norm


def test_self_gets_for_each_is_not_cda():
    clauses = _clauses("Aura Gnarlid gets +1/+1 for each Aura on the battlefield.", "Aura Gnarlid", "Creature — Beast")
    assert _summary(clauses)[0][1:] == ("static", [("continuous", "7c", False)])


# ------------------------------------------------------------------ leveler striations (CR 711.2)
def test_striation_is_one_clause():
    """Student of Warfare (oracle-en.jsonl): the level symbol, its P/T box and its abilities form one
    static ability (CR 711.2b), so one clause per striation; the level-up keyword stays its own clause."""
    clauses = _clauses("Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\n"
                       "LEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike",
                       "Student of Warfare", "Creature — Human Knight")
    assert [c["text"] for c in clauses] == [
        "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)",
        "LEVEL 2-6\n3/3\nFirst strike", "LEVEL 7+\n4/4\nDouble strike"]
    assert [c["ability"] for c in clauses] == ["keyword", "static", "static"]
    assert all(c["parsed"] for c in clauses)
    for c in clauses[1:]:
        assert sorted(e["layer"] for e in c["effects"]) == ["6", "7b"]
        assert not any(e["cda"] for e in c["effects"])


def test_striation_without_abilities_sets_only_pt():
    """Beastbreaker of Bala Ged: a striation with just a P/T box is a layer 7b effect only."""
    clauses = _clauses("Level up {2}{G}\nLEVEL 1-3\n4/4\nLEVEL 4+\n6/6\nTrample",
                       "Beastbreaker of Bala Ged", "Creature — Human Warrior")
    assert [(c["text"], sorted(e["layer"] for e in c["effects"])) for c in clauses] == [
        ("Level up {2}{G}", []), ("LEVEL 1-3\n4/4", ["7b"]), ("LEVEL 4+\n6/6\nTrample", ["6", "7b"])]


def test_lower_case_level_in_prose_is_no_striation():
    clauses = _clauses("Whenever this creature attacks, if it has level 3 or greater, draw a card.\nFlying")
    assert len(clauses) == 2
