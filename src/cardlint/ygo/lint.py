"""Lint rules over classified Yu-Gi-Oh! effects.

Signature (called by the lead's linter)::

    lint_effects(card_record: dict, lang: str, script_labels: dict | None = None) -> list[dict]

``card_record`` is a corpus-style record: ``{"id"?, "name", "type", "text", "pendulum_text"?}``
(``script_labels`` may also be given inside the record as ``"script_labels"`` — one line of
``labels-scripts.jsonl``).  Each finding is ``{"code", "severity", "message", "effect_index", "text"}``.

Codes:

Each code's severity is the registry's (``cardlint.codes``: YGO001 = CL501, YGO002 = CL502, YGO003 =
CL503 in ``lint/rules.yaml``), the one place it is written.

* ``YGO001`` — an optional "When … : You can" trigger (～時に発動できる / …时才能发动) can miss the
  timing (ygo-rules-en.txt § "Missing the Timing, If vs When"; OCG Perfect Rulebook 2017 pp. 134–136).
* ``YGO002`` — the wording's timing disagrees with the script: "When … : You can" but the
  script's optional trigger has the DELAY flag (an "if" trigger), or "If … : You can" without it.
  Only when script labels are given and the counts of optional triggers match.
* ``YGO003`` — an effect the grammar could not parse (classified by the fallback).
"""

from __future__ import annotations

from cardlint.codes import lookup
from cardlint.i18n import _

RULE_REF = "ygo-rules-en.txt § Missing the Timing, If vs When (OCG Perfect Rulebook 2017 pp. 134-136)"


def lint_effects(card_record: dict, lang: str, script_labels: dict | None = None) -> list[dict]:
    from cardlint.ygo import classify

    res = classify(card_record.get("text") or "", lang, card_record.get("type"),
                   card_record.get("pendulum_text"), card_record.get("name"))
    effects = res["effects"]
    findings: list[dict] = []
    for i, d in enumerate(effects):
        if d["type"] == "trigger" and d["mandatory"] is False and d["timing"] == "when":
            findings.append(_finding("YGO001", i, d, _(
                "optional \"when\" trigger: it can miss the timing if something else happens last ({ref})").format(ref=RULE_REF)))
        if not d["parsed"]:
            findings.append(_finding("YGO003", i, d, _("effect not parsed by the grammar; "
                                                                   "classified by the fallback")))
    labels = script_labels or card_record.get("script_labels")
    if labels:
        findings.extend(_delay_mismatch(effects, labels))
    return findings


def _finding(code, index, d, message):
    return {"code": code, "severity": lookup(code).severity, "message": message, "effect_index": index, "text": d["text"]}


def _delay_mismatch(effects: list[dict], labels: dict) -> list[dict]:
    opt = [(i, d) for i, d in enumerate(effects) if d["type"] == "trigger" and d["mandatory"] is False]
    script = [e for e in labels.get("effects", []) if e.get("class") == "TRIGGER_OPTIONAL"
              and not str(e.get("code") or "").startswith("EVENT_PHASE")]
    # collapse the Normal/Special/Flip Summon variants of one printed trigger
    seen, uniq = set(), []
    for e in script:
        key = (tuple(e.get("category") or ()), e.get("count_limit"), tuple(e.get("range") or ()),
               "DELAY" in (e.get("flags") or []))
        if e.get("code") in ("EVENT_SUMMON_SUCCESS", "EVENT_SPSUMMON_SUCCESS", "EVENT_FLIP_SUMMON_SUCCESS"):
            if key in seen:
                continue
            seen.add(key)
        uniq.append(e)
    if not opt or len(uniq) != len(opt):
        return []
    script_when = sum(1 for e in uniq if "DELAY" not in (e.get("flags") or []))
    ours_when = sum(1 for _, d in opt if d["timing"] == "when")
    if script_when == ours_when:
        return []
    out = []
    for i, d in opt:
        if ours_when > script_when and d["timing"] == "when":
            msg = _("worded \"When … : You can\" but the script's trigger has the DELAY flag (an \"if\" trigger)")
        elif ours_when < script_when and d["timing"] == "if":
            msg = _("worded \"If … : You can\" but the script's trigger lacks the DELAY flag (a \"when\" trigger)")
        else:
            continue
        out.append(_finding("YGO002", i, d, msg))
    return out
