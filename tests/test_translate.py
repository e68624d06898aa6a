"""check-translation: comparison logic (IR-level, fast), readers, the batch contract, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint import ir as I
from cardlint.translate import codes as C
from cardlint.translate.align import align
from cardlint.translate.compare import compare_cards
from cardlint.translate.readers import read_forge, read_jsonl, read_mtgjson
from cardlint.translate.signature import clause_signature

FIX = Path(__file__).parent / "fixtures" / "translate"


# --- IR-level comparison (no parser involved: fast and independent of the front ends) ------------
def _clause(text, *effects, form=I.FORM_STATEMENT, keyword=None, parsed=True, line=1):
    return I.ClauseIR(text=text, form=form, parsed=parsed, effects=list(effects),
                      keyword=I.Keyword(keyword) if keyword else None, line=line)


def _cont(char, op, value, affected=None, duration=None, condition=None):
    return I.Effect(I.CONTINUOUS, affected=affected or I.Filter(types=["creature"], noun="creature"),
                    modifications=[I.Modification(char, op, value)], duration=duration, condition=condition)


def _sigs(clauses, spell=False):
    return [clause_signature(c, i, spell) for i, c in enumerate(clauses)]


def _codes(en, tr, spell=False):
    """The findings, and the TR401 reasons of undetermined clauses (no findings), as (code, index)."""
    res = compare_cards(_sigs(en, spell), _sigs(tr, spell))
    return res, {(f.code, f.clause_index) for f in res.findings} | {(C.UNPARSED, r.clause_index)
                                                                   for r in res.reasons}


ANTHEM = _cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(types=["creature"], controller="you", noun="creature"))


def test_same_ir_is_consistent():
    res, codes = _codes([_clause("a", ANTHEM)], [_clause("b", ANTHEM)])
    assert res.status == "consistent" and not codes


@pytest.mark.parametrize("tr_effect, code", [
    (_cont(I.PT_MODIFY, "modify", "+2/+1", I.Filter(types=["creature"], controller="you")), C.PT),
    (_cont(I.PT_SET, "set", "1/1", I.Filter(types=["creature"], controller="you")), C.LAYER),
    (_cont(I.COLORS, "set", ["R"], I.Filter(types=["creature"], controller="you")), C.LAYER),
    (_cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(types=["creature"], controller="opponent")), C.CONTROLLER),
    (_cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(types=["creature"], controller="you"), duration="until_eot"),
     C.DURATION),
    (I.Effect(I.ONE_SHOT, verb="destroy"), C.EFFECT_KIND),
])
def test_single_alteration_detected(tr_effect, code):
    res, codes = _codes([_clause("en", ANTHEM)], [_clause("tr", tr_effect)])
    assert res.status == "inconsistent"
    assert (code, 0) in codes


def test_keyword_grant_vs_removal_and_keyword_change():
    en = [_clause("en", _cont(I.ABILITIES, "add", ["flying"]))]
    assert (C.KEYWORD, 0) in _codes(en, [_clause("tr", _cont(I.ABILITIES, "remove", ["flying"]))])[1]
    assert (C.KEYWORD, 0) in _codes(en, [_clause("tr", _cont(I.ABILITIES, "add", ["reach"]))])[1]
    # "gains" and "has" are the same grant
    assert not _codes(en, [_clause("tr", _cont(I.ABILITIES, "gain", ["flying"]))])[1]
    # a keyword the front end did not map to an id is not compared
    assert not _codes(en, [_clause("tr", _cont(I.ABILITIES, "add", ["flugfähigkeit"]))])[1]


def test_color_and_type_values():
    en = [_clause("en", _cont(I.COLORS, "set", ["R"]))]
    assert (C.COLOR, 0) in _codes(en, [_clause("tr", _cont(I.COLORS, "set", ["U"]))])[1]
    en = [_clause("en", _cont(I.TYPES, "add", ["goblin"]))]
    assert (C.TYPE, 0) in _codes(en, [_clause("tr", _cont(I.TYPES, "add", ["elf"]))])[1]
    # an untranslated subtype ("krieger") is unknown, not a difference
    assert not _codes(en, [_clause("tr", _cont(I.TYPES, "add", ["krieger"]))])[1]


def test_cda_made_conditional():
    self_ = I.Filter(ref="self")
    cda = _cont(I.PT_DEFINE, "set", None, self_)
    cond = _cont(I.PT_DEFINE, "set", None, self_, condition=I.Condition("as_long_as"))
    res, codes = _codes([_clause("en", cda)], [_clause("tr", cond)])
    assert (C.CDA, 0) in codes and (C.LAYER, 0) not in codes


def test_target_vs_all():
    tgt = _cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(quantifier="target", types=["creature"]), "until_eot")
    every = _cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(quantifier="each", types=["creature"]), "until_eot")
    vague = _cont(I.PT_MODIFY, "modify", "+1/+1", I.Filter(quantifier="a", types=["creature"]), "until_eot")
    assert (C.TARGET, 0) in _codes([_clause("en", tgt)], [_clause("tr", every)], spell=True)[1]
    assert not _codes([_clause("en", tgt)], [_clause("tr", vague)], spell=True)[1]


def test_template_drift_is_not_reported():
    # "Enchanted creature is a 1/1 creature" (old) vs "has base power and toughness 1/1" (new)
    old = I.Effect(I.CONTINUOUS, affected=I.Filter(attached="enchanted", types=["creature"], noun="creature"),
                   modifications=[I.Modification(I.TYPES, "set", ["creature"]), I.Modification(I.PT_SET, "set", "1/1")])
    new = _cont(I.PT_SET, "set", "1/1", I.Filter(attached="enchanted", types=["creature"], noun="creature"))
    assert not _codes([_clause("old", old)], [_clause("new", new)])[1]
    # "this turn" vs "until end of turn"
    a = _cont(I.PT_MODIFY, "modify", "+1/+1", duration="until_eot")
    b = _cont(I.PT_MODIFY, "modify", "+1/+1", duration="this_turn")
    assert not _codes([_clause("a", a)], [_clause("b", b)], spell=True)[1]


def test_unparsed_side_is_undetermined_never_consistent_nor_a_finding():
    res, codes = _codes([_clause("en", ANTHEM)], [_clause("tr", parsed=False)])
    assert res.status == "undetermined" and res.consistent is None and codes == {(C.UNPARSED, 0)}
    assert not res.findings
    d = res.to_dict()
    assert d["consistent"] is None and d["clauses"][0]["status"] == "undetermined"
    assert d["undetermined"][0]["side"] == "translation" and d["undetermined"][0]["sentence"] == "tr"


def test_alignment_missing_extra_merged_keywords_reminder():
    kw = lambda k, line=1: _clause(k, form=I.FORM_KEYWORD, keyword=k, line=line)  # noqa: E731
    rem = I.ClauseIR(text="(reminder)", form=I.FORM_REMINDER, parsed=True, line=3)
    en = [kw("flying"), kw("vigilance"), _clause("anthem", ANTHEM, line=2)]
    # keyword list on one line in English, one keyword per line in the translation, plus a reminder
    tr = [kw("flying", 1), kw("vigilance", 2), _clause("anthem", ANTHEM, line=3), rem]
    res, codes = _codes(en, tr)
    assert res.status == "consistent", res.findings
    # a keyword list is a set: another order is no difference, a missing keyword is TR204
    assert not _codes(en, [kw("vigilance"), kw("flying"), _clause("anthem", ANTHEM, line=2)])[1]
    res, codes = _codes(en, [kw("flying"), _clause("anthem", ANTHEM, line=2)])
    assert codes == {(C.KEYWORD, 0)}
    # a changed keyword in a list is reported on the translated keyword's own clause
    res, codes = _codes(en, [kw("flying"), kw("reach"), _clause("anthem", ANTHEM, line=2)])
    assert codes == {(C.KEYWORD, 1)}
    # a clause missing: TR301 on it, and the next clause still aligned with its counterpart
    draw1 = _clause("draw", I.Effect(I.ONE_SHOT, verb="draw"), line=3)
    res, codes = _codes([_clause("anthem", ANTHEM), draw1, _clause("anthem2", ANTHEM, line=3)],
                        [_clause("anthem", ANTHEM), _clause("anthem2", ANTHEM, line=2)])
    assert codes == {(C.CLAUSE_MISSING, 1)}
    res, codes = _codes([_clause("anthem", ANTHEM)], [_clause("anthem", ANTHEM), _clause("x", I.Effect(I.ONE_SHOT))])
    assert codes == {(C.CLAUSE_MISSING, 1)}
    # two English lines merged into one translated clause
    draw = _clause("draw", I.Effect(I.ONE_SHOT, verb="draw"), line=2)
    merged = _clause("both", ANTHEM, I.Effect(I.ONE_SHOT, verb="draw"))
    pairs = align(_sigs([_clause("anthem", ANTHEM), draw]), _sigs([merged]))
    assert [p.mode for p in pairs] == ["merge"]


def test_keyword_list_with_an_unparsed_item_is_unknown_not_a_keyword_difference():
    # "Defender, protection from Zombies" / "守军，反灵俑保护" with the second keyword not parsed
    kw = lambda k: _clause(k, form=I.FORM_KEYWORD, keyword=k)  # noqa: E731
    en = [kw("defender"), kw("protection")]
    res, codes = _codes(en, [kw("defender"), _clause("反灵俑保护", parsed=False)])
    assert res.status == "undetermined" and codes == {(C.UNPARSED, 1)}
    # what was understood is still compared: a different keyword beside the unparsed one is reported
    res, codes = _codes(en, [kw("reach"), _clause("反灵俑保护", parsed=False)])
    assert (C.KEYWORD, 0) in codes


def test_findings_carry_confidence_and_fields():
    res, _codes_ = _codes([_clause("en", ANTHEM)], [_clause("tr", _cont(I.PT_MODIFY, "modify", "+2/+2"))])
    d = res.to_dict()
    f = d["findings"][0]
    assert set(f) >= {"code", "clause_index", "message", "en", "translation", "confidence"}
    assert 0 < f["confidence"] <= 1 and f["en"] == "en" and f["translation"] == "tr"


# --- readers -------------------------------------------------------------------------------------------
def test_read_jsonl_accepts_en_printed_text_and_reports_bad_lines():
    recs = list(read_jsonl(str(FIX / "pairs-de.jsonl")))
    assert len(recs) == 5
    assert recs[0].en_text == "Creatures you control get +1/+1." and recs[0].en_type == "Enchantment"
    assert recs[0].tname == "Glorreiche Hymne" and not recs[0].error
    assert recs[2].error and "pairs-de.jsonl:3" in recs[2].error
    assert recs[3].error and "en_text" in recs[3].error


def test_read_forge_cardnames_with_oracle():
    recs = list(read_forge(str(FIX / "cardnames-de-DE.txt"), str(FIX / "oracle-en.jsonl")))
    ok = [r for r in recs if not r.error]
    assert [r.name for r in ok] == ["Glorious Anthem", "Giant Growth", "Serra Angel"]
    assert ok[2].text == "Fliegend\nWachsamkeit" and ok[2].en_text == "Flying, vigilance"
    assert ok[1].en_type == "Instant" and ok[1].type == "Spontanzauber"
    errors = [r for r in recs if r.error]
    assert len(errors) == 2 and ":5:" in errors[0].error and "Unknown Card" in errors[1].error


@pytest.mark.parametrize("fname", ["mtgjson-set.json", "mtgjson-atomic.json"])
def test_read_mtgjson_foreign_data(fname):
    recs = list(read_mtgjson(str(FIX / fname), "zh-Hans"))
    assert [r.name for r in recs] == ["Glorious Anthem", "Giant Growth"]
    assert recs[0].text == "由你操控的生物得+1/+1。" and recs[0].tname == "光荣圣歌"
    assert recs[1].en_text == "Target creature gets +3/+3 until end of turn."


def test_read_mtgjson_picks_language():
    recs = list(read_mtgjson(str(FIX / "mtgjson-set.json"), "de"))
    # one record per printing in the language: the vanilla German Grizzly Bears too (nothing to compare)
    assert [r.name for r in recs] == ["Glorious Anthem", "Grizzly Bears"]
    assert recs[1].text == "" and recs[1].en_text == "" and not recs[1].error
    assert list(read_mtgjson(str(FIX / "mtgjson-set.json"), "ja"))[1].tname == "巨大化"


# --- the command: batch contract and exit codes ----------------------------------------------------
def _run(args, capsys):
    from cardlint.cli import main

    rc = main(args)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_batch_one_line_per_input_line_in_order(capsys, monkeypatch):
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    rc, out, err = _run(["check-translation", "--input", str(FIX / "pairs-de.jsonl"), "--lang", "de",
                         "--format", "jsonl"], capsys)
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["name"] for r in rows] == ["Glorious Anthem", "Giant Growth", None, "No English", "Altered Growth"]
    assert "error" in rows[2] and "pairs-de.jsonl:3" in rows[2]["error"]
    assert "error" in rows[3]
    for r in rows:
        assert set(r) >= {"name", "consistent", "findings"}
    assert rc == 2                       # malformed lines: reported, the run went on, exit 2
    assert "──" in err and "de" in err   # the summary table


def test_exit_codes(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"name": "Anthem", "text": "由你操控的生物得+1/+1。",
                                "en_text": "Creatures you control get +1/+1."}, ensure_ascii=False) + "\n")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"name": "Anthem", "text": "由你操控的生物得+2/+1。",
                               "en_text": "Creatures you control get +1/+1."}, ensure_ascii=False) + "\n")
    rc_good, out_good, _e = _run(["check-translation", "--input", str(good), "--lang", "zh-Hans", "--format", "jsonl"], capsys)
    rc_bad, out_bad, _e = _run(["check-translation", "--input", str(bad), "--lang", "zh-Hans", "--format", "jsonl"], capsys)
    good_row, bad_row = json.loads(out_good), json.loads(out_bad)
    if good_row["status"] == "undetermined":
        pytest.skip("the zh front end does not parse the anthem any more")
    assert rc_good == 0 and good_row["consistent"] is True
    assert rc_bad == 1 and bad_row["consistent"] is False
    assert [(f["code"], f["clause_index"]) for f in bad_row["findings"]] == [("TR201", 0)]
    rc, _o, err = _run(["check-translation", "--input", str(tmp_path / "missing.jsonl"), "--lang", "de"], capsys)
    assert rc == 2 and "missing.jsonl" in err
    rc, _o, _e = _run(["check-translation", "--lang", "de"], capsys)
    assert rc == 2


# --- three verdicts, sentences, linear alignment ------------------------------------------------------
def test_duplicated_clause_is_a_missing_clause_and_alignment_is_linear():
    import time

    from cardlint.translate.compare import check_card

    en = "\n".join(["Creatures you control get +1/+1."] * 3000)
    tr = "\n".join(["Kreaturen, die du kontrollierst, erhalten +1/+1."] * 2999)
    started = time.perf_counter()
    res = check_card(en, tr, "de")
    # a guard against the quadratic blow-up (35 s for 400 clauses before); the target is in tools/bench.py
    assert time.perf_counter() - started < 20
    assert res.status == "inconsistent" and [f.code for f in res.findings] == [C.CLAUSE_MISSING]
    assert sum(1 for c in res.clauses if c.status == "equal") == 2999


def test_one_unparsed_sentence_leaves_the_others_compared():
    from cardlint.translate.compare import check_card

    en = "Draw a card. Creatures you control get +1/+1 until end of turn."
    res = check_card(en, "Blorp flurb. Kreaturen, die du kontrollierst, erhalten bis zum Ende des Zuges +2/+1.", "de")
    assert res.consistent is False
    (f,) = res.findings
    assert f.code == C.PT and f.compared.tr_span == "Kreaturen, die du kontrollierst, erhalten bis zum Ende des Zuges +2/+1."
    assert f.compared.en_span == "Creatures you control get +1/+1 until end of turn."
    same = check_card(en, "Blorp flurb. Kreaturen, die du kontrollierst, erhalten bis zum Ende des Zuges +1/+1.", "de")
    assert same.consistent is None and same.status == "undetermined" and not same.findings
    (why,) = same.reasons
    assert (why.side, why.sentence) == ("translation", "Blorp flurb.") and why.error


def test_oracle_text_is_the_second_reference():
    from cardlint.translate.compare import check_card

    # an old-style wording the English front end does not read (Brassclaw Orcs' 1995 text "cannot be
    # assigned to block" is read since the old-wording rules cover it; "may not" is not)
    printed = "Brassclaw Orcs may not be assigned to block any creature with power 2 or greater."
    tr = ("Die Orks von der Messingklaue können nicht zum Blocken einer Kreatur mit Stärke größer oder gleich 2 "
          "deklariert werden.")
    alone = check_card(printed, tr, "de", "Brassclaw Orcs", "Orks von der Messingklaue")
    both = check_card(printed, tr, "de", "Brassclaw Orcs", "Orks von der Messingklaue",
                      oracle_text="Brassclaw Orcs can't block creatures with power 2 or greater.")
    assert alone.status == "undetermined"
    assert both.consistent is True and both.reference == "oracle" and [n["code"] for n in both.notes] == [C.DRIFT]
    # a finding states which English it compared against
    bad = check_card("Until end of turn, all lands become 2/2 creatures that are still lands.",
                     "ターン終了時まで、すべての土地は3/3のクリーチャーになる。それらは土地でもある。", "ja",
                     oracle_text="All lands become 2/2 creatures until end of turn. They're still lands.")
    assert bad.consistent is False and [(f.code, f.compared.reference) for f in bad.findings] == [(C.PT, "oracle")]
    # printed English that parses is the reference itself (an old template the front end reads)
    bad = check_card("All your creatures get +2/+0 until the end of the turn.",
                     "あなたがコントロールするクリーチャーは、ターン終了時まで+3/+0の修整を受ける。", "ja",
                     oracle_text="Creatures you control get +2/+0 until end of turn.")
    assert bad.consistent is False and [(f.code, f.compared.reference) for f in bad.findings] == [(C.PT, "printed")]


def test_text_header_names_the_card_and_exit_status_follows_the_verdict(capsys):
    from cardlint.cli import main

    rc = main(["check-translation", "由你操控的生物得+1/+0。", "--en-text", "Creatures you control get +1/+1.",
               "--lang", "zh-Hans", "--name", "Glorious Anthem", "--tname", "光荣圣歌"])
    out = capsys.readouterr().out
    assert rc == 1 and out.startswith("# Glorious Anthem (光荣圣歌): ")
    assert "“Creatures you control get +1/+1.”" in out and "“由你操控的生物得+1/+0。”" in out
    rc = main(["check-translation", "咕噜咕噜咕噜。", "--en-text", "Creatures you control get +1/+1.",
               "--lang", "zh-Hans", "--format", "json"])
    row = json.loads(capsys.readouterr().out)
    assert rc == 0 and row["consistent"] is None and row["undetermined"][0]["code"] == C.UNPARSED


def test_unparsed_printed_clause_compared_against_its_oracle_wording():
    from cardlint.translate.compare import check_card

    # clause 2's printed wording does not parse (an invented tail), its Oracle wording does
    printed = "Creatures you control get +1/+1.\nWhenever you successfully cast a spell, gain 1 life at no charge."
    oracle = "Zorbo frobnicates the glorp.\nWhenever you cast a spell, you gain 1 life."   # clause 1 parses only here
    tr = "Kreaturen, die du kontrollierst, erhalten +1/+1.\nImmer wenn du einen Zauberspruch wirkst, erhältst du 1 Lebenspunkt dazu."
    res = check_card(printed, tr, "de", oracle_text=oracle)
    assert res.consistent is True and res.reference == "printed+oracle"
    assert [n["code"] for n in res.notes] == [C.DRIFT]
    bad = check_card(printed, tr.replace("+1/+1", "+2/+1"), "de", oracle_text=oracle)
    assert [(f.code, f.clause_index, f.compared.reference) for f in bad.findings] == [(C.PT, 0, "printed")]
