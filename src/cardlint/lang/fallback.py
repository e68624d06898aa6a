"""The fallback engine: a best-effort reading of a clause the grammar could not parse.

One engine for every language; what it looks for is data, one cue table per language in
``kb/fallback/<lang>.yaml`` (the ability form's openers, the phrases that signal each kind of effect
and each layer, conditions and durations).  A front end supplies only what it already knows of its
own surface: whether a text is a keyword line (:meth:`Frontend.fallback_keyword`) and the names of
its keywords (for a table's ``{keywords}`` placeholder).

The result is always ``parsed=False``: it is a fallback, reported as such, never counted as a parse.
Cue phrases only — no card knowledge.  The tables' patterns are linear-time (tests/test_regex_bounds.py
audits them through tools/regex_audit.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from cardlint import ir as I

#: what one cue table reads at most of a clause (bad input: the cues never see megabytes)
MAX_READ = 2000


@dataclass(frozen=True)
class Cue:
    """One phrase that signals an effect: ``kind`` (and for a continuous one, the characteristic,
    i.e. the layer, with the modification's ``op``)."""

    kind: str
    pattern: re.Pattern | None
    characteristic: str | None = None
    op: str = "add"
    defining: bool = False
    #: not when this pattern also occurs ("is a creature" next to a one-shot verb)
    unless: re.Pattern | None = None
    #: also when the clause grants a keyword or a quoted ability
    or_grant: bool = False
    #: only when no earlier cue gave this characteristic
    unless_found: str | None = None
    #: read the whole text, not the text without token descriptions
    whole: bool = False
    #: the effect names the clause's subject (else it names none)
    subject: bool = True


@dataclass(frozen=True)
class CueTable:
    lang: str
    triggered: tuple[re.Pattern, ...] = ()
    #: a trigger opener that is no trigger here ("次の…の開始時に、" is a delayed trigger)
    not_triggered: re.Pattern | None = None
    #: activated: read only the effect after the cost's ":"
    cost_split: bool = True
    #: quoted (granted) abilities, blanked before reading: they are not this clause's effects
    quoted: re.Pattern | None = None
    quoted_as: str = " "
    grant: tuple[re.Pattern, ...] = ()
    #: a grant pattern whose group 1 is a keyword if the front end says so
    grant_keyword: re.Pattern | None = None
    self_subject: re.Pattern | None = None
    #: the subject when it is not the object itself: None, or "any" (an empty filter)
    other_subject: str | None = None
    conditions: tuple[tuple[str, re.Pattern], ...] = ()
    durations: tuple[tuple[str, re.Pattern], ...] = ()
    #: sentences describing a token the clause creates: its P/T, colours, types and abilities
    #: describe the token (CR 111.4), not a continuous effect — kept from the continuous cues
    sentence_end: re.Pattern | None = None
    token_sentence: tuple[re.Pattern, ...] = ()
    cues: tuple[Cue, ...] = ()
    #: the effect when no cue matched (None: no effect)
    default_kind: str | None = None
    #: "all": conditions, durations and the subject go on every effect; "continuous": on continuous ones
    attach: str = "continuous"
    #: the clause's text as given, stripped of "§" marks and spaces (English)
    strip_marks: bool = False
    #: a sentence opening that refers back to the sentence before ("they …"): in a partial parse it is
    #: read together with that sentence when that one fails (Frontend.unparsed)
    back_reference: re.Pattern | None = None


def table_patterns(table: CueTable) -> list[re.Pattern]:
    """Every pattern of a cue table (for tools/regex_audit.py)."""
    out = [*table.triggered, table.not_triggered, table.quoted, *table.grant, table.grant_keyword,
           table.self_subject, *(p for _, p in table.conditions), *(p for _, p in table.durations),
           table.sentence_end, *table.token_sentence, table.back_reference]
    for cue in table.cues:
        out += [cue.pattern, cue.unless]
    return [p for p in out if p is not None]


def table_languages() -> list[str]:
    """The languages that have a cue table in ``kb/fallback/``."""
    from cardlint.paths import kb_dir

    return sorted(p.stem for p in (kb_dir() / "fallback").glob("*.yaml"))


def _compile(pattern: str | None, keywords: str) -> re.Pattern | None:
    if pattern is None:
        return None
    return re.compile(pattern.replace("{keywords}", keywords))


def _cue(raw: dict, keywords: str) -> Cue:
    return Cue(kind=raw["kind"], pattern=_compile(raw.get("pattern"), keywords),
               characteristic=raw.get("characteristic"), op=raw.get("op", "add"),
               defining=bool(raw.get("defining", False)), unless=_compile(raw.get("unless"), keywords),
               or_grant=bool(raw.get("or_grant", False)), unless_found=raw.get("unless_found"),
               whole=bool(raw.get("whole", False)), subject=bool(raw.get("subject", True)))


def _patterns(raw, keywords: str) -> tuple[re.Pattern, ...]:
    if raw is None:
        return ()
    return tuple(_compile(p, keywords) for p in ([raw] if isinstance(raw, str) else raw))


def _pairs(raw, keywords: str) -> tuple[tuple[str, re.Pattern], ...]:
    return tuple((d["value"], _compile(d["pattern"], keywords)) for d in raw or ())


def table_from_data(data: dict, keywords: str = "") -> CueTable:
    """The cue table of one ``kb/fallback/<lang>.yaml`` document; ``keywords`` is the alternation
    of the language's keyword names that a pattern's ``{keywords}`` stands for."""
    tokens = data.get("token_sentence") or {}
    return CueTable(
        lang=data["lang"], triggered=_patterns(data.get("triggered"), keywords),
        not_triggered=_compile(data.get("not_triggered"), keywords), cost_split=data.get("cost_split", True),
        quoted=_compile(data.get("quoted"), keywords), quoted_as=data.get("quoted_as", " "),
        grant=_patterns(data.get("grant"), keywords), grant_keyword=_compile(data.get("grant_keyword"), keywords),
        self_subject=_compile(data.get("self_subject"), keywords), other_subject=data.get("other_subject"),
        conditions=_pairs(data.get("conditions"), keywords), durations=_pairs(data.get("durations"), keywords),
        sentence_end=_compile(tokens.get("split"), keywords), token_sentence=_patterns(tokens.get("all_of"), keywords),
        cues=tuple(_cue(c, keywords) for c in data.get("cues", ())), default_kind=data.get("default_kind"),
        attach=data.get("attach", "continuous"), strip_marks=bool(data.get("strip_marks", False)),
        back_reference=_compile(data.get("back_reference"), keywords))


@lru_cache(maxsize=None)
def _table_data(lang: str) -> dict:
    import yaml

    from cardlint.paths import kb_dir

    path = kb_dir() / "fallback" / f"{lang}.yaml"
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def cue_table(lang: str, keyword_names: Callable[[], list[str]] | None = None) -> CueTable:
    """The cue table of ``lang`` (``kb/fallback/<lang>.yaml``), compiled once per front end by
    :meth:`Frontend.fallback`."""
    data = _table_data(lang)
    keywords = ""
    if "{keywords}" in repr(data) and keyword_names is not None:
        keywords = "|".join(re.escape(n) for n in sorted(keyword_names(), key=len, reverse=True))
    return table_from_data(data, keywords)


def read_clause(table: CueTable, text: str, keyword_of: Callable[[str], "I.Keyword | bool | None"],
                is_keyword: Callable[[str], bool] | None = None) -> I.ClauseIR:
    """The best-effort reading of the normalised clause ``text``; ``keyword_of`` is the front end's
    answer to "is this a keyword line?" (a :class:`~cardlint.ir.Keyword` when it knows which)."""
    norm = text = text or ""
    if table.strip_marks:
        text = norm.replace("§", "").strip()
    clause = I.ClauseIR(text=text, form=I.FORM_STATEMENT, parsed=False)
    if not text.strip():
        return clause
    keyword = keyword_of(text)
    if keyword:
        clause.form = I.FORM_KEYWORD
        if isinstance(keyword, I.Keyword):
            clause.keyword = keyword
        return clause
    body = text
    if norm.lstrip().startswith("§"):
        clause.form = I.FORM_ACTIVATED
        if table.cost_split:
            body = text.split(":", 1)[-1]
    elif any(p.match(text) for p in table.triggered) and not (
            table.not_triggered is not None and table.not_triggered.match(text)):
        clause.form = I.FORM_TRIGGERED
    body = body[:MAX_READ]
    grants = any(p.search(body) for p in table.grant) or (
        table.grant_keyword is not None and is_keyword is not None
        and any(is_keyword(m.group(1)) for m in table.grant_keyword.finditer(body)))
    if table.quoted is not None:
        body = table.quoted.sub(table.quoted_as, body)
        body = table.quoted.sub(table.quoted_as, body)  # an ability quoted inside a quoted one
    stripped = body.strip()
    if table.self_subject is not None and table.self_subject.match(stripped):
        subject = I.Filter(ref="self")
    else:
        subject = I.Filter() if table.other_subject == "any" else None
    condition = next((I.Condition(kind) for kind, p in table.conditions if p.search(body)), None)
    duration = next((value for value, p in table.durations if p.search(body)), None)
    continuous_text = _without_token_sentences(table, body)
    for cue in table.cues:
        read = body if (cue.whole or cue.kind != I.CONTINUOUS) else continuous_text
        hit = (cue.pattern is not None and cue.pattern.search(read) is not None) or (cue.or_grant and grants)
        if not hit or (cue.unless is not None and cue.unless.search(read)):
            continue
        if cue.unless_found and any(m.characteristic == cue.unless_found for e in clause.effects
                                    for m in e.modifications):
            continue
        effect = I.Effect(kind=cue.kind)
        if cue.characteristic:
            effect.modifications = [I.Modification(cue.characteristic, cue.op, defining=cue.defining)]
        if cue.kind == I.CONTINUOUS or table.attach == "all":
            effect.condition, effect.duration = condition, duration
            if cue.subject:
                effect.affected = subject
        clause.effects.append(effect)
    if not clause.effects and table.default_kind:
        clause.effects.append(I.Effect(kind=table.default_kind))
    return clause


def _without_token_sentences(table: CueTable, text: str) -> str:
    if table.sentence_end is None or not table.token_sentence:
        return text
    return "".join(s for s in table.sentence_end.split(text)
                   if not all(p.search(s) for p in table.token_sentence))
