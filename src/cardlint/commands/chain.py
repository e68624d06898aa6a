"""``cardlint chain EVENTS.yaml``: every legal Yu-Gi-Oh! chain order for an event (SEGOC, priority,
responses) and its resolution, from the parsed effect texts.  Chain file format: architecture.md §5."""

from __future__ import annotations

import json

from cardlint.commands.common import add_format
from cardlint.errors import EXIT_OK
from cardlint.i18n import LANGS, _


def register(sub) -> None:
    p = sub.add_parser("chain", help=_("build the legal Yu-Gi-Oh! chain orders for an event"),
                       description=_("Build every legal chain order (SEGOC, priority, responses) for the "
                                     "event in a chain file and show how it resolves."))
    p.add_argument("file", metavar="EVENTS.yaml", help=_("chain file (turn_player, event, triggers, …)"))
    p.add_argument("--lang", default=None, choices=list(LANGS),
                   help=_("language of the effect texts when the file has no 'lang' (messages: --ui-lang)"))
    add_format(p, ["text", "json"], default="text")
    p.set_defaults(func=run)


def run(args) -> int:
    from cardlint.ygo.chain import format_text, load_chain_file, run as run_chain

    cf = load_chain_file(args.file, args.lang)
    result = run_chain(cf)
    if args.format == "json":
        print(json.dumps({"orders": result["orders"], "resolution": result["resolution"],
                          "notes": result["notes"], "excluded": result["excluded"],
                          "truncated": result["truncated"], "total_orders": result["total_orders"]},
                         ensure_ascii=False, indent=2))
    else:
        print(format_text(cf, result))
    return EXIT_OK
