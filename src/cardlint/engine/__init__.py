"""The layer engine: a board (architecture.md §4) → every object's characteristics (CR 613) and
the log of how they came about.

    from cardlint.engine import load_board, evaluate, characteristics
    result = evaluate(load_board("kb/boards/humility-opalescence.yaml"))
    characteristics(result)["humility"]["power"]
"""

from __future__ import annotations

from cardlint.dependency import Dependency
from cardlint.engine.board import Board, apply_variant, load_board, variant_names
from cardlint.engine.core import Result, Step, UnparsedError, evaluate
from cardlint.engine.snapshot import ability_name, characteristics

__all__ = ["Board", "load_board", "apply_variant", "variant_names", "evaluate", "Result", "Step", "Dependency",
           "UnparsedError", "characteristics", "check_expect", "ability_name"]


def check_expect(result: Result, expect: dict | None) -> list[str]:
    """Differences between the result and a board's ``expect`` block (empty list: as expected).

    ``expect`` maps object ids to characteristics (only the keys given are compared; lists of
    names compare as sets, case-insensitively), ``players`` to player values, and ``dependencies``
    to ``[{dependent, on, layer?, criterion?}]`` where ``dependent``/``on`` are effect ids or the
    ids of the objects that generate them."""
    if not expect:
        return []
    chars = characteristics(result)
    problems = []
    for key, want in expect.items():
        if key == "players":
            for p, vals in want.items():
                for k, v in vals.items():
                    got = result.players.get(p, {}).get(k)
                    if got != v:
                        problems.append(f"player {p}: {k} = {got!r}, expected {v!r}")
            continue
        if key == "dependencies":
            for d in want:
                if not _has_dep(result, d):
                    problems.append(f"missing dependency {dict(d)!r}; found "
                                    f"{[(x.dependent, x.on, x.layer, x.criterion) for x in result.dependencies]}")
            continue
        if key in ("steps", "table"):
            problems.extend(_check_steps(result, key, want))
            continue
        if key == "no_dependencies":
            for d in want:
                if _has_dep(result, d):
                    problems.append(f"unexpected dependency {dict(d)!r}")
            continue
        if key not in chars:
            problems.append(f"unknown object {key!r} in expect")
            continue
        for k, v in want.items():
            got = chars[key].get(k)
            if isinstance(v, list) and isinstance(got, list):
                if sorted(str(x).lower() for x in v) != sorted(str(x).lower() for x in got):
                    problems.append(f"{key}: {k} = {got!r}, expected {v!r}")
            elif got != v:
                problems.append(f"{key}: {k} = {got!r}, expected {v!r}")
    return problems


def _check_steps(result: Result, key: str, want: list) -> list[str]:
    """``steps``: the application order as ``[layer, effect-or-object id]`` (optionally a third
    item, the CDA flag); ``table``: the same rows in the "Effect : Layer : CDA" table's order."""
    if key == "table":
        from cardlint.engine.explain import table_rows

        rows = [(r["layer"], r["effect"], r["cda"]) for r in table_rows(result)]
    else:
        rows = [(s.layer, s.effect.id, s.cda) for s in result.steps]
    got = [f"{lay}:{eid}" for lay, eid, _c in rows]
    if len(want) != len(rows):
        return [f"{key}: {len(rows)} rows {got}, expected {len(want)}"]
    out = []
    for i, (w, (lay, eid, cda)) in enumerate(zip(want, rows)):
        w = list(w)
        if str(w[0]) != lay or not _matches_effect(result, str(w[1]), eid) or (len(w) > 2 and bool(w[2]) != cda):
            out.append(f"{key} row {i + 1}: {lay}:{eid} (cda {cda}), expected {w}")
    return out


def _matches_effect(result: Result, ref: str, eid: str) -> bool:
    if ref == eid or eid.startswith((ref + ".", ref + "#")):   # a board effect's sentences: "<id>.2"
        return True
    for e in result.effects:
        if e.id == eid and (e.source == ref or e.id.split("#")[0] == ref):
            return True
    return False


def _has_dep(result: Result, d: dict) -> bool:
    for x in result.dependencies:
        if not _matches_effect(result, str(d["dependent"]), x.dependent):
            continue
        on = d["on"] if "on" in d else d.get(True)   # YAML 1.1 reads a bare `on:` key as True
        if not _matches_effect(result, str(on), x.on):
            continue
        if "layer" in d and str(d["layer"]) != x.layer:
            continue
        if "criterion" in d and d["criterion"] != x.criterion:
            continue
        return True
    return False
