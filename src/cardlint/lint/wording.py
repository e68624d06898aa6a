"""CL4xx — wording: clauses the grammar cannot parse, and outdated templates with the current
wording suggested (Oracle updates: M10 "battlefield"/"exile", 2021 "mana value", base P/T)."""

from __future__ import annotations

import re

from cardlint import names
from cardlint.i18n import _
from cardlint.lint.engine import Analysis, finding

CODES = ("CL401", "CL402")

#: (pattern, replacement, what changed) per language; the replacement is a re.sub template.
OUTDATED: dict[str, list[tuple[re.Pattern, str, str]]] = {
    "en": [
        (re.compile(r"\bcomes into play\b"), "enters the battlefield", "M10 (2009): “comes into play” → “enters the battlefield”"),
        (re.compile(r"\bcome into play\b"), "enter the battlefield", "M10 (2009): “come into play” → “enter the battlefield”"),
        (re.compile(r"\bcame into play\b"), "entered the battlefield", "M10 (2009): “came into play” → “entered the battlefield”"),
        (re.compile(r"\bput (.{1,60}?) into play\b"), r"put \1 onto the battlefield", "M10 (2009): “into play” → “onto the battlefield”"),
        (re.compile(r"\bin play\b"), "on the battlefield", "M10 (2009): “in play” → “on the battlefield”"),
        (re.compile(r"\bremove (.{1,60}?) from the game\b", re.I), r"exile \1", "M10 (2009): “remove … from the game” → “exile …”"),
        (re.compile(r"\bremoved from the game\b"), "exiled", "M10 (2009): “removed from the game” → “exiled”"),
        (re.compile(r"\bconverted mana costs?\b"), "mana value", "2021: “converted mana cost” → “mana value”"),
        (re.compile(r"\b(is|are) (an? )?(\d+|X)/(\d+|X) ((?:[A-Za-z-]+ )*?)(creatures?)\b"),
         r"\1 \2\5\6 with base power and toughness \3/\4", "base P/T: “is a N/N creature” → “is a creature with base power and toughness N/N”"),
        (re.compile(r"\b(is|are) (an? )?((?:[A-Za-z-]+ )*?creatures?(?: in addition to (?:its|their) other types)?(?: and)?) with power and toughness\b"),
         r"\1 \2\3 with base power and toughness", "base P/T: “with power and toughness” → “with base power and toughness”"),
        (re.compile(r"\bat end of turn\b", re.I), "at the beginning of the end step", "“at end of turn” → “at the beginning of the end step”"),
        (re.compile(r"\bBury\b"), "Destroy", "“Bury” → “Destroy … It can't be regenerated.”"),
    ],
    "de": [
        (re.compile(r"aus dem Spiel entfern(t|en)"), "ins Exil", "M10: „aus dem Spiel entfernt“ → „ins Exil geschickt“"),
        (re.compile(r"umgewandelten? Manakosten"), "Manabetrag", "2021: „umgewandelte Manakosten“ → „Manabetrag“"),
    ],
    "ja": [
        (re.compile(r"ゲームから取り除"), "追放", "M10: 「ゲームから取り除く」→「追放する」"),
        (re.compile(r"点数で見たマナ・?コスト"), "マナ総量", "2021: 「点数で見たマナ・コスト」→「マナ総量」"),
    ],
    "zh-Hans": [
        (re.compile(r"移出对战|移出游戏"), "放逐", "M10：“移出对战”→“放逐”"),
        (re.compile(r"总法术力费用"), "法术力值", "2021：“总法术力费用”→“法术力值”"),
    ],
}


def suggest(text: str, lang: str) -> list[tuple[str, str, str]]:
    """(matched span, suggested wording, note) for each outdated template in ``text``."""
    out = []
    for pat, rep, note in OUTDATED.get(lang, []):
        for m in pat.finditer(text):
            out.append((m.group(0), re.sub(r"\s+", " ", m.expand(rep)).strip(), note))
    return out


def check_entry(an: Analysis, config):
    out = []
    if an.card is None:
        return out
    for i, (c, ir) in enumerate(zip(an.clauses, an.card.clauses)):
        line = an.entry.line
        if not c["parsed"] and c["ability"] != "reminder":
            err = f" ({names.parse_error(c['error'])})" if c.get("error") else ""
            out.append(finding("CL401", an, line, _(
                "{name}: the {lang} grammar does not parse {clause}{error}").format(
                    name=an.label, lang=an.entry.lang, clause=an.clause_label(i), error=err),
                clause_index=i))
        seen = set()
        for span, rep, note in suggest(c["text"], an.entry.lang):
            if span in seen:
                continue
            seen.add(span)
            out.append(finding("CL402", an, line, _(
                "{name}: outdated wording “{span}”: use “{rep}” ({note})").format(
                    name=an.label, span=span, rep=rep, note=note), clause_index=i, suggestions=[rep],
                offset=max(0, c["text"].find(span))))
    return out


def check_set(analyses, doc, config, stats):
    return []
