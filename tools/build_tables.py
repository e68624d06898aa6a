"""Build the tables cardlint ships: every grammar's LALR parser tables and the other tables a first
run would otherwise compute (the knowledge base's checked form, the Japanese word categories, the
German fallback lexer's first characters).

    python tools/build_tables.py [--out DIR] [--jobs N] [--check]

The wheel build hook (``tools/hatch_build.py``) runs it for every wheel and editable install, into
``src/cardlint/_tables`` (not committed: it is derived from grammar/ and kb/).  It is incremental:
a table whose key (its sources, Lark's version, the table format) is unchanged is kept, a table
no front end asks for any more is removed.  The tables are found the way a run finds them — by
running each front end on a little text with ``CARDLINT_CACHE_DIR`` pointed at the output — so the
list of grammars and options has one home, the front ends.  ``--check`` builds nothing and exits 1
when a table is missing or stale.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "src" / "cardlint" / "_tables"

#: one job per grammar family; each loads what a run in that language loads
TASKS = ["en", "de", "ja", "zh-Hans", "ygo:en", "ygo:de", "ygo:ja", "ygo:zh-Hans"]
#: a clause each grammar parses and one it does not (the fallback paths build their own tables)
_SAMPLES = {"en": "Flying\nZzzq qqz.", "de": "Fliegend\nZzzq qqz.", "ja": "飛行\nZzzq qqz。",
            "zh-Hans": "飞行\nZzzq qqz。"}
_YGO = {"en": "If this card is sent to the GY: Draw 1 card.", "de": "Wenn diese Karte auf den Friedhof gelegt wird: Ziehe 1 Karte.",
        "ja": "このカードが墓地へ送られた場合に発動する。自分はデッキから１枚ドローする。",
        "zh-Hans": "这张卡被送去墓地的场合发动。自己从卡组抽1张。"}


def _warm(task: str) -> list[str]:
    """Load what ``task`` needs (in a fresh process whose cache is the output) → the table files used."""
    from cardlint import paths

    if task.startswith("ygo:"):
        from cardlint.ygo import classify as ygo_classify

        lang = task[4:]
        ygo_classify(_YGO[lang], lang=lang)
    else:
        from cardlint.kb import load_kb
        from cardlint.pipeline import classify_text

        load_kb()
        classify_text(_SAMPLES[task], task)
    return sorted(paths.used_tables())


def _run(task: str, out: str) -> tuple[str, list[str], float]:
    os.environ["CARDLINT_CACHE_DIR"] = out
    started = time.perf_counter()
    return task, _warm(task), time.perf_counter() - started


def build(out: Path = DEFAULT_OUT, jobs: int | None = None, log=print) -> set[str]:
    """Build the tables into ``out`` → the names of the files it holds now."""
    out.mkdir(parents=True, exist_ok=True)
    src = str(ROOT / "src")
    if src not in sys.path:
        sys.path.insert(0, src)
    _drop_stale_lexer_data(out, log)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(TASKS)))
    used: set[str] = set()
    import multiprocessing

    # each task in a process of its own, forked before cardlint is imported here: no task sees
    # another's parsers, so each reports every table it needs
    ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    if ctx is None:
        results = [_run(t, str(out)) for t in TASKS]
    else:
        with ctx.Pool(jobs, maxtasksperchild=1) as pool:
            results = pool.starmap(_run, [(t, str(out)) for t in TASKS])
    for task, names, seconds in results:
        log(f"build_tables: {task:12s} {seconds:6.1f} s  {', '.join(names)}")
        used.update(names)
    for f in out.iterdir():
        if f.is_file() and f.name not in used:
            f.unlink()  # a table no front end asks for any more (an older grammar's)
        elif f.is_file():
            f.chmod(0o644)  # readable by every user of an installed package
    return used


def _stale_lexer_data(out: Path) -> list[str]:
    """The tables in ``out`` whose stored lexer tables older lexer code made (their key does not say so)."""
    import subprocess

    code = ("import sys; sys.path[:0] = [%r]; from pathlib import Path; from cardlint.speed.tables import "
            "lexer_data_stale; print('\\n'.join(f.name for f in sorted(Path(%r).glob('*.parser')) if lexer_data_stale(f)))"
            % (str(ROOT / "src"), str(out)))
    # in a process of its own: the build's forked tasks must not inherit an imported cardlint
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False).stdout.split()


def _drop_stale_lexer_data(out: Path, log) -> None:
    for name in _stale_lexer_data(out):
        log(f"build_tables: {name}: its lexer tables are from older lexer code; built again")
        (out / name).unlink()


def check(out: Path = DEFAULT_OUT) -> list[str]:
    """The tasks that had to build a table, run with an empty user cache — empty when ``out`` holds
    every table current (slow when it does not: the missing tables are built, into a scratch folder)."""
    import subprocess
    import tempfile

    stale = [f"{name} (lexer tables)" for name in _stale_lexer_data(out)]
    for task in TASKS:
        with tempfile.TemporaryDirectory() as scratch:
            code = ("import sys; sys.path[:0] = [%r, %r]; import build_tables; build_tables._warm(%r)"
                    % (str(ROOT / "src"), str(ROOT / "tools"), task))
            subprocess.run([sys.executable, "-c", code], env=dict(os.environ, CARDLINT_CACHE_DIR=scratch),
                           capture_output=True, check=False)
            if any(Path(scratch).iterdir()):
                stale.append(task)
    return stale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--check", action="store_true", help="build nothing; exit 1 when a table is missing or stale")
    args = ap.parse_args(argv)
    if args.check:
        stale = check(args.out)
        print("build_tables: stale or missing: " + ", ".join(stale) if stale else "build_tables: all tables current")
        return 1 if stale else 0
    started = time.perf_counter()
    names = build(args.out, args.jobs)
    size = sum((args.out / n).stat().st_size for n in names if (args.out / n).exists())
    print(f"build_tables: {len(names)} files, {size / 1e6:.1f} MB in {args.out} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
