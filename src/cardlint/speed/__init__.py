"""The speed layer: how grammars are loaded and run fast, behind one entry point, :func:`load_grammar`.

- :mod:`~cardlint.speed.loader` — :func:`load_grammar`: shipped tables, then the user cache, then a build;
- :mod:`~cardlint.speed.tables` — the table file (plain data, lazily decoded rows) and its key;
- :mod:`~cardlint.speed.rewrite` — the word-literal rewriting applied before tables are built;
- :mod:`~cardlint.speed.parser_loop` — Lark's LALR loop on int actions, with generated rule callbacks;
- :mod:`~cardlint.speed.inline` — builders run while the parser reduces; :class:`FastTransformer`;
- :mod:`~cardlint.speed.wordlexer`, :mod:`~cardlint.speed.state_lexer`, :mod:`~cardlint.speed.first_match`
  — the word lexer (English, German), the contextual lexer's lazy per-state scanners (Chinese), the
  basic lexer without Lark's combined expression (the German fallback); the first-character analysis
  of a regular expression they share is :mod:`~cardlint.speed.first_chars`;
- :mod:`~cardlint.speed.lazydict` — the entries (states, rules) made only when a parse reaches them.

``CARDLINT_PLAIN_LARK=1`` (or ``load_grammar(..., plain=True)``) switches all of it off: the same
tables, read into Lark's own parser, lexer and ``Transformer`` — ``tests/test_speed_plain.py``
checks that both give the same IR on every language's clause fixtures.  Language modules use
this package's public names only, never Lark's private ones.
"""

from cardlint.speed.inline import FastTransformer, inline_build
from cardlint.speed.loader import load_grammar, plain_lark
from cardlint.speed.parser_loop import InlineBuildError

__all__ = ["FastTransformer", "InlineBuildError", "first_match_lexer", "inline_build", "load_grammar",
           "plain_lark", "terminal_index"]


def first_match_lexer(parser):
    """The grammar's terminals as one basic lexer that scans terminal by terminal
    (:func:`cardlint.speed.first_match.first_match_lexer`)."""
    from cardlint.speed.first_match import first_match_lexer as build

    return build(parser)


def terminal_index(terminals, flags: int):
    """Per-terminal first characters and compiled expressions (:class:`cardlint.speed.state_lexer.TerminalIndex`)."""
    from cardlint.speed.state_lexer import TerminalIndex

    return TerminalIndex(terminals, flags)
