"""English Oracle clause shapes the grammar reads since issue 18 (real clauses from oracle-en.jsonl),
each with the classification the Comprehensive Rules give it; ``parsed`` must be true."""

from __future__ import annotations

import pytest

from cardlint.pipeline import classify_text

CASES = [
    # "an X/X … token": the P/T "X/X" is one word of the noun phrase (a one-shot effect that creates it)
    ("Create two X/X red Elemental creature tokens.", "Sorcery", None, "spell", [("one-shot", None, False)]),
    ("Grandeur — Discard another card named Baru, Fist of Krosa: Create an X/X green Wurm creature token, where X is"
     " the number of lands you control.", "Legendary Creature — Elemental", "Baru, Fist of Krosa", "activated",
     [("one-shot", None, False)]),
    # "the life lost this way", "damage prevented this way": the participle takes "this way"
    ("Each opponent loses 3 life. You gain life equal to the life lost this way.", "Sorcery", None, "spell",
     [("one-shot", None, False)]),
    ("Prevent all damage that would be dealt to target multicolored creature this turn. For each 1 damage prevented"
     " this way, put a +1/+1 counter on that creature.", "Instant", None, "spell",
     [("prevention", None, False), ("one-shot", None, False)]),
    # CR 205.1b, 305.7: the chosen creature type or basic land type replaces the old ones: layer 4
    ("{T}: Target land becomes the basic land type of your choice until end of turn.", "Land", None, "activated",
     [("continuous", "4", False)]),
    ("{1}: Mistform Dreamer becomes the creature type of your choice until end of turn.", "Creature — Illusion",
     "Mistform Dreamer", "activated", [("continuous", "4", False)]),
    # "…, rounded up" after an amount of life
    ("Whenever Ebonblade Reaper deals combat damage to a player, that player loses half their life, rounded up.",
     "Creature — Human Cleric", "Ebonblade Reaper", "triggered", [("one-shot", None, False)]),
    # manifest (CR 701.34): the manifested card is a face-down 2/2 (layer 1b); its object may be a run of
    # complements ("the top" "two cards of your library"); "pile" is a noun
    ("Manifest the top two cards of your library.", "Sorcery", None, "spell", [("continuous", "1b", False)]),
    ("Exile all creature cards from target player's graveyard in a face-down pile, shuffle that pile, then manifest"
     " those cards.", "Sorcery", None, "spell", [("one-shot", None, False), ("continuous", "1b", False)]),
    # splice (CR 702.47a) and strive: the keyword's subtype parameter, the cost per extra target
    ("Splice onto Arcane {1}{R} (As you cast an Arcane spell, you may reveal this card from your hand and pay its"
     " splice cost. If you do, add this card's effects to that spell.)", "Instant — Arcane", None, "keyword", []),
    ("Strive — This spell costs {2}{U} more to cast for each target beyond the first.", "Instant", None, "static",
     [("rules", None, False)]),
    ("Spells you cast cost {1} less to cast for each target.", "Legendary Creature — Kirin Spirit", None, "static",
     [("rules", None, False)]),
    # CR 502.3: an untap its controller may skip is a rules effect, as "doesn't untap" is
    ("You may choose not to untap Amber Prison during your untap step.", "Artifact", "Amber Prison", "static",
     [("rules", None, False)]),
]


@pytest.mark.parametrize("text, type_line, name, ability, effects", CASES, ids=[c[0][:40] for c in CASES])
def test_shape(text, type_line, name, ability, effects):
    [clause] = classify_text(text, "en", name=name, type_line=type_line)["clauses"]
    assert clause["parsed"], clause.get("error")
    assert clause["ability"] == ability
    assert sorted((e["kind"], e["layer"], e["cda"]) for e in clause["effects"]) == sorted(effects)
