"""JSONL files: one :class:`Record` per input line, in order — blank lines included — so that a
batch writes one result per input line.  A line that cannot be read becomes a record with
``error`` (``file:line:column: sentence``) and the run goes on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from cardlint.errors import InputError
from cardlint.i18n import _
from cardlint.io.decode import BOM, decode_utf8, loads_json


@dataclass
class Record:
    line: int
    data: dict | None
    error: str | None = None
    text: str = ""            # the decoded line, to locate keys in messages
    blank: bool = False       # an empty line: batches answer it with an error row, lint skips it

    @property
    def name(self) -> Any:
        name = (self.data or {}).get("name")
        return name if isinstance(name, str) or name is None else str(name)


def iter_jsonl(path: str, data: bytes | None = None) -> Iterator[Record]:
    """One :class:`Record` per line of ``path``, read as they are asked for (a large file is never
    held whole); a missing or unreadable file raises :class:`InputError` at once (before the first
    record is asked for).  ``data``: the input already read (``-``, standard input, is read here
    when not given)."""
    if data is None and path == "-":
        import sys

        data = sys.stdin.buffer.read()
    if data is not None:
        lines = data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()               # the newline that ends the last line opens no line
        return (read_line(chunk, path, lineno) for lineno, chunk in enumerate(lines, start=1))
    return _stream(open_binary(path), path)


def open_binary(path: str):
    try:
        return open(path, "rb")
    except IsADirectoryError:
        raise InputError(_("is a folder, not a file"), path=path) from None
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror or exc), path=path) from None


def _stream(fh, path: str) -> Iterator[Record]:
    with fh:
        for lineno, chunk in enumerate(fh, start=1):
            yield read_line(chunk[:-1] if chunk.endswith(b"\n") else chunk, path, lineno)


def read_line(chunk: bytes, path: str, lineno: int) -> Record:
    try:
        text = decode_utf8(chunk.rstrip(b"\r"), path, first_line=lineno, strip_bom=False)
        if lineno == 1 and text.startswith(BOM):
            text = " " + text[1:]      # keep the columns of the characters after it
        if not text.strip():
            return Record(lineno, None, f"{path}:{lineno}:1: " + _("blank line: no card record here"),
                          text=text, blank=True)
        data = loads_json(text, path, first_line=lineno)
    except InputError as exc:
        return Record(lineno, None, str(exc))
    if not isinstance(data, dict):
        col = len(text) - len(text.lstrip()) + 1
        return Record(lineno, None, f"{path}:{lineno}:{col}: " + _("expected a JSON object {{…}} on each line").format(),
                      text=text)
    return Record(lineno, data, text=text)


def key_column(text: str, key: Any) -> int:
    """The column of ``"key":`` in a JSONL line (1 when it cannot be found)."""
    import json

    i = text.find(json.dumps(key, ensure_ascii=False) + ":") if isinstance(key, str) else -1
    if i < 0 and isinstance(key, str):
        i = text.find(json.dumps(key, ensure_ascii=False))
    return i + 1 if i >= 0 else 1


def validate(rec: Record, fmt: str, path: str) -> Record:
    """``rec`` with ``error`` set when its object does not fit ``SCHEMAS[fmt]``."""
    if rec.error or rec.data is None:
        return rec
    from cardlint.io.schema import check

    try:
        check(rec.data, fmt, path, lambda _c, key: (rec.line, key_column(rec.text, key) if key is not None else 1))
    except InputError as exc:
        rec.error = str(exc)
    return rec
