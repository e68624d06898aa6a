"""Run the ``cardlint`` command in-process and capture what it prints (shared by the input tests)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

from cardlint.cli import main


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()
