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
from dataclasses import dataclass, field
from pathlib import Path

from cardlint.errors import InputError
from cardlint.i18n import _

PLAYERS = ("A", "B")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
DEFAULT_STEPS = ["tributed", "turn_player_mandatory", "opponent_mandatory", "turn_player_optional",
                 "opponent_optional", "priority", "responses"]
MAX_ORDERS = 720


@dataclass
class Entry:
    card: str
    controller: str
    text: str
    type: str | None = None          # the card's type line ("Normal Trap", "Effect Monster"), optional
    tributed: bool = False
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
            out.append(Entry(card=str(d["card"].value), controller=ctrl, text=str(d["text"].value),
                             type=str(typ.value) if typ is not None else None, tributed=tributed, line=ln))
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

def build_chains(cf: ChainFile) -> dict:
    tp, op = cf.turn_player, _other(cf.turn_player)
    for e in cf.triggers:
        e.effect = _classify(e, cf.lang, ("trigger", "flip"))
    for e in cf.activations:
        e.effect = _classify(e, cf.lang, ("ignition", "activation", "quick"))
    for e in cf.responses:
        e.effect = _classify(e, cf.lang, ("activation", "quick", "trigger"))

    groups: dict[str, list[Entry]] = {k: [] for k in DEFAULT_STEPS}
    for e in cf.triggers:
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
    per_group = [list(itertools.permutations(groups[s])) or [()] for s in seg_steps]

    orders: list[list[dict]] = []
    for combo in itertools.product(*per_group):
        links: list[tuple[Entry, str]] = []
        for step, perm in zip(seg_steps, combo):
            for e in perm:
                why = why_group[step]
                if e.effect.get("implicit"):
                    why += " " + _("(no activation wording: applied as a mandatory trigger)")
                links.append((e, why))
        started_by_event = bool(links)
        if not links:
            links.extend(_priority(cf, tp))
        links.extend(_responses(cf, links, started_by_event))
        orders.append(_render(links))
        if len(orders) >= MAX_ORDERS:
            break
    # de-duplicate (identical orders can arise when groups are empty)
    seen, unique = set(), []
    for o in orders:
        key = tuple((x["card"], x["controller"]) for x in o)
        if key not in seen:
            seen.add(key)
            unique.append(o)
    resolution = [[dict(x, why=_("resolves")) for x in reversed(o)] for o in unique]
    notes = []
    if cf.triggers and cf.activations:
        notes.append(_("a trigger is waiting, so the turn player cannot use priority to activate: {cards}").format(
            cards=", ".join(e.card for e in cf.activations)))
    return {"orders": unique, "resolution": resolution, "notes": notes}


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


def _responses(cf: ChainFile, links: list[tuple[Entry, str]], started_by_event: bool) -> list[tuple[Entry, str]]:
    out: list[tuple[Entry, str]] = []
    last_speed = max([(x[0].effect.get("spell_speed") or 1) for x in links[-1:]] or [1])
    last_player = links[-1][0].controller if links else None
    for e in cf.responses:
        speed = e.effect.get("spell_speed") or 1
        if speed < 2 or speed < last_speed:
            continue
        needs_event = _needs_event_timing(e, cf.lang)
        if needs_event and not started_by_event:
            continue
        why = _("response (Spell Speed {speed})").format(speed=speed)
        if needs_event:
            why += " " + _("at the timing of the event")
        out.append((e, why))
        last_speed, last_player = speed, e.controller
        links = links + [(e, why)]
    return out


def _needs_event_timing(e: Entry, lang: str) -> bool:
    """An activation tied to the event ("When a monster is Summoned: …") — read from the parsed IR."""
    from cardlint.ygo import parse_effects

    for eff in parse_effects(e.text, lang, e.type):
        if eff.kind in ("restriction", "summon"):
            continue
        c = eff.condition
        return bool(c is not None and c.kind is not None and c.event)
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
    return "\n".join(lines)
