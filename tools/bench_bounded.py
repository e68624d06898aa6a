"""Bounded work: the figures for the cases that used to grow faster than their input (issues 20/21).

    python tools/bench_bounded.py            # chain, explain, dependency check on synthetic sets
    python tools/bench_bounded.py --corpus   # also the dependency check over the whole English corpus

Prints wall and CPU time per case and the load average (the machine may be shared).  The tests
only guard against blow-up (tests/test_engine_bounded.py, tests/ygo/test_ygo_chain.py); the
targets are: ``chain`` with 12 optional triggers ≤ 1 s, ``explain`` with 400 anthems ≤ 1 s, the
dependency check over the corpus in seconds (and ``cardlint lint`` over the corpus ≤ 30 s).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
CORPUS = ROOT.parent / "shared" / "corpus" / "mtg" / "oracle-en.jsonl"


def timed(label: str, fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    print(f"{label}: {time.perf_counter() - w:.2f} s wall, {time.process_time() - c:.2f} s CPU", flush=True)
    return out


def chain_case(n: int):
    from cardlint.ygo.chain import parse_chain_text, run

    trig = "".join(f"  - card: Monster {i}\n    controller: A\n    type: Effect Monster\n"
                   f"    text: \"If this card is Normal Summoned: You can draw 1 card.\"\n" for i in range(n))
    cf = parse_chain_text(f"turn_player: A\nphase: main1\nevent: x\ntriggers:\n{trig}")
    res = timed(f"chain, {n} optional triggers", lambda: run(cf))
    print(f"  {len(res['orders'])} orders listed of {res['total_orders']:,} (cut: {res['truncated']})")


def anthem_case(n: int, tmp: Path):
    from cardlint.commands.explain import explain

    objs = ["  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2, timestamp: 0}"]
    objs += [f"  - {{id: a{i}, name: Glorious Anthem, types: [Enchantment], timestamp: {i + 1}, "
             f"text: \"Creatures you control get +1/+1.\"}}" for i in range(n)]
    path = tmp / f"anthems{n}.yaml"
    path.write_text("objects:\n" + "\n".join(objs) + "\n", encoding="utf-8")
    out = timed(f"explain, one creature and {n} anthems", lambda: json.loads(explain(str(path), fmt="json")))
    print(f"  Grizzly Bears: {out['objects']['bears']['power']}/{out['objects']['bears']['toughness']}")


def corpus_case():
    from cardlint.dependency import Source, effect_parts, find_dependencies, find_loops
    from cardlint.pipeline import card_ir

    if not CORPUS.exists():
        print(f"corpus: {CORPUS} not found")
        return

    def parts():
        out = []
        with open(CORPUS, encoding="utf-8") as fh:
            for i, line in enumerate(fh):
                r = json.loads(line)
                card = card_ir(r.get("text") or "", "en", r.get("name"), r.get("type"))
                out += effect_parts(card, Source.from_type_line(f"c{i}", r.get("name"), r.get("type")))
        return out

    ps = timed("corpus: parse and collect layer effects", parts)
    deps = timed(f"corpus: dependency check over {len(ps):,} effect parts", lambda: find_dependencies(ps))
    loops = timed("corpus: dependency loops", lambda: find_loops(deps))
    print(f"  {len(deps):,} dependencies, {len({id(d.dependent) for d in deps}):,} dependent effects "
          f"(CL301 findings), {len(loops)} loops (CL302)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", action="store_true", help="also check the whole English corpus")
    args = ap.parse_args()
    try:
        print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    except OSError:
        pass
    chain_case(12)
    with tempfile.TemporaryDirectory() as d:
        anthem_case(400, Path(d))
    if args.corpus:
        corpus_case()
    return 0


if __name__ == "__main__":
    sys.exit(main())
