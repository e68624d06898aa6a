"""Best-effort classification of an English clause the grammar could not parse.

The result is always ``parsed=False``: it is a fallback, reported as such, never counted as a
parse.  Cue phrases only — no card knowledge.
"""

from __future__ import annotations

import re
from typing import Callable

from cardlint import ir as I

_CUES: list[tuple[re.Pattern, str, str | None]] = [
    (re.compile(r"\bgets? [+\-][\dx]+/[+\-][\dx]+"), I.CONTINUOUS, I.PT_MODIFY),
    (re.compile(r"\bbase power and (?:base )?toughness\b"), I.CONTINUOUS, I.PT_SET),
    (re.compile(r"\bpower and toughness (?:are|is) each equal\b|\bpower is equal to\b"), I.CONTINUOUS, I.PT_DEFINE),
    (re.compile(r"\bswitch\b.*\bpower and toughness\b"), I.CONTINUOUS, I.PT_SWITCH),
    (re.compile(r"\b(?:gain|gains|exchange) control\b"), I.CONTINUOUS, I.CONTROL),
    (re.compile(r"\bin addition to (?:its|their) other (?:creature )?types\b|\bis every creature type\b"), I.CONTINUOUS, I.TYPES),
    (re.compile(r"\bin addition to (?:its|their) other colors\b"), I.CONTINUOUS, I.COLORS),
    (re.compile(r"\b(?:loses|lose) all abilities\b|\b(?:has|have|gains|gain) (?:flying|trample|haste|vigilance|"
                r"first strike|deathtouch|lifelink|hexproof|indestructible|reach|menace|shroud|defender)\b|"
                r"\bcan't have\b"), I.CONTINUOUS, I.ABILITIES),
    (re.compile(r"\bbecomes? a copy\b"), I.CONTINUOUS, I.COPY),
    (re.compile(r"\bface down\b|\bmanifest\b|\bcloak\b"), I.CONTINUOUS, I.FACE_DOWN),
    (re.compile(r"\bprevent\b"), I.PREVENTION, None),
    (re.compile(r"\binstead\b|\benters(?: the battlefield)? tapped\b|\benters(?: the battlefield)? with\b|\bskip\b"), I.REPLACEMENT, None),
    (re.compile(r"\bcan't\b|\bcosts? \{?\d+\}? (?:more|less)\b|\bmaximum hand size\b"), I.RULES, None),
]


def fallback_clause(norm: str, is_keyword: Callable[[str], bool]) -> I.ClauseIR:
    text = norm.replace("§", "").strip()
    clause = I.ClauseIR(text=text, form=I.FORM_STATEMENT, parsed=False)
    if not text:
        return clause
    if is_keyword(text) and len(text.split()) <= 4:
        clause.form = I.FORM_KEYWORD
        return clause
    body = text
    if norm.lstrip().startswith("§"):
        clause.form = I.FORM_ACTIVATED
        body = text.split(":", 1)[-1]
    elif re.match(r"(?:when|whenever|at the beginning|at end of)\b", text) or \
            re.match(r"(?:i|ii|iii|iv|v|vi)(?:, (?:i|ii|iii|iv|v|vi))* —", text):
        clause.form = I.FORM_TRIGGERED
    body = body[:2000]
    # granting a quoted ability or a keyword is layer 6 whatever the quoted text says
    grants = bool(re.search(r'(?<!\bit )(?<!\bthey )\b(?:has|have|gains?)\s+"', body)) or any(
        is_keyword(m.group(1)) for m in re.finditer(r"\b(?:has|have|gains?)\s+([a-z][a-z ]{2,30})", body))
    body = re.sub(r'"[^"]*"', " ", body)  # granted abilities are not this clause's effects
    found = False
    # the subject, when it is the object itself ("~ 's power is …", "~ is …"), matters for CDAs
    subject_self = bool(re.match(r"~(?: 's|\b)", body.strip()))
    conditional = bool(re.search(r"\b(?:as long as|if|unless|during|until)\b", body))
    for pattern, kind, characteristic in _CUES:
        if pattern.search(body):
            found = True
            mods = [I.Modification(characteristic, "set", defining=characteristic == I.PT_DEFINE)] if characteristic else []
            affected = I.Filter(ref="self") if subject_self else None
            condition = I.Condition("if") if conditional else None
            clause.effects.append(I.Effect(kind=kind, modifications=mods, affected=affected, condition=condition))
    if grants and not any(m.characteristic == I.ABILITIES for e in clause.effects for m in e.modifications):
        found = True
        clause.effects.append(I.Effect(kind=I.CONTINUOUS, modifications=[I.Modification(I.ABILITIES, "add")],
                                       condition=I.Condition("if") if conditional else None))
    if not found:
        clause.effects.append(I.Effect(kind=I.ONE_SHOT))
    return clause
