"""A board's result → the data the ``explain`` templates and the JSON output show.

JSON keys and values stay language-independent (ids, layer codes, English canonical type names,
criterion ids); text/md/html are localized through :class:`cardlint.summary.render.Vocab`.
"""

from __future__ import annotations

from cardlint.engine import characteristics
from cardlint.engine.core import Result
from cardlint.engine.model import LAYERS

REASONS = ("cda_first", "timestamp", "dependency", "loop", "ceased", "cost_increase", "cost_reduce", "cost_set")


def _layer_order(code: str) -> int:
    order = list(LAYERS) + ["rules"]
    return order.index(code) if code in order else len(order)


def to_json(result: Result, lang: str = "en", history: list | None = None) -> dict:
    objs = characteristics(result)
    log = []
    for s in result.steps:
        e = s.effect
        log.append({
            "step": s.n, "layer": s.layer, "effect": e.id, "source": e.source, "source_name": e.source_name,
            "text": e.text, "cda": s.cda, "timestamp": e.timestamp, "origin": e.origin,
            "applied": s.applied, "order": s.reason, "affected": list(s.affected),
            "depends_on": [{"effect": d.on, "criterion": d.criterion} for d in s.depends_on],
            "loop": list(s.loop), "changes": s.changes,
        })
    deps = [{"dependent": d.dependent, "on": d.on, "layer": d.layer, "criterion": d.criterion,
             "direction": f"{d.dependent} depends on {d.on}" if lang == "en" else f"{d.dependent} → {d.on}"}
            for d in result.dependencies]
    out = {"objects": objs, "log": log, "dependencies": deps, "players": result.players,
           "table": table_rows(result), "scheme": result.scheme,
           "unapplied": [{"text": x.text, "source": x.source, "reason": x.reason, "detail": x.detail,
                          "line": x.line} for x in result.skipped]}
    if history:
        out["history"] = history
    return out


def table_rows(result: Result) -> list[dict]:
    """The judges' "Effect : Layer : CDA" table: one row per (effect, layer), in application order."""
    rows = []
    for s in result.steps:
        rows.append({"step": s.n, "effect": s.effect.id, "source": s.effect.source,
                     "source_name": s.effect.source_name, "text": s.effect.text, "layer": s.layer,
                     "cda": s.cda, "timestamp": s.effect.timestamp, "order": s.reason, "applied": s.applied,
                     "depends_on": [d.on for d in s.depends_on]})
    rows.sort(key=lambda r: (_layer_order(r["layer"]), r["step"]))
    return rows


def compare_schemes(result: Result, old: Result) -> list[dict]:
    """Objects whose power/toughness differ under an older numbering (e.g. 2006–2008 rules)."""
    a, b = characteristics(result), characteristics(old)
    out = []
    for oid, rec in a.items():
        o = b.get(oid)
        if o and (o["power"], o["toughness"]) != (rec["power"], rec["toughness"]):
            out.append({"object": oid, "name": rec["name"], "scheme": old.scheme,
                        "power": o["power"], "toughness": o["toughness"],
                        "current_power": rec["power"], "current_toughness": rec["toughness"]})
    return out


def view(result: Result, lang: str, history: list | None = None) -> dict:
    """Localized view model for the templates."""
    from cardlint.summary.render import Vocab

    v = Vocab(lang)
    objs = characteristics(result)
    names = {oid: o["name"] for oid, o in objs.items()}
    by_id = {e.id: e for e in result.effects}

    def eff_label(eid):
        e = by_id.get(eid)
        return (e.source_name or e.id) if e else eid

    def kw_or_text(a):
        return a

    objects = []
    for oid, o in objs.items():
        st = result.state[oid]
        abilities = []
        for a in st.abilities:
            if a.keyword and a.origin in ("granted", "counter"):
                abilities.append({"keyword": v.keyword(a.keyword)})
            else:
                abilities.append({"text": a.text})
        objects.append({
            "id": oid, "name": o["name"], "zone": o["zone"],
            "types": [v.type_words(o["supertypes"], o["types"])] if o["supertypes"] or o["types"] else [],
            "subtypes": [v.subtype(s) for s in o["subtypes"]], "all_creature_types": o["all_creature_types"],
            "colors": [v.color(c) for c in o["colors"]], "abilities": abilities,
            "power": o["power"], "toughness": o["toughness"], "controller": v.player(o["controller"]),
            "restrictions": o["restrictions"], "cost": o.get("cost"),
        })
    steps = []
    for s in result.steps:
        steps.append({
            "n": s.n, "layer": s.layer, "layer_name": _layer_name(v, s.layer, result.scheme),
            "source": s.effect.source_name or s.effect.id, "text": s.effect.text, "cda": s.cda,
            "timestamp": s.effect.timestamp, "reason": s.reason, "applied": s.applied,
            "affected": [names.get(x, v.player(x)) for x in s.affected],
            "depends_on": [{"on": eff_label(d.on), "criterion": v.criterion(d.criterion)} for d in s.depends_on],
            "loop": [eff_label(x) for x in s.loop],
        })
    table = []
    for r in table_rows(result):
        table.append({"source": r["source_name"] or r["effect"], "text": r["text"], "layer": r["layer"],
                      "layer_name": _layer_name(v, r["layer"], result.scheme), "cda": r["cda"],
                      "timestamp": r["timestamp"], "reason": r["reason"] if "reason" in r else r["order"],
                      "applied": r["applied"], "depends_on": [eff_label(x) for x in r["depends_on"]]})
    deps = [{"dependent": eff_label(d.dependent), "on": eff_label(d.on), "layer": d.layer,
             "layer_name": _layer_name(v, d.layer, result.scheme), "criterion": v.criterion(d.criterion)}
            for d in result.dependencies]
    players = [{"name": v.player(p), "max_hand_size": vals["max_hand_size"],
                "abilities": [v.keyword(a) for a in vals["abilities"]]} for p, vals in result.players.items()]
    unapplied = [{"text": x.text, "reason": x.reason, "line": x.line} for x in result.skipped]
    hist = []
    for h in history or []:
        hist.append(dict(h, scheme_label=h["scheme"]))
    return {"board": {"name": result.board.name, "path": result.board.path}, "objects": objects, "steps": steps,
            "table": table, "dependencies": deps, "players": players, "unapplied": unapplied, "history": hist,
            "scheme": result.scheme}


def _layer_name(v, code: str, scheme: str) -> str:
    try:
        return v.layer(code, scheme)
    except KeyError:
        return code
