"""Shared CLI plumbing: options, JSONL reading with locations, output, progress bars."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from cardlint.errors import InputError
from cardlint.i18n import LANGS, _


def add_lang(parser, help_text: str | None = None) -> None:
    parser.add_argument("--lang", default="en", choices=list(LANGS),
                        help=help_text or _("language of the card text and of the output"))


def add_format(parser, choices: list[str], default: str | None = "text") -> None:
    parser.add_argument("--format", choices=choices, default=default, help=_("output format"))


@dataclass
class Record:
    line: int
    data: dict | None
    error: str | None = None

    @property
    def name(self) -> Any:
        return (self.data or {}).get("name")


def iter_jsonl(path: str, data: bytes | None = None) -> Iterator[Record]:
    """One :class:`Record` per non-empty line; a malformed line becomes a record with ``error``
    naming ``file:line:column`` (the run goes on).  ``data``: the input already read (standard
    input, ``-``)."""
    if data is not None or path == "-":
        import io

        fh = io.BytesIO(data if data is not None else sys.stdin.buffer.read())
    else:
        try:
            fh = open(path, "rb")
        except OSError as exc:
            raise InputError(_("cannot read input: {error}").format(error=exc.strerror), path=path) from exc
    with fh:
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield Record(lineno, None, f"{path}:{lineno}:{exc.start + 1}: " + _("not UTF-8"))
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                yield Record(lineno, None, f"{path}:{lineno}:{exc.colno}: " + _("invalid JSON: {msg}").format(msg=exc.msg))
                continue
            if not isinstance(data, dict):
                yield Record(lineno, None, f"{path}:{lineno}:1: " + _("expected a JSON object"))
                continue
            bad = next((k for k in ("text", "name", "tname", "type") if data.get(k) is not None
                        and not isinstance(data[k], str)), None)
            if bad:
                yield Record(lineno, data, f"{path}:{lineno}:1: " + _("\"{field}\" must be a string").format(field=bad))
                continue
            yield Record(lineno, data)


@contextlib.contextmanager
def open_output(path: str | None):
    if not path:
        yield sys.stdout
        return
    try:
        fh = open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise InputError(_("cannot write output: {error}").format(error=exc.strerror), path=path) from exc
    with fh:
        yield fh


def progress(items: Iterable, label: str = "", total: int | None = None) -> Iterator:
    """Yield items; on a terminal, draw a progress bar on standard error."""
    if not sys.stderr.isatty() or os.environ.get("CARDLINT_NO_PROGRESS"):
        yield from items
        return
    if total is None and label and os.path.isfile(label):
        try:
            with open(label, "rb") as fh:
                total = sum(1 for line in fh if line.strip())
        except OSError:
            total = None
    start = time.monotonic()
    last = 0.0
    n = 0
    for item in items:
        yield item
        n += 1
        now = time.monotonic()
        if now - last > 0.1:
            last = now
            _draw(n, total, now - start)
    _draw(n, total, time.monotonic() - start)
    sys.stderr.write("\n")


def _draw(n: int, total: int | None, elapsed: float) -> None:
    rate = n / elapsed if elapsed > 0 else 0
    if total:
        width = 30
        done = int(width * n / total)
        bar = "█" * done + "░" * (width - done)
        sys.stderr.write(f"\r{bar} {n}/{total} ({rate:.0f}/s)")
    else:
        sys.stderr.write(f"\r{n} ({rate:.0f}/s)")
    sys.stderr.flush()
