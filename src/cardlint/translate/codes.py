"""The finding codes ``cardlint check-translation`` emits, and its messages about them.  Each code is
documented once, with its severity and base confidence, in ``rules.yaml`` beside this module (the
registry :mod:`cardlint.codes` loads it):

- TR1xx what a clause is (layer, CDA, effect kind, ability kind)
- TR2xx a value (P/T, color, type, keyword, duration, controller, target vs all/each)
- TR301 clause missing in the translation / extra in the translation
- TR401 a clause (or a sentence of it) did not parse on one side: the card is "undetermined",
  never "consistent" — a reason, not a finding
- TR501 template drift: the printed English predates the Oracle wording, and the translation
  agrees with the Oracle text — a note, not a finding

``confidence`` (0..1) ranks findings in a batch: the code's base value, scaled down when the clauses
were aligned by merging or splitting lines, or when a value was only partly understood.
"""

from __future__ import annotations

from cardlint.i18n import _

LAYER = "TR101"
CDA = "TR102"
EFFECT_KIND = "TR103"
ABILITY_KIND = "TR104"
PT = "TR201"
COLOR = "TR202"
TYPE = "TR203"
KEYWORD = "TR204"
DURATION = "TR205"
CONTROLLER = "TR206"
TARGET = "TR207"
CLAUSE_MISSING = "TR301"
UNPARSED = "TR401"
DRIFT = "TR501"

#: every code emitted (tests/test_translate_rules.py: each is documented in rules.yaml)
CODES = (LAYER, CDA, EFFECT_KIND, ABILITY_KIND, PT, COLOR, TYPE, KEYWORD, DURATION, CONTROLLER, TARGET,
         CLAUSE_MISSING, UNPARSED, DRIFT)

#: codes that make a card inconsistent (TR401 only makes it undetermined; TR501 is a note)
INCONSISTENCY_CODES = frozenset(c for c in CODES if c not in (UNPARSED, DRIFT))


def base_confidence(code: str) -> float:
    from cardlint.codes import lookup

    return lookup(code).confidence


def code_name(code: str) -> str:
    names = {
        LAYER: _("layer differs"),
        CDA: _("CDA differs"),
        EFFECT_KIND: _("effect kind differs"),
        ABILITY_KIND: _("ability kind differs"),
        PT: _("power/toughness differs"),
        COLOR: _("color differs"),
        TYPE: _("type differs"),
        KEYWORD: _("keyword differs"),
        DURATION: _("duration differs"),
        CONTROLLER: _("controller differs"),
        TARGET: _("target/all differs"),
        CLAUSE_MISSING: _("clause missing or extra"),
        UNPARSED: _("not parsed"),
        DRIFT: _("template drift"),
    }
    return names.get(code, code)


def drift_clause_message(n: int) -> str:
    return _("{n} clause(s) of the printed English could not be compared; compared against their Oracle "
             "wording instead").format(n=n)


def drift_message(printed_status: str) -> str:
    if printed_status == "inconsistent":
        return _("the printed English differs from the current Oracle wording; the translation agrees "
                 "with the Oracle text (template drift, no finding)")
    return _("the printed English could not be compared; the translation agrees with the Oracle text "
             "(compared against the Oracle text)")
