"""The one finding record of ``cardlint lint`` and ``cardlint check-translation`` (architecture.md
§3: code, severity, path, line, message).  Every code is documented in :mod:`cardlint.codes`."""

from __future__ import annotations

from dataclasses import dataclass, field

SEVERITIES = ("error", "warning", "info")
PRINTED = "printed"                      # a translation compared against the printed English


@dataclass(slots=True)
class Comparison:
    """What a check-translation finding compares: the English and the translated clause, the
    sentences of them that differ, which English it was compared against, and how sure it is."""

    en: str
    translation: str
    confidence: float                    # 0..1: ranks findings in a batch
    en_clause_index: int | None = None
    en_span: str | None = None           # the sentence of the English clause that differs
    tr_span: str | None = None           # the sentence of the translated clause that differs
    reference: str = PRINTED             # printed | oracle


@dataclass(slots=True)  # a large file's run holds every finding until the report is written
class Finding:
    code: str
    severity: str
    path: str
    line: int
    message: str
    column: int = 1
    name: str | None = None              # the card (or template id) the finding is about
    clause_index: int | None = None
    suggestions: list[str] = field(default_factory=list)
    related: list[dict] = field(default_factory=list)   # other locations (dependency: the other effect)
    entry_line: int | None = None        # first line of the card the finding is about (for noqa)
    suppressed: bool = False             # a noqa comment / field covers it (shown with --show-suppressed)
    #: check-translation: the two texts the finding compares (one slot, so lint's findings stay small)
    compared: Comparison | None = None

    def to_dict(self) -> dict:
        if self.compared is not None:
            return self._comparison_dict(self.compared)
        out = {"code": self.code, "severity": self.severity, "path": self.path, "line": self.line,
               "column": self.column, "message": self.message}
        if self.name is not None:
            out["name"] = self.name
        if self.clause_index is not None:
            out["clause_index"] = self.clause_index
        if self.suggestions:
            out["suggestions"] = self.suggestions
        if self.related:
            out["related"] = self.related
        if self.suppressed:
            out["suppressed"] = True
        return out

    def _comparison_dict(self, c: Comparison) -> dict:
        # check-translation's output keys (README "check-translation"): a card's result gives where
        # it is, each finding where in the card
        return {"code": self.code, "clause_index": self.clause_index, "en_clause_index": c.en_clause_index,
                "message": self.message, "en": c.en, "translation": c.translation,
                "en_span": c.en_span if c.en_span is not None else c.en,
                "tr_span": c.tr_span if c.tr_span is not None else c.translation,
                "reference": c.reference, "confidence": round(c.confidence, 3)}

    def sort_key(self):
        return (self.path, self.line, self.column, self.code, self.message)
