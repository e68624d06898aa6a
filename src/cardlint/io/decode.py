"""Bytes → text → values for every input file, with every decoding problem turned into an
:class:`~cardlint.errors.InputError` that names ``file:line:column`` and says what is wrong in a
sentence.  JSON (:func:`loads_json`), whole files (:func:`read_text`); YAML is in
:mod:`cardlint.io.yamlio`, JSONL records in :mod:`cardlint.io.jsonl`, TOML in :func:`load_toml`.

What is refused, and why: a lone surrogate (``"\\udc80"``) is no Unicode character and cannot be
written as UTF-8; ``NaN``/``Infinity`` (and ``1e999``, which Python reads as infinity) are not
JSON and no card value; an integer of more than :data:`MAX_DIGITS` digits cannot be converted;
nesting deeper than :data:`MAX_DEPTH` is no card data and would exhaust the recursion limit;
a duplicate key silently loses one of its values.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from cardlint.errors import InputError
from cardlint.i18n import _

BOM = "\ufeff"
MAX_DEPTH = 64          # card records, boards and chain files nest a few levels
MAX_DIGITS = 4300       # Python's int/str conversion limit (sys.get_int_max_str_digits)
SURROGATE = re.compile("[\ud800-\udfff]")
_LONE_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?|\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except IsADirectoryError:
        raise InputError(_("is a folder, not a file"), path=path) from None
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror or exc), path=path) from None


def position(text: str, index: int, first_line: int = 1) -> tuple[int, int]:
    """(line, column), both 1-based, of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + first_line
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def decode_utf8(raw: bytes, path: str, first_line: int = 1, strip_bom: bool = True) -> str:
    """UTF-8 text (a leading BOM is dropped); a bad byte is reported at its own line and column."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + first_line
        col = len(raw[start:exc.start].decode("utf-8", "replace")) + 1
        raise InputError(_("not UTF-8 text: byte 0x{byte:02x} cannot start or continue a character").format(
            byte=raw[exc.start]), path=path, line=line, column=col) from None
    return text[1:] if strip_bom and text.startswith(BOM) else text


def read_text(path: str) -> str:
    return decode_utf8(read_bytes(path), path)


class _Refused(ValueError):
    def __init__(self, message: str, token: str, nth: int = 1):
        super().__init__(message)
        self.message, self.token, self.nth = message, token, nth   # where: the nth occurrence of token


def _constant(name: str):
    raise _Refused(_("{value} is not a JSON number; use a finite number").format(value=name), name)


def _float(s: str) -> float:
    v = float(s)
    if not math.isfinite(v):
        raise _Refused(_("the number {value} is too large").format(value=s[:20]), s)
    return v


def _int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_DIGITS:
        raise _Refused(_("an integer of {n} digits is too long (at most {max})").format(
            n=len(s.lstrip("-")), max=MAX_DIGITS), s[:40])
    return int(s)


def _pairs(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(_("duplicate key {key!r}").format(key=k), json.dumps(k, ensure_ascii=False), nth=2)
        out[k] = v
    return out


def _token_index(text: str, token: str, nth: int = 1) -> int:
    i = -1
    for _n in range(nth):
        i = text.find(token, i + 1)
        if i < 0:
            return 0
    return i


def loads_json(text: str, path: str, first_line: int = 1) -> Any:
    """Parse JSON text; every problem raises :class:`InputError` at its line and column
    (``first_line`` is the line the text starts on, for JSONL)."""
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int,
                           object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        line, col = position(text, exc.pos, first_line)
        raise InputError(_("invalid JSON: {msg}").format(msg=_json_reason(exc.msg)), path=path, line=line,
                         column=col) from None
    except _Refused as exc:
        line, col = position(text, _token_index(text, exc.token, exc.nth), first_line)
        raise InputError(exc.message, path=path, line=line, column=col) from None
    except RecursionError:
        raise InputError(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path=path,
                         line=first_line, column=1) from None
    except ValueError as exc:  # any other conversion the json module refuses
        raise InputError(_("invalid JSON: {msg}").format(msg=str(exc)), path=path, line=first_line,
                         column=1) from None
    check_value(value, path, text, first_line)
    return value


_JSON_REASONS = {
    "Expecting value": lambda: _("a value (string, number, object, list, true, false or null) is missing"),
    "Extra data": lambda: _("more text after the end of the value"),
    "Unterminated string starting at": lambda: _("a string is not closed"),
    "Invalid control character at": lambda: _("a control character inside a string must be escaped"),
    "Expecting property name enclosed in double quotes": lambda: _("a key must be a string in double quotes"),
    "Expecting ',' delimiter": lambda: _("a comma is missing"),
    "Expecting ':' delimiter": lambda: _("a colon is missing after a key"),
    "Invalid \\escape": lambda: _("invalid backslash escape"),
    "Invalid \\uXXXX escape": lambda: _("invalid \\u escape"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": lambda: _("a byte-order mark (U+FEFF) is allowed only at the "
                                                              "start of the file"),
}


def _json_reason(msg: str) -> str:
    reason = _JSON_REASONS.get(msg)
    return reason() if reason else msg


def check_value(value: Any, path: str, text: str | None = None, first_line: int = 1) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and strings with lone surrogates (iteratively:
    the value may be as deep as the parser allowed)."""
    if (text is not None and "\\u" not in text and not SURROGATE.search(text)
            and text.count("[") + text.count("{") <= MAX_DEPTH):
        # a decoded string holds a lone surrogate only from a "\\u" escape or from the text itself, and
        # a value cannot nest deeper than its opening brackets: nothing to walk (the common record)
        return
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, str):
            m = SURROGATE.search(v)
            if m:
                line, col = first_line, 1
                if text is not None:
                    line, col = position(text, _lone_escape_index(text), first_line)
                raise InputError(_("the text contains U+{code:04X}, half of a surrogate pair, which is no "
                                   "character").format(code=ord(m.group())), path=path, line=line, column=col)
        elif isinstance(v, (dict, list)):
            if depth > MAX_DEPTH:
                raise InputError(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path=path,
                                 line=first_line, column=1)
            items = v.items() if isinstance(v, dict) else ((None, x) for x in v)
            for k, x in items:
                if isinstance(k, str):
                    stack.append((k, depth))
                stack.append((x, depth + 1))


def _lone_escape_index(text: str) -> int:
    for m in _LONE_ESCAPE.finditer(text):
        if len(m.group()) == 6:
            return m.start()
    m = SURROGATE.search(text)
    return m.start() if m else 0


def load_json_file(path: str) -> tuple[str, Any]:
    """(text, value) of a JSON file."""
    text = read_text(path)
    return text, loads_json(text, path)


def load_toml(path: str) -> dict:
    import tomllib

    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib says "... (at line L, column C)"; keep the reason, move the place into the location
        msg = str(exc)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", msg)
        line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        reason = msg[:m.start()] if m else msg
        raise InputError(_("invalid TOML: {msg}").format(msg=reason), path=path, line=line, column=col) from None
    except RecursionError:
        raise InputError(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path=path) from None
