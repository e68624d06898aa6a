"""Compare aligned clauses and whole cards: English text ↔ translation.

Three verdicts (architecture.md §3, README "check-translation"):
- ``consistent`` — every clause was compared (as a whole, or sentence by sentence) and agrees;
- ``inconsistent`` — a real difference was found (a TR1xx–TR3xx finding);
- ``undetermined`` — nothing differs, but some clause could not be compared: each such clause has
  a status ``undetermined`` and the reasons (which side, which sentence, the parse error, TR401).
An undetermined card is never consistent and never a finding.

A clause pair is compared as a whole when both sides parse.  When a side does not, its sentences
are parsed one by one and compared sentence by sentence (:mod:`.sentences`): one unparsed
sentence leaves the others compared, and a finding points at the sentence (``en_span``,
``tr_span``).  ``reference`` says which English the translation was compared against: the printed
text of the printing, or the Oracle text (:func:`check_card` with ``oracle_text``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from cardlint import ir as I
from cardlint import names
from cardlint.classify import is_spell_card
from cardlint.findings import PRINTED, Comparison, Finding
from cardlint.i18n import _
from cardlint.translate import codes as C
from cardlint.translate.align import Pair, align
from cardlint.translate.resplit import split_candidates
from cardlint.translate.sentences import split_sentences
from cardlint.translate.signature import UNKNOWN, ClauseSig, clause_signature
from cardlint.text.normalize import nfkc
from cardlint.text.segment import is_level_header

CONSISTENT = "consistent"
INCONSISTENT = "inconsistent"
UNDETERMINED = "undetermined"
UNKNOWN_STATUS = UNDETERMINED          # the name before three verdicts

#: clause statuses
EQUAL, DIFFERS, MISSING, EXTRA = "equal", "differs", "missing", "extra"

ORACLE = "oracle"
#: codes a comparison against the Oracle text reports when the printed English could not be read:
#: values, not structure (clause split, ability and effect kinds change between templates)
#: (not types: creature types are the most frequent Oracle errata — "counts as a Hound" → Jackal)
ORACLE_VALUE_CODES = frozenset({C.PT, C.COLOR, C.DURATION, C.CONTROLLER, C.TARGET, C.LAYER})

#: how far a finding's confidence is trusted, by how its clauses were aligned
ALIGN_FACTOR = {"1:1": 1.0, "merge": 0.7, "missing": 1.0, "extra": 1.0}
#: findings of a sentence-by-sentence comparison (the sentence was parsed without its clause)
SENTENCE_FACTOR = 0.9
PT_CHARS = (I.PT_SET, I.PT_MODIFY)
_GRANT_OR_REMOVAL = {"add": "add", "remove": "remove", "remove_all": "remove"}


def finding(code: str, clause_index: int | None, message: str, en: str, translation: str, confidence: float,
            en_clause_index: int | None = None) -> Finding:
    """A check-translation finding: the shared record, with the two clauses it compares.  It is placed
    by the card result it belongs to (a batch row names the input line), hence no path or line here."""
    from cardlint.codes import lookup

    return Finding(code=code, severity=lookup(code).severity, path="-", line=1, message=message,
                   clause_index=clause_index,
                   compared=Comparison(en, translation, confidence, en_clause_index))


@dataclass
class Reason:
    """Why (part of) a clause could not be compared (TR401)."""

    side: str                 # "en" | "translation"
    sentence: str             # the sentence (or clause) that did not parse / has no counterpart
    error: str | None
    clause_index: int | None = None
    en_clause_index: int | None = None

    def to_dict(self) -> dict:
        side = _("English") if self.side == "en" else _("translation")
        return {"code": C.UNPARSED, "side": self.side, "sentence": self.sentence, "error": self.error,
                "clause_index": self.clause_index, "en_clause_index": self.en_clause_index,
                "message": _("not parsed ({sides}): cannot compare").format(sides=side)}


@dataclass
class ClauseResult:
    """One aligned pair of clauses and how it compared."""

    en_index: int | None
    index: int | None
    status: str                # equal | differs | undetermined | missing | extra
    mode: str
    en: str
    translation: str
    by_sentence: bool = False  # compared sentence by sentence (a side did not parse as a whole)
    codes: list[str] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"en_clause_index": self.en_index, "clause_index": self.index, "status": self.status,
                "align": self.mode, "compared": "sentences" if self.by_sentence else "clause",
                "en": self.en, "translation": self.translation, "codes": self.codes,
                "reasons": [r.to_dict() for r in self.reasons]}


@dataclass
class CardResult:
    name: str | None
    status: str
    findings: list[Finding] = field(default_factory=list)
    clauses: list[ClauseResult] = field(default_factory=list)
    reference: str = PRINTED
    notes: list[dict] = field(default_factory=list)     # TR501 template drift (no finding)

    @property
    def consistent(self) -> bool | None:
        """True, False, or None (undetermined)."""
        return {CONSISTENT: True, INCONSISTENT: False}.get(self.status)

    @property
    def reasons(self) -> list[Reason]:
        return [r for c in self.clauses if c.status == UNDETERMINED for r in c.reasons]

    def to_dict(self) -> dict:
        return {"name": self.name, "consistent": self.consistent, "status": self.status,
                "reference": self.reference, "findings": [f.to_dict() for f in self.findings],
                "undetermined": [r.to_dict() for r in self.reasons],
                "clauses": [c.to_dict() for c in self.clauses], "notes": self.notes}


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


def _recolored(a: frozenset, b: frozenset) -> bool:
    """The noun phrases of the two sides name colors in the same shape (as many phrases, as many color
    words in each) but not the same colors: a side that read fewer phrases or words is not compared."""
    if not a or not b or a == b or len(a) != len(b):
        return False
    return sorted(map(len, a)) == sorted(map(len, b))


def _fmt_lists(lists: frozenset) -> str:
    return "; ".join(sorted(" ".join(names.color(c) for c in x) for x in lists))


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
                unknown = unknown or UNKNOWN in a.value
                out.update(("", v) for v in a.value if v != UNKNOWN)
            else:
                op = a.op if a.characteristic not in PT_CHARS else a.characteristic
                out.add((op, a.value if not isinstance(a.value, frozenset) else tuple(sorted(a.value))))
    return out, unknown


def compare_clauses(en: ClauseSig, tr: ClauseSig, mode: str = "1:1", sentence: bool = False) -> list[Finding]:
    """Findings for one aligned pair of clauses (or sentences: ``sentence``) that both parsed.  A
    sentence parsed alone has no ability kind of its own: that is compared on whole clauses only."""
    if en.content == tr.content:
        return []
    out: list[Finding] = []
    factor = ALIGN_FACTOR.get(mode, 0.7) * (SENTENCE_FACTOR if sentence else 1.0)

    def add(code, message, scale=1.0):
        out.append(finding(code, tr.index, message, en.text, tr.text, C.base_confidence(code) * factor * scale,
                           en.index))

    # ability kind
    if not sentence and en.ability != tr.ability and "mixed" not in (en.ability, tr.ability):
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
                out.append(finding(C.KEYWORD, i, msg, en.text, tr.text, C.base_confidence(C.KEYWORD) * factor, en.index))
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
        if code == C.TYPE:
            e_vals, t_vals = _without_kept_types(e_vals, t_vals, en.kept_types | tr.kept_types)
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
    # ("loses all abilities" and "loses flying" are both removals: only a grant against a removal counts)
    e_ops = {_GRANT_OR_REMOVAL[a.op] for a in en.atoms if a.characteristic == I.ABILITIES and a.op in _GRANT_OR_REMOVAL}
    t_ops = {_GRANT_OR_REMOVAL[a.op] for a in tr.atoms if a.characteristic == I.ABILITIES and a.op in _GRANT_OR_REMOVAL}
    if e_ops and t_ops and not (e_ops & t_ops) and not any(f.code == C.KEYWORD for f in out):
        add(C.KEYWORD, _("abilities granted in one text, removed in the other: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.operation(o) for o in e_ops}), tr=_fmt({names.operation(o) for o in t_ops})))
    # colors and P/T named in the filters ("white creatures", "nonblack", "a 2/2 red … token")
    if _incomparable(en.filter_colors, tr.filter_colors):
        add(C.COLOR, _("colors of the affected objects differ: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.color(c) for c in en.filter_colors}),
                    tr=_fmt({names.color(c) for c in tr.filter_colors})), 0.9)
    if _incomparable(en.cond_colors, tr.cond_colors):
        add(C.COLOR, _("colors named in the condition differ: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.color(c) for c in en.cond_colors}),
                    tr=_fmt({names.color(c) for c in tr.cond_colors})), 0.9)
    if not any(f.code == C.COLOR for f in out) and _recolored(en.color_lists, tr.color_lists):
        # "a white or black permanent" → "a white or white permanent": as many phrases with as many color
        # words on each side, but other colors (the sets above hold one another)
        add(C.COLOR, _("colors named in the text differ: {en} in English, {tr} in the translation")
            .format(en=_fmt_lists(en.color_lists), tr=_fmt_lists(tr.color_lists)), 0.9)
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
    # and who controls the counted objects ("+1/+0 for each artifact you control")
    for attr, msg in (("controller", _("controller of the affected objects differs: {en} in English, {tr} in the "
                                       "translation")),
                      ("counted", _("controller of the counted objects differs: {en} in English, {tr} in the "
                                    "translation"))):
        e_by, t_by = _controllers_by_effect(en.atoms, attr), _controllers_by_effect(tr.atoms, attr)
        for key in sorted(e_by.keys() & t_by.keys(), key=str):
            e_c, t_c = e_by[key], t_by[key]
            if not (e_c & t_c):      # disjoint: a partly understood side is no evidence
                add(C.CONTROLLER, msg.format(en=_fmt({names.player(c) for c in e_c}),
                                             tr=_fmt({names.player(c) for c in t_c})))
                break
    # target vs all
    e_q = {a.quantifier for a in en.atoms if a.quantifier}
    t_q = {a.quantifier for a in tr.atoms if a.quantifier}
    if e_q and t_q and not (e_q & t_q):
        add(C.TARGET, _("target vs. all differs: {en} in English, {tr} in the translation")
            .format(en=_fmt({names.quantifier(q) for q in e_q}), tr=_fmt({names.quantifier(q) for q in t_q})))
    return out


def _without_kept_types(e_vals: set, t_vals: set, kept: frozenset) -> tuple[set, set]:
    """"target land becomes a 4/4 creature that's still a land", "…になる。それは土地でもある。" (the
    restatement is dropped) and "… in addition to its other types": a card type the changed object
    already has is no difference — unless nothing else is left on a side to compare."""
    e2 = {x for x in e_vals if x[1] not in kept}
    t2 = {x for x in t_vals if x[1] not in kept}
    return (e2, t2) if e2 and t2 else (e_vals, t_vals)


def _spell_flag(en_type: str | None, tr_type: str | None, lang: str) -> bool | None:
    flag = is_spell_card(en_type)
    if flag is not None or not tr_type:
        return flag
    from cardlint.lang.frontend import frontend

    return frontend(lang).is_spell_type(tr_type)


@lru_cache(maxsize=256)
def signatures(text: str, lang: str, name: str | None, type_line: str | None,
               spell: bool | None) -> tuple[ClauseSig, ...]:
    """The clause signatures of one side (cached: a batch or a test often repeats the English side)."""
    from cardlint.pipeline import card_ir

    card = card_ir(text or "", lang, name, type_line)
    origin = (lang, name, type_line, spell)
    seen: dict[tuple, ClauseSig] = {}     # a clause repeated in one text is built once
    out = []
    for i, c in enumerate(card.clauses):
        key = (c.text, c.parsed, c.keyword.id if c.keyword is not None else None)
        base = seen.get(key)
        if base is None:
            out.append(seen.setdefault(key, clause_signature(c, i, spell, origin)))
        else:
            out.append(replace(base, indices=(i,), line=c.line))
    return tuple(out)


@lru_cache(maxsize=1024)
def _sentence_signatures(sentences: tuple[str, ...], lang: str, name: str | None, type_line: str | None,
                         spell: bool | None) -> tuple[ClauseSig, ...]:
    from cardlint.pipeline import card_ir

    out = []
    for k, sentence in enumerate(sentences):
        clauses = [c for c in card_ir(sentence, lang, name, type_line).clauses]
        sigs = [clause_signature(c, k, spell) for c in clauses]
        sigs = [g for g in sigs if not g.reminder] or sigs
        if not sigs:
            continue
        merged = sigs[0]
        for g in sigs[1:]:
            merged = merged.merged_with(g)
        merged.text, merged.indices, merged.line = sentence, (k,), k + 1
        out.append(merged)
    return tuple(out)


def sentence_signatures(sig: ClauseSig) -> tuple[ClauseSig, ...] | None:
    """The sentences of a clause, each parsed on its own; None when the clause is one sentence (or
    its signature was not built from text)."""
    if sig.origin is None or len(sig.indices) > 1:
        return None
    lang = sig.origin[0]
    sentences = split_sentences(sig.text, lang)
    if len(sentences) < 2:
        return None
    return _sentence_signatures(tuple(sentences), *sig.origin)


#: "…instant.)Enchant creature": a reminder glued to the next ability (the MTGJSON/Gatherer texts
#: lost the line break after some reminders, in every language): put the line break back.  (hja: not
#: before a Japanese particle — "{E}{E}(エネルギー・カウンター2個)を得る" is one sentence — no ability starts so.)
_GLUED_REMINDER = re.compile(r"([(（][^()（）\n]{12,}[)）])(?=[^\s)）.,;:、。，；\-—―～~をにがはのとでもや])")


def unglue_reminders(text: str) -> str:
    return _GLUED_REMINDER.sub(r"\1\n", text or "")


def check_card(en_text: str, text: str, lang: str, name: str | None = None, tname: str | None = None,
               en_type: str | None = None, tr_type: str | None = None, oracle_text: str | None = None,
               oracle_type: str | None = None) -> CardResult:
    """Check one translation against its English text (the printed English of the printing).

    With ``oracle_text``, a card the printed English leaves undetermined or inconsistent is also
    compared against the Oracle text: when the translation agrees with the Oracle text, the printed
    wording is template drift (a TR501 note, no finding); otherwise the better-determined comparison
    is reported, and each finding names the English it was compared against (``reference``)."""
    printed = _check_against(en_text, text, lang, name, tname, en_type, tr_type)
    if printed.status == CONSISTENT or not (oracle_text or "").strip() \
            or _same_wording(oracle_text, en_text):
        return printed
    oracle = _check_against(oracle_text, text, lang, name, tname, oracle_type or en_type, tr_type)
    for f in oracle.findings:
        f.compared.reference = ORACLE
    oracle.reference = ORACLE
    if oracle.status == CONSISTENT:
        oracle.notes.append({"code": C.DRIFT, "message": C.drift_message(printed.status),
                             "en": en_text, "oracle": oracle_text})
        return oracle
    if printed.status == UNDETERMINED and oracle.status == INCONSISTENT and \
            all(f.code in ORACLE_VALUE_CODES for f in oracle.findings):
        # the printed English could not be read; the Oracle text shows a difference in a rules value.
        # A different ability or effect kind against the Oracle text is as likely template drift (an
        # old "may be played any time you could play an instant" against the Flash keyword): undetermined
        return oracle
    if printed.status == INCONSISTENT and oracle.status == INCONSISTENT and \
            len(oracle.findings) < len(printed.findings):
        return oracle
    if printed.status == UNDETERMINED:
        mixed = _check_clause_by_clause(en_text, oracle_text, text, lang, name, tname, en_type, oracle_type, tr_type)
        if mixed is not None and len(mixed.reasons) < len(printed.reasons) and \
                (oracle.status != UNDETERMINED or len(mixed.reasons) < len(oracle.reasons)):
            return mixed
    if printed.status == UNDETERMINED and oracle.status == UNDETERMINED and \
            len(oracle.reasons) < len(printed.reasons):
        return oracle
    return printed


def _check_clause_by_clause(en_text: str, oracle_text: str, text: str, lang: str, name, tname, en_type,
                            oracle_type, tr_type) -> CardResult | None:
    """The printed English with each clause that does not parse replaced by its Oracle counterpart
    (paired 1:1, parsed), compared with the translation.  Against a replaced clause only value
    differences count (a different ability or effect kind there is as likely template drift): with
    another finding on one, None (the card stays undetermined)."""
    en_text, text = unglue_reminders(en_text), unglue_reminders(text)
    spell = _spell_flag(en_type, tr_type, lang)
    printed = list(signatures(en_text, "en", name, en_type, spell))
    oracle = list(signatures(unglue_reminders(oracle_text), "en", name, oracle_type or en_type, spell))
    hybrid, replaced = [], set()
    for p in align(printed, oracle):
        if p.en is None:
            continue
        if not p.en.parsed and p.tr is not None and p.tr.parsed and p.mode == "1:1" and len(p.en.indices) == 1:
            hybrid.append(replace(p.tr, indices=p.en.indices, line=p.en.line))
            replaced.add(p.en.index)
        else:
            hybrid.append(p.en)
    if not replaced:
        return None
    result = compare_cards(hybrid, list(signatures(text, lang, tname or name, tr_type, spell)), name)
    for f in result.findings:
        if f.compared.en_clause_index is None:
            return None           # a translated clause left over: the old and new clause splits may differ
        if f.compared.en_clause_index in replaced:
            if f.code not in ORACLE_VALUE_CODES:
                return None
            f.compared.reference = ORACLE
    result.notes.append({"code": C.DRIFT, "message": C.drift_clause_message(len(replaced)), "en": en_text,
                         "oracle": oracle_text})
    result.reference = "printed+oracle"
    return result


def _same_wording(a: str, b: str) -> bool:
    return " ".join((a or "").split()) == " ".join((b or "").split())


def _check_against(en_text: str, text: str, lang: str, name: str | None, tname: str | None,
                   en_type: str | None, tr_type: str | None) -> CardResult:
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
    else:             # as many lines, but a break moved: "{T}: …Mana.{T}: … Farbe.\n Die … fügt dir 3 Schaden…"
        result = _rejoin(result, text, lambda t: compare_cards(en_sigs, list(signatures(t, lang, tname or name,
                                                                                        tr_type, spell)), name))
    return result


def _rejoin(result: CardResult, text: str, check) -> CardResult:
    """A translated clause the English does not have, on a line of its own, may be the end of the
    ability on the line before it, with the corpus text's line break misplaced (the glued abilities
    of that line are split again by the front end): join it to the line before when that makes the
    card compare better (never a real difference away: the joined card must compare with fewer
    undetermined clauses, or as many and fewer findings)."""
    extra = [c for c in result.clauses if c.status == EXTRA]
    lines = text.split("\n")
    if not extra or len(lines) < 2 or len(lines) > MAX_RESPLIT_LINES:
        return result
    best = result
    for k in range(1, len(lines)):
        if not any(c.translation.strip() and nfkc(lines[k]).strip().startswith(nfkc(c.translation).strip()[:20])
                   for c in extra):
            continue
        got = check("\n".join(lines[:k - 1] + [lines[k - 1].rstrip() + " " + lines[k].strip()] + lines[k + 1:]))
        if _badness(got) < _badness(best):
            best = got
    return best


#: texts longer than this many lines are not searched for lost line breaks (each candidate is a
#: full comparison; a real card has at most a dozen lines)
MAX_RESPLIT_LINES = 40


def _resplit(result: CardResult, lost: int, text: str, lang: str, check) -> CardResult:
    """Put back up to ``lost`` line breaks in ``text``, one at a time, each only where it makes the
    card compare better (``check`` compares the card with ``text`` replaced)."""
    if text.count("\n") > MAX_RESPLIT_LINES:
        return result
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
    """Undetermined clauses first (a split that breaks a parse is no repair), then findings."""
    return sum(1 for c in result.clauses if c.status == UNDETERMINED), len(result.findings)


def compare_cards(en_sigs: list[ClauseSig], tr_sigs: list[ClauseSig], name: str | None = None) -> CardResult:
    pairs = align(en_sigs, tr_sigs)
    clauses: list[ClauseResult] = []
    findings: list[Finding] = []
    gaps: list[tuple[int, Pair]] = []
    # a leveler's striation (level symbol + its lines) is one clause where the front end reads it as
    # such (English), several lines elsewhere: those clauses cannot be paired line by line
    striated = any(map(_is_striation, en_sigs)) != any(map(_is_striation, tr_sigs))
    for p in pairs:
        if p.en is None or p.tr is None:
            gaps.append((len(clauses), p))
            clauses.append(None)          # filled in below: a gap depends on the other clauses
            continue
        if striated and (_is_striation(p.en) or _is_striation(p.tr)):
            side, sig = ("en", p.en) if _is_striation(p.en) else ("translation", p.tr)
            cr = ClauseResult(p.en.index, p.tr.index, UNDETERMINED, p.mode, p.en.text, p.tr.text)
            cr.reasons.append(Reason(side, sig.text, _("a leveler's striation is read as one clause on one side "
                                                       "only"), p.tr.index, p.en.index))
            clauses.append(cr)
            continue
        cr, fs = _compare_pair(p)
        clauses.append(cr)
        findings.extend(fs)
    # a clause missing next to a clause that could not be compared is guesswork: undetermined
    uncertain = any(c is not None and c.status == UNDETERMINED for c in clauses)
    for at, p in gaps:
        cr, fs = _gap(p, uncertain)
        clauses[at] = cr
        findings.extend(fs)
    findings.sort(key=lambda f: (f.clause_index if f.clause_index is not None else -1, f.code))
    if findings:
        status = INCONSISTENT
    elif any(c.status == UNDETERMINED for c in clauses):
        status = UNDETERMINED
    else:
        status = CONSISTENT
    return CardResult(name, status, findings, clauses)


def _is_striation(sig: ClauseSig) -> bool:
    return "\n" in sig.text and is_level_header(sig.text.split("\n", 1)[0])


def _gap(p: Pair, uncertain: bool) -> tuple[ClauseResult, list[Finding]]:
    present = p.en or p.tr
    side = "en" if p.en is not None else "translation"
    en_i = p.en.index if p.en is not None else None
    tr_i = p.tr.index if p.tr is not None else None
    cr = ClauseResult(en_i, tr_i, UNDETERMINED, p.mode, p.en.text if p.en else "", p.tr.text if p.tr else "")
    if not present.parsed:
        cr.reasons.append(Reason(side, present.text, present.error, tr_i, en_i))
        return cr, []
    if uncertain:
        cr.reasons.append(Reason(side, present.text, _("no counterpart next to a clause that could not be compared"),
                                 tr_i, en_i))
        return cr, []
    cr.status = MISSING if p.en is not None else EXTRA
    cr.codes = [C.CLAUSE_MISSING]
    if p.en is not None:
        f = finding(C.CLAUSE_MISSING, p.en.index, _("clause missing in the translation"), p.en.text, "",
                    C.base_confidence(C.CLAUSE_MISSING), p.en.index)
    else:
        f = finding(C.CLAUSE_MISSING, p.tr.index, _("clause not in the English text"), "", p.tr.text,
                    C.base_confidence(C.CLAUSE_MISSING), None)
    return cr, [f]


def _compare_pair(p: Pair) -> tuple[ClauseResult, list[Finding]]:
    cr = ClauseResult(p.en.index, p.tr.index, EQUAL, p.mode, p.en.text, p.tr.text)
    if p.en.parsed and p.tr.parsed:
        fs = compare_clauses(p.en, p.tr, p.mode)
        if fs:
            _locate(p, fs)
    else:
        by = _compare_by_sentence(p)
        if by is None:
            for side, sig in (("en", p.en), ("translation", p.tr)):
                if not sig.parsed:
                    cr.reasons.append(Reason(side, sig.text, sig.error, p.tr.index, p.en.index))
            cr.status = UNDETERMINED
            return cr, []
        fs, cr.reasons = by
        cr.by_sentence = True
        if cr.reasons and not fs:
            cr.status = UNDETERMINED
    if fs:
        cr.status = DIFFERS
        cr.codes = sorted({f.code for f in fs})
    return cr, fs


def _sentence_pairs(p: Pair) -> list[Pair] | None:
    es, ts = sentence_signatures(p.en), sentence_signatures(p.tr)
    if es is None and ts is None:
        return None
    es = list(es) if es is not None else [replace_index(p.en, 0)]
    ts = list(ts) if ts is not None else [replace_index(p.tr, 0)]
    return align(es, ts)


def _is_empty(sig: ClauseSig) -> bool:
    """A sentence that parses and says nothing of its own: a target announcement ("クリーチャー1体を
    対象とする。", "{T}:プレイヤー1人を対象とする。"), a definition ("Xは…に等しい。"), a restriction the IR
    does not keep.  The other text says the same inside a sentence ("{T}: Target player …", "…, where
    X is …"), so it needs no counterpart: its having none is no reason to leave a clause undetermined."""
    return sig.parsed and not sig.atoms and not sig.keywords and not sig.kw_unknown and not sig.reminder


def replace_index(sig: ClauseSig, k: int) -> ClauseSig:
    return replace(sig, indices=(k,), line=k + 1)


def _compare_by_sentence(p: Pair) -> tuple[list[Finding], list[Reason]] | None:
    """Sentence-by-sentence comparison of a clause pair one side of which did not parse as a whole."""
    pairs = _sentence_pairs(p)
    if pairs is None:
        return None
    findings: list[Finding] = []
    reasons: list[Reason] = []
    for sp in pairs:
        if sp.en is None or sp.tr is None:
            present = sp.en or sp.tr
            if _is_empty(present):
                continue          # nothing to compare, nothing missing
            side = "en" if sp.en is not None else "translation"
            reasons.append(Reason(side, present.text, present.error if not present.parsed
                                  else _("no counterpart sentence"), p.tr.index, p.en.index))
            continue
        for side, sig in (("en", sp.en), ("translation", sp.tr)):
            if not sig.parsed:
                reasons.append(Reason(side, sig.text, sig.error, p.tr.index, p.en.index))
        if sp.en.parsed and sp.tr.parsed:
            for f in compare_clauses(sp.en, sp.tr, sp.mode, sentence=True):
                f.clause_index, f.compared.en_clause_index = p.tr.index, p.en.index
                c = f.compared
                c.en_span, c.tr_span, c.en, c.translation = sp.en.text, sp.tr.text, p.en.text, p.tr.text
                findings.append(f)
    return findings, reasons


def _locate(p: Pair, findings: list[Finding]) -> None:
    """Point each finding of a whole-clause comparison at the sentence that differs, when the
    clause has several sentences on both sides and the sentences compare on their own."""
    if len(p.en.indices) > 1 or len(p.tr.indices) > 1:
        return
    pairs = _sentence_pairs(p)
    if not pairs:
        return
    spans: dict[str, tuple[str, str]] = {}
    for sp in pairs:
        if sp.en is not None and sp.tr is not None and sp.en.parsed and sp.tr.parsed:
            for f in compare_clauses(sp.en, sp.tr, sp.mode, sentence=True):
                spans.setdefault(f.code, (sp.en.text, sp.tr.text))
    for f in findings:
        if f.code in spans:
            f.compared.en_span, f.compared.tr_span = spans[f.code]


def _controllers_by_effect(atoms, attr: str = "controller") -> dict[tuple, set[str]]:
    """The players named by ``attr`` (who controls the affected objects, or the counted ones: "counted"),
    per effect (kind, layer, characteristic)."""
    out: dict[tuple, set[str]] = {}
    for a in atoms:
        who = getattr(a, attr)
        if who:
            out.setdefault((a.kind, a.layer, a.characteristic), set()).add(who)
    return out
