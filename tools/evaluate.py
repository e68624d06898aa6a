#!/usr/bin/env python3
"""Coverage and agreement figures for the MTG front ends (and the YGO side via --game ygo).

  python tools/evaluate.py --lang en            # Oracle corpus: coverage, unparsed shapes, Forge agreement
  python tools/evaluate.py --lang de            # de.jsonl: coverage, unparsed shapes, agreement with English
  python tools/evaluate.py --game ygo --lang ja # Yu-Gi-Oh! (cardlint.ygo.evaluate)

Options: --limit N (first N cards), --step K (every K-th card, for quick runs), --report DIR
(write disagreements and unparsed clauses there; default reports/).  The corpus is read from
../shared/corpus next to the checkout (read-only).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
CORPUS = ROOT.parent / "shared" / "corpus"

from cardlint.classify import score_key  # noqa: E402
from cardlint.lang.frontend import frontend  # noqa: E402
from cardlint.pipeline import classify_card as pipeline_classify_card  # noqa: E402
from cardlint.text.normalize import strip_reminder  # noqa: E402

LANG_FILES = {"en": "oracle-en.jsonl", "de": "de.jsonl", "ja": "ja.jsonl", "zh-Hans": "zh-Hans.jsonl"}

# Forge StaticAbility.generateLayer() map and forge_layers() live in cardlint.io.forge, align() in
# cardlint.io.forge_align (shared with lint)
from cardlint.io.forge import FORGE_LAYER_PARAMS, PLAYER_AFFECTED, forge_layers  # noqa: E402,F401
from cardlint.io.forge_align import align, align_span  # noqa: E402
from cardlint.io.forge import script_params as forge_params  # noqa: E402
LAYERS = ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]


def read_jsonl(path: Path, limit=None, step=1):
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if step > 1 and i % step:
                continue
            if limit is not None and i >= limit * step:
                break
            yield json.loads(line)


_SHAPE_SUBS = [
    (re.compile(r"\{[^}]+\}"), "{M}"),
    (re.compile(r"[+\-]?(?:\d+|x|\*)/[+\-]?(?:\d+|x|\*)"), "N/N"),
    (re.compile(r"\b\d+\b"), "N"),
    (re.compile(r"\s+"), " "),
]


def shape(text: str) -> str:
    s = text.lower()
    for pat, rep in _SHAPE_SUBS:
        s = pat.sub(rep, s)
    words = s.split()
    return " ".join(words[:9]) + (" …" if len(words) > 9 else "")


def classify_card(rec: dict, lang: str, text_key="text", name_key="name", type_key="type"):
    return pipeline_classify_card(rec.get(text_key) or "", lang, rec.get(name_key), rec.get(type_key))


def has_continuous(clause: dict) -> bool:
    return any(e["kind"] == "continuous" for e in clause["effects"])


class Coverage:
    def __init__(self):
        self.clauses = self.parsed = 0
        self.cont = self.cont_parsed = 0
        self.cards = self.cards_parsed = 0
        self.by_ability = collections.Counter()
        self.by_ability_parsed = collections.Counter()
        self.shapes = collections.Counter()
        self.shape_example = {}
        self.seconds = 0.0

    def add(self, rec_name, irs, results):
        self.cards += 1
        all_parsed = True
        for c, r in zip(irs, results):
            if r["ability"] == "reminder":
                continue
            self.clauses += 1
            self.by_ability[r["ability"]] += 1
            if has_continuous(r):
                self.cont += 1
            if r["parsed"]:
                self.parsed += 1
                self.by_ability_parsed[r["ability"]] += 1
                if has_continuous(r):
                    self.cont_parsed += 1
            else:
                all_parsed = False
                sh = shape(c.text)
                self.shapes[sh] += 1
                self.shape_example.setdefault(sh, (rec_name, c.text, c.error))
        if all_parsed:
            self.cards_parsed += 1

    def report(self, lang, top=30):
        pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
        print(f"## Parse coverage ({lang})")
        print(f"  clauses (strict parse):           {pct(self.parsed, self.clauses)}")
        print(f"  clauses with continuous effects:  {pct(self.cont_parsed, self.cont)}")
        print(f"  cards with every clause parsed:   {pct(self.cards_parsed, self.cards)}")
        print("  per ability kind:")
        for k, n in self.by_ability.most_common():
            print(f"    {k:10s} {pct(self.by_ability_parsed[k], n)}")
        if self.clauses:
            print(f"  time: {self.seconds:.1f} s, {1000 * self.seconds / max(self.clauses, 1):.2f} ms/clause")
        print(f"\n## {top} most frequent unparsed clause shapes")
        for sh, n in self.shapes.most_common(top):
            name, text, err = self.shape_example[sh]
            print(f"  {n:5d}  {sh}")
            print(f"         e.g. {name}: {text[:110]!r} — {err}")


# ---------------------------------------------------------------------------------- Forge
class LayerTally:
    """Precision/recall per layer and for the CDA flag over aligned script lines."""

    def __init__(self):
        self.tp, self.fp, self.fn = collections.Counter(), collections.Counter(), collections.Counter()
        self.cda = collections.Counter()
        self.lines = 0

    def add(self, f_layers: set, f_cda: bool, o_layers: set, o_cda: bool):
        self.lines += 1
        for layer in LAYERS:
            if layer in f_layers and layer in o_layers:
                self.tp[layer] += 1
            elif layer in o_layers:
                self.fp[layer] += 1
            elif layer in f_layers:
                self.fn[layer] += 1
        self.cda[(f_cda, o_cda)] += 1

    def report(self, title: str):
        print(f"  {title} ({self.lines} script lines)")
        print(f"  {'layer':6s} {'precision':>22s} {'recall':>22s}")
        for layer in LAYERS:
            tp = self.tp[layer]
            p_den, r_den = tp + self.fp[layer], tp + self.fn[layer]
            if not p_den and not r_den:
                continue
            p = f"{tp}/{p_den} = {100 * tp / p_den:.1f}%" if p_den else "n/a"
            r = f"{tp}/{r_den} = {100 * tp / r_den:.1f}%" if r_den else "n/a"
            print(f"  {layer:6s} {p:>22s} {r:>22s}")
        ctp, cfp, cfn = self.cda[(True, True)], self.cda[(False, True)], self.cda[(True, False)]
        p = f"{ctp}/{ctp + cfp} = {100 * ctp / (ctp + cfp):.1f}%" if ctp + cfp else "n/a"
        r = f"{ctp}/{ctp + cfn} = {100 * ctp / (ctp + cfn):.1f}%" if ctp + cfn else "n/a"
        print(f"  {'CDA':6s} {p:>22s} {r:>22s}")


def forge_groups(lines: list[str], clauses_of, name: str, per_line: "LayerTally | None" = None):
    """A card's ``Mode$ Continuous`` script lines grouped by the run of Oracle clauses each is aligned
    to: {clause index tuple: {"raw", "cda", "kw", "kw_cda", "kw_any", "scripts"}}, with the number of
    aligned and unaligned lines.  ``clauses_of()`` gives the card's classified clauses (asked only
    when a line has a description); ``per_line`` also tallies each described line against its best
    single clause."""
    groups: dict[tuple, dict] = {}
    last = None
    n_aligned = n_unaligned = 0
    for line in lines:
        got = forge_layers(line)
        if got is None:
            if line.startswith("S:"):
                last = None
            continue
        f_layers, f_cda, affected, desc = got
        got_kw = forge_layers(line, keywords_only=True)
        if desc:
            clauses = clauses_of()
            span = align_span(desc, clauses, name)
            last = None if span is None else tuple(span)
            idx = align(desc, clauses, name) if per_line is not None else None
            if idx is not None:  # the earlier unit: one described line against its best single clause
                c = clauses[idx]
                per_line.add(f_layers, f_cda, {e["layer"] for e in c["effects"] if e["kind"] == "continuous"},
                             any(e["cda"] for e in c["effects"]))
        if last is None:
            n_unaligned += 1
            continue
        n_aligned += 1
        g = groups.setdefault(last, {"raw": set(), "cda": False, "kw": set(), "kw_cda": False,
                                     "kw_any": False, "scripts": []})
        g["raw"] |= f_layers
        g["cda"] = g["cda"] or f_cda
        if got_kw is not None:
            g["kw"] |= got_kw[0]
            g["kw_cda"] = g["kw_cda"] or got_kw[1]
            g["kw_any"] = True
        g["scripts"].append(line)
    return groups, n_aligned, n_unaligned


def forge_agreement(oracle: dict[str, dict], step: int, limit, report_dir: Path):
    """Each card's ``Mode$ Continuous`` lines are aligned to Oracle clauses by ``Description$``
    (a description may cover a run of consecutive clauses; a line without one continues the line
    before it, as ``cardlint lint`` reads scripts).  Forge's layers are united per aligned clause run
    and compared with the union of our clauses' layers, twice: (a) raw — every parameter as
    StaticAbility.generateLayer() maps it, so every ``AddKeyword$`` value counts as layer 6; (b) with
    Forge's hidden keywords excluded — ``AddKeyword$`` values that are no CR 702 keyword ability
    (``CARDNAME can't block.``, ``Unblockable``, ``Alternative Cost:0``, prevention strings) are
    rules effects (CR 613.10) and declare no layer; this is what ``cardlint lint`` compares."""
    raw, kw, per_line = LayerTally(), LayerTally(), LayerTally()
    disagreements = []
    lines_aligned = unaligned = 0
    excluded = changed = 0
    for rec in read_jsonl(CORPUS / "mtg" / "forge-scripts.jsonl", limit, step):
        name = rec["name"]
        orc = oracle.get(name)
        if orc is None:
            continue
        clauses = []

        def clauses_of():
            if not clauses:
                clauses.extend(classify_card(orc, "en")[1])
            return clauses

        groups, n_aligned, n_unaligned = forge_groups(rec["lines"], clauses_of, name, per_line)
        lines_aligned += n_aligned
        unaligned += n_unaligned
        for span, g in groups.items():
            cs = [clauses[i] for i in span]
            o_layers = {e["layer"] for c in cs for e in c["effects"] if e["kind"] == "continuous"}
            o_cda = any(e["cda"] for c in cs for e in c["effects"])
            parsed = all(c["parsed"] for c in cs)
            raw.add(g["raw"], g["cda"], o_layers, o_cda)
            if g["kw_any"]:
                changed += g["kw"] != g["raw"]
                kw.add(g["kw"], g["kw_cda"], o_layers, o_cda)
            else:
                excluded += 1
            if g["raw"] != o_layers or g["cda"] != o_cda:
                kw_agrees = (not g["kw_any"] and not o_layers) or (
                    g["kw_any"] and g["kw"] == o_layers and g["kw_cda"] == o_cda)
                desc = next((forge_params(l).get("Description", "") for l in g["scripts"]), "")
                disagreements.append({"name": name, "clause": "\n".join(c["text"] for c in cs), "parsed": parsed,
                                      "forge_layers": sorted(g["raw"]), "our_layers": sorted(o_layers),
                                      "forge_cda": g["cda"], "our_cda": o_cda, "script": g["scripts"],
                                      "hidden_keywords_only": kw_agrees,
                                      "cause": disagreement_cause(g["scripts"], desc, g["raw"], o_layers, g["cda"],
                                                                  o_cda, parsed, g["kw"] if g["kw_any"] else None)})
    print("\n## Agreement with Forge's declared layers (Mode$ Continuous lines on objects)")
    print(f"  script lines aligned to Oracle clauses: {lines_aligned} (unaligned: {unaligned}); compared per"
          f" aligned clause run: {raw.lines}")
    raw.report("(a) raw: every AddKeyword$ value as layer 6, as StaticAbility.generateLayer() does")
    print()
    kw.report("(b) Forge hidden keywords excluded: AddKeyword$ values that are no CR 702 keyword ability "
              "are rules effects (CR 613.10)")
    print(f"      excluded: {excluded} declarations left with no layer, {changed} lose layer 6 but keep others")
    print()
    per_line.report("(c) raw, per described script line against its best single clause (the unit used before"
                    " clause runs; for comparison with earlier figures)")
    report_dir.mkdir(parents=True, exist_ok=True)
    out = report_dir / "forge-disagreements.jsonl"
    with open(out, "w", encoding="utf-8") as fh:
        for d in disagreements:
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    causes = collections.Counter(d["cause"] for d in disagreements)
    classes = collections.Counter((tuple(d["forge_layers"]), tuple(d["our_layers"]), d["forge_cda"], d["our_cda"], d["parsed"])
                                  for d in disagreements)
    print(f"\n  raw disagreements: {len(disagreements)}, of which {sum(d['hidden_keywords_only'] for d in disagreements)}"
          f" vanish when hidden keywords are excluded"
          f" (written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out})")
    for (fl, ol, fc, oc, parsed), n in classes.most_common(15):
        print(f"    {n:4d}  forge {list(fl)}{' cda' if fc else ''} vs ours {list(ol)}{' cda' if oc else ''}"
              f"{'' if parsed else '  (unparsed)'}")
    print("  disagreements by cause:")
    for cause, n in causes.most_common():
        print(f"    {n:4d}  {cause}")


def disagreement_cause(scripts: list[str], desc: str, f_layers: set, o_layers: set, f_cda: bool, o_cda: bool,
                       parsed: bool, kw_layers: set | None) -> str:
    """A first sorting of one disagreement, from the scripts' parameters and the two layer sets
    (the figures above stay the comparison; this only groups the differences)."""
    if not parsed:
        return "our clause unparsed (fallback classification)"
    missing, extra = f_layers - o_layers, o_layers - f_layers
    if desc.strip().upper().startswith("LEVEL "):
        return "leveler striation (CR 711.2b: one static ability, P/T box in layer 7b and its abilities in layer 6)"
    params = {}
    for line in scripts:
        params.update(forge_params(line))
    if missing == {"6"} and not extra and "RemoveIntrinsicAbilities" in params and "4" in o_layers:
        return "Forge: land-type setter also declared layer 6 (CR 305.7: the type change itself removes the abilities)"
    if missing == {"6"} and not extra and (kw_layers is None or "6" not in kw_layers):
        return "Forge: hidden keyword for a rules/prevention/cost effect declared as layer 6 (not a CR 702 ability)"
    if f_cda and not o_cda and f_layers == {l if l != "7b" else "7a" for l in o_layers}:
        return "Forge: CDA declared for a conditional characteristic (CR 604.3a(5): not a CDA)"
    if o_cda and not f_cda and f_layers == o_layers and any("Chosen" in str(v) for v in params.values()):
        return ("Forge: no CDA for a characteristic read from a choice made as it entered (a CDA, as in "
                "CR 208.2a's example)")
    if missing == {"6"} and not extra and "AddTrigger" in params:
        return "Forge: the permanent's own triggered ability implemented as a trigger granted to another object"
    return "other"


# ---------------------------------------------------------------------------------- per layer
STRATA = LAYERS + ["CDA"]


def layers_of(clauses: list[dict]) -> tuple[frozenset, bool]:
    """The continuous-effect layers and the CDA flag of a run of classified clauses."""
    return (frozenset(e["layer"] for c in clauses for e in c["effects"] if e["kind"] == "continuous"),
            any(e["cda"] for c in clauses for e in c["effects"]))


class LayerStrata:
    """Coverage and agreement per layer (and CDA), over units stratified by a reference reading.

    A unit is a clause (or an aligned run of clauses) with a reference layer set — the layers it
    should have: Forge's declaration, or the English reading of the same printing.  It counts in
    the stratum of every layer its reference has, whatever our reading of it says, so a misread
    clause counts against the layer it should have had.  ``parsed``: every clause of the unit
    parses strictly.  Of the parsed units with a judging reference: ``has`` — our reading has the
    layer too; ``same`` — our layer set and CDA flag equal the reference's."""

    def __init__(self):
        self.n, self.parsed = collections.Counter(), collections.Counter()
        self.judged, self.has, self.same = collections.Counter(), collections.Counter(), collections.Counter()

    def add(self, ref: tuple, parsed: bool, ours: tuple, judged: bool = True):
        ref_layers, ref_cda = ref
        our_layers, our_cda = ours
        for key in ref_layers | ({"CDA"} if ref_cda else set()):
            self.n[key] += 1
            if not parsed:
                continue
            self.parsed[key] += 1
            if judged:
                self.judged[key] += 1
                self.has[key] += our_cda if key == "CDA" else key in our_layers
                self.same[key] += (our_layers, our_cda) == (ref_layers, ref_cda)

    def report(self, title: str, judge: str):
        pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
        print(f"\n## Coverage and agreement per layer, stratified by {title}")
        print(f"  {'layer':6s} {'parsed':>22s} {'has the layer (' + judge + ')':>30s} {'same layer set':>22s}")
        for key in STRATA:
            if not self.n[key]:
                continue
            print(f"  {key:6s} {pct(self.parsed[key], self.n[key]):>22s} {pct(self.has[key], self.judged[key]):>30s}"
                  f" {pct(self.same[key], self.judged[key]):>22s}")


class UnparsedTally:
    """How often the fallback's (or a partial parse's) reading of unparsed clauses matches a reference."""

    def __init__(self):
        self.n = self.same = self.layered = self.layered_same = 0
        self.also = collections.Counter()

    def add(self, same: bool, also: set, layered: bool):
        self.n += 1
        self.same += same
        self.also.update(also)
        if layered:  # either reading has a continuous effect: the figure the empty sets do not dilute
            self.layered += 1
            self.layered_same += same

    def report(self, title: str, judge: str, *also: str):
        pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
        print(f"\n## Accuracy of unparsed clauses: {title}")
        print(f"  same layer set and CDA flag as {judge}: {pct(self.same, self.n)}")
        print(f"  of those where either reading has a layer: {pct(self.layered_same, self.layered)}")
        for label, key in zip(also, ("layer", "key")):
            print(f"  {label}: {pct(self.also[key], self.n)}")


def english_strata(oracle_recs: list, results: dict, report_dir: Path):
    """English Oracle per layer: a clause run a Forge ``Mode$ Continuous`` line is aligned to takes
    Forge's declared layers (hidden keywords excluded, as ``cardlint lint`` compares) as its
    reference; every other clause takes our own reading (then only coverage is measured).  Writes
    the parsed Forge units whose layers differ from ours to ``layer-disagreements-en.jsonl``."""
    scripts = {rec["name"]: rec["lines"] for rec in read_jsonl(CORPUS / "mtg" / "forge-scripts.jsonl")}
    strata, ours_only, unparsed = LayerStrata(), LayerStrata(), UnparsedTally()
    rows = []
    forge_units = 0
    for rec in oracle_recs:
        name = rec["name"]
        clauses = [c for c in results[name]]
        covered = set()
        if name in scripts:
            groups, _, _ = forge_groups(scripts[name], lambda: clauses, name)
            for span, g in groups.items():
                cs = [clauses[i] for i in span]
                covered.update(span)
                ref = (frozenset(g["kw"]), g["kw_cda"]) if g["kw_any"] else (frozenset(), False)
                ours = layers_of(cs)
                parsed = all(c["parsed"] for c in cs)
                forge_units += 1
                strata.add(ref, parsed, ours)
                if not parsed:
                    unparsed.add(ref == ours, {"layer"} if ref[0] == ours[0] else set(), bool(ref[0] or ours[0]))
                if parsed and ref != ours:
                    desc = next((forge_params(l).get("Description", "") for l in g["scripts"]), "")
                    cause = disagreement_cause(g["scripts"], desc, set(ref[0]), set(ours[0]), ref[1], ours[1],
                                               parsed, set(ref[0]) if g["kw_any"] else None)
                    for layer in sorted(_differing(ref, ours)):
                        rows.append({"layer": layer, "name": name, "clause": "\n".join(c["text"] for c in cs),
                                     "forge": _show(ref), "ours": _show(ours), "cause": cause,
                                     "script": g["scripts"]})
        for i, c in enumerate(clauses):
            if i in covered or c["ability"] == "reminder":
                continue
            ours = layers_of([c])
            strata.add(ours, c["parsed"], ours, judged=False)
            ours_only.add(ours, c["parsed"], ours, judged=False)
    strata.report(f"Forge's declared layers ({forge_units} aligned clause runs), else our own reading",
                  "Forge runs")
    ours_only.report("our own reading (clauses no Forge line is aligned to)", "not judged")
    unparsed.report("Forge clause runs with an unparsed clause", "Forge's layers", "layer set only")
    _write_disagreements(report_dir, "en", rows)


def _differing(ref: tuple, ours: tuple) -> set:
    """The strata a disagreement belongs to: every layer either side has, when the two differ."""
    keys = set(ref[0] | ours[0])
    if ref[1] or ours[1]:
        keys.add("CDA")
    return keys


def _show(reading: tuple) -> str:
    layers, cda = reading
    return " ".join(sorted(layers, key=STRATA.index)) + (" cda" if cda else "") or "-"


def _write_disagreements(report_dir: Path, lang: str, rows: list[dict]):
    report_dir.mkdir(parents=True, exist_ok=True)
    out = report_dir / f"layer-disagreements-{lang}.jsonl"
    rows.sort(key=lambda r: (STRATA.index(r["layer"]), r["cause"], r["name"]))
    with open(out, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"\n## Parsed but disagrees, per layer (both readings parse, layers differ; written to "
          f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out})")
    per_layer = collections.Counter(r["layer"] for r in rows)
    by_cause = collections.Counter((r["layer"], r["cause"]) for r in rows)
    for layer in STRATA:
        if per_layer[layer]:
            print(f"  {layer:4s} {per_layer[layer]:5d}")
            for (l, cause), n in by_cause.most_common():
                if l == layer:
                    print(f"         {n:5d}  {cause}")


# ---------------------------------------------------------------------------------- translations
def english_of(rec: dict) -> list[dict]:
    """The English classification of a translation record's ``en_printed_text`` (the same printing)."""
    en_rec = {"text": rec.get("en_printed_text") or "", "name": rec["name"], "type": rec.get("en_printed_type")}
    return classify_card(en_rec, "en")[1]


def english_results(recs: list) -> dict:
    return {rec["name"]: english_of(rec) for rec in recs}


def continuous_by_english(lang: str, recs: list, results: dict, en_results: dict):
    """Coverage of continuous-effect clauses with the English side as the judge of which clauses have one.

    The coverage section above decides "has a continuous effect" for an unparsed clause by the fallback's
    reading, a heuristic. Here a clause counts when its counterpart in the English text of the same
    printing (same position, on cards whose clause counts match) parses strictly and has a continuous
    effect — a reading that does not depend on whether the translation parsed."""
    cards = aligned = denom = parsed = 0
    fb_cont_unparsed = fb_false = 0
    for rec in recs:
        tr = [c for c in results[rec["name"]] if c["ability"] != "reminder"]
        en = [c for c in en_results[rec["name"]] if c["ability"] != "reminder"]
        cards += 1
        if len(tr) != len(en):
            continue
        aligned += 1
        for t, e in zip(tr, en):
            if not t["parsed"] and has_continuous(t):
                fb_cont_unparsed += 1
                if e["parsed"] and not has_continuous(e):
                    fb_false += 1
            if e["parsed"] and has_continuous(e):
                denom += 1
                parsed += t["parsed"]
    pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
    print(f"\n## Continuous-effect clauses judged by the English text of the same printing")
    print(f"  cards whose clause count matches the English: {pct(aligned, cards)}")
    print(f"  clauses whose English counterpart parses with a continuous effect, parsed in {lang}: "
          f"{pct(parsed, denom)}")
    print(f"  unparsed {lang} clauses the fallback reads as continuous whose English counterpart parses "
          f"without one: {pct(fb_false, fb_cont_unparsed)}")


def translation_agreement(lang: str, recs: list, results: dict, report_dir: Path, en_results: dict):
    both = agree = 0
    causes = collections.Counter()
    examples = {}
    rows = []
    for rec in recs:
        tr = results[rec["name"]]
        if not all(c["parsed"] for c in tr if c["ability"] != "reminder"):
            continue
        en = en_results[rec["name"]]
        if not all(c["parsed"] for c in en if c["ability"] != "reminder"):
            continue
        both += 1
        k_tr = collections.Counter(t for c in tr if c["ability"] != "reminder" for t in score_key(c))
        k_en = collections.Counter(t for c in en if c["ability"] != "reminder" for t in score_key(c))
        if k_tr == k_en:
            agree += 1
            continue
        only_en = tuple(sorted(map(str, (k_en - k_tr).elements())))
        only_tr = tuple(sorted(map(str, (k_tr - k_en).elements())))
        cause = (only_en, only_tr)
        causes[cause] += 1
        examples.setdefault(cause, rec["name"])
        rows.append({"name": rec["name"], "only_en": only_en, "only_" + lang: only_tr,
                     "en": rec.get("en_printed_text"), lang: rec.get("text")})
    print(f"\n## Card-level agreement with the English classification of en_printed_text")
    pct = f"{agree}/{both} = {100 * agree / both:.1f}%" if both else "n/a"
    print(f"  cards where both sides parse: {both}; agree: {pct}")
    print("  disagreements by cause (only in English | only in translation):")
    for cause, n in causes.most_common(20):
        print(f"    {n:4d}  EN {list(cause[0])} | {lang} {list(cause[1])}   e.g. {examples[cause]}")
    report_dir.mkdir(parents=True, exist_ok=True)
    with open(report_dir / f"agreement-{lang}.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def oracle_results(names: set) -> dict:
    """The Oracle classification of the named cards (to tell a printed-English misreading from a
    translation's)."""
    out = {}
    for rec in read_jsonl(CORPUS / "mtg" / LANG_FILES["en"]):
        if rec["name"] in names and rec["name"] not in out:
            out[rec["name"]] = classify_card(rec, "en")[1]
    return out


def _unreminded(clauses: list[dict]) -> list[dict]:
    return [c for c in clauses if c["ability"] != "reminder"]


def translation_cause(ref: tuple, ours: tuple, oracle: dict | None) -> str:
    """Where a parsed translation clause and its parsed printed-English counterpart disagree: which
    side the Oracle English reading of the same position sides with."""
    head = "CDA flag only; " if ref[0] == ours[0] else ""
    if oracle is None:
        return head + "no Oracle clause at this position (Oracle clause count differs)"
    if not oracle["parsed"]:
        return head + "Oracle clause unparsed"
    o = layers_of([oracle])
    if o == ours:
        return head + "printed English reads otherwise than Oracle; the translation agrees with Oracle"
    if o == ref:
        return head + "the translation reads otherwise than both English texts"
    return head + "all three readings differ"


def translation_strata(lang: str, recs: list, results: dict, en_results: dict, report_dir: Path):
    """Per layer, by the English reading of the same printing: each translation clause is paired
    with the printed-English clause at the same position (cards whose clause counts match); it is
    stratified by that English clause's layers when the English clause parses strictly."""
    strata, unparsed = LayerStrata(), UnparsedTally()
    oracle = oracle_results({rec["name"] for rec in recs})
    rows, missed = [], []
    cards = mismatched = pairs = en_unparsed = 0
    for rec in recs:
        name = rec["name"]
        tr, en = _unreminded(results[name]), _unreminded(en_results[name])
        cards += 1
        if len(tr) != len(en):
            mismatched += 1
            continue
        orc = _unreminded(oracle.get(name, []))
        for i, (t, e) in enumerate(zip(tr, en)):
            pairs += 1
            if not e["parsed"]:
                en_unparsed += 1
                continue
            ref, ours = layers_of([e]), layers_of([t])
            strata.add(ref, t["parsed"], ours)
            if not t["parsed"]:
                if ref[0] or ref[1]:
                    missed.append({"layers": _show(ref), "name": name, "en": e["text"], lang: t["text"],
                                   "error": t.get("error")})
                unparsed.add(ref == ours, ({"layer"} if ref[0] == ours[0] else set())
                             | ({"key"} if set(score_key(t)) == set(score_key(e)) else set()), bool(ref[0] or ours[0]))
            if t["parsed"] and ref != ours:
                cause = translation_cause(ref, ours, orc[i] if len(orc) == len(tr) else None)
                for layer in sorted(_differing(ref, ours), key=STRATA.index):
                    rows.append({"layer": layer, "name": name, "en": e["text"], lang: t["text"],
                                 "en_layers": _show(ref), lang + "_layers": _show(ours), "cause": cause,
                                 "oracle": orc[i]["text"] if len(orc) == len(tr) else None})
    print(f"\n  clause pairs on cards whose clause count matches the English: {pairs} "
          f"({mismatched}/{cards} cards skipped); printed-English clause unparsed, so not stratified: {en_unparsed}")
    strata.report("the layers of the printed-English clause of the same printing", "the English")
    unparsed.report(f"unparsed {lang} clauses whose printed-English counterpart parses", "the English's",
                    "layer set only", "same (ability, kind, layer, cda) set")
    _write_disagreements(report_dir, lang, rows)
    # The unparsed side of the same strata: what a front end must read next for a layer's parse rate.
    out = report_dir / f"unparsed-by-layer-{lang}.jsonl"
    with open(out, "w", encoding="utf-8") as fh:
        for r in sorted(missed, key=lambda r: (r["layers"], r["name"])):
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"  unparsed clauses whose English counterpart has a layer or CDA: {len(missed)} (written to "
          f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out})")


# ---------------------------------------------------------------------------------- printed English
_WORD = re.compile(r"[a-z~]+(?:'[a-z]+)?|\{[^}]+\}")


def _ngrams(text: str, longest: int = 3) -> set:
    words = ["{M}" if w.startswith("{") else w for w in _WORD.findall(text.lower())]
    return {" ".join(words[i:i + n]) for n in range(1, longest + 1) for i in range(len(words) - n + 1)}


def _as_read(text: str, name: str) -> str:
    """A clause as the English grammar reads it: reminder text gone, old wordings already read as
    Oracle's (so the wordings listed below are the ones no rule maps yet)."""
    return frontend("en").normalize(strip_reminder(text), name)


def printed_english(args) -> int:
    """Coverage of the printed English (``en_printed_text``) of the translation corpora, each
    distinct (card, text) once, and the wordings unparsed clauses use that Oracle text hardly does."""
    seen, recs = set(), []
    for lang in ("de", "ja", "zh-Hans"):
        for rec in read_jsonl(CORPUS / "mtg" / LANG_FILES[lang], args.limit, args.step):
            key = (rec["name"], rec.get("en_printed_text") or "")
            if key[1] and key not in seen:
                seen.add(key)
                recs.append(rec)
    cov = Coverage()
    unparsed = []
    printed_df = collections.Counter()
    n_printed = 0
    t0 = time.perf_counter()
    for rec in recs:
        irs, res = classify_card({"text": rec["en_printed_text"], "name": rec["name"],
                                  "type": rec.get("en_printed_type")}, "en")
        cov.add(rec["name"], irs.clauses, res)
        for r in res:
            if r["ability"] == "reminder":
                continue
            grams = _ngrams(_as_read(r["text"], rec["name"]))
            n_printed += 1
            printed_df.update(grams)
            if not r["parsed"]:
                unparsed.append((rec["name"], r["text"], grams, r.get("error")))
    cov.seconds = time.perf_counter() - t0
    print(f"# Printed English of de/ja/zh-Hans: {len(recs)} distinct (card, text) pairs")
    cov.report("en printed", args.top)
    oracle_df = collections.Counter()
    n_oracle = 0
    for rec in read_jsonl(CORPUS / "mtg" / LANG_FILES["en"]):
        for line in (rec.get("text") or "").split("\n"):
            n_oracle += 1
            oracle_df.update(_ngrams(_as_read(line, rec["name"])))
    # an old wording: common in the printed text, at most a fifth as frequent (per clause) in Oracle
    old = collections.Counter()
    example = {}
    for name, text, grams, _ in unparsed:
        for g in grams:
            if " " in g and oracle_df[g] / n_oracle <= 0.2 * printed_df[g] / n_printed:
                old[g] += 1
                example.setdefault(g, (name, text))
    shown, kept = 0, []
    print(f"\n## {args.top} most frequent old wordings in unparsed clauses, as the grammar reads them (runs of 2-3"
          " words at most a fifth as frequent per clause in Oracle text; a run overlapping a listed one with about the"
          " same count is left out)")
    for g, n in old.most_common():
        if any((g in k or k in g) and abs(old[k] - n) <= 0.1 * n for k in kept):
            continue
        kept.append(g)
        name, text = example[g]
        print(f"  {n:5d}  {g!r:32s} e.g. {name}: {text[:90]!r}")
        shown += 1
        if shown >= args.top:
            break
    args.report.mkdir(parents=True, exist_ok=True)
    out = args.report / "unparsed-en-printed.jsonl"
    with open(out, "w", encoding="utf-8") as fh:
        for name, text, _, error in unparsed:
            fh.write(json.dumps({"name": name, "clause": text, "error": error}, ensure_ascii=False) + "\n")
    print(f"\n  unparsed clauses written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", default="en", choices=list(LANG_FILES))
    ap.add_argument("--game", default="mtg", choices=["mtg", "ygo"])
    ap.add_argument("--limit", type=int)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--report", type=Path, default=ROOT / "reports")
    ap.add_argument("--no-forge", action="store_true", help="skip the Forge comparison (en)")
    ap.add_argument("--printed-english", action="store_true",
                    help="coverage of en_printed_text of de/ja/zh-Hans (deduplicated) and its old wordings")
    args, rest = ap.parse_known_args(argv)
    if args.printed_english:
        frontend("en").parser
        return printed_english(args)
    if args.game == "ygo":
        from cardlint.ygo.evaluate import main as ygo_main

        return ygo_main(["--lang", args.lang, "--step", str(args.step), "--top", str(args.top), *rest]
                        + (["--limit", str(args.limit)] if args.limit else []))
    path = CORPUS / "mtg" / LANG_FILES[args.lang]
    if not path.exists():
        print(f"corpus not found: {path}", file=sys.stderr)
        return 2
    frontend(args.lang).parser  # build/load the tables before timing
    cov = Coverage()
    recs, results, oracle = [], {}, {}
    t0 = time.perf_counter()
    for rec in read_jsonl(path, args.limit, args.step):
        name = rec.get("tname") if args.lang != "en" else rec.get("name")
        irs, res = classify_card(rec, args.lang, name_key="tname" if args.lang != "en" else "name")
        cov.add(rec["name"], irs.clauses, res)
        recs.append(rec)
        results[rec["name"]] = res
        if args.lang == "en":
            oracle[rec["name"]] = rec
    cov.seconds = time.perf_counter() - t0
    cov.report(args.lang, args.top)
    if args.lang == "en":
        if not args.no_forge:
            if args.limit or args.step > 1:
                oracle = {r["name"]: r for r in read_jsonl(path)}
            forge_agreement(oracle, args.step, args.limit, args.report)
            english_strata(recs, results, args.report)
    else:
        en_results = english_results(recs)
        continuous_by_english(args.lang, recs, results, en_results)
        translation_agreement(args.lang, recs, results, args.report, en_results)
        translation_strata(args.lang, recs, results, en_results, args.report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
