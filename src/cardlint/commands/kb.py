"""``cardlint kb layers|keywords|effects|rules|ygo`` — the knowledge base, localized.

Text output is an aligned table in the chosen language (aligned by display width, so Japanese and
Chinese line up); a name with no translation in the sources is shown in English with a trailing
``*`` and a footnote.  ``--format json`` prints a list of records with snake_case keys.
"""

from __future__ import annotations

import json
import sys
import unicodedata

from cardlint.console import pad, width
from cardlint.i18n import _, normalize_lang

TOPICS = ("layers", "keywords", "effects", "rules", "ygo")
MARK = "*"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "kb", help=_("show the knowledge base (layers, keywords, effects, rules, ygo)"),
        description=_("Show the rules knowledge base in one language."))
    parser.add_argument("topic", choices=TOPICS, help=_("what to show"))
    parser.add_argument("--lang", default="en",
                        help=_("language of the names: en, de, ja, zh-Hans (default: en; messages: --ui-lang)"))
    parser.add_argument("--scheme", default="current", choices=("current", "m10", "2007"),
                        help=_("layer numbering for 'layers': current, m10 (2009–2023) or 2007 (2006–2008)"))
    parser.add_argument("--format", default="text", choices=("text", "json"), help=_("output format"))
    parser.add_argument("--kb", metavar="DIR", default=None,
                        help=_("knowledge-base directory (default: $CARDLINT_KB or the bundled kb/)"))
    parser.set_defaults(func=run)


def run(args) -> int:
    from cardlint.kb import load_kb

    from cardlint.errors import InputError

    try:
        lang = normalize_lang(args.lang)
    except ValueError as exc:   # a usage error (exit 2), never a traceback
        raise InputError(str(exc)) from None
    kb = load_kb(args.kb)
    records = BUILDERS[args.topic](kb, lang, args.scheme)
    out = sys.stdout
    if args.format == "json":
        out.write(json.dumps(records, ensure_ascii=False, indent=2) + "\n")
        return 0
    out.write(RENDERERS[args.topic](records, lang, args.scheme))
    return 0


# --- records (also the JSON output) --------------------------------------------------------------

def _name(names: dict, lang: str) -> tuple[str, bool]:
    from cardlint.kb import localized

    return localized(names, lang)


def _named(names: dict, lang: str) -> dict:
    text, fallback = _name(names, lang)
    return {"name": text, "name_en": names["en"], "name_fallback": fallback}


def _text(value: dict | None, lang: str) -> tuple[str, bool]:
    """A {lang: text} mapping (criteria texts) in ``lang``, else English."""
    if not value:
        return "", False
    if value.get(lang):
        return value[lang], False
    return value["en"], lang != "en"


def layer_records(kb, lang: str, scheme: str) -> list[dict]:
    origin_label = {"spell": _("from spells and abilities"), "static": _("from static abilities"),
                    "counter": _("counters")}
    records = []
    if scheme == "current":
        for entry in kb.layers:
            records.append({
                "scheme": scheme, "code": entry["code"], "parent": entry.get("parent"),
                "rules": entry["rules"], "short": entry["short"], **_named(entry["names"], lang),
                "description": entry["description"], "sublayers": entry.get("sublayers", []),
            })
        return records
    for entry in kb.scheme_layers(scheme):
        current = []
        for src in entry["from"]:
            label = src["code"]
            origins = src.get("origin") or []
            if set(origins) == {"spell", "static"}:
                label += " (" + _("effects") + ")"
            elif origins:
                label += " (" + ", ".join(origin_label[o] for o in origins) + ")"
            current.append(label)
        records.append({
            "scheme": scheme, "code": entry["code"], **_named(entry["names"], lang),
            "description": entry.get("description", ""), "current": current,
            "informal": bool(entry.get("informal")),
        })
    return records


def keyword_records(kb, lang: str, scheme: str) -> list[dict]:
    records = []
    for entry in kb.keywords:
        records.append({
            "id": entry["id"], "rule": entry["rule"], **_named(entry["names"], lang),
            "kind": entry["kind"], "abilities": entry["abilities"], "kind_stated": entry["kind_stated"],
            "redundant": entry["redundant"], "parameters": entry["parameters"],
            "written": entry["written"], "effect": entry["effect"],
            "aliases": entry["aliases"][lang], "names": entry["names"],
        })
    return records


def effect_records(kb, lang: str, scheme: str) -> list[dict]:
    records = []
    for section, key in (("ability_kind", "ability_kinds"), ("effect_kind", "effect_kinds")):
        for entry in kb.effects[key]:
            rec = {"section": section, "id": entry["id"], "rules": entry["rules"], **_named(entry["names"], lang),
                   "description": entry["description"]}
            if "layered" in entry:
                rec["layered"] = entry["layered"]
            records.append(rec)
    for section, key in (("cda_criterion", "cda_criteria"), ("dependency_criterion", "dependency_criteria")):
        group = kb.effects[key]
        for crit in group["criteria"]:
            text, fallback = _text(crit["text"], lang)
            records.append({
                "section": section, "id": crit["id"], "rules": [group["rule"]],
                "label": str(crit.get("number") or crit.get("letter")), "text": text, "text_fallback": fallback,
                "any_of": [c["id"] for c in crit.get("any_of", [])], "note": crit.get("note"),
            })
    return records


def rule_records(kb, lang: str, scheme: str) -> list[dict]:
    records = []
    for entry in kb.rules:
        names = entry.get("names")
        rec = {"id": entry["id"], "rules": entry["rules"]}
        rec.update(_named(names, lang) if names else {"name": None, "name_en": None, "name_fallback": False})
        rec["summary"] = entry["summary"]
        rec["parts"] = entry.get("parts", [])
        if entry.get("criteria"):
            group = kb.effects[entry["criteria"]]
            rec["criteria"] = []
            for crit in group["criteria"]:
                text, fallback = _text(crit["text"], lang)
                rec["criteria"].append({"id": crit["id"], "label": str(crit.get("number") or crit.get("letter")),
                                        "text": text, "text_fallback": fallback,
                                        "any_of": [c["id"] for c in crit.get("any_of", [])]})
        records.append(rec)
    return records


def ygo_records(kb, lang: str, scheme: str) -> list[dict]:
    records = []
    for entry in kb.ygo["effect_types"]["types"]:
        records.append({"section": "effect_type", "id": entry["id"], **_named(entry["names"], lang),
                        "activates": entry["activates"], "spell_speed": entry["spell_speed"],
                        "card": entry["card"], "description": entry["description"],
                        "sources": entry["sources"]})
    for entry in kb.ygo["spell_speeds"]["speeds"]:
        records.append({"section": "spell_speed", "id": str(entry["speed"]), "speed": entry["speed"],
                        "responds_to": entry["responds_to"], "includes": entry["includes"],
                        "description": entry["description"], "sources": entry["sources"]})
    for i, step in enumerate(kb.ygo["chain"]["segoc"]["steps"], 1):
        records.append({"section": "segoc_step", "id": step["id"], "order": i, "normative": step["normative"],
                        "player": step["player"], "description": step["description"], "sources": step["sources"]})
    for case in kb.ygo["chain"]["missing_the_timing"]["cases"]:
        records.append({"section": "missing_the_timing", "id": f"{'mandatory' if case['mandatory'] else 'optional'}"
                        f"{'_' + case['timing'] if case['timing'] else ''}", "mandatory": case["mandatory"],
                        "timing": case["timing"], "can_miss_timing": case["can_miss_timing"],
                        "description": case["description"]})
    return records


BUILDERS = {"layers": layer_records, "keywords": keyword_records, "effects": effect_records,
            "rules": rule_records, "ygo": ygo_records}


# --- text rendering ------------------------------------------------------------------------------

def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [width(h) for h in headers]
    for row in rows:
        widths = [max(w, width(c)) for w, c in zip(widths, row)]
    lines = ["  ".join(pad(h, w) for h, w in zip(headers, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(pad(c, w) for c, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines) + "\n"


def _marked(rec: dict, key: str = "name", flag: str = "name_fallback") -> str:
    value = rec.get(key) or ""
    return value + MARK if rec.get(flag) else value


def _footnote(records: list[dict], lang: str, flags=("name_fallback",)) -> str:
    def any_fallback(items):
        for rec in items:
            if any(rec.get(f) for f in flags):
                return True
            if any_fallback(rec.get("criteria", [])):
                return True
        return False

    if lang == "en" or not any_fallback(records):
        return ""
    return "\n" + MARK + " " + _("no {lang} translation in the sources; English shown.").format(lang=lang) + "\n"


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Split into (token, space_before) where a wide character is a token of its own (CJK text has
    no spaces and may break between any two characters) and other tokens are space-separated words."""
    out: list[tuple[str, bool]] = []
    word, space = "", False
    for ch in text:
        if ch.isspace():
            if word:
                out.append((word, space))
                word = ""
            space = True
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            if word:
                out.append((word, space))
                word, space = "", False
            out.append((ch, space))
            space = False
        else:
            word += ch
    if word:
        out.append((word, space))
    return out


def _wrap(text: str, indent: str, cols: int = 100, hang: int = 0) -> list[str]:
    """Wrap to ``cols`` display cells (East Asian text included), every line prefixed by ``indent``
    and continuation lines by ``hang`` more spaces."""
    limit = max(20, cols - width(indent) - hang)
    lines: list[str] = []
    line = ""
    for token, space in _tokens(text):
        piece = (" " if space and line else "") + token
        if line and width(line) + width(piece) > limit:
            lines.append(line)
            line = token
        else:
            line += piece
    lines.append(line)
    return [indent + (" " * hang if i else "") + item for i, item in enumerate(lines)]


def render_layers(records: list[dict], lang: str, scheme: str) -> str:
    titles = {"current": _("Layers of continuous effects (CR 613, current numbering)"),
              "m10": _("Layers, M10 numbering (2009–2023)"),
              "2007": _("Layers, 2006–2008 numbering (CR 418.5a)")}
    out = titles[scheme] + "\n\n"
    if scheme == "current":
        rows = [[("  " if r["parent"] else "") + r["code"], ", ".join(r["rules"]), _marked(r)] for r in records]
        out += table([_("Layer"), _("Rule"), _("Name")], rows)
    else:
        rows = [[r["code"] + (" " + _("(informal)") if r["informal"] else ""), _marked(r), "; ".join(r["current"])]
                for r in records]
        out += table([_("Layer"), _("Name"), _("Current layer")], rows)
    return out + _footnote(records, lang)


def render_keywords(records: list[dict], lang: str, scheme: str) -> str:
    out = _("Keyword abilities (CR 702): {n}").format(n=len(records)) + "\n\n"
    headers = [_("Rule"), _("Keyword")] + ([_("English")] if lang != "en" else []) + \
              [_("Kind"), _("Redundant"), _("Parameters"), _("Effect")]
    from cardlint import names

    rows = []
    for r in records:
        effect = r["effect"]
        effect_text = f"{names.effect(effect['kind'])} {effect['layer']}" + (" CDA" if effect["cda"] else "") \
            if effect else ""
        row = [r["rule"], _marked(r)] + ([r["name_en"]] if lang != "en" else [])
        row += [names.keyword_kind(r["kind"]) + ("" if r["kind_stated"] else " (?)"), _("yes") if r["redundant"] else "",
                ", ".join(names.keyword_parameter(p) for p in r["parameters"]), effect_text]
        rows.append(row)
    out += table(headers, rows)
    notes = "\n(?) " + _("kind inferred: the CR does not state it in one sentence (see kb/keywords.yaml).") + "\n"
    return out + notes + _footnote(records, lang)


def render_effects(records: list[dict], lang: str, scheme: str) -> str:
    out = ""
    sections = [("ability_kind", _("Ability kinds (CR 113.3)")), ("effect_kind", _("Effect kinds (CR 609–615)"))]
    for section, title in sections:
        rows = [[r["id"], ", ".join(r["rules"]), _marked(r)] for r in records if r["section"] == section]
        out += title + "\n\n" + table([_("Id"), _("Rule"), _("Name")], rows) + "\n"
    crit_titles = [("cda_criterion", _("Characteristic-defining ability: all five criteria (CR 604.3a)")),
                   ("dependency_criterion", _("Dependency: an effect depends on another if all hold (CR 613.8a)"))]
    for section, title in crit_titles:
        out += title + "\n\n"
        for r in (r for r in records if r["section"] == section):
            text = r["text"] + (MARK if r["text_fallback"] else "")
            out += "\n".join(_wrap(f"({r['label']}) {text}", "  ", hang=width(r["label"]) + 3)) + "\n"
            if r["any_of"]:
                out += "      " + _("any of: {items}").format(items=", ".join(r["any_of"])) + "\n"
        out += "\n"
    return out.rstrip("\n") + "\n" + _footnote(records, lang, ("name_fallback", "text_fallback"))


def render_rules(records: list[dict], lang: str, scheme: str) -> str:
    out = _("How continuous effects are ordered (CR 613, 611.2c)") + "\n"
    for r in records:
        head = f"{', '.join(r['rules'])}  {r['id']}"
        if r["name"]:
            head += f"  — {_marked(r)}"
        out += "\n" + head + "\n" + "\n".join(_wrap(r["summary"], "    ")) + "\n"
        for crit in r.get("criteria", []):
            text = crit["text"] + (MARK if crit["text_fallback"] else "")
            out += "\n".join(_wrap(f"({crit['label']}) {text}", "      ", hang=width(crit["label"]) + 3)) + "\n"
        for part in r["parts"]:
            out += "\n".join(_wrap(f"{part['rule']} {part['summary']}", "      ", hang=len(part["rule"]) + 1)) + "\n"
    if lang != "en":
        out += "\n" + _("Summaries are in English.") + "\n"
    return out + _footnote(records, lang, ("name_fallback", "text_fallback"))


def render_ygo(records: list[dict], lang: str, scheme: str) -> str:
    out = _("Yu-Gi-Oh! effect types") + "\n\n"
    from cardlint import names

    rows = [[r["id"], _marked(r), names.spell_speed(r["spell_speed"]),
             _("yes") if r["activates"] else _("no")] for r in records if r["section"] == "effect_type"]
    out += table([_("Type"), _("Name"), _("Spell Speed"), _("Activates")], rows)
    out += "\n" + _("Spell Speeds") + "\n\n"
    rows = [[r["id"], ", ".join(map(str, r["responds_to"])) or "—", "; ".join(r["includes"])]
            for r in records if r["section"] == "spell_speed"]
    out += table([_("Speed"), _("Responds to"), _("Includes")], rows)
    out += "\n" + _("Simultaneous triggers (SEGOC), then priority and responses") + "\n\n"
    for r in (r for r in records if r["section"] == "segoc_step"):
        head = f"{r['order']}. {r['id']}" + ("" if r["normative"] else " (" + _("default order, not a rule") + ")")
        out += head + "\n" + "\n".join(_wrap(r["description"], "     ")) + "\n"
    out += "\n" + _("Missing the timing") + "\n\n"
    rows = [[r["id"], _("yes") if r["can_miss_timing"] else _("no"), r["description"]]
            for r in records if r["section"] == "missing_the_timing"]
    out += table([_("Trigger"), _("Can miss timing"), _("Wording")], rows)
    return out + _footnote(records, lang)


RENDERERS = {"layers": render_layers, "keywords": render_keywords, "effects": render_effects,
             "rules": render_rules, "ygo": render_ygo}

__all__ = ["register", "run", "TOPICS", "width"]
