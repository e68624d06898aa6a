"""``cardlint summary``: per clause its ability kind, effect kinds, layers, CDA flag, duration and the
objects it applies to, in the chosen language (Jinja2 templates through the Babel catalogs)."""

from __future__ import annotations

import sys

from cardlint.commands.common import add_lang, open_output
from cardlint.errors import EXIT_OK, EXIT_USAGE, InputError
from cardlint.i18n import Domain
from cardlint.io.jsonl import iter_jsonl, validate

T = Domain("explain")


def register(subparsers) -> None:
    p = subparsers.add_parser("summary", help=T._("summarize card text clause by clause"),
                              description=T._("summarize card text clause by clause"))
    p.add_argument("text", nargs="?", help=T._("card text (or use --input)"))
    p.add_argument("--input", help=T._("JSONL file with one card per line: name, text, type"))
    p.add_argument("--name", help=T._("card name (for self-references)"))
    p.add_argument("--type", dest="type_line", help=T._("type line"))
    add_lang(p, default=None)
    p.add_argument("--text-lang", choices=["en", "de", "ja", "zh-Hans"],
                   help=T._("deprecated: the language of the card text (use --lang; messages: --ui-lang)"))
    p.add_argument("--format", choices=["text", "md", "html"], default="text", help=T._("output format"))
    p.add_argument("-o", "--output", help=T._("write to this file"))
    p.set_defaults(func=run)


def summarize(cards: list[dict], lang: str, fmt: str, text_lang: str | None = None) -> str:
    from cardlint.summary.clauses import clause_rows
    from cardlint.summary.render import render

    from cardlint.console import progress_wanted, track

    out = []
    for c in track(cards, len(cards)) if progress_wanted() and len(cards) > 1 else cards:
        if c.get("error"):
            out.append({"name": c.get("name"), "error": c["error"], "rows": []})
            continue
        out.append({"name": c.get("name"), "rows": clause_rows(c.get("text") or "", lang, c.get("name"), c.get("type"),
                                                                  text_lang=text_lang)})
    return render("summary", lang, fmt, cards=out)


def _languages(args) -> tuple[str, str]:
    """(card text, output).  Up to cardlint 0.1.0 ``summary`` took the text's language from
    ``--text-lang`` and the output's from ``--lang``; that spelling keeps its meaning (with a
    warning) so existing scripts run unchanged."""
    import sys

    from cardlint.i18n import get_lang, set_lang

    if args.text_lang is None:
        return args.lang or "en", get_lang()
    print("cardlint: " + T._("--text-lang is deprecated: --lang is the card text's language, --ui-lang the "
                             "output's"), file=sys.stderr)
    if args.lang and not args.ui_lang:
        set_lang(args.lang)
    return args.text_lang, get_lang()


def run(args) -> int:
    text_lang, ui = _languages(args)
    if (args.text is None) == (args.input is None):
        raise InputError(T._("give either TEXT or --input FILE"))
    if args.input:
        cards = []
        for rec in iter_jsonl(args.input):
            validate(rec, "card record", args.input)
            if rec.error:
                cards.append({"name": rec.name, "error": rec.error})
            else:
                cards.append(rec.data)
    else:
        cards = [{"name": args.name, "text": args.text.replace("\\n", "\n"), "type": args.type_line}]
    with open_output(args.output) as fh:
        fh.write(summarize(cards, ui, args.format, text_lang))
    errors = [c["error"] for c in cards if c.get("error")]
    for e in errors:
        print(f"cardlint: {e}", file=sys.stderr)
    return EXIT_USAGE if errors else EXIT_OK
