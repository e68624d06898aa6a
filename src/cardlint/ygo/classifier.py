"""IR → the classification of classification.md §5.  It reads the IR fields and the card's kind (from the
record's English ``type`` field, identical in every language file).  A few rules still read the effect text
because the builders do not put the fact into the IR yet: hand/GY costs, "this card is activated", a Trap
Monster's self-Summon and "…このカードを発動できる" (the card's activation), maintenance costs, and OCG numbered
effects without 発動/发动 (which do not activate).  Each is a wording rule of the templates, never of a card."""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from cardlint.ygo import ir
from cardlint.ygo.oldwording import COST_SENTENCE

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


def _monster_type(e: ir.Effect, monster: bool = True) -> str:
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
    if monster and e.optional and _MODERN_CJK.match(e.text or "") and _DURING_DAMAGE_CALC.search(c.text):
        return "quick"  # "每次…伤害计算时1次，…才能发动": the damage-calculation window (see below)
    if c.kind in (ir.COND_WHEN, ir.COND_IF, ir.COND_EACH) and (c.event or _YOU_DID.match(c.text.strip())):
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
        if _DAMAGE_CALC.search(c.text) and not _from_hand(e) \
                and not (monster and _MODERN_CJK.match(e.text or "") and _DURING_DAMAGE_CALC.search(c.text)
                         and (e.optional or not _SELF_BATTLES.search(c.text))):
            # damage calculation is a window, not an event: a monster's numbered OCG effect "…ダメージ計算時（に１度）、…
            # 発動できる" is a Quick Effect (PSCT prints "during damage calculation (Quick Effect)" for 54 of the 73 in the
            # corpus, all 18 with "に１度"), also when this card is the one battling; a mandatory "…このカードが戦闘を行う
            # ダメージ計算時に発動する", a Spell/Trap's effect (PSCT: "During damage calculation, if your monster battles: You
            # can …", 28 of 28; scripts TRIGGER_O) and old unnumbered texts stay triggers
            return "trigger"
        if "battle" in c.text or "damage" in c.text or "バトル" in c.text or "ダメージ" in c.text \
                or "战斗" in c.text or "伤害" in c.text or "schaden" in c.text:
            return "quick"
        return "trigger"
    return "ignition"


#: "… you can Special Summon this card (from your hand). When you do: Target …" / "If you do: Destroy …": a header
#: whose event is what the sentence before did — a trigger of its own (scripts: TRIGGER_F/TRIGGER_O)
_YOU_DID = re.compile(r"^(if|when) you do$|^(falls|wenn) du (dies|das) tust$")

#: an OCG effect numbered ①②③ (current wording) in the damage-calculation window of another monster's battle
#: ("自分の‹n›モンスターが相手モンスターと戦闘を行うダメージ計算時、…発動できる") is a Quick Effect — PSCT prints
#: "(Quick Effect)" for these
_MODERN_CJK = re.compile(r"^\s*[①-⑳]")
_DURING_DAMAGE_CALC = re.compile(r"(ダメージ計算時|伤害计算时)(に1度|1次)?$")
#: "このカードが相手モンスターと戦闘を行うダメージ計算時" — the battling card's own effect stays a trigger
_SELF_BATTLES = re.compile(r"(このカード|这张卡|此卡)(が|和|与)")
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


_GRAVE = re.compile(r"(^|\s)(if|when) this (set )?card is (destroyed|sent to the (gy|graveyard))\b"
                    r"|(^|\s)(falls|wenn) diese (gesetzte )?karte [^,:]*\b(zerstört|auf den friedhof gelegt) wird\b|\bthis card (from|in) (your )?(gy|graveyard)\b|\bbanish this card\b|\bthis card is (in your (gy|graveyard)|banished)\b"
                    r"|\bdiese karte (in|aus|von) deinem friedhof\b|\bdiese karte verbannen\b|\bdiese karte (verbannt|im friedhof)\b"
                    r"|墓地のこのカード|このカードが墓地に存在|このカードが除外されて|墓地に存在するこのカード"
                    r"|墓地的(这张|此)卡|(这张|此)卡在墓地|(这张|此)卡(被)?除外|墓地存在的(这张|此)卡")


def _activates_self(e: ir.Effect) -> bool:
    """"When this card is activated: You can …" — the optional part of a Continuous/Field card's activation."""
    c = e.condition
    return c is not None and bool(_SELF_ACT.search(c.text))


_SELF_ACT = re.compile(r"^(when|if) this card is activated\b|^(wenn|falls) diese karte aktiviert wird\b"
                       r"|^このカードの発動時の|^このカードの発動時に|^このカードを発動した(時|場合)|^(这张|此)卡的发动时|^(这张|此)卡发动的(时候|场合)")


#: a Trap Monster's activation: the card Special Summons itself as a monster ("Special Summon this card as an
#: Effect Monster (…)", "このカードは効果モンスター（…）となり…特殊召喚する") — a one-shot action at activation,
#: not a continuous effect of the face-up card
_TRAP_MONSTER = re.compile(
    r"\bspecial summon this card (in (face-up )?(attack|defense) position )?as an? (effect|normal) monster\b"
    r"|\bdiese karte\b[^.]*\bals (effektmonster|normales monster)\b[^.]*\bals spezialbeschwörung\b"
    r"|\bbeschwöre diese karte\b[^.]*\bals (effektmonster|normales monster)\b"
    r"|^(このカードは)?(発動後、?)?[^。（(]{0,16}(効果|通常)?モンスター(カード)?[（(][^）)]*[）)]となり"
    r"|^(此卡|这张卡)(发动后[，,]?)?[^。，,]{0,6}(变为|变成|成为)[^。（(]{0,16}怪兽卡?[（(]", re.I)


#: OCG wording of a card's own activation with a condition or cost ("…場合にこのカードを発動できる",
#: "支付1000LP可以发动此卡"): the PSCT "Activate this card by …" / "Activate only if …"
_ACTIVATES_THIS_CARD = re.compile(r"このカードを発動(できる|する事ができる|する)|(可以|才能|能)发动(此卡|这张卡)"
                                  r"|(把|将)(此卡|这张卡)发动|(此卡|这张卡)(才能|可以)发动。?$")


#: an old PSCT sentence that says how the card is activated, without ";": "Activate by paying any multiple of 1000 Life
#: Points.", "Activate this card at the start of your Main Phase 1 or 2." — the card's activation, as the OCG's "…発動できる"
_ACTIVATE_BY = re.compile(r"^activate (this card )?(by|only|at|during|when|if)\b|^aktiviere (diese karte|sie)(,| nur)\b", re.I)


#: a maintenance cost ("During each of your Standby Phases, pay 500 LP or destroy this card"): paid or not
#: when the phase comes, without a chain — a condition for keeping the card, not a trigger effect
_MAINTENANCE = re.compile(r"\b(pay|tribute|send|shuffle|discard|banish)\b[^.]*,? or (destroy this card|send this card to the (gy|graveyard))\b"
                          r"|\b(zahle|biete|lege|mische|wirf|verbanne)\b[^.]*\boder (zerstöre diese karte|lege diese karte auf den friedhof)\b"
                          r"|払わずにこのカードを破壊|(払う|リリースする)か、このカードを破壊"
                          r"|或者?不(支付|解放)[^。]*(这张卡|此卡)破坏|(无法|不能)支付的?(情况下|场合)[，,]?将?(此卡|这张卡)破坏"
                          r"|払えない場合(は|、)?このカードを破壊|\bmust pay\b[^.]*\. if (they|you) (cannot|can't|do not|don't), destroy this card", re.I)


#: a Spirit monster's return in old PSCT, without a colon: "This card returns to the owner's hand during the End Phase of the
#: turn that this card is Normal Summoned or flipped face-up." — the same mandatory trigger the current PSCT writes "During
#: the End Phase of the turn this card is Normal Summoned or flipped face-up: Return it to the hand." (and the OCG
#: "召喚・リバースしたターンのエンドフェイズ時に持ち主の手札に戻る")
_SPIRIT_RETURN = re.compile(r"^this card returns to (the|its) owner's hand during the end phase of the turn\b"
                            r"|^diese karte (kehrt|wird) (in|während) der end phase des spielzugs, in dem sie\b[^.]*\b(auf die|in die) hand ihres "
                            r"besitzers zurück",
                            re.I)

#: OCG text numbers every effect (①②③) and words every effect that activates with 発動 (发动): a numbered
#: effect without it ("①：…度に、このカードにカウンターを１つ置く") applies without activating — a continuous
#: effect (PSCT "Each time …, place 1 counter on this card" has no colon either)
_NUMBERED = re.compile(r"^[①-⑳][:：]")
_OCG_ACTIVATION_HEAD = re.compile(r"^[^。]*(発動できる|発動する|発動する事ができる|才能发动|可以发动)。")
_ACTIVATES = re.compile(r"発動|发动")
#: "以下の効果から１つを選択して発動できる。●…" — choosing one of the card's effects each time is an effect of the
#: face-up card (PSCT "You can activate 1 of these effects"), not the card's activation
_CHOICE_HEAD = re.compile(r"^[^。]*(以下の効果から|从以下效果|以下效果(中)?选)")


def _numbered_unactivated(e: ir.Effect) -> bool:
    return bool(_NUMBERED.match(e.text.strip())) and not _ACTIVATES.search(e.text)


def _trap_monster(e: ir.Effect) -> bool:
    text = unicodedata.normalize("NFKC", re.sub(r"^[①-⑳][:：]", "", e.text.strip()))
    return bool(_TRAP_MONSTER.search(text))


def _state(c: ir.Condition) -> bool:
    """A condition that is a state ("If you control no monsters:"), not an event or a phase window."""
    return not (c.event or c.phase or c.phase_start or c.either_turn or c.opponent_turn or c.opponent_activates)


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
        t = _monster_type(e, monster=False)
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


#: (a condition after it — "This is a Quick Effect if this card is equipped …" — keeps the effect an Ignition Effect that
#: may be used as a Quick one, as the OCG's "（…場合、この効果は相手ターンでも発動できる）" reads)
_ANY_TURN = re.compile(r"\bthis (effect|card's effect) can (also )?be (activated|used) during (either player's|your opponent's) turn\b(?! (if|while))"
                       r"|\bthis is a quick effect\b(?! (if|while))|\bdieser effekt kann (auch )?während des spielzugs (eines beliebigen spielers|deines gegners)"
                       r"|\bdies ist ein schnelleffekt\b(?!,? (falls|solange))|\bdu kannst diesen effekt (auch )?während (der spielzüge beider spieler|des spielzugs (eines beliebigen spielers|deines gegners))", re.I)

#: Problem-Solving Card Text marks every effect that activates: a ":" after its activation condition or a ";"
#: after its cost or target.  A text written in it (one with an effect the grammar read such a header or cost in;
#: "FLIP:" alone and bullet labels are older) says "If this card is attacked, change it to Defense Position at the
#: end of the Damage Step." of an effect that does not activate, so the pre-PSCT reading of such a sentence ("When
#: …, <do something>" is a trigger) is not for it.  Link and Pendulum cards were only ever printed in PSCT.
_LATIN = re.compile(r"(?![Xx][Yy][Zz])[A-Za-z]{3}")  # (OurOCG Chinese writes "XYZ素材", which is no Latin text)


def _psct(effects: list[ir.Effect], card_type: str | None) -> bool:
    if not any(_LATIN.search(e.text or "") for e in effects):
        return False  # the OCG marks its effects differently (①②③, 発動)
    if re.search(r"\b(link|pendulum)\b", card_type or "", re.I):
        return True
    # (the ":" of an effect the grammar did not parse may introduce bullets, "… 1 of the following effects: ●": no mark)
    return any(e.kind == ir.ACTIVATED and (e.parsed or not re.search(r":\s*●", e.text or "")) and not e.old_style and (e.cost is not None or (
        e.condition is not None and not (e.flip and e.condition.kind is None))) for e in effects)


#: "If this card is Special Summoned, you can (except during the Damage Step): Immediately after this effect resolves, …":
#: the "you can" stands before the ":", in the activation part — an optional effect (classification.md §5, mandatory)
_COND_YOU_CAN = re.compile(r",\s*(you can|kannst du)(\s*\([^()]*\))?\s*$", re.I)


def _cost_led(e: ir.Effect) -> bool:
    """Old OCG text that pays a cost in a sentence of its own and then does something ("表側表示のこのカードを生け贄に
    捧げる。このターン…デッキの一番下に戻す。", "支付800基本分。直到结束阶段，…"): PSCT's "You can Tribute this face-up card to
    …" — an effect the player activates, whatever the grammar made of the plain sentences."""
    if e.kind != ir.PASSIVE or _NUMBERED.match((e.text or "").strip()):
        return False
    text = unicodedata.normalize("NFKC", e.text or "").replace(" ", "")
    first, sep, rest = text.partition("。")
    return bool(sep and rest.strip() and COST_SENTENCE.match(first + "。"))


def classify_effects(effects: list[ir.Effect], card_type: str | None, pendulum: bool = False) -> list[dict]:
    kind = card_kind(card_type)
    out = []
    seen_activation = False
    psct = _psct(effects, card_type)
    for e in effects:
        if e.rider and out and out[-1]["type"] == "activation":
            # The OCG numbers the lasting part of an activation about its target ("①：作为对象的怪兽不能攻击"); PSCT prints
            # it inside the activation ("Activate this card by targeting …; it cannot attack") — one entry either way
            out[-1]["text"] += " " + e.text
            out[-1]["parsed"] = out[-1]["parsed"] and bool(e.parsed)
            continue
        if _cost_led(e):
            e = dataclasses.replace(e, kind=ir.ACTIVATED, optional=True)
        if e.condition is not None and not e.optional and _COND_YOU_CAN.search(e.condition.text or ""):
            e = dataclasses.replace(e, optional=True)
        if psct and e.old_style and not e.flip and not e.quick \
                and not (kind in ACTIVATION_SPELLS | ACTIVATION_TRAPS and not seen_activation and not pendulum):
            # (… but never the activation of a Normal/Quick-Play Spell or Normal/Counter Trap: it is the card's first effect
            # whatever its wording — "Destroy as many …, and if you do, Special Summon …")
            out.append(_entry(e.text, "continuous" if kind == MONSTER or pendulum else "spell-continuous", e.parsed))
            continue
        first = False
        if kind != MONSTER and not pendulum and not seen_activation and e.kind in (ir.ACTIVATED, ir.PASSIVE, ir.ACTIVATE_CARD):
            if kind in ACTIVATION_SPELLS | ACTIVATION_TRAPS:
                first = True
            elif kind in LASTING and e.kind == ir.ACTIVATED and not e.optional and e.cost is not None \
                    and not e.quick and (e.condition is None or e.condition.kind is None or _state(e.condition)):
                first = True
        d = classify_effect(e, kind, first, pendulum)
        if d["type"] == "ignition" and _ANY_TURN.search(e.text or ""):
            # old wording puts the Quick Effect in a sentence of its own after the effect: "This effect can be
            # activated during either player's turn."
            d = _entry(e.text, "quick", e.parsed, speed=_speed("quick", kind, pendulum))
        if d["type"] in ("trigger", "ignition", "quick", "flip") and _numbered_unactivated(e):
            d = _entry(e.text, "continuous" if kind == MONSTER or pendulum else "spell-continuous", e.parsed)
        if d["type"] == "continuous" and _SPIRIT_RETURN.match(e.text or ""):
            d = _entry(e.text, "trigger", e.parsed, True, None, _speed("trigger", kind, pendulum))
        if d["type"] == "trigger" and _MAINTENANCE.search(unicodedata.normalize("NFKC", e.text)):
            t = "continuous" if kind == MONSTER or pendulum else "spell-continuous"
            d = _entry(e.text, t, e.parsed)
        if not seen_activation and kind in SPELL_KINDS | TRAP_KINDS and not pendulum and e.kind in (ir.ACTIVATED, ir.PASSIVE) \
                and (_trap_monster(e) or _ACTIVATES_THIS_CARD.search(e.text) or _ACTIVATE_BY.match(e.text or "")) \
                and all(x["type"] in ("restriction", "summon-condition") for x in out):
            d = _entry(e.text, "activation", e.parsed, speed=_speed("activation", kind, pendulum))
        if not seen_activation and kind in ("Continuous Trap", "Continuous Spell") and not pendulum \
                and d["type"] in ("quick", "ignition") and e.kind == ir.ACTIVATED and not e.once_per_turn and not e.quick and _no_grave_cost(e) \
                and not _NUMBERED.match((e.text or "").strip()) and _OCG_ACTIVATION_HEAD.match(e.text or "") \
                and not _CHOICE_HEAD.match(e.text or "") \
                and all(x["type"] in ("restriction", "summon-condition") for x in out):
            # old OCG wording of a Continuous card's activation: "フィールド上の機械族モンスター１体を選択して発動できる。…"
            # (PSCT "Activate this card by targeting 1 Machine monster …") — optional by its wording, but the card's own
            # activation, not an effect of the face-up card
            d = _entry(e.text, "activation", e.parsed, speed=_speed("activation", kind, pendulum))
        if d["type"] == "activation":
            seen_activation = True
        out.append(d)
    return out
