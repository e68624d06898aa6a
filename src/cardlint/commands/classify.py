"""``cardlint classify``: card text → clauses with ability kind, effects, layers and CDA flags."""

from __future__ import annotations

import json
import sys

from cardlint.batch import add_batch_options, content_key, open_cache, run_batch
from cardlint.batch import row as batch_row
from cardlint.commands.common import (add_format, add_lang, add_time_limit, guarded, open_output, progress,
                                      warm_up_text)
from cardlint.io.jsonl import validate
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
    add_time_limit(p)
    add_batch_options(p)
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
        from cardlint.io.decode import decode_utf8

        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8", "surrogateescape")
        args.text = decode_utf8(raw, "<stdin>")
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


def classify_record(rec, lang: str, game: str, path: str, time_limit: float | None) -> dict:
    """The output row of one input record, already validated (an error row for a record that cannot
    be classified, or that runs over its time budget: one bad record never loses the others)."""
    if rec.error:
        name = rec.name if isinstance(rec.name, str) or rec.name is None else str(rec.name)
        return {"name": name, "error": rec.error}
    data = rec.data
    name = data.get("tname") or data.get("name") if lang != "en" else data.get("name")
    res, err = guarded(lambda: _classify(data.get("text") or "", lang, name, data.get("type"), game,
                                         data.get("pendulum_text")), time_limit, f"{path}:{rec.line}")
    if err:
        return {"name": data.get("name"), "error": err}
    return {"name": data.get("name"), **res}


def _record_key(lang: str, game: str):
    def key(rec):
        if rec.error:   # a record the schema refuses is never answered from the cache
            return None
        d = rec.data
        return content_key("classify", lang, game, d.get("name"), d.get("tname"), d.get("text"), d.get("type"),
                           d.get("pendulum_text"))
    return key


def _no_error(row: dict) -> bool:
    return "error" not in row


def _run_batch(args, fmt, out) -> int:
    errors = 0
    collected = []
    from cardlint.io.sources import iter_card_records

    # JSONL, Scryfall or MTGJSON, by content; each record checked against its schema once, here, before
    # the cache is asked or a worker gets it
    records = (validate(r, "card record", args.input) for r in iter_card_records(args.input, args.lang))
    results = run_batch(progress(records, args.input if args.input != "-" else ""), classify_record,
                        (args.lang, args.game, args.input, args.time_limit),
                        jobs=args.jobs, key=_record_key(args.lang, args.game), cache=open_cache(args),
                        store=_no_error, encode=True,
                        # the parser is loaded before any time budget runs and before workers fork (which
                        # then share it) — and not at all when the cache answers every record
                        prepare=lambda: _classify(warm_up_text(args.game, args.lang), args.lang, None, None, args.game))
    for result in results:
        errors += not result.ok
        if fmt == "jsonl":
            out.write(result + "\n")
            continue
        row = batch_row(result)
        if fmt == "json":
            collected.append(row)
        else:
            out.write(f"# {'—' if row.get('name') is None else row['name']}\n")
            out.write(("  " + _("error") + f": {row['error']}" if "error" in row else render_text(row, args.game)) + "\n")
    if fmt == "json":
        out.write(json.dumps(collected, ensure_ascii=False, indent=2) + "\n")
    if errors:
        print(_("{n} input line(s) could not be classified; see the \"error\" fields").format(n=errors), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def render_text(result: dict, game: str = "mtg") -> str:
    from cardlint import names

    lines = []
    if game == "ygo":
        for i, e in enumerate(result.get("effects", []), 1):
            flag = "" if e.get("parsed") else "  " + _("[not parsed]")
            lines.append("{i}. {type}  {mandatory_label}={mandatory}  {timing_label}={timing}  {speed_label}={speed}".format(
                i=i, type=names.ygo_effect_type(e.get("type")), mandatory_label=_("mandatory"),
                mandatory=names.flag(e.get("mandatory")), timing_label=_("timing"), timing=e.get("timing"),
                speed_label=_("speed"), speed=e.get("spell_speed")) + flag + "\n   " + e.get("text", ""))
        return "\n".join(lines)
    ability_label, layer_label, error_label = _("ability"), _("layer"), _("parse error")
    for i, c in enumerate(result.get("clauses", []), 1):
        flag = "" if c["parsed"] else "  " + _("[not parsed: fallback]")
        lines.append(f"{i}. {c['text']}")
        lines.append(f"   {ability_label}: {names.ability(c['ability'])}{flag}")
        for e in c["effects"]:
            layer = f"  {layer_label} {e['layer']}" if e["layer"] else ""
            cda = "  CDA" if e["cda"] else ""
            lines.append(f"   - {names.effect(e['kind'])}{layer}{cda}")
        if not c["parsed"] and c.get("error"):
            lines.append(f"   {error_label}: {names.parse_error(c['error'])}")
    return "\n".join(lines)
