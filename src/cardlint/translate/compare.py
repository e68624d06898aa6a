"""Compare aligned clauses and whole cards: English text ↔ translation.

A card is ``consistent`` when every clause pair parsed on both sides and nothing differs;
``inconsistent`` when any TR1xx–TR3xx finding is reported; ``unknown`` when a side did not parse
(TR401) and nothing else was found — never ``consistent``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from cardlint import ir as I
from cardlint import names
from cardlint.classify import is_spell_card
from cardlint.i18n import _
from cardlint.translate import codes as C
from cardlint.translate.align import Pair, align
from cardlint.translate.resplit import split_candidates
from cardlint.translate.signature import UNKNOWN, ClauseSig, clause_signature

CONSISTENT = "consistent"
INCONSISTENT = "inconsistent"
UNKNOWN_STATUS = "unknown"

#: how far a finding's confidence is trusted, by how its clauses were aligned
ALIGN_FACTOR = {"1:1": 1.0, "merge": 0.7, "missing": 1.0, "extra": 1.0}
PT_CHARS = (I.PT_SET, I.PT_MODIFY)


@dataclass
class Finding:
    code: str
    clause_index: int | None
    message: str
    en: str
    translation: str
    confidence: float
    en_clause_index: int | None = None

    def to_dict(self) -> dict:
        return {"code": self.code, "clause_index": self.clause_index, "en_clause_index": self.en_clause_index,
                "message": self.message, "en": self.en, "translation": self.translation,
                "confidence": round(self.confidence, 3)}


@dataclass
class CardResult:
    name: str | None
    status: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def consistent(self) -> bool:
        return self.status == CONSISTENT

    def to_dict(self) -> dict:
        return {"name": self.name, "consistent": self.consistent, "status": self.status,
                "findings": [f.to_dict() for f in self.findings]}


def _fmt(values) -> str:
    if values is None or values == "":
        return "—"
    if isinstance(values, (set, frozenset, list, tuple)):
        items = sorted((_fmt(v) for v in values), key=str)
        return ", ".join(items) if items else "—"
    if isinstance(values, tuple):
        return " ".join(_fmt(v) for v in values)
    return str(values)


def _incomparable(a: frozenset, b: frozenset) -> bool:
    """Both sides name values and neither set holds the other (a subset is a partly understood side)."""
    return bool(a) and bool(b) and not (a <= b or b <= a)


def _fmt_pairs(pairs: set, name=str) -> str:
    """{("add", ("flying",)), ("", "goblin")} → "add flying; goblin"; ``name`` shows a value in the
    message language (text output names colors, types and keywords, not their ids)."""
    items = []
    for op, value in pairs:
        v = ", ".join(name(str(x)) for x in value) if isinstance(value, (tuple, list)) else name(str(value))
        items.append(v if op in (I.PT_SET, I.PT_MODIFY) else names.change(op, v))
    return "; ".join(sorted(items)) or "—"


def _group(sig: ClauseSig, characteristics) -> tuple[set, bool]:
    """(op, value) of the atoms changing ``characteristics``; flag whether any value is unknown.
    Types are compared as one set of words (front ends differ on "set" vs "in addition to")."""
    out, unknown = set(), False
    for a in sig.atoms:
        if a.kind == I.CONTINUOUS and a.characteristic in characteristics:
            if a.value is UNKNOWN or a.value is None or a.value == frozenset():
                unknown = True
            elif a.characteristic == I.TYPES:
                out.update(("", v) for v in a.value)
            else:
                op = a.op if a.characteristic not in PT_CHARS else a.characteristic
                out.add((op, a.value if not isinstance(a.value, frozenset) else tuple(sorted(a.value))))
    return out, unknown


def compare_clauses(en: ClauseSig, tr: ClauseSig, mode: str = "1:1") -> list[Finding]:
    """Findings for one aligned pair of clauses that both parsed."""
    out: list[Finding] = []
    factor = ALIGN_FACTOR.get(mode, 0.7)

    def add(code, message, scale=1.0):
        out.append(Finding(code, tr.index, message, en.text, tr.text, C.CODES[code][1] * factor * scale,
                           en.index))

    # ability kind
    if en.ability != tr.ability and "mixed" not in (en.ability, tr.ability):
        add(C.ABILITY_KIND, _("ability kind differs: {en} in English, {tr} in the translation")
            .format(en=names.ability(en.ability), tr=names.ability(tr.ability)))
    # keyword clauses (a keyword list is a set: its order is no difference)
    partly = (en.kw_unknown or tr.kw_unknown) and (en.keywords <= tr.keywords or tr.keywords <= en.keywords)
    if en.keywords and tr.keywords and en.keywords != tr.keywords and not partly:
        msg = _("keyword differs: {en} in English, {tr} in the translation").format(
            en=_fmt({names.keyword(k) for k in en.keywords}), tr=_fmt({names.keyword(k) for k in tr.keywords}))
        extra = [i for i, k in tr.kw_index if k not in en.keywords]
        if extra and len(tr.kw_index) > 1:
            for i in extra:   # point at the translated keyword that is not in the English list
                out.append(Finding(C.KEYWORD, i, msg, en.text, tr.text, C.CODES[C.KEYWORD][1] * factor, en.index))
        else:
            add(C.KEYWORD, msg)
    # effect kinds
    if en.kinds != tr.kinds:
        add(C.EFFECT_KIND, _("effect kinds differ: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.effect(k) for k in en.kinds}), tr=_fmt({names.effect(k) for k in tr.kinds})))
    both_continuous = I.CONTINUOUS in en.kinds and I.CONTINUOUS in tr.kinds
    if both_continuous and en.layers() != tr.layers():
        add(C.LAYER, _("layers differ: {en} in English, {tr} in the translation")
            .format(en=_fmt(en.layers()), tr=_fmt(tr.layers())))
    # CDA
    en_cda = {a.characteristic for a in en.atoms if a.cda}
    tr_cda = {a.characteristic for a in tr.atoms if a.cda}
    if en_cda != tr_cda:
        add(C.CDA, _("characteristic-defining ability in one text only: {en} in English, {tr} in the translation")
            .format(en=_fmt(en_cda) if en_cda else _("no CDA"), tr=_fmt(tr_cda) if tr_cda else _("no CDA")))
    # values, per characteristic
    for code, chars, label, name in ((C.PT, PT_CHARS, _("power/toughness"), str),
                                     (C.COLOR, (I.COLORS,), _("colors"), names.color),
                                     (C.TYPE, (I.TYPES,), _("types"), names.type_word),
                                     (C.KEYWORD, (I.ABILITIES,), _("abilities"), names.keyword)):
        e_vals, e_unk = _group(en, chars)
        t_vals, t_unk = _group(tr, chars)
        if not e_vals or not t_vals or e_vals == t_vals:
            continue
        if e_unk or t_unk:
            # a value one side did not understand: compare only what both understood
            if e_vals <= t_vals or t_vals <= e_vals:
                continue
            scale = 0.6
        else:
            scale = 1.0
        add(code, _("{what} differ: {en} in English, {tr} in the translation")
            .format(what=label, en=_fmt_pairs(e_vals, name), tr=_fmt_pairs(t_vals, name)), scale)
    # a grant turned into a removal, even where a keyword itself was not understood
    e_ops = {a.op for a in en.atoms if a.characteristic == I.ABILITIES and a.op in ("add", "remove", "remove_all")}
    t_ops = {a.op for a in tr.atoms if a.characteristic == I.ABILITIES and a.op in ("add", "remove", "remove_all")}
    if e_ops and t_ops and not (e_ops & t_ops) and not any(f.code == C.KEYWORD for f in out):
        add(C.KEYWORD, _("abilities granted in one text, removed in the other: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.operation(o) for o in e_ops}), tr=_fmt({names.operation(o) for o in t_ops})))
    # colors and P/T named in the filters ("white creatures", "nonblack", "a 2/2 red … token")
    if _incomparable(en.filter_colors, tr.filter_colors):
        add(C.COLOR, _("colors of the affected objects differ: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.color(c) for c in en.filter_colors}),
                    tr=_fmt({names.color(c) for c in tr.filter_colors})), 0.9)
    if _incomparable(en.filter_pts, tr.filter_pts):
        add(C.PT, _("power/toughness differ: {en} in English, {tr} in the translation")
            .format(en=_fmt(en.filter_pts), tr=_fmt(tr.filter_pts)), 0.9)
    if _incomparable(en.filter_keywords, tr.filter_keywords):
        add(C.KEYWORD, _("keywords of the affected objects differ: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.keyword(k) for k in en.filter_keywords}),
                    tr=_fmt({names.keyword(k) for k in tr.filter_keywords})), 0.9)
    # duration of continuous and rules effects
    dur_kinds = (I.CONTINUOUS, I.RULES)
    if any(a.kind in dur_kinds for a in en.atoms) and any(a.kind in dur_kinds for a in tr.atoms):
        e_d = {a.duration for a in en.atoms if a.kind in dur_kinds}
        t_d = {a.duration for a in tr.atoms if a.kind in dur_kinds}
        if e_d != t_d:
            add(C.DURATION, _("duration differs: {en} in English, {tr} in the translation")
                .format(en=_fmt({names.duration(d) or _("static") for d in e_d}),
                        tr=_fmt({names.duration(d) or _("static") for d in t_d})))
    # who controls the affected objects
    # compared per effect (kind, layer, characteristic), so that "your creature gets +1/+0" → "an opponent's
    # creature gets +1/+0" is not hidden by another effect of the clause that is about an opponent's object
    e_by, t_by = _controllers_by_effect(en.atoms), _controllers_by_effect(tr.atoms)
    for key in sorted(e_by.keys() & t_by.keys(), key=str):
        e_c, t_c = e_by[key], t_by[key]
        if not (e_c & t_c):      # disjoint: a partly understood side is no evidence
            add(C.CONTROLLER, _("controller of the affected objects differs: {en} in English, {tr} in the translation")
                .format(en=_fmt({names.player(c) for c in e_c}), tr=_fmt({names.player(c) for c in t_c})))
            break
    # target vs all
    e_q = {a.quantifier for a in en.atoms if a.quantifier}
    t_q = {a.quantifier for a in tr.atoms if a.quantifier}
    if e_q and t_q and not (e_q & t_q):
        add(C.TARGET, _("target vs. all differs: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.quantifier(q) for q in e_q}), tr=_fmt({names.quantifier(q) for q in t_q})))
    return out


def _spell_flag(en_type: str | None, tr_type: str | None, lang: str) -> bool | None:
    flag = is_spell_card(en_type)
    if flag is not None or not tr_type:
        return flag
    from cardlint.parse.frontend import frontend

    return frontend(lang).is_spell_type(tr_type)


@lru_cache(maxsize=256)
def signatures(text: str, lang: str, name: str | None, type_line: str | None,
               spell: bool | None) -> tuple[ClauseSig, ...]:
    """The clause signatures of one side (cached: a batch or a test often repeats the English side)."""
    from cardlint.pipeline import card_ir

    card = card_ir(text or "", lang, name, type_line)
    return tuple(clause_signature(c, i, spell) for i, c in enumerate(card.clauses))


#: "…instant.)Enchant creature": a reminder glued to the next ability (the MTGJSON/Gatherer texts
#: lost the line break after some reminders, in every language): put the line break back.
_GLUED_REMINDER = re.compile(r"([(（][^()（）\n]{12,}[)）])(?=[^\s)）.,;:、。，；\-—―～~])")


def unglue_reminders(text: str) -> str:
    return _GLUED_REMINDER.sub(r"\1\n", text or "")


def check_card(en_text: str, text: str, lang: str, name: str | None = None, tname: str | None = None,
               en_type: str | None = None, tr_type: str | None = None) -> CardResult:
    """Check one translation against its English text."""
    en_text, text = unglue_reminders(en_text), unglue_reminders(text)
    spell = _spell_flag(en_type, tr_type, lang)
    en_sigs = list(signatures(en_text, "en", name, en_type, spell))
    tr_sigs = list(signatures(text, lang, tname or name, tr_type, spell))
    result = compare_cards(en_sigs, tr_sigs, name)
    lost = _line_count(en_sigs) - _line_count(tr_sigs)
    if lost > 0:      # the translation lost line breaks (a corpus text with its lines run together)
        result = _resplit(result, lost, text, lang,
                          lambda t: compare_cards(en_sigs, list(signatures(t, lang, tname or name, tr_type, spell)),
                                                  name))
    elif lost < 0:    # the English side has fewer lines: old printings ran abilities into one line
        result = _resplit(result, -lost, en_text, "en",
                          lambda t: compare_cards(list(signatures(t, "en", name, en_type, spell)), tr_sigs, name))
    return result


def _resplit(result: CardResult, lost: int, text: str, lang: str, check) -> CardResult:
    """Put back up to ``lost`` line breaks in ``text``, one at a time, each only where it makes the
    card compare better (``check`` compares the card with ``text`` replaced)."""
    while lost > 0 and result.status != CONSISTENT:
        best = None
        for candidate in split_candidates(text, lang):
            got = check(candidate)
            if best is None or _badness(got) < _badness(best[1]):
                best = (candidate, got)
        if best is None or _badness(best[1]) >= _badness(result):
            break
        text, result = best
        lost -= 1
    return result


def _line_count(sigs: list[ClauseSig]) -> int:
    return len({s.line for s in sigs if not s.reminder})


def _badness(result: CardResult) -> tuple[int, int]:
    """Unparsed clauses first (a split that breaks a parse is no repair), then other findings."""
    unparsed = sum(1 for f in result.findings if f.code == C.UNPARSED)
    return unparsed, len(result.findings) - unparsed


def compare_cards(en_sigs: list[ClauseSig], tr_sigs: list[ClauseSig], name: str | None = None) -> CardResult:
    findings: list[Finding] = []
    pairs = align(en_sigs, tr_sigs)
    any_unparsed = any(not s.parsed for s in en_sigs + tr_sigs)
    for p in pairs:
        findings.extend(_pair_findings(p, any_unparsed))
    findings.sort(key=lambda f: (f.clause_index if f.clause_index is not None else -1, f.code))
    if any(f.code in C.INCONSISTENCY_CODES for f in findings):
        status = INCONSISTENT
    elif findings or not (en_sigs or tr_sigs):
        status = UNKNOWN_STATUS if findings or (bool(en_sigs) != bool(tr_sigs)) else CONSISTENT
    else:
        status = CONSISTENT
    return CardResult(name, status, findings)


def _pair_findings(p: Pair, any_unparsed: bool) -> list[Finding]:
    if p.en is None or p.tr is None:
        present = p.en or p.tr
        if not present.parsed:
            return [_unparsed(p)]
        if any_unparsed:
            return []     # alignment next to an unparsed clause is guesswork: the card is unknown anyway
        scale = 1.0
        if p.en is not None:
            msg = _("clause missing in the translation")
            return [Finding(C.CLAUSE_MISSING, p.en.index, msg, p.en.text, "", C.CODES[C.CLAUSE_MISSING][1] * scale,
                            p.en.index)]
        msg = _("clause not in the English text")
        return [Finding(C.CLAUSE_MISSING, p.tr.index, msg, "", p.tr.text, C.CODES[C.CLAUSE_MISSING][1] * scale,
                        None)]
    if not (p.en.parsed and p.tr.parsed):
        return [_unparsed(p)]
    return compare_clauses(p.en, p.tr, p.mode)


def _unparsed(p: Pair) -> Finding:
    sides = []
    if p.en is not None and not p.en.parsed:
        sides.append(_("English"))
    if p.tr is not None and not p.tr.parsed:
        sides.append(_("translation"))
    msg = _("not parsed ({sides}): cannot compare").format(sides=", ".join(sides))
    return Finding(C.UNPARSED, p.tr.index if p.tr is not None else (p.en.index if p.en else None), msg,
                   p.en.text if p.en else "", p.tr.text if p.tr else "", 0.0,
                   p.en.index if p.en is not None else None)


def _controllers_by_effect(atoms) -> dict[tuple, set[str]]:
    out: dict[tuple, set[str]] = {}
    for a in atoms:
        if a.controller:
            out.setdefault((a.kind, a.layer, a.characteristic), set()).add(a.controller)
    return out
