"""CR 706.2: a die-roll results table belongs to the ability that rolls (cardlint.meaning.die_rolls)."""

from cardlint import ir as I
from cardlint.meaning.die_rolls import RESULT_ROW, join_results


def _row(text):
    return I.ClauseIR(text=text, form=I.FORM_STATEMENT, parsed=True, trigger=RESULT_ROW,
                      effects=[I.Effect(kind=I.ONE_SHOT, verb="draw")])


def test_rows_take_the_form_costs_and_trigger_of_the_rolling_ability():
    rolls = I.ClauseIR(text="t", form=I.FORM_ACTIVATED, parsed=True, costs=["{T}"])
    trig = I.ClauseIR(text="w", form=I.FORM_TRIGGERED, parsed=True, trigger="when ~ enters")
    a, b, c = _row("1—9"), _row("10—20"), _row("1—9")
    out = join_results([rolls, a, b, trig, c])
    assert [x.form for x in out] == [I.FORM_ACTIVATED] * 3 + [I.FORM_TRIGGERED] * 2
    assert a.costs == ["{T}"] and b.costs == ["{T}"] and a.trigger is None
    assert c.trigger == "when ~ enters" and c.costs == []


def test_rows_of_a_spell_stay_statements_and_a_row_without_an_owner_stays_a_statement():
    spell = I.ClauseIR(text="Roll a d20.", form=I.FORM_STATEMENT, parsed=True)
    row = _row("1—9")
    join_results([spell, row])
    assert (row.form, row.trigger) == (I.FORM_STATEMENT, None)
    alone = _row("20")
    join_results([alone])
    assert (alone.form, alone.trigger) == (I.FORM_STATEMENT, None)


def test_other_clauses_are_left_alone():
    trig = I.ClauseIR(text="w", form=I.FORM_TRIGGERED, parsed=True, trigger="when ~ dies")
    plain = I.ClauseIR(text="Flying", form=I.FORM_KEYWORD, parsed=True)
    join_results([trig, plain])
    assert trig.trigger == "when ~ dies" and plain.form == I.FORM_KEYWORD
