"""Boards (architecture.md §4): objects with text, controller, attachments, timestamps, and
resolved effects with targets.  Every object and every resolved effect becomes a
:class:`CardEntry` whose ``extra["source"]`` is the :class:`cardlint.dependency.Source`."""

from __future__ import annotations

from cardlint.dependency import Source
from cardlint.errors import InputError
from cardlint.i18n import _
from cardlint.io.document import CardEntry, Document
from cardlint.io.schema import check, find_cycle
from cardlint.io.yamlio import line_of, strip_lines, where


def check_board(data, path: str) -> None:
    """The board against its schema (``cardlint.io.schema``), then attachments: ``attached_to``
    cycles (an Aura attached to itself, or two objects attached to each other) are refused."""
    check(data, "board", path, where)
    objects = [o for o in data.get("objects") or [] if isinstance(o, dict) and "id" in o]
    edges = {str(o["id"]): (str(o["attached_to"]) if o.get("attached_to") is not None else None) for o in objects}
    cycle = find_cycle(edges)
    if cycle:
        first = next(o for o in objects if str(o["id"]) == cycle[0])
        line, col = where(first, "attached_to")
        raise InputError(_("attached_to makes a cycle: {cycle}").format(cycle=" → ".join(cycle)), path=path,
                         line=line, column=col)


def is_board(data) -> bool:
    return isinstance(data, dict) and isinstance(data.get("objects"), list)


def read_board(path: str, data: dict, lang: str) -> Document:
    doc = Document(path=path, kind="board", board=strip_lines(data))
    try:
        check_board(data, path)
    except InputError as exc:
        doc.errors.append(str(exc))
        return doc
    lang = data.get("lang", lang)
    ids = set()
    for obj in data.get("objects") or []:
        ln = line_of(obj)
        if not isinstance(obj, dict) or "id" not in obj:
            doc.errors.append(f"{path}:{ln}:1: " + _("board object needs an \"id\""))
            continue
        oid = str(obj["id"])
        if oid in ids:
            doc.errors.append(f"{path}:{ln}:1: " + _("duplicate object id {id!r}").format(id=oid))
            continue
        ids.add(oid)
        types = {str(t).lower() for t in obj.get("types") or []}
        src = Source(id=oid, name=obj.get("name") or oid, types=types,
                     subtypes={str(t).lower() for t in obj.get("subtypes") or []},
                     supertypes={str(t).lower() for t in obj.get("supertypes") or []},
                     colors=set(obj["colors"]) if obj.get("colors") is not None else None,
                     controller=str(obj.get("controller") or "you"), attached_to=obj.get("attached_to"),
                     is_spell=bool(types & {"instant", "sorcery"}), timestamp=obj.get("timestamp"),
                     path=path, line=ln)
        type_line = " ".join(t.capitalize() for t in [*src.supertypes, *types])
        doc.entries.append(CardEntry(name=src.name, text=obj.get("text") or "", type_line=type_line, lang=lang,
                                     path=path, line=ln, id=oid, extra={"source": src}))
    for i, eff in enumerate(data.get("effects") or []):
        ln = line_of(eff)
        if not isinstance(eff, dict) or not isinstance(eff.get("text"), str):
            doc.errors.append(f"{path}:{ln}:1: " + _("board effect needs a \"text\""))
            continue
        targets = [str(t) for t in eff.get("targets") or []]
        for t in targets:
            if t not in ids and t not in ("you", "opponent"):
                doc.errors.append(f"{path}:{ln}:1: " + _("unknown target {id!r}").format(id=t))
        sid = f"effect{i + 1}"
        src = Source(id=sid, name=eff.get("source") or sid, controller=str(eff.get("controller") or "you"),
                     targets=targets, is_spell=True, timestamp=eff.get("timestamp"), path=path, line=ln)
        doc.entries.append(CardEntry(name=src.name, text=eff["text"], type_line="Instant", lang=lang, path=path,
                                     line=ln, id=sid, extra={"source": src, "resolved": True}))
    for e in doc.entries:
        att = e.extra["source"].attached_to
        if att is not None and att not in ids:
            doc.errors.append(f"{path}:{e.line}:1: " + _("attached_to names an unknown object {id!r}").format(id=att))
    return doc
