"""A board's result → the data the ``explain`` templates and the JSON output show.

JSON keys and values stay language-independent (ids, layer codes, English canonical type names,
criterion ids); text/md/html are localized through :class:`cardlint.summary.render.Vocab`.
"""

from __future__ import annotations

from cardlint.engine.snapshot import characteristics
from cardlint.engine.core import Result
from cardlint.engine.model import LAYERS

REASONS = ("cda_first", "timestamp", "dependency", "loop", "ceased", "cost_increase", "cost_reduce", "cost_set")


def _layer_order(code: str, order: list[str] | None = None) -> int:
    order = (order or list(LAYERS)) + ["rules", "8"]
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
    # each object's characteristics after each layer — only those a layer changed, to keep the
    # output proportional to what happened (the characteristics before layer 1 are the board's)
    after, prev = [], {}
    for code, snap in result.after_layer:
        changed = {oid: o for oid, o in snap.items() if prev.get(oid) != o}
        after.append({"layer": code, "changed": changed})
        prev = snap
    out["after_layer"] = after
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
    scheme_order = [code for code, _snap in result.after_layer] or None
    rows.sort(key=lambda r: (_layer_order(r["layer"], scheme_order), r["step"]))
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
            "scheme": result.scheme, "picture": picture(result, v, names)}


# --- the per-layer picture (explain --format html) ------------------------------------------------
COL_W, COL_GAP, BOX_H, BOX_GAP, HEAD_H = 150, 26, 58, 14, 40


def picture(result: Result, v, names: dict) -> dict:
    """The board drawn the way the articles draw it: one column per layer of the scheme (plus
    players/rules when used), each effect a box in its layer in application order, an arrow from
    each dependent effect to the effect it waited for, and every object's characteristics after
    each layer.  Coordinates are computed here; the template only draws them (SVG)."""
    codes = [code for code, _snap in result.after_layer]
    for s in result.steps:
        if s.layer not in codes:
            codes.append(s.layer)
    x_of = {c: i * (COL_W + COL_GAP) for i, c in enumerate(codes)}
    rows: dict[str, int] = {}
    boxes, where = [], {}
    for s in result.steps:
        r = rows.get(s.layer, 0)
        rows[s.layer] = r + 1
        box = {"n": s.n, "layer": s.layer, "x": x_of[s.layer], "y": HEAD_H + r * (BOX_H + BOX_GAP),
               "w": COL_W, "h": BOX_H, "source": s.effect.source_name or s.effect.id,
               "text": s.effect.text, "ts": s.effect.timestamp, "cda": s.cda,
               "applied": s.applied, "reason": s.reason}
        boxes.append(box)
        where[(s.layer, s.effect.id)] = box
    arrows = []
    seen = set()
    # every dependency found (a dependent that ceased has no step-level record), once
    for d in list(result.dependencies) + [d for s in result.steps for d in s.depends_on]:
        if (d.dependent, d.on, d.layer) in seen:
            continue
        seen.add((d.dependent, d.on, d.layer))
        code = _display_layer(d.layer, where, d.dependent)
        a, b = where.get((code, d.dependent)), where.get((code, d.on))
        if a is None or b is None:
            continue
        # both boxes are in one column (613.8a(a): same layer): a curve on the column's left side
        x = a["x"]
        y1, y2 = a["y"] + a["h"] / 2, b["y"] + b["h"] / 2
        bend = x - COL_GAP * 0.8
        arrows.append({"d": f"M {x} {y1} C {bend} {y1}, {bend} {y2}, {x} {y2}",
                       "criterion": v.criterion(d.criterion)})
    height = HEAD_H + max(rows.values(), default=0) * (BOX_H + BOX_GAP) + 10
    columns = [{"code": c, "x": x_of[c], "w": COL_W, "name": _layer_name(v, c, result.scheme)} for c in codes]
    # characteristics after each layer: a cell per (object, layer), marked where it changed
    table = []
    for oid in result.state:
        cells, prev = [], None
        for code, snap in result.after_layer:
            o = snap.get(oid)
            if o is None:
                cells.append({"text": "", "changed": False})
                continue
            text = _summary(o, v)
            cells.append({"text": text, "changed": prev is not None and text != prev})
            prev = text
        table.append({"name": names.get(oid, oid), "cells": cells})
    return {"columns": columns, "boxes": boxes, "arrows": arrows, "width": len(codes) * (COL_W + COL_GAP) + COL_GAP,
            "height": height, "after": [c for c, _s in result.after_layer], "table": table, "offset": COL_GAP}


def _display_layer(layer: str, where: dict, eid: str) -> str:
    """A dependency's layer as the steps show it (in an older scheme, its code there)."""
    if (layer, eid) in where:
        return layer
    for (code, e) in where:
        if e == eid and code != layer:
            return code
    return layer


def _clip(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _summary(o: dict, v) -> str:
    types = ", ".join([v.supertype(t) for t in o["supertypes"]] + [v.card_type(t) for t in o["types"]])
    subs = ", ".join(v.subtype(s) for s in o["subtypes"])
    colors = ", ".join(v.color(c) for c in "WUBRG" if c in o["colors"]) or "—"
    pt = f"{o['power']}/{o['toughness']}" if o["power"] is not None else ""
    abil = "; ".join(o["abilities"])
    parts = [types + (f" — {subs}" if subs else ""), colors]
    if pt:
        parts.append(pt)
    parts.append(abil or "∅")
    parts.append(v.player(o["controller"]))
    return " · ".join(parts)


def _layer_name(v, code: str, scheme: str) -> str:
    try:
        return v.layer(code, scheme)
    except KeyError:
        return code
