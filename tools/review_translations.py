#!/usr/bin/env python3
"""Reproducible hand review of ``check-translation`` findings: the false-alarm rate per language.

  python tools/review_translations.py --lang de --sample 700            # seed: the language's default
  python tools/review_translations.py --lang ja --sample 700 --seed 702 --pending /tmp/ja-pending.jsonl
  python tools/review_translations.py --lang ja --accept /tmp/ja-pending.jsonl   # store the verdicts filled in
  python tools/review_translations.py --lang de --hard --sample 300               # the hard cards (see below)

``--hard`` draws, in a fixed random order (``--seed``), the first N corpus cards whose English (the
Oracle text by name, else the printed English) has a continuous effect in layer 1-5, 7a, 7b or 7d
or a CDA — anthems aside, the effects a wrong translation breaks (type and color setters, copy and
control effects, base P/T setters, switches).  Unparsed English clauses count by the fallback's
reading, so the sample does not lean towards cards the grammar reads.

A fixed random sample of N cards (``random.Random(seed)`` over the corpus lines whose translated
text and English printed text are both non-empty) is checked; the English side is the
``en_printed_text`` of the same printing, with the Oracle text of the card (joined by name with
``oracle-en.jsonl``, as ``check-translation --oracle`` does; ``--no-oracle`` turns it off) as the
second reference.  Every finding of the run is judged (also on cards where some other clause could
not be compared); the figures are the false-alarm rate (cards with a false-alarm finding) and the
undetermined rate (cards with ``consistent: null``), both over the sample.  A *pair where both sides parse* is a card none of
whose clauses, on either side, is unparsed (no TR401).  Every finding on such a pair is judged
by hand and the verdict stored in ``tests/fixtures/translate/verdicts-<lang>.jsonl``, keyed by the
card, the code, the clause index and a hash of both clause texts and of the message (which names
the differing values): a re-run after a front-end change asks only for findings whose key is new.

Verdicts: ``real`` (the translation says something else), ``comparison`` (a false alarm of
``cardlint.translate``), ``frontend`` (a false alarm from a parse/IR error; ``owner`` names the
front end: en, de, ja, zh-Hans).  The false-alarm rate is the number of both-parse pairs with at
least one false-alarm finding divided by the number of both-parse pairs.

``--pending FILE`` writes the unjudged findings as verdict rows with an empty ``verdict``; fill in
``verdict``, ``owner`` and ``note`` and load them with ``--accept FILE`` (no check is run then).
``--results FILE`` keeps the run's findings; ``--reuse FILE`` recomputes the figures from it;
``--causes`` lists the judged findings by verdict and owner (the front-end bugs to pass on).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
CORPUS = ROOT.parent / "shared" / "corpus" / "mtg"
FIXTURES = ROOT / "tests" / "fixtures" / "translate"

#: the seed of each language's review sample (stated in the figures; change only with the verdicts)
DEFAULT_SEEDS = {"de": 701, "ja": 702, "zh-Hans": 703}
VERDICTS = ("real", "comparison", "frontend")
FALSE_ALARMS = ("comparison", "frontend")
UNPARSED = "TR401"


def card_key(row: dict) -> str:
    return f"{row.get('name')}|{row.get('set')}|{row.get('multiverseId')}"


def finding_hash(f: dict) -> str:
    """Hash of both clause texts and the message (it names the differing values)."""
    blob = "\x1f".join((f.get("en") or "", f.get("translation") or "", f.get("message") or ""))
    return hashlib.sha1(blob.encode("utf-8")).hexdigest()[:12]


def finding_key(card: str, f: dict) -> str:
    return f"{card}|{f['code']}|{f['clause_index']}|{finding_hash(f)}"


def verdicts_path(lang: str) -> Path:
    return FIXTURES / f"verdicts-{lang}.jsonl"


def _lines(path: Path) -> list[str]:
    """JSONL lines: split on newlines only (card texts may hold U+2028, which splitlines() splits on)."""
    return path.read_text(encoding="utf-8").split("\n")


def load_verdicts(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {}
    out = {}
    for line in _lines(path):
        if line.strip():
            row = json.loads(line)
            out[row["key"]] = row
    return out


def save_verdicts(path: Path, rows: dict[str, dict]) -> None:
    text = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n"
                   for _, r in sorted(rows.items()))
    path.write_text(text, encoding="utf-8")


def draw_sample(lang: str, n: int, seed: int) -> list[dict]:
    rows = []
    with open(CORPUS / f"{lang}.jsonl", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            if (r.get("text") or "").strip() and (r.get("en_printed_text") or "").strip():
                rows.append(r)
    picked = sorted(random.Random(seed).sample(range(len(rows)), min(n, len(rows))))
    return [rows[i] for i in picked]


HARD_LAYERS = frozenset({"1a", "1b", "2", "3", "4", "5", "7a", "7b", "7d"})


def oracle_rows() -> dict[str, dict]:
    from cardlint.io.sources import oracle_index

    return oracle_index(str(CORPUS / "oracle-en.jsonl"))


def _oracle_of(oracle: dict[str, dict] | None, name: str | None) -> tuple[str | None, str | None]:
    if not oracle or not name:
        return None, None
    from cardlint.translate.readers import oracle_row

    row = oracle_row(oracle, name)
    return (row.get("text"), row.get("type")) if row else (None, None)


def is_hard(text: str, type_line: str | None) -> bool:
    """Does the English have a continuous effect in layer 1-5, 7a, 7b, 7d or a CDA?"""
    from cardlint.pipeline import classify_text

    for clause in classify_text(text or "", "en", None, type_line)["clauses"]:
        for e in clause.get("effects", []):
            if e.get("cda") or (e.get("kind") == "continuous" and e.get("layer") in HARD_LAYERS):
                return True
    return False


def draw_hard(lang: str, n: int, seed: int, oracle: dict[str, dict] | None) -> list[dict]:
    """The first ``n`` hard cards in a fixed random order of the corpus lines."""
    rows = draw_sample(lang, 10 ** 9, seed)
    random.Random(seed).shuffle(rows)
    out = []
    for r in rows:
        text, type_line = _oracle_of(oracle, r.get("name"))
        if text is None:
            text, type_line = r["en_printed_text"], r.get("en_printed_type")
        if is_hard(text, type_line):
            out.append(r)
            if len(out) >= n:
                break
    return out


def run_check(lang: str, sample: list[dict], oracle: dict[str, dict] | None = None) -> list[dict]:
    from cardlint.commands.common import progress
    from cardlint.translate.compare import check_card

    out = []
    for r in progress(sample, total=len(sample)):
        o_text, o_type = _oracle_of(oracle, r.get("name"))
        res = check_card(r["en_printed_text"], r["text"], lang, r.get("name"), r.get("tname"),
                         r.get("en_printed_type"), r.get("type"), o_text, o_type)
        findings = [f.to_dict() for f in res.findings]
        out.append({"card": card_key(r), "name": r.get("name"), "tname": r.get("tname"), "set": r.get("set"),
                    "en_text": r["en_printed_text"], "text": r["text"], "en_type": r.get("en_printed_type"),
                    "type": r.get("type"), "oracle_text": o_text, "oracle_type": o_type, "status": res.status,
                    "reference": res.reference, "both_parse": not res.reasons, "findings": findings,
                    "undetermined": [x.to_dict() for x in res.reasons]})
    return out


def verdict_row(lang: str, card: dict, f: dict) -> dict:
    return {"key": finding_key(card["card"], f), "lang": lang, "card": card["card"], "name": card["name"],
            "tname": card["tname"], "en_type": card["en_type"], "type": card["type"],
            "en_text": card["en_text"], "text": card["text"], "oracle_text": card.get("oracle_text"),
            "oracle_type": card.get("oracle_type"), "reference": f.get("reference", "printed"),
            "code": f["code"], "clause_index": f["clause_index"],
            "en_clause": f["en"], "tr_clause": f["translation"], "message": f["message"],
            "verdict": "", "owner": "", "note": ""}


def figures(lang: str, results: list[dict], verdicts: dict[str, dict]) -> tuple[dict, list[dict]]:
    both = [c for c in results if c["both_parse"]]
    per_verdict = collections.Counter()
    per_owner = collections.Counter()
    fa_cards = set()
    real_cards = set()
    pending = []
    for c in results:
        for f in c["findings"]:
            if f["code"] == UNPARSED:      # results of the two-verdict era: a reason, not a finding
                continue
            v = verdicts.get(finding_key(c["card"], f))
            if v is None or v.get("verdict") not in VERDICTS:
                pending.append(verdict_row(lang, c, f))
                continue
            per_verdict[v["verdict"]] += 1
            if v["verdict"] in FALSE_ALARMS:
                per_owner[v["verdict"] if v["verdict"] == "comparison" else f"frontend:{v.get('owner') or '?'}"] += 1
                fa_cards.add(c["card"])
            else:
                real_cards.add(c["card"])
    pend_cards = {p["card"] for p in pending}
    # verdicts of sampled cards whose finding is gone (fixed, or changed by a front end)
    current = {finding_key(c["card"], f) for c in results for f in c["findings"]}
    sampled = {c["card"] for c in results}
    gone = collections.Counter(v["verdict"] for k, v in verdicts.items()
                               if v.get("card") in sampled and k not in current)
    fig = {"lang": lang, "sample": len(results), "both_parse": len(both),
           "flagged_both_parse": sum(1 for c in both if c["findings"]),
           "false_alarm_cards": len(fa_cards), "real_cards": len(real_cards),
           "findings_by_verdict": dict(per_verdict), "false_alarms_by_cause": dict(per_owner),
           "verdicts_no_longer_reported": dict(gone), "unjudged_findings": len(pending), "unjudged_cards": len(pend_cards),
           "partly_parsed_flagged": sum(1 for c in results if not c["both_parse"] and c["status"] == "inconsistent")}
    fig["false_alarm_rate"] = round(len(fa_cards) / len(both), 4) if both else None
    fig["false_alarm_rate_sample"] = round(len(fa_cards) / len(results), 4) if results else None
    fig["false_verdict_cards"] = len(fa_cards - real_cards)      # inconsistent only by false alarms
    fig["undetermined_cards"] = sum(1 for c in results if c["status"] in ("undetermined", "unknown"))
    fig["undetermined_rate"] = round(fig["undetermined_cards"] / len(results), 4) if results else None
    fig["false_alarm_rate_if_unjudged_false"] = round(len(fa_cards | pend_cards) / len(both), 4) if both else 0.0
    return fig, pending


def print_causes(results: list[dict], verdicts: dict[str, dict]) -> None:
    """The judged findings of this run by verdict and owner, with their notes: what to pass on."""
    groups = collections.defaultdict(list)
    for c in results:
        for f in c["findings"]:
            v = verdicts.get(finding_key(c["card"], f))
            if v is not None and v.get("verdict") in VERDICTS:
                groups[(v["verdict"], v.get("owner") or "")].append(f"{c['name']} {f['code']} [{f['clause_index']}]: "
                                                                     f"{v['note']}")
    for (verdict, owner), items in sorted(groups.items()):
        print(f"== {verdict} {owner}: {len(items)} finding(s)")
        for item in items:
            print(f"   {item}")


def print_pending(pending: list[dict]) -> None:
    for p in pending:
        print(f"## {p['name']} ({p['card']}) {p['code']} [{p['clause_index']}]  key={p['key']}")
        print(f"   {p['message']}")
        print(f"   en ({p.get('reference', 'printed')}): {p['en_clause']!r}")
        print(f"   tr: {p['tr_clause']!r}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", required=True, choices=sorted(DEFAULT_SEEDS))
    ap.add_argument("--sample", type=int, default=700)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--verdicts", type=Path, help="verdict file (default tests/fixtures/translate/verdicts-LANG.jsonl)")
    ap.add_argument("--pending", type=Path, help="write the unjudged findings here as verdict rows to fill in")
    ap.add_argument("--accept", type=Path, help="store the judged rows of this file in the verdict file and stop")
    ap.add_argument("--results", type=Path, help="keep the run's per-card findings in this JSONL file")
    ap.add_argument("--reuse", type=Path, help="take the per-card findings from a --results file instead of running")
    ap.add_argument("--quiet", action="store_true", help="do not list the unjudged findings")
    ap.add_argument("--causes", action="store_true", help="list the judged findings of the run by verdict and owner")
    ap.add_argument("--hard", action="store_true", help="draw the hard cards (layers 1-5, 7a, 7b, 7d, CDAs)")
    ap.add_argument("--no-oracle", action="store_true", help="compare against the printed English only")
    ap.add_argument("--undetermined", action="store_true", help="list the undetermined cards with their reasons")
    args = ap.parse_args(argv)
    vpath = args.verdicts or verdicts_path(args.lang)
    verdicts = load_verdicts(vpath)

    if args.accept:
        added = 0
        for line in _lines(args.accept):
            row = json.loads(line) if line.strip() else None
            if not row or row.get("verdict") not in VERDICTS:
                continue
            if row["verdict"] != "real" and not row.get("note"):
                raise SystemExit(f"{row['key']}: a false-alarm verdict needs a note saying why")
            verdicts[row["key"]] = row
            added += 1
        save_verdicts(vpath, verdicts)
        print(f"{added} verdict(s) stored in {vpath} ({len(verdicts)} in all)")
        return 0

    seed = args.seed if args.seed is not None else DEFAULT_SEEDS[args.lang]
    if args.reuse:
        results = [json.loads(x) for x in _lines(args.reuse) if x.strip()]
    else:
        oracle = None if args.no_oracle else oracle_rows()
        sample = draw_hard(args.lang, args.sample, seed, oracle) if args.hard else \
            draw_sample(args.lang, args.sample, seed)
        results = run_check(args.lang, sample, oracle)
        if args.results:
            args.results.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results),
                                    encoding="utf-8")
    fig, pending = figures(args.lang, results, verdicts)
    fig["seed"] = seed
    if args.pending:
        args.pending.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pending), encoding="utf-8")
    if args.causes:
        print_causes(results, verdicts)
    if not args.quiet:
        print_pending(pending)
    if args.undetermined:
        for c in results:
            for x in c.get("undetermined") or []:
                print(f"?? {c['name']} [{x['clause_index']}] {x['side']}: {x['sentence']!r} — {x.get('error')}")
    rate = fig["false_alarm_rate"]
    print(f"{args.lang}: sample {fig['sample']} cards (seed {seed}); both sides parse: {fig['both_parse']}; "
          f"flagged: {fig['flagged_both_parse']}")
    print(f"  false alarms: {fig['false_alarm_cards']}/{fig['both_parse']} pairs = "
          f"{rate * 100:.1f}%" if rate is not None else "  false alarms: no pair parses on both sides")
    print(f"  real translation differences: {fig['real_cards']} pair(s); findings by verdict: "
          f"{fig['findings_by_verdict']}; false alarms by cause: {fig['false_alarms_by_cause']}")
    print(f"  undetermined: {fig['undetermined_cards']}/{fig['sample']} cards = "
          f"{(fig['undetermined_rate'] or 0) * 100:.1f}%; false alarms over the sample: "
          f"{(fig['false_alarm_rate_sample'] or 0) * 100:.1f}% ({fig['false_verdict_cards']} card(s) "
          f"inconsistent by false alarms only)")
    print(f"  unjudged: {fig['unjudged_findings']} finding(s) on {fig['unjudged_cards']} pair(s) "
          f"(false-alarm rate if all were false: "
          f"{fig['false_alarm_rate_if_unjudged_false'] * 100:.1f}%); "
          f"stored verdicts no longer reported: {fig['verdicts_no_longer_reported']}")
    print(json.dumps(fig, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
