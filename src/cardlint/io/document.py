"""What every reader returns: a :class:`Document` of :class:`CardEntry` items, each with the
:class:`Declaration` objects written for it.  Its own module so that the readers import it directly
(the package re-exports it; a reader that imported the package would tie the two in a cycle)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Declaration:
    """A declared classification of one clause (from a template, a JSONL ``declared`` field or a
    Forge script line).  ``None`` fields are not declared (not compared)."""

    clause_index: int | None = None      # which clause (0-based), when known
    text: str | None = None              # clause text (or a Forge Description$) to align with
    ability: str | None = None
    effects: list[dict] | None = None    # [{"kind", "layer", "cda"}]
    layers: set[str] | None = None       # declared continuous layers only (Forge)
    cda: bool | None = None
    origin: str | None = None            # e.g. the Forge script line
    line: int | None = None              # where the declaration is written
    span: list[int] = field(default_factory=list)   # all clauses a Forge Description$ covers (set by lint)


@dataclass
class CardEntry:
    name: str | None
    text: str
    type_line: str | None = None
    lang: str = "en"
    path: str = "-"
    line: int = 1                        # line of the card in its file
    declarations: list[Declaration] = field(default_factory=list)
    game: str = "mtg"
    id: str | None = None                # template id / board object id
    extra: dict[str, Any] = field(default_factory=dict)
    pending: bool = False                # kb template known not to parse yet in this language
    spell: bool | None = None            # instant/sorcery, when the type line is localized
    noqa: frozenset | None = None        # codes suppressed for this card (empty: every code)


@dataclass
class Document:
    path: str
    kind: str                            # templates | cards | forge | mtgjson | board | decklist | ygo
    entries: list[CardEntry] = field(default_factory=list)
    board: dict | None = None            # the raw board (objects, effects) for boards
    errors: list[str] = field(default_factory=list)   # "path:line:col: message" (exit 2)
    is_set: bool = True                  # a set of cards that can be on the battlefield together
