"""Results of a die roll (CR 706.2): the rows of a results table ("1—9 | Draw a card.") are
instructions of the ability or spell that rolls, printed as paragraphs of their own."""

from __future__ import annotations

from cardlint import ir as I

#: the ``trigger`` a front end gives a clause that is one row of a results table, until
#: :func:`join_results` gives it the ability it belongs to
RESULT_ROW = "die result"


def join_results(clauses: list[I.ClauseIR]) -> list[I.ClauseIR]:
    """Each results-table row takes the form, costs and trigger of the clause above the table (the
    ability that rolls); a row with no clause above it stays a statement."""
    owner: I.ClauseIR | None = None
    for c in clauses:
        if c.trigger != RESULT_ROW:
            owner = c
            continue
        if owner is None or owner.form in (I.FORM_KEYWORD, I.FORM_REMINDER):
            c.form, c.trigger = I.FORM_STATEMENT, None
            continue
        c.form, c.costs, c.trigger = owner.form, list(owner.costs), owner.trigger
        c.static_spell_ability = owner.static_spell_ability
    return clauses
