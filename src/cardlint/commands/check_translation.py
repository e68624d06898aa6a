"""``cardlint check-translation``: compare a translation's rules meaning with the English text.

Each input pair → ``{"name", "consistent": true | false | null, "status", "reference", "findings":
[{"code", "clause_index", "en_clause_index", "message", "en", "translation", "en_span", "tr_span",
"reference", "confidence"}], "undetermined": [reasons], "clauses": [per-clause status], "notes"}``,
one output line per input line, in order.  Exit 0 when no real difference was found (consistent or
undetermined cards), 1 when any card is inconsistent, 2 on usage/file errors or when any input
record was malformed (the run still finishes and reports every other record).  A summary table goes
to standard error (``--format text``: standard output).
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
from cardlint.translate.report import card_label


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
    p.add_argument("--input-format", choices=["auto", "jsonl", "forge", "mtgjson", "scryfall"],
                   default="auto", help=_("format of --input (default: recognised by its content)"))
    p.add_argument("--oracle", metavar="FILE", help=_("English Oracle text by card name (JSONL {\"name\", \"text\"} or "
                                                      "MTGJSON): the English of a Forge cardnames file, and a second "
                                                      "English reference for printed texts"))
    p.add_argument("--oracle-text", help=_("the current Oracle text for TEXT (a second English reference)"))
    p.add_argument("--min-confidence", type=float, default=0.0,
                   help=_("report only findings with at least this confidence (TR401 is always reported)"))
    p.add_argument("--output", "-o", metavar="FILE", help=_("write results to FILE instead of standard output"))
    add_lang(p, _("language of the translation"))
    add_format(p, ["text", "json", "jsonl", "html", "md"], default=None)
    add_time_limit(p)
    add_batch_options(p)
    p.set_defaults(func=run)


def check_record(rec, lang: str, min_confidence: float = 0.0) -> dict:
    from cardlint.translate.compare import check_card

    result = check_card(rec.en_text, rec.text, lang, rec.name, rec.tname, rec.en_type, rec.type,
                        rec.oracle_text, rec.oracle_type)
    if min_confidence > 0:
        from cardlint.translate.compare import CONSISTENT, INCONSISTENT, UNDETERMINED

        result.findings = [f for f in result.findings if f.compared.confidence >= min_confidence]
        if result.status == INCONSISTENT and not result.findings:
            result.status = UNDETERMINED if result.reasons else CONSISTENT
    row = result.to_dict()
    if rec.tname:
        row["tname"] = rec.tname
    return row


def pair_row(rec, lang: str, min_confidence: float, path: str, time_limit: float | None,
             keep_texts: bool = False) -> dict:
    """The output row of one translation pair (an error row when it cannot be checked or runs over its
    time budget: one bad record never loses the others).  ``keep_texts``: the row also carries both
    texts (the html and md reports show them side by side)."""
    if rec.error:
        row = {"name": rec.name, "consistent": None, "status": "error", "findings": [], "error": rec.error}
    else:
        res, err = guarded(lambda: check_record(rec, lang, min_confidence), time_limit,
                           rec.where or f"{path}:{rec.line}")
        if err:
            row = {"name": rec.name, "consistent": None, "status": "error", "findings": [], "error": err}
        else:
            row = {"name": rec.name, **{k: v for k, v in res.items() if k != "name"}}
    if rec.where and "where" not in row:
        row["where"] = rec.where
    if keep_texts:
        row.setdefault("en_text", rec.en_text)
        row.setdefault("text", rec.text)
    return row


def _pair_key(lang: str, min_confidence: float, keep_texts: bool):
    from cardlint.i18n import get_lang

    ui = get_lang()

    def key(rec):
        if rec.error:
            return None
        # everything the row is made of: the texts, both English references, and where it is (the row says)
        return content_key("check-translation", lang, ui, min_confidence, keep_texts, rec.name, rec.tname, rec.text,
                           rec.en_text, rec.type, rec.en_type, rec.oracle_text, rec.oracle_type, rec.where)
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
                             en_text=args.en_text.replace("\\n", "\n"), tname=args.tname, en_type=args.type_line,
                             oracle_text=args.oracle_text.replace("\\n", "\n") if args.oracle_text else None)
            row = check_record(rec, lang, args.min_confidence)
            if fmt in ("html", "md"):
                from cardlint.translate.report import Summary
                from cardlint.translate.setreport import render_report

                summary = Summary(lang)
                summary.add(row)
                out.write(render_report([row], summary, fmt, lang))
            else:
                _write(out, fmt, row, single=True)
            return EXIT_FINDINGS if row["consistent"] is False else EXIT_OK
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
    keep = fmt in ("json", "html", "md")
    shown = args.input if args.input != "-" else ""
    results = run_batch(progress(records, shown), pair_row,
                        (lang, args.min_confidence, args.input, args.time_limit, keep), jobs=args.jobs,
                        key=_pair_key(lang, args.min_confidence, keep), cache=open_cache(args),
                        store=_checked, encode=True)
    for result in results:
        row = batch_row(result)
        summary.add(row)
        if keep:
            rows.append(row)
        elif fmt == "jsonl":
            out.write(result + "\n")
        else:
            _write(out, fmt, row)
        out.flush() if hasattr(out, "flush") else None
    if summary.checked + summary.errors == 0:
        raise InputError(_("no translation in {lang} found in the input (checked 0 cards)").format(lang=lang),
                         path=args.input)
    if fmt == "json":
        out.write(json.dumps({"results": rows, "summary": summary.to_dict()}, ensure_ascii=False, indent=2) + "\n")
    elif fmt in ("html", "md"):
        from cardlint.translate.setreport import render_report

        out.write(render_report(rows, summary, fmt, lang, source=args.input))
    table = summary.table()
    if fmt == "text":
        out.write("\n" + table + "\n")
    else:
        print(table, file=sys.stderr)
    if summary.errors:
        print(_("{n} input line(s) could not be checked; see the \"error\" fields").format(n=summary.errors),
              file=sys.stderr)
        return EXIT_USAGE
    return EXIT_FINDINGS if summary.inconsistent else EXIT_OK


def _write(out, fmt: str, row: dict, single: bool = False) -> None:
    if fmt == "jsonl":
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt == "json":
        out.write(json.dumps(row, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(render_text(row) + "\n")


def status_name(status: str | None) -> str:
    return {"consistent": _("consistent"), "inconsistent": _("INCONSISTENT"), "undetermined": _("undetermined"),
            "error": _("error")}.get(status, str(status))


def render_text(row: dict) -> str:
    from cardlint.console import paint

    status = status_name(row.get("status"))
    if row.get("status") in ("inconsistent", "error"):
        status = paint(status, "1;31")
    lines = [f"# {card_label(row)}: {status}"]
    if row.get("error"):
        lines.append(f"  {row['error']}")
    for f in row.get("findings", []):
        idx = f["clause_index"] + 1 if isinstance(f.get("clause_index"), int) else "-"
        ref = _("Oracle text") if f.get("reference") == "oracle" else _("printed English")
        lines.append(f"  {f['code']} [{idx}] ({f['confidence']:.2f}) {f['message']}")
        lines.append(f"      en: “{f.get('en_span') or f.get('en')}”  ({ref})")
        if f.get("translation"):
            lines.append(f"      tr: “{f.get('tr_span') or f.get('translation')}”")
    for r in row.get("undetermined", []):
        idx = r["clause_index"] + 1 if isinstance(r.get("clause_index"), int) else "-"
        side = "en" if r.get("side") == "en" else "tr"
        why = f" — {r['error']}" if r.get("error") else ""
        lines.append(f"  {r['code']} [{idx}] {r['message']}")
        lines.append(f"      {side}: “{r.get('sentence')}”{why}")
    for n in row.get("notes", []):
        lines.append(f"  {n['code']} {n['message']}")
    return "\n".join(lines)
