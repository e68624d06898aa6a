"""Error types with locations; the CLI maps them to exit codes."""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2  # usage errors and unreadable/malformed input


class CardlintError(Exception):
    """An error the user can fix; printed as ``path:line:col: message``."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None, key: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.key = key

    def location(self) -> str:
        parts = []
        if self.path:
            parts.append(str(self.path))
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        loc = self.location()
        key = f" [{self.key}]" if self.key else ""
        return f"{loc}: {self.message}{key}" if loc else f"{self.message}{key}"


class KbError(CardlintError):
    """Malformed knowledge-base file (names file and key)."""


class InputError(CardlintError):
    """Unreadable or malformed user input."""
