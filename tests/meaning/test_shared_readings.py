"""The classic layer cards read the same in English and German, because both builders hand the
meaning to the same decisions (issue 17: German read a copy effect as a type change and "hat alle
Farben" as a rules effect)."""

from __future__ import annotations

import pytest

from cardlint.pipeline import classify_text

CASES = [
    # CR 707.2, 613.2a: becoming a copy is layer 1a (cardlint.meaning.copy), not a type change (4)
    ("en", "Mirrorweave", "Instant",
     "Each other creature becomes a copy of target nonlegendary creature until end of turn.", [("continuous", "1a", False)]),
    ("de", "Spiegelweben", "Spontanzauber",
     "Alle anderen Kreaturen werden bis zum Ende des Zuges zu einer Kopie einer nichtlegendären Kreatur deiner Wahl.",
     [("continuous", "1a", False)]),
    ("de", "Mizzium-Selbstumwandler", "Artefakt",
     "{3}: Der Mizzium-Selbstumwandler wird bis zum Ende des Zuges zu einer Kopie eines Artefakts deiner Wahl.",
     [("continuous", "1a", False)]),
    # CR 105.2, 604.3a: "is all colors" printed on the card sets its colors, layer 5, a CDA
    # (cardlint.meaning.colors) — not a rule about the game
    ("en", "Transguild Courier", "Artifact Creature — Golem", "Transguild Courier is all colors.",
     [("continuous", "5", True)]),
    ("de", "Kurier zwischen den Gilden", "Artefaktkreatur — Golem",
     "Der Kurier zwischen den Gilden hat alle Farben (selbst wenn diese Karte nicht im Spiel ist).",
     [("continuous", "5", True)]),
]


@pytest.mark.parametrize("lang,name,type_line,text,expected", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_layer_cards_read_alike(lang, name, type_line, text, expected):
    clause = classify_text(text, lang, name=name, type_line=type_line)["clauses"][0]
    assert clause["parsed"], clause.get("error")
    assert [(e["kind"], e["layer"], e["cda"]) for e in clause["effects"]] == expected
