#!/usr/bin/env python3
"""How well a front end's fallback reads continuous effects, judged by the English of the same printing.

For a clause the grammar does not parse, the fallback's cue-word reading decides whether it counts among
"clauses with continuous effects" in ``tools/evaluate.py``. To measure that reading on text it was not
written against, this tool forces the fallback on clauses the grammar *does* parse and compares its
continuous/not-continuous verdict with the strict English parse of the counterpart clause (same position,
cards whose clause counts match):

  python tools/fallback_accuracy.py --lang zh-Hans [--step K] [--limit N] [--examples 20] [--table]

``--table``: the cue table kb/fallback/<lang>.yaml even where the language keeps an analyser of its own
(German), to show which reads better.

Prints precision and recall of the fallback's "has a continuous effect" and examples of each error.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from evaluate import CORPUS, LANG_FILES, classify_card, english_of, has_continuous, read_jsonl  # noqa: E402
from cardlint.classify import score_key  # noqa: E402
from cardlint.pipeline import frontend  # noqa: E402


def _rules_clauses(results: list[dict]) -> list[dict]:
    return [c for c in results if c["ability"] != "reminder"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", required=True, choices=[l for l in LANG_FILES if l != "en"])
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--examples", type=int, default=10)
    ap.add_argument("--table", action="store_true", help="the cue table, not the language's own analyser")
    args = ap.parse_args(argv)
    fe = frontend(args.lang)
    tally = collections.Counter()
    examples = collections.defaultdict(list)
    for rec in read_jsonl(CORPUS / "mtg" / LANG_FILES[args.lang], args.limit, args.step):
        parsed = _rules_clauses(classify_card(rec, args.lang, name_key="tname")[1])
        with fe.fallback_only(table=args.table):
            guessed = _rules_clauses(classify_card(rec, args.lang, name_key="tname")[1])
        english = _rules_clauses(english_of(rec))
        if not len(parsed) == len(guessed) == len(english):
            tally["cards not aligned"] += 1
            continue
        for p, g, e in zip(parsed, guessed, english):
            if not (p["parsed"] and e["parsed"]):
                continue
            key = ("fallback+" if has_continuous(g) else "fallback-") + (" english+" if has_continuous(e) else " english-")
            tally[key] += 1
            tally["compared"] += 1
            tally["same reading as English"] += set(score_key(g)) == set(score_key(e))
            if len(examples[key]) < args.examples:
                examples[key].append((g["text"], e["text"]))
    tp, fp, fn = tally["fallback+ english+"], tally["fallback+ english-"], tally["fallback- english+"]
    pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
    print(f"## Fallback continuous-effect reading ({args.lang}{', cue table' if args.table else ''}) on clauses the grammar parses, vs English")
    for k, n in sorted(tally.items()):
        if k in ("compared", "same reading as English"):
            continue
        print(f"  {k:22s} {n}")
    print(f"  precision {pct(tp, tp + fp)}, recall {pct(tp, tp + fn)}")
    print(f"  same (ability, kind, layer, cda) set as the English: {pct(tally['same reading as English'], tally['compared'])}")
    for key, title in (("fallback+ english-", "read as continuous, English has none"),
                       ("fallback- english+", "missed: English has a continuous effect")):
        print(f"\n## {title}")
        for t, e in examples[key]:
            print(f"  {t[:100]!r}\n      EN {e[:100]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
