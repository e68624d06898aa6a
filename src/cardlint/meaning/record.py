"""What a sentence predicates, language-neutral: the one record every language's builder fills.

A builder reads its own surface (English word classes, German verb-second order, Japanese particles,
Chinese meaning-named rules) and writes a :class:`Predicate`; :func:`cardlint.meaning.effects` turns
the records of one statement into IR effects.  Nothing here names a word of any language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlint import ir as I

#: a predicate that states something without an effect of its own ("is tapped", "is 3")
STATE = "state"

# --- flags (Predicate.tags) the meaning layer reads; a builder may add others, they end up in
# ``Effect.note`` for the readers of the IR -----------------------------------------------------------
INSTEAD = "instead"                # "… instead": replaces an instruction (CR 614.15)
ENTERS_TAPPED = "enters_tapped"    # "enters tapped" (CR 614.1c)
ENTERS_WITH = "enters_with"        # "enters with counters", "enters face down" (CR 614.1c)
COPY_ENTER = "copy_enter"          # "enters as a copy of …" (CR 614.1c, 707.2)
CAUSATIVE = "causative"            # "have target creature get +1/+1": the object is affected
OWN_SUBJECT = "own_subject"        # the predicate's own ``subject`` is the affected one
CONTROL_STATE = "control_state"    # "You control enchanted permanent" (CR 613.1b)
MODAL_MAY = "modal_may"            # can/may + action: a permission when an object is the subject
RECURRING = "recurring"            # "in each combat": a standing requirement, not a one-time action
PLAYER_MAY = "aux:may"             # "you may …" (a player's choice)
FROM_ZONE = "from_zone"            # "… from your graveyard"
ADDITIONAL = "additional"          # "an additional land", "zusätzlich"


@dataclass
class Predicate:
    """One predicate of a statement, before the statement's subject is attached."""

    kind: str                                   # an effect kind (ir.CONTINUOUS …) or STATE
    mods: list[I.Modification] = field(default_factory=list)   # the values it sets/adds/removes
    verb: str | None = None                     # the canonical English lemma of the action
    objects: list[I.Filter] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)  # the flags above, and a builder's own
    duration: str | None = None
    #: a condition the predicate's own surface states ("as long as …" read inside it); the statement's
    #: conditions are Mods of its :class:`Statement`
    condition: I.Condition | None = None
    #: a subject the predicate carries itself (an inverted German subject, a causative object)
    subject: I.Filter | None = None
    #: the modifications when ``subject`` turns out to be the affected object, where they differ
    subject_mods: list[I.Modification] | None = None
    #: further predicates the grammar folded into this one ("untap … and gain control of it")
    also: list["Predicate"] = field(default_factory=list)
    #: the statement modifiers written inside the predicate (durations, "for each", "equal to")
    modifiers: list = field(default_factory=list)
    #: the verb as written, for the builder's own later reading (never read by the meaning layer)
    verb_form: str = ""
    #: what a builder keeps about the surface for itself (never read by the meaning layer)
    surface: dict = field(default_factory=dict)


@dataclass
class Mod:
    """A statement prefix/suffix: duration, condition, "for each", "instead", "as ~ enters"…"""

    kind: str
    value: Any = None


@dataclass
class Context:
    """What the statement around the records says: its subject and form."""

    subject: I.Filter | None = None
    imperative: bool = False       # no subject: the first object is affected
    granted: bool = False          # inside a quoted, granted ability


@dataclass
class Statement:
    """What a whole statement says beside its predicates (collected by the builder's surface hooks)."""

    mods: list[Mod] = field(default_factory=list)
    if_able: bool = False           # "… if able" (CR 508.1d)
    as_though: bool = False         # "as though it had flash"
    without_paying: bool = False    # "without paying its mana cost"
    alternative_cost: bool = False  # "rather than pay this spell's mana cost" (CR 118.9)
