"""Batch summary: cards checked, consistent, inconsistent (by code), undetermined, errors — per language."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cardlint.i18n import _
from cardlint.translate import codes as C


@dataclass
class Summary:
    lang: str
    checked: int = 0
    consistent: int = 0
    inconsistent: int = 0
    undetermined: int = 0
    errors: int = 0
    by_code: Counter = field(default_factory=Counter)     # cards with at least one finding of the code
    oracle: int = 0                                       # cards compared against the Oracle text

    def add(self, result: dict) -> None:
        if "error" in result:
            self.errors += 1
            return
        self.checked += 1
        status = result.get("status")
        if status == "consistent":
            self.consistent += 1
        elif status == "inconsistent":
            self.inconsistent += 1
        else:
            self.undetermined += 1
        if result.get("reference") == "oracle":
            self.oracle += 1
        for code in {f["code"] for f in result.get("findings", [])}:
            self.by_code[code] += 1
        if status == "undetermined":
            self.by_code[C.UNPARSED] += 1

    def to_dict(self) -> dict:
        return {"lang": self.lang, "checked": self.checked, "consistent": self.consistent,
                "inconsistent": self.inconsistent, "undetermined": self.undetermined, "errors": self.errors,
                "compared_with_oracle": self.oracle,
                "by_code": dict(sorted(self.by_code.items()))}

    def table(self) -> str:
        rows = [(_("language"), self.lang), (_("cards checked"), self.checked),
                (_("consistent"), self.consistent), (_("inconsistent"), self.inconsistent)]
        for code in sorted(c for c in self.by_code if c in C.INCONSISTENCY_CODES):
            rows.append((f"  {code} {C.code_name(code)}", self.by_code[code]))
        rows.append((_("undetermined (not parsed)"), self.undetermined))
        if self.oracle:
            rows.append((_("compared against the Oracle text"), self.oracle))
        rows.append((_("malformed input lines"), self.errors))
        from cardlint.console import pad, width as cells

        width = max(cells(str(k)) for k, _v in rows)
        vwidth = max(cells(str(v)) for _k, v in rows)
        line = "─" * (width + vwidth + 3)
        out = [line]
        for i, (k, v) in enumerate(rows):
            out.append(f"{pad(str(k), width)}   {str(v):>{vwidth}}")
            if i == 0:
                out.append(line)
        out.append(line)
        return "\n".join(out)


def card_label(row: dict) -> str:
    """How a card is named in a report: its English name, the translated name, else where it is."""
    name, tname = row.get("name"), row.get("tname")
    if name and tname and tname != name:
        return f"{name} ({tname})"
    return name or tname or row.get("where") or _("(unnamed card)")
