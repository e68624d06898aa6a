"""Readers for translation pairs: each yields :class:`PairRecord` — one per input line or card,
in input order, with a location (``file:line`` or ``file: data.SET.cards[i]``) so a malformed
entry is reported and the run goes on.  The format is recognised by content
(:mod:`cardlint.io.sources`), ``-`` is standard input.

Formats:
- ``jsonl``: ``{"name", "text", "en_text"}`` per line; the corpus field ``en_printed_text`` is accepted
  as ``en_text`` (and ``en_printed_type``/``en_type``, ``type``, ``tname`` are used when present);
  ``oracle_text`` (or ``en_oracle_text`` beside a printed text) is the second English reference.
- ``forge``: Forge's ``cardnames-<lang>.txt`` — ``EnglishName|TranslatedName|TranslatedType|TranslatedText``
  with ``\\n`` escapes — paired by English name with the English Oracle text (``--oracle FILE``:
  JSONL ``{"name", "text", "type"?}`` or MTGJSON).
- ``mtgjson``: AllPrintings, a set file or AtomicCards; ``foreignData`` entries of the chosen
  language.  The English side is the printing's ``originalText`` (the printed English), with the
  Oracle ``text`` as the second reference.
- ``scryfall``: a bulk-data array; the card objects of the chosen ``lang``, ``printed_text`` against
  the English ``oracle_text``.

With ``--oracle FILE`` every pair without an Oracle text of its own is joined by English name with
that file (a corpus row carries ``name``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from cardlint.errors import InputError
from cardlint.i18n import _, normalize_lang
from cardlint.io import sources as S

#: ``--lang`` → MTGJSON ``foreignData.language``
MTGJSON_LANGUAGES = S.MTGJSON_LANGUAGES
FORMATS = ("auto", "jsonl", "forge", "mtgjson", "scryfall")


@dataclass
class PairRecord:
    """One translation pair, or an ``error`` naming where the input is malformed."""

    line: int | None
    name: str | None = None
    text: str | None = None
    en_text: str | None = None
    tname: str | None = None
    type: str | None = None
    en_type: str | None = None
    error: str | None = None
    oracle_text: str | None = None
    oracle_type: str | None = None
    where: str | None = None


_KINDS = {S.JSONL: "jsonl", S.FORGE_NAMES: "forge", S.MTGJSON: "mtgjson", S.SCRYFALL: "scryfall"}


def detect_format(path: str) -> str:
    """The format of ``path`` by its content."""
    return _KINDS.get(S.sniff(S.read_head(path)[0]), "unknown")


def read_pairs(path: str, fmt: str = "auto", lang: str = "de", oracle: str | None = None) -> Iterator[PairRecord]:
    head, whole = S.read_head(path)
    if fmt == "auto":
        # a .jsonl file, and text that is no JSON document nor a cardnames file, is read line by line:
        # every line gets its record (an error for a line that is no pair), so a batch never loses one
        kind = S.sniff(head)
        if str(path).lower().endswith(".jsonl") or kind == S.UNKNOWN or not head.strip():
            fmt = "jsonl"
        else:
            fmt = _KINDS.get(kind, "jsonl")
    index = S.oracle_index(oracle) if oracle else None
    if fmt == "jsonl":
        records = read_jsonl(path, whole)
    elif fmt == "forge":
        if index is None:
            raise InputError(_("the Forge cardnames format needs --oracle FILE (English Oracle text)"), path=path)
        records = read_forge(path, oracle, whole, index)
    elif fmt in ("mtgjson", "scryfall"):
        records = _read_json_pairs(path, fmt, lang, whole)
    else:
        raise InputError(_("unknown input format {fmt!r}").format(fmt=fmt))
    return _join_oracle(records, index) if index is not None and fmt != "forge" else records


def _join_oracle(records: Iterator[PairRecord], index: dict[str, dict]) -> Iterator[PairRecord]:
    for rec in records:
        if not rec.error and rec.oracle_text is None and rec.name:
            row = oracle_row(index, rec.name)
            if row is not None and isinstance(row.get("text"), str):
                rec.oracle_text, rec.oracle_type = row["text"], _str_or_none(row.get("type"))
        yield rec


def oracle_row(index: dict[str, dict], name: str) -> dict | None:
    """The Oracle row of ``name``; a two-faced card's printing may be named by its faces."""
    row = index.get(name.casefold())
    if row is None and " // " in name:
        row = index.get(name.split(" // ")[0].casefold())
    return row


def _str_or_none(v):
    return v if isinstance(v, str) else None


def pair_from_dict(data: dict, where: str, line: int | None) -> PairRecord:
    name = data.get("name")
    text = data.get("text")
    en_text = data.get("en_text")
    if en_text is None:
        en_text = data.get("en_printed_text")
    oracle = data.get("oracle_text")
    if en_text is None:
        en_text = data.get("en_oracle_text")
    elif oracle is None:
        oracle = data.get("en_oracle_text")
    rec = PairRecord(line, name=name if isinstance(name, str) else (str(name) if name is not None else None),
                     tname=_str_or_none(data.get("tname")), type=_str_or_none(data.get("type")),
                     en_type=_str_or_none(data.get("en_type") or data.get("en_printed_type")),
                     oracle_text=_str_or_none(oracle), oracle_type=_str_or_none(data.get("oracle_type")),
                     where=where)
    for key, value in (("text", text), ("en_text", en_text)):
        if value is None:
            rec.error = f"{where}: " + _("missing field {field!r}").format(field=key)
            return rec
        if not isinstance(value, str):
            rec.error = f"{where}: " + _("field {field!r} must be a string").format(field=key)
            return rec
    rec.text, rec.en_text = text, en_text
    return rec


def read_jsonl(path: str, data: bytes | None = None) -> Iterator[PairRecord]:
    from cardlint.io.jsonl import iter_jsonl, validate

    for rec in iter_jsonl(path, data):
        validate(rec, "translation record", path)
        if rec.error:
            name = rec.data.get("name") if isinstance(rec.data, dict) else None
            yield PairRecord(rec.line, name=name, error=rec.error, where=f"{path}:{rec.line}:1")
            continue
        yield pair_from_dict(rec.data, f"{path}:{rec.line}:1", rec.line)


def _read_json_pairs(path: str, fmt: str, lang: str, data: bytes | None) -> Iterator[PairRecord]:
    lang = normalize_lang(lang)
    if lang not in S.MTGJSON_LANGUAGES:
        raise InputError(_("MTGJSON foreignData has no language for --lang {lang}").format(lang=lang))
    data = data if data is not None else S.read_bytes(path)
    doc = S.load_json(path, data)
    printings = S.iter_mtgjson(path, doc, lang) if fmt == "mtgjson" else S.iter_scryfall(path, doc, lang)
    for p in printings:
        if p.error:
            yield PairRecord(p.ordinal, name=p.name, error=p.error, where=p.where)
        else:
            yield PairRecord(p.ordinal, name=p.name, text=p.text, en_text=p.en_text, tname=p.tname, type=p.type,
                             en_type=p.en_type, oracle_text=p.oracle_text, oracle_type=p.oracle_type, where=p.where)


# --- Forge ---------------------------------------------------------------------------------------
def unescape_forge(text: str) -> str:
    return text.replace("\\n", "\n").replace("\\t", "\t").strip()


def load_oracle(path: str) -> dict[str, dict]:
    """English Oracle text (JSONL, MTGJSON or Scryfall) → name (case-folded) → row."""
    return S.oracle_index(path)


def read_forge(path: str, oracle_path: str, data: bytes | None = None,
               index: dict[str, dict] | None = None) -> Iterator[PairRecord]:
    oracle = index if index is not None else load_oracle(oracle_path)
    raw_lines = (data if data is not None else S.read_bytes(path)).split(b"\n")
    for lineno, raw in enumerate(raw_lines, start=1):
        where = f"{path}:{lineno}:1"
        try:
            line = raw.decode("utf-8-sig" if lineno == 1 else "utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield PairRecord(lineno, error=f"{where}: " + _("not UTF-8"), where=where)
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("|")
        if len(parts) < 4:
            yield PairRecord(lineno, name=parts[0] or None, where=where,
                             error=f"{where}: " + _("expected EnglishName|TranslatedName|TranslatedType|TranslatedText"))
            continue
        name, tname, ttype = parts[0].strip(), parts[1].strip(), parts[2].strip()
        ttext = unescape_forge("|".join(parts[3:]))
        row = oracle_row(oracle, name)
        if row is None or not isinstance(row.get("text"), str):
            yield PairRecord(lineno, name=name, where=where,
                             error=f"{where}: " + _("no English Oracle text for {name!r}").format(name=name))
            continue
        yield PairRecord(lineno, name=name, text=ttext, en_text=row["text"], tname=tname or None,
                         type=ttype or None, en_type=_str_or_none(row.get("type")), where=where)


def read_mtgjson(path: str, lang: str) -> Iterator[PairRecord]:
    return _read_json_pairs(path, "mtgjson", lang, None)


def read_scryfall(path: str, lang: str) -> Iterator[PairRecord]:
    return _read_json_pairs(path, "scryfall", lang, None)
