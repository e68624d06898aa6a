"""YAML with line numbers: every mapping gets a ``__line__`` key (1-based) so findings and input
errors can name ``file:line``."""

from __future__ import annotations

import yaml

from cardlint.errors import InputError
from cardlint.i18n import _

LINE = "__line__"


class _LineLoader(yaml.SafeLoader):
    pass


def _construct_mapping(loader, node, deep=False):
    mapping = yaml.SafeLoader.construct_mapping(loader, node, deep=True)
    mapping[LINE] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: str):
    """Parse ``path``; malformed YAML raises :class:`InputError` naming file:line:column."""
    try:
        with open(path, encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_LineLoader)  # noqa: S506 (a SafeLoader subclass)
    except UnicodeDecodeError as exc:
        raise InputError(_("not UTF-8"), path=path, line=1, column=exc.start + 1) from exc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise InputError(_("invalid YAML: {msg}").format(msg=exc.problem or str(exc)), path=path, line=line,
                         column=col) from exc
    except OSError as exc:
        raise InputError(_("cannot read input: {error}").format(error=exc.strerror), path=path) from exc


def line_of(node, default: int = 1) -> int:
    return node.get(LINE, default) if isinstance(node, dict) else default


def strip_lines(node):
    if isinstance(node, dict):
        return {k: strip_lines(v) for k, v in node.items() if k != LINE}
    if isinstance(node, list):
        return [strip_lines(v) for v in node]
    return node
