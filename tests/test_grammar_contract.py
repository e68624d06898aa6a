"""The grammar contract (grammar/contract.yaml, grammar/README.md): every rule name a grammar keeps in
its parse tree is the contract's or its builder's, and the contract lists no name the grammars no
longer emit (issue 17)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from cardlint.lang.frontend import frontend
from cardlint.paths import grammar_dir

CONTRACT = yaml.safe_load((grammar_dir() / "contract.yaml").read_text(encoding="utf-8"))
LANGS = {"en": "en", "de": "de", "ja": "ja", "zh": "zh-Hans"}


def _kept(rule, sym) -> bool:
    """Does the symbol leave a child in the tree (a token, or a rule of its own)?"""
    if sym.is_term:
        return rule.options.keep_all_tokens or not (sym.filter_out or sym.name.startswith("_"))
    return True


def emitted(rules) -> set[str]:
    """The names a parser's trees may hold: an alias, or a rule's name — not an inlined _rule, not
    a ?rule whose alternative is a single child (it reduces to that child)."""
    out = set()
    for r in rules:
        if r.alias:
            out.add(str(r.alias))
            continue
        name = str(r.origin.name)
        if name.startswith("_"):
            continue
        kept = [s for s in r.expansion if _kept(r, s)]
        if r.options.expand1 and len(kept) == 1 and not kept[0].name.startswith("_"):
            continue
        out.add(name)
    return out


def _strings(source: str) -> set[str]:
    """The function names and string constants of a module: what a builder may dispatch on."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)
        elif isinstance(node, ast.FunctionDef):
            out.add(node.name)
    return out


@lru_cache(maxsize=None)
def handled(spec: str) -> frozenset[str]:
    """What the builder ``module[:Class]`` handles: its class's methods (and those it inherits), the
    names its modules compare a tree's data with."""
    module, _, cls = spec.partition(":")
    mod = importlib.import_module(module)
    names = set()
    sources = [mod]
    if cls:
        klass = getattr(mod, cls)
        names.update(n for n in dir(klass) if not n.startswith("__"))
        sources = [inspect.getmodule(k) for k in klass.__mro__ if k.__module__.startswith("cardlint.")]
    for m in sources:
        names |= _strings(inspect.getsource(m))
    return frozenset(names)


@pytest.mark.parametrize("key", sorted(LANGS))
def test_every_emitted_name_is_in_the_contract_or_handled_by_the_builder(key):
    rules = frontend(LANGS[key]).parser.rules
    names = emitted(rules)
    assert names, "no rules read from the loaded parser"
    contract = set(CONTRACT["skeleton"]) | set(CONTRACT["read_by_parent"][key] or ())
    missing = sorted(names - contract - handled(CONTRACT["grammars"][key]["builder"]))
    assert not missing, (f"grammar/{key}.lark emits names that neither grammar/contract.yaml nor its builder "
                         f"handles: {missing} — give the builder a handler, or list each under "
                         f"read_by_parent.{key} with the rules whose builder reads it")


@pytest.mark.parametrize("key", sorted(LANGS))
def test_the_contract_lists_only_emitted_names(key):
    names = emitted(frontend(LANGS[key]).parser.rules)
    stale = sorted(set(CONTRACT["read_by_parent"][key] or ()) - names)
    assert not stale, f"read_by_parent.{key} lists names grammar/{key}.lark no longer emits: {stale}"


def test_the_skeleton_is_the_shared_part_of_every_grammar():
    """Each rule of common.lark is in the contract's skeleton, and each language imports the skeleton."""
    common = (grammar_dir() / "common.lark").read_text(encoding="utf-8")
    defined = set(re.findall(r"^[?!]?([a-z][a-z0-9_]*)\s*:", common, re.M))
    assert defined and defined <= set(CONTRACT["skeleton"]), defined - set(CONTRACT["skeleton"])
    for key in LANGS:
        text = (grammar_dir() / f"{key}.lark").read_text(encoding="utf-8")
        imported = {n.strip() for m in re.findall(r"^%import common \(([^)]*)\)", text, re.M) for n in m.split(",")}
        assert {"cost", "mana_cost", "modal"} <= imported, key


def test_extend_and_override_lines_hold_no_word_literal():
    """cardlint.speed.loader.bound_literals gives word literals their whole-word terminals on rule lines
    only; on a %extend/%override line a word literal would stay a plain string (matching inside words)."""
    for path in sorted(Path(grammar_dir()).glob("*.lark")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith(("%extend", "%override")):
                code = line.split("//", 1)[0]
                assert not re.search(r'"[a-zäöüß]', code), f"{path.name}:{n}: move the word literal to a | line"


def test_emitted_skips_inlined_and_single_child_rules():
    from lark import Lark

    p = Lark('start: a b _c d\na: "x" -> named\nb: "y" B\n?d: "z" E | E F\n_c: "w"\nB: "b"\nE: "e"\nF: "f"\n'
             '%ignore " "', parser="lalr")
    assert emitted(p.rules) == {"start", "named", "b", "d"}


def test_each_name_read_by_a_parent_says_who_reads_it_and_what_it_builds():
    """grammar/contract.yaml: every read_by_parent entry has ``read_by`` (the rules whose builder reads it) and
    ``builds`` (what it becomes in the IR, or null while not described); every English one is described."""
    for key, names in CONTRACT["read_by_parent"].items():
        for name, entry in (names or {}).items():
            assert isinstance(entry, dict) and set(entry) == {"read_by", "builds"}, (key, name, entry)
            assert entry["read_by"] and all(isinstance(r, str) for r in entry["read_by"]), (key, name)
            assert entry["builds"] is None or (isinstance(entry["builds"], str) and entry["builds"].strip()), (key, name)
    undescribed = [n for n, e in CONTRACT["read_by_parent"]["en"].items() if not e["builds"]]
    assert not undescribed, undescribed
