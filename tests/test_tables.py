"""Where parser tables come from: shipped with the package, else the user cache, else built (with a
message); an unwritable cache is one warning; a table file is plain data; the key follows the
grammar source and Lark's version, and the format is bumped when the grammar rewriting changes."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import zlib

import pytest

from cardlint import paths
from cardlint.speed import loader, rewrite, tables
from test_perf_cache import BAD, GRAMMAR, SENTENCES, _outcome

# bound_literals on a grammar with what the German and English grammars use: umlauts, apostrophes,
# hyphens, a literal that a word class also matches, a literal inside a terminal definition
REWRITE_SAMPLE = GRAMMAR + r'''
more: "für" "jede" "kreatur" | "don't" "un-tap" WORD_CLASS
WORD_CLASS.2: /(?:kreaturen?|länder)\b/i
MULTI: "zwei" " " "wörter"
'''

#: the digest of bound_literals(REWRITE_SAMPLE) for each table format.  A change to the rewriting
#: changes the tables built from the same grammar source: bump tables.FORMAT (so that no stale
#: table is used: the key covers the source, not the rewritten text) and record the new digest.
REWRITE_DIGESTS = {
    b"cardlint-parser-9": "101eb6e097af5f42",
}


def test_grammar_rewriting_is_pinned_to_the_table_format():
    digest = hashlib.sha256(rewrite.bound_literals(REWRITE_SAMPLE).encode()).hexdigest()[:16]
    assert REWRITE_DIGESTS.get(tables.FORMAT) == digest, (
        "bound_literals() output changed: bump tables.FORMAT and record the new digest here")


@pytest.fixture()
def toy(tmp_path, monkeypatch):
    """A grammar folder with one toy grammar, an empty shipped folder and an empty user cache."""
    grammars = tmp_path / "grammar"
    grammars.mkdir()
    (grammars / "toy.lark").write_text(GRAMMAR, encoding="utf-8")
    shipped, cache = tmp_path / "shipped", tmp_path / "cache"
    shipped.mkdir()
    monkeypatch.setattr(loader, "grammar_dir", lambda: grammars)
    monkeypatch.setattr(paths, "shipped_dir", lambda: shipped)
    monkeypatch.setenv("CARDLINT_CACHE_DIR", str(cache))
    paths._WARNED.clear()
    loader.load_grammar.cache_clear()
    yield grammars, shipped, cache
    loader.load_grammar.cache_clear()


def test_a_built_table_is_announced_and_cached_then_loaded_silently(toy, capsys):
    grammars, shipped, cache = toy
    built = loader.load_grammar("toy.lark", lexer="words")
    assert "toy.lark" in capsys.readouterr().err  # the message names the grammar being built
    assert len(list(cache.glob("toy-*.parser"))) == 1
    loader.load_grammar.cache_clear()
    again = loader.load_grammar("toy.lark", lexer="words")
    assert capsys.readouterr().err == ""
    assert isinstance(again.parser.parser._parse_table.states, tables.LazyStates)
    for text in SENTENCES + BAD:
        assert _outcome(again, text) == _outcome(built, text)


def test_shipped_tables_come_first_and_need_no_cache(toy, capsys, tmp_path, monkeypatch):
    grammars, shipped, cache = toy
    loader.load_grammar("toy.lark", lexer="words")
    (table,) = cache.glob("toy-*.parser")
    table.rename(shipped / table.name)
    blocked = tmp_path / "not-a-dir"
    blocked.write_text("a file where the cache directory should be")
    monkeypatch.setenv("CARDLINT_CACHE_DIR", str(blocked))
    loader.load_grammar.cache_clear()
    capsys.readouterr()
    parser = loader.load_grammar("toy.lark", lexer="words")
    assert capsys.readouterr().err == ""  # no build, and no warning: the cache was not needed
    assert _outcome(parser, SENTENCES[0])[0] == "tree"
    # an edited grammar: the shipped table is stale and is not used
    (grammars / "toy.lark").write_text(GRAMMAR + "\n// edited\n", encoding="utf-8")
    loader.load_grammar.cache_clear()
    loader.load_grammar("toy.lark", lexer="words")
    err = capsys.readouterr().err
    assert "toy.lark" in err and "CARDLINT_CACHE_DIR" in err  # built, and the cache cannot keep it
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 2  # one line announcing the build, one warning
    loader.load_grammar.cache_clear()
    loader.load_grammar("toy.lark", lexer="words")
    err = capsys.readouterr().err
    assert "CARDLINT_CACHE_DIR" not in err  # the warning once per process


def test_key_follows_source_and_lark_version_not_python(toy, monkeypatch):
    import lark

    grammars, _, _ = toy
    path = grammars / "toy.lark"
    key = tables.cache_key(path, "start", {"lexer": "basic"}, True)
    monkeypatch.setattr("sys.version_info", (3, 99, 0, "final", 0))
    assert tables.cache_key(path, "start", {"lexer": "basic"}, True) == key
    monkeypatch.setattr(lark, "__version__", "0.0.1")
    assert tables.cache_key(path, "start", {"lexer": "basic"}, True) != key


class _Evil:
    def __reduce__(self):
        return (os.system, ("echo should-not-run",))


def test_a_table_file_cannot_run_code(tmp_path):
    key = "k" * 64
    file = tmp_path / "t.parser"
    payload = {"data": {"options": {}, "x": _Evil()}, "memo": {}}
    file.write_bytes(tables.FORMAT + b" " + key.encode() + b"\n" + zlib.compress(pickle.dumps(payload)))
    assert tables.read_table(file, key) is None
    assert tables.load_parser(file, key, {}) is None


def test_the_package_tables_are_plain_data_and_current():
    shipped = paths.shipped_dir()
    files = sorted(shipped.glob("*.parser")) if shipped.is_dir() else []
    if not files:
        pytest.skip("no tables shipped in this install (built by the wheel build hook)")
    for file in files:
        assert tables.read_table(file) is not None, file.name
    # every front end finds its grammar's table there: nothing is built
    from cardlint.lang.frontend import frontend

    for lang in ("en", "de", "ja", "zh-Hans"):
        fe = frontend(lang)
        name = loader.table_name(fe.grammar, fe.start, **fe.grammar_options)[2]
        assert (shipped / name).is_file(), f"{lang}: {name} not shipped; run tools/build_tables.py"


def test_unpickler_allows_lark_tokens_only():
    from lark.lexer import Token

    blob = pickle.dumps([Token("RULE", "x"), {"a": b"1"}])
    assert tables.TableUnpickler(io.BytesIO(blob)).load() == ["x", {"a": b"1"}]
    with pytest.raises(pickle.UnpicklingError):
        tables.TableUnpickler(io.BytesIO(pickle.dumps(io.BytesIO))).load()


def test_chinese_scanner_index_key_is_the_same_for_a_built_and_a_loaded_parser(tmp_path):
    from lark import Lark

    from cardlint.speed import state_lexer as zh_lexer

    grammar = 'start: A B+\nA: /[甲乙]+/i\nB: "丙" | "丁"\n%ignore " "\n'
    built = Lark(grammar, parser="lalr", lexer="contextual")
    file, key = tmp_path / "z.parser", "z" * 64
    tables.save_parser(built, file, key)
    loaded = tables.load_parser(file, key, {})
    keys = [zh_lexer.index_key(p.parser.lexer.root_lexer.terminals, 0) for p in (built, loaded)]
    assert keys[0] == keys[1]
    zh_lexer.install(loaded)
    assert _outcome(loaded, "甲乙 丙丁") == _outcome(built, "甲乙 丙丁")
