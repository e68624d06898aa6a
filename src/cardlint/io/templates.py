"""``kb/templates/*.yaml``: canonical card templates with their declared classification.

File layout::

    family: anthem                      # what the file collects
    templates:
      - id: anthem.creatures-you-control
        cr: ["613.4c"]
        type: Enchantment               # English type line (decides spell vs static)
        declared: {ability: static, effects: [{kind: continuous, layer: "7c", cda: false}]}
        text: {en: "...", de: "...", ja: "...", zh-Hans: "..."}    # one clause per template
        name: {en: <card name>, de: ..., ...}   # the card the wording is taken from (self-reference)
        pending: [ja]                   # languages whose front end does not parse it yet

Each (template, language) becomes one :class:`CardEntry` with one :class:`Declaration`.
"""

from __future__ import annotations

from cardlint.classify import is_spell_card
from cardlint.errors import InputError
from cardlint.i18n import LANGS, _
from cardlint.io.cards import parse_declared
from cardlint.io.document import CardEntry, Document
from cardlint.io.schema import check
from cardlint.io.yamlio import line_of, where


def is_templates(data) -> bool:
    return isinstance(data, dict) and isinstance(data.get("templates"), list)


def read_templates(path: str, data: dict) -> Document:
    doc = Document(path=path, kind="templates", is_set=False)
    try:
        check(data, "templates file", path, where)
    except InputError as exc:
        doc.errors.append(str(exc))
        return doc
    seen = set()
    for t in data["templates"]:
        ln = line_of(t)
        if not isinstance(t, dict) or not t.get("id"):
            doc.errors.append(f"{path}:{ln}:1: " + _("template needs an \"id\""))
            continue
        if t["id"] in seen:
            doc.errors.append(f"{path}:{ln}:1: " + _("duplicate template id {id!r}").format(id=t["id"]))
            continue
        seen.add(t["id"])
        texts = t.get("text")
        if not isinstance(texts, dict) or not texts:
            doc.errors.append(f"{path}:{ln}:1: " + _("template {id!r} needs \"text\" per language").format(id=t["id"]))
            continue
        decls, err = parse_declared(t.get("declared"), f"{path}:{ln}:1")
        if err:
            doc.errors.append(err)
            continue
        unknown = [k for k in texts if k not in LANGS]
        if unknown:
            doc.errors.append(f"{path}:{ln}:1: " + _("unknown language {lang!r}").format(lang=unknown[0]))
            continue
        names = t.get("name") or {}
        pending = set(t.get("pending") or [])
        spell = is_spell_card(t.get("type"))
        for lang in LANGS:
            text = texts.get(lang)
            if not text:
                continue
            for d in decls:
                d.line = ln
            doc.entries.append(CardEntry(
                name=names.get(lang) if isinstance(names, dict) else None, text=text.strip(),
                type_line=t.get("type"), lang=lang, path=path, line=ln, id=t["id"],
                declarations=[_copy(d) for d in decls], pending=lang in pending, spell=spell,
                extra={"template": t["id"]}))
    return doc


def _copy(d):
    from dataclasses import replace

    return replace(d)
