"""The import graph of ``src/cardlint``: no import cycle and no private name imported from another module
(issue 17).  Every import statement counts, also those inside functions: a function-level import that
closes a cycle still ties the two modules together.  What is left of the debt is listed below; the test
fails when a new cycle or private import appears, and when a listed one is gone (then strike it)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "cardlint"

#: cycles still to break (sorted module lists): none left
KNOWN_CYCLES: set[tuple[str, ...]] = set()
#: (importing module, imported module, name) still to make public: none left
KNOWN_PRIVATE: set[tuple[str, str, str]] = set()


def _modules() -> dict[str, Path]:
    mods = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


def _graph():
    mods = _modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    private = set()
    for mod, path in mods.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if not target.startswith("cardlint"):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    dest = sub if sub in mods else target
                    if dest in mods and dest != mod:
                        edges[mod].add(dest)
                    # dunder names (__version__) and gettext's "_" are public by convention
                    if alias.name.startswith("_") and not alias.name.startswith("__") and alias.name != "_" \
                            and sub not in mods:
                        private.add((mod, target, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in mods and alias.name != mod:
                        edges[mod].add(alias.name)
    return edges, private


def _cycles(edges: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Strongly connected components of more than one module (the project's one SCC routine)."""
    from cardlint.dependency import strongly_connected

    comps = strongly_connected(sorted(edges), {m: sorted(e) for m, e in edges.items()})
    return {tuple(sorted(c)) for c in comps if len(c) > 1}


def test_cycle_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {("a", "b", "c")}


def test_no_new_import_cycle():
    edges, _ = _graph()
    cycles = _cycles(edges)
    assert cycles - KNOWN_CYCLES == set(), "new import cycle"
    assert KNOWN_CYCLES - cycles == set(), "a listed cycle is gone: strike it from KNOWN_CYCLES"


def test_no_new_private_import():
    _, private = _graph()
    assert private - KNOWN_PRIVATE == set(), "a private name imported across modules"
    assert KNOWN_PRIVATE - private == set(), "a listed private import is gone: strike it from KNOWN_PRIVATE"


def test_only_the_cli_imports_commands():
    """The commands are the CLI's leaves: readers (the JSONL reader is :mod:`cardlint.io.jsonl`), lint
    and translate never reach into them."""
    edges, _ = _graph()
    users = {m for m, dests in edges.items() for d in dests
             if d.startswith("cardlint.commands") and not m.startswith("cardlint.commands")}
    assert users <= {"cardlint.cli"}, sorted(users)
