"""Load Lark LALR grammars from ``grammar/`` with their parsers' tables built once, not per run.

Where a table comes from, in order: the tables shipped with the package (``cardlint/_tables``,
built by ``tools/build_tables.py`` when the wheel or the editable install is built), then the user
cache (:func:`cardlint.paths.cache_dir`) — which only a grammar edited in a checkout needs — and
last a build, announced on standard error and saved to the user cache (an unwritable cache is a
one-line warning).  The file format and its key: :mod:`cardlint.speed.tables`.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

from lark import Lark

from cardlint.paths import cache_dir, grammar_dir
from cardlint.speed.parser_loop import use_parser_loop
from cardlint.speed.rewrite import bound_literals
from cardlint.speed.state_lexer import install
from cardlint.speed.tables import cache_key, load_parser, save_parser

def table_name(relpath: str, start: str = "start", **options) -> tuple[Path, str, str, dict, bool]:
    """``(grammar path, key, table file name, Lark options, bound)`` of a :func:`load_grammar` call."""
    path = grammar_dir() / relpath
    bound = options.pop("bound_literals", True)
    options.pop("scanner", None)  # how a loaded parser scans, not what its tables are built from
    opts = dict(parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)
    opts.update(options)
    if opts.get("lexer") == "words":
        from cardlint.speed.wordlexer import WordLexer

        opts["lexer"] = WordLexer
    key = cache_key(path, start, opts, bound)
    return path, key, f"{path.stem}-{key[:16]}.parser", opts, bound


def _build_message(path: Path) -> None:
    from cardlint.i18n import _

    print(_("cardlint: building the parser tables of {grammar} (once for this grammar; up to a minute)…").format(
        grammar=f"{path.parent.name}/{path.name}"), file=sys.stderr, flush=True)


def plain_lark() -> bool:
    """Is the speed layer switched off (``CARDLINT_PLAIN_LARK=1``)?  Then grammars are loaded as Lark's
    own objects — Lark's parser loop, Lark's contextual or basic lexer, trees walked by Lark's
    ``Transformer`` — from the same tables, to check that the speed layer changes nothing but time.

    The environment is read once (every parse asks, and reading it cost a few µs per clause), and
    again after ``load_grammar.cache_clear()``."""
    if _PLAIN:
        return _PLAIN[0]
    _PLAIN.append(os.environ.get("CARDLINT_PLAIN_LARK", "") not in ("", "0"))
    return _PLAIN[0]


_PLAIN: list[bool] = []  # plain_lark()'s answer, once read


def load_grammar(relpath: str, start: str = "start", *, plain: bool | None = None, **options) -> Lark:
    """An LALR parser for ``grammar/<relpath>`` (``%import`` resolves relative to its folder), its
    tables shipped, cached or built once.

    ``options`` are Lark's, and ``lexer="words"`` (cardlint's word lexer for the Latin-script
    grammars), ``scanner="first-char"`` (the contextual lexer's states scan terminal by terminal,
    see :mod:`cardlint.speed.state_lexer`), ``bound_literals=False`` (no word-literal rewriting).
    ``plain``: Lark's own objects only (default: :func:`plain_lark`)."""
    if plain is None:
        plain = plain_lark()
    return _load_grammar(relpath, start, bool(plain), **options)


@lru_cache(maxsize=None)
def _load_grammar(relpath: str, start: str, plain: bool, **options) -> Lark:
    scanner = options.pop("scanner", None)
    if plain:
        return _load(relpath, start, plain, options)
    parser = use_parser_loop(_load(relpath, start, plain, options))
    if scanner == "first-char":
        install(parser)
    elif scanner is not None:
        raise ValueError(f"unknown scanner {scanner!r}")
    return parser


def _load(relpath: str, start: str, plain: bool, options: dict) -> Lark:
    from lark.lark import _LOAD_ALLOWED_OPTIONS

    from cardlint.paths import note_used, shipped_dir, warn_once

    path, key, name, opts, bound = table_name(relpath, start, **options)
    note_used(name)
    load_options = {k: v for k, v in opts.items() if k in _LOAD_ALLOWED_OPTIONS}
    for folder in (shipped_dir(), None):
        try:
            folder = folder or cache_dir()
        except OSError:
            continue
        parser = load_parser(folder / name, key, load_options, plain)
        if parser is not None:
            return parser
    _build_message(path)
    text = path.read_text(encoding="utf-8")
    if bound:
        text = bound_literals(text, path.parent)
    parser = Lark(text, start=start, import_paths=[path.parent, grammar_dir()], **opts)
    try:
        folder = cache_dir()
        save_parser(parser, folder / name, key, text)
    except OSError as exc:
        from cardlint.i18n import _

        warn_once(_("cardlint: warning: cannot write the parser tables to the cache directory ({error}); they are "
                    "built again on every run (set CARDLINT_CACHE_DIR to a writable directory)").format(error=exc))
    return parser  # (Lark's own objects: also the plain parser, until the next run reads the file)


def _cache_clear() -> None:
    _load_grammar.cache_clear()
    _PLAIN.clear()


#: (the tests clear the loaded grammars with load_grammar.cache_clear())
load_grammar.cache_clear = _cache_clear
