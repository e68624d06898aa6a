"""Every object's characteristics after the layers, as the contract writes them (architecture.md
§3): what ``explain`` prints and a board's ``expect`` block is compared with."""

from __future__ import annotations

from cardlint.engine.core import Result
from cardlint.engine.model import canonical


def ability_name(a) -> str:
    """A granted keyword by its English name (kb), any other ability by its text."""
    if a.origin in ("granted", "counter") and a.keyword:
        try:
            from cardlint.kb import load_kb

            return load_kb().keyword(a.keyword)["names"]["en"]
        except KeyError:
            return canonical(a.keyword.replace("_", " "))
    return a.text


def characteristics(result: Result) -> dict:
    """``{id: {"name", "types", "subtypes", "supertypes", "colors", "abilities", "power", "toughness",
    "controller", …}}`` (architecture.md §3), plus ``text``, ``zone``, ``all_creature_types``,
    ``restrictions`` and, for spells in hand or on the stack, ``cost``."""
    out = {}
    for oid, o in result.state.items():
        obj = result.board.obj(oid)
        creature = o.is_creature
        power = o.power if (creature or obj.power is not None) else None
        toughness = o.toughness if (creature or obj.toughness is not None) else None
        if creature:
            power = power or 0
            toughness = toughness or 0
        rec = {
            "name": o.name,
            "types": [canonical(t) for t in o.types],
            "subtypes": [canonical(s) for s in o.subtypes],
            "supertypes": [canonical(s) for s in o.supertypes],
            "colors": [c for c in "WUBRG" if c in o.colors],
            "abilities": [ability_name(a) for a in o.abilities],
            "power": power,
            "toughness": toughness,
            "controller": o.controller,
            "all_creature_types": o.all_creature_types,
            "text": o.text,
            "zone": o.zone,
            "restrictions": [r["text"] for r in o.restrictions],
        }
        if o.cost is not None:
            rec["cost"] = o.cost
        out[oid] = rec
    return out
