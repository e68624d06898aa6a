"""tools/bench.py --against: argument handling and the arithmetic of the paired comparison (nothing timed)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"cardlint_{name}_under_test", TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ab = _load("bench_ab")


def test_paired_ratio_is_per_clause_time_of_a_over_b():
    # round 1: A 2 s / 4 clauses = 0.5, B 1 s / 4 = 0.25 → 2.0; round 2: A 1 s / 2 = 0.5, B 1 s / 1 = 1 → 0.5
    assert ab.paired_ratios([(2.0, 4), (1.0, 2)], [(1.0, 4), (1.0, 1)]) == [2.0, 0.5]


def test_paired_ratio_skips_empty_rounds_and_needs_equal_lengths():
    assert ab.paired_ratios([(1.0, 0), (0.0, 3), (1.0, 1)], [(1.0, 2), (1.0, 3), (2.0, 1)]) == [0.5]
    with pytest.raises(ValueError):
        ab.paired_ratios([(1.0, 1)], [])


def test_quartiles_interpolate():
    assert ab.quartiles([4.0, 1.0, 3.0, 2.0, 5.0]) == (2.0, 3.0, 4.0)
    assert ab.quartiles([1.0, 2.0]) == (1.25, 1.5, 1.75)
    assert ab.quartiles([7.0]) == (7.0, 7.0, 7.0)
    with pytest.raises(ValueError):
        ab.quartiles([])


def test_bootstrap_interval_holds_the_median_and_is_reproducible():
    xs = [1.0 + 0.01 * (i % 17) for i in range(101)]
    lo, hi = ab.bootstrap_median(xs)
    assert lo <= sorted(xs)[50] <= hi
    assert (lo, hi) == ab.bootstrap_median(xs)
    assert ab.bootstrap_median([2.0] * 9) == (2.0, 2.0)


def test_rounds_cover_every_card_once_and_fold_a_short_tail():
    assert ab.rounds(100, 40) == [(0, 40), (40, 80), (80, 100)]  # a tail of 20 = half a round is kept apart...
    assert ab.rounds(95, 40) == [(0, 40), (40, 95)]  # ...one of 15 joins the round before
    assert ab.rounds(120, 40) == [(0, 40), (40, 80), (80, 120)]
    assert ab.rounds(10, 40) == [(0, 10)]
    assert ab.rounds(0, 40) == []
    with pytest.raises(ValueError):
        ab.rounds(10, 0)


def test_checkout_must_have_its_own_interpreter(tmp_path):
    with pytest.raises(FileNotFoundError, match="not a cardlint checkout"):
        ab.checkout(str(tmp_path))
    (tmp_path / "src" / "cardlint").mkdir(parents=True)
    (tmp_path / "src" / "cardlint" / "pipeline.py").write_text("")
    with pytest.raises(FileNotFoundError, match=r"no \.venv/bin/python"):
        ab.checkout(str(tmp_path))


@pytest.mark.parametrize("argv, message", [
    (["--against", "/no/such/checkout"], "not a cardlint checkout"),
    (["--against", ".", "--round", "0"], "--round must be at least 1"),
    (["--against", ".", "--limit", "0"], "--limit must be at least 1"),
    (["--lang", "en", "--lang", "de"], "--lang once only"),
])
def test_bench_arguments_are_checked(monkeypatch, capsys, argv, message):
    bench = _load("bench")
    monkeypatch.setattr(sys, "argv", ["bench.py", *argv])
    with pytest.raises(SystemExit) as exc:
        bench.main()
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_against_itself_runs_both_workers(capsys):
    root = TOOLS.parent
    if not (ab.CORPUS / ab.FILES["en"]).exists() or not (root / ".venv" / "bin" / "python").is_file():
        pytest.skip("no corpus or no .venv")
    assert ab.against(str(root), ["en"], 1, ab.WARM_CARDS + 6, 3, root) == 0
    out = capsys.readouterr().out
    assert "load average before" in out
    # 6 timed cards in 2 rounds of 3, the same clauses on both sides
    row = re.search(r"^en +6 +2 +\d+ +\d+ +[\d.]+× .* (\d+)/(\d+) ", out, re.M)
    assert row and row.group(1) == row.group(2), out
