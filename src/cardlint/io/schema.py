"""The schema of every input format: each key's type and allowed values, in one table per format.

The type texts below are what error messages print (``'power' must be number | null``) and what
the README's tables show (``tools`` and a test keep them equal: :func:`markdown_table`).  The type
language:

- ``text``, ``int``, ``number`` (int or finite float), ``bool``, ``null``, ``name`` (text or int:
  ids and type names written bare in YAML), ``map`` / ``list`` (any mapping / list), ``any``;
- ``list of T``, ``map of T`` (text keys), ``one of a, b, c`` (the value's text must be one of
  them), ``<format>`` (a mapping checked against another table), ``int >= N``;
- ``A | B``: either.

A key marked required must be present; any key not in the table is reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from cardlint.errors import InputError
from cardlint.i18n import _

LANG_CODES = "en, de, ja, zh-Hans"


@dataclass(frozen=True)
class Key:
    type: str
    required: bool = False
    doc: str = ""


def _k(type_: str, doc: str = "", required: bool = False) -> Key:
    return Key(type_, required, doc)


TEXT_NULL = "text | null"
NAMES = "name | list of name"

SCHEMAS: dict[str, dict[str, Key]] = {
    # --- JSONL records --------------------------------------------------------------------------
    "card record": {
        "name": _k(TEXT_NULL, "card name (self-reference)"),
        "text": _k(TEXT_NULL, "rules text"),
        "type": _k(TEXT_NULL, "type line"),
        "tname": _k(TEXT_NULL, "printed (translated) name, for self-reference in a translation"),
        "lang": _k("one of " + LANG_CODES, "language of this card's text (lint)"),
        "declared": _k("map | list", "declared classification (lint): clause objects"),
        "game": _k("one of mtg, ygo", "which game the text is from"),
        "pendulum_text": _k(TEXT_NULL, "Yu-Gi-Oh! Pendulum Effect text"),
        "script_labels": _k("any", "simulator labels (carried, not read)"),
        "noqa": _k("any", "lint codes suppressed for this card (true: all); checked by lint"),
        "where": _k("any", "the card's position in a JSON card file (Scryfall, MTGJSON; carried)"),
        "en_printed_text": _k(TEXT_NULL, "English text of the same printing (carried)"),
        "en_printed_type": _k(TEXT_NULL, "English type line of the same printing (carried)"),
        "en_text": _k(TEXT_NULL, "English text (carried)"),
        "set": _k("any", "set code (carried)"), "multiverseId": _k("any", "(carried)"),
        "source": _k("any", "(carried)"), "id": _k("any", "(carried)"), "types": _k("any", "(carried)"),
        "konami_id": _k("any", "Yu-Gi-Oh! card id (carried)"), "type_line": _k(TEXT_NULL, "Yu-Gi-Oh! printed type line (carried)"),
        "unofficial_translation": _k("any", "(carried)"), "name_ruby": _k("any", "(carried)"),
        "text_ruby": _k("any", "(carried)"),
    },
    "translation record": {
        "name": _k("name | null", "English card name"),
        "text": _k("text", "translated rules text", required=True),
        "en_text": _k(TEXT_NULL, "English rules text (one of en_text, en_printed_text, en_oracle_text is needed)"),
        "en_printed_text": _k(TEXT_NULL, "the corpus name of en_text"),
        "en_oracle_text": _k(TEXT_NULL, "English Oracle text, when no printed English text is given"),
        "oracle_text": _k(TEXT_NULL, "English Oracle text: the second English reference"),
        "oracle_type": _k(TEXT_NULL, "English Oracle type line"),
        "tname": _k(TEXT_NULL, "translated name"),
        "type": _k(TEXT_NULL, "translated type line"),
        "en_type": _k(TEXT_NULL, "English type line"),
        "en_printed_type": _k(TEXT_NULL, "the corpus name of en_type"),
        "lang": _k("one of " + LANG_CODES, "(carried)"),
        "set": _k("any", "(carried)"), "multiverseId": _k("any", "(carried)"), "id": _k("any", "(carried)"),
        "source": _k("any", "(carried)"),
    },
    "Forge script record": {
        "name": _k("text", "card name", required=True),
        "lines": _k("list of text", "script lines", required=True),
        "oracle": _k(TEXT_NULL, "Oracle text of the script"),
        "types": _k(TEXT_NULL, "type line"),
        "file": _k(TEXT_NULL, "script file name"),
    },
    # --- boards (architecture.md §4) ------------------------------------------------------------
    "board": {
        "objects": _k("list of <board object>", "objects on the battlefield (or in other zones)", required=True),
        "effects": _k("list of <board effect> | null", "continuous effects of resolved spells and abilities"),
        "name": _k("text | null"), "description": _k("text | null"),
        "lang": _k("one of " + LANG_CODES, "language of the texts (default en)"),
        "rules": _k(NAMES + " | null", "CR references"),
        "expect": _k("map | null", "expected outcome (tests)"),
        "variants": _k("list of <board variant> | null", "the same board with changes"),
        "notes": _k("any"), "known_gaps": _k("list | null"), "history": _k("list of map | null"),
        "players": _k("list of name | null", "player names (default you, opponent)"),
        "active_player": _k("name | null"),
        "scheme": _k("one of current, m10, 2007", "layer numbering"),
    },
    "board object": {
        "id": _k("name", "unique id", required=True),
        "name": _k("text", "card name", required=True),
        "types": _k(NAMES + " | null"), "subtypes": _k(NAMES + " | null"), "supertypes": _k(NAMES + " | null"),
        "colors": _k("list of one of W, U, B, R, G | one of W, U, B, R, G | null"),
        "mana_value": _k("number | null"), "mana_cost": _k("text | null", "e.g. \"{1}{B}\""),
        "power": _k("number | null"), "toughness": _k("number | null"), "loyalty": _k("number | null"),
        "text": _k("text | null", "rules text"),
        "controller": _k("name", "a player (default you)"), "owner": _k("name", "a player (default: controller)"),
        "timestamp": _k("number", "required on the battlefield"),
        "counters": _k("map of (int | <counter>) | null", "kind → number, e.g. {\"+1/+1\": 1}"),
        "attached_to": _k("name | null", "id of the object it is attached to (no cycles)"),
        "attached_at": _k("number | null"), "choices": _k("map of name | null", "e.g. {color: U}"),
        "tapped": _k("bool"), "token": _k("bool"),
        "zone": _k("one of battlefield, hand, graveyard, stack, exile, library, command"),
        "entered": _k("number | null"),
    },
    "counter": {
        "count": _k("int", "how many", required=True),
        "timestamp": _k("number", "when they were put on the object"),
    },
    "board effect": {
        "text": _k("text", "the effect's text", required=True),
        "timestamp": _k("number", required=True),
        "id": _k("name | null"), "name": _k("text | null"),
        "source": _k("name | null", "an object id, or the id of a resolved spell or ability"),
        "controller": _k("name"), "targets": _k(NAMES + " | null", "object ids or player names"),
        "choices": _k("map of name | null"), "ended": _k("bool"),
    },
    "board variant": {
        "name": _k("name", required=True), "description": _k("text | null"),
        "set": _k("map of map | null", "id → fields to change"), "remove": _k("list of name | null"),
        "add_effects": _k("list of <board effect> | null"), "add_objects": _k("list of <board object> | null"),
        "expect": _k("map | null"), "known_gaps": _k("list | null"),
        "scheme": _k("one of current, m10, 2007"),
    },
    # --- kb/templates/*.yaml --------------------------------------------------------------------
    "templates file": {
        "templates": _k("list of <template>", required=True),
        "family": _k("text | null"), "description": _k("text | null"), "notes": _k("any"),
    },
    "template": {
        "id": _k("name", required=True),
        "text": _k("map of text", "language → text (" + LANG_CODES + ")", required=True),
        "declared": _k("map | list", "declared classification"),
        "type": _k("text | null", "English type line"), "cr": _k(NAMES + " | null"),
        "name": _k("map of text | text | null", "language → card name"), "card": _k("text | null"),
        "pending": _k("list of one of " + LANG_CODES + " | map of text | null",
                       "languages that do not parse it yet (language → reason)"),
        "notes": _k("any"),
    },
    # --- Yu-Gi-Oh! chain files (architecture.md §5) ---------------------------------------------
    "chain file": {
        "turn_player": _k("one of A, B", required=True),
        "phase": _k("one of draw, standby, main1, battle, main2, end"),
        "event": _k("text | null", "free text"),
        "lang": _k("one of " + LANG_CODES + ", zh", "language of the texts (default en)"),
        "triggers": _k("list of <chain entry> | null"), "activations": _k("list of <chain entry> | null"),
        "responses": _k("list of <chain entry> | null"),
    },
    "chain entry": {
        "card": _k("name", required=True), "controller": _k("one of A, B", required=True),
        "text": _k("text", required=True), "type": _k("text | null", "card type line"),
        "tributed": _k("bool", "Tributed for the summon"),
        "sent_as": _k("text | null", "e.g. cost"), "during": _k("text | null", "e.g. resolution"),
    },
    # --- pyproject.toml [tool.cardlint] ---------------------------------------------------------
    "config": {
        "select": _k("list of text", "codes, prefixes or rule names"),
        "ignore": _k("list of text"), "extend-select": _k("list of text"),
        "max-set-size": _k("int >= 1"), "lang": _k("one of " + LANG_CODES),
    },
}


# ------------------------------------------------------------------ checking

_KINDS = ((bool, "bool"), (int, "int"), (float, "number"), (str, "text"), (dict, "map"), (list, "list"))


def kind_of(v: Any) -> str:
    if v is None:
        return "null"
    return next((name for t, name in _KINDS if isinstance(v, t)), type(v).__name__)


@lru_cache(maxsize=None)
def _alternatives(spec: str) -> tuple[str, ...]:
    """Split at the top-level `` | `` (``list of (A | B)`` keeps its parenthesised union); a schema has
    a few dozen specs and every record asks for them, so each is split once."""
    out, depth, cur = [], 0, ""
    for part in spec.split(" | "):
        cur = f"{cur} | {part}" if cur else part
        depth += part.count("(") - part.count(")")
        if depth == 0:
            out.append(cur.strip())
            cur = ""
    if cur:
        out.append(cur.strip())
    return tuple(x for a in out for x in (_alternatives(a[1:-1]) if a.startswith("(") and a.endswith(")") else [a]))


_SCALARS = (str, bool, int, type(None))
#: the specs whose test reads nothing but the value's type
_TYPE_ONLY_ALTS = frozenset({"any", "null", "text", "bool", "int", "map", "list"})
_BY_TYPE: dict[tuple[str, type], bool] = {}
#: (format, ((key, type) …)) of records found valid whose every spec is type-only
_VALID_SHAPES: set[tuple] = set()


@lru_cache(maxsize=None)
def _type_only(spec: str) -> bool:
    return all(alt in _TYPE_ONLY_ALTS for alt in _alternatives(spec))


def matches(value: Any, spec: str, subs: list | None = None) -> tuple[bool, tuple[str, Any] | None]:
    """(ok, inner) — ``inner`` is (spec, value) of an element that failed inside a list or map, for
    a more precise message.  Mappings that must fit another table are appended to ``subs`` as
    (format, value) for the caller to check."""
    kind = type(value)
    if kind in _SCALARS and _type_only(spec):
        # "text | null" and the like: the answer depends on the value's type only (asked per record)
        ok = _BY_TYPE.get((spec, kind))
        if ok is None:
            ok = _BY_TYPE[(spec, kind)] = any(_match_one(value, alt, [])[0] for alt in _alternatives(spec))
        return ok, None
    inner = None
    for alt in _alternatives(spec):
        mine: list = []
        ok, deeper = _match_one(value, alt, mine)
        if ok:
            if subs is not None:
                subs.extend(mine)
            return True, None
        inner = inner or deeper
    return False, inner


def _match_one(v: Any, alt: str, subs: list):
    if alt == "any":
        return True, None
    if alt == "null":
        return v is None, None
    if alt == "text":
        return isinstance(v, str), None
    if alt == "bool":
        return isinstance(v, bool), None
    if alt == "int":
        return isinstance(v, int) and not isinstance(v, bool), None
    if alt.startswith("int >= "):
        return isinstance(v, int) and not isinstance(v, bool) and v >= int(alt[7:]), None
    if alt == "number":
        return (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)), None
    if alt == "name":
        return (isinstance(v, str) and v != "") or (isinstance(v, int) and not isinstance(v, bool)), None
    if alt == "map":
        return isinstance(v, dict), None
    if alt == "list":
        return isinstance(v, list), None
    if alt.startswith("one of "):
        choices = [c.strip() for c in alt[7:].split(",")]
        return (isinstance(v, (str, int)) and not isinstance(v, bool) and str(v) in choices), None
    if alt.startswith("<") and alt.endswith(">"):
        if isinstance(v, dict):
            subs.append((alt[1:-1], v))
            return True, None
        return False, None
    if alt.startswith("list of ") or alt.startswith("map of "):
        is_list = alt.startswith("list of ")
        if not isinstance(v, list if is_list else dict):
            return False, None
        elem = alt[8:] if is_list else alt[7:]
        for k, x in (((None, x) for x in v) if is_list else v.items()):
            if not is_list and not isinstance(k, str):
                return False, ("text", k)
            ok, _inner = matches(x, elem, subs)
            if not ok:
                return False, (elem, x)
        return True, None
    raise ValueError(f"unknown schema type {alt!r}")


def describe(v: Any) -> str:
    kind = kind_of(v)
    if kind in ("text", "int", "number", "bool"):
        shown = repr(v) if kind == "text" else str(v).lower() if kind == "bool" else str(v)
        if len(shown) > 40:
            shown = shown[:37] + "…"
        return _("{kind} {value}").format(kind=kind, value=shown)
    return kind


#: where(container, key) → (line, column) of a key (or of the container when key is None)
Locator = Callable[[Any, Any], tuple[int | None, int | None]]


def check(data: Any, fmt: str, path: str, where: Locator) -> None:
    """Raise :class:`InputError` for the first problem of ``data`` against ``SCHEMAS[fmt]``:
    not a mapping, a missing required key, an unknown key, a value of the wrong type (recursing
    into ``<format>`` elements)."""
    table = SCHEMAS[fmt]
    shape = None
    if type(data) is dict and all(type(v) in _SCALARS for v in data.values()):
        # a record of plain values whose every spec reads only types is valid or not by its shape alone
        shape = (fmt, tuple((k, type(v)) for k, v in data.items()))
        if shape in _VALID_SHAPES:
            return
    if not isinstance(data, dict):
        line, col = where(data, None)
        raise InputError(_("{what} must be a mapping of keys to values, not {got}").format(
            what=fmt, got=describe(data)), path=path, line=line, column=col)
    for key in data:
        if key not in table:
            line, col = where(data, key)
            known = ", ".join(sorted(table))
            raise InputError(_("unknown key {key!r} in {what} (known keys: {known})").format(
                key=key if isinstance(key, str) else str(key), what=fmt, known=known), path=path, line=line, column=col)
    for key, spec in table.items():
        if key not in data:
            if spec.required:
                line, col = where(data, None)
                raise InputError(_("{what} needs the key {key!r} ({type})").format(what=fmt, key=key, type=spec.type),
                                 path=path, line=line, column=col)
            continue
        value = data[key]
        subs: list = []
        ok, inner = matches(value, spec.type, subs)
        if not ok:
            line, col = where(data, key)
            if inner is not None:
                raise InputError(_("{key!r} must be {type}: an element is {got}, not {elem}").format(
                    key=key, type=spec.type, got=describe(inner[1]), elem=inner[0]),
                    path=path, line=line, column=col)
            raise InputError(_("{key!r} must be {type}, not {got}").format(key=key, type=spec.type, got=describe(value)),
                             path=path, line=line, column=col)
        for sub_fmt, item in subs:
            check(item, sub_fmt, path, where)
    if shape is not None and all(_type_only(table[k].type) for k in data) and len(_VALID_SHAPES) < 4096:
        _VALID_SHAPES.add(shape)


def find_cycle(edges: dict[str, str | None]) -> list[str] | None:
    """The first cycle of a functional graph (each node points to at most one other), or None."""
    done: set = set()
    for start in edges:
        path, seen = [], set()
        node = start
        while node is not None and node in edges and node not in done:
            if node in seen:
                return path[path.index(node):] + [node]
            seen.add(node)
            path.append(node)
            node = edges.get(node)
        done.update(seen)
    return None


def markdown_table(fmt: str) -> str:
    rows = ["| key | type | required | meaning |", "|---|---|---|---|"]
    for key, spec in SCHEMAS[fmt].items():
        type_ = spec.type.replace("|", "\\|")
        rows.append(f"| `{key}` | {type_} | {'yes' if spec.required else ''} | {spec.doc} |")
    return "\n".join(rows)


def markdown_tables() -> str:
    return "\n\n".join(f"**{fmt}**\n\n{markdown_table(fmt)}" for fmt in SCHEMAS)
