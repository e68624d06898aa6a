#!/usr/bin/env python3
"""Generate ``kb/keywords.yaml`` and ``kb/cr_index.yaml`` from the primary sources.

Sources (read-only, see ../shared/kb-sources/SOURCES.md):
- ``mtg-cr-en.txt`` (CR 2025-09-19): rule number and English name (the 702.N heading), the ability kind
  as the CR states it (usually in 702.Na), "Multiple instances … are redundant", the written form
  ("Equip [cost]") and CR-defined variants.
- ``glossary-mtg.tsv`` (``kw:`` rows): de/ja/zh-Hans names and the provenance note of every cell.
- ``kb/keyword_names_printed.tsv`` (``tools/build_keyword_names.py``): for a cell the glossary leaves
  empty, the name printed on the cards of the corpora (source code PRINTED in ``source_note``).

What the CR does not say in one sentence (mixed keywords, a few "keyword found on …" rules) is curated
in the tables below, each entry with the rule it rests on; ``kind_stated: false`` marks an inferred kind.
Nothing here invents a translation: foreign names come only from the glossary or the printed cards
(neither → null).

``kb/cr_index.yaml`` lists every rule number of the CR (sections, rules, subrules) so that the kb
loader can reject a cited rule that does not exist, without the CR text at run time.

Run after the CR or the glossary changes:  python tools/build_kb.py [--sources DIR] [--check]
``--check`` exits 1 if a committed file differs from what would be generated.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCES = ROOT.parent / "shared" / "kb-sources"
OUT = ROOT / "kb" / "keywords.yaml"
PRINTED_NAMES = ROOT / "kb" / "keyword_names_printed.tsv"
INDEX_OUT = ROOT / "kb" / "cr_index.yaml"
LANGS = ("en", "de", "ja", "zh-Hans")

RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$")
# "Flying is an evasion ability." / "A boast ability is a special kind of activated ability." — the kind
# sentence of most keywords.  Excludes "… ability found on / linked to / of modal spells", which are
# curated below so that their notes survive.
KIND_SENTENCE = re.compile(
    r"^[^.“]*? is an? (?:special kind of )?(static|triggered|activated|evasion|characteristic-defining) "
    r"ability(?! found| linked| of modal)")

# number -> (kind, abilities, rule stating it, kind_stated, note)
# kind: the CR's word for the keyword as a whole; "multiple" when it represents abilities of different
# kinds; "other" when the CR gives no single kind (deck construction, special actions, object-dependent).
CURATED_KINDS: dict[int, tuple] = {
    14: ("evasion", ["static"], "702.14b", True, None),
    27: ("static", ["static", "static"], "702.27a", True, None),
    32: ("multiple", ["static", "triggered"], "702.32a", False,
         "702.32a says 'represents two abilities' without naming them: an 'enters with' replacement "
         "(static, 614.1c) and an upkeep trigger (603.2)"),
    34: ("static", ["static", "static"], "702.34a", True, None),
    35: ("multiple", ["static", "triggered"], "702.35a", True, None),
    42: ("static", ["static"], "702.42a", True, "a static ability of modal spells"),
    43: ("multiple", ["static", "triggered"], "702.43a", True, None),
    50: ("spell", ["spell", "spell"], "702.50a", True, "one of the two spell abilities creates a delayed triggered ability"),
    56: ("multiple", ["static", "triggered"], "702.56a", True, None),
    58: ("multiple", ["static", "triggered"], "702.58a", True, None),
    62: ("multiple", ["static", "triggered", "triggered"], "702.62a", True, None),
    63: ("multiple", ["static", "triggered", "triggered"], "702.63a", False,
         "702.63a says 'represents three abilities': an 'enters with' replacement (static, 614.1c) and two triggers"),
    72: ("triggered", ["triggered", "triggered"], "702.72a", True, None),
    74: ("multiple", ["static", "triggered"], "702.74a", True, None),
    78: ("multiple", ["static", "triggered"], "702.78a", True, None),
    88: ("static", ["static"], "702.88a", True, "may create a delayed triggered ability"),
    94: ("static", ["static", "triggered"], "702.94a", True, "a static ability linked to a triggered ability (603.11)"),
    95: ("triggered", ["triggered", "triggered"], "702.95a", True, None),
    96: ("static", ["static", "static"], "702.96a", True, None),
    98: ("static", ["static", "static"], "702.98a", True, None),
    99: ("multiple", ["spell", "static"], "702.99a", True, None),
    102: ("static", ["static"], "702.102a", True, "found on some split cards"),
    103: ("static", ["static"], "702.103a", True, None),
    109: ("static", ["static", "static", "static"], "702.109a", True, "one of them may create a delayed triggered ability"),
    113: ("multiple", ["static", "spell"], "702.113a", True, None),
    119: ("static", ["static", "static"], "702.119a", True, None),
    120: ("static", ["static"], "702.120a", True, "a static ability of modal spells"),
    124: ("other", [], "702.124a", True,
          "partner abilities modify deck construction in Commander and function before the game begins"),
    127: ("static", ["static", "static", "static"], "702.127a", True, "found on some split cards"),
    131: ("other", ["spell", "static"], "702.131a", True,
          "a spell ability on an instant or sorcery (702.131a), a static ability on a permanent (702.131b)"),
    133: ("static", ["static", "static"], "702.133a", True, None),
    138: ("static", ["static"], "702.138a", True, None),
    139: ("other", [], "702.139a", True, "functions outside the game; putting the card into hand is a special action"),
    140: ("static", ["static"], "702.140a", True, None),
    143: ("other", [], "702.143a", True, "exiling a card with foretell is a special action (702.143b)"),
    145: ("static", ["static"], "702.145b", True,
          "daybound represents three static abilities (702.145b), nightbound two (702.145e)"),
    146: ("static", ["static"], "702.146a", False,
          "702.146a does not name the kind; an alternative-cost permission like escape (702.138a, static)"),
    147: ("multiple", ["static", "triggered"], "702.147a", True, None),
    148: ("static", ["static", "static"], "702.148a", True, "the second ability is a text-changing effect (702.148b)"),
    150: ("static", ["static"], "702.150a", True, "found on some planeswalker cards"),
    151: ("activated", ["activated", "activated"], "702.151a", True, None),
    152: ("static", ["static", "static", "static"], "702.152a", True, "one of them may create a delayed triggered ability"),
    153: ("multiple", ["static", "triggered"], "702.153a", True, None),
    154: ("multiple", ["static", "triggered"], "702.154a", True, "the static ability is an optional cost to attack (702.154b)"),
    155: ("static", ["static"], "702.155a", False,
          "702.155a ('a keyword found on some Saga cards') does not name the kind; it states a rule about the "
          "Saga and an 'enters with' choice (702.155b)"),
    156: ("multiple", ["static", "triggered"], "702.156a", True,
          "702.156a: 'represents both a replacement effect and a triggered ability'"),
    157: ("multiple", ["static", "triggered"], "702.157a", True, None),
    158: ("other", [], "702.158a", True, "causes creatures to gain sector designations (702.158b)"),
    159: ("triggered", ["triggered"], "702.159a", False,
          "702.159a ('a keyword ability found on Attraction cards') does not name the kind; its meaning is a "
          "'Whenever …' trigger"),
    161: ("static", ["static"], "702.161a", False,
          "702.161a does not name the kind; its meaning is a statement (113.3d). It defines a type-changing "
          "effect (layer 4), but keyword clauses report no effects (classification.md §2)"),
    162: ("static", ["static"], "702.162a", True, None),
    167: ("activated", ["activated"], "702.167a", True, None),
    169: ("other", [], "702.169a", True,
          "together with its ability text it represents a static, a triggered or an activated ability"),
    170: ("other", [], "702.170a", True, "exiling a card using plot is a special action (702.170b)"),
    172: ("static", ["static"], "702.172a", True, "found on some modal spells"),
    174: ("multiple", ["static", "triggered"], "702.174a", True,
          "the second ability is a trigger on a permanent and an 'If this spell's gift cost was paid' "
          "instruction on an instant or sorcery (702.174b)"),
    175: ("multiple", ["static", "triggered"], "702.175a", False,
          "702.175a says 'represents two abilities': an additional-cost permission like kicker (static, "
          "702.33a) and an 'enters' trigger"),
    176: ("multiple", ["static", "static", "static", "triggered"], "702.176a", True, None),
    180: ("static", ["static", "static", "static"], "702.180a", True, None),
    183: ("static", ["static"], "702.183a", True, "found on some modal spells"),
    185: ("static", ["static", "static"], "702.185a", True, "one of them may create a delayed triggered ability"),
    186: ("static", ["static"], "702.186a", True, "together with its ability text it represents a static ability"),
}

# Written forms the quote finder below cannot pick up (unquoted in the CR, or only implied).
WRITTEN_OVERRIDES: dict[int, tuple[str | None, str | None]] = {
    14: ("[type]walk", "702.14a"),
    21: ("Ward [cost]", "702.21a"),
    96: ("Overload [cost]", "702.96a"),
    151: ("Reconfigure [cost]", "702.151a"),
    153: ("Casualty N", "702.153a"),
    11: (None, None),   # plain "Hexproof"; "Hexproof from [quality]" is a variant (702.11d)
    124: (None, None),  # plain "Partner"; "Partner with [name]" is a variant (702.124i)
}
# Foretell's cost is only mentioned ("any foretell cost it has", 702.143a) — record the parameter anyway.
EXTRA_PARAMETERS = {143: ["cost"]}

# CR-defined variants: (rule, name, written).  Their names are English aliases of the keyword.
VARIANTS: dict[int, list[tuple[str, str, str | None]]] = {
    6: [("702.6e", "Equip planeswalker", "Equip planeswalker [cost]")],
    11: [("702.11d", "Hexproof from", "Hexproof from [quality]")],
    16: [("702.16j", "Protection from everything", "Protection from everything"),
         ("702.16k", "Protection from [a player]", "Protection from [a player]")],
    19: [("702.19c", "Trample over planeswalkers", "Trample over planeswalkers")],
    22: [("702.22b", "Bands with other", "Bands with other [quality]")],
    29: [("702.29e", "Typecycling", "[Type]cycling [cost]")],
    33: [("702.33c", "Multikicker", "Multikicker [cost]")],
    37: [("702.37b", "Megamorph", "Megamorph [cost]")],
    49: [("702.49d", "Commander ninjutsu", "Commander ninjutsu [cost]")],
    54: [("702.54b", "Bloodthirst X", "Bloodthirst X")],
    63: [("702.63b", "Vanishing", "Vanishing")],
    82: [("702.82c", "Devour [quality]", "Devour [quality] N")],
    89: [("702.89b", "Totem armor", "Totem armor")],
    106: [("702.106f", "Double agenda", "Double agenda")],
    119: [("702.119b", "Emerge from", "Emerge from [quality] [cost]")],
    124: [("702.124h", "Partner", "Partner"),
          ("702.124i", "Partner with", "Partner with [name]"),
          ("702.124j", "Friends forever", "Friends forever"),
          ("702.124k", "Choose a Background", "Choose a Background"),
          ("702.124m", "Doctor’s companion", "Doctor’s companion")],
    145: [("702.145b", "Daybound", "Daybound"), ("702.145e", "Nightbound", "Nightbound")],
}
# Variant names that are not aliases (same word as the keyword, or a pattern).
NOT_ALIASES = {"Partner", "Vanishing", "Bloodthirst X", "Typecycling", "Devour [quality]",
               "Protection from [a player]"}

# Foreign aliases and printed forms, all taken from the glossary's note column or its ``ph:`` rows
# (printed card text, code CARD).  ``aliases`` name the keyword alone; ``printed`` carry a parameter.
FOREIGN_ALIASES: dict[str, dict[str, list[str]]] = {
    # kw:landwalk note: "printed variants (CARD): islandwalk de=Inseltarnung; …"
    "landwalk": {
        "en": ["Islandwalk", "Swampwalk", "Forestwalk", "Mountainwalk", "Plainswalk"],
        "de": ["Inseltarnung", "Sumpftarnung", "Waldtarnung", "Gebirgstarnung", "Ebenentarnung"],
        "ja": ["島渡り", "沼渡り", "森渡り", "山渡り", "平地渡り"],
        "zh-Hans": ["海岛行者", "沼泽行者", "树林行者", "山脉行者", "平原行者"],
    },
}
PRINTED: dict[str, dict[str, list[str]]] = {
    # ph:enchant_creature + kw:enchant note ("older de printing 'Kreaturenverzauberung'", zh 结附于生物)
    "enchant": {"en": ["Enchant creature"], "de": ["Verzaubert eine Kreatur", "Kreaturenverzauberung"],
                "ja": ["エンチャント（クリーチャー）"], "zh-Hans": ["结附于生物"]},
    # ph:protection_from (templates) + kw:protection note ('Schutz vor Weiß' = Protection from white)
    "protection": {"en": ["protection from [quality]"], "de": ["Schutz vor [Eigenschaft]", "Schutz vor Weiß"],
                   "ja": ["プロテクション（[性質]）"], "zh-Hans": ["反[性质]保护"]},
    "affinity": {"de": ["Affinität zu Artefakten"]},
    "splice": {"de": ["Arkane Kopplung", "Kopplung mit Spontanzauber oder Hexerei"]},
    "champion": {"de": ["Beschütze einen Elfen"]},
}

EFFECTS = {  # classification.md §2: the only keywords whose clause carries an effect
    "changeling": {"kind": "continuous", "layer": "4", "cda": True},   # 702.73a, 604.3, 613.1d
    "devoid": {"kind": "continuous", "layer": "5", "cda": True},       # 702.114a, 604.3, 613.1e
}

PARAM_PATTERNS = [  # placeholder in the written form -> parameter kind
    (r"\[cost\]", "cost"), (r"\[Cost\]:", "cost"), (r"\bN\b", "number"),
    (r"\[(?:quality|Quality)\]", "quality"), (r"\[object(?: or player)?\]", "object"),
    (r"\[text\]", "text"), (r"\[type\]", "type"), (r"\[materials\]", "materials"),
    (r"\[Condition\]", "condition"), (r"\[something\]", "something"), (r"\[name\]", "name"),
    (r"\[(?:Effect)\]", "effect"), (r"\[(?:Ability|Ability text|Activated ability)\]", "ability"),
]


def read_rules(path: Path) -> dict[str, str]:
    rules: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = RULE_LINE.match(line)
        if m and m.group(1) not in rules:  # the contents list precedes the rules only for sections
            rules[m.group(1)] = m.group(2)
    return rules


def read_glossary(path: Path) -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return {row["key"]: row for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)}


def subrules(rules: dict[str, str], number: str) -> list[tuple[str, str]]:
    pat = re.compile(re.escape(number) + r"[a-z]$")
    return [(k, v) for k, v in rules.items() if pat.match(k)]


def sentences(text: str) -> list[str]:
    return re.findall(r"\S.*?\.”?(?=\s|$)", text) or [text]


KIND_WORDS = ("static", "triggered", "activated", "spell abilit", "evasion", "characteristic-defining",
              "represent", "abilities")


def kind_sentence(text: str) -> str:
    """The sentence of a rule that states the kind (the first one naming a kind), else the first."""
    items = sentences(text)
    return next((s for s in items if any(w in s for w in KIND_WORDS)), items[0])


def written_form(n: int, name: str, subs: list[tuple[str, str]]) -> tuple[str | None, str | None]:
    if n in WRITTEN_OVERRIDES:
        return WRITTEN_OVERRIDES[n]
    first = name.split()[0].lower().rstrip("!")
    for rule, text in subs:
        for quoted in re.findall(r"“([^”]{1,80})”", text):
            low = quoted.lower()
            if (low.startswith(name.lower()) or first in low) and ("[" in quoted or re.search(r"\bN\b", quoted)):
                return quoted.rstrip(".,"), rule
    return None, None


def parameters(written: str | None) -> list[str]:
    if not written:
        return []
    found: dict[str, int] = {}
    for pattern, kind in PARAM_PATTERNS:
        m = re.search(pattern, written)
        if m and kind not in found:
            found[kind] = m.start()
    return sorted(found, key=found.get)


def read_printed_names(path: Path) -> dict[tuple[str, str], dict[str, str]]:
    """(cr, lang) → the row of ``keyword_names_printed.tsv`` (empty when the file is absent)."""
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as fh:
        return {(row["cr"], row["lang"]): row for row in csv.DictReader(fh, delimiter="\t")}


def build(sources: Path) -> list[dict]:
    rules = read_rules(sources / "mtg-cr-en.txt")
    glossary = read_glossary(sources / "glossary-mtg.tsv")
    printed_names = read_printed_names(PRINTED_NAMES)
    by_rule = {row["cr"]: (key[3:], row) for key, row in glossary.items() if key.startswith("kw:")}
    out = []
    for n in range(2, 189):
        number = f"702.{n}"
        name = rules[number]
        kid, row = by_rule[number]
        if row["en"] != name:
            raise SystemExit(f"glossary en {row['en']!r} != CR heading {name!r} at {number}")
        subs = subrules(rules, number)
        sub_a = rules[number + "a"]
        if n in CURATED_KINDS:
            kind, abilities, kind_rule, stated, note = CURATED_KINDS[n]
        else:
            m = KIND_SENTENCE.match(sub_a)
            if not m:
                raise SystemExit(f"no kind sentence in {number}a and no curated kind: {sub_a[:80]}")
            kind, kind_rule, stated, note = m.group(1), number + "a", True, None
            abilities = ["static"] if kind in ("evasion", "characteristic-defining") else [kind]
        written, written_rule = written_form(n, name, subs)
        params = parameters(written) or EXTRA_PARAMETERS.get(n, [])
        redundant = [(r, t) for r, t in subs if "redundant" in t and "instances" in t]
        instances = [(r, t) for r, t in subs if re.search(r"[Mm]ultiple instances", t)]
        variants = [{"rule": r, "name": v, "written": w} for r, v, w in VARIANTS.get(n, [])]
        names = {"en": name}
        notes = [row["note"]] if row["note"] else []
        for lang in LANGS[1:]:
            names[lang] = row[lang] or None
            found = printed_names.get((number, lang))
            if names[lang] is None and found:
                names[lang] = found["name"]
                notes.append(f"{lang}=PRINTED({found['count']}/{found['total']}, e.g. {found['example_card']} "
                             f"[{found['example_set']}])")
        aliases = {lang: [] for lang in LANGS}
        aliases["en"] += [v["name"] for v in variants if v["name"] not in NOT_ALIASES]
        for lang, items in FOREIGN_ALIASES.get(kid, {}).items():
            aliases[lang] += items
        entry = {
            "id": kid,
            "rule": number,
            "name": name,
            "kind": kind,
            "abilities": abilities,
            "kind_rule": kind_rule,
            "kind_stated": stated,
            "kind_text": kind_sentence(rules[kind_rule]) if stated else None,
            "note": note,
            "redundant": bool(redundant),
            "instances_rule": (redundant or instances or [(None, None)])[0][0],
            "instances_text": (redundant or instances or [(None, None)])[0][1],
            "written": written,
            "written_rule": written_rule,
            "parameters": params,
            "variants": variants,
            "effect": EFFECTS.get(kid),
            "names": names,
            "aliases": aliases,
            "printed": {lang: PRINTED.get(kid, {}).get(lang, []) for lang in LANGS},
            "source_note": "; ".join(notes) or None,
        }
        out.append(entry)
    return out


# --- YAML output: hand-rolled so the file stays compact and diff-friendly (one scalar per line,
# small maps in flow style) without depending on PyYAML's line-wrapping choices.

def scalar(value) -> str:
    import json

    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    # Plain (unquoted) when unambiguous: starts with a letter, no YAML indicators, not a YAML 1.1 bool/null.
    if re.fullmatch(r"[^\W\d_][^:#,\[\]{}\"'\n\\]*", text) and not text.endswith(" ") \
            and text.lower() not in ("null", "true", "false", "yes", "no", "on", "off", "y", "n"):
        return text
    return json.dumps(text, ensure_ascii=False)  # JSON strings are valid YAML double-quoted scalars


def flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def render(entries: list[dict]) -> str:
    lines = [
        "# CR 702 keyword abilities (702.2–702.188), CR effective 2025-09-19.",
        "# GENERATED by tools/build_kb.py from ../shared/kb-sources (mtg-cr-en.txt, glossary-mtg.tsv) —",
        "# edit the script's curated tables, not this file, then re-run it.",
        "#",
        "# Fields: rule = the 702.N heading; kind = the CR's word for the keyword (static, evasion,",
        "# activated, triggered, characteristic-defining, spell; multiple = abilities of different kinds;",
        "# other = no single kind); abilities = the CR 113.3 kinds it represents; kind_rule/kind_text = where",
        "# the CR says so (kind_stated false = inferred, see note); redundant = the CR states that multiple",
        "# instances are redundant (instances_rule/_text quote any 'multiple instances' rule); written =",
        "# the CR's written form, parameters = its placeholders; effect = what a keyword clause contributes",
        "# to classification (classification.md §2); names = de/ja/zh-Hans from glossary-mtg.tsv (null =",
        "# no source, the CLI falls back to English); aliases = other names of the keyword alone (CR variants,",
        "# printed land-specific forms); printed = printed forms with a parameter; source_note = the",
        "# glossary's provenance note for the translated cells.",
        "",
        "version: 1",
        "cr_version: \"2025-09-19\"",
        f"count: {len(entries)}",
        "keywords:",
    ]
    for e in entries:
        lines.append(f"- id: {scalar(e['id'])}")
        for key in ("rule", "name", "kind"):
            lines.append(f"  {key}: {scalar(e[key])}")
        lines.append(f"  abilities: {flow(e['abilities'])}")
        for key in ("kind_rule", "kind_stated", "kind_text", "note", "redundant", "instances_rule",
                    "instances_text", "written", "written_rule"):
            lines.append(f"  {key}: {scalar(e[key])}")
        lines.append(f"  parameters: {flow(e['parameters'])}")
        if e["variants"]:
            lines.append("  variants:")
            for v in e["variants"]:
                lines.append(f"  - {flow(v)}")
        else:
            lines.append("  variants: []")
        lines.append(f"  effect: {flow(e['effect'])}")
        for key in ("names", "aliases", "printed"):
            lines.append(f"  {key}: {flow(e[key])}")
        lines.append(f"  source_note: {scalar(e['source_note'])}")
    return "\n".join(lines) + "\n"


def render_index(sources: Path) -> str:
    numbers = list(read_rules(sources / "mtg-cr-en.txt"))
    for line in (sources / "mtg-cr-en.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\d{3})\. \S", line)  # section headings ("613. Interaction of …")
        if m and m.group(1) not in numbers:
            numbers.append(m.group(1))
    numbers.sort(key=lambda r: [int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]", r)])
    lines = [
        "# Every rule number of the Comprehensive Rules effective 2025-09-19 (sections, rules, subrules).",
        "# GENERATED by tools/build_kb.py from ../shared/kb-sources/mtg-cr-en.txt — do not edit.",
        "# The kb loader checks that each rule the kb cites is listed here.",
        "",
        "version: 1",
        "cr_version: \"2025-09-19\"",
        f"count: {len(numbers)}",
        "rules: >-",
    ]
    # One section per line keeps the file readable and diffs small.
    by_section: dict[str, list[str]] = {}
    for number in numbers:
        by_section.setdefault(number[:3], []).append(number)
    for section in by_section.values():
        lines.append("  " + " ".join(section))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sources", type=Path, default=DEFAULT_SOURCES)
    ap.add_argument("--check", action="store_true", help="compare with the committed file instead of writing")
    args = ap.parse_args(argv)
    outputs = {OUT: render(build(args.sources)), INDEX_OUT: render_index(args.sources)}
    stale = 0
    for path, text in outputs.items():
        name = path.relative_to(ROOT)
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{name} is up to date" if same else f"{name} is stale: run tools/build_kb.py")
            stale += not same
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {name}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
