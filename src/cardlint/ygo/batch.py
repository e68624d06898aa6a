"""Batch helper for ``cardlint classify --game ygo --input FILE.jsonl``.

:func:`classify_record` maps one input record (corpus shape: ``{"id"?, "name", "text", "type"?,
"pendulum_text"?}``) to one output line ``{"id"?, "name", "game": "ygo", "effects": [...]}``; a record
that cannot be classified yields ``{"name", "error"}`` and the run goes on.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from cardlint.ygo import classify


def classify_record(rec: dict, lang: str = "en") -> dict:
    name = rec.get("name")
    text = rec.get("text")
    if text is not None and not isinstance(text, str):
        return {"name": name, "error": '"text" must be a string'}
    try:
        res = classify(text or "", lang, rec.get("type") or rec.get("type_line"), rec.get("pendulum_text"), name)
    except ValueError as exc:
        return {"name": name, "error": str(exc)}
    out = {"name": name, **res}
    if "id" in rec:
        out = {"id": rec["id"], **out}
    return out


def classify_records(records: Iterable[dict], lang: str = "en") -> Iterator[dict]:
    for rec in records:
        yield classify_record(rec, lang)
