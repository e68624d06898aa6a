#!/usr/bin/env python3
"""Throughput of the English pipeline over the whole Oracle corpus, in one process.

Prints clauses/s, cards/s, peak memory, the lexer-only time over the same clauses and the ratio
between them, and the cold-start time of ``cardlint classify "Flying"`` (LALR tables cached).

  python tools/bench.py [--limit N] [--lang en]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
CORPUS = ROOT.parent / "shared" / "corpus" / "mtg"
FILES = {"en": "oracle-en.jsonl", "de": "de.jsonl", "ja": "ja.jsonl", "zh-Hans": "zh-Hans.jsonl"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", default="en", choices=list(FILES))
    ap.add_argument("--limit", type=int, help="first N cards only")
    ap.add_argument("--no-cold-start", action="store_true")
    args = ap.parse_args()

    from cardlint.classify import classify_clause
    from cardlint.parse.frontend import frontend
    from cardlint.text.segment import segment

    fe = frontend(args.lang)
    t0 = time.perf_counter()
    parser = fe.parser
    load_s = time.perf_counter() - t0
    rows = []
    with open(CORPUS / FILES[args.lang], encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if args.limit and i >= args.limit:
                break
            rows.append(json.loads(line))
    name_key = "name" if args.lang == "en" else "tname"

    # the whole pipeline: segmentation, normalisation, parse, IR, classification
    t0 = time.perf_counter()
    n_clauses = 0
    normalized = []
    for r in rows:
        spell = fe.is_spell_type(r.get("type"))
        for seg in segment(r.get("text") or "", fe.is_keyword):
            c = fe.clause(seg, r.get(name_key))
            classify_clause(c, spell)
            n_clauses += 1
            if not seg.reminder_only:
                norm = fe.normalize(seg.body, r.get(name_key))
                normalized.append(norm)
    total_s = time.perf_counter() - t0
    # normalisation ran twice above (once inside fe.clause); measure it alone to subtract it
    t0 = time.perf_counter()
    for r in rows:
        for seg in segment(r.get("text") or "", fe.is_keyword):
            if not seg.reminder_only:
                fe.normalize(seg.body, r.get(name_key))
    extra_s = time.perf_counter() - t0
    pipeline_s = total_s - extra_s

    lexer = parser.parser.lexer
    tokenize = getattr(lexer, "tokenize", None)
    lex_s = None
    if tokenize is not None:
        t0 = time.perf_counter()
        for text in normalized:
            tokenize(text)
        lex_s = time.perf_counter() - t0

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"corpus: {len(rows)} cards, {n_clauses} clauses ({args.lang})")
    print(f"grammar load (cached tables): {load_s:.2f} s")
    print(f"pipeline: {pipeline_s:.1f} s — {n_clauses / pipeline_s:,.0f} clauses/s, {len(rows) / pipeline_s:,.0f} cards/s")
    if lex_s is not None:
        print(f"lexer only over the same clauses: {lex_s:.1f} s; pipeline / lexer = {pipeline_s / lex_s:.1f}×")
    print(f"peak memory (max RSS): {peak_mb:.0f} MB")

    if not args.no_cold_start:
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "cardlint", "classify", "Flying"], check=True,
                           stdout=subprocess.DEVNULL, cwd=ROOT)
            times.append(time.perf_counter() - t0)
        print(f"cold start `cardlint classify \"Flying\"`: median {statistics.median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}, 5 runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
