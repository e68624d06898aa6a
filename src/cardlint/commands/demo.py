"""``cardlint demo``: the main jobs on sample data bundled with the package.

1. classify a dozen cards in ``--lang`` (official printings; ability kind, layers, CDA per clause);
2. lint them together for CR 613.8 dependencies;
3. explain a classic layer puzzle board step by step;
4. check official German, Japanese and Chinese printings against the English layer semantics.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cardlint.console import pad, width
from cardlint.errors import EXIT_OK, EXIT_USAGE
from cardlint.i18n import _
from cardlint.paths import kb_dir

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
DEMO_BOARD = "blood-moon-conversion.yaml"  # a file in kb/boards (board files may name cards)


def register(sub) -> None:
    p = sub.add_parser("demo", help=_("run the main jobs on bundled sample data"),
                       description=_("Classify, lint, explain and check translations on bundled sample cards."))
    p.add_argument("--lang", default="en", choices=["en", "de", "ja", "zh-Hans"],
                   help=_("language of the sample cards to classify and lint (messages: --ui-lang)"))
    p.set_defaults(func=run)


def _section(title: str) -> None:
    print()
    print(title)
    print("=" * width(title))


def run(args) -> int:
    from cardlint import names
    from cardlint.i18n import get_lang
    from cardlint.pipeline import classify_text

    started = time.perf_counter()
    lang = args.lang
    cards_file = DEMO / f"cards-{lang}.jsonl"
    cards = [json.loads(line) for line in cards_file.read_text(encoding="utf-8").splitlines() if line]

    _section(_("1. Classify: ability kind, effects, layer and CDA per clause"))
    clauses = parsed = 0
    layers: dict[str, int] = {}
    results = [classify_text(card["text"], lang, card.get("tname") or card["name"], card["type"]) for card in cards]
    kinds = [names.ability(r["ability"]) for res in results for r in res["clauses"]]
    kind_cells = max(map(width, kinds), default=0)
    for card, result in zip(cards, results):
        name = card.get("tname") or card["name"]
        print(f"\n{name}  ({card['type']})")
        for r in result["clauses"]:
            clauses += 1
            parsed += bool(r["parsed"])
            effects = ", ".join(
                (f"{names.effect(e['kind'])} {e['layer']}" + (" CDA" if e["cda"] else "")) if e["layer"]
                else names.effect(e["kind"]) for e in r["effects"]) or "—"
            for e in r["effects"]:
                if e["layer"]:
                    layers[e["layer"]] = layers.get(e["layer"], 0) + 1
            mark = "" if r["parsed"] else "  " + _("[not parsed: fallback]")
            text = r["text"].replace("\n", " ")
            print(f"  {pad(names.ability(r['ability']), kind_cells)}  {pad(effects, 34)} {text[:70]}{mark}")
    print("\n" + _("{parsed} of {total} clauses parsed by the grammar; layers seen: {layers}").format(
        parsed=parsed, total=clauses, layers=", ".join(f"{k}×{v}" for k, v in sorted(layers.items()))))

    from cardlint.cli import main as cli

    ui = ["--ui-lang", get_lang()]   # the nested commands keep this run's message language
    _section(_("2. Lint the same cards together: dependencies (CR 613.8)"))
    sys.stdout.flush()
    code = cli(["lint", str(cards_file), "--select", "CL3", "--isolated", "--lang", lang, *ui])
    if code == EXIT_USAGE:
        return code

    _section(_("3. Explain a board: two land-type changing effects"))
    sys.stdout.flush()
    code = cli(["explain", str(kb_dir() / "boards" / DEMO_BOARD), *ui])
    if code == EXIT_USAGE:
        return code

    _section(_("4. Check official translations against the English layer semantics"))
    sys.stdout.flush()
    rows = [json.loads(line) for line in (DEMO / "translations.jsonl").read_text(encoding="utf-8").splitlines() if line]
    from cardlint.commands.check_translation import status_name
    from cardlint.translate import check_card

    for row in rows:
        result = check_card(row["en_text"], row["text"], row["lang"], name=row["name"], tname=row["tname"],
                            tr_type=row["type"]).to_dict()
        print(f"  {pad(row['lang'], 8)} {pad(row['name'], 18)} {status_name(result['status'])}  {row['text'][:60]}")
        for f in result.get("findings", []):
            print(f"           {f['code']} {f['message']}")
    print("\n" + _("demo finished in {seconds:.1f} s").format(seconds=time.perf_counter() - started))
    return EXIT_OK
