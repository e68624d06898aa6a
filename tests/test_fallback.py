"""The one fallback engine (cardlint.lang.fallback) and its cue tables (kb/fallback/<lang>.yaml), and
partial parses (Frontend.unparsed): a clause the grammar does not parse whole keeps the effects of the
sentences that parse, the fallback reads only the sentences that fail, and the clause stays unparsed."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.lang.fallback import read_clause, table_from_data, table_languages
from cardlint.lang.frontend import frontend
from cardlint.pipeline import classify_card, classify_text
from cardlint.text.sentences import split_sentences

TOY = {"lang": "xx", "triggered": ["whenever\\b"], "self_subject": "~", "attach": "continuous",
       "conditions": [{"value": "as_long_as", "pattern": "\\bas long as\\b"}],
       "quoted": '"[^"]*"',
       "cues": [{"kind": "continuous", "characteristic": "pt_modify", "op": "modify", "pattern": "\\+\\d/\\+\\d"},
                {"kind": "rules", "pattern": "\\bcannot\\b"}],
       "default_kind": "one-shot"}


def _no_keyword(text):
    return None


def test_engine_reads_a_table_that_is_only_data():
    table = table_from_data(TOY)
    c = read_clause(table, "~ gets +1/+1 as long as x.", _no_keyword)
    assert c.parsed is False and c.form == I.FORM_STATEMENT
    (e,) = c.effects
    assert (e.kind, e.modifications[0].characteristic, e.modifications[0].op) == (I.CONTINUOUS, I.PT_MODIFY, "modify")
    assert e.affected.ref == "self" and e.condition.kind == "as_long_as"
    assert read_clause(table, "whenever x, y cannot z.", _no_keyword).form == I.FORM_TRIGGERED
    assert [e.kind for e in read_clause(table, "whenever x, y cannot z.", _no_keyword).effects] == [I.RULES]
    assert [e.kind for e in read_clause(table, "§{1}: frob.", _no_keyword).effects] == [I.ONE_SHOT]
    assert read_clause(table, "§{1}: frob.", _no_keyword).form == I.FORM_ACTIVATED
    # a quoted (granted) ability's effects are not the clause's
    assert [e.kind for e in read_clause(table, 'it has "~ gets +1/+1."', _no_keyword).effects] == [I.ONE_SHOT]
    kw = read_clause(table, "frobbing 2", lambda t: I.Keyword("frob", "2"))
    assert kw.form == I.FORM_KEYWORD and kw.keyword.id == "frob" and not kw.effects


@pytest.mark.parametrize("lang", ["en", "de", "ja", "zh-Hans"])
def test_every_language_has_a_cue_table(lang):
    assert lang in table_languages()
    table = frontend(lang).cue_table
    assert table.lang == lang and table.cues


@pytest.mark.parametrize("lang, text, layer", [
    ("en", "Frobnicate all the widgets. Creatures you control get +1/+1 wibbly.", "7c"),
    ("de", "Frobniziere die Wichte wibbelig. Kreaturen, die du kontrollierst, erhalten wibbelig +1/+1.", "7c"),
    ("ja", "あなたがコントロールするクリーチャーはフロブして+1/+1の修整を受ける。", "7c"),
    ("zh-Hans", "由你操控的生物弗罗布地得+1/+1。", "7c"),
])
def test_fallback_is_never_a_parse(lang, text, layer):
    (c,) = classify_text(text, lang)["clauses"]
    assert c["parsed"] is False
    assert layer in [e["layer"] for e in c["effects"]]


# ---------------------------------------------------------------------------------------- sentences
def test_sentences_split_at_stops_outside_quotes_and_brackets():
    text = 'it gets +1/+1. it has "{t}: draw a card. then discard." (it is 1.5 strong.) frob.'
    assert [s for _, s in split_sentences(text)] == [
        "it gets +1/+1.", 'it has "{t}: draw a card. then discard." (it is 1.5 strong.) frob.']
    assert [s for _, s in split_sentences("a «b. c.» d. e")] == ["a «b. c.» d.", "e"]
    assert split_sentences("甲。乙「丙。丁」。戊", "。", False) == [(0, "甲。"), (2, "乙「丙。丁」。"), (9, "戊")]
    for offset, s in split_sentences("  one.  two.   three"):
        assert "  one.  two.   three"[offset:offset + len(s)] == s


# ---------------------------------------------------------------------------------------- partial parses
def test_partial_parse_keeps_the_sentences_that_parse():
    card, (c,) = classify_card("Whenever ~ attacks, target creature gets +1/+1 until end of turn. "
                               "Then ~ frobnicates the widget wildly. Draw a card.", "en", "Thing")
    assert c["parsed"] is False and c["ability"] == "triggered"
    pt = next(e for e in c["effects"] if e["layer"] == "7c")
    # what the grammar built for the first sentence, not a cue-word guess
    assert pt["value"] == "+1/+1" and pt["duration"] == "until_eot" and pt["affected"] == "target creature"
    assert c["error"].startswith("sentence 2 of 3 'then ~ frobnicates")
    # the column is the clause's, not the sentence's
    assert card.clauses[0].error_column > len("Whenever ~ attacks, target creature gets +1/+1 until end of turn.")


def test_partial_parse_reads_only_the_failing_sentence_with_the_fallback():
    # the whole clause's fallback found "gets +1/+1" in the quoted ability; the parsed first sentence
    # grants it (layer 6), and the fallback reads the failing second sentence alone (no cue: one-shot)
    text = 'Target creature gains "{T}: This creature gets +1/+1 until end of turn." Frobnicate it wildly.'
    (c,) = classify_text(text, "en", type_line="Instant")["clauses"]
    assert c["parsed"] is False
    assert sorted((e["kind"], e["layer"]) for e in c["effects"]) == [("continuous", "6"), ("one-shot", None)]


def test_a_clause_no_sentence_of_which_parses_is_read_whole():
    (c,) = classify_text("Frobnicate the widget. Wibble the wobble.", "en")["clauses"]
    assert c["parsed"] is False and not c["error"].startswith("sentence")


@pytest.mark.parametrize("lang, name, text, layers", [
    # the first sentence parses (a CDA, layer 7a); the glued keyword line after it does not
    ("ja", "不快な集合体", "不快な集合体のパワーは、あなたがコントロールする無色のクリーチャーの総数に等しい。トランプル嚥下", {"7a"}),
    ("zh-Hans", "织魇师安梭苛", "-X:将一张以织魇师安梭苛放逐且总法术力费用为X的生物牌在你的操控下放进战场。该生物额外具有「梦魇」此类别。",
     {"4"}),
    ("de", "Chainer", "{B}{B}{B}, bezahle 3 Lebenspunkte: Bringe eine Kreaturenkarte deiner Wahl aus einem Friedhof unter "
     "deiner Kontrolle ins Spiel. Diese Kreatur ist schwarz und zusätzlich zu ihren normalen Kreaturentypen ein Nachtmahr.",
     {"4", "5"}),
])
def test_partial_parses_in_every_language(lang, name, text, layers):
    (c,) = [c for c in classify_text(text, lang, name=name)["clauses"] if c["ability"] != "reminder"]
    assert c["parsed"] is False and c["error"].startswith("sentence ")
    assert {e["layer"] for e in c["effects"] if e["kind"] == "continuous"} == layers
