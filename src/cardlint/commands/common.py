"""Shared CLI plumbing: options, JSONL reading with locations, output, progress bars."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from cardlint.errors import InputError
from cardlint.i18n import LANGS, _


def add_lang(parser, help_text: str | None = None, default: str | None = "en") -> None:
    """``--lang``: the language of the card text, in every command (messages follow ``--ui-lang``)."""
    parser.add_argument("--lang", default=default, choices=list(LANGS),
                        help=help_text or _("language of the card text (messages: --ui-lang)"))


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


def iter_jsonl(path: str) -> Iterator[Record]:
    """One :class:`Record` per non-empty line; a malformed line becomes a record with ``error``
    naming ``file:line:column`` (the run goes on)."""
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
    """Yield items; on a terminal, draw a progress bar on standard error (:mod:`cardlint.console`)."""
    from cardlint.console import progress_wanted, track

    if not progress_wanted():
        yield from items
        return
    if total is None and label and os.path.isfile(label):
        try:
            with open(label, "rb") as fh:
                total = sum(1 for line in fh if line.strip())
        except OSError:
            total = None
    yield from track(items, total)
