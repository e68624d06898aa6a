"""Language-independent intermediate representation of Yu-Gi-Oh! effects.

Every language front end (grammar + :mod:`cardlint.ygo.build`) produces these dataclasses; the
classifier (:mod:`cardlint.ygo.classifier`) only ever looks at them, never at the surface text, so
two translations that parse to the same IR get the same classification by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Kinds of an effect segment.
ACTIVATED = "activated"      # has an activation header (condition ":", cost ";", "You can", 発動)
PASSIVE = "passive"          # plain sentences, no activation marker
SUMMON = "summon"            # summoning condition / procedure / materials block
RESTRICTION = "restriction"  # "You can only use … once per turn" and the like
ACTIVATE_CARD = "activate-card"  # "Activate this card by …" / "このカードの発動時の効果処理として…"

#: Condition kinds, from the first condition keyword of the header.
COND_WHEN = "when"      # When … : / ～時 / …时
COND_IF = "if"          # If … : / ～場合 / …的场合
COND_DURING = "during"  # During … / Once per turn, during … (phase or window)
COND_EACH = "each"      # Each time … / …度に / 每次
COND_NONE = None


@dataclass
class Clause:
    """One action of a cost or resolution: its main verb, the object phrase and, where the grammar
    gives them (English), the quantities, zones and the link that ties it to the previous action."""

    verb: str = ""
    obj: str = ""
    text: str = ""
    link: str = ""                  # "then" | "and-if-you-do" | "also" | "and" | "otherwise" | "" (first)
    quantities: list[str] = field(default_factory=list)  # "1", "up to 2", "any number of"
    zones: list[str] = field(default_factory=list)       # "from your deck", "to your hand"
    optional: bool = False          # the action is introduced by "you can"
    negated: bool = False           # "du kannst … keine/nicht …": a prohibition, not an option


@dataclass
class Condition:
    kind: str | None = None          # COND_* above
    text: str = ""
    opponent_activates: bool = False  # the event is an activation / a Summon about to happen (quick)
    phase: bool = False               # the condition names a phase or a step ("During the End Phase")
    either_turn: bool = False         # "during either player's turn", 相手ターンでも
    opponent_turn: bool = False       # "during your opponent's turn"
    main_phase: bool = False          # "during the Main Phase" (either player's)
    phase_start: bool = False         # a Standby/End/Draw Phase window: a phase trigger, never a quick window
    event: bool = False               # the condition is an event (Summoned, sent, destroyed …), not a state


@dataclass
class Effect:
    text: str
    kind: str = PASSIVE
    quick: bool = False           # explicit "(Quick Effect)" / 相手ターンでも発動できる / 对方回合也能发动
    flip: bool = False            # "FLIP:" / リバース：/ 反转：
    optional: bool = False        # "you can" / できる / 可以 in the activation part
    activation_word: bool = False  # the header has an activation verb (発動 / 发动); mandatory if not optional
    once_per_turn: bool = False   # soft once per turn in the header
    condition: Condition | None = None
    cost: Clause | None = None
    targets: bool = False
    sentences: list[Clause] = field(default_factory=list)
    activates_card: bool = False  # the text describes the card's own activation
    parsed: bool = False
    shape: str = ""               # coarse shape when unparsed (for evaluation reports)
    old_style: bool = False       # pre-PSCT wording read from a plain sentence ("When …, …")
    origin: str = "text"          # "text" | "pendulum"
    rider: bool = False           # only qualifies an earlier effect's target or equipped monster (OCG numbers it apart)
