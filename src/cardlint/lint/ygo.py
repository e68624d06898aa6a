"""CL5xx — Yu-Gi-Oh! effects: the findings of :func:`cardlint.ygo.lint.lint_effects` (written by
the YGO engineer), renumbered into the CL5xx range (their own codes stay as aliases)."""

from __future__ import annotations

from cardlint.codes import rules
from cardlint.i18n import _
from cardlint.lint.engine import Analysis, finding

CODES = ("CL501", "CL502", "CL503")


def _ygo_codes() -> dict[str, str]:
    """YGO00n → its CL code: the registry's aliases are the one home of the renumbering."""
    return {alias: code for code in CODES for alias in rules("CL")[code].aliases}


def check_entry(an: Analysis, config):
    e = an.entry
    if e.game != "ygo":
        return []
    try:
        from cardlint.ygo.lint import lint_effects
    except ImportError:  # the YGO linter has not landed
        return []
    record = {"name": e.name, "type": e.type_line, "text": e.text, **e.extra}
    out, ygo_codes = [], _ygo_codes()
    for f in lint_effects(record, e.lang):
        code = ygo_codes.get(f.get("code"))
        if code is None:
            continue
        idx = f.get("effect_index")
        where = f" (effect {idx + 1})" if isinstance(idx, int) else ""
        out.append(finding(code, an, e.line, _("{name}{where}: {message}").format(
            name=e.name or "?", where=where, message=f.get("message", "")), clause_index=idx))
    return out


def check_set(analyses, doc, config, stats):
    return []
