"""Board files (architecture.md §4): YAML → :class:`Board`, validated, with file:line in every error.

A board lists the objects on the battlefield (and, where a rule needs them, in other zones) and the
continuous effects of resolved spells and abilities.  Optional keys beyond §4:

- objects: ``owner`` (default: the controller), ``tapped``, ``token``, ``zone`` (battlefield, hand,
  graveyard, stack, exile, library), ``entered`` (when it entered its zone; default its timestamp),
  ``attached_at`` (613.7e: the new timestamp it got when it became attached), ``mana_cost``
  (``"{1}{B}"``, for cost rules 601.2f), ``loyalty``.
- effects: ``id``, ``name``, ``choices``, ``ended`` (kept for the record, not applied).
- top level: ``name``, ``description``, ``lang`` (language of the texts, default en), ``rules``
  (CR references), ``expect`` (expected outcome for tests), ``variants`` (the same board with some
  objects/effects changed or removed, each with its own ``expect``), ``notes``, ``known_gaps``
  (front-end gaps that make the expected outcome fail today), ``history`` (outcomes under older rules).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlint.errors import InputError
from cardlint.i18n import Domain
from cardlint.io.schema import SCHEMAS
from cardlint.io.yamlio import LList, LMap, load_yaml

T = Domain("explain")

OBJECT_KEYS = set(SCHEMAS["board object"])     # the key tables live in cardlint.io.schema
EFFECT_KEYS = set(SCHEMAS["board effect"])
TOP_KEYS = set(SCHEMAS["board"])
VARIANT_KEYS = set(SCHEMAS["board variant"])
ZONES = ("battlefield", "hand", "graveyard", "stack", "exile", "library", "command")
COLORS = ("W", "U", "B", "R", "G")


_LMap, _LList = LMap, LList


def read_yaml(path: str | Path) -> Any:
    """The board file's values with lines (:func:`cardlint.io.yamlio.load_yaml`: every decoding
    problem is an :class:`InputError` at its line and column)."""
    return load_yaml(str(path))


@dataclass
class BoardObject:
    id: str
    name: str
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    mana_value: int = 0
    mana_cost: str | None = None
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    text: str = ""
    controller: str = "you"
    owner: str | None = None
    timestamp: float | None = None
    counters: dict = field(default_factory=dict)
    attached_to: str | None = None
    attached_at: float | None = None
    choices: dict = field(default_factory=dict)
    tapped: bool = False
    token: bool = False
    zone: str = "battlefield"
    entered: float | None = None
    line: int = 0
    text_line: int = 0

    @property
    def effective_timestamp(self) -> float:
        """613.7d/613.7e: when it entered, or when it last became attached."""
        ts = self.timestamp if self.timestamp is not None else 0
        if self.attached_at is not None:
            ts = max(ts, self.attached_at)
        return ts

    @property
    def entered_at(self) -> float:
        return self.entered if self.entered is not None else (self.timestamp or 0)


@dataclass
class BoardEffect:
    id: str
    text: str
    source: str | None = None
    name: str | None = None
    controller: str = "you"
    targets: list[str] = field(default_factory=list)
    timestamp: float = 0
    choices: dict = field(default_factory=dict)
    ended: bool = False
    line: int = 0
    text_line: int = 0


@dataclass
class Board:
    path: str
    name: str = ""
    description: str = ""
    lang: str = "en"
    objects: list[BoardObject] = field(default_factory=list)
    effects: list[BoardEffect] = field(default_factory=list)
    players: list[str] = field(default_factory=lambda: ["you", "opponent"])
    active_player: str = "you"
    scheme: str = "current"
    expect: dict | None = None
    known_gaps: list = field(default_factory=list)
    history: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    raw: dict | None = None
    variants: list[dict] = field(default_factory=list)
    variant: str | None = None

    def source_name(self, e: BoardEffect) -> str:
        """The name an effect's source is shown by: the object's name, or the resolved spell's own."""
        if e.source is not None:
            for o in self.objects:
                if o.id == e.source:
                    return o.name
        return e.name or e.source or e.id

    def has_object(self, oid) -> bool:
        return oid is not None and any(o.id == oid for o in self.objects)

    def obj(self, oid: str) -> BoardObject:
        for o in self.objects:
            if o.id == oid:
                return o
        raise KeyError(oid)


def _err(path, line, message):
    return InputError(message, path=path, line=line)


def _check_keys(path, m: _LMap, allowed: set, where: str):
    for key in m:
        if key not in allowed:
            raise _err(path, m.lines.get(key, m.line),
                       T._("unknown field {field!r} in {where}").format(field=key, where=where))


def _str_list(path, m, key) -> list[str]:
    v = m.get(key)
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if not isinstance(v, list) or not all(isinstance(x, (str, int)) for x in v):
        raise _err(path, m.lines.get(key, m.line), T._("{field!r} must be a list of names").format(field=key))
    return [str(x) for x in v]


def _number(path, m, key, required=False):
    v = m.get(key)
    if v is None:
        if required:
            raise _err(path, m.line, T._("missing field {field!r}").format(field=key))
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _err(path, m.lines.get(key, m.line), T._("{field!r} must be a number").format(field=key))
    return v


def _object(path, m, index) -> BoardObject:
    if not isinstance(m, _LMap):
        raise _err(path, getattr(m, "line", None), T._("each object must be a mapping"))
    _check_keys(path, m, OBJECT_KEYS, "objects")
    for key in ("id", "name"):
        if not isinstance(m.get(key), str) or not m.get(key):
            raise _err(path, m.lines.get(key, m.line), T._("missing field {field!r}").format(field=key))
    zone = m.get("zone", "battlefield")
    if zone not in ZONES:
        raise _err(path, m.lines.get("zone", m.line), T._("unknown zone {zone!r}").format(zone=zone))
    ts = _number(path, m, "timestamp", required=(zone == "battlefield"))
    colors = _str_list(path, m, "colors")
    for c in colors:
        if c not in COLORS:
            raise _err(path, m.lines.get("colors", m.line), T._("unknown color {color!r}; use W U B R G").format(color=c))
    counters = m.get("counters") or {}
    if not isinstance(counters, dict):
        raise _err(path, m.lines.get("counters", m.line), T._("{field!r} must be a mapping").format(field="counters"))
    choices = m.get("choices") or {}
    if not isinstance(choices, dict):
        raise _err(path, m.lines.get("choices", m.line), T._("{field!r} must be a mapping").format(field="choices"))
    text = m.get("text") or ""
    if not isinstance(text, str):
        raise _err(path, m.lines.get("text", m.line), T._("{field!r} must be text").format(field="text"))
    controller = str(m.get("controller", "you"))
    return BoardObject(
        id=str(m["id"]), name=m["name"], types=_str_list(path, m, "types"),
        subtypes=_str_list(path, m, "subtypes"), supertypes=_str_list(path, m, "supertypes"),
        colors=colors, mana_value=_number(path, m, "mana_value") or 0, mana_cost=m.get("mana_cost"),
        power=_number(path, m, "power"), toughness=_number(path, m, "toughness"),
        loyalty=_number(path, m, "loyalty"), text=text, controller=controller,
        owner=str(m.get("owner", controller)), timestamp=ts, counters=dict(counters),
        attached_to=m.get("attached_to"), attached_at=_number(path, m, "attached_at"),
        choices=dict(choices), tapped=bool(m.get("tapped", False)), token=bool(m.get("token", False)),
        zone=zone, entered=_number(path, m, "entered"), line=m.line,
        text_line=m.lines.get("text", m.line))


def _effect(path, m, index) -> BoardEffect:
    if not isinstance(m, _LMap):
        raise _err(path, getattr(m, "line", None), T._("each effect must be a mapping"))
    _check_keys(path, m, EFFECT_KEYS, "effects")
    if not isinstance(m.get("text"), str) or not m.get("text").strip():
        raise _err(path, m.lines.get("text", m.line), T._("missing field {field!r}").format(field="text"))
    ts = _number(path, m, "timestamp", required=True)
    targets = _str_list(path, m, "targets")
    choices = m.get("choices") or {}
    return BoardEffect(
        id=str(m.get("id") or f"effect{index + 1}"), text=m["text"], source=m.get("source"),
        name=m.get("name"), controller=str(m.get("controller", "you")), targets=targets, timestamp=ts,
        choices=dict(choices), ended=bool(m.get("ended", False)), line=m.line,
        text_line=m.lines.get("text", m.line))


def board_from_data(data: Any, path: str) -> Board:
    if not isinstance(data, _LMap):
        raise _err(path, getattr(data, "line", 1), T._("a board must be a mapping with 'objects'"))
    from cardlint.io.board import check_board

    check_board(data, path)
    _check_keys(path, data, TOP_KEYS, "board")
    objs = data.get("objects")
    if not isinstance(objs, list):
        raise _err(path, data.lines.get("objects", data.line), T._("missing field {field!r}").format(field="objects"))
    board = Board(path=path, name=str(data.get("name") or Path(path).stem),
                  description=str(data.get("description") or ""), lang=str(data.get("lang") or "en"),
                  expect=data.get("expect"), known_gaps=list(data.get("known_gaps") or []),
                  history=list(data.get("history") or []), rules=list(data.get("rules") or []),
                  raw=data, variants=list(data.get("variants") or []),
                  scheme=str(data.get("scheme") or "current"))
    board.objects = [_object(path, m, i) for i, m in enumerate(objs)]
    board.effects = [_effect(path, m, i) for i, m in enumerate(data.get("effects") or [])]
    if data.get("players"):
        board.players = [str(p) for p in data["players"]]
    board.active_player = str(data.get("active_player") or board.players[0])
    _check_refs(board, data)
    return board


def _check_refs(board: Board, data) -> None:
    ids = set()
    for o in board.objects:
        if o.id in ids:
            raise _err(board.path, o.line, T._("duplicate object id {id!r}").format(id=o.id))
        ids.add(o.id)
    players = set(board.players)
    for o in board.objects:
        if o.attached_to is not None and o.attached_to not in ids and o.attached_to not in players:
            raise _err(board.path, o.line, T._("unknown object {id!r}").format(id=o.attached_to))
        for who in (o.controller, o.owner):
            if who not in players:
                raise _err(board.path, o.line, T._("unknown player {player!r}").format(player=who))
    for e in board.effects:
        # architecture.md §4: a source that is not among the objects is the resolved spell or
        # ability itself, named by its id; its text, controller and timestamp are the entry's.
        if e.controller not in players:
            raise _err(board.path, e.line, T._("unknown player {player!r}").format(player=e.controller))
        for t in e.targets:
            if t not in ids and t not in players:
                raise _err(board.path, e.line, T._("unknown object {id!r}").format(id=t))


def load_board(path: str | Path, variant: str | None = None) -> Board:
    path = str(path)
    data = read_yaml(path)
    board = board_from_data(data, path)
    if variant is not None:
        board = apply_variant(board, variant)
    return board


def variant_names(board: Board) -> list[str]:
    return [str(v.get("name")) for v in board.variants]


def apply_variant(board: Board, name: str) -> Board:
    """The board with a variant's changes: ``set`` (id → fields), ``remove`` (ids), ``add_effects``,
    ``add_objects``; its ``expect`` replaces the board's."""
    for v in board.variants:
        if str(v.get("name")) == name:
            break
    else:
        raise InputError(T._("unknown variant {name!r}").format(name=name), path=board.path)
    path = board.path
    if isinstance(v, _LMap):
        _check_keys(path, v, VARIANT_KEYS, "variants")
    data = copy.deepcopy(board.raw)
    data.pop("variants", None)
    removed = set(v.get("remove") or [])
    objs = _LList(o for o in data["objects"] if o.get("id") not in removed)
    objs.line = data["objects"].line
    effs = _LList(e for e in (data.get("effects") or []) if e.get("id") not in removed)
    for oid, fields in (v.get("set") or {}).items():
        target = [o for o in list(objs) + list(effs) if o.get("id") == oid]
        if not target:
            raise _err(path, v.line, T._("unknown object {id!r}").format(id=oid))
        for k, val in fields.items():
            target[0][k] = val
            target[0].lines.setdefault(k, getattr(fields, "lines", {}).get(k, v.line))
    objs.extend(v.get("add_objects") or [])
    effs.extend(v.get("add_effects") or [])
    data["objects"] = objs
    data["effects"] = effs
    data["expect"] = v.get("expect")
    data["known_gaps"] = list(v.get("known_gaps") or []) + list(data.get("known_gaps") or [])
    if v.get("scheme"):
        data["scheme"] = v["scheme"]
    out = board_from_data(data, path)
    out.variant = name
    out.name = f"{board.name} [{name}]"
    return out
