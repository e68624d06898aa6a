"""Which reader a path needs.  :func:`read_path` yields :class:`Document` objects (a folder
yields one per lintable file inside it, sorted)."""

from __future__ import annotations

import os
from typing import Iterator

from cardlint.errors import InputError
from cardlint.i18n import _
from cardlint.io.document import Document

LINTABLE = (".jsonl", ".json", ".yaml", ".yml", ".txt", ".dec")


def read_path(path: str, lang: str = "en", card_db: dict | None = None, game: str = "mtg") -> Iterator[Document]:
    if path == "-":
        yield _read_stdin(lang, game)
        return
    if os.path.isdir(path):
        found = False
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(LINTABLE):
                    try:
                        doc = read_file(os.path.join(root, f), lang, card_db, game, in_folder=True)
                    except InputError as exc:  # one malformed file never loses the rest of the folder
                        doc = Document(path=os.path.join(root, f), kind="unreadable", errors=[str(exc)],
                                       is_set=False)
                    if doc is not None:
                        found = True
                        yield doc
        if not found:
            raise InputError(_("no lintable files found"), path=path)
        return
    if not os.path.exists(path):
        raise InputError(_("no such file or directory"), path=path)
    doc = read_file(path, lang, card_db, game, in_folder=False)
    if doc is None:
        raise InputError(_("not a card file, kb template file, board or Forge script"), path=path, line=1)
    yield doc


def _read_stdin(lang: str, game: str) -> Document:
    """Standard input, recognised by content: JSONL cards, a Scryfall array or an MTGJSON file."""
    from cardlint.io import sources as S
    from cardlint.io.cards import read_cards_jsonl, read_json_cards
    from cardlint.io.jsonl import iter_jsonl, validate

    head, data = S.read_head("-")
    kind = S.sniff(head)
    if kind in (S.SCRYFALL, S.MTGJSON):
        return read_json_cards("-", data, lang)
    if kind == S.JSONL or not head.strip():
        doc = read_cards_jsonl("-", [validate(r, "card record", "-") for r in iter_jsonl("-", data) if not r.blank],
                               lang)
        if game == "ygo":
            doc.kind, doc.is_set = "ygo", False
        return doc
    raise InputError(_("standard input is not a card file: expected JSONL, a Scryfall bulk-data array or an "
                       "MTGJSON file"), path="-", line=1)


def read_file(path: str, lang: str, card_db, game: str, in_folder: bool) -> Document | None:
    """The document of one file, or None when a file in a folder is not something lint reads
    (e.g. kb/layers.yaml).  A file named on the command line that is unreadable raises."""
    from cardlint.io.jsonl import iter_jsonl, validate

    ext = os.path.splitext(path)[1].lower()
    if ext == ".jsonl":
        import itertools

        # the records up to the first with data say which reader; a card file is then streamed
        # (lint has no one-line-per-line contract: blank lines are dropped)
        records = (r for r in iter_jsonl(path) if not r.blank)
        head = []
        for rec in records:
            head.append(rec)
            if rec.data:
                break
        first = head[-1].data if head and head[-1].data else {}
        if "lines" in first and "oracle" in first:
            from cardlint.io.forge import read_forge_jsonl

            return read_forge_jsonl(path, [validate(r, "Forge script record", path)
                                           for r in itertools.chain(head, records)])
        records = (validate(r, "card record", path) for r in itertools.chain(head, records))
        if game == "ygo" or first.get("game") == "ygo":
            from cardlint.io.cards import read_cards_jsonl

            doc = read_cards_jsonl(path, list(records), lang)
            doc.kind = "ygo"
            doc.is_set = False
            for e in doc.entries:
                e.game = "ygo"
            return doc
        from cardlint.io.cards import stream_cards_jsonl

        return stream_cards_jsonl(path, records, lang)
    if ext in (".yaml", ".yml"):
        from cardlint.io.board import is_board, read_board
        from cardlint.io.templates import is_templates, read_templates
        from cardlint.io.yamlio import load_yaml

        data = load_yaml(path)
        if is_templates(data):
            return read_templates(path, data)
        if is_board(data):
            return read_board(path, data, lang)
        if in_folder:
            return None
        raise InputError(_("a YAML input must be a kb template file (\"templates:\") or a board (\"objects:\")"),
                         path=path, line=1)
    if ext == ".json":
        from cardlint.io import sources as S
        from cardlint.io.decode import load_json_file

        head, _whole = S.read_head(path)
        if S.sniff(head) == S.SCRYFALL or (lang != "en" and S.sniff(head) == S.MTGJSON) or _is_all_printings(head):
            from cardlint.io.cards import read_json_cards

            return read_json_cards(path, S.read_bytes(path), lang)
        raw, data = load_json_file(path)
        from cardlint.io.cards import is_mtgjson, read_mtgjson

        if is_mtgjson(data):
            return read_mtgjson(path, raw, data, lang)
        if in_folder:
            return None
        raise InputError(_("a JSON input must be an MTGJSON AtomicCards or set file"), path=path, line=1)
    if ext in (".txt", ".dec"):
        from cardlint.io.forge import is_forge_script, read_forge_script

        if is_forge_script(path):
            return read_forge_script(path)
        if in_folder and ext == ".txt":
            return None
        from cardlint.io.cards import read_decklist

        from cardlint.io.decode import read_text

        lines = read_text(path).splitlines()
        return read_decklist(path, lines, card_db)
    if in_folder:
        return None
    raise InputError(_("unsupported input file type {ext!r}").format(ext=ext or "(none)"), path=path)


def _is_all_printings(head: bytes) -> bool:
    """An AllPrintings file: ``data`` maps set codes to set objects (``{"data": {"10E": {"baseSetSize"…``)."""
    import re

    return bool(re.search(rb'"data"\s*:\s*\{\s*"[A-Z0-9]{2,6}"\s*:\s*\{', head))
