"""Yu-Gi-Oh! chain building (``cardlint chain``): SEGOC, the turn player's priority, responses.

Input is a chain file (architecture.md §5).  Every effect's type, optionality and Spell Speed come
from *parsing its text* with :func:`cardlint.ygo.classify` — never from the card's name.

Order of a chain built from simultaneous triggers (``kb/ygo/chain.yaml`` ``segoc.steps``):

1. ``tributed`` — effects of monsters Tributed for the Summon (the article's examples put them first;
   the knowledge base marks this step ``normative: false``, i.e. a default seed order);
2. ``turn_player_mandatory``, 3. ``opponent_mandatory``, 4. ``turn_player_optional``,
5. ``opponent_optional`` — within one group the controller orders freely, so every permutation is a
   legal order;
6. ``priority`` — with no trigger waiting, the turn player may use priority in the Main Phase to
   activate an ignition effect (or a Spell Speed 1 card) before anyone else; a waiting trigger takes
   that priority away;
7. ``responses`` — Spell Speed 2+ effects, in list order, each not slower than the last link; an
   effect that can only be activated "when" the event happens is only possible while the chain
   started by that event is being built (after a priority activation the timing has passed).

The chain resolves last in, first out.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path

from cardlint.errors import InputError
from cardlint.i18n import _

PLAYERS = ("A", "B")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
DEFAULT_STEPS = ["tributed", "turn_player_mandatory", "opponent_mandatory", "turn_player_optional",
                 "opponent_optional", "priority", "responses"]
MAX_ORDERS = 720
#: how a trigger's condition was met, when it was not the last thing to happen (missing the timing)
OPTIONS = {"sent_as": ("cost", "material"), "during": ("resolution",)}


@dataclass
class Entry:
    card: str
    controller: str
    text: str
    type: str | None = None          # the card's type line ("Normal Trap", "Effect Monster"), optional
    tributed: bool = False
    sent_as: str | None = None       # "cost" | "material": how it left for the event (missing the timing)
    during: str | None = None        # "resolution": the event happened in the middle of a resolution
    line: int | None = None
    effect: dict = field(default_factory=dict)   # the chosen classified effect
    note: str = ""


@dataclass
class ChainFile:
    turn_player: str
    phase: str
    event: str
    lang: str
    triggers: list[Entry]
    activations: list[Entry]
    responses: list[Entry]
    path: str = "<chain>"


# ------------------------------------------------------------------ reading and validation

def load_chain_file(path: str | Path, lang: str | None = None) -> ChainFile:
    from cardlint.io.decode import read_text

    return parse_chain_text(read_text(str(path)), str(path), lang)


def parse_chain_text(raw: str, path: str = "<chain>", lang: str | None = None) -> ChainFile:
    import yaml

    from cardlint.io.schema import check
    from cardlint.io.yamlio import build, compose, where

    node = compose(raw, path)   # refuses tags, alias bombs, duplicate keys, deep nesting at their line
    if node is None or not isinstance(node, yaml.MappingNode):
        raise InputError(_("a chain file must be a mapping with turn_player, event and triggers"), path,
                         node.start_mark.line + 1 if node is not None else 1)
    check(build(node, path), "chain file", path, where)
    data = {k.value: v for k, v in node.value}

    def scalar(key, default=None, allowed=None):
        v = data.get(key)
        if v is None:
            return default
        if not isinstance(v, yaml.ScalarNode):
            raise InputError(f"'{key}' must be a single value", path, v.start_mark.line + 1, key=key)
        val = str(v.value).strip()
        if allowed and val not in allowed:
            raise InputError(f"'{key}' must be one of {', '.join(allowed)}, not {val!r}", path,
                             v.start_mark.line + 1, key=key)
        return val

    turn_player = scalar("turn_player", None, PLAYERS)
    if turn_player is None:
        raise InputError("missing 'turn_player' (A or B)", path, 1, key="turn_player")
    phase = scalar("phase", "main1", PHASES)
    event = scalar("event", "")
    file_lang = scalar("lang", None) or lang or "en"
    from cardlint.ygo import norm_lang

    try:
        file_lang = norm_lang(file_lang)
    except ValueError as exc:
        ln = data["lang"].start_mark.line + 1 if "lang" in data else 1
        raise InputError(str(exc), path, ln, key="lang") from None

    def entries(key) -> list[Entry]:
        v = data.get(key)
        if v is None:
            return []
        if not isinstance(v, yaml.SequenceNode):
            raise InputError(f"'{key}' must be a list", path, v.start_mark.line + 1, key=key)
        out = []
        for item in v.value:
            ln = item.start_mark.line + 1
            if not isinstance(item, yaml.MappingNode):
                raise InputError(f"each entry of '{key}' must be a mapping with card, controller and text", path, ln, key=key)
            d = {k.value: val for k, val in item.value}
            for req in ("card", "controller", "text"):
                if req not in d or not isinstance(d[req], yaml.ScalarNode) or not str(d[req].value).strip():
                    raise InputError(f"entry of '{key}' lacks '{req}'", path, ln, key=f"{key}.{req}")
            ctrl = str(d["controller"].value).strip()
            if ctrl not in PLAYERS:
                raise InputError(f"'controller' must be A or B, not {ctrl!r}", path, d["controller"].start_mark.line + 1,
                                 key=f"{key}.controller")
            trib = d.get("tributed")
            tributed = False
            if trib is not None:
                tv = str(trib.value).strip().lower()
                if tv not in ("true", "false", "yes", "no"):
                    raise InputError("'tributed' must be true or false", path, trib.start_mark.line + 1, key=f"{key}.tributed")
                tributed = tv in ("true", "yes")
            typ = d.get("type")
            extra = {}
            for opt, allowed in OPTIONS.items():
                node = d.get(opt)
                if node is None:
                    continue
                val = str(node.value).strip() if isinstance(node, yaml.ScalarNode) else None
                if val not in allowed:
                    raise InputError(_("'{key}' must be one of {allowed}").format(key=opt, allowed=", ".join(allowed)),
                                     path, node.start_mark.line + 1, key=f"{key}.{opt}")
                extra[opt] = val
            out.append(Entry(card=str(d["card"].value), controller=ctrl, text=str(d["text"].value),
                             type=str(typ.value) if typ is not None else None, tributed=tributed, line=ln,
                             **extra))
        return out

    triggers = entries("triggers")
    activations = entries("activations")
    responses = entries("responses")
    for key in data:
        if key not in ("turn_player", "phase", "event", "lang", "triggers", "activations", "responses"):
            raise InputError(f"unknown key {key!r}", path, data[key].start_mark.line + 1, key=key)
    return ChainFile(turn_player, phase, event, file_lang, triggers, activations, responses, path)


# ------------------------------------------------------------------ classification of the entries

_ACTIVATING = ("trigger", "flip", "quick", "activation", "ignition")


def _classify(entry: Entry, lang: str, prefer: tuple[str, ...]) -> dict:
    from cardlint.ygo import classify

    effects = classify(entry.text, lang, entry.type)["effects"]
    for t in prefer:
        for e in effects:
            if e["type"] == t:
                return e
    for e in effects:
        if e["type"] in _ACTIVATING:
            return e
    # no activation wording at all (old texts such as "Summoned monsters become Defense Position"):
    # listed as triggering on this event, it is applied as a mandatory trigger
    e = dict(effects[0]) if effects else {"text": entry.text, "parsed": False}
    e.update({"type": "trigger", "mandatory": True, "timing": None, "can_miss_timing": False,
              "spell_speed": e.get("spell_speed") or 1, "implicit": True})
    return e


def _other(p: str) -> str:
    return "B" if p == "A" else "A"


def _steps() -> list[str]:
    try:
        import yaml

        from cardlint.paths import kb_dir

        data = yaml.safe_load((kb_dir() / "ygo" / "chain.yaml").read_text(encoding="utf-8"))
        ids = [s["id"] for s in data["segoc"]["steps"]]
        if set(ids) >= set(DEFAULT_STEPS):
            return ids
    except Exception:  # the knowledge base is optional for the engine
        pass
    return DEFAULT_STEPS


# ------------------------------------------------------------------ the engine

def _missed_timing(e: Entry) -> str | None:
    """Why an optional "When … : You can" trigger cannot be activated: its condition was met while
    something else was still happening, so it was not the last thing to happen (ygo-rules-en.txt
    § Missing the Timing, If vs When; kb/ygo/chain.yaml ``missing_the_timing``).  None: it can."""
    if not e.effect.get("can_miss_timing"):
        return None
    if e.tributed:
        return _("missed the timing: it was Tributed for the Summon, and the Summon happened last")
    if e.sent_as == "material":
        return _("missed the timing: it was used as material, and the Summon happened last")
    if e.sent_as == "cost":
        return _("missed the timing: it was sent as a cost, and the activation happened last")
    if e.during == "resolution":
        return _("missed the timing: it was sent in the middle of a resolution that went on")
    return None


def _late_note(e: Entry) -> str:
    """A trigger whose condition was met during a cost, a procedure or a resolution, and that does
    not miss the timing ("… : activate", "If … : You can"), is activated once that is over."""
    if e.sent_as or e.during == "resolution":
        return " " + _("(its condition was met while something else was happening: activated once that is over)")
    return ""


def _distinct_perms(items: list[Entry]):
    """The orders of one group, one at a time; two entries of the same card and controller are
    interchangeable, so their swaps are not repeated."""
    if not items:
        yield ()
        return
    seen = set()
    for i, e in enumerate(items):
        key = (e.card, e.controller)
        if key in seen:
            continue
        seen.add(key)
        for rest in _distinct_perms(items[:i] + items[i + 1:]):
            yield (e,) + rest


def _count_perms(items: list[Entry]) -> int:
    counts: dict = {}
    for e in items:
        counts[(e.card, e.controller)] = counts.get((e.card, e.controller), 0) + 1
    n = math.factorial(len(items))
    for c in counts.values():
        n //= math.factorial(c)
    return n


def _lazy_orders(groups: list[list[Entry]]):
    """Every combination of one order per group, generated one at a time (never listed in full:
    12 triggers in one group have 479,001,600 orders)."""
    if not groups:
        yield ()
        return
    for perm in _distinct_perms(groups[0]):
        for tail in _lazy_orders(groups[1:]):
            yield perm + tail


def build_chains(cf: ChainFile, max_orders: int = MAX_ORDERS) -> dict:
    tp, op = cf.turn_player, _other(cf.turn_player)
    for e in cf.triggers:
        e.effect = _classify(e, cf.lang, ("trigger", "flip"))
    for e in cf.activations:
        e.effect = _classify(e, cf.lang, ("ignition", "activation", "quick"))
    for e in cf.responses:
        e.effect = _classify(e, cf.lang, ("activation", "quick", "trigger"))

    excluded: list[dict] = []
    groups: dict[str, list[Entry]] = {k: [] for k in DEFAULT_STEPS}
    for e in cf.triggers:
        missed = _missed_timing(e)
        if missed:
            excluded.append({"card": e.card, "controller": e.controller, "why": missed})
            continue
        mand = e.effect.get("mandatory") is not False
        if e.tributed:
            groups["tributed"].append(e)
        elif e.controller == tp:
            groups["turn_player_mandatory" if mand else "turn_player_optional"].append(e)
        else:
            groups["opponent_mandatory" if mand else "opponent_optional"].append(e)

    why_group = {
        "tributed": _("Tributed for the Summon: its effect goes first"),
        "turn_player_mandatory": _("turn player's mandatory trigger"),
        "opponent_mandatory": _("opponent's mandatory trigger"),
        "turn_player_optional": _("turn player's optional trigger"),
        "opponent_optional": _("opponent's optional trigger"),
    }
    seg_steps = [s for s in _steps() if s in why_group]
    total = 1
    for step in seg_steps:
        total *= _count_perms(groups[step])

    orders: list[list[dict]] = []
    seen: set = set()
    for combo in _lazy_orders([groups[s] for s in seg_steps]):
        if len(orders) >= max_orders:
            break
        links: list[tuple[Entry, str]] = []
        steps_of = [s for s in seg_steps for _e in groups[s]]
        for step, e in zip(steps_of, combo):
            why = why_group[step]
            if e.effect.get("implicit"):
                why += " " + _("(no activation wording: applied as a mandatory trigger)")
            links.append((e, why + _late_note(e)))
        started_by_event = bool(links)
        if not links:
            links.extend(_priority(cf, tp))
        links.extend(_responses(cf, links, started_by_event, excluded))
        order = _render(links)
        key = tuple((x["card"], x["controller"]) for x in order)
        if key in seen:      # identical orders arise when entries repeat
            continue
        seen.add(key)
        orders.append(order)
    resolution = [[dict(x, why=_("resolves")) for x in reversed(o)] for o in orders]
    notes = []
    if cf.triggers and cf.activations:
        notes.append(_("a trigger is waiting, so the turn player cannot use priority to activate: {cards}").format(
            cards=", ".join(e.card for e in cf.activations)))
    truncated = total > len(orders) and len(orders) >= max_orders
    if truncated:
        notes.append(_("the list is cut at {shown} of {total} legal orders").format(shown=len(orders), total=total))
    unique_excluded, keys = [], set()
    for x in excluded:
        k = (x["card"], x["controller"], x["why"])
        if k not in keys:
            keys.add(k)
            unique_excluded.append(x)
    return {"orders": orders, "resolution": resolution, "notes": notes, "excluded": unique_excluded,
            "truncated": truncated, "total_orders": total}


def _priority(cf: ChainFile, tp: str) -> list[tuple[Entry, str]]:
    for e in cf.activations:
        if e.controller != tp:
            continue
        t = e.effect.get("type")
        if t == "ignition" or (t == "activation" and (e.effect.get("spell_speed") or 1) == 1):
            if cf.phase not in ("main1", "main2"):
                continue
        elif t not in ("quick", "activation", "trigger"):
            continue
        return [(e, _("turn player uses priority ({kind}, Spell Speed {speed})").format(
            kind=_(t), speed=e.effect.get("spell_speed") or 1))]
    return []


def _responses(cf: ChainFile, links: list[tuple[Entry, str]], started_by_event: bool,
               excluded: list[dict]) -> list[tuple[Entry, str]]:
    """Responses in list order, each checked against the link it would answer: Spell Speed 2 or
    higher, and not lower than that link's (only Spell Speed 3 answers Spell Speed 3;
    ygo-rules-en.txt § Spell Speed 3)."""
    out: list[tuple[Entry, str]] = []
    last_speed = (links[-1][0].effect.get("spell_speed") or 1) if links else None
    for e in cf.responses:
        speed = e.effect.get("spell_speed") or 1
        if speed < 2:
            excluded.append({"card": e.card, "controller": e.controller, "why": _(
                "Spell Speed {speed}: it cannot be chained (only Spell Speed 2 or 3 can respond)").format(speed=speed)})
            continue
        if last_speed is not None and speed < last_speed:
            excluded.append({"card": e.card, "controller": e.controller, "why": _(
                "Spell Speed {speed} cannot respond to a Spell Speed {last} link (only Spell Speed {last} "
                "or higher can)").format(speed=speed, last=last_speed)})
            continue
        needs_event = _needs_event_timing(e, cf.lang)
        if needs_event and not started_by_event:
            excluded.append({"card": e.card, "controller": e.controller, "why": _(
                "its timing (the event) has passed: another activation came first")})
            continue
        why = _("response (Spell Speed {speed})").format(speed=speed)
        if needs_event:
            why += " " + _("at the timing of the event")
        out.append((e, why))
        last_speed = speed
        links = links + [(e, why)]
    return out


def _needs_event_timing(e: Entry, lang: str) -> bool:
    """An activation tied to the event ("When a monster is Summoned: …") — read from the parsed IR."""
    from cardlint.ygo import parse_effects

    for eff in parse_effects(e.text, lang, e.type):
        if eff.kind in ("restriction", "summon"):
            continue
        c = eff.condition
        # "When a card is activated" / "When … would be Summoned" answers the link (or the Summon)
        # it responds to, not the event that started the chain
        return bool(c is not None and c.kind is not None and c.event and not c.opponent_activates)
    return False


def _render(links: list[tuple[Entry, str]]) -> list[dict]:
    return [{"link": i + 1, "card": e.card, "controller": e.controller, "why": why,
             "type": e.effect.get("type"), "mandatory": e.effect.get("mandatory"),
             "spell_speed": e.effect.get("spell_speed")}
            for i, (e, why) in enumerate(links)]


def run(cf: ChainFile) -> dict:
    return build_chains(cf)


def format_text(cf: ChainFile, result: dict) -> str:
    lines = [_("Event: {event}").format(event=cf.event or "-"),
             _("Turn player: {player}").format(player=cf.turn_player)]
    for note in result.get("notes", []):
        lines.append(_("Note: {note}").format(note=note))
    if not result["orders"] or not any(result["orders"]):
        lines.append(_("No chain is built."))
    for i, (order, res) in enumerate(zip(result["orders"], result["resolution"]), 1):
        lines.append(_("Legal order {n}:").format(n=i))
        for x in order:
            lines.append("  " + _("Chain Link {link}: {card} ({controller}) — {why}").format(**x))
        lines.append("  " + _("Resolution: {cards}").format(cards=" → ".join(x["card"] for x in res)))
    for x in result.get("excluded", []):
        lines.append(_("Not in the chain: {card} ({controller}) — {why}").format(**x))
    return "\n".join(lines)
