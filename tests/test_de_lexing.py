"""German front end: the fast paths give the slow paths' answers, glued lines are split.

- self-reference: the hand-written matcher (:func:`_sub_self_plain`) against the name regex it
  replaces for plain text (:func:`_self_regex`), on real and generated declensions;
- the first-match lexer (:mod:`cardlint.speed.first_match`) against Lark's own basic lexer: same
  tokens, same error position;
- keyword names looked up by prefix, older keyword names, glued lines (``resegment``), entities
  and a quoted ability that ends a sentence in normalisation.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedCharacters
from lark.lexer import LexerThread

from cardlint.lang.de import frontend as de
from cardlint.speed.first_match import first_match_lexer, first_of
from cardlint.pipeline import classify_text
from cardlint.text.segment import segment

FE = de.FRONTEND


# --- self-reference ------------------------------------------------------------------------------

def _both(text: str, name: str) -> tuple[str, str]:
    assert de._plain_case(text) and de._plain_case(name)
    rx = de._self_regex(name)
    return (rx.sub("~", text) if rx else text), de._sub_self_plain(text, text.lower(), de._name_forms(name))


@pytest.mark.parametrize("name, text, expected", [
    # real card lines (de.jsonl): article, declension, hyphen for a space, apposition
    ("Samenwächter-Esche", "Wenn die Samenwächter-Esche aus dem Spiel auf einen Friedhof gelegt wird, kannst du",
     "Wenn ~ aus dem Spiel auf einen Friedhof gelegt wird, kannst du"),
    ("Akoum-Feuervogel", "Der Akoum-Feuervogel greift in jedem Zug an, falls möglich.",
     "~ greift in jedem Zug an, falls möglich."),
    ("Abt des Keralberg-Klosters", "Wenn der Abt des Keralberg-Klosters ins Spiel kommt, schicke",
     "Wenn ~ ins Spiel kommt, schicke"),
    ("Agrus Kos, Wojek-Veteran", "Immer wenn Agrus Kos, Wojek-Veteran, angreift, erhalten angreifende rote Kreaturen +2/+0.",
     "Immer wenn ~ angreift, erhalten angreifende rote Kreaturen +2/+0."),
    ("Agrus Kos, Wojek-Veteran", "Immer wenn Agrus Kos angreift, x.", "Immer wenn ~ angreift, x."),
    ("Gideon, Verbündeter von Zendikar", "wird Gideon, Verbündeter von Zendikar, zu einer 5/5 Kreatur",
     "wird ~ zu einer 5/5 Kreatur"),
    # a declined adjective in the name, a longer word that only begins with the name
    ("Rasende Nashörner", "Die rasenden Nashörner greifen an. Rasendenashörner", "~ greifen an. Rasendenashörner"),
    ("Orzhov-Hohepriester", "Orzhov Hohepriesters Fähigkeit", "~ Fähigkeit"),
])
def test_self_reference_fast_path(name, text, expected):
    regex, plain = _both(text, name)
    assert plain == regex == expected


_NAME_WORDS = st.sampled_from(["Esche", "Feuer", "Drache", "Gideon,", "Kos", "der", "von", "Ur", "Eis", "A", "Nashörner"])
_GLUE = st.sampled_from([" ", "-", "  ", " - ", ", ", ","])
_ENDING = st.sampled_from(["", "e", "en", "es", "n", "s", "ns", "ers", "x", ",", "'s", "_"])
_AROUND = st.sampled_from(["", " ", "x", "-", "(", "der ", "Die ", "eines ", "den", ". ", ","])


@settings(max_examples=300, deadline=None)
@given(words=st.lists(_NAME_WORDS, min_size=1, max_size=3), glue=_GLUE, endings=st.lists(_ENDING, min_size=3, max_size=3),
       before=_AROUND, after=_AROUND, upper=st.booleans(), twice=st.booleans())
def test_self_reference_fast_path_matches_regex(words, glue, endings, before, after, upper, twice):
    name = " ".join(words)
    shown = glue.join(w + e for w, e in zip(words, endings))
    text = before + (shown.upper() if upper else shown) + after
    if twice:
        text = text + " " + text
    regex, plain = _both(text, name)
    assert plain == regex


def test_unusual_case_folding_takes_the_regex():
    # "İ" lower-cases to two characters and the Kelvin sign folds to "k": the regex decides
    assert not de._plain_case("İstanbul") and not de._plain_case("\u212araft")
    assert de._replace_self("\u212aRAFT greift an", "Kraft") == "~ greift an"


# --- the first-match lexer -----------------------------------------------------------------------

def _tokens(lexer, text):
    out = []
    try:
        for t in LexerThread.from_text(lexer, text).lex(None):
            out.append((t.type, str(t), t.start_pos))
    except UnexpectedCharacters as exc:
        out.append(("error", exc.pos_in_stream))
    return out


@pytest.fixture(scope="module")
def lexers():
    parser = FE.parser
    return parser._build_lexer(), first_match_lexer(parser)


@pytest.mark.parametrize("line", [
    "Der Akoum-Feuervogel greift in jedem Zug an, falls möglich.",
    "{1}{B}{R}: Bis zum Ende des Zuges wird das Lavaklauen-Gebiet zu einer 2/2 schwarzen und roten "
    "Elementarwesen-Kreatur mit \"{X}: Diese Kreatur erhält +X/+0 bis zum Ende des Zuges.\" Es ist immer noch ein Land.",
    "Wähle X Karten aus Deiner Hand und wirf diese ab: Schau Dir die Hand eines Gegners Deiner Wahl an.",
    "Andere Geist-Kreaturen, die du kontrollierst, erhalten +1/+1 und sind fluchsicher.",
    "Verursacht Trampelschaden",
    "ErstschlagMorph {4}{R}",
])
def test_first_match_lexer_gives_lark_tokens(lexers, line):
    lark_lexer, ours = lexers
    text = FE.normalize(line, "Lavaklauen-Gebiet")
    assert _tokens(ours, text) == _tokens(lark_lexer, text)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("abcdeäöüßkrstxz0123 ,.;:-—+/{}()«»\"'~§¶•*İ\u212aſé中_")), max_size=40))
def test_first_match_lexer_on_junk(lexers, text):
    lark_lexer, ours = lexers
    assert _tokens(ours, text) == _tokens(lark_lexer, text)


@pytest.mark.parametrize("text", [
    "wähle x karten aus deiner hand und wirf diese ab: schau dir die hand eines gegners deiner wahl an.",
    "§{2}, opfere ~: ~ fügt jeder kreatur ohne flugfähigkeit 1 schadenspunkt zu. zürgelbrx quuxe {q}",
    "andere geist-kreaturen, die du kontrollierst, erhalten +1/+1 und sind fluchsicher. <> ^^ %",
])
def test_first_match_lexer_stops_where_lark_does(lexers, text):
    lark_lexer, ours = lexers
    assert _tokens(ours, text) == _tokens(lark_lexer, text)


@pytest.mark.parametrize("regex, inside, outside", [
    (r"(?:,\s*)?(?:und|oder)", ",uo", " \tadx{"),               # an optional prefix, then the word
    (r"[+\-]?(?:\d+|x)/\d+", "+-x0٣", "a{"),                      # Unicode digits are \d
    (r"(?i:\{t\})", "{", "t"),
    (r"(?i:k)", "kK\u212a", "a"),                                  # the Kelvin sign folds to k
])
def test_first_characters_are_sound(regex, inside, outside):
    import re

    first = first_of(regex)
    assert first is not None
    for ch in inside:
        assert first.admits(ch), ch
    for ch in outside:
        assert not first.admits(ch) and not re.match(regex, ch + "und/1"), ch


# --- keyword names -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Schutz vor Rot", ("protection", "rot")),
    ("Affinität zu Sümpfen", ("affinity", "sümpfen")),
    ("Trampelschaden", ("trample", None)),
    ("Furcht", ("fear", None)),
    ("Verursachen Trampelschaden", ("trample", None)),
    ("Bonus {1}{U} und/oder {B}", ("kicker", "{1}{u} und/oder {b}")),
    ("Wähle eine Kreatur", (None, None)),
])
def test_keyword_names(text, expected):
    assert de.keyword_id(text) == expected
    assert FE.is_keyword(text) is (expected[0] is not None)


def test_keyword_with_a_sentence_is_no_keyword_line():
    assert not FE.is_keyword("Affinität zu Sümpfen, die du kontrollierst")
    assert not FE.is_keyword("Schutz vor allem ist gut")


# --- glued lines ---------------------------------------------------------------------------------

@pytest.mark.parametrize("line, parts", [
    # de.jsonl, Abbot of Keral Keep: a reminder text's ")" before the next ability
    ("Bravour (Immer wenn du einen Nichtkreatur-Zauberspruch wirkst, erhält diese Kreatur +1/+1 bis zum Ende des "
     "Zuges.)Wenn der Abt des Keralberg-Klosters ins Spiel kommt, schicke die oberste Karte deiner Bibliothek ins Exil.",
     ["Bravour", "Wenn der Abt des Keralberg-Klosters ins Spiel kommt, schicke die oberste Karte deiner Bibliothek ins Exil."]),
    # Akoum Firebird: a keyword list glued to a sentence, a sentence glued to an ability word
    ("Fliegend, EileDer Akoum-Feuervogel greift in jedem Zug an, falls möglich.Landung — Immer wenn ein Land unter "
     "deiner Kontrolle ins Spiel kommt, kannst du {4}{R}{R} bezahlen.",
     ["Fliegend", "Eile", "Der Akoum-Feuervogel greift in jedem Zug an, falls möglich.",
      "Landung — Immer wenn ein Land unter deiner Kontrolle ins Spiel kommt, kannst du {4}{R}{R} bezahlen."]),
    # Ajani, Caller of the Pride: loyalty abilities after a period
    ("+1: Lege eine +1/+1-Marke auf bis zu eine Kreatur deiner Wahl.-3: Eine Kreatur deiner Wahl erhält Flugfähigkeit "
     "und Doppelschlag bis zum Ende des Zuges.",
     ["+1: Lege eine +1/+1-Marke auf bis zu eine Kreatur deiner Wahl.",
      "-3: Eine Kreatur deiner Wahl erhält Flugfähigkeit und Doppelschlag bis zum Ende des Zuges."]),
    # Ainok Tracker: two keywords
    ("ErstschlagMorph {4}{R}", ["Erstschlag", "Morph {4}{R}"]),
    # nothing glued: inside a quote, a capital inside a name, a normal line
    ('Die Kreatur erhält "{T}: Ziehe eine Karte.Wirf eine Karte ab."', None),
    ("McCoy greift an.", None),
    ("Fliegend, Wachsamkeit", None),
])
def test_resegment_glued_lines(line, parts):
    segs = FE.resegment(segment(line, FE.is_keyword))
    bodies = [s.body for s in segs if not s.reminder_only]
    assert bodies == (parts or [s.body for s in segment(line, FE.is_keyword)])
    assert all(s.line == 1 for s in segs)


def test_resegment_keeps_bullets_with_the_last_part():
    segs = FE.resegment(segment("FliegendWähle eines —\n• Ziehe eine Karte.\n• Erhalte 2 Lebenspunkte.", FE.is_keyword))
    assert [s.body for s in segs] == ["Fliegend", "Wähle eines —"]
    assert segs[1].bullets == ["Ziehe eine Karte.", "Erhalte 2 Lebenspunkte."]


def test_glued_card_classifies_per_ability():
    out = classify_text("FliegendWenn der Drache ins Spiel kommt, ziehe eine Karte.", "de", name="Drache")
    assert [c["ability"] for c in out["clauses"]][:1] == ["keyword"]
    assert len(out["clauses"]) == 2


# --- normalisation -----------------------------------------------------------------------------

def test_html_entity_and_stray_bracket():
    assert FE.normalize("Andere Geist-Kreaturen erhalten +1/+1 und sind fluchsicher. &gt;", None) == \
        "andere geist-kreaturen erhalten +1/+1 und sind fluchsicher."


def test_quoted_ability_ending_the_sentence():
    norm = FE.normalize('wird ~ zu einer 2/2 Kreatur mit "{X}: Diese Kreatur erhält +X/+0 bis zum Ende des Zuges." '
                        "Es ist immer noch ein Land.", None)
    assert norm.endswith("bis zum ende des zuges.». es ist immer noch ein land.")


# --- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "", "Fliegend" * 5000, ".X" * 300_000, "(" * 10_000 + "FliegendWenn", "\x00\x01.\x02Ä" * 1000,
    "".join(chr(c) for c in range(0x100, 0x2100)),  # thousands of distinct characters
])
def test_bad_input_is_clean_and_quick(text):
    start = time.process_time()
    out = classify_text(text, "de", name="Drache")
    per_clause = (time.process_time() - start) / max(1, len(out["clauses"]))
    assert isinstance(out["clauses"], list)
    assert per_clause < 1.0


_SALAD = ["außer", "außer,", "wenn", "es", "sei", "denn", "denn,", "falls", "möglich", ",", "ohne", "dass", "und", "oder",
          "dann", "danach", "erhält", "erhalten", "kreatur", "kreaturen", "deiner", "wahl", "bis", "zum", "ende", "des",
          "zuges", "~", "+1/+1", "{t}", ":", "§", "¶", "schutz", "vor", "rot", "eine", "kreatur-verzauberung", "um", "zu",
          "ziehen", "einer", "diese", "der", "-", "—", ".", "zürgelbrx", "darfst", "darf", "anstatt", "statt", "beliebige",
          "anzahl", "an", "jede", "ebene", "nicht-sumpf", "in", "diesem", "zug", "'", "x", "3"]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(_SALAD), max_size=14))
def test_first_match_lexer_on_word_salad(lexers, words):
    # the tokens are those of Lark's basic lexer, also where a multi-word terminal
    # ("außer, wenn", "falls möglich") or a look-behind one ("einer … -verzauberung") could begin
    lark_lexer, ours = lexers
    text = " ".join(words)
    assert _tokens(ours, text) == _tokens(lark_lexer, text)


# --- lead words of terminals that begin with optional whitespace ---------------------------------
# ",?\s*außer,? wenn": a whitespace character ends a run of word characters, so such a terminal can
# match at a word only where the word is its first one; it used to be tried at every word.

_SPACE_LED = {"UNLESS": {"außer"}, "AUSSER_DASS": {"außer"}, "OHNE_DASS": {"ohne"}, "UNLESS_V2": {"es"},
              "IF_ABLE": {"falls", "wenn", "sofern"}}
_PROBES = ["außer", "ohne", "es", "falls", "wenn", "sofern", "dass", "sei", "denn", "möglich", "kreatur", "e", "auß"]


def test_terminals_led_by_optional_whitespace_have_lead_words():
    lx = FE.parser.parser.lexer  # as loaded: the lead tables may come from the parser cache
    for name, words in _SPACE_LED.items():
        assert lx.lead(name) is not None, name
        assert {w for w in _PROBES if name in lx.may_lead(w)} == words, name


def _unfiltered(lx):
    """The same lexer with no lead words: every multi-word terminal tried at every word."""
    import copy

    ref = copy.copy(lx)
    ref._leads = {name: None for name, _ in lx.others}
    ref._may_lead = ref._lead_index = ref._plan_all = None
    ref._plans = {}
    return ref


@pytest.mark.parametrize("text", [
    # real clauses (de.jsonl), normalised as the front end does
    "immer wenn du das ziel eines zauberspruchs oder einer fähigkeit wirst, den bzw die ein gegner kontrolliert, "
    "neutralisiere jenen zauberspruch bzw jene fähigkeit, es sei denn, sein bzw ihr beherrscher bezahlt {1}.",
    "jede kreatur, der auf diese weise schaden zugefügt wurde, greift in diesem zug an, falls möglich.",
    "falls eine karte mit umwandlung von irgendwoher auf deinen friedhof gelegt würde, ohne dass sie umgewandelt "
    "wurde, schicke sie stattdessen ins exil.",
])
def test_space_led_terminals_still_lex_in_real_clauses(text):
    lx = FE.parser.parser.lexer
    assert lx.tokenize(text) == _unfiltered(lx).tokenize(text)
    tree = FE.parser.parse(text)
    types = {tok.type for tok in tree.scan_values(lambda v: hasattr(v, "type"))}
    assert types & set(_SPACE_LED), types


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(_SALAD + ["\t", "\u00a0", "  "]), max_size=14))
def test_lead_words_do_not_change_the_tokens(words):
    lx = FE.parser.parser.lexer
    text = " ".join(words)
    assert lx.tokenize(text) == _unfiltered(lx).tokenize(text)
