"""The batch runner: one result per input, in input order, with any number of worker processes;
chunks of consecutive records; the result cache keyed by content; the commands that use it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlint import batch

ROOT = Path(__file__).resolve().parents[1]


def _square(x, offset):
    return {"x": x, "y": x * x + offset, "pid": os.getpid()}


def _strip(rows):
    return [{k: v for k, v in r.items() if k != "pid"} for r in rows]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_in_input_order_one_per_item(jobs):
    rows = list(batch.run_batch(range(1000), _square, (1,), jobs=jobs, chunk=7))
    assert _strip(rows) == [{"x": x, "y": x * x + 1} for x in range(1000)]


def test_workers_get_consecutive_chunks():
    rows = list(batch.run_batch(range(200), _square, (0,), jobs=2, chunk=50))
    pids = [r["pid"] for r in rows]
    assert os.getpid() not in pids  # the work ran in the workers
    # a chunk is 50 consecutive records of one process (the per-process memo sees repeats)
    assert all(len(set(pids[i:i + 50])) == 1 for i in range(0, 200, 50))


def test_a_small_input_needs_no_worker():
    rows = list(batch.run_batch(range(10), _square, (0,), jobs=4, chunk=50))
    assert {r["pid"] for r in rows} == {os.getpid()}


def test_input_is_read_as_it_is_needed():
    taken = []

    def items():
        for x in range(10_000):
            taken.append(x)
            yield x

    it = batch.run_batch(items(), _square, (0,), jobs=2, chunk=10)
    next(it)
    assert len(taken) < 200  # a window of chunks in flight, not the whole input
    assert len(list(it)) == 9_999


def test_cache_hits_are_not_computed_again(tmp_path):
    cache = batch.ResultCache(tmp_path / "r.sqlite3")
    key = lambda x: batch.content_key("test", x)  # noqa: E731
    first = list(batch.run_batch(range(300), _square, (0,), jobs=2, key=key, cache=cache, chunk=64))
    cache.close()
    cache = batch.ResultCache(tmp_path / "r.sqlite3")
    second = list(batch.run_batch(range(300), _square, (0,), jobs=2, key=key, cache=cache, chunk=64))
    assert all(isinstance(r, batch.Stored) for r in second)
    assert [batch.dumps(r) for r in second] == [batch.dumps(r) for r in first]
    second = [batch.row(r) for r in second]
    assert _strip(second) == _strip(first)
    assert [r["pid"] for r in second] == [r["pid"] for r in first]  # stored values, not recomputed
    # another offset is other content only if the key says so: the key names the content
    third = list(batch.run_batch(range(300), _square, (5,), jobs=1,
                                 key=lambda x: batch.content_key("test", x, 5), cache=cache))
    assert third[0]["y"] == 5
    # a result the caller does not want stored is computed every time
    odd = list(batch.run_batch(range(10), _square, (7,), key=lambda x: batch.content_key("odd", x), cache=cache,
                               store=lambda r: r["x"] % 2 == 0))
    again = list(batch.run_batch(range(10), _square, (7,), key=lambda x: batch.content_key("odd", x), cache=cache))
    assert [isinstance(r, batch.Stored) for r in again] == [x % 2 == 0 for x in range(10)]
    assert [batch.row(r)["y"] for r in again] == [r["y"] for r in odd]


def test_cache_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "CACHE_MAX_ROWS", 100)
    cache = batch.ResultCache(tmp_path / "r.sqlite3")
    for i in range(1000):
        cache.put(str(i), i)
        if i % 50 == 0:
            cache.flush()
    cache.flush()
    (n,) = cache.db.execute("SELECT count(*) FROM results").fetchone()
    assert n <= 110
    assert cache.get_many(["999"]) == {"999": "999"} and cache.get_many(["0"]) == {}


def test_unusable_cache_is_one_warning(tmp_path, capsys):
    from cardlint import paths

    paths._WARNED.clear()
    blocked = tmp_path / "file"
    blocked.write_text("not a database")
    cache = batch.ResultCache(blocked)
    rows = list(batch.run_batch(range(5), _square, (0,), key=str, cache=cache))
    assert len(rows) == 5
    assert capsys.readouterr().err.count("cardlint: warning") == 1


def test_code_digest_follows_the_sources(monkeypatch):
    before = batch.code_digest()
    batch.code_digest.cache_clear()
    import cardlint

    monkeypatch.setattr(cardlint, "__version__", "0.0.0-test")
    try:
        assert batch.code_digest() != before
    finally:
        batch.code_digest.cache_clear()


# --- the commands ---------------------------------------------------------------------------------

def _cli(args, cache_dir, **kw):
    env = dict(os.environ, CARDLINT_CACHE_DIR=str(cache_dir), CARDLINT_NO_PROGRESS="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "cardlint", *args], capture_output=True, text=True, env=env,
                          timeout=300, **kw)


@pytest.fixture()
def cards(tmp_path):
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    lines = [l for l in demo.read_text(encoding="utf-8").splitlines() if l.strip()]
    # enough records for several chunks, a malformed line in the middle, and repeats
    rows = (lines * 50)[:600]
    rows.insert(300, "{not json")
    path = tmp_path / "cards.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_classify_jobs_and_cache_give_the_same_bytes(cards, tmp_path):
    runs = [
        _cli(["classify", "--input", str(cards), "--jobs", "1", "--no-cache"], tmp_path / "c"),
        _cli(["classify", "--input", str(cards), "--jobs", "2", "--no-cache"], tmp_path / "c"),
        _cli(["classify", "--input", str(cards), "--jobs", "2"], tmp_path / "c"),   # fills the cache
        _cli(["classify", "--input", str(cards), "--jobs", "1"], tmp_path / "c"),   # reads it
    ]
    assert all(r.returncode == 2 for r in runs)  # the malformed line
    assert len({r.stdout for r in runs}) == 1
    rows = [json.loads(line) for line in runs[0].stdout.splitlines()]
    assert len(rows) == 601 and "error" in rows[300] and ":301:" in rows[300]["error"]
    assert (tmp_path / "c" / "results.sqlite3").is_file()


def test_lint_jobs_give_the_same_report(cards, tmp_path):
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    for path in (demo, cards):  # a small set, and a larger one: both checked for dependencies
        outs = {_cli(["lint", str(path), "--isolated", "--format", "json", "--jobs", j, *extra], tmp_path / "c").stdout
                for j, extra in (("1", ["--no-cache"]), ("2", ["--no-cache"]), ("2", []), ("1", []))}
        assert len(outs) == 1
    report = json.loads(outs.pop())
    assert report["summary"]["cards"] == 600 and report["summary"]["dependency_skipped"] == 0
    assert report["summary"]["dependency_sets"] == 1 and report["summary"]["by_code"].get("CL301")


def test_jobs_must_be_positive(tmp_path, cards):
    r = _cli(["classify", "--input", str(cards), "--jobs", "0"], tmp_path / "c")
    assert r.returncode == 2 and "--jobs" in r.stderr


def test_lint_keeps_only_the_analyses_a_set_check_can_use(cards, monkeypatch):
    from cardlint.lint import LintConfig, deps, lint_paths

    seen = []
    real = deps.check_set

    def spy(analyses, doc, config, stats):
        seen.append(len(analyses))
        return real(analyses, doc, config, stats)

    monkeypatch.setattr(deps, "check_set", spy)
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    findings, summary, errors = lint_paths([str(demo), str(cards)], LintConfig(select=["CL"]), jobs=1)
    lines = [json.loads(line) for line in demo.read_text(encoding="utf-8").splitlines() if line.strip()]
    # kept: the cards with a parsed continuous effect (classify's own reading), nothing else
    from cardlint.pipeline import classify_text

    with_effects = [any(c["parsed"] and any(e["kind"] == "continuous" for e in c["effects"])
                        for c in classify_text(d["text"], "en", name=d.get("name"), type_line=d.get("type"))["clauses"])
                    for d in lines]
    small = sum(with_effects)
    assert 0 < small < len(lines)
    # the large file repeats the small one: each distinct card is kept once
    assert seen == [small, small]
    assert summary["cards"] == len(lines) + 600 and summary["dependency_skipped"] == 0
    assert summary["dependency_sets"] == 2 and len(errors) == 1


def test_check_translation_jobs_and_cache_give_the_same_bytes(tmp_path):
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "translations.jsonl"
    german = [l for l in demo.read_text(encoding="utf-8").splitlines() if '"lang": "de"' in l]
    path = tmp_path / "de.jsonl"
    path.write_text("\n".join((german * 300)[:520]) + "\n", encoding="utf-8")
    runs = [_cli(["check-translation", "--input", str(path), "--lang", "de", "--format", "jsonl", "--jobs", j, *extra],
                 tmp_path / "c") for j, extra in (("1", ["--no-cache"]), ("2", ["--no-cache"]), ("2", []), ("1", []))]
    assert len({(r.returncode, r.stdout, r.stderr) for r in runs}) == 1
    assert len(runs[0].stdout.splitlines()) == 520


# --- lint's result cache ----------------------------------------------------------------------------

def _lint(paths, cache, **kw):
    from cardlint.lint import LintConfig, lint_paths

    findings, summary, errors = lint_paths([str(p) for p in paths], kw.pop("config", None) or LintConfig(select=["CL"]),
                                           jobs=1, cache=cache, **kw)
    return [f.to_dict() for f in findings], summary, errors


def _no_analysis(monkeypatch):
    from cardlint.lint import engine

    def refuse(entry):
        raise AssertionError(f"analysed again: {entry.name}")

    monkeypatch.setattr(engine, "analyse", refuse)


def test_lint_of_an_unchanged_set_is_read_from_the_cache(tmp_path, monkeypatch):
    """A card file is one set (its dependency check sees every card): its second run analyses
    nothing and reports what the first did, CL301 dependencies included."""
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    path = tmp_path / "cards.jsonl"
    path.write_bytes(demo.read_bytes())
    first = _lint([path], batch.ResultCache(tmp_path / "r.sqlite3"))
    assert first == _lint([path], None)
    assert any(f["code"] == "CL301" for f in first[0]) and first[1]["dependency_sets"] == 1
    with monkeypatch.context() as m:
        _no_analysis(m)
        assert _lint([path], batch.ResultCache(tmp_path / "r.sqlite3")) == first


def test_lint_cache_is_not_stale(tmp_path, monkeypatch):
    """Whatever changes a report changes the key: the rule selection, a card's text, and where the
    clause stands in its line (a field written before ``text`` moves every column)."""
    from cardlint.lint import LintConfig

    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    rows = [json.loads(line) for line in demo.read_text(encoding="utf-8").splitlines() if line.strip()]
    path = tmp_path / "cards.jsonl"

    def write(rows):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")

    def check(**kw):
        cached = _lint([path], batch.ResultCache(tmp_path / "r.sqlite3"), **kw)
        assert cached == _lint([path], None, **kw)
        return cached

    write(rows)
    base = check()
    assert base[0] and check(config=LintConfig(select=["CL4"]))[0] == []
    write([{"source": "demo", **r} for r in rows])   # every clause further right
    moved = check()
    shift = len('"source": "demo", ')
    assert [f["column"] for f in moved[0]] == [f["column"] + shift if f["column"] > 1 else 1 for f in base[0]]
    # one card changed: its set is checked again (the other cards come from the cache)
    changed = [dict(r) for r in rows]
    changed[0]["text"] = "Creatures you control get +1/+1."
    write(changed)
    check()


def test_lint_cache_serves_template_folders(tmp_path, monkeypatch):
    """kb templates (YAML cards with an id) are keyed too: an unchanged folder is not analysed again."""
    import shutil

    folder = tmp_path / "templates"
    shutil.copytree(ROOT / "kb" / "templates", folder)
    first = _lint([folder], batch.ResultCache(tmp_path / "r.sqlite3"))
    assert first == _lint([folder], None) and first[1]["cards"] > 50
    with monkeypatch.context() as m:
        _no_analysis(m)
        assert _lint([folder], batch.ResultCache(tmp_path / "r.sqlite3")) == first


def test_lint_cache_of_a_whole_file_keeps_its_noqa(tmp_path, monkeypatch):
    """An unchanged card file comes whole from the cache, noqa fields included: what they suppress
    stays suppressed (and listed with --show-suppressed)."""
    demo = ROOT / "src" / "cardlint" / "data" / "demo" / "cards-en.jsonl"
    rows = [json.loads(line) for line in demo.read_text(encoding="utf-8").splitlines() if line.strip()]
    first = _lint([demo], None)[0][0]
    line = first["line"]
    rows[line - 1]["noqa"] = [first["code"]]
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    for keep in (False, True):
        expected = _lint([path], None, keep_suppressed=keep)
        assert expected[1]["suppressed"] >= 1
        assert _lint([path], batch.ResultCache(tmp_path / "r.sqlite3"), keep_suppressed=keep) == expected
        with monkeypatch.context() as m:
            _no_analysis(m)
            assert _lint([path], batch.ResultCache(tmp_path / "r.sqlite3"), keep_suppressed=keep) == expected
