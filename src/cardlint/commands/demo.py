"""``cardlint demo``: the main jobs on sample data bundled with the package.

1. classify a dozen English cards (ability kind, layers, CDA per clause);
2. lint them together for CR 613.8 dependencies;
3. explain a classic layer puzzle board step by step;
4. check official German, Japanese and Chinese printings against the English layer semantics.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cardlint.errors import EXIT_OK, EXIT_USAGE
from cardlint.i18n import _
from cardlint.paths import kb_dir

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
DEMO_BOARD = "blood-moon-conversion.yaml"  # a file in kb/boards (board files may name cards)


def register(sub) -> None:
    p = sub.add_parser("demo", help=_("run the main jobs on bundled sample data"),
                       description=_("Classify, lint, explain and check translations on bundled sample cards."))
    p.add_argument("--lang", default="en", choices=["en", "de", "ja", "zh-Hans"],
                   help=_("language of the report"))
    p.set_defaults(func=run)


def _section(title: str) -> None:
    print()
    print(title)
    print("=" * len(title))


def run(args) -> int:
    from cardlint.classify import classify_clause, is_spell_card
    from cardlint.pipeline import card_ir

    started = time.perf_counter()
    cards = [json.loads(line) for line in (DEMO / "cards-en.jsonl").read_text(encoding="utf-8").splitlines() if line]

    _section(_("1. Classify: ability kind, effects, layer and CDA per clause"))
    clauses = parsed = 0
    layers: dict[str, int] = {}
    for card in cards:
        ir = card_ir(card["text"], "en", card["name"], card["type"])
        print(f"\n{card['name']}  ({card['type']})")
        for c in ir.clauses:
            r = classify_clause(c, is_spell_card(card["type"]))
            clauses += 1
            parsed += bool(r["parsed"])
            effects = ", ".join(
                (f"{e['kind']} {e['layer']}" + (" CDA" if e["cda"] else "")) if e["layer"] else e["kind"]
                for e in r["effects"]) or "—"
            for e in r["effects"]:
                if e["layer"]:
                    layers[e["layer"]] = layers.get(e["layer"], 0) + 1
            mark = "" if r["parsed"] else "  " + _("[not parsed: fallback]")
            text = c.text.replace("\n", " ")
            print(f"  {r['ability']:9s} {effects:34s} {text[:70]}{mark}")
    print("\n" + _("{parsed} of {total} clauses parsed by the grammar; layers seen: {layers}").format(
        parsed=parsed, total=clauses, layers=", ".join(f"{k}×{v}" for k, v in sorted(layers.items()))))

    from cardlint.cli import main as cli

    _section(_("2. Lint the same cards together: dependencies (CR 613.8)"))
    sys.stdout.flush()
    code = cli(["lint", str(DEMO / "cards-en.jsonl"), "--select", "CL3", "--isolated", "--lang", args.lang])
    if code == EXIT_USAGE:
        return code

    _section(_("3. Explain a board: two land-type changing effects"))
    sys.stdout.flush()
    code = cli(["explain", str(kb_dir() / "boards" / DEMO_BOARD), "--lang", args.lang])
    if code == EXIT_USAGE:
        return code

    _section(_("4. Check official translations against the English layer semantics"))
    sys.stdout.flush()
    rows = [json.loads(line) for line in (DEMO / "translations.jsonl").read_text(encoding="utf-8").splitlines() if line]
    from cardlint.translate import check_card

    for row in rows:
        result = check_card(row["en_text"], row["text"], row["lang"], name=row["name"], tname=row["tname"],
                            tr_type=row["type"]).to_dict()
        status = result["status"]
        print(f"  {row['lang']:8s} {row['name']:18s} {status}  {row['text'][:60]}")
        for f in result.get("findings", []):
            print(f"           {f['code']} {f['message']}")
    print("\n" + _("demo finished in {seconds:.1f} s").format(seconds=time.perf_counter() - started))
    return EXIT_OK
