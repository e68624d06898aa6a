#!/usr/bin/env python3
"""The output guard: what a change did to ``classify --format jsonl`` on the full corpora.

A refactor or a speed change must leave the output byte-identical; a grammar family must only add
parses, and every parse it loses or every reading it changes has to be a fix someone looked at.

  python tools/output_diff.py snapshot DIR [--lang L ...] [--jobs N]
        classify each corpus with this checkout's cardlint into DIR/<lang>.jsonl
  python tools/output_diff.py compare BASE NEW [--lang L ...] [--show N]
        per language: records identical, clause coverage before -> after, and the changed clauses by
        category (newly parsed, LOST, layers/kinds changed, other change), N examples each

Exit status of ``compare``: 0 when every compared language is byte-identical, 1 otherwise, 2 when a
file is missing or the record counts differ (the runs are not comparable).  Corpora are read from
``../shared/corpus/mtg/`` beside the checkout (read-only).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mtg"
FILES = {"en": "oracle-en.jsonl", "de": "de.jsonl", "ja": "ja.jsonl", "zh-Hans": "zh-Hans.jsonl"}
CATEGORIES = ("newly parsed", "LOST", "layers/kinds changed", "other change")


def reading(clause: dict) -> list[tuple]:
    """What a layer reviewer compares: each effect's kind, layer and CDA flag."""
    return [(e.get("kind"), e.get("layer"), e.get("cda")) for e in clause.get("effects", [])]


def category(before: dict, after: dict) -> str | None:
    """The category of one clause's change, None when it did not change."""
    if before == after:
        return None
    if after.get("parsed") and not before.get("parsed"):
        return "newly parsed"
    if before.get("parsed") and not after.get("parsed"):
        return "LOST"
    if reading(before) != reading(after):
        return "layers/kinds changed"
    return "other change"


def compare_lines(base: list[str], new: list[str]) -> dict:
    """Compare two classify JSONL outputs of the same corpus, record by record."""
    if len(base) != len(new):
        raise ValueError(f"record counts differ: {len(base)} vs {len(new)}")
    out = {"records": len(base), "identical": 0, "clauses": 0, "parsed_before": 0, "parsed_after": 0,
           "changes": collections.defaultdict(list)}
    for i, (b, n) in enumerate(zip(base, new)):
        if b == n:
            out["identical"] += 1
        rb, rn = json.loads(b), json.loads(n)
        cb, cn = rb.get("clauses", []), rn.get("clauses", [])
        out["clauses"] += len(cb)
        out["parsed_before"] += sum(bool(c.get("parsed")) for c in cb)
        out["parsed_after"] += sum(bool(c.get("parsed")) for c in cn)
        if len(cb) != len(cn):
            out["changes"]["other change"].append((i + 1, rb.get("name"), "(clause count changed)", ""))
            continue
        for x, y in zip(cb, cn):
            k = category(x, y)
            if k:
                out["changes"][k].append((i + 1, rb.get("name"), x.get("text", ""), f"{reading(x)} -> {reading(y)}"))
    return out


def _lines(path: Path) -> list[str]:
    # split on "\n" only: card text may hold U+2028 and friends, which str.splitlines() would split on
    text = path.read_text(encoding="utf-8").rstrip("\n")
    return text.split("\n") if text else []


def snapshot(dest: Path, langs: list[str], jobs: int) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CARDLINT_NO_PROGRESS="1")
    status = 0
    for lang in langs:
        src = CORPUS / FILES[lang]
        if not src.exists():
            print(f"output_diff: {src}: corpus not found", file=sys.stderr)
            return 2
        cmd = [sys.executable, "-m", "cardlint", "classify", "--input", str(src), "--lang", lang,
               "--format", "jsonl", "--no-cache", "--jobs", str(jobs), "--output", str(dest / f"{lang}.jsonl")]
        rc = subprocess.run(cmd, env=env).returncode
        print(f"{lang}: exit {rc}, {len(_lines(dest / f'{lang}.jsonl'))} records -> {dest / f'{lang}.jsonl'}")
        status = max(status, rc)
    return status


def compare(base: Path, new: Path, langs: list[str], show: int) -> int:
    status = 0
    for lang in langs:
        pb, pn = base / f"{lang}.jsonl", new / f"{lang}.jsonl"
        if not (pb.exists() and pn.exists()):
            print(f"{lang}: {pb if not pb.exists() else pn}: not found", file=sys.stderr)
            return 2
        try:
            r = compare_lines(_lines(pb), _lines(pn))
        except ValueError as e:
            print(f"{lang}: {e}", file=sys.stderr)
            return 2
        tot = max(r["clauses"], 1)
        print(f"== {lang}: {r['records']} records, {r['identical']} identical; clauses parsed "
              f"{r['parsed_before']} -> {r['parsed_after']} of {r['clauses']} "
              f"({100 * r['parsed_before'] / tot:.2f}% -> {100 * r['parsed_after'] / tot:.2f}%)")
        for k in CATEGORIES:
            rows = r["changes"].get(k, [])
            if rows:
                print(f"  {k}: {len(rows)}")
            for line, name, text, diff in rows[:show]:
                print(f"     line {line} {name}: {text[:120]}" + (f"   {diff}" if k != "newly parsed" else ""))
        if r["identical"] != r["records"]:
            status = max(status, 1)
    return status


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot")
    s.add_argument("dir", type=Path)
    s.add_argument("--lang", action="append", choices=sorted(FILES))
    s.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare")
    c.add_argument("base", type=Path)
    c.add_argument("new", type=Path)
    c.add_argument("--lang", action="append", choices=sorted(FILES))
    c.add_argument("--show", type=int, default=10)
    a = ap.parse_args(argv)
    langs = a.lang or list(FILES)
    if a.cmd == "snapshot":
        return snapshot(a.dir, langs, a.jobs)
    return compare(a.base, a.new, langs, a.show)


if __name__ == "__main__":
    sys.exit(main())
