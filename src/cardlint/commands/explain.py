"""``cardlint explain BOARD.yaml``: final characteristics of every object on a board (CR 613) and the
log of effects in the order they applied, with each dependency, its direction and its criterion."""

from __future__ import annotations

import json

from cardlint.commands.common import add_lang, open_output
from cardlint.i18n import Domain

T = Domain("explain")


def register(subparsers) -> None:
    p = subparsers.add_parser("explain", help=T._("apply the layer system to a board and explain the result"),
                              description=T._("apply the layer system to a board and explain the result"))
    p.add_argument("board", metavar="BOARD.yaml", help=T._("board file"))
    add_lang(p, T._("language of the board's card texts when the board has no 'lang' (messages: --ui-lang)"),
             default=None)
    p.add_argument("--format", choices=["text", "json", "md", "html"], default="text", help=T._("output format"))
    p.add_argument("--variant", help=T._("apply one of the board's variants"))
    p.add_argument("--rules", "--scheme", dest="rules", choices=["current", "m10", "2007"], default=None,
                   help=T._("layer numbering to apply (default: the current rules)"))
    p.add_argument("--allow-unparsed", action="store_true",
                   help=T._("report clauses the grammar cannot parse instead of stopping"))
    p.add_argument("-o", "--output", help=T._("write to this file"))
    p.set_defaults(func=run)


def explain(path: str, lang: str = "en", fmt: str = "text", variant: str | None = None,
            rules: str | None = None, allow_unparsed: bool = False, text_lang: str | None = None) -> str:
    """``lang``: the output's language; ``text_lang``: the card texts' when the board names none."""
    from cardlint.engine import evaluate, load_board
    from cardlint.engine.explain import compare_schemes, to_json, view

    board = load_board(path, variant)
    if text_lang and not (board.raw or {}).get("lang"):
        board.lang = text_lang
    result = evaluate(board, allow_unparsed=allow_unparsed, scheme=rules)
    history = []
    for h in board.history:
        scheme = str(h.get("scheme", "2007")) if isinstance(h, dict) else "2007"
        if scheme == result.scheme:
            continue
        old = evaluate(board, allow_unparsed=True, scheme=scheme)
        from cardlint.kb import load_kb

        period = load_kb().schemes[scheme].get("period", scheme)
        for d in compare_schemes(result, old):
            d["period"] = period
            history.append(d)
    if fmt == "json":
        return json.dumps(to_json(result, lang, history), ensure_ascii=False, indent=2) + "\n"
    from cardlint.summary.render import render

    return render("explain", lang, fmt, **view(result, lang, history))


def run(args) -> int:
    from cardlint.i18n import get_lang

    from cardlint.errors import CardlintError

    try:
        out = explain(args.board, get_lang(), args.format, args.variant, args.rules, args.allow_unparsed, args.lang)
    except CardlintError as exc:
        if args.lang and args.lang != "en":   # --lang used to pick the messages' language
            exc.message += " " + T._("(--lang {lang} reads the board's texts as {lang}; --ui-lang sets the "
                                     "messages' language)").format(lang=args.lang)
        raise
    with open_output(args.output) as fh:
        fh.write(out)
    return 0
