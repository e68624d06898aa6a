#!/usr/bin/env python3
"""Throughput of the classification pipeline over a corpus, in one process.

For one language (``--lang``, default English) it prints the number of clauses, the pipeline time
(segmentation, normalisation, parse, IR, classification — what ``cardlint classify --input`` runs
per card), clauses/s, cards/s and µs/clause, the lexer-only time over the same normalised clauses and the
ratio between the two, peak memory, and the cold start of ``cardlint classify "Flying"``.
``--compare`` runs every language in one process, interleaved chunk by chunk, and prints each one's µs/clause relative to
English.  ``--against CHECKOUT`` is the A/B of this checkout against another one (with its own ``.venv``): per
language, the same cards in short rounds that alternate between one worker process per checkout, and the median
of the paired per-clause CPU-time ratios with its interquartile range and a bootstrap interval
(``tools/bench_ab.py``; the pairing cancels the load of other work, which two separate runs do not).

Times are wall-clock (``perf_counter``) and process CPU time (``process_time``); on a machine that
other work is loading, the CPU time is the steadier figure, and the load average is printed next to
both.  Corpora: ``../shared/corpus/mtg/`` (English Oracle text; the translations classify their
``text`` with the printed name ``tname`` for self-reference).

  python tools/bench.py [--lang en|de|ja|zh-Hans] [--limit N] [--step K] [--chunk N] [--no-memo] [--no-cold-start]
  python tools/bench.py --compare [--step K]
  python tools/bench.py --against CHECKOUT [--lang L ...] [--step K] [--limit N] [--round N]
  python tools/bench.py --first-run [--wheel FILE.whl] | --jobs [--repeat N] | --rss | --lint-cache [--repeat N]
                                                                                   (tools/bench_batch.py)
"""

from __future__ import annotations

import argparse
import json
import os
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


LEXER_PASSES = 3


class Clock:
    """Wall-clock and CPU seconds of a block (``+=`` adds another clock's)."""

    wall = cpu = 0.0

    def __iadd__(self, other: "Clock") -> "Clock":
        self.wall += other.wall
        self.cpu += other.cpu
        return self

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


def load_rows(lang: str, limit: int | None, step: int) -> list[dict]:
    rows = []
    with open(CORPUS / FILES[lang], encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if limit and len(rows) >= limit:
                break
            if i % step == 0:
                rows.append(json.loads(line))
    return rows


def card_name(row: dict, lang: str) -> str | None:
    return row.get("name") if lang == "en" else row.get("tname") or row.get("name")


def run_pipeline(lang: str, rows: list[dict]) -> tuple[Clock, int]:
    from cardlint.pipeline import classify_card

    n = 0
    with Clock() as clock:
        for r in rows:
            n += len(classify_card(r.get("text") or "", lang, card_name(r, lang), r.get("type"))[1])
    return clock, n


def normalized_clauses(lang: str, rows: list[dict]) -> list[str]:
    """The text each clause hands to the grammar (not timed)."""
    from cardlint.lang.frontend import frontend
    from cardlint.text.segment import segment

    fe = frontend(lang)
    out = []
    for r in rows:
        for seg in segment(r.get("text") or "", fe.is_keyword):
            if not seg.reminder_only:
                out.append(fe.normalize(seg.body, card_name(r, lang)))
    return out


def lexer_only(lang: str, texts: list[str]) -> Clock:
    """Lex every clause with the grammar's terminals, no parser: cardlint's word lexer with every
    terminal allowed, or Lark's basic lexer (plus the language's post-lexer) for the others."""
    from lark.exceptions import UnexpectedInput
    from lark.lexer import LexerThread

    from cardlint.lang.frontend import frontend

    parser = frontend(lang).parser
    tokenize = getattr(parser.parser.lexer, "tokenize", None)
    if tokenize is None:
        basic = parser._build_lexer()
        postlex = parser.options.postlex

        def tokenize(text):
            stream = LexerThread.from_text(basic, text).lex(None)
            if postlex is not None:
                stream = postlex.process(stream, text)  # (the Japanese post-lexer reads past a run)
            try:
                for _ in stream:
                    pass
            except UnexpectedInput:
                pass  # lexed up to the first character no terminal matches
    with Clock() as clock:
        for text in texts:
            tokenize(text)
    return clock


def cold_start(runs: int = 5) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (user + system) seconds of each run of ``cardlint classify "Flying"``."""
    walls, cpus = [], []
    # this checkout's code, not whichever cardlint the interpreter would import from elsewhere
    env = dict(os.environ, CARDLINT_NO_PROGRESS="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cardlint", "classify", "Flying"], check=True,
                       stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return walls, cpus


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def bench_one(args) -> None:
    from cardlint.lang.frontend import frontend

    fe = frontend(args.lang)
    if args.no_memo:
        fe.parse_memo_size = 0
    with Clock() as load:
        fe.parser
    rows = load_rows(args.lang, args.limit, args.step)
    print(f"load average before: {load_average()}")
    # The pipeline and the lexer-only baseline are measured chunk by chunk, alternating, so that both
    # see the same machine: on this VM one full pass swings ±15% from run to run, and timing the two
    # minutes apart made the ratio swing with it. Per chunk the lexer pass runs LEXER_PASSES times and
    # its median counts; the pipeline runs once (its memo carries over between chunks as in one pass).
    clock, lex = Clock(), Clock()
    n = n_texts = 0
    for start in range(0, len(rows), args.chunk):
        chunk = rows[start:start + args.chunk]
        part, k = run_pipeline(args.lang, chunk)
        clock += part
        n += k
        texts = normalized_clauses(args.lang, chunk)
        n_texts += len(texts)
        passes = sorted((lexer_only(args.lang, texts) for _ in range(LEXER_PASSES)), key=lambda c: c.cpu)
        lex += passes[len(passes) // 2]
    chunks = -(-len(rows) // args.chunk)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"corpus: {FILES[args.lang]}, {len(rows)} cards, {n} clauses ({n_texts} sent to the parser; the lexer-only pass lexes these)"
          + (f", every {args.step}th card" if args.step > 1 else ""))
    print(f"grammar load (cached): {load.wall:.2f} s wall, {load.cpu:.2f} s CPU")
    print(f"pipeline: {clock.wall:.1f} s wall, {clock.cpu:.1f} s CPU — {n / clock.cpu:,.0f} clauses/s, "
          f"{len(rows) / clock.cpu:,.0f} cards/s, {1e6 * clock.cpu / n:,.0f} µs/clause (CPU){'  [parse memo off]' if args.no_memo else ''}")
    print(f"lexer only over the same clauses ({chunks} chunks of {args.chunk} cards alternating with the "
          f"pipeline, median of {LEXER_PASSES} passes per chunk): {lex.wall:.1f} s wall, {lex.cpu:.1f} s CPU; "
          f"pipeline / lexer = {clock.cpu / lex.cpu:.2f}× (CPU), {clock.wall / lex.wall:.2f}× (wall)")
    print(f"peak memory (max RSS): {peak_mb:.0f} MB")
    print(f"load average after: {load_average()}")
    if not args.no_cold_start:
        walls, cpus = cold_start()
        print(f"cold start `cardlint classify \"Flying\"`: median {statistics.median(walls):.2f} s wall "
              f"(min {min(walls):.2f}, max {max(walls):.2f}), median {statistics.median(cpus):.2f} s CPU, "
              f"{len(walls)} runs; load {load_average()}")


def bench_compare(args) -> int:
    """Every language's pipeline, interleaved: each corpus is cut into the same number of chunks and the
    languages take turns chunk by chunk (the order rotating each round), so that all of them see the same
    machine; run one after another, the ratios swung by ±25% with the load of the moment.  A language
    that fails (a missing corpus, a front end that raises) is reported on its row and the others go on."""
    import traceback

    from cardlint.lang.frontend import frontend

    print(f"load average before: {load_average()}", flush=True)
    rows, failed = {}, {}
    for lang in FILES:
        try:
            fe = frontend(lang)
            if args.no_memo:
                fe.parse_memo_size = 0
            fe.parser
            rows[lang] = load_rows(lang, args.limit, args.step)
        except Exception as exc:  # noqa: BLE001 — one language's failure must not lose the others
            failed[lang] = exc
            traceback.print_exc(file=sys.stderr)
    n_chunks = max(1, -(-max((len(r) for r in rows.values()), default=1) // args.chunk))
    clocks = {lang: Clock() for lang in rows}
    counts = dict.fromkeys(rows, 0)
    order = list(rows)
    for k in range(n_chunks):
        for lang in order[k % len(order):] + order[:k % len(order)] if order else []:
            if lang in failed:
                continue
            part = rows[lang][k * len(rows[lang]) // n_chunks:(k + 1) * len(rows[lang]) // n_chunks]
            try:
                clock, n = run_pipeline(lang, part)
            except Exception as exc:  # noqa: BLE001
                failed[lang] = exc
                traceback.print_exc(file=sys.stderr)
                continue
            clocks[lang] += clock
            counts[lang] += n
    print(f"{'lang':8} {'cards':>6} {'clauses':>8} {'CPU s':>7} {'wall s':>7} {'clauses/s':>10} {'µs/clause':>10} {'vs en':>6}")
    base = clocks["en"].cpu / counts["en"] if "en" in clocks and "en" not in failed and counts["en"] else None
    for lang in FILES:
        if lang in failed:
            exc = failed[lang]
            first = (str(exc).strip().splitlines() or [""])[0]
            print(f"{lang:8} FAILED: {type(exc).__name__}: {first}"[:300] + " (traceback on stderr)")
            continue
        clock, n = clocks[lang], counts[lang]
        per = clock.cpu / n if n else float("nan")
        rel = f"{per / base:5.2f}×" if base else "    –"
        print(f"{lang:8} {len(rows[lang]):6} {n:8} {clock.cpu:7.1f} {clock.wall:7.1f} {n / clock.cpu if clock.cpu else 0:10,.0f} "
              f"{1e6 * per:10,.0f} {rel:>6}")
    print(f"load average after: {load_average()}; {n_chunks} interleaved chunks per language"
          + (f"; every {args.step}th card" if args.step > 1 else "")
          + ("; parse memo off" if args.no_memo else "")
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


def bench_translation_align(n: int = 3000) -> int:
    """check-translation of one text of ``n`` identical clauses against ``n - 1`` (the target: ≤ 1 s,
    the missing clause reported): the alignment must stay linear in the number of clauses."""
    from cardlint.translate.compare import check_card

    check_card("Creatures you control get +1/+1.", "Kreaturen, die du kontrollierst, erhalten +1/+1.", "de")  # load
    en = "\n".join(["Creatures you control get +1/+1."] * n)
    tr = "\n".join(["Kreaturen, die du kontrollierst, erhalten +1/+1."] * (n - 1))
    wall, cpu = time.perf_counter(), time.process_time()
    res = check_card(en, tr, "de")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    codes = [f.code for f in res.findings]
    print(f"check-translation {n} vs {n - 1} identical clauses: {wall:.2f} s wall, {cpu:.2f} s CPU "
          f"(target ≤ 1 s); verdict {res.status}, findings {codes}; load average {load_average()}")
    return 0 if codes == ["TR301"] else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", default=None, choices=list(FILES), action="append",
                    help="the language (default en); with --against, repeatable (default: all four)")
    ap.add_argument("--limit", type=int, help="at most N cards")
    ap.add_argument("--step", type=int, default=1, help="every K-th card only")
    ap.add_argument("--compare", action="store_true", help="every language, µs/clause relative to English")
    ap.add_argument("--against", metavar="CHECKOUT",
                    help="paired A/B of this checkout against another one (its own .venv), per language")
    ap.add_argument("--round", type=int, default=40, help="with --against: cards per round (default 40)")
    ap.add_argument("--no-memo", action="store_true", help="re-parse repeated clause texts (no parse memo)")
    ap.add_argument("--no-cold-start", action="store_true")
    ap.add_argument("--translation-align", type=int, metavar="N", nargs="?", const=3000,
                    help="time check-translation of N identical clauses against N-1 (default 3000)")
    ap.add_argument("--chunk", type=int, default=1000,
                    help="cards per chunk when the pipeline and the lexer-only pass alternate (default 1000)")
    ap.add_argument("--first-run", action="store_true",
                    help="first classify and demo per language from the built wheel in a fresh virtualenv")
    ap.add_argument("--wheel", help="with --first-run: this wheel instead of building one")
    ap.add_argument("--jobs", action="store_true", help="classify --input over the four corpora, --jobs 1 vs 2, "
                                                        "and the result cache's second run")
    ap.add_argument("--cache-jobs", type=int, default=1, help="with --jobs: --jobs of the result-cache runs")
    ap.add_argument("--rss", action="store_true", help="max RSS of classify and lint on 1× and 10× the English corpus")
    ap.add_argument("--lint-cache", action="store_true",
                    help="lint of the English corpus and kb/templates: first run vs unchanged re-runs (result cache)")
    ap.add_argument("--repeat", type=int, default=3, help="with --jobs/--first-run/--lint-cache: repetitions")
    args = ap.parse_args()
    if args.first_run or args.jobs or args.rss or args.lint_cache:
        sys.path.insert(0, str(ROOT / "tools"))
        import bench_batch

        if args.lint_cache:
            return bench_batch.lint_cache_bench(args)
        return bench_batch.first_run(args) if args.first_run else (
            bench_batch.jobs_bench(args) if args.jobs else bench_batch.rss_bench(args))
    if args.step < 1 or args.chunk < 1 or args.round < 1:
        ap.error("--step, --chunk and --round must be at least 1")
    if args.limit is not None and args.limit < 1:
        ap.error("--limit must be at least 1")
    if args.against:
        sys.path.insert(0, str(ROOT / "tools"))
        import bench_ab

        try:
            bench_ab.checkout(args.against)
        except FileNotFoundError as exc:
            ap.error(str(exc))
        langs = list(dict.fromkeys(args.lang)) if args.lang else list(FILES)
        return bench_ab.against(args.against, langs, args.step, args.limit, args.round, ROOT)
    if args.lang and len(args.lang) > 1:
        ap.error("--lang once only (several with --against)")
    args.lang = args.lang[0] if args.lang else "en"
    if args.translation_align:
        return bench_translation_align(args.translation_align)
    if args.compare:
        return bench_compare(args)
    bench_one(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
