"""IR → the classification of classification.md §5.  Language-independent: looks only at IR fields
and the card's kind (from the record's English ``type`` field, identical in every language file)."""

from __future__ import annotations

import re

from cardlint.ygo import ir

MONSTER = "monster"
ACTIVATION_SPELLS = {"Normal Spell", "Ritual Spell", "Quick-Play Spell"}
ACTIVATION_TRAPS = {"Normal Trap", "Counter Trap"}
LASTING = {"Continuous Spell", "Field Spell", "Equip Spell", "Continuous Trap"}
SPELL_KINDS = ACTIVATION_SPELLS | {"Continuous Spell", "Field Spell", "Equip Spell"}
TRAP_KINDS = ACTIVATION_TRAPS | {"Continuous Trap"}


def card_kind(card_type: str | None) -> str:
    """``monster`` or the Spell/Trap kind ("Quick-Play Spell", "Counter Trap", …)."""
    if not card_type:
        return MONSTER
    t = card_type.strip()
    for k in SPELL_KINDS | TRAP_KINDS:
        if t.lower() == k.lower():
            return k
    low = t.lower()
    if "spell" in low or "magic" in low:
        for word, k in (("quick", "Quick-Play Spell"), ("continuous", "Continuous Spell"), ("field", "Field Spell"),
                        ("equip", "Equip Spell"), ("ritual", "Ritual Spell")):
            if word in low:
                return k
        return "Normal Spell"
    if "trap" in low:
        if "counter" in low:
            return "Counter Trap"
        if "continuous" in low:
            return "Continuous Trap"
        return "Normal Trap"
    return MONSTER


def _entry(text, type_, parsed, mandatory=None, timing=None, speed=None):
    return {"text": text, "type": type_, "mandatory": mandatory, "timing": timing,
            "can_miss_timing": timing == "when", "spell_speed": speed, "parsed": bool(parsed)}


def _monster_type(e: ir.Effect) -> str:
    c = e.condition
    if e.flip:
        return "flip"
    if e.kind == ir.PASSIVE:
        return "continuous"
    if e.quick:
        return "quick"
    if c is None:
        return "ignition"
    if c.kind is None:
        # "相手ターンに１度、…発動できる" (Once per turn, during your opponent's turn)
        return "quick" if (c.either_turn or c.opponent_turn) else "ignition"
    if c.kind in (ir.COND_WHEN, ir.COND_IF, ir.COND_EACH) and c.event:
        # "When … activates …: You can" answers an activation (a quick effect); "If … is activated" is a trigger
        if c.opponent_activates and e.optional and c.kind == ir.COND_WHEN:
            return "quick"
        return "trigger"
    if c.phase_start:
        # "During the End Phase:", "Once per turn, during your Standby Phase:" — a phase trigger
        return "trigger"
    if c.kind in (ir.COND_WHEN, ir.COND_IF, ir.COND_EACH):  # a state ("If you control …:") — no event
        return "quick" if (c.either_turn or c.opponent_turn) else "ignition"
    # "During …:" windows
    if c.either_turn or c.opponent_turn:
        return "quick" if e.optional or not c.phase else "trigger"
    if c.phase and not c.main_phase:
        if _DAMAGE_CALC.search(c.text) and not _from_hand(e):
            # "…が戦闘を行うダメージ計算時に発動できる": the battling monster's own effect is a trigger; the
            # damage-calculation effects that are quick are activated from the hand ("このカードを手札から捨てて")
            return "trigger"
        if "battle" in c.text or "damage" in c.text or "バトル" in c.text or "ダメージ" in c.text \
                or "战斗" in c.text or "伤害" in c.text or "schaden" in c.text:
            return "quick"
        return "trigger"
    return "ignition"


_DAMAGE_CALC = re.compile(r"damage calculation|schadensberechnung|ダメージ計算|伤害计算")
_HAND = re.compile(r"\bthis card from your hand\b|\bdiese karte von deiner hand\b|このカードを手札から|手札のこのカード"
                   r"|(这张|此)卡从手[卡牌]|从手[卡牌]将?(这张|此)卡|手[卡牌]的(这张|此)卡")


def _from_hand(e: ir.Effect) -> bool:
    words = " ".join(filter(None, [e.cost.text if e.cost else "", e.condition.text if e.condition else "", e.text]))
    return bool(_HAND.search(words.lower()))


def _no_grave_cost(e: ir.Effect) -> bool:
    """True unless the effect reads as one activated from the graveyard/banishment ("banish this card
    from your GY; …", "墓地のこのカードを除外して") — those are the card's other effects."""
    words = " ".join(filter(None, [e.cost.text if e.cost else "", e.condition.text if e.condition else ""]))
    return not _GRAVE.search(words)


_GRAVE = re.compile(r"\bthis card (from|in) (your )?(gy|graveyard)\b|\bbanish this card\b|\bthis card is (in your (gy|graveyard)|banished)\b"
                    r"|\bdiese karte (in|aus|von) deinem friedhof\b|\bdiese karte verbannen\b|\bdiese karte (verbannt|im friedhof)\b"
                    r"|墓地のこのカード|このカードが墓地に存在|このカードが除外されて|墓地に存在するこのカード"
                    r"|墓地的(这张|此)卡|(这张|此)卡在墓地|(这张|此)卡(被)?除外|墓地存在的(这张|此)卡")


def _activates_self(e: ir.Effect) -> bool:
    """"When this card is activated: You can …" — the optional part of a Continuous/Field card's activation."""
    c = e.condition
    return c is not None and bool(_SELF_ACT.search(c.text))


_SELF_ACT = re.compile(r"^(when|if) this card is activated\b|^(wenn|falls) diese karte aktiviert wird\b"
                       r"|^このカードの発動時の|^このカードの発動時に|^このカードを発動した(時|場合)|^(这张|此)卡的发动时|^(这张|此)卡发动的(时候|场合)")


def _speed(type_: str, kind: str, pendulum: bool) -> int | None:
    if type_ in ("continuous", "spell-continuous", "summon-condition", "restriction"):
        return None
    if kind == MONSTER or pendulum:
        return 2 if type_ == "quick" else 1
    if kind == "Counter Trap":
        return 3 if type_ == "activation" else 2
    if kind in TRAP_KINDS:
        return 2
    if kind == "Quick-Play Spell":
        return 2
    return 2 if type_ == "quick" else 1


def classify_effect(e: ir.Effect, kind: str, first_activation: bool, pendulum: bool = False) -> dict:
    """Classify one IR effect.  ``first_activation``: this is the first effect of an activation-type
    Spell/Trap (Normal/Quick-Play/Ritual Spell, Normal/Counter Trap) that could be its activation."""
    if e.kind == ir.RESTRICTION:
        return _entry(e.text, "restriction", e.parsed)
    if e.kind == ir.SUMMON:
        return _entry(e.text, "summon-condition", e.parsed)
    if kind == MONSTER and not pendulum:
        t = _monster_type(e)
    elif e.kind == ir.ACTIVATE_CARD or (kind in SPELL_KINDS | TRAP_KINDS and not pendulum and _activates_self(e)):
        t = "activation"
    elif kind in ACTIVATION_SPELLS | ACTIVATION_TRAPS and not pendulum and first_activation \
            and (not e.optional or e.activation_word or _no_grave_cost(e)):
        # the first effect of a Normal/Quick-Play/Ritual Spell or Normal/Counter Trap is the card's
        # activation; OCG text words it "…発動できる" / "…才能发动", which is not an optional trigger
        t = "activation"
    elif e.kind == ir.PASSIVE:
        t = "spell-continuous"
    else:
        t = _monster_type(e)
        if t == "continuous":
            t = "spell-continuous"
        if t == "flip":
            t = "trigger"
        if kind in LASTING and not pendulum and first_activation and not e.optional and t == "ignition":
            t = "activation"
        if kind in TRAP_KINDS and not pendulum and t == "ignition":
            t = "quick"  # a Trap's activated effect is Spell Speed 2 with no timing of its own
    mandatory = timing = None
    if t in ("trigger", "flip"):
        mandatory = not e.optional
        if not mandatory and t == "trigger":
            c = e.condition
            timing = "when" if (c is not None and c.kind == ir.COND_WHEN) else "if"
    return _entry(e.text, t, e.parsed, mandatory, timing, _speed(t, kind, pendulum))


def classify_effects(effects: list[ir.Effect], card_type: str | None, pendulum: bool = False) -> list[dict]:
    kind = card_kind(card_type)
    out = []
    seen_activation = False
    for e in effects:
        first = False
        if kind != MONSTER and not pendulum and not seen_activation and e.kind in (ir.ACTIVATED, ir.PASSIVE, ir.ACTIVATE_CARD):
            if kind in ACTIVATION_SPELLS | ACTIVATION_TRAPS:
                first = True
            elif kind in LASTING and e.kind == ir.ACTIVATED and not e.optional and e.cost is not None \
                    and not e.quick and (e.condition is None or e.condition.kind is None):
                first = True
        d = classify_effect(e, kind, first, pendulum)
        if d["type"] == "activation":
            seen_activation = True
        out.append(d)
    return out
