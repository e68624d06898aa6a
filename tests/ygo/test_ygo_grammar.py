"""The English and German Yu-Gi-Oh! grammars parse structure, not "a verb and any words": activation
header, cost, the actions of the resolution with their links ("then", "and if you do", "also"),
quantities and zones.  The classification reads that structure (real card text from the corpus)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lark import Lark, logger
from lark.exceptions import LarkError

from cardlint.parse.loader import bound_literals
from cardlint.ygo import classify, parse_effects
from cardlint.ygo.build import _parser
from cardlint.ygo.segment import segment

GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "ygo"


def _one(text, lang="en", ctype="Effect Monster"):
    (eff,) = [e for e in parse_effects(text, lang, ctype) if e.kind != "restriction"]
    assert eff.parsed
    return eff


def test_cost_target_and_linked_actions():
    # Starry Knight Orbitael (44818)
    eff = _one('(Quick Effect): You can target 1 LIGHT monster you control; Tribute it, and if you do, Set 1 '
               '"Starry Knight" Spell/Trap directly from your Deck.')
    assert eff.quick and eff.optional and eff.targets
    assert eff.cost.verb == "target" and eff.cost.quantities == ["1"]
    assert [(a.verb, a.link) for a in eff.sentences] == [("tribute", ""), ("set", "and-if-you-do")]
    assert eff.sentences[1].zones == ["from your deck"]


def test_then_and_also_links():
    # Reptilianne Echidna (8602351), second effect
    eff = _one("During your Main Phase, if your opponent controls a monster(s) with 0 ATK: You can add Reptile "
               "monsters with different names from your Deck to your hand, up to the number of monsters your "
               "opponent controls with 0 ATK, also, you cannot Special Summon monsters from the Extra Deck for the "
               "rest of this turn, except Reptile monsters.")
    assert [a.link for a in eff.sentences] == ["", "also"]
    assert eff.sentences[0].verb == "add"
    assert eff.sentences[0].zones == ["from your deck", "to your hand"]
    # the "if" clause is a state, so the effect is an ignition effect during the Main Phase
    assert eff.condition.kind == "if" and not eff.condition.event
    assert classify(eff.text, "en", "Effect Monster")["effects"][0]["type"] == "ignition"


def test_phase_start_is_a_trigger_that_cannot_miss_timing():
    # Shootingcode Talker (33897356)
    (d,) = classify("At the end of each Battle Phase: You can draw cards equal to the number of monsters this card "
                    "destroyed by battle this turn.", "en", "Link Effect Monster")["effects"]
    assert (d["type"], d["mandatory"], d["timing"], d["can_miss_timing"]) == ("trigger", False, "if", False)


def test_german_relative_clause_and_if_you_do():
    # the verb of "…, das dein Gegner kontrolliert" is not the action's verb; "und falls du dies tust" links
    eff = _one("Falls diese Karte als Linkbeschwörung beschworen wird: Du kannst 1 offenes Monster wählen, das dein "
               "Gegner kontrolliert; zerstöre es und falls du dies tust, ziehe 1 Karte.", "de", "Link Effect Monster")
    assert eff.cost.verb == "wählen" and eff.targets and eff.optional
    assert [(a.verb, a.link) for a in eff.sentences] == [("zerstöre", ""), ("ziehe", "and-if-you-do")]


def test_german_du_kannst_keine_is_a_prohibition():
    # March of the Monarchs (Continuous Spell): "You cannot Special Summon monsters from the Extra Deck."
    (d,) = classify("Du kannst keine Monster als Spezialbeschwörung vom Extra Deck beschwören.", "de",
                    "Continuous Spell")["effects"]
    assert d["type"] == "spell-continuous"
    (d,) = classify("Du kannst in dem Spielzug, in dem du diese Karte aktivierst, keine Zauberkarten aktivieren.",
                    "de", "Effect Monster")["effects"]
    assert d["type"] == "continuous"


@pytest.mark.parametrize("lang,text", [
    ("en", "if this card is sent to the gy: ."),                         # a header needs a body
    ("en", "target 1 card on the field; destroy it; draw 1 card."),      # one cost per sentence
    ("en", "; destroy 1 card on the field."),                            # a cost needs an action
    ("en", "destroy 1 card on the field"),                               # a sentence ends with "."
    ("en", "you can target 1 card on the field; ."),                     # a resolution after the cost
    ("de", "falls diese karte zerstört wird: ."),
    ("de", "wähle 1 karte; zerstöre sie; ziehe 1 karte."),
])
def test_malformed_effects_do_not_parse(lang, text):
    with pytest.raises(LarkError):
        _parser(lang).parse(text)


@pytest.mark.parametrize("lang,text", [
    ("en", "When this card is destroyed by battle and sent to the GY: You can add 1 monster with 1500 or less ATK "
           "from your Deck to your hand."),
    ("de", "Wenn diese Karte durch Kampf zerstört und auf den Friedhof gelegt wird: Du kannst deiner Hand 1 Monster "
           "mit 1500 oder weniger ATK von deinem Deck hinzufügen."),
])
def test_header_and_resolution_parse(lang, text):
    (seg,) = segment(text, lang, "Effect Monster")
    tree = _parser(lang).parse(seg.norm)
    assert [t.data for t in tree.iter_subtrees_topdown() if t.data in ("head", "cond_when", "sentence", "seq")] == \
        ["head", "cond_when", "seq", "sentence", "seq"]


class _Conflicts(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        if record.getMessage().startswith("Shift/Reduce"):
            self.lines.append(record.getMessage())


@pytest.mark.parametrize("name", ["en.lark", "de.lark", "ja.lark", "zh.lark"])
def test_grammar_has_no_shift_reduce_conflicts(name):
    # Lark resolves them silently as "shift"; the grammars are written so that there are none
    handler = _Conflicts()
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        path = GRAMMAR / name
        Lark(bound_literals(path.read_text(encoding="utf-8"), path.parent), parser="lalr",
             import_paths=[path.parent], debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert handler.lines == []
