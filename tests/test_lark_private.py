"""No language module touches Lark's private names (issue 17): whatever needs Lark's internals lives in
the speed layer (``cardlint.speed``).  Checked on the source: no import of an underscore name from
``lark``, no access to an attribute that Lark's own code keeps private (``x._parse_table``,
``lexer._scanner``, …, collected from the installed Lark), no reach into the parser's insides
(``parser.parser.parser``)."""

from __future__ import annotations

import ast
from pathlib import Path

import lark

LANG = Path(__file__).resolve().parents[1] / "src" / "cardlint" / "lang"


def _lark_private_attributes() -> set[str]:
    names = set()
    for path in Path(lark.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                names.add(node.attr)
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("_") and not node.name.startswith("__"):
                names.add(node.name)
    return names


def _chain(node: ast.Attribute) -> list[str]:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return parts[::-1]


def _own_names(trees) -> set[str]:
    """The underscore names cardlint's language modules define themselves (methods, attributes)."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return names


def _violations(tree, where, private: set[str], own: set[str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "lark":
            found += [f"{where}:{node.lineno} imports {a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute):
            if node.attr in private and node.attr not in own:
                found.append(f"{where}:{node.lineno} .{node.attr}")
            if _chain(node)[-2:] == ["parser", "parser"]:
                found.append(f"{where}:{node.lineno} {'.'.join(_chain(node))}")
    return found


def test_the_check_finds_lark_internals():
    sample = ast.parse("from lark.lexer import _create_unless\n"
                       "t = fe.parser._parse_table\nl = lexer._scanner\nx = p.parser.parser.parser\n")
    found = _violations(sample, "sample", _lark_private_attributes(), set())
    assert {line.split()[0] for line in found} == {"sample:1", "sample:2", "sample:3", "sample:4"}


def test_the_language_modules_use_no_private_name_of_lark():
    private = _lark_private_attributes()
    assert "_parse_table" in private and "_scanner" in private  # the harvest works
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(LANG.rglob("*.py"))}
    own = _own_names(trees.values())
    found = []
    for path, tree in trees.items():
        found += _violations(tree, path.relative_to(LANG.parent), private, own)
    assert not found, "Lark internals outside cardlint.speed:\n" + "\n".join(sorted(set(found)))
