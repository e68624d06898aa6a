"""Finding codes of ``cardlint check-translation`` and their base confidences.

Codes:
- TR101 layer differs            TR102 CDA flag differs        TR103 effect kinds differ
- TR104 ability kind differs
- TR201 P/T differs              TR202 color differs           TR203 card type/subtype differs
- TR204 keyword granted/removed differs                       TR205 duration differs
- TR206 controller of the affected objects differs            TR207 target vs all/each differs
- TR301 clause missing in the translation / extra in the translation
- TR401 a clause (or a sentence of it) did not parse on one side: the card is "undetermined",
  never "consistent" — a reason, not a finding
- TR501 template drift: the printed English predates the Oracle wording, and the translation
  agrees with the Oracle text — a note, not a finding

``confidence`` (0..1) ranks findings in a batch: the base value below, scaled down when the clauses
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

#: code → (short name, base confidence)
CODES: dict[str, tuple[str, float]] = {
    LAYER: ("layer differs", 0.85),
    CDA: ("CDA differs", 0.8),
    EFFECT_KIND: ("effect kind differs", 0.75),
    ABILITY_KIND: ("ability kind differs", 0.7),
    PT: ("power/toughness differs", 0.95),
    COLOR: ("color differs", 0.9),
    TYPE: ("type differs", 0.85),
    KEYWORD: ("keyword differs", 0.85),
    DURATION: ("duration differs", 0.8),
    CONTROLLER: ("controller differs", 0.85),
    TARGET: ("target/all differs", 0.75),
    CLAUSE_MISSING: ("clause missing or extra", 0.5),
    UNPARSED: ("not parsed", 0.0),
    DRIFT: ("template drift", 0.0),
}

#: codes that make a card inconsistent (TR401 only makes it undetermined; TR501 is a note)
INCONSISTENCY_CODES = frozenset(c for c in CODES if c not in (UNPARSED, DRIFT))


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
