"""Where a clause is written in its input file: the physical line and the column (in code
points, as SARIF's ``columnKind: unicodeCodePoints``) of the clause — not offsets inside the card
text.  JSONL: on the card's line, inside the JSON string of ``"text"`` (escapes counted as written);
YAML, Forge scripts and other text files: the first line at or after the card's first line that
holds the clause.  A clause that cannot be found keeps the card's line and column 1.

Lines are read by number from an index of where each line starts (:class:`_LineIndex`, 8 bytes a
line), not from a copy of the file: a corpus repeated ten times would otherwise be held in memory
as text for the whole run."""

from __future__ import annotations

import json
import linecache
import os
from array import array

#: how many lines after a card's first line its text may start (a YAML template, a Forge script)
SEARCH_LINES = 400


def _needle(text: str) -> str:
    """The clause's first line, at most 60 characters: enough to find it, short enough to stay
    inside one physical line."""
    return text.split("\n", 1)[0][:60]


def clause_position(path: str, card_line: int, clause_text: str, offset: int = 0) -> tuple[int, int] | None:
    """``(line, column)`` of ``clause_text`` (plus ``offset`` characters into it, when that is on
    the clause's first line) in ``path``, searching from the card's line."""
    needle = _needle(clause_text)
    if not needle.strip() or not path or path == "-":
        return None
    prefix = clause_text[:offset] if 0 < offset <= len(needle) else ""
    if path.lower().endswith(".jsonl"):
        raw = getline(path, card_line)
        if not raw:
            return None
        # the card text's field: "text" (card files), "oracle" (forge-scripts.jsonl)
        start = min((i for i in (raw.find('"text"'), raw.find('"oracle"')) if i >= 0), default=0)
        for ascii_only in (False, True):
            enc = json.dumps(needle, ensure_ascii=ascii_only)[1:-1]
            i = raw.find(enc, start)
            if i >= 0:
                return card_line, i + 1 + len(json.dumps(prefix, ensure_ascii=ascii_only)[1:-1])
        return None
    # JSON files (MTGJSON) write the text escaped; YAML and Forge scripts as it is
    forms = [(needle, prefix)]
    if path.lower().endswith(".json"):
        forms = [(json.dumps(t, ensure_ascii=a)[1:-1] for t in (needle, prefix)) for a in (False, True)]
        forms = [tuple(f) for f in forms]
    for line in range(card_line, card_line + SEARCH_LINES):
        raw = getline(path, line)
        if not raw:
            return None
        for text, before in forms:
            i = raw.find(text)
            if i >= 0:
                return line, i + 1 + len(before)
    return None


class _LineIndex:
    """The start offset of each line of a UTF-8 file, for reading one line with a seek.  It gives
    what :func:`linecache.getline` gives (the lines of the decoded file, "" past its end or for
    a file that does not decode) for the files it accepts; a file with a ``\\r`` (universal
    newlines split there too) or another declared encoding is left to linecache."""

    CHUNK = 1 << 20

    def __init__(self, path: str) -> None:
        self.path = path
        self.starts = array("q")
        self.size = 0
        with open(path, "rb") as fh:
            self._scan(fh)

    def _scan(self, fh) -> None:
        import codecs
        import tokenize

        try:
            encoding, _ = tokenize.detect_encoding(fh.readline)
        except SyntaxError:
            encoding = None
        self.usable = encoding in ("utf-8", "utf-8-sig")
        if not self.usable:
            return
        fh.seek(0)
        decoder = codecs.getincrementaldecoder("utf-8")()
        pos, line_start = 0, 0
        if fh.read(3) == codecs.BOM_UTF8:
            pos = line_start = 3
        fh.seek(pos)
        try:
            while chunk := fh.read(self.CHUNK):
                if b"\r" in chunk:
                    self.usable = False
                    return
                decoder.decode(chunk)
                i = chunk.find(b"\n")
                while i >= 0:
                    self.starts.append(line_start)
                    line_start = pos + i + 1
                    i = chunk.find(b"\n", i + 1)
                pos += len(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            self.starts = array("q")  # linecache reads no line of such a file
            return
        if line_start < pos:
            self.starts.append(line_start)
        self.size = pos

    def line(self, n: int) -> str:
        if not 1 <= n <= len(self.starts):
            return ""
        start = self.starts[n - 1]
        end = self.starts[n] if n < len(self.starts) else self.size
        global _open
        if _open is None or _open[0] != os.getpid() or _open[1].name != self.path:
            _close()
            # one file at a time stays open, until forget(); a forked worker opens its own (a file
            # offset shared with the parent would move under both)
            _open = (os.getpid(), open(self.path, "rb"))  # noqa: SIM115
        fh = _open[1]
        fh.seek(start)
        text = fh.read(end - start).decode("utf-8")
        return text if text.endswith("\n") else text + "\n"


_open = None   # (process id, the file last read from): findings come file by file


def _close() -> None:
    global _open
    if _open is not None and _open[0] == os.getpid():
        _open[1].close()
    _open = None


_indexes: dict[str, _LineIndex | None] = {}


def getline(path: str, n: int) -> str:
    """Line ``n`` of ``path`` (with its newline), as :func:`linecache.getline` gives it."""
    index = _indexes.get(path, False)
    if index is False:
        try:
            index = _LineIndex(path)
        except OSError:
            index = None
        if index is not None and not index.usable:
            index = None
        _indexes[path] = index
    if index is None:
        return linecache.getline(path, n)
    return index.line(n)


def forget() -> None:
    """Drop what was read for positions (a lint run over a corpus reads large files)."""
    _close()
    _indexes.clear()
    linecache.clearcache()
