#!/usr/bin/env python3
"""Thin runnable wrapper: ``python tools/evaluate_ygo.py --lang en`` (same as
``tools/evaluate.py --game ygo --lang en``, which dispatches to :mod:`cardlint.ygo.evaluate`)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardlint.ygo.evaluate import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
