"""Rule-documentation examples → in-memory documents (the same readers as real files).

An example is a mapping with ``lang`` (default en) and one of:
``cards`` (a list of JSONL card records), ``board`` (a board mapping, architecture §4),
``templates`` (a list of kb template entries), ``forge`` (the text of a Forge card script),
``ygo`` (a list of YGO card records ``{"name", "type", "text"}``).
"""

from __future__ import annotations

import json
import os
import tempfile

from cardlint.io.jsonl import Record
from cardlint.io import Document


def example_documents(ex: dict) -> list[Document]:
    lang = ex.get("lang", "en")
    path = ex.get("path", "<example>")
    if "cards" in ex or "ygo" in ex:
        from cardlint.io.cards import read_cards_jsonl

        recs = ex.get("cards") or ex.get("ygo")
        doc = read_cards_jsonl(path, [Record(i + 1, json.loads(json.dumps(r))) for i, r in enumerate(recs)], lang)
        if "ygo" in ex:
            doc.kind, doc.is_set = "ygo", False
            for e in doc.entries:
                e.game = "ygo"
        return [doc]
    if "board" in ex:
        from cardlint.io.board import read_board

        return [read_board(path, ex["board"], lang)]
    if "templates" in ex:
        from cardlint.io.templates import read_templates

        return [read_templates(path, {"templates": ex["templates"]})]
    if "forge" in ex:
        from cardlint.io.forge import read_forge_script

        fd, tmp = tempfile.mkstemp(suffix=".txt", text=True)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(ex["forge"])
            doc = read_forge_script(tmp)
        finally:
            os.unlink(tmp)
        doc.path = path
        for e in doc.entries:
            e.path = path
        return [doc]
    raise ValueError("an example needs cards, board, templates, forge or ygo")
