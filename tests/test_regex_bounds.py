"""Every regular expression cardlint uses on card text, against adversarial strings
(``tools/regex_audit.py``): none may backtrack catastrophically.  A regex search cannot be
interrupted from Python, so the audit runs in a child process under a watchdog that names the
pattern it was stuck on.  Also: the rewritten list-comma lookaheads match exactly what the old,
ambiguous ones matched."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[1]


def test_no_catastrophic_backtracking(tmp_path):
    progress = tmp_path / "progress.txt"
    try:
        proc = subprocess.run([sys.executable, str(ROOT / "tools" / "regex_audit.py"), "--length", "1200", "--max", "2",
                               "--progress", str(progress)], capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        stuck = progress.read_text(encoding="utf-8") if progress.exists() else "?"
        raise AssertionError(f"a search did not finish; last pattern tried: {stuck}") from None
    assert "patterns: " in proc.stdout, proc.stderr[-3000:]
    n = int(re.search(r"patterns: (\d+)", proc.stdout).group(1))
    assert n > 500, proc.stdout            # the collection found the grammars' terminals too
    assert proc.returncode == 0, proc.stdout


W = r"[\w+\-\/{}~]"
DE_OLD = re.compile(r"(?=(?:\s*" + W + r"+){1,4}\s*(?:,|oder\b|und\b))")
DE_NEW = re.compile(r"(?=\s*(?:" + W + r"+\s+){0,3}" + W + r"+?\s*(?:,|oder\b|und\b))")
WE = r"[\w'\/+\-{}]"
EN_OLD = re.compile(r"(?=(?:\s*" + WE + r"+){1,3}\s*,)")
EN_NEW = re.compile(r"(?=\s*(?:" + WE + r"+\s+){0,2}" + WE + r"+\s*,)")
PIECES = st.lists(st.sampled_from(["a", "1", " ", ",", " und", "und", "oder", ".", "ü", "-", "'", "Hund", "  "]), max_size=10)


@settings(max_examples=400, deadline=None)
@given(PIECES)
def test_list_comma_lookaheads_unchanged(pieces):
    s = "".join(pieces)
    assert bool(DE_OLD.match(s)) == bool(DE_NEW.match(s))
    assert bool(EN_OLD.match(s)) == bool(EN_NEW.match(s))


def test_grammars_use_the_bounded_lookaheads():
    assert DE_NEW.pattern[3:-1] in (ROOT / "grammar" / "de.lark").read_text(encoding="utf-8")
    assert EN_NEW.pattern[3:-1] in (ROOT / "grammar" / "en.lark").read_text(encoding="utf-8")


def _timed(fn, *args):
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def test_german_comma_digit_run_is_fast():
    from cardlint.pipeline import classify_text

    classify_text("Fliegend, 1", "de")                 # load the front end and its fallback lexer
    assert _timed(classify_text, "Fliegend, " + "1" * 400, "de") < 5   # 53 s before; target 1 s (tools/bench.py)
    assert _timed(classify_text, ", " + "7" * 400, "de") < 5


def test_yugioh_segmentation_of_brackets_and_lists_is_fast():
    from cardlint.ygo import classify

    classify("x", "en")
    for text in ("{" * 10000 + "}" * 10000, "[" * 2400 + "]" * 2400, "{" * 2400 + "}" * 2400, "a, " * 1600,
                 " " * 30000 + "x", "If this card is sent to the GY: " + " \n" * 15000):
        for lang in ("en", "de", "ja"):
            assert _timed(classify, text, lang) < 5, (text[:20], lang)
