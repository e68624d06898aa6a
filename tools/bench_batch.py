"""The batch and start-up figures of ``tools/bench.py`` (issue 22): every one runs the real
``cardlint`` command in a subprocess and prints what it measured, with the load average.

``--first-run``: builds the wheel (``pip wheel``), installs it into a fresh virtualenv outside the
checkout, and times, with an empty user cache each time, the first ``cardlint classify`` and the
first ``cardlint demo`` in every language; then the warm start of ``classify`` per language.

``--jobs``: ``classify --input`` over the four corpora with ``--jobs 1`` and ``--jobs 2`` (no result
cache), alternating, ``--repeat`` times; the outputs must be byte-identical; then a first and a
second run with an empty result cache.

``--lint-cache``: ``lint`` of the English corpus (one JSONL card file) and of ``kb/templates`` (a
folder of YAML cards): a first run with an empty result cache, then ``--repeat`` runs of the
unchanged input (medians); the reports must be byte-identical to ``--no-cache``.

``--rss``: peak memory (max RSS) of ``classify --input`` and ``lint`` on the English corpus and on
it repeated ten times (one process, ``--jobs 1 --no-cache``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "mtg"
CORPORA = [("oracle-en.jsonl", "en"), ("de.jsonl", "de"), ("ja.jsonl", "ja"), ("zh-Hans.jsonl", "zh-Hans")]
SAMPLES = {"en": "Flying", "de": "Fliegend", "ja": "飛行", "zh-Hans": "飞行"}


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def run(cmd: list[str], env: dict | None = None, stdout=subprocess.DEVNULL, cwd=None) -> tuple[float, float, int, int]:
    """``(wall s, CPU s of the process and its children, max RSS KB of the process, exit code)``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=stdout, stderr=subprocess.PIPE, cwd=cwd)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode


def checkout_env(cache: str, **extra) -> dict:
    """This checkout's cardlint (not another install), with the given cache directory."""
    env = dict(os.environ, CARDLINT_CACHE_DIR=cache, CARDLINT_NO_PROGRESS="1", **extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))
    return env


# --- first run from the wheel ----------------------------------------------------------------------

def first_run(args) -> int:
    work = Path(tempfile.mkdtemp(prefix="cardlint-first-run-"))
    try:
        wheel = args.wheel
        if wheel is None:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work / "dist"),
                            str(ROOT)], check=True)
            wheel = str(next((work / "dist").glob("cardlint-*.whl")))
            print(f"wheel built in {time.perf_counter() - t0:.0f} s: {Path(wheel).name}")
        venv = work / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", wheel], check=True)
        exe = str(venv / "bin" / "cardlint")
        print(f"installed into {venv} (outside the checkout); load average {load_average()}")
        print(f"{'lang':8s} {'first classify':>16s} {'first demo':>16s} {'warm classify':>16s}   (wall s / CPU s)")
        warm_cpu = {}
        worst = {"classify": 0.0, "demo": 0.0}
        for lang in ["en", "de", "ja", "zh-Hans"]:
            figures = []
            for cmd in (["classify", SAMPLES[lang], "--lang", lang], ["demo", "--lang", lang]):
                cache = work / f"cache-{lang}-{cmd[0]}"
                shutil.rmtree(cache, ignore_errors=True)
                env = dict(os.environ, CARDLINT_CACHE_DIR=str(cache), CARDLINT_NO_PROGRESS="1")
                env.pop("PYTHONPATH", None)
                wall, cpu, _, code = run([exe, *cmd], env=env, cwd=work)
                if code not in (0, 1):
                    print(f"  {lang} {cmd[0]}: exit {code}")
                worst[cmd[0]] = max(worst[cmd[0]], wall)
                figures.append((wall, cpu))
            cache = work / f"cache-{lang}-classify"
            env = dict(os.environ, CARDLINT_CACHE_DIR=str(cache), CARDLINT_NO_PROGRESS="1")
            env.pop("PYTHONPATH", None)
            runs = [run([exe, "classify", SAMPLES[lang], "--lang", lang], env=env, cwd=work) for _ in range(args.repeat)]
            best = min(runs, key=lambda r: r[1])
            warm_cpu[lang] = best[1]
            figures.append(best[:2])
            print(f"{lang:8s} " + " ".join(f"{w:7.2f} / {c:6.2f}" for w, c in figures))
        print(f"worst first classify {worst['classify']:.2f} s (target ≤ 1 s), worst first demo "
              f"{worst['demo']:.2f} s (target ≤ 15 s)")
        print("warm classify CPU relative to English (best of %d): " % args.repeat
              + ", ".join(f"{lang} {warm_cpu[lang] / warm_cpu['en']:.2f}×" for lang in warm_cpu)
              + f" (target zh-Hans ≤ 1.5×); load average {load_average()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


# --- --jobs and the result cache -------------------------------------------------------------------

def _classify_corpora(jobs: int, out_dir: Path, cache: str, no_cache: bool = True) -> tuple[float, float, list[Path]]:
    wall = cpu = 0.0
    outs = []
    for name, lang in CORPORA:
        out = out_dir / f"{lang}-j{jobs}-{'nc' if no_cache else 'c'}.jsonl"
        cmd = [sys.executable, "-m", "cardlint", "classify", "--input", str(CORPUS / name), "--lang", lang,
               "--jobs", str(jobs), "--output", str(out)] + (["--no-cache"] if no_cache else [])
        w, c, _, code = run(cmd, env=checkout_env(cache))
        if code not in (0, 2):
            raise SystemExit(f"classify {name} exited {code}")
        wall += w
        cpu += c
        outs.append(out)
    return wall, cpu, outs


def jobs_bench(args) -> int:
    work = Path(tempfile.mkdtemp(prefix="cardlint-jobs-"))
    cache = str(work / "cache")
    try:
        print(f"classify --input over the four corpora ({', '.join(n for n, _ in CORPORA)}); "
              f"load average at start {load_average()}")
        ratios = []
        identical = True
        for r in range(args.repeat):
            order = (1, 2) if r % 2 == 0 else (2, 1)
            res = {}
            for jobs in order:
                res[jobs] = _classify_corpora(jobs, work, cache)
            identical &= all(a.read_bytes() == b.read_bytes() for a, b in zip(res[1][2], res[2][2]))
            ratio = res[2][0] / res[1][0]
            ratios.append(ratio)
            print(f"  run {r + 1}: --jobs 1 {res[1][0]:6.1f} s wall ({res[1][1]:.1f} s CPU); --jobs 2 {res[2][0]:6.1f} s "
                  f"wall ({res[2][1]:.1f} s CPU, all processes); ratio {ratio:.2f}; load average {load_average()}")
        print(f"--jobs 2 / --jobs 1 wall: best {min(ratios):.2f}, median {sorted(ratios)[len(ratios) // 2]:.2f} "
              f"(target ≤ 0.6); outputs byte-identical: {identical}")
        shutil.rmtree(cache, ignore_errors=True)
        first = _classify_corpora(args.cache_jobs, work, cache, no_cache=False)
        second = _classify_corpora(args.cache_jobs, work, cache, no_cache=False)
        same = all(a.read_bytes() == b.read_bytes() for a, b in zip(first[2], res[1][2]))
        print(f"result cache (--jobs {args.cache_jobs}): first run {first[0]:.1f} s wall ({first[1]:.1f} s CPU), second "
              f"{second[0]:.2f} s wall ({second[1]:.2f} s CPU): 1/{first[0] / second[0]:.0f} wall, 1/{first[1] / second[1]:.0f} "
              f"CPU (target ≥ 1/20); identical to --no-cache: {same}; "
              f"cache file {sum(f.stat().st_size for f in Path(cache).glob('results*')) / 1e6:.0f} MB; "
              f"load average {load_average()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


# --- memory ----------------------------------------------------------------------------------------

def rss_bench(args) -> int:
    work = Path(tempfile.mkdtemp(prefix="cardlint-rss-"))
    try:
        one = CORPUS / "oracle-en.jsonl"
        ten = work / "oracle-en-x10.jsonl"
        with open(ten, "wb") as fh:
            data = one.read_bytes()
            for _ in range(10):
                fh.write(data)
        cache = str(work / "cache")
        print(f"max RSS, --jobs 1 --no-cache; load average {load_average()}")
        worst = 0.0
        for command in (["classify", "--input"], ["lint", "--exit-zero", "--isolated"]):
            sizes = {}
            for label, path in (("1×", one), ("10×", ten)):
                cmd = [sys.executable, "-m", "cardlint", *command, str(path), "--jobs", "1", "--no-cache"]
                wall, cpu, rss, code = run(cmd, env=checkout_env(cache))
                sizes[label] = rss
                print(f"  {command[0]:8s} {label:4s} {rss / 1024:7.0f} MB  ({wall:.0f} s wall, exit {code})")
            ratio = sizes["10×"] / sizes["1×"]
            worst = max(worst, ratio)
            print(f"  {command[0]:8s} 10× / 1×: {ratio:.2f}")
        print(f"worst 10× / 1× ratio {worst:.2f} (target ≤ 1.5); load average {load_average()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


# --- lint's result cache ---------------------------------------------------------------------------

def lint_cache_bench(args) -> int:
    import statistics

    work = Path(tempfile.mkdtemp(prefix="cardlint-lint-cache-"))
    try:
        print(f"lint, first run (empty result cache) and unchanged re-runs; load average {load_average()}")
        for label, path in (("English corpus", CORPUS / "oracle-en.jsonl"), ("kb/templates", ROOT / "kb" / "templates")):
            cache = str(work / f"cache-{label[:2]}")
            outs = {}

            def lint(tag, *extra):
                out = work / f"{tag}.json"
                cmd = [sys.executable, "-m", "cardlint", "lint", str(path), "--isolated", "--format", "json",
                       "--output", str(out), *extra]
                figures = run(cmd, env=checkout_env(cache), cwd=work)
                outs[tag] = out.read_bytes()
                return figures

            cold = lint("cold")
            warm = [lint(f"warm{i}") for i in range(args.repeat)]
            plain = lint("nocache", "--no-cache")
            same = len(set(outs.values())) == 1
            wall = statistics.median(w[0] for w in warm)
            cpu = statistics.median(w[1] for w in warm)
            print(f"  {label}: first {cold[0]:.1f} s wall ({cold[1]:.1f} s CPU, all processes); unchanged, median of "
                  f"{args.repeat}: {wall:.2f} s wall ({cpu:.2f} s CPU): {cold[0] / wall:.0f}× wall, {cold[1] / cpu:.0f}× "
                  f"CPU (target ≥ 20×); --no-cache {plain[0]:.1f} s wall; reports byte-identical: {same}; "
                  f"load average {load_average()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0
