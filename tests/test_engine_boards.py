"""Every kb/boards/*.yaml board and each of its variants gives its expected outcome.

A board whose ``known_gaps`` list front-end gaps (a clause the grammar cannot parse yet, or an IR
that lacks something) is expected to fail until the gap is closed: the test is marked xfail with
the gap, and turns into XPASS by itself once the front end handles the clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlint.engine import UnparsedError, apply_variant, check_expect, evaluate, load_board, variant_names

BOARDS = sorted((Path(__file__).resolve().parent.parent / "kb" / "boards").glob("*.yaml"))


def _cases():
    for path in BOARDS:
        board = load_board(path)
        yield pytest.param(path, None, id=path.stem)
        for v in variant_names(board):
            yield pytest.param(path, v, id=f"{path.stem}[{v}]")


@pytest.mark.parametrize("path,variant", list(_cases()))
def test_board(path, variant):
    board = load_board(path, variant)
    gaps = "; ".join(f"{g.get('clause')!r}: {g.get('issue')}" for g in board.known_gaps)
    try:
        result = evaluate(board)
    except UnparsedError as exc:
        if board.known_gaps:
            pytest.xfail(f"front-end gap: {exc}")
        raise
    problems = check_expect(result, board.expect)
    if problems and board.known_gaps:
        pytest.xfail(f"known gaps {gaps} → {problems}")
    assert not problems, problems
    assert board.expect, "every board states its expected outcome"
