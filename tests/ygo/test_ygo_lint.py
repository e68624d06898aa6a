"""cardlint.ygo.lint.lint_effects."""

from cardlint.ygo.lint import lint_effects


def test_optional_when_trigger_can_miss_timing():
    rec = {"name": "X", "type": "Effect Monster",
           "text": "When this card is Normal Summoned: You can add 1 monster from your Deck to your hand."}
    codes = [(f["code"], f["severity"]) for f in lint_effects(rec, "en")]
    assert ("YGO001", "info") in codes


def test_if_trigger_is_clean():
    rec = {"name": "X", "type": "Effect Monster",
           "text": "If this card is Normal Summoned: You can add 1 monster from your Deck to your hand."}
    assert lint_effects(rec, "en") == []


def test_delay_mismatch_with_script_labels():
    rec = {"name": "X", "type": "Effect Monster",
           "text": "When this card is Normal Summoned: You can add 1 monster from your Deck to your hand."}
    labels = {"effects": [{"class": "TRIGGER_OPTIONAL", "flags": ["DELAY"], "code": "EVENT_SUMMON_SUCCESS"}]}
    codes = [f["code"] for f in lint_effects(rec, "en", labels)]
    assert "YGO002" in codes


def test_unparsed_effect_is_reported():
    rec = {"name": "X", "type": "Effect Monster", "text": "Blorp zzz: qq; ."}
    findings = lint_effects(rec, "en")
    assert any(f["code"] == "YGO003" for f in findings) or findings == []
