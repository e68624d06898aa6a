"""``cardlint check-translation``: compare a translation's rules meaning with the English text.

Each input pair → ``{"name", "consistent", "status", "findings": [{"code", "clause_index",
"en_clause_index", "message", "en", "translation", "confidence"}]}``, one output line per input
line, in order.  Exit 0 when every card is consistent, 1 when any card has findings (inconsistent,
or unknown: a side did not parse), 2 on usage/file errors or when any input line was malformed
(the run still finishes and reports every other line).  A summary table goes to standard error
(``--format text``: standard output).
"""

from __future__ import annotations

import json
import sys

from cardlint.batch import add_batch_options, content_key, open_cache, run_batch
from cardlint.batch import row as batch_row
from cardlint.commands.common import (add_format, add_lang, add_time_limit, guarded, open_output, progress,
                                      warm_up_text)
from cardlint.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, InputError
from cardlint.i18n import _, normalize_lang


def register(sub) -> None:
    p = sub.add_parser("check-translation", help=_("check that translations keep the rules meaning of the English text"),
                       description=_("Align the clauses of English text and translation and compare ability kinds, "
                                     "effects, layers, CDA flags and rules values (P/T, colors, types, keywords, "
                                     "durations, controllers, targets)."))
    p.add_argument("text", nargs="?", help=_("translated rules text (with --en-text); omit with --input"))
    p.add_argument("--en-text", help=_("the English rules text for TEXT"))
    p.add_argument("--name", help=_("the card's English name, for self-reference"))
    p.add_argument("--tname", help=_("the card's translated name, for self-reference"))
    p.add_argument("--type", dest="type_line", metavar="TYPELINE", help=_("the card's English type line"))
    p.add_argument("--input", metavar="FILE", help=_("translation pairs: JSONL {\"name\", \"text\", \"en_text\"}, "
                                                     "Forge cardnames-<lang>.txt (with --oracle) or MTGJSON JSON"))
    p.add_argument("--input-format", choices=["auto", "jsonl", "forge", "mtgjson"], default="auto",
                   help=_("format of --input (default: from the file name)"))
    p.add_argument("--oracle", metavar="FILE.jsonl", help=_("English Oracle JSONL to pair with a Forge cardnames file"))
    p.add_argument("--min-confidence", type=float, default=0.0,
                   help=_("report only findings with at least this confidence (TR401 is always reported)"))
    p.add_argument("--output", "-o", metavar="FILE", help=_("write results to FILE instead of standard output"))
    add_lang(p, _("language of the translation"))
    add_format(p, ["text", "json", "jsonl"], default=None)
    add_time_limit(p)
    add_batch_options(p)
    p.set_defaults(func=run)


def check_record(rec, lang: str, min_confidence: float = 0.0) -> dict:
    from cardlint.translate.compare import check_card

    result = check_card(rec.en_text, rec.text, lang, rec.name, rec.tname, rec.en_type, rec.type)
    if min_confidence > 0:
        from cardlint.translate import codes as C

        result.findings = [f for f in result.findings if f.code == C.UNPARSED or f.confidence >= min_confidence]
        if result.status == "inconsistent" and not any(f.code in C.INCONSISTENCY_CODES for f in result.findings):
            result.status = "unknown" if result.findings else "consistent"
    return result.to_dict()


def pair_row(rec, lang: str, min_confidence: float, path: str, time_limit: float | None) -> dict:
    """The output row of one translation pair (an error row when it cannot be checked or runs over its
    time budget: one bad record never loses the others)."""
    if rec.error:
        return {"name": rec.name, "consistent": False, "status": "error", "findings": [], "error": rec.error}
    res, err = guarded(lambda: check_record(rec, lang, min_confidence), time_limit, f"{path}:{rec.line}")
    if err:
        return {"name": rec.name, "consistent": False, "status": "error", "findings": [], "error": err}
    return {"name": rec.name, **{k: v for k, v in res.items() if k != "name"}}


def _pair_key(lang: str, min_confidence: float):
    from cardlint.i18n import get_lang

    ui = get_lang()

    def key(rec):
        if rec.error:
            return None
        return content_key("check-translation", lang, ui, min_confidence, rec.name, rec.tname, rec.text, rec.en_text,
                           rec.type, rec.en_type)
    return key


def run(args) -> int:
    lang = normalize_lang(args.lang)
    if lang == "en":
        raise InputError(_("--lang must name the translation's language (de, ja or zh-Hans)"))
    fmt = args.format or ("jsonl" if args.input else "text")
    if args.input and args.text:
        raise InputError(_("give either TEXT (with --en-text) or --input, not both"))
    if args.oracle and not args.input:
        raise InputError(_("--oracle needs --input"))
    with open_output(args.output) as out:
        if not args.input:
            if args.text is None or args.en_text is None:
                raise InputError(_("give TEXT and --en-text, or --input FILE"))
            from cardlint.translate.readers import PairRecord

            rec = PairRecord(None, name=args.name, text=args.text.replace("\\n", "\n"),
                             en_text=args.en_text.replace("\\n", "\n"), tname=args.tname, en_type=args.type_line)
            row = check_record(rec, lang, args.min_confidence)
            _write(out, fmt, row, single=True)
            return EXIT_OK if row["consistent"] else EXIT_FINDINGS
        return _run_batch(args, lang, fmt, out)


def _checked(row: dict) -> bool:
    return row.get("status") != "error"


def _run_batch(args, lang: str, fmt: str, out) -> int:
    from cardlint.translate.readers import PairRecord, read_pairs
    from cardlint.translate.report import Summary

    records = read_pairs(args.input, args.input_format, lang, args.oracle)
    check_record(PairRecord(None, text=warm_up_text("mtg", lang), en_text=warm_up_text("mtg", "en")), lang)  # before any budget
    summary = Summary(lang)
    rows = []
    shown = args.input if (args.input_format in ("auto", "jsonl") and args.input.lower().endswith(".jsonl")) else ""
    results = run_batch(progress(records, shown), pair_row, (lang, args.min_confidence, args.input, args.time_limit),
                        jobs=args.jobs,
                        key=_pair_key(lang, args.min_confidence), cache=open_cache(args),
                        store=_checked, encode=True)
    for result in results:
        row = batch_row(result)
        summary.add(row)
        if fmt == "json":
            rows.append(row)
        elif fmt == "jsonl":
            out.write(result + "\n")
        else:
            _write(out, fmt, row)
        out.flush() if hasattr(out, "flush") else None
    if fmt == "json":
        out.write(json.dumps({"results": rows, "summary": summary.to_dict()}, ensure_ascii=False, indent=2) + "\n")
    table = summary.table()
    if fmt == "text":
        out.write("\n" + table + "\n")
    else:
        print(table, file=sys.stderr)
    if summary.errors:
        print(_("{n} input line(s) could not be checked; see the \"error\" fields").format(n=summary.errors),
              file=sys.stderr)
        return EXIT_USAGE
    return EXIT_FINDINGS if (summary.inconsistent or summary.unknown) else EXIT_OK


def _write(out, fmt: str, row: dict, single: bool = False) -> None:
    if fmt == "jsonl":
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt == "json":
        out.write(json.dumps(row, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(render_text(row) + "\n")


def status_name(status: str | None) -> str:
    return {"consistent": _("consistent"), "inconsistent": _("INCONSISTENT"), "unknown": _("unknown"),
            "error": _("error")}.get(status, str(status))


def render_text(row: dict) -> str:
    from cardlint.console import paint

    status = status_name(row.get("status"))
    if row.get("status") in ("inconsistent", "error"):
        status = paint(status, "1;31")
    name = row.get("name")
    lines = [f"# {'—' if name is None else name}: {status}"]   # a card without a name is no "None"
    if row.get("error"):
        lines.append(f"  {row['error']}")
    for f in row.get("findings", []):
        idx = f["clause_index"] + 1 if isinstance(f.get("clause_index"), int) else "-"
        lines.append(f"  {f['code']} [{idx}] ({f['confidence']:.2f}) {f['message']}")
        if f.get("en"):
            lines.append(f"      en: {f['en']}")
        if f.get("translation"):
            lines.append(f"      tr: {f['translation']}")
    return "\n".join(lines)
