"""YAML input with line numbers, for boards, chain files and kb templates.

:func:`load_yaml` parses with PyYAML's safe composer, then checks the node graph before building
any value: no tags beyond the plain scalar/list/mapping ones (``!!python/…``, ``!foo``, ``!!set``
are refused), no recursive aliases, no alias expansion beyond :data:`MAX_NODES` values (an
"alias bomb"), nesting at most :data:`~cardlint.io.decode.MAX_DEPTH`, mapping keys that are plain
scalars and not repeated, finite numbers (``.inf``/``.nan`` are refused).  Values are built as
:class:`LMap`/:class:`LList` that remember the line and column of themselves and of each key;
dates stay text.  Every problem is an :class:`InputError` at its line and column.
"""

from __future__ import annotations

import math
from typing import Any

import yaml

from cardlint.errors import InputError
from cardlint.i18n import _
from cardlint.io.decode import MAX_DEPTH, SURROGATE, decode_utf8, read_bytes

MAX_NODES = 100_000
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}


class LMap(dict):
    """A mapping that remembers the line/column of itself (``line``, ``col``) and of each key."""

    line: int = 0
    col: int = 0
    lines: dict
    cols: dict


class LList(list):
    line: int = 0
    col: int = 0


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _fail(message: str, path: str, node=None, mark=None):
    mark = mark if mark is not None else (node.start_mark if node is not None else None)
    raise InputError(message, path=path, line=mark.line + 1 if mark else None,
                     column=mark.column + 1 if mark else None)


def compose(text: str, path: str):
    """The checked node graph of ``text`` (None for an empty document)."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        # the composer recurses per level and takes seconds to hit the recursion limit: look first
        deep = _too_deep(text)
        if deep is not None:
            _fail(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path, mark=deep)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or str(exc)
        _fail(_("invalid YAML: {problem}").format(problem=problem), path, mark=mark)
    except yaml.reader.ReaderError as exc:
        from cardlint.io.decode import position

        line, col = position(text, exc.position)
        raise InputError(_("invalid YAML: the character U+{code:04X} is not allowed").format(code=exc.character
                         if isinstance(exc.character, int) else ord(exc.character)),
                         path=path, line=line, column=col) from None
    except yaml.YAMLError as exc:
        raise InputError(_("invalid YAML: {problem}").format(problem=exc), path=path) from None
    except RecursionError:
        _fail(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path, mark=_too_deep(text))
    if node is not None:
        _check_graph(node, path)
    return node


def _too_deep(text: str):
    """Where the nesting passes MAX_DEPTH, found with the (iterative) scanner."""
    depth = 0
    try:
        for tok in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(tok, (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken,
                                yaml.BlockSequenceStartToken, yaml.BlockMappingStartToken)):
                depth += 1
                if depth > MAX_DEPTH:
                    return tok.start_mark
            elif isinstance(tok, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.BlockEndToken)):
                depth -= 1
    except (yaml.YAMLError, RecursionError):
        pass
    return None


def _check_graph(root, path: str) -> None:
    """Tags, alias cycles, expansion size and depth, without recursion (the graph may be hostile)."""
    size: dict[int, int] = {}
    state: dict[int, int] = {}            # 1 = on the current path, 2 = done
    stack = [(root, 1, False)]
    while stack:
        node, depth, leaving = stack.pop()
        nid = id(node)
        if leaving:
            kids = _children(node)
            size[nid] = 1 + sum(size[id(k)] for k in kids)
            state[nid] = 2
            if size[nid] > MAX_NODES:
                _fail(_("the aliases in this file expand to more than {max} values").format(max=MAX_NODES), path, node)
            continue
        if state.get(nid) == 2:
            continue
        if state.get(nid) == 1:
            _fail(_("an alias refers to a value that contains it (a recursive alias)"), path, node)
        if depth > MAX_DEPTH:
            _fail(_("nested more than {max} levels deep").format(max=MAX_DEPTH), path, node)
        if isinstance(node, yaml.ScalarNode):
            if node.tag not in _SCALAR_TAGS:
                _fail(_("the YAML tag {tag} is not allowed here").format(tag=_short(node.tag)), path, node)
            size[nid] = 1
            state[nid] = 2
            continue
        expected = _TAG + ("seq" if isinstance(node, yaml.SequenceNode) else "map")
        if node.tag != expected:
            _fail(_("the YAML tag {tag} is not allowed here").format(tag=_short(node.tag)), path, node)
        state[nid] = 1
        stack.append((node, depth, True))
        if isinstance(node, yaml.MappingNode):
            for k, _v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    _fail(_("a key must be plain text, not a list or mapping"), path, k)
                if k.tag == _TAG + "merge":
                    _fail(_("merge keys (<<) are not supported; write the keys out"), path, k)
        for k in _children(node):
            if state.get(id(k)) != 2:
                stack.append((k, depth + 1, False))


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


_SCALARS = yaml.SafeLoader("")


def _scalar(node, path: str) -> Any:
    if node.tag == _TAG + "timestamp":
        return node.value                 # a date stays the text it was written as
    if node.tag == _TAG + "str":
        if SURROGATE.search(node.value):
            _fail(_("the text contains half of a surrogate pair, which is no character"), path, node)
        return node.value
    try:
        value = _SCALARS.yaml_constructors[node.tag](_SCALARS, node)   # no per-node memo: no growth
    except (yaml.YAMLError, ValueError) as exc:
        _fail(_("invalid YAML value: {problem}").format(problem=getattr(exc, "problem", None) or exc), path, node)
    if isinstance(value, float) and not math.isfinite(value):
        _fail(_("{value} is not a finite number").format(value=node.value), path, node)
    if isinstance(value, int) and not isinstance(value, bool) and len(node.value) > 4300:
        _fail(_("an integer of {n} digits is too long").format(n=len(node.value)), path, node)
    return value


def build(node, path: str) -> Any:
    """Values of a checked node graph (depth is bounded by the check, so recursion is safe)."""
    if isinstance(node, yaml.MappingNode):
        out = LMap()
        out.line, out.col = _mark(node)
        out.lines, out.cols = {}, {}
        for k, v in node.value:
            key = _scalar(k, path)
            try:
                dup = key in out
            except TypeError:
                dup = False
            if dup:
                _fail(_("duplicate key {key!r}").format(key=key), path, k)
            out[key] = build(v, path)
            out.lines[key], out.cols[key] = _mark(k)
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LList(build(v, path) for v in node.value)
        out.line, out.col = _mark(node)
        return out
    return _scalar(node, path)


def parse_yaml(text: str, path: str) -> Any:
    node = compose(text, path)
    return build(node, path) if node is not None else None


def load_yaml(path: str) -> Any:
    """Parse the YAML file ``path`` (see the module docstring for what is refused)."""
    return parse_yaml(decode_utf8(read_bytes(path), path), path)


def where(container: Any, key: Any) -> tuple[int | None, int | None]:
    """Line and column of ``key`` in an :class:`LMap` (of the container itself when key is None)."""
    if key is not None and isinstance(container, LMap) and key in container.lines:
        return container.lines[key], container.cols[key]
    return getattr(container, "line", None) or None, getattr(container, "col", None) or None


def line_of(node, default: int = 1) -> int:
    return getattr(node, "line", None) or default


def strip_lines(node):
    """Plain dicts and lists (for output and deep copies)."""
    if isinstance(node, dict):
        return {k: strip_lines(v) for k, v in node.items()}
    if isinstance(node, list):
        return [strip_lines(v) for v in node]
    return node
