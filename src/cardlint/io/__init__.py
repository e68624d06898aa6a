"""Readers for everything ``cardlint lint`` accepts.  Each reader turns a file into a
:class:`Document`: a list of :class:`CardEntry` (one card face with its text, type line, language,
location and optional declared classification) plus, for boards, the objects and resolved effects.

- :mod:`cardlint.io.cards`     JSONL card files ``{"name", "text", "type"?, "declared"?}``, MTGJSON
  AtomicCards and set files, deck lists
- :mod:`cardlint.io.forge`     Forge card scripts (cardsfolder ``.txt`` or ``forge-scripts.jsonl``)
- :mod:`cardlint.io.board`     boards (architecture.md §4)
- :mod:`cardlint.io.templates` ``kb/templates/*.yaml``
- :mod:`cardlint.io.detect`    which reader a path needs; :func:`read_path` is the entry point
- :mod:`cardlint.io.document`  the records every reader returns
"""

from cardlint.io.detect import read_path
from cardlint.io.document import CardEntry, Declaration, Document

__all__ = ["CardEntry", "Declaration", "Document", "read_path"]
