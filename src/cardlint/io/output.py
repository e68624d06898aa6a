"""Output that always encodes: every stream cardlint writes is UTF-8 and turns a lone surrogate
(which can arrive from a command-line argument or a file name through Python's
``surrogateescape``) into U+FFFD instead of failing or writing a raw non-UTF-8 byte."""

from __future__ import annotations

import codecs
import sys

ERRORS = "cardlint.replace"


def _replace(exc: UnicodeError):
    if isinstance(exc, UnicodeEncodeError):
        # bytes: the UTF-8 encoder takes no non-ASCII str from a handler
        return "\ufffd".encode("utf-8") * (exc.end - exc.start), exc.end
    raise exc


codecs.register_error(ERRORS, _replace)


def safe_std_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(encoding="utf-8", errors=ERRORS)
            except (ValueError, OSError):   # a stream that cannot change (already written in another encoding)
                pass


def open_text_output(path: str):
    return open(path, "w", encoding="utf-8", errors=ERRORS)
