"""Card files as people have them, recognised by their content (not their name), and ``-`` for
standard input:

- JSONL, one card per line (the corpus format);
- Scryfall bulk data: a JSON array of card objects (``lang``, ``printed_text``, ``oracle_text``,
  ``card_faces``);
- MTGJSON: AllPrintings (``data: {SET: {cards: [...]}}``), a set file (``data: {cards: [...]}`` or
  v4 ``{cards: [...]}``) or AtomicCards (``data: {name: [face, ...]}``), with ``foreignData`` for
  another language;
- Forge ``cardnames-<lang>.txt`` (``EnglishName|TranslatedName|TranslatedType|TranslatedText``).

:func:`iter_printings` yields one :class:`Printing` per card (face) of the wanted language, in file
order, each with a position (``file: data.M10.cards[3]``) so that a bad entry is reported and the
others are still read.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from typing import Iterator

from cardlint.errors import InputError
from cardlint.io.decode import decode_utf8, loads_json
from cardlint.i18n import _, normalize_lang

#: --lang → Scryfall ``lang`` and MTGJSON ``foreignData.language``
SCRYFALL_LANGS = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zhs"}
MTGJSON_LANGUAGES = {"de": "German", "ja": "Japanese", "zh-Hans": "Chinese Simplified"}

JSONL, SCRYFALL, MTGJSON, FORGE_NAMES, UNKNOWN = "jsonl", "scryfall", "mtgjson", "forge-cardnames", "unknown"


def read_bytes(path: str) -> bytes:
    """The whole input (``-``: standard input)."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror), path=path) from exc


def read_head(path: str) -> tuple[bytes, bytes | None]:
    """(first bytes, whole input or None): a file is only opened for its head, so that a JSONL file
    is still streamed afterwards; standard input can be read once only, so it is kept whole."""
    if path == "-":
        data = sys.stdin.buffer.read()
        return data[:65536], data
    try:
        with open(path, "rb") as fh:
            return fh.read(65536), None
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror), path=path) from exc


def sniff(data: bytes) -> str:
    """Which kind of card file ``data`` is, from its first bytes."""
    head = data[:65536].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"["):
        return SCRYFALL
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0].strip()
        try:
            obj = loads_json(first.decode("utf-8", "replace"), "-")
        except InputError:
            if b"\n" in head.rstrip(b"\r\n"):
                return MTGJSON    # a pretty-printed JSON document
            # one line longer than the head: a JSONL record or a one-line JSON document, by its first key
            key = re.match(rb'\{\s*"([^"]*)"', head)
            return MTGJSON if key and key.group(1) in (b"meta", b"data", b"cards") else JSONL
        if isinstance(obj, dict) and not ({"data", "meta", "cards"} & set(obj)):
            return JSONL
        return MTGJSON
    for line in head.split(b"\n")[:20]:
        s = line.strip()
        if s and not s.startswith(b"#"):
            return FORGE_NAMES if s.count(b"|") >= 3 else UNKNOWN
    return UNKNOWN


def load_json(path: str, data: bytes):
    """The JSON document of a whole file, through the input layer (:mod:`cardlint.io.decode`: real
    line and column for every problem, NaN/Infinity, huge numbers and deep nesting refused)."""
    return loads_json(decode_utf8(data, path), path)


@dataclass
class Printing:
    """One card (face) of the wanted language; ``error`` when the entry cannot be read."""

    where: str
    ordinal: int
    name: str | None = None
    text: str | None = None          # the card text in the wanted language
    type: str | None = None
    tname: str | None = None         # the translated name (another language)
    en_text: str | None = None       # the printed English of the printing (another language)
    en_type: str | None = None
    oracle_text: str | None = None   # the current Oracle text
    oracle_type: str | None = None
    error: str | None = None


def _s(v):
    return v if isinstance(v, str) else None


# --- Scryfall ------------------------------------------------------------------------------------
def _faces_join(card: dict, key: str) -> str | None:
    faces = card.get("card_faces")
    if isinstance(faces, list) and faces and all(isinstance(f, dict) for f in faces):
        parts = [f.get(key) for f in faces]
        if any(isinstance(p, str) for p in parts):
            return "\n".join(p for p in parts if isinstance(p, str) and p)
    return _s(card.get(key))


def iter_scryfall(path: str, doc, lang: str) -> Iterator[Printing]:
    """One printing per card object whose ``lang`` is the wanted one.  The translation is the
    ``printed_text``; the English side is the ``oracle_text`` (Scryfall gives a foreign printing no
    printed English)."""
    code = SCRYFALL_LANGS.get(lang)
    if not isinstance(doc, list):
        raise InputError(_("a Scryfall file must be a JSON array of card objects"), path=path, line=1)
    for i, card in enumerate(doc):
        where = f"{path}: [{i}]"
        if not isinstance(card, dict):
            yield Printing(where, i, error=f"{where}: " + _("expected a JSON object"))
            continue
        if (card.get("lang") or "en") != code:
            continue
        name = _s(card.get("name"))
        oracle = _faces_join(card, "oracle_text")
        otype = _s(card.get("type_line")) or _faces_join(card, "type_line")
        if lang == "en":
            yield Printing(where, i, name=name, text=oracle or "", type=otype)
            continue
        printed = _faces_join(card, "printed_text")
        if printed is None and oracle:
            yield Printing(where, i, name=name, error=f"{where}: " + _("{name!r}: the printing has no printed_text")
                           .format(name=name))
            continue
        yield Printing(where, i, name=name, text=printed or "", tname=_s(card.get("printed_name")) or
                       _faces_join(card, "printed_name"), type=_s(card.get("printed_type_line")) or
                       _faces_join(card, "printed_type_line"), en_text=oracle or "", en_type=otype,
                       oracle_text=None, oracle_type=None)


# --- MTGJSON -------------------------------------------------------------------------------------
def iter_mtgjson_cards(doc) -> Iterator[tuple[str, dict]]:
    """(JSON path, card) of every card entry of an AllPrintings, set or AtomicCards document."""
    if isinstance(doc, dict) and isinstance(doc.get("data"), dict):
        data = doc["data"]
        if isinstance(data.get("cards"), list):                         # v5 set file
            for i, c in enumerate(data["cards"]):
                yield f"data.cards[{i}]", c
            return
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(value.get("cards"), list):   # AllPrintings
                for i, c in enumerate(value["cards"]):
                    yield f"data.{key}.cards[{i}]", c
            elif isinstance(value, list):                                # AtomicCards: name → [face, …]
                for i, c in enumerate(value):
                    yield f"data[{json.dumps(key, ensure_ascii=False)}][{i}]", c
            elif isinstance(value, dict):
                yield f"data[{json.dumps(key, ensure_ascii=False)}]", value
        return
    if isinstance(doc, dict) and isinstance(doc.get("cards"), list):   # v4 set file
        for i, c in enumerate(doc["cards"]):
            yield f"cards[{i}]", c
        return
    if isinstance(doc, list):
        for i, c in enumerate(doc):
            yield f"[{i}]", c


def is_mtgjson_doc(doc) -> bool:
    if not isinstance(doc, dict):
        return False
    d = doc.get("data", doc)
    return isinstance(d, dict) and (isinstance(d.get("cards"), list) or "meta" in doc)


def iter_mtgjson(path: str, doc, lang: str) -> Iterator[Printing]:
    """English: every card entry (Oracle ``text``).  Another language: one printing per entry with a
    ``foreignData`` entry of that language; the English side is the printing's ``originalText``
    (the printed English) with the Oracle ``text`` as the second reference."""
    if not is_mtgjson_doc(doc):
        raise InputError(_("a JSON input must be an MTGJSON AllPrintings, AtomicCards or set file"), path=path, line=1)
    language = MTGJSON_LANGUAGES.get(lang)
    for i, (jpath, card) in enumerate(iter_mtgjson_cards(doc)):
        where = f"{path}: {jpath}"
        if not isinstance(card, dict):
            yield Printing(where, i, error=f"{where}: " + _("expected a JSON object"))
            continue
        name = _s(card.get("faceName")) or _s(card.get("name"))
        oracle, otype = _s(card.get("text")), _s(card.get("type"))
        if lang == "en":
            yield Printing(where, i, name=name, text=oracle or "", type=otype)
            continue
        foreign = [f for f in card.get("foreignData") or [] if isinstance(f, dict) and f.get("language") == language]
        if not foreign:
            continue                                  # no printing in this language
        f = foreign[0]
        printed_en = _s(card.get("originalText"))
        en_text = printed_en if printed_en is not None else oracle
        ttext = _s(f.get("text"))
        if ttext is None and (en_text or "").strip():
            yield Printing(where, i, name=name, error=f"{where}: " + _("{name!r}: foreignData {language} has no text")
                           .format(name=name, language=language))
            continue
        yield Printing(where, i, name=name, text=ttext or "", tname=_s(f.get("faceName")) or _s(f.get("name")),
                       type=_s(f.get("type")), en_text=en_text or "",
                       en_type=_s(card.get("originalType")) or otype,
                       oracle_text=oracle if printed_en is not None else None, oracle_type=otype)


def iter_printings(path: str, lang: str, data: bytes | None = None) -> tuple[str, Iterator[Printing]]:
    """(kind, printings) of a Scryfall or MTGJSON file (JSONL and Forge files have their own readers)."""
    lang = normalize_lang(lang)
    if data is None:
        data = read_bytes(path)
    kind = sniff(data)
    if kind == SCRYFALL:
        return kind, iter_scryfall(path, load_json(path, data), lang)
    if kind == MTGJSON:
        return kind, iter_mtgjson(path, load_json(path, data), lang)
    return kind, iter(())


def oracle_index(path: str) -> dict[str, dict]:
    """English Oracle text by card name (case-folded) → ``{"name", "text", "type"}``: from a JSONL
    file, an MTGJSON document or a Scryfall array (chosen by content).  Malformed JSONL lines are
    skipped with a warning on standard error."""
    data = read_bytes(path)
    kind = sniff(data)
    out: dict[str, dict] = {}
    if kind in (SCRYFALL, MTGJSON):
        for p in iter_printings(path, "en", data)[1]:
            if p.error or not p.name:
                continue
            out.setdefault(p.name.casefold(), {"name": p.name, "text": p.text, "type": p.type})
        return out
    bad = 0
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            row = loads_json(raw.decode("utf-8"), path, first_line=lineno)
        except (UnicodeDecodeError, InputError):
            bad += 1
            continue
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            bad += 1
            continue
        out.setdefault(row["name"].casefold(), row)
    if bad:
        print(_("{path}: {n} malformed line(s) skipped").format(path=path, n=bad), file=sys.stderr)
    return out


def iter_card_records(path: str, lang: str):
    """Card records ``{"name", "text", "type", "tname"?}`` of any card file, chosen by content: a
    JSONL file line by line (:func:`cardlint.io.jsonl.iter_jsonl`), a Scryfall or MTGJSON
    file one record per printing of ``lang``.  Records carry ``line`` (the JSONL line, or the
    printing's ordinal) and ``error``; an unrecognised file is an error naming it."""
    from cardlint.io.jsonl import Record, iter_jsonl

    head, whole = read_head(path)
    kind = sniff(head)
    # a .jsonl file, or text that is no JSON document, is read line by line: every line gets its
    # record (an error for a line that is no card), so a batch never loses one
    if kind in (JSONL, UNKNOWN) or str(path).lower().endswith(".jsonl"):
        yield from iter_jsonl(path, whole)
        return
    if kind not in (SCRYFALL, MTGJSON):
        raise InputError(_("not a card file: expected JSONL, a Scryfall bulk-data array or an MTGJSON file"),
                         path=path, line=1)
    found = False
    for p in iter_printings(path, lang, whole)[1]:
        found = True
        if p.error:
            yield Record(p.ordinal + 1, {"name": p.name}, p.error)
        else:
            yield Record(p.ordinal + 1, {"name": p.name, "tname": p.tname, "text": p.text, "type": p.type,
                                         "where": p.where})
    if not found:
        raise InputError(_("no card in {lang} found in the input").format(lang=normalize_lang(lang)), path=path)
