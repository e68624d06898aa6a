"""The ``cardlint`` command.  Each subcommand lives in ``cardlint.commands.<name>`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable(args) -> exit code.
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import importlib
import sys

from cardlint import __version__
from cardlint.errors import EXIT_USAGE, CardlintError
from cardlint.i18n import LANGS, _, set_lang

#: Subcommand modules, in the order ``cardlint --help`` lists them.
COMMANDS = (
    "classify",
    "check_translation",
    "lint",
    "rule",
    "explain",
    "summary",
    "chain",
    "kb",
    "demo",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2 already; keep its message but localize the prefix
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: {_('error')}: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only`` (a subcommand module name), that subcommand alone — a
    command's module may import heavy libraries, and one run needs one command."""
    parser = _Parser(prog="cardlint", description=_("Rules knowledge base and linter for trading-card rules text."))
    parser.add_argument("--version", action="version", version=f"cardlint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        try:
            module = importlib.import_module(f"cardlint.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"cardlint.commands.{name}":
                continue  # a capability that has not landed yet
            raise
        module.register(sub)
    for command in sub.choices.values():
        add_common_options(command)
    return parser


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """Options every command takes, with one meaning everywhere (``--lang`` stays each command's
    own: the language of the card text)."""
    from cardlint.console import COLOR_MODES

    have = parser._option_string_actions
    if "--ui-lang" not in have:
        parser.add_argument("--ui-lang", choices=list(LANGS), default=None,
                            help=_("language of the messages (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"))
    if "--color" not in have:
        parser.add_argument("--color", choices=list(COLOR_MODES), default="auto",
                            help=_("colour the output: auto (a terminal without NO_COLOR), always or never"))
    if "--output" not in have:
        parser.add_argument("--output", "-o", metavar="FILE", help=_("write the output to FILE instead of standard output"))


def _ui_lang(argv: list[str]) -> str:
    from cardlint.console import option_from_argv, ui_lang_from_env

    return option_from_argv(argv, "--ui-lang") or ui_lang_from_env()


def _command_from_argv(argv: list[str]) -> str | None:
    """The subcommand module the first word of ``argv`` names, or None (help, usage errors and
    anything unexpected get the full parser)."""
    if argv and not argv[0].startswith("-"):
        name = argv[0].replace("-", "_")
        if name in COMMANDS:
            return name
    return None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # a run's interface language (--ui-lang) is set in a context of its own, so that a caller in the
    # same process (a test, an editor plugin) keeps its own language after the run
    return contextvars.copy_context().run(_main, argv)


def _main(argv: list[str]) -> int:
    from cardlint.io.output import safe_std_streams

    safe_std_streams()
    try:
        set_lang(_ui_lang(argv))
    except ValueError as exc:
        print(f"cardlint: {exc}", file=sys.stderr)
        return EXIT_USAGE
    parser = build_parser(_command_from_argv(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    from cardlint.commands.common import open_output
    from cardlint.console import set_color

    set_color(getattr(args, "color", None))
    try:
        # one home for --output: every command writes to standard output, redirected here
        with open_output(getattr(args, "output", None)) as out, contextlib.redirect_stdout(out):
            args.output = None
            return int(args.func(args) or 0)
    except CardlintError as exc:
        print(f"cardlint: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
