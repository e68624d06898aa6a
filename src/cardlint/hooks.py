"""``python -m cardlint.hooks COMMAND [OPTIONS] FILE…``: run a command that reads one ``--input``
file over every file pre-commit passes (``.pre-commit-hooks.yaml``), text output by default, and
exit with the worst status (2 over 1 over 0)."""

from __future__ import annotations

import os
import sys

#: commands whose batch input is a single ``--input FILE``
ONE_INPUT = ("check-translation", "classify")


def main(argv: list[str] | None = None) -> int:
    from cardlint.cli import main as cli

    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ONE_INPUT:
        print("usage: python -m cardlint.hooks {" + ",".join(ONE_INPUT) + "} [OPTIONS] FILE…", file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    takes_value = _options_with_values(command)
    split = len(rest)
    # pre-commit appends the file names after the hook's args; an option's value is not one of them
    while split > 0 and os.path.isfile(rest[split - 1]) and not (split >= 2 and rest[split - 2] in takes_value):
        split -= 1
    options, files = rest[:split], rest[split:]
    if "--format" not in options and not any(o.startswith("--format=") for o in options):
        options += ["--format", "text"]
    worst = 0
    for path in files:
        code = cli([command, *options, "--input", path])
        worst = 2 if 2 in (worst, code) else max(worst, code)
    return worst


def _options_with_values(command: str) -> set[str]:
    from cardlint.cli import build_parser

    parser = build_parser(command.replace("-", "_"))
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    return {o for a in sub._actions if a.option_strings and a.nargs != 0 for o in a.option_strings}


if __name__ == "__main__":
    raise SystemExit(main())
