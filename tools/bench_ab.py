#!/usr/bin/env python3
"""Paired A/B timing of the pipeline of this checkout against another one (``tools/bench.py --against``).

One worker process per checkout, each started with that checkout's own interpreter
(``<checkout>/.venv/bin/python``) and its own ``src`` first on ``sys.path``, so each times its own code with
its own tables.  A worker imports only what every checkout since the language folders offers
(``cardlint.pipeline.classify_card``, ``cardlint.lang.frontend.frontend``); it loads the corpus, the
grammar tables and a few warm-up cards (not timed, and not timed again) before the first round.

Per language the subset of cards (every ``--step``-th, at most ``--limit``) is cut into rounds of
``--round`` cards.  Round k is run by both workers one after the other — A then B on even rounds, B then A
on odd ones — so that both see the machine of the same few tenths of a second; each reports the process
CPU time (``time.process_time``) and the number of clauses.  The figure is the median over rounds of the
paired ratio (A µs/clause ÷ B µs/clause) with its interquartile range and a bootstrap 95% interval of
that median; on a machine that other work loads, the load moves both sides of a pair alike and the
pairing cancels it, where two separate passes minutes apart differ by ±30%.

This file is also the worker (``--worker ROOT``): it imports nothing from either checkout at module level.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mtg"
FILES = {"en": "oracle-en.jsonl", "de": "de.jsonl", "ja": "ja.jsonl", "zh-Hans": "zh-Hans.jsonl"}
#: cards classified once before the first timed round (imports, lazy tables, first-call caches)
WARM_CARDS = 30


# --- the arithmetic (tested in tests/test_bench_ab.py) -------------------------------------------

def paired_ratios(a: list[tuple[float, int]], b: list[tuple[float, int]]) -> list[float]:
    """Per round, (A seconds / A clauses) ÷ (B seconds / B clauses); rounds where a side has no clause
    or no time are left out."""
    out = []
    for (sa, na), (sb, nb) in zip(a, b, strict=True):
        if na and nb and sa > 0 and sb > 0:
            out.append((sa / na) / (sb / nb))
    return out


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile), by linear interpolation between order statistics."""
    if not xs:
        raise ValueError("no values")
    s = sorted(xs)

    def q(p: float) -> float:
        pos = p * (len(s) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(s) - 1)
        return s[lo] + (s[hi] - s[lo]) * (pos - lo)

    return q(0.25), q(0.5), q(0.75)


def bootstrap_median(xs: list[float], resamples: int = 2000, seed: int = 0) -> tuple[float, float]:
    """95% percentile-bootstrap interval of the median (a fixed seed: the same data, the same interval)."""
    if not xs:
        raise ValueError("no values")
    rng = random.Random(seed)
    n = len(xs)
    meds = sorted(statistics.median(rng.choices(xs, k=n)) for _ in range(resamples))
    return meds[int(0.025 * (resamples - 1))], meds[int(0.975 * (resamples - 1))]


def rounds(n_cards: int, size: int) -> list[tuple[int, int]]:
    """[lo, hi) slices of ``size`` cards covering ``n_cards`` (the last one joined to its predecessor
    when it would be shorter than half a round, so that no ratio rests on a handful of clauses)."""
    if size < 1:
        raise ValueError("round size must be at least 1")
    cuts = list(range(0, n_cards, size))
    if len(cuts) > 1 and n_cards - cuts[-1] < size / 2:
        cuts.pop()
    return [(lo, hi) for lo, hi in zip(cuts, cuts[1:] + [n_cards])]


def interpreter(root: Path) -> Path:
    """The checkout's own interpreter (its ``.venv``), or a clear error naming what is missing."""
    for rel in (".venv/bin/python", ".venv/Scripts/python.exe"):
        if (root / rel).is_file():
            return root / rel
    raise FileNotFoundError(f"{root}: no .venv/bin/python (make the checkout's virtualenv first)")


def checkout(path: str) -> Path:
    root = Path(path).expanduser().resolve()
    if not (root / "src" / "cardlint" / "pipeline.py").is_file():
        raise FileNotFoundError(f"{root}: not a cardlint checkout (no src/cardlint/pipeline.py)")
    interpreter(root)
    return root


# --- the worker -----------------------------------------------------------------------------------

def _load(lang: str, step: int, limit: int | None) -> list[dict]:
    rows = []
    with open(CORPUS / FILES[lang], encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if limit and len(rows) >= limit:
                break
            if i % step == 0:
                rows.append(json.loads(line))
    return rows


def worker(root: str) -> int:
    """Answer one JSON command per stdin line with one JSON line on stdout."""
    sys.path.insert(0, str(Path(root) / "src"))
    from cardlint.lang.frontend import frontend
    from cardlint.pipeline import classify_card

    rows: list[dict] = []
    lang = "en"

    def run(part: list[dict]) -> int:
        n = 0
        for r in part:
            name = r.get("name") if lang == "en" else r.get("tname") or r.get("name")
            n += len(classify_card(r.get("text") or "", lang, name, r.get("type"))[1])
        return n

    out = sys.stdout
    sys.stdout = sys.stderr  # nothing the pipeline prints may corrupt the protocol
    for line in sys.stdin:
        cmd = json.loads(line)
        try:
            if cmd["cmd"] == "load":
                lang = cmd["lang"]
                rows = _load(lang, cmd["step"], cmd.get("limit"))
                frontend(lang).parser
                run(rows[:WARM_CARDS])
                rows = rows[WARM_CARDS:]
                reply = {"cards": len(rows)}
            elif cmd["cmd"] == "run":
                part = rows[cmd["lo"]:cmd["hi"]]
                cpu = time.process_time()
                n = run(part)
                reply = {"cpu": time.process_time() - cpu, "clauses": n}
            else:
                reply = {"error": f"unknown command {cmd['cmd']!r}"}
        except Exception as exc:  # noqa: BLE001 — reported to the parent, which reports the language
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


# --- the parent -----------------------------------------------------------------------------------

class Worker:
    def __init__(self, root: Path):
        env = dict(os.environ, CARDLINT_NO_PROGRESS="1", PYTHONHASHSEED="0",
                   PYTHONPATH=str(root / "src"))
        self.root = root
        self.proc = subprocess.Popen([str(interpreter(root)), str(Path(__file__).resolve()), "--worker", str(root)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root, env=env)

    def ask(self, **cmd) -> dict:
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.root}: worker exited (code {self.proc.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{self.root}: {reply['error']}")
        return reply

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def compare_lang(a: Worker, b: Worker, lang: str, step: int, limit: int | None, size: int) -> dict:
    na, nb = a.ask(cmd="load", lang=lang, step=step, limit=limit)["cards"], \
        b.ask(cmd="load", lang=lang, step=step, limit=limit)["cards"]
    if na != nb:
        raise RuntimeError(f"the two checkouts read {na} and {nb} cards")
    ta, tb = [], []
    for k, (lo, hi) in enumerate(rounds(na, size)):
        first, second = (a, b) if k % 2 == 0 else (b, a)
        r1, r2 = first.ask(cmd="run", lo=lo, hi=hi), second.ask(cmd="run", lo=lo, hi=hi)
        ra, rb = (r1, r2) if first is a else (r2, r1)
        ta.append((ra["cpu"], ra["clauses"]))
        tb.append((rb["cpu"], rb["clauses"]))
    ratios = paired_ratios(ta, tb)
    return {"cards": na, "rounds": len(ta), "ratios": ratios,
            "clauses_a": sum(n for _, n in ta), "clauses_b": sum(n for _, n in tb),
            "us_a": statistics.median(1e6 * s / n for s, n in ta if n),
            "us_b": statistics.median(1e6 * s / n for s, n in tb if n),
            "pooled": (sum(s for s, _ in ta) / sum(n for _, n in ta)) / (sum(s for s, _ in tb) / sum(n for _, n in tb))}


def against(other: str, langs: list[str], step: int, limit: int | None, size: int, this: Path) -> int:
    """Print the paired comparison of ``this`` checkout (A) against ``other`` (B) per language."""
    b_root = checkout(other)
    a_root = checkout(str(this))
    print(f"A = {a_root}\nB = {b_root}")
    print(f"load average before: {load_average()} (the machine may be loaded: rounds alternate A/B so that "
          "both sides of each pair see the same load)", flush=True)
    print(f"{'lang':8} {'cards':>6} {'rounds':>6} {'A µs/cl':>8} {'B µs/cl':>8} {'A/B median':>10} "
          f"{'IQR':>13} {'95% CI (median)':>16} {'pooled':>7}  clauses A/B", flush=True)
    failed = []
    a, b = Worker(a_root), Worker(b_root)
    try:
        for lang in langs:
            try:
                r = compare_lang(a, b, lang, step, limit, size)
            except (RuntimeError, OSError) as exc:
                failed.append(lang)
                print(f"{lang:8} FAILED: {exc}"[:300], flush=True)
                if a.proc.poll() is not None or b.proc.poll() is not None:
                    break
                continue
            q1, med, q3 = quartiles(r["ratios"])
            lo, hi = bootstrap_median(r["ratios"])
            print(f"{lang:8} {r['cards']:6} {r['rounds']:6} {r['us_a']:8.0f} {r['us_b']:8.0f} {med:9.3f}× "
                  f"{q1:6.3f}–{q3:<6.3f} {lo:7.3f}–{hi:<7.3f} {r['pooled']:6.3f}×  "
                  f"{r['clauses_a']}/{r['clauses_b']}   (load {load_average()})", flush=True)
    finally:
        for w in (a, b):
            if w.proc.poll() is None:
                w.close()
    print(f"load average after: {load_average()}; process CPU time per clause, rounds of {size} cards"
          + (f", every {step}th card" if step > 1 else "") + f", {WARM_CARDS} warm-up cards per language not timed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        raise SystemExit(worker(sys.argv[2]))
    raise SystemExit("usage: python tools/bench.py --against CHECKOUT (this file is its worker)")
