"""German front end: self-reference, normalisation, keywords, the inline build (the hand-labelled real
clauses of tests/fixtures/de/clauses.yaml run in tests/test_clause_fixtures.py)."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest

from cardlint.lang.de.frontend import FRONTEND, keyword_id
from cardlint.pipeline import classify_text
from clause_fixtures import load

HERE = Path(__file__).resolve().parent
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus" / "mtg" / "de.jsonl"

CASES = load("de")


def _effects(clause: dict) -> list[list]:
    return sorted(([e["kind"], e["layer"], e["cda"]] for e in clause["effects"]), key=str)


# ------------------------------------------------------------------ self-reference
@pytest.mark.parametrize("text,name", [
    ("Der Aufgegebene Außenposten kommt getappt ins Spiel.", "Aufgegebener Außenposten"),
    ("Stärke und Widerstandskraft des Steinalten Schlammwesens sind gleich der Anzahl an Karten in deiner Hand.",
     "Steinaltes Schlammwesen"),
    ("{T}, opfere den Aufgegebenen Außenposten: Erhöhe deinen Manavorrat um {W}.", "Aufgegebener Außenposten"),
])
def test_self_reference_declension(text, name):
    norm = FRONTEND.normalize(text, name)
    assert "~" in norm
    assert "außenposten" not in norm and "schlammwesen" not in norm


@pytest.mark.parametrize("text,expected", [
    # compound ellipsis: the shared head after a hyphen, after an article, or joined to the last part
    ("Spontanzauber- oder Hexerei-Karte", "spontanzauber-karte oder hexerei-karte"),
    ("eine Spontanzauber- und eine Hexerei-Karte", "eine spontanzauber-karte und eine hexerei-karte"),
    ("eine Artefakt-, Kreaturen- oder Länderkarte", "eine artefaktkarte, kreaturenkarte oder länderkarte"),
    # mana symbols written as letters in older printings; words are left alone
    ("Erhöhe deinen Manavorrat um R.", "erhöhe deinen manavorrat um {r}."),
    ("Zahle 3BBB.", "zahle {3}{b}{b}{b}."),
    ("Zerstöre eine Burg.", "zerstöre eine burg."),
    # an ability word printed without its dash gets one
    ("Grenzwert Solange du angreifst", "grenzwert — solange du angreifst"),
])
def test_normalize_older_printings(text, expected):
    assert FRONTEND.normalize(text, "Irgendein Name") == expected


def test_self_reference_hyphen_or_space():
    assert FRONTEND.normalize("Wenn der Orzhov Hohepriester angreift", "Orzhov-Hohepriester") == "wenn ~ angreift"


def test_self_reference_cda():
    out = classify_text("Stärke und Widerstandskraft des Steinalten Schlammwesens sind gleich der Anzahl an Karten "
                        "in deiner Hand.", "de", name="Steinaltes Schlammwesen", type_line="Kreatur — Schlammwesen")
    assert out["clauses"][0]["effects"] == [
        {**out["clauses"][0]["effects"][0], "kind": "continuous", "layer": "7a", "cda": True}]


def test_this_spell_is_self():
    out = classify_text("Dieser Zauberspruch kann nicht neutralisiert werden.", "de", type_line="Spontanzauber")
    assert out["clauses"][0]["ability"] == "static"


def test_conditional_is_not_cda():
    out = classify_text("Solange du eine Insel kontrollierst, erhält diese Kreatur +1/+1 und ist blau.", "de",
                        type_line="Kreatur — Elf")
    effs = out["clauses"][0]["effects"]
    assert {(e["layer"], e["cda"]) for e in effs} == {("7c", False), ("5", False)}


# ------------------------------------------------------------------ keywords and type lines
def test_keyword_list_splits():
    out = classify_text("Fliegend, verursacht Trampelschaden", "de", type_line="Kreatur — Drache")
    assert [c["ability"] for c in out["clauses"]] == ["keyword", "keyword"]
    assert [c.get("keyword") for c in out["clauses"]] == ["flying", "trample"]


def test_keyword_ids():
    assert keyword_id("Schutz vor Schwarz") == ("protection", "schwarz")
    assert keyword_id("Ausrüsten {2}")[0] == "equip"
    assert keyword_id("Inseltarnung")[0] == "landwalk"


@pytest.mark.parametrize("type_line,expected", [
    ("Spontanzauber", True), ("Hexerei", True), ("Unterbrechung", True), ("Stammes-Spontanzauber", True),
    ("Legendäre Hexerei", True), ("Kreatur — Elf", False), ("Beschwörung eines Zauberers", False),
    ("Verzauberung — Aura", False), ("Land", False), ("Artefaktkreatur — Golem", False), (None, None),
])
def test_is_spell_type(type_line, expected):
    assert FRONTEND.is_spell_type(type_line) is expected


# ------------------------------------------------------------------ robustness
@pytest.mark.parametrize("text", ["", "   ", "x" * 1_000_000, "\x00\x01\x02 binär", "((((", "»«", "{T}:: :",
                                  "Die verzauberte Kreatur erhält \"{T}: ", "Fliegend" * 5000])
def test_bad_input_never_raises(text):
    t = time.time()
    out = classify_text(text, "de", name="Irgendein Name", type_line="Kreatur")
    assert isinstance(out["clauses"], list)
    assert time.time() - t < 5


def test_unknown_word_is_unparsed_fallback():
    out = classify_text("Die verzauberte Kreatur erhält +2/+2 quxquxqux.", "de", type_line="Verzauberung — Aura")
    c = out["clauses"][0]
    assert c["parsed"] is False
    assert any(e["layer"] == "7c" for e in c["effects"])


# ------------------------------------------------------------------ corpus-wide (skipped without the corpus)
@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not present")
def test_corpus_sample_coverage():
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()[::40]]
    stats = Counter()
    for r in rows:
        for c in classify_text(r["text"], "de", name=r["tname"], type_line=r["type"])["clauses"]:
            stats["all"] += 1
            stats["parsed"] += c["parsed"]
    assert stats["parsed"] / stats["all"] >= 0.80


# ------------------------------------------------------------------ session-3 families (real corpus clauses)
def test_keyword_verb_keeps_its_duration():
    out = classify_text("{G}, {T}: Kreaturen, die du kontrollierst, verursachen Trampelschaden bis zum Ende des Zuges.",
                        "de", name="Gildenmagier des Konklaves", type_line="Kreatur — Elf, Kleriker")
    (effect,) = out["clauses"][0]["effects"]
    assert (effect["layer"], effect["duration"]) == ("6", "until_eot")


def test_until_end_of_your_next_turn():
    out = classify_text("Immer wenn ein Gegner ein Artefakt für Mana tappt, übernimm die Kontrolle über das Artefakt "
                        "bis zum Ende deines nächsten Zuges.", "de", name="Schatzschnapper", type_line="Kreatur — Goblin")
    (effect,) = out["clauses"][0]["effects"]
    assert (effect["layer"], effect["duration"]) == ("2", "until_next_turn")


@pytest.mark.parametrize("text,kinds", [
    ("Spielst du diesen Zauberspruch während deiner Hauptphase, erhält diese Kreatur stattdessen +4/+4 bis zum Ende "
     "des Zuges.", ["continuous", "replacement"]),
    ("Ist dieses Land legendär, opfert sein Beherrscher ein weiteres Land.", ["one-shot"]),
])
def test_verb_first_condition_is_no_effect(text, kinds):
    # the verb-first clause is the condition: no "play" action, no layer-4 "is legendary" (these were
    # the wrong effects before the clause was read as a condition)
    effects = classify_text(text, "de", name="Irgendein Name", type_line="Hexerei")["clauses"][0]["effects"]
    assert sorted(e["kind"] for e in effects) == kinds


# ------------------------------------------------------------------ inline build (speed) keeps the tree walk's IR
def _tree_built(text: str, name: str):
    """The clause IR as the tree walk builds it (Lark tree, then GermanIRBuilder over it)."""
    from cardlint.lang.frontend import Frontend
    from cardlint.text.segment import segment

    seg = segment(text)[0]
    norm = FRONTEND.normalize(seg.body, name)
    tree, error, _ = Frontend._parse_tree(FRONTEND, norm)
    return norm, (None if error else FRONTEND.build(tree, seg, norm))


@pytest.mark.parametrize("case", [c for c in CASES if c["ability"] not in ("keyword", "reminder")],
                         ids=lambda c: c["label"])
def test_inline_build_equals_tree_build(case):
    # the builder runs during the parse (no tree); it must give the IR the tree walk gives
    assert FRONTEND._inline is not None, "the German parser should build inline"
    norm, expected = _tree_built(case["text"], case["name"])
    got, error, _ = FRONTEND._parse(norm)
    if expected is None:
        assert error is not None
    else:
        assert error is None and repr(got) == repr(expected)


@pytest.mark.parametrize("text,kid,param,layers", [
    ("Wandelwicht (Diese Karte hat jeden Kreaturentyp.)", "changeling", None, ["4"]),
    ("Schutz vor Schwarz", "protection", "schwarz", []),
    ("Ausrüsten {2}", "equip", "{2}", []),
])
def test_keyword_line_reads_its_tokens(text, kid, param, layers):
    # keyword lines keep the tree path: their IR joins the keyword's tokens (the parameter) and adds
    # the keyword's own effect (changeling: every creature type, a layer-4 CDA)
    from cardlint.text.segment import segment

    ir = FRONTEND.clause(segment(text)[0], "Irgendein Name")
    assert (ir.parsed, ir.keyword.id, ir.keyword.parameter) == (True, kid, param)
    out = classify_text(text, "de", name="Irgendein Name", type_line="Kreatur — Gestaltwandler")["clauses"][0]
    assert [e["layer"] for e in out["effects"]] == layers


@pytest.mark.parametrize("word", ["ebene", "ebenen", "nichtebene", "nicht-ebene", "sümpfe", "sumpfes", "wälder",
                                  "gebirgen", "inselkarte", "nicht-wald", "nichtsumpf-", "gegnerin", "gegnerinnen",
                                  "spielern", "kreaturen", "bibliothek", "nicht", "nicht-"])
def test_noun_facts_string_tests_equal_the_patterns(word):
    import re

    from cardlint.lang.de import builder as B
    from cardlint.lang.de import words as W

    lands = [b for s, b in W.BASIC_LAND_TYPES.items() if re.fullmatch(r"(?:nicht-?)?" + s + r"(?:n|en|e|s|es|er|ern)?", word)]
    noun = next((n for s, n in B._OBJ_NOUNS if re.search(re.escape(s) + r"(?:n|en|e|s|es|er|ern|innen|in)?$", word)), None)
    types, _, got_noun = B._noun_facts.__wrapped__(word)
    assert [t for t in types if t in W.BASIC_LAND_TYPES.values()] == list(dict.fromkeys(lands))
    assert got_noun == noun


def test_is_keyword_memo_answers_as_the_check():
    from cardlint.lang.de.frontend import _is_keyword

    for fragment in ["Fliegend", "Schutz vor Rot", "Schutz vor Rot erhält +1/+1", "Trampelschaden.", "x" * 300, ""]:
        assert FRONTEND.is_keyword(fragment) == FRONTEND.is_keyword(fragment) == _is_keyword(fragment)


@pytest.mark.parametrize("text, affected, kind", [
    # CR 701.10a–b: doubling P/T is +X/+Y (layer 7c) on the creature whose power it is
    ("Verdopple Stärke und Widerstandskraft einer Kreatur deiner Wahl bis zum Ende des Zuges.", "target creature", "continuous"),
    ("Verdopple seine Stärke und Widerstandskraft bis zum Ende des Zuges.", "it", "continuous"),
    ("Verdopple bis zum Ende des Zuges die Stärke jeder anderen Kreatur, die du kontrollierst.", "each other creature (you control)", "continuous"),
    # look-alikes: doubling counters or a life total stays a one-shot
    ("Verdopple die Anzahl der +1/+1-Marken auf einer Kreatur deiner Wahl.", None, "one-shot"),
    ("Verdopple deinen Lebenspunktestand.", None, "one-shot"),
])
def test_doubling_power_is_7c_on_its_owner(text, affected, kind):
    (clause,) = classify_text(text, lang="de")["clauses"]
    assert clause["parsed"]
    (e,) = clause["effects"]
    assert e["kind"] == kind
    if kind == "continuous":
        assert (e["layer"], e["affected"], e["value"]) == ("7c", affected, "double")


@pytest.mark.parametrize("text,value", [
    ("Die verzauberte Kreatur hat Flugfähigkeit.", ["flying"]),
    ("Die ausgerüstete Kreatur erhält Unzerstörbarkeit.", ["indestructible"]),
    ("Die verzauberte Kreatur hat Fluchsicherheit.", ["hexproof"]),
    ("Die verzauberte Kreatur verliert die Verteidigerfähigkeit.", ["defender"]),
])
def test_keyword_noun_forms_give_kb_ids(text, value):
    """A keyword's noun form ("hat Flugfähigkeit") names the kb id in the IR, as en/ja/zh-Hans do,
    never the German word."""
    clause = classify_text(text, "de", name="Irgendein Name", type_line="Verzauberung — Aura")["clauses"][0]
    assert clause["parsed"] is True
    assert [e.get("value") for e in clause["effects"] if e.get("characteristic") == "abilities"] == [value]


# ------------------------------------------------------------------ hde: segmentation and older printings
def test_reminder_text_broken_over_lines_is_one_clause():
    text = ("Morph {2}{U} (Du kannst diese Karte verdeckt für {3} als eine 2/2 Kreatur spielen.\n"
            " Decke sie zu einem beliebigen Zeitpunkt für ihre Morph-Kosten auf.)")
    clauses = classify_text(text, "de", "Aufsteigender Avior")["clauses"]
    assert [c["ability"] for c in clauses] == ["keyword"] and clauses[0]["parsed"]
    # a parenthesis that never closes leaves the lines as they were
    assert len(classify_text("Fliegend (Diese Kreatur …\nZiehe eine Karte.\nZiehe eine Karte.\nEile", "de")["clauses"]) == 4


@pytest.mark.parametrize("text,keyword", [
    ("Kumulative Versorgung-2", "cumulative_upkeep"),
    ("Standardlandumwandlung {1}{B}", "basic_landcycling"),
    ("Sumpfumwandlung {2}", "swampcycling"),
    ("Zehren", "ingest"),
])
def test_older_and_missing_keyword_forms(text, keyword):
    assert keyword_id(FRONTEND.normalize(text, None).lstrip("¶"))[0] == keyword


def test_subtype_list_before_a_hyphen_is_a_compound():
    norm = FRONTEND.normalize("Bringe einen 1/1 grünen (Elf, Krieger)-Kreaturenspielstein ins Spiel.", None)
    assert "elf-krieger-kreaturenspielstein" in norm
    clause = classify_text("Bringe einen 1/1 grünen (Elf, Krieger)-Kreaturenspielstein ins Spiel.", "de")["clauses"][0]
    assert clause["parsed"] and [e.get("verb") for e in clause["effects"]] == ["create"]


def test_timing_restriction_is_no_upkeep_trigger():
    clause = classify_text("{T}: Ziehe eine Karte. Spiele diese Fähigkeit nur während deines Versorgungssegments.",
                           "de")["clauses"][0]
    assert clause["ability"] == "activated"
