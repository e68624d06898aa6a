"""Terminal habits shared by every command: the message language (``--ui-lang``, else gettext's
environment variables), colour (``--color``, ``NO_COLOR``), progress on standard error, and
padding by display width (East Asian wide characters take two cells).

``--lang`` is always the language of the card text; nothing here looks at it.
"""

from __future__ import annotations

import os
import sys
import time
import unicodedata
from contextvars import ContextVar
from typing import Iterable, Iterator

from cardlint.i18n import normalize_lang

#: gettext's order (``LANGUAGE`` is a colon-separated priority list).
UI_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
COLOR_MODES = ("auto", "always", "never")

_color: ContextVar[str] = ContextVar("cardlint_color", default="auto")


# --- message language ---------------------------------------------------------------------------

def ui_lang_from_env(environ=None) -> str:
    """The message language gettext would pick from the environment; ``en`` when it names a
    language cardlint has no catalog for (``C``, ``POSIX``, ``fr_FR`` …)."""
    env = os.environ if environ is None else environ
    for var in UI_ENV:
        value = env.get(var)
        if not value:
            continue
        for item in value.split(":") if var == "LANGUAGE" else [value]:
            code = item.split(".")[0].split("@")[0]
            if not code or code in ("C", "POSIX"):
                continue
            try:
                return normalize_lang(code)
            except ValueError:
                continue
        if var != "LANGUAGE":
            return "en"  # the first set variable decides, as in gettext
    return "en"


def option_from_argv(argv: list[str], option: str) -> str | None:
    """The value of ``option`` in ``argv`` (``--opt V`` or ``--opt=V``) before a ``--``."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == option and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(option + "="):
            return arg.split("=", 1)[1]
    return None


# --- colour ---------------------------------------------------------------------------------------

def set_color(mode: str | None) -> None:
    _color.set(mode or "auto")


def color_enabled(stream=None) -> bool:
    """``--color always|never``; ``auto``: a terminal, unless ``NO_COLOR`` is set (no-color.org)
    or ``TERM=dumb``."""
    mode = _color.get()
    if mode == "always":
        return True
    if mode == "never" or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = sys.stdout if stream is None else stream
    return bool(getattr(stream, "isatty", lambda: False)())


def paint(text: str, style: str, stream=None) -> str:
    """``text`` in an SGR style (``"1;31"`` bold red) when colour is on for ``stream``."""
    return f"\033[{style}m{text}\033[0m" if color_enabled(stream) else text


# --- display width --------------------------------------------------------------------------------

def width(text: str) -> int:
    """Display width in a terminal: East Asian wide/fullwidth characters take two cells."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def pad(text: str, cells: int) -> str:
    """``text`` left-aligned in ``cells`` display cells (``f"{s:18s}"`` counts characters)."""
    return text + " " * max(0, cells - width(text))


# --- progress -------------------------------------------------------------------------------------

def progress_wanted(stream=None) -> bool:
    stream = sys.stderr if stream is None else stream
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("CARDLINT_NO_PROGRESS")


class Progress:
    """A progress line on standard error, drawn only on a terminal (never when piped, never with
    ``CARDLINT_NO_PROGRESS``) and at most ten times a second."""

    def __init__(self, total: int | None = None, label: str = ""):
        self.total = total
        self.label = label
        self.n = 0
        self.on = progress_wanted()
        self.start = time.monotonic()
        self.last = 0.0

    def advance(self, k: int = 1) -> None:
        self.n += k
        if self.on:
            now = time.monotonic()
            if now - self.last > 0.1:
                self.last = now
                self._draw(now - self.start)

    def close(self) -> None:
        if self.on:
            self._draw(time.monotonic() - self.start)
            sys.stderr.write("\n")
            sys.stderr.flush()
            self.on = False

    def _draw(self, elapsed: float) -> None:
        # a rate over the first fraction of a second says nothing
        rate = f" ({self.n / elapsed:.0f}/s)" if elapsed >= 1 else ""
        head = f"{self.label} " if self.label else ""
        if self.total:
            cells = 30
            done = min(cells, int(cells * self.n / self.total))
            bar = "█" * done + "░" * (cells - done)
            sys.stderr.write(f"\r{head}{bar} {self.n}/{self.total}{rate}\033[K")
        else:
            sys.stderr.write(f"\r{head}{self.n}{rate}\033[K")
        sys.stderr.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def track(items: Iterable, total: int | None = None, label: str = "") -> Iterator:
    """Yield ``items`` while drawing a :class:`Progress`."""
    with Progress(total, label) as bar:
        for item in items:
            yield item
            bar.advance()
