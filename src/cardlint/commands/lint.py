"""``cardlint lint PATH…``: lint card files, kb templates, Forge scripts, MTGJSON files and boards.

Exit status: 0 no findings, 1 findings, 2 usage or malformed input (each error names file:line)."""

from __future__ import annotations

import sys

from cardlint.batch import add_batch_options, open_cache
from cardlint.commands.common import add_format, add_lang, open_output
from cardlint.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from cardlint.i18n import _


def register(sub) -> None:
    p = sub.add_parser("lint", help=_("lint card texts, kb templates, Forge scripts and boards"),
                       description=_("Check declared classifications, CDAs, dependencies (CR 613.8) and wording."))
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help=_("card JSONL, kb template YAML, board YAML, MTGJSON, Forge script or folder"))
    p.add_argument("--select", action="append", metavar="CODES", help=_("rule codes or prefixes to enable (comma-separated)"))
    p.add_argument("--ignore", action="append", metavar="CODES", help=_("rule codes or prefixes to disable (comma-separated)"))
    p.add_argument("--config", metavar="PYPROJECT", help=_("read [tool.cardlint] from this file"))
    p.add_argument("--isolated", action="store_true", help=_("ignore every configuration file"))
    p.add_argument("--cards", metavar="FILE.jsonl", help=_("card texts for deck lists (e.g. oracle-en.jsonl)"))
    p.add_argument("--game", choices=["mtg", "ygo"], default="mtg")
    p.add_argument("--output", "-o", metavar="FILE", help=_("write the report to FILE"))
    p.add_argument("--statistics", action="store_true", help=_("print the number of findings per code"))
    p.add_argument("--fail-on", choices=["error", "warning", "info"], default="warning",
                   help=_("lowest severity that makes the exit status 1 (default: warning; info findings such as "
                          "CL301 dependencies and CL401 unparsed clauses are reported without failing)"))
    p.add_argument("--exit-zero", action="store_true", help=_("exit 0 even when findings are reported"))
    p.add_argument("--show-suppressed", action="store_true",
                   help=_("also list the findings a noqa field or comment suppresses (marked; they never fail)"))
    add_lang(p, _("language of the card text (default: [tool.cardlint] lang, else en; messages: --ui-lang)"),
             default=None)
    add_format(p, ["text", "json", "sarif"], default="text")
    add_batch_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from cardlint.lint import lint_paths, load_config
    from cardlint.lint.formatters import json_chunks, sarif_chunks, text_lines

    config = load_config(args.paths, args.select, args.ignore, args.config, args.isolated)
    card_db = None
    if args.cards:
        from cardlint.io.forge import load_oracle

        card_db = load_oracle(args.cards)
    from cardlint.console import color_enabled, progress_wanted

    lang = args.lang or config.lang or "en"
    # the findings are read as the report is written (a large run's findings wait in temporary files)
    findings, summary, errors = lint_paths(args.paths, config, lang, card_db, args.game, jobs=args.jobs,
                                           cache=open_cache(args), show_progress=progress_wanted(),
                                           keep_suppressed=args.show_suppressed, stream=True)
    for e in errors:
        print(f"cardlint: {e}", file=sys.stderr)
    try:
        with open_output(args.output) as out:
            if args.format == "json":
                out.writelines(json_chunks(findings, summary))
                out.write("\n")
            elif args.format == "sarif":
                out.writelines(sarif_chunks(findings, summary))
                out.write("\n")
            elif args.statistics:
                for code, n in summary["by_code"].items():
                    out.write(f"{n:7d}  {code}\n")
            else:
                for line in text_lines(findings, summary, color=color_enabled(out)):
                    out.write(line + "\n")
    finally:
        findings.close()
    if errors:
        return EXIT_USAGE
    rank = {"error": 3, "warning": 2, "info": 1}
    # the summary counts the findings that are not suppressed, by severity
    failing = sum(n for severity, n in summary["by_severity"].items() if rank.get(severity, 2) >= rank[args.fail_on])
    if failing and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK
