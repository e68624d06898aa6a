"""The README's console blocks are true: every ``$ cardlint …`` line is run (from the checkout, in
English, no progress bars) and its standard output compared with the lines shown under it.

In the shown output a line ``…`` stands for any number of lines, and ``…`` inside a line for any
text; ``$ echo $?`` shows the exit status of the command before it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cardlint.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def console_examples(text: str) -> list[tuple[int, str, list[str]]]:
    """``(line number, command, shown output lines)`` for each ``$`` line of the console blocks."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```console":
            i += 1
            current = None
            while i < len(lines) and lines[i].strip() != "```":
                line = lines[i]
                if line.startswith("$ "):
                    current = (i + 1, line[2:], [])
                    out.append(current)
                elif current is not None:
                    current[2].append(line)
                i += 1
        i += 1
    for _n, _cmd, shown in out:
        while shown and not shown[-1].strip():
            shown.pop()
    return out


def _line_pattern(line: str) -> re.Pattern:
    return re.compile("".join(".*" if part == "…" else re.escape(part) for part in re.split("(…)", line.rstrip())) + r"\Z")


def matches(shown: list[str], actual: list[str]) -> bool:
    """Does ``actual`` fit ``shown`` with its elisions?"""
    memo: dict[tuple[int, int], bool] = {}

    def go(i: int, j: int) -> bool:
        key = (i, j)
        if key not in memo:
            if i == len(shown):
                memo[key] = j == len(actual)
            elif shown[i].strip() == "…":
                memo[key] = any(go(i + 1, k) for k in range(j, len(actual) + 1))
            else:
                memo[key] = j < len(actual) and bool(_line_pattern(shown[i]).match(actual[j].rstrip())) \
                    and go(i + 1, j + 1)
        return memo[key]

    return go(0, 0)


EXAMPLES = console_examples(README.read_text(encoding="utf-8"))


def test_readme_has_console_examples():
    commands = [cmd for _n, cmd, _s in EXAMPLES if cmd.startswith("cardlint ")]
    assert len(commands) >= 8
    assert {c.split()[1] for c in commands} >= {"classify", "check-translation", "lint", "rule", "explain",
                                                "summary", "chain", "kb"}


def test_matcher_can_fail():
    assert matches(["a", "…", "c"], ["a", "b", "b", "c"])
    assert matches(["x … z"], ["x yy z"])
    assert not matches(["a", "c"], ["a", "b", "c"])
    assert not matches(["a", "…"], ["b"])


@pytest.mark.parametrize("lineno,command,shown", [e for e in EXAMPLES if e[1].startswith("cardlint ")],
                         ids=[f"README.md:{n}" for n, c, _s in EXAMPLES if c.startswith("cardlint ")])
def test_console_example(capsys, monkeypatch, lineno, command, shown):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    argv = shlex.split(command)[1:]
    code = main(argv)
    out = capsys.readouterr().out
    actual = out.rstrip("\n").splitlines()
    # the exit status, when the README shows it
    idx = next(k for k, e in enumerate(EXAMPLES) if e[0] == lineno)
    if idx + 1 < len(EXAMPLES) and EXAMPLES[idx + 1][1].strip() == "echo $?":
        assert [str(code)] == [s.strip() for s in EXAMPLES[idx + 1][2] if s.strip()], f"README.md:{lineno}: exit status"
    assert matches(shown, actual), f"README.md:{lineno}: `{command}` printed:\n{out}"
