"""A per-record time budget for batch runs: a record that takes longer than its budget is stopped
and gets an error result; the run goes on.

It uses ``signal.setitimer`` (a SIGALRM after ``seconds``), so it works only on the main thread of
a POSIX process; elsewhere (threads, Windows) the budget is not enforced and the record runs to
the end.  The alarm raises :class:`BudgetExceeded` between two Python bytecodes, so it cannot stop
a single long regular-expression match — which is why every pattern used on card text is checked
for catastrophic backtracking (``tests/test_regex_bounds.py``).  Callers warm up the parser of
their language before the first budgeted record, so that the alarm never interrupts the one-time
grammar loading shared by later records; the per-record memos are written only after a result is
complete, so an interrupted record leaves no half-written entry."""

from __future__ import annotations

import contextlib
import signal
import threading

DEFAULT_SECONDS = 10.0


class BudgetExceeded(Exception):
    pass


def enforceable() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _alarm(signum, frame):
    raise BudgetExceeded()


@contextlib.contextmanager
def time_budget(seconds: float | None):
    """Raise :class:`BudgetExceeded` inside the block once ``seconds`` have passed (None or 0: no limit)."""
    if not seconds or seconds <= 0 or not enforceable():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
