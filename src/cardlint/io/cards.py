"""JSONL card files and MTGJSON files.

JSONL: one card per line ``{"name", "text", "type"?, "lang"?, "declared"?}``.  ``declared`` is
the card's declared classification, either a list with one object per clause or
``{"clauses": [...]}``; each clause object is like a ``cardlint classify`` clause
(``{"text"?, "ability"?, "effects"?: [{"kind", "layer", "cda"}]}``).  A clause object with
``"text"`` is aligned to the clause with that text, otherwise by position.
"""

from __future__ import annotations

import json
import re

from cardlint.i18n import _
from cardlint.io.document import CardEntry, Declaration, Document

ABILITIES = {"spell", "activated", "triggered", "static", "keyword", "reminder"}
KINDS = {"continuous", "rules", "one-shot", "replacement", "prevention"}
LAYERS = {"1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"}


def parse_declared(value, where: str) -> tuple[list[Declaration], str | None]:
    """A ``declared`` value → declarations, or an error message (``where`` prefixes it)."""
    if isinstance(value, dict) and "clauses" in value:
        value = value["clauses"]
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        return [], f"{where}: " + _("\"declared\" must be a list of clause objects")
    out = []
    for i, c in enumerate(value):
        if not isinstance(c, dict):
            return [], f"{where}: " + _("declared clause {n} must be an object").format(n=i + 1)
        ability = c.get("ability")
        if ability is not None and ability not in ABILITIES:
            return [], f"{where}: " + _("declared clause {n}: unknown ability kind {value!r}").format(n=i + 1, value=ability)
        effects = c.get("effects")
        if effects is not None:
            if not isinstance(effects, list):
                return [], f"{where}: " + _("declared clause {n}: \"effects\" must be a list").format(n=i + 1)
            norm = []
            for e in effects:
                if not isinstance(e, dict) or e.get("kind") not in KINDS:
                    return [], f"{where}: " + _("declared clause {n}: each effect needs a \"kind\" of {kinds}").format(
                        n=i + 1, kinds=", ".join(sorted(KINDS)))
                layer = e.get("layer")
                if layer is not None:
                    layer = str(layer)
                    if layer not in LAYERS:
                        return [], f"{where}: " + _("declared clause {n}: unknown layer {value!r}").format(n=i + 1, value=layer)
                cda = e.get("cda", False)
                if not isinstance(cda, bool):   # "no" is a non-empty string, not false
                    return [], f"{where}: " + _("declared clause {n}: \"cda\" must be true or false, not {value!r}").format(
                        n=i + 1, value=cda)
                norm.append({"kind": e["kind"], "layer": layer, "cda": cda})
            effects = norm
        out.append(Declaration(clause_index=c.get("clause_index", i if "text" not in c else None),
                               text=c.get("text"), ability=ability, effects=effects,
                               line=getattr(c, "line", None)))
    return out, None


def read_cards_jsonl(path: str, records, lang: str) -> Document:
    doc = Document(path=path, kind="cards")
    doc.entries = list(card_entries(path, records, lang, doc.errors))
    return doc


def stream_cards_jsonl(path: str, records, lang: str) -> Document:
    """:func:`read_cards_jsonl` with ``entries`` read as they are iterated (once): a large file is
    never held whole.  ``errors`` fills during the iteration."""
    doc = Document(path=path, kind="cards")
    doc.entries = card_entries(path, records, lang, doc.errors)
    return doc


def card_entries(path: str, records, lang: str, errors: list[str]):
    for rec in records:
        if rec.error:
            errors.append(rec.error)
            continue
        d = rec.data
        if not isinstance(d.get("text", ""), (str, type(None))):
            errors.append(f"{path}:{rec.line}:1: " + _("\"text\" must be a string"))
            continue
        decls: list[Declaration] = []
        if d.get("declared") is not None:
            decls, err = parse_declared(d["declared"], f"{path}:{rec.line}:1")
            if err:
                errors.append(err)
                continue
            for dc in decls:
                dc.line = rec.line
        noqa = None
        if d.get("noqa") is not None:
            from cardlint.lint.noqa import parse_noqa

            noqa, err = parse_noqa(d["noqa"], f"{path}:{rec.line}:1")
            if err:
                errors.append(err)
                continue
        yield CardEntry(noqa=noqa, name=d.get("tname") or d.get("name") if lang != "en" else d.get("name"),
                        text=d.get("text") or "", type_line=d.get("type"),
                        lang=d.get("lang") or lang, path=path, line=rec.line, declarations=decls,
                        game=d.get("game", "mtg"), extra={k: d[k] for k in ("pendulum_text",
                                                                             "script_labels") if k in d})


# --- MTGJSON ------------------------------------------------------------------------------------
def is_mtgjson(data) -> bool:
    if not isinstance(data, dict):
        return False
    d = data.get("data", data)
    return isinstance(d, dict) and (isinstance(d.get("cards"), list) or
                                    (data.get("meta") is not None and all(isinstance(v, list) for v in list(d.values())[:5])))


def read_mtgjson(path: str, raw: str, data: dict, lang: str) -> Document:
    """AtomicCards (``data: {name: [face, …]}``) or a set file (``data: {cards: [...]}``, or v4
    ``{cards: [...]}``).  MTGJSON text is English Oracle text; foreign ``foreignData`` is not read."""
    doc = Document(path=path, kind="mtgjson", is_set=False)
    d = data.get("data", data)
    if isinstance(d.get("cards"), list):
        faces = d["cards"]
    else:
        faces = [f for v in d.values() if isinstance(v, list) for f in v]
    seen = set()
    for f in faces:
        if not isinstance(f, dict):
            continue
        name = f.get("faceName") or f.get("name")
        if name in seen:
            continue
        seen.add(name)
        doc.entries.append(CardEntry(name=name, text=f.get("text") or "", type_line=f.get("type"), lang="en",
                                     path=path, line=_line_of_name(raw, name)))
    return doc


def read_json_cards(path: str, data: bytes, lang: str) -> Document:
    """A Scryfall bulk-data array or an MTGJSON AllPrintings/set/AtomicCards file, recognised by
    content: one entry per printing of ``lang`` (MTGJSON ``foreignData`` for another language), each
    at the line where its name is written."""
    from cardlint.io import sources as S

    kind, printings = S.iter_printings(path, lang, data)
    doc = Document(path=path, kind="mtgjson" if kind == S.MTGJSON else "scryfall", is_set=False)
    raw = data.decode("utf-8", "replace")
    pos, line = 0, 1
    for p in printings:
        if p.error:
            doc.errors.append(p.error)
            continue
        name = p.tname or p.name
        if name:
            m = raw.find(json.dumps(name, ensure_ascii=False), pos)
            if m < 0:
                m = raw.find(json.dumps(name), pos)
            if m >= 0:
                line += raw.count("\n", pos, m)
                pos = m
        doc.entries.append(CardEntry(name=name, text=p.text or "", type_line=p.type, lang=lang, path=path,
                                     line=line, extra={"where": p.where}))
    return doc


def _line_of_name(raw: str, name: str | None) -> int:
    if not name:
        return 1
    m = re.search(r'"(?:faceName|name)"\s*:\s*' + re.escape(json.dumps(name)), raw)
    return raw.count("\n", 0, m.start()) + 1 if m else 1


def read_decklist(path: str, lines: list[str], card_db: dict[str, dict] | None) -> Document:
    """``4 <card name>`` lines (``SB:``/``//`` comments allowed); needs a card file (``--cards``)."""
    doc = Document(path=path, kind="decklist")
    for lineno, text in enumerate(lines, start=1):
        text = text.strip()
        if not text or text.startswith(("//", "#")) or text.lower() in ("deck", "sideboard", "commander"):
            continue
        text = re.sub(r"^SB:\s*", "", text)
        m = re.match(r"^(\d+)x?\s+(.+?)(?:\s+\([A-Z0-9]+\)\s*\d*)?$", text)
        if not m:
            doc.errors.append(f"{path}:{lineno}:1: " + _("expected \"COUNT NAME\" in a deck list"))
            continue
        name = m.group(2).strip()
        if card_db is None:
            doc.errors.append(f"{path}:{lineno}:1: " + _("a deck list needs --cards FILE.jsonl to find card texts"))
            return doc
        rec = card_db.get(name)
        if rec is None:
            doc.errors.append(f"{path}:{lineno}:{m.start(2) + 1}: " + _("unknown card {name!r}").format(name=name))
            continue
        doc.entries.append(CardEntry(name=name, text=rec.get("text") or "", type_line=rec.get("type"),
                                     path=path, line=lineno))
    return doc
