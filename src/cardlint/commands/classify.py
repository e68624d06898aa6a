"""``cardlint classify``: card text → clauses with ability kind, effects, layers and CDA flags."""

from __future__ import annotations

import json
import sys

from cardlint.commands.common import add_format, add_lang, open_output, progress
from cardlint.errors import EXIT_OK, EXIT_USAGE, InputError
from cardlint.i18n import _


def register(sub) -> None:
    p = sub.add_parser("classify", help=_("classify card text: ability kind, effects, layer, CDA per clause"),
                       description=_("Classify rules text clause by clause (classification.md)."))
    p.add_argument("text", nargs="?", help=_("card rules text (use \\n between abilities); omit with --input"))
    p.add_argument("--input", metavar="FILE", help=_("card file, recognised by its content: JSONL (one card per line: "
                                                     "{\"name\", \"text\", \"type\"?}), a Scryfall bulk-data array "
                                                     "or an MTGJSON file; - for standard input"))
    p.add_argument("--name", help=_("the card's name, for self-reference"))
    p.add_argument("--type", dest="type_line", metavar="TYPELINE", help=_("the card's type line"))
    p.add_argument("--game", choices=["mtg", "ygo"], default="mtg")
    p.add_argument("--output", "-o", metavar="FILE", help=_("write results to FILE instead of standard output"))
    add_lang(p)
    add_format(p, ["text", "json", "jsonl"], default=None)
    p.set_defaults(func=run)


def _classify(text, lang, name, type_line, game, pendulum=None):
    if game == "ygo":
        from cardlint.ygo import classify as ygo_classify

        return ygo_classify(text, lang=lang, card_type=type_line, pendulum_text=pendulum, name=name)
    from cardlint.pipeline import classify_text

    return classify_text(text, lang, name, type_line)


def run(args) -> int:
    fmt = args.format or ("jsonl" if args.input else "text")
    if args.input and args.text:
        raise InputError(_("give either TEXT or --input, not both"))
    if not args.input and args.text is None:
        if sys.stdin.isatty():
            raise InputError(_("no card text: give TEXT, --input FILE.jsonl, or text on standard input"))
        args.text = sys.stdin.read()
        if not args.text.strip():
            raise InputError(_("no card text: give TEXT, --input FILE.jsonl, or text on standard input"))
    with open_output(args.output) as out:
        if args.input:
            return _run_batch(args, fmt, out)
        result = _classify(args.text.replace("\\n", "\n"), args.lang, args.name, args.type_line, args.game)
        if fmt in ("json", "jsonl"):
            out.write(json.dumps(result, ensure_ascii=False, indent=2 if fmt == "json" else None) + "\n")
        else:
            out.write(render_text(result, args.game) + "\n")
    return EXIT_OK


def _run_batch(args, fmt, out) -> int:
    errors = 0
    results = []
    from cardlint.io.sources import iter_card_records

    for rec in progress(iter_card_records(args.input, args.lang), args.input if args.input != "-" else ""):
        if rec.error:
            errors += 1
            name = rec.name if isinstance(rec.name, str) or rec.name is None else str(rec.name)
            row = {"name": name, "error": rec.error}
        else:
            data = rec.data
            name = data.get("tname") or data.get("name") if args.lang != "en" else data.get("name")
            try:
                res = _classify(data.get("text") or "", args.lang, name, data.get("type"), args.game,
                                data.get("pendulum_text"))
                row = {"name": data.get("name"), **res}
            except Exception as exc:  # one bad record never loses the others
                errors += 1
                row = {"name": data.get("name"), "error": f"{type(exc).__name__}: {exc}"}
        if fmt == "jsonl":
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
        elif fmt == "json":
            results.append(row)
        else:
            out.write(f"# {row.get('name')}\n")
            out.write((f"  error: {row['error']}" if "error" in row else render_text(row, args.game)) + "\n")
    if fmt == "json":
        out.write(json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    if errors:
        print(_("{n} input line(s) could not be classified; see the \"error\" fields").format(n=errors), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def render_text(result: dict, game: str = "mtg") -> str:
    lines = []
    if game == "ygo":
        for i, e in enumerate(result.get("effects", []), 1):
            flag = "" if e.get("parsed") else "  " + _("[not parsed]")
            lines.append(f"{i}. {e.get('type')}  mandatory={e.get('mandatory')}  timing={e.get('timing')}  "
                         f"speed={e.get('spell_speed')}{flag}\n   {e.get('text', '')}")
        return "\n".join(lines)
    for i, c in enumerate(result.get("clauses", []), 1):
        flag = "" if c["parsed"] else "  " + _("[not parsed: fallback]")
        lines.append(f"{i}. {c['text']}")
        lines.append(f"   {_('ability')}: {c['ability']}{flag}")
        for e in c["effects"]:
            layer = f"  {_('layer')} {e['layer']}" if e["layer"] else ""
            cda = "  CDA" if e["cda"] else ""
            lines.append(f"   - {e['kind']}{layer}{cda}")
        if not c["parsed"] and c.get("error"):
            lines.append(f"   {_('parse error')}: {c['error']}")
    return "\n".join(lines)
