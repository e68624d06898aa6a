"""English of earlier eras (cardlint.lang.en.old_wordings, grammar/en_old_wordings.tsv): an old printed clause
must build the same IR as the Oracle clause of the same card (tests/fixtures/en/old_wordings.yaml),
and every rule of the rules file is exercised — by such a pair, or, for a rule whose printed
clauses fail for another reason, by a rewrite example below."""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path

import pytest
import yaml

from cardlint.lang.en.old_wordings import modern_wording, printed_symbols, rules
from cardlint.lang.en.normalize import plain_surface
from cardlint.pipeline import card_ir
from cardlint.text.selfref import name_variants, replace_names

HERE = Path(__file__).resolve().parent
PAIRS = yaml.safe_load((HERE / "fixtures" / "en" / "old_wordings.yaml").read_text(encoding="utf-8"))

#: (normalised old text, what the rules make of it): rules whose real printed clauses all fail to
#: parse for some other reason are checked on the text itself
REWRITES = [
    ("that player adds one mana to his or her mana pool of any type that land produced.",
     "that player adds one mana of any type that land produced."),
    ("threshold enchanted creature can't be the target of spells or abilities.",
     "threshold — as long as seven or more cards are in your graveyard, enchanted creature can't be the target of"
     " spells or abilities."),
    ("threshold {r}, {t}, sacrifice ~: ~ deals 2 damage to any target.",
     "threshold — {r}, {t}, sacrifice ~: ~ deals 2 damage to any target. activate only if seven or more cards are in"
     " your graveyard."),
    ("if he or she does⸴ ~ deals 2 damage to them.", "if they do⸴ ~ deals 2 damage to them."),
    ("unless he or she doesn't control a swamp", "unless they don't control a swamp"),
    ("if he or she is dealt damage", "if they are dealt damage"),
    ("for each card he or she has in hand", "for each card they have in hand"),
    ("if he or she was dealt damage this turn", "if they were dealt damage this turn"),
    ("that player sacrifices a creature unless he or she pays {1}", "that player sacrifices a creature unless they pay {1}"),
    ("the player may have ~ deal 2 damage to him or her", "the player may have ~ deal 2 damage to them"),
    ("each creature he or she controls", "each creature they control"),
    ("unless he or she passes", "unless they pass"),
    ("if he or she tries", "if they try"),
    ("any player may pay 5 life during his or her turn", "any player may pay 5 life during their turn"),
    ("he or she may draw a card", "they may draw a card"),
    ("if you are playing a spell", "if you are casting a spell"),
    ("whenever one or more spells an opponent plays", "whenever one or more spells an opponent casts"),
    ("when ~ leaves play", "when ~ leaves the battlefield"),
    ("creatures can't leave play", "creatures can't leave the battlefield"),
    ("if ~ left play this turn", "if ~ left the battlefield this turn"),
    ("search your library for a land card and put that land onto the battlefield. shuffle your library afterward.",
     "search your library for a land card and put that land onto the battlefield, then shuffle your library."),
    ("prevent the next 4 damage that would be dealt this turn to any number of target creatures and/or players,"
     " divided as you choose.",
     "prevent the next 4 damage that would be dealt this turn to any number of targets, divided as you choose."),
    ("if ~ damages any opponent, you may draw a card.", "if ~ deals damage to an opponent, you may draw a card."),
    ("creatures you control can't be the targets of blue or black spells this turn.",
     "creatures you control can't be the target of blue or black spells this turn."),
    ("if that creature did not attack this turn", "if that creature didn't attack this turn"),
    ("choose one target creature is unaffected by summoning sickness this turn; or ~ deals 1 damage to target"
     " creature; or destroy target wall.",
     "choose one — • target creature gains haste until end of turn. • ~ deals 1 damage to target creature. • destroy"
     " target wall."),
    ("that creature is unaffected by summoning sickness.", "that creature gains haste."),
    ("enchanted creature is unaffected by summoning sickness.", "enchanted creature has haste."),
    ("choose two — destroy all artifacts; or destroy all enchantments; or destroy all creatures with converted mana"
     " cost 3 or less; or destroy all creatures with converted mana cost 4 or greater.",
     "choose two — • destroy all artifacts. • destroy all enchantments. • destroy all creatures with mana value 3 or"
     " less. • destroy all creatures with mana value 4 or greater."),
    ("if declared as an attacker, ~ gets +0/+2 until end of turn.", "whenever ~ attacks, ~ gets +0/+2 until end of turn."),
    ("if you paid the {1}{u} kicker cost, ~ comes into play with two +1/+1 counters on it and has flying.",
     "if ~ was kicked with its {1}{u} kicker, ~ enters the battlefield with two +1/+1 counters on it and has flying."),
    ('{2}{w}, {t}: as long as ~ remains tapped, target soldier gets +2/+2 and has "attacking doesn\'t cause ~ to tap."',
     "{2}{w}, {t}: as long as ~ remains tapped, target soldier gets +2/+2 and has vigilance"),
    ("choose one destroy target enchant creature; or target soldier gets +2/+2 until end of turn; or attacking"
     " doesn't cause creatures you control to tap this turn.",
     "choose one — • destroy target enchant creature. • target soldier gets +2/+2 until end of turn. • creatures you"
     " control gain vigilance until end of turn."),
    ("if ~ leaves play, bury the creature.", "if ~ leaves the battlefield, destroy the creature. it can't be regenerated."),
    ("when ~ attacks, all your goblins get +1/+1 until end of turn.",
     "when ~ attacks, all goblins you control get +1/+1 until end of turn."),
    ("enchanted creature gets +*/+*, where * is equal to half the number of forests you control, rounded down for"
     " power and up for toughness.",
     "enchanted creature gets +x/+x, where x is half the number of forests you control, rounded down for power and"
     " up for toughness."),
    ("any player may play a creature card with total casting cost 3 or less whenever he or she could play an instant"
     " and without paying its casting cost.",
     "any player may play a creature card with mana value 3 or less whenever they could play an instant and without"
     " paying its mana cost."),
    ("look at the top five cards of your opponent 's deck. put one of them into your opponent 's discard pile and the"
     " rest on top of his or her deck in any order.",
     "look at the top five cards of your opponent 's library. put one of them into your opponent 's graveyard and the"
     " rest on top of their library in any order."),
    ("you cannot spend more than {u} in this way each turn.", "you cannot spend more than {u} this way each turn."),
    ("when you play ~, choose target creature card in any graveyard.",
     "when you cast ~, choose target creature card in any graveyard."),
    ("white spells cost an additional {3} to play. activated abilities of white enchantments cost an additional {3}"
     " to play.",
     "white spells cost {3} more to cast. activated abilities of white enchantments cost {3} more to activate."),
    ("choose one target creature gains first strike until end of turn; or target player gains 2 life; or destroy"
     " target local enchantment.",
     "choose one — • target creature gains first strike until end of turn. • target player gains 2 life. • destroy"
     " target aura."),
    ("put target creature card from a graveyard directly onto the battlefield under your control as though it were"
     " just played.",
     "put target creature card from a graveyard onto the battlefield under your control."),
    ("permanently exchange control of target artifact or creature for control of target permanent of the same type.",
     "exchange control of target artifact or creature for control of target permanent of the same type."),
    ("{t}: choose a creature type other than legend or wall. target creature 's type becomes that type until end of"
     " turn.",
     "{t}: choose a creature type other than wall. target creature 's type becomes that type until end of turn."),
    ("{t}: sacrifice ~. target land becomes a 3/3 artifact creature. that creature still counts as a land.",
     "{t}: sacrifice ~. target land becomes a 3/3 artifact creature that is still a land."),
    # Odyssey's triggered threshold: Oracle grants the triggered ability while the condition holds
    ("threshold when ~ enters the battlefield, draw three cards, then discard two cards.",
     'threshold — as long as seven or more cards are in your graveyard, ~ has "when ~ enters the battlefield, draw'
     ' three cards, then discard two cards."'),
    ("when ~ enters the battlefield, if the {2}{u} kicker cost was paid, target player discards three cards.",
     "when ~ enters the battlefield, if ~ was kicked with its {2}{u} kicker, target player discards three cards."),
    ("choose one or both ~ deals 3 damage to target creature with flying; and/or ~ deals 3 damage to target"
     " creature without flying.",
     "choose one or both — • ~ deals 3 damage to target creature with flying. • ~ deals 3 damage to target"
     " creature without flying."),
    ("choose one — destroy target artifact; return target creature to its owner 's hand; or draw a card.",
     "choose one — • destroy target artifact. • return target creature to its owner 's hand. • draw a card."),
]

#: printed text that keeps its meaning only as it is: the rules must leave it alone
UNCHANGED = [
    # a sentence after the modes belongs to the whole ability, not to its last mode
    "choose one — you gain 5 life; or you gain x life. spend only white mana on x.",
    # "target creature or player" becomes "any target" only where damage is dealt or prevented
    "target creature or player gains flying until end of turn.",
    # colorless mana is written {c}; a cost to pay is not
    "counter target spell unless its controller pays {1}.",
    "{t}: you may play lands from your graveyard.",
    "you may play that card this turn.",
    # a token whose definition says more than P/T, colors, types and keywords keeps its printed form
    "create three goblin scout tokens. treat these tokens as 1/1 red creatures with mountainwalk that count as goblins.",
    # "any one … creature" of other kinds stays as printed
    "return it and any one legend card from your graveyard.",
    # "as though it were just summoned" after "treat": the sentence is left whole
    "treat that creature as though it were just summoned.",
]


def _ir(text: str, name: str) -> list[dict]:
    out = []
    for c in card_ir(text, "en", name).clauses:
        if c.form == "reminder":
            continue
        d = asdict(c)
        for k in ("text", "line", "lang", "error", "error_column"):
            d.pop(k)
        out.append(d)
    return out


@pytest.mark.parametrize("pair", PAIRS, ids=[p["name"] for p in PAIRS])
def test_old_wording_builds_the_oracle_ir(pair):
    old, oracle = _ir(pair["printed"], pair["name"]), _ir(pair["oracle"], pair["name"])
    assert all(c["parsed"] for c in old), pair["printed"]
    assert all(c["parsed"] for c in oracle), pair["oracle"]
    assert old == oracle


@pytest.mark.parametrize("old, new", REWRITES)
def test_rewrite(old, new):
    assert modern_wording(old) == new


@pytest.mark.parametrize("text", UNCHANGED)
def test_left_alone(text):
    assert modern_wording(text) == text


def _fired(text: str) -> set[int]:
    out = set()
    for i, (pattern, replacement, _, _) in enumerate(rules()):
        new = pattern.sub(replacement, text)
        if new != text:
            out.add(i)
            text = new
    return out


def test_every_rule_is_exercised():
    fired = set()
    for pair in PAIRS:
        for para in pair["printed"].split("\n"):
            fired |= _fired(_lowered(re.sub(r"\s*[(（][^()]*[)）]", "", para), pair["name"]))
    for old, _ in REWRITES:
        fired |= _fired(old)
    missing = [rules()[i][0].pattern for i in range(len(rules())) if i not in fired]
    assert not missing, missing


def _lowered(body: str, name: str) -> str:
    """The clause as the rules see it (before them)."""
    return plain_surface(replace_names(body, name_variants(name)))


def test_rules_leave_the_oracle_clauses_of_the_pairs_alone():
    for pair in PAIRS:
        for para in pair["oracle"].split("\n"):
            fired = _fired(_lowered(re.sub(r"\s*[(（][^()]*[)）]", "", para), pair["name"]))
            assert not fired, (pair["oracle"], [rules()[i][0].pattern for i in fired])


@pytest.mark.parametrize("printed, symbols", [
    ("ocT: Add oW.", "{T}: Add {W}."),
    ("o1oUoU: Draw a card.", "{1}{U}{U}: Draw a card."),
    ("o1ooG Regenerate ~.", "{1}{G}: Regenerate ~."),   # the doubled "o": the cost's lost colon
    ("Kicker o1oW and/or oR", "Kicker {1}{W} and/or {R}"),
    ("Tap target creature or player.", "Tap target creature or player."),  # "or" is a word
    ("one of your opponents", "one of your opponents"),
])
def test_printed_mana_symbols(printed, symbols):
    assert printed_symbols(printed) == symbols


def test_colorless_mana_added():
    assert modern_wording("§ {t}: add {1}.") == "§ {t}: add {c}."
    assert modern_wording("§ {t}: add {2}.") == "§ {t}: add {c}{c}."
    assert modern_wording("§ {t}: add one colorless mana.") == "§ {t}: add {c}."
    assert modern_wording("§ {t}: add {1}{u}.") == "§ {t}: add {1}{u}."  # a generic symbol among others: as printed


def test_bad_rule_file_line_is_reported_with_its_location(tmp_path, monkeypatch):
    from cardlint.lang.en import old_wordings as en_old

    bad = tmp_path / "grammar"
    bad.mkdir()
    (bad / en_old.RULES_FILE).write_text("# ok\n\\bfoo(\tbar\n", encoding="utf-8")
    monkeypatch.setattr(en_old, "grammar_dir", lambda: bad)
    en_old.rules.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"en_old_wordings\.tsv:2:\d+: "):
            en_old.rules()
    finally:
        en_old.rules.cache_clear()


@pytest.mark.parametrize("type_line, spell", [("Interrupt", True), ("Mana Source", True), ("Summon — Legend", False),
                                              ("Enchant Creature", False), ("Instant", True)])
def test_old_type_lines(type_line, spell):
    from cardlint.lang.frontend import frontend

    assert frontend("en").is_spell_type(type_line) is spell


def test_keyword_glued_to_the_next_cost_is_its_own_clause():
    """Printed text that lost a line break between a keyword and an activated ability ("Flying{1}{B}:
    …") reads as the two clauses Oracle prints; text without the seam is left as one clause."""
    glued = [c for c in card_ir("Flying{1}{B}: Pit Imp gets +1/+1 until end of turn.", "en", "Pit Imp").clauses]
    assert [(c.form, c.parsed) for c in glued] == [("keyword", True), ("activated", True)]
    whole = card_ir("{1}{B}: Add {B}{B}.", "en", "X").clauses
    assert len(whole) == 1


def test_italic_reminder_text_is_a_reminder():
    clauses = card_ir("<i>({T}: Add {B} or {G}.)</i>", "en", "Overgrown Tomb").clauses
    assert [(c.form, c.parsed) for c in clauses] == [("reminder", True)]


def test_symbol_run_cut_after_a_lone_o_is_one_keyword():
    clauses = card_ir("Cumulative Upkeep: oGoG", "en", "Yavimaya Ants").clauses
    assert [(c.form, c.parsed) for c in clauses] == [("keyword", True)]


def _ungated(text: str) -> str:
    """Every rule tried on every text, in order — what the gates may only make faster."""
    for pattern, replacement, _, _ in rules():
        text = pattern.sub(replacement, text)
    return text


def _fixture_texts() -> list[str]:
    texts = [old for old, _ in REWRITES] + list(UNCHANGED)
    for pair in PAIRS:
        for side in ("printed", "oracle"):
            for para in pair[side].split("\n"):
                texts.append(_lowered(re.sub(r"\s*[(（][^()]*[)）]", "", para), pair["name"]))
    return texts


def test_gates_only_skip_rules_that_cannot_match():
    """The gates (the rules file's, the trie over them, the runs each pattern needs) change no result:
    on every fixture clause, the gated rewrite is the rewrite with every rule tried."""
    from cardlint.lang.en.old_wordings import _ADD_COLORLESS, _colorless

    for text in _fixture_texts():
        want = _ungated(text)
        if "add " in want:
            want = _ADD_COLORLESS.sub(_colorless, want)
        assert modern_wording(text) == want, text


@pytest.mark.parametrize("pattern, runs", [
    (r"\bplay(?:ed)?((?: (?:a|an|the)){0,3} spells?)\b", ("play", " spell")),
    (r"^([^:\"]*: )(flying|trample) until end of turn\b", (": ", " until end of turn")),
    (r"\bhe or she (\w+)ies\b", ("he or she ", "ies")),
    (r"(?i)\bplay\b", ()),                 # a case-blind pattern: no run is certain
    (r"\b(?:use|play) this ability\b", (" this ability",)),
    (r"x(?:ab)*y", ()),                    # a part that may be absent cuts the run
])
def test_required_runs(pattern, runs):
    from cardlint.lang.en.old_wordings import _required

    assert _required(re.compile(pattern)) == runs
