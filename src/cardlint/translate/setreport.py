"""Set-level report of a ``check-translation`` run for a localization team: ``--format html`` (one
self-contained page: counts by verdict and code, each card side by side with the differing clause
and sentence highlighted, the finding and its rule; filters and sorting in a little inline script,
no server) and ``--format md``."""

from __future__ import annotations

from html import escape

from markupsafe import Markup

from cardlint.i18n import _
from cardlint.translate import codes as C


def _labels() -> dict[str, str]:
    return {"title": _("Translation check"), "source": _("input"), "verdict": _("verdict"), "cards": _("cards"),
            "checked": _("cards checked"), "consistent": _("consistent"), "inconsistent": _("inconsistent"),
            "undetermined": _("undetermined"), "errors": _("malformed input"), "show": _("show"), "all": _("all"),
            "code": _("code"), "search": _("search"), "sort": _("sort"), "input_order": _("input order"),
            "name": _("name"), "confidence": _("confidence"), "english": _("English"),
            "translation": _("translation"), "compared_oracle": _("compared against the Oracle text"),
            "against_oracle": _("compared against the Oracle text"), "rule": _("rule"),
            "rules": _("Finding codes")}


def _status_label(status: str) -> str:
    return {"consistent": _("consistent"), "inconsistent": _("inconsistent"), "undetermined": _("undetermined"),
            "error": _("error")}.get(status, status)


def _mark(text: str, span: str | None, html: bool) -> str:
    """``text`` with ``span`` (the sentence that differs) highlighted."""
    if not html:
        return text
    if span and span != text and span in text:
        at = text.index(span)
        return Markup(escape(text[:at]) + "<mark>" + escape(span) + "</mark>" + escape(text[at + len(span):]))
    return Markup(escape(text))


def _card_view(row: dict, html: bool) -> dict:
    from cardlint.translate.report import card_label

    findings = row.get("findings") or []
    reasons = row.get("undetermined") or []
    rows = []
    for c in row.get("clauses") or []:
        key = (c.get("en_clause_index"), c.get("clause_index"))
        fs = [f for f in findings if (f.get("en_clause_index"), f.get("clause_index")) == key
              or (c.get("en_clause_index") is None and f.get("en_clause_index") is None
                  and f.get("clause_index") == c.get("clause_index"))]
        rs = [r for r in reasons if (r.get("en_clause_index"), r.get("clause_index")) == key]
        en_span = next((f.get("en_span") for f in fs if f.get("en_span")), None)
        tr_span = next((f.get("tr_span") for f in fs if f.get("tr_span")), None)
        rows.append({"status": c.get("status"), "en": _mark(c.get("en") or "", en_span, html),
                     "tr": _mark(c.get("translation") or "", tr_span, html), "findings": fs, "reasons": rs})
    if not rows and not row.get("error"):
        rows.append({"status": row.get("status"), "en": row.get("en_text") or "", "tr": row.get("text") or "",
                     "findings": findings, "reasons": reasons})
    for f in findings:
        f.setdefault("rule", True)
    codes = sorted({f["code"] for f in findings} | ({C.UNPARSED} if reasons else set()))
    return {"label": card_label(row), "status": row.get("status") or "error",
            "status_label": _status_label(row.get("status") or "error"), "codes": codes,
            "confidence": max((f.get("confidence", 0) for f in findings), default=0.0), "rows": rows,
            "reference": row.get("reference"), "where": row.get("where"), "error": row.get("error"),
            "notes": row.get("notes") or []}


def _rule_docs(codes) -> list[tuple[str, str]]:
    from cardlint.codes import lookup

    out = []
    for code in codes:
        rule = lookup(code)
        out.append((code, f"{rule.summary} {rule.what}" if rule else C.code_name(code)))
    return out


def render_report(rows: list[dict], summary, fmt: str, lang: str, source: str | None = None) -> str:
    # the finding codes are counted under "inconsistent"; TR401 (a reason, not a finding) is the
    # undetermined count itself
    codes = sorted((c, n) for c, n in summary.by_code.items() if c in C.INCONSISTENCY_CODES)
    cards = [_card_view(r, fmt == "html") for r in rows]
    if fmt == "md":
        return _render_md(cards, summary, codes, lang, source)
    from jinja2 import Environment, PackageLoader

    env = Environment(loader=PackageLoader("cardlint.translate", "templates"), autoescape=True)
    all_codes = sorted({c for card in cards for c in card["codes"]} | {c for c, _n in codes})
    return env.get_template("report.html.j2").render(
        L=_labels(), lang=lang, source=source, summary=summary, codes=codes, cards=cards,
        code_names={c: C.code_name(c) for c in all_codes}, rules=_rule_docs(all_codes), filter_codes=all_codes)


def _md_cell(text: str) -> str:
    return (text or "").replace("|", "\\|").replace("\n", "<br>")


def _render_md(cards: list[dict], summary, codes, lang: str, source: str | None) -> str:
    L = _labels()
    out = [f"# {L['title']} — {lang}", ""]
    if source:
        out += [f"{L['source']}: `{source}`", ""]
    out += [f"| {L['verdict']} | {L['cards']} |", "|---|---:|", f"| {L['checked']} | {summary.checked} |",
            f"| {L['consistent']} | {summary.consistent} |", f"| {L['inconsistent']} | {summary.inconsistent} |"]
    out += [f"| &nbsp;&nbsp;{code} {C.code_name(code)} | {n} |" for code, n in codes]
    out += [f"| {L['undetermined']} | {summary.undetermined} |", f"| {L['errors']} | {summary.errors} |", ""]
    for card in sorted(cards, key=lambda c: ({"inconsistent": 0, "undetermined": 1, "error": 2}.get(c["status"], 3))):
        out.append(f"## {card['label']} — {card['status_label']}")
        if card["error"]:
            out += ["", f"> {card['error']}", ""]
            continue
        out += ["", f"| {L['english']} | {L['translation']} |", "|---|---|"]
        for r in card["rows"]:
            mark = "**" if r["status"] in ("differs", "missing", "extra") else ""
            out.append(f"| {mark}{_md_cell(str(r['en']))}{mark} | {mark}{_md_cell(str(r['tr']))}{mark} |")
        out.append("")
        for r in card["rows"]:
            for f in r["findings"]:
                ref = f" ({L['against_oracle']})" if f.get("reference") == "oracle" else ""
                out.append(f"- **{f['code']}** {f['message']}{ref}: “{f.get('en_span') or f.get('en')}” → "
                           f"“{f.get('tr_span') or f.get('translation')}”")
            for x in r["reasons"]:
                out.append(f"- TR401 {x['message']}: “{x['sentence']}”" + (f" — {x['error']}" if x.get("error") else ""))
        for n in card["notes"]:
            out.append(f"- {n['code']} {n['message']}")
        out.append("")
    return "\n".join(out) + "\n"
