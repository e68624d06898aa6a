"""Readers for translation pairs: each yields :class:`PairRecord` — one per input line or card,
in input order, with ``file:line`` locations so a malformed entry is reported and the run goes on.

Formats:
- ``jsonl``: ``{"name", "text", "en_text"}`` per line; the corpus field ``en_printed_text`` is accepted
  as ``en_text`` (and ``en_printed_type``/``en_type``, ``type``, ``tname`` are used when present).
- ``forge``: Forge's ``cardnames-<lang>.txt`` — ``EnglishName|TranslatedName|TranslatedType|TranslatedText``
  with ``\\n`` escapes — paired by English name with an English Oracle JSONL (``--oracle FILE``,
  rows ``{"name", "text", "type"?}``).
- ``mtgjson``: an MTGJSON set file (v4 ``{"cards": [...]}`` or v5 ``{"data": {"cards": [...]}}``) or
  AtomicCards (``{"data": {name: [face, ...]}}``); ``foreignData`` entries of the chosen language.
  The English side is the printing's ``originalText`` when present (closest to a printed
  translation), else the Oracle ``text``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from cardlint.errors import InputError
from cardlint.i18n import _, normalize_lang

#: ``--lang`` → MTGJSON ``foreignData.language``
MTGJSON_LANGUAGES = {"de": "German", "ja": "Japanese", "zh-Hans": "Chinese Simplified"}
FORMATS = ("auto", "jsonl", "forge", "mtgjson")


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


def detect_format(path: str) -> str:
    low = path.lower()
    if low.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if low.endswith(".txt"):
        return "forge"
    if low.endswith(".json"):
        return "mtgjson"
    return "jsonl"


def read_pairs(path: str, fmt: str = "auto", lang: str = "de", oracle: str | None = None) -> Iterator[PairRecord]:
    if fmt == "auto":
        fmt = detect_format(path)
    if fmt == "jsonl":
        return read_jsonl(path)
    if fmt == "forge":
        if not oracle:
            raise InputError(_("the Forge cardnames format needs --oracle FILE.jsonl (English Oracle text)"),
                             path=path)
        return read_forge(path, oracle)
    if fmt == "mtgjson":
        return read_mtgjson(path, lang)
    raise InputError(_("unknown input format {fmt!r}").format(fmt=fmt))


def _str_or_none(v):
    return v if isinstance(v, str) else None


def pair_from_dict(data: dict, where: str, line: int | None) -> PairRecord:
    name = data.get("name")
    text = data.get("text")
    en_text = data.get("en_text")
    if en_text is None:
        en_text = data.get("en_printed_text")
    if en_text is None:
        en_text = data.get("en_oracle_text")
    rec = PairRecord(line, name=name if isinstance(name, str) else (str(name) if name is not None else None),
                     tname=_str_or_none(data.get("tname")), type=_str_or_none(data.get("type")),
                     en_type=_str_or_none(data.get("en_type") or data.get("en_printed_type")))
    for key, value in (("text", text), ("en_text", en_text)):
        if value is None:
            rec.error = f"{where}: " + _("missing field {field!r}").format(field=key)
            return rec
        if not isinstance(value, str):
            rec.error = f"{where}: " + _("field {field!r} must be a string").format(field=key)
            return rec
    rec.text, rec.en_text = text, en_text
    return rec


def read_jsonl(path: str) -> Iterator[PairRecord]:
    from cardlint.io.jsonl import iter_jsonl, validate

    records = iter_jsonl(path)
    for rec in records:
        validate(rec, "translation record", path)
        if rec.error:
            name = rec.data.get("name") if isinstance(rec.data, dict) else None
            yield PairRecord(rec.line, name=name, error=rec.error)
            continue
        yield pair_from_dict(rec.data, f"{path}:{rec.line}:1", rec.line)


# --- Forge ---------------------------------------------------------------------------------------
def unescape_forge(text: str) -> str:
    return text.replace("\\n", "\n").replace("\\t", "\t").strip()


def load_oracle(path: str) -> dict[str, dict]:
    """English Oracle JSONL → name (case-folded) → row.  Malformed lines are skipped with a warning
    on standard error: the pairs they would feed are reported as missing their English text."""
    from cardlint.io.jsonl import iter_jsonl

    out: dict[str, dict] = {}
    bad = 0
    for rec in iter_jsonl(path):
        if rec.error or not isinstance(rec.data.get("name"), str):
            bad += 1
            continue
        out.setdefault(rec.data["name"].casefold(), rec.data)
    if bad:
        import sys

        print(_("{path}: {n} malformed line(s) skipped").format(path=path, n=bad), file=sys.stderr)
    return out


def read_forge(path: str, oracle_path: str) -> Iterator[PairRecord]:
    oracle = load_oracle(oracle_path)
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror), path=path) from exc
    with fh:
        for lineno, raw in enumerate(fh, start=1):
            where = f"{path}:{lineno}:1"
            try:
                line = raw.decode("utf-8-sig" if lineno == 1 else "utf-8").rstrip("\r\n")
            except UnicodeDecodeError:
                yield PairRecord(lineno, error=f"{where}: " + _("not UTF-8"))
                continue
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split("|")
            if len(parts) < 4:
                yield PairRecord(lineno, name=parts[0] or None,
                                 error=f"{where}: " + _("expected EnglishName|TranslatedName|TranslatedType|TranslatedText"))
                continue
            name, tname, ttype = parts[0].strip(), parts[1].strip(), parts[2].strip()
            ttext = unescape_forge("|".join(parts[3:]))
            row = oracle.get(name.casefold())
            if row is None or not isinstance(row.get("text"), str):
                yield PairRecord(lineno, name=name, error=f"{where}: " + _("no English Oracle text for {name!r}").format(name=name))
                continue
            yield PairRecord(lineno, name=name, text=ttext, en_text=row["text"], tname=tname or None,
                             type=ttype or None, en_type=_str_or_none(row.get("type")))


# --- MTGJSON ------------------------------------------------------------------------------------
def _load_json(path: str):
    from cardlint.io.decode import load_json_file

    return load_json_file(path)[1]


def _iter_mtgjson_cards(doc) -> Iterator[dict]:
    if isinstance(doc, dict) and isinstance(doc.get("data"), dict):
        data = doc["data"]
        if isinstance(data.get("cards"), list):           # v5 set file
            yield from data["cards"]
            return
        for faces in data.values():                        # AtomicCards: name → [face, …]
            if isinstance(faces, list):
                yield from faces
            elif isinstance(faces, dict):
                yield faces
        return
    if isinstance(doc, dict) and isinstance(doc.get("cards"), list):   # v4 set file
        yield from doc["cards"]
        return
    if isinstance(doc, list):
        yield from doc


def read_mtgjson(path: str, lang: str) -> Iterator[PairRecord]:
    language = MTGJSON_LANGUAGES.get(normalize_lang(lang))
    if language is None:
        raise InputError(_("MTGJSON foreignData has no language for --lang {lang}").format(lang=lang))
    doc = _load_json(path)

    for n, card in enumerate(_iter_mtgjson_cards(doc), start=1):
        where = f"{path}: card {n}"
        if not isinstance(card, dict):
            yield PairRecord(n, error=f"{where}: " + _("expected a JSON object"))
            continue
        name = card.get("faceName") or card.get("name")
        en_text = card.get("originalText") or card.get("text")
        foreign = [f for f in card.get("foreignData") or [] if isinstance(f, dict) and f.get("language") == language]
        if not foreign:
            continue                                       # no translation in this language
        f = foreign[0]
        ttext = f.get("text")
        if not isinstance(ttext, str) or not ttext.strip() or not isinstance(en_text, str) or not en_text.strip():
            continue                                       # vanilla or text-less printing: nothing to check
        yield PairRecord(n, name=name, text=ttext, en_text=en_text,
                         tname=_str_or_none(f.get("faceName") or f.get("name")), type=_str_or_none(f.get("type")),
                         en_type=_str_or_none(card.get("originalType") or card.get("type")))

