"""The finding record every rule emits (architecture.md §3: code, severity, path, line, message)."""

from __future__ import annotations

from dataclasses import dataclass, field

SEVERITIES = ("error", "warning", "info")


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

    def to_dict(self) -> dict:
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

    def sort_key(self):
        return (self.path, self.line, self.column, self.code, self.message)
