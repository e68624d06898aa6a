#!/usr/bin/env python3
"""List the LALR shift/reduce conflicts Lark resolves silently as "shift", grouped by rule.

Each one is a place where the parser commits early; review them when a clause shape fails.
Usage: python tools/grammar_conflicts.py [en.lark]
"""

import collections
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from lark import Lark, logger  # noqa: E402

from cardlint.speed.rewrite import bound_literals  # noqa: E402


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "en.lark"
    path = ROOT / "grammar" / name
    handler = Collect()
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    Lark(bound_literals(path.read_text(encoding="utf-8"), path.parent), parser="lalr",
         import_paths=[path.parent], debug=True)
    counts = collections.Counter()
    terminal = None
    for line in handler.lines:
        if line.startswith("Shift/Reduce"):
            terminal = line.split("terminal ")[1].split(":")[0]
        elif line.startswith(" * "):
            counts[(line[3:], terminal)] += 1
    by_rule = collections.defaultdict(list)
    for (rule, term), n in counts.items():
        by_rule[rule].append(term)
    for rule, terms in sorted(by_rule.items(), key=lambda x: -len(x[1])):
        print(f"{len(terms):3d}  {rule}   on {', '.join(sorted(terms)[:8])}")


if __name__ == "__main__":
    main()
