"""Bounded work in the layer engine and the dependency check (issue 20/21): guards against
catastrophic blow-up only (the figures are printed by ``tools/bench.py --bounded``)."""

from __future__ import annotations

import json
import random
import time

from cardlint import ir as I
from cardlint.commands.explain import explain
from cardlint.dependency import EffectPart, Source, find_dependencies, find_dependencies_pairwise


def _anthem_board(tmp_path, n):
    objs = ["  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2, timestamp: 0}"]
    objs += [f"  - {{id: a{i}, name: Glorious Anthem, types: [Enchantment], timestamp: {i + 1}, "
             f"text: \"Creatures you control get +1/+1.\"}}" for i in range(n)]
    path = tmp_path / f"anthems{n}.yaml"
    path.write_text("objects:\n" + "\n".join(objs) + "\n", encoding="utf-8")
    return path


def test_explain_400_anthems_is_near_linear(tmp_path):
    # CR 613.4c/613.7: 400 layer-7c effects in timestamp order on one creature; none depends on another
    path = _anthem_board(tmp_path, 400)
    t = time.perf_counter()
    out = json.loads(explain(str(path), fmt="json"))
    elapsed = time.perf_counter() - t
    assert out["objects"]["bears"]["power"] == 402 and out["objects"]["bears"]["toughness"] == 402
    assert not out["dependencies"]
    assert elapsed < 10, elapsed


def _part(i, layer, mods, affected, types=("enchantment",), ability="static"):
    src = Source(id=f"s{i}", name=f"S{i}", types=set(types))
    eff = I.Effect(I.CONTINUOUS, affected, modifications=list(mods))
    return EffectPart(source=src, clause_index=0, clause_text=f"text {i}", effect=eff, layer=layer,
                      mods=list(mods), cda=False, ability=ability)


def _random_parts(n, seed):
    """Synthetic layer-4/6 effects over a small vocabulary, so that many pairs depend."""
    rng = random.Random(seed)
    lands = ["mountain", "plains", "swamp", "forest", "island"]
    parts = []
    for i in range(n):
        kind = rng.choice(["landset", "landadd", "grant", "remove", "typefilter"])
        if kind == "landset":
            parts.append(_part(i, "4", [I.Modification(I.TYPES, "set", [rng.choice(lands)])],
                               I.Filter(types=["land"], excluded=rng.choice([[], ["basic"]])), types=("enchantment",)))
        elif kind == "landadd":
            parts.append(_part(i, "4", [I.Modification(I.TYPES, "add", [rng.choice(lands)])],
                               I.Filter(types=["land"]), types=("land",)))
        elif kind == "typefilter":
            parts.append(_part(i, "4", [I.Modification(I.TYPES, "set", [rng.choice(lands)])],
                               I.Filter(subtypes=[rng.choice(lands)]), types=("enchantment",)))
        elif kind == "grant":
            parts.append(_part(i, "6", [I.Modification(I.ABILITIES, "add", ["flying"])],
                               I.Filter(types=["creature"], controller="you"), types=("creature",)))
        else:
            parts.append(_part(i, "6", [I.Modification(I.ABILITIES, "remove_all", None)],
                               I.Filter(types=["creature"]), types=("enchantment",)))
    return parts


def test_indexed_dependencies_equal_every_pair():
    # 613.8a: the index may only leave out pairs the full test rejects
    for seed in (1, 2, 3):
        parts = _random_parts(120, seed)
        fast = [(id(d.dependent), id(d.on), d.criterion) for d in find_dependencies(parts)]
        full = [(id(d.dependent), id(d.on), d.criterion) for d in find_dependencies_pairwise(parts)]
        assert fast == full
        assert fast, "the synthetic set must contain dependencies"


def test_dependency_check_is_output_sensitive():
    # a card database: thousands of effects, few of which interact (the 23k-card corpus has 8.6k
    # effect parts and is checked in about 2 s; tools/bench.py --bounded prints the figure)
    parts = []
    for i in range(3000):
        parts.append(_part(i, "7c", [I.Modification(I.PT_MODIFY, "modify", "+1/+1")],
                           I.Filter(types=["creature"], controller="you")))
        parts.append(_part(10000 + i, "6", [I.Modification(I.ABILITIES, "add", ["flying"])],
                           I.Filter(types=["creature"], subtypes=[f"kind{i}"]), types=("enchantment",)))
    parts += [_part(20000 + i, "6", [I.Modification(I.ABILITIES, "remove_all", None)],
                    I.Filter(types=["artifact"])) for i in range(5)]
    t = time.perf_counter()
    deps = find_dependencies(parts)
    elapsed = time.perf_counter() - t
    assert deps == []
    assert elapsed < 10, elapsed
