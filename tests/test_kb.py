"""Knowledge base: files load and validate, every cited rule exists in the CR, names come from the
sources, historical layer numberings map as in classification.md §4, `cardlint kb` prints them, and
malformed kb files are reported with file, key and line (exit 2)."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
try:
    import cardlint  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "src"))

from cardlint.cli import main  # noqa: E402
from cardlint.kb import FILES, clear_cache, load_kb, localized, map_layer, normalize_name  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared"
SOURCES = SHARED / "kb-sources"
KB = ROOT / "kb"
LANGS = ("en", "de", "ja", "zh-Hans")
needs_sources = pytest.mark.skipif(not (SOURCES / "mtg-cr-en.txt").exists(),
                                   reason=f"primary sources not found at {SOURCES} (../shared/kb-sources)")
RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$")


# --- source readers (cached per session) ---------------------------------------------------------

def _rules(name: str) -> dict[str, str]:
    rules: dict[str, str] = {}
    for line in (SOURCES / name).read_text(encoding="utf-8").splitlines():
        m = RULE_LINE.match(line)
        if m:
            rules.setdefault(m.group(1), m.group(2))
    return rules


@pytest.fixture(scope="session")
def cr() -> dict[str, str]:
    return _rules("mtg-cr-en.txt")


@pytest.fixture(scope="session")
def cr2024() -> dict[str, str]:
    return _rules("mtg-cr-en-20240412.txt")


@pytest.fixture(scope="session")
def zhcr() -> dict[str, str]:
    return _rules("mtg-cr-zh-Hans.txt")


def _tsv(name: str) -> dict[str, dict[str, str]]:
    with (SOURCES / name).open(encoding="utf-8", newline="") as fh:
        return {row["key"]: row for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)}


@pytest.fixture(scope="session")
def glossary() -> dict[str, dict[str, str]]:
    return _tsv("glossary-mtg.tsv")


@pytest.fixture(scope="session")
def glossary_ygo() -> dict[str, dict[str, str]]:
    return _tsv("glossary-ygo.tsv")


def _plain(text: str) -> str:
    """Source text without yugioh-wiki / reST markup, for substring checks."""
    return re.sub(r"\[\[([^\]>]*)(?:>[^\]]*)?\]\]", r"\1", text).replace("~", "")


@pytest.fixture(scope="session")
def source_text():
    cache: dict[str, str] = {}

    def read(name: str) -> str:
        if name not in cache:
            path = SHARED / "design" / name if name.endswith(".md") else SOURCES / name
            cache[name] = _plain(path.read_text(encoding="utf-8"))
        return cache[name]

    return read


@pytest.fixture(scope="session")
def kb():
    clear_cache()
    return load_kb(KB)


def run_cli(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- loading and schema ---------------------------------------------------------------------------

def test_every_kb_file_loads_and_validates(monkeypatch):
    monkeypatch.setenv("CARDLINT_KB_CACHE", "0")  # force the YAML + schema path, not the JSON cache
    clear_cache()
    kb = load_kb(KB)
    assert set(kb.docs) == set(FILES)
    for rel in FILES:
        assert (KB / rel).is_file(), rel
    assert len(kb.keywords) == 187
    assert [e["code"] for e in kb.layers] == ["1", "1a", "1b", "2", "3", "4", "5", "6", "7", "7a", "7b", "7c",
                                              "7d", "rules"]
    assert kb.layer_codes() == ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "rules"]
    clear_cache()


def test_warm_load_is_fast():
    clear_cache()
    load_kb(KB)  # fills the disk cache if needed
    clear_cache()
    start = time.perf_counter()
    kb = load_kb(KB)
    kb.keyword_names("en")
    # The classifier loads the keyword list at import; the brief asks for ~50 ms.  Generous bound
    # here so a slow CI machine doesn't flake.
    assert time.perf_counter() - start < 0.25


def test_kb_dir_from_environment(monkeypatch, tmp_path):
    copy = tmp_path / "kb"
    shutil.copytree(KB, copy)
    monkeypatch.setenv("CARDLINT_KB", str(copy))
    clear_cache()
    assert load_kb().root == copy.resolve()
    clear_cache()


# --- rule numbers --------------------------------------------------------------------------------

@needs_sources
def test_every_cited_rule_exists_in_the_cr(kb, cr):
    refs = list(kb.rule_refs())
    assert len(refs) > 500
    missing = [(rel, key, ref) for rel, key, ref in refs if ref not in cr]
    assert not missing, missing[:10]


@needs_sources
def test_layer_rules_are_the_actual_cr_numbers(kb, cr):
    expected = {"1": "613.1a", "1a": "613.2a", "1b": "613.2b", "2": "613.1b", "3": "613.1c", "4": "613.1d",
                "5": "613.1e", "6": "613.1f", "7": "613.1g", "7a": "613.4a", "7b": "613.4b", "7c": "613.4c",
                "7d": "613.4d", "rules": "613.10"}
    for code, rule in expected.items():
        entry = kb.layer(code)
        assert entry["rules"][0] == rule
        if code != "rules":
            assert cr[rule].startswith(f"Layer {code}:"), (code, cr[rule])
            assert entry["description"] in cr[rule]
    for part in kb.layer("rules")["description"].split(" … "):
        assert any(part in cr[r] for r in kb.layer("rules")["rules"]), part


@needs_sources
def test_rule_entries_cover_timestamps_dependency_and_locked_in_set(kb, cr):
    timestamps = kb.rule("timestamps")
    parts = [p["rule"] for p in timestamps["parts"]]
    expected = sorted((r for r in cr if re.fullmatch(r"613\.7[a-z]", r)), key=lambda r: r[-1])
    assert parts == expected and "613.7e" in parts
    dependency = kb.rule("dependency")
    assert [p["rule"] for p in dependency["parts"]] == ["613.8a", "613.8b", "613.8c"]
    assert [c["id"] for c in dependency["criteria"]["criteria"]] == ["same_layer", "changes_first_effect",
                                                                    "cda_parity"]
    ids = {r["id"]: r for r in kb.rules}
    assert ids["effect_spans_layers"]["rules"] == ["613.6"]
    assert ids["players"]["rules"] == ["613.10"] and ids["game_rules"]["rules"] == ["613.11"]
    assert ids["locked_in_set"]["rules"][0] == "611.2c"


# --- keywords ------------------------------------------------------------------------------------

@needs_sources
def test_all_187_keywords_with_cr_headings(kb, cr):
    rules = [k["rule"] for k in kb.keywords]
    assert rules == [f"702.{n}" for n in range(2, 189)]
    for entry in kb.keywords:
        assert entry["name"] == cr[entry["rule"]] == entry["names"]["en"]


@needs_sources
def test_keyword_kinds_and_instances_quote_the_cr(kb, cr):
    for entry in kb.keywords:
        if entry["kind_stated"]:
            assert entry["kind_text"] and entry["kind_text"] in cr[entry["kind_rule"]], entry["id"]
        else:
            assert entry["note"], f"{entry['id']}: an inferred kind needs a note saying why"
        if entry["instances_rule"]:
            assert entry["instances_text"] == cr[entry["instances_rule"]]
        if entry["written"]:
            assert entry["written"] in cr[entry["written_rule"]], entry["id"]
        block = " ".join(v for k, v in cr.items() if k.startswith(entry["rule"]) and
                         re.fullmatch(re.escape(entry["rule"]) + r"[a-z]?", k)).lower()
        for variant in entry["variants"]:
            assert variant["rule"] in cr
            assert (variant["written"] or variant["name"]).lower() in block, variant
    kinds = {k["id"]: k["kind"] for k in kb.keywords}
    assert kinds["flying"] == "evasion" and kinds["landwalk"] == "evasion"
    assert kinds["changeling"] == kinds["devoid"] == "characteristic-defining"
    assert kinds["equip"] == "activated" and kinds["ward"] == "triggered" and kinds["epic"] == "spell"


@needs_sources
def test_redundant_exactly_where_the_cr_says_so(kb, cr):
    stated = {r.rsplit(".", 1)[0] + "." + re.match(r"\d+", r.rsplit(".", 1)[1]).group()
              for r, text in cr.items()
              if r.startswith("702.") and "Multiple instances" in text and "redundant" in text}
    marked = {k["rule"] for k in kb.keywords if k["redundant"]}
    assert marked == stated
    assert len(marked) == 32


def test_keyword_effects_only_changeling_and_devoid(kb):
    with_effect = {k["id"]: k["effect"] for k in kb.keywords if k["effect"]}
    assert with_effect == {"changeling": {"kind": "continuous", "layer": "4", "cda": True},
                           "devoid": {"kind": "continuous", "layer": "5", "cda": True}}


def test_keyword_parameters(kb):
    params = {k["id"]: k["parameters"] for k in kb.keywords}
    assert params["equip"] == ["cost"] and params["protection"] == ["quality"]
    assert params["enchant"] == ["object"] and params["landwalk"] == ["type"]
    assert params["suspend"] == ["number", "cost"] and params["splice"] == ["quality", "cost"]
    assert params["flying"] == [] and params["rampage"] == ["number"]


def _printed_names() -> dict:
    import csv

    with open(ROOT / "kb" / "keyword_names_printed.tsv", encoding="utf-8") as fh:
        return {(r["cr"], r["lang"]): r for r in csv.DictReader(fh, delimiter="\t")}


@needs_sources
def test_keyword_translations_match_the_glossary(kb, glossary):
    """A name is the glossary's cell, or — for an empty cell only — the printed name
    tools/build_keyword_names.py read from the corpora (noted as PRINTED)."""
    rows = {row["cr"]: row for key, row in glossary.items() if key.startswith("kw:")}
    printed = _printed_names()
    counts = {lang: 0 for lang in LANGS[1:]}
    for entry in kb.keywords:
        row = rows[entry["rule"]]
        assert entry["id"] == [k for k, r in glossary.items() if r is row][0][3:]
        for lang in LANGS[1:]:
            found = printed.get((entry["rule"], lang))
            if row[lang]:
                assert entry["names"][lang] == row[lang], (entry["id"], lang)
                assert found is None        # the printed names only fill the glossary's gaps
            else:
                assert entry["names"][lang] == (found["name"] if found else None), (entry["id"], lang)
                assert (f"{lang}=PRINTED(" in (entry["source_note"] or "")) == bool(found)
            counts[lang] += bool(row[lang])
        assert (entry["source_note"] or "").startswith(row["note"] or "")
    # glossary-mtg.tsv as of this kb: every filled cell is used (SOURCES.md explains the gaps)
    assert counts == {"de": sum(bool(r["de"]) for r in rows.values()),
                      "ja": sum(bool(r["ja"]) for r in rows.values()),
                      "zh-Hans": sum(bool(r["zh-Hans"]) for r in rows.values())}


def test_printed_keyword_names_cover_the_corpora_gaps():
    """Keywords printed on the cards of the corpora but missing from the glossary get their names
    (tools/build_keyword_names.py; e.g. Myriade / 無尽, Reitkunst, …tarnung / …渡り)."""
    printed = _printed_names()
    assert {(k, lang) for (k, lang) in printed} >= {("702.116", "de"), ("702.116", "ja"), ("702.31", "de"),
                                                    ("702.14", "de"), ("702.14", "ja"), ("702.5", "de")}
    assert printed[("702.116", "ja")]["name"] == "無尽" and printed[("702.31", "de")]["name"] == "Reitkunst"
    for row in printed.values():
        assert int(row["count"]) >= 1 and int(row["count"]) <= int(row["total"]) and row["example_card"]


@needs_sources
def test_keyword_aliases_and_printed_forms_are_sourced(kb, cr, source_text):
    glossary = source_text("glossary-mtg.tsv")
    cr_text = source_text("mtg-cr-en.txt").lower()
    for entry in kb.keywords:
        for kind in ("aliases", "printed"):
            for lang, items in entry[kind].items():
                for item in items:
                    if lang == "en":
                        assert item.lower() in cr_text or item in glossary, (entry["id"], item)
                    else:
                        assert item in glossary, (entry["id"], lang, item)


def test_keyword_names_lookup(kb):
    de, ja, zh, en = (kb.keyword_names(lang) for lang in ("de", "ja", "zh-Hans", "en"))
    assert en["flying"] == "flying" and en["first strike"] == "first_strike"
    assert en["megamorph"] == "morph" and en["totem armor"] == "umbra_armor" and en["islandwalk"] == "landwalk"
    assert de["fliegend"] == "flying" and de["verursacht trampelschaden"] == "trample"
    assert de[normalize_name("Schutz vor …")] == "protection" and de["inseltarnung"] == "landwalk"
    assert ja["飛行"] == "flying" and ja["島渡り"] == "landwalk"
    assert zh["飞行"] == "flying" and zh["化形"] == "changeling"
    assert kb.keyword("Wandelwicht")["id"] == "changeling"
    assert normalize_name("Doctor’s  Companion") == "doctor's companion"


# --- names of layers, effects and YGO terms: every translation has a source ------------------------

def _named_nodes(value, path=()):
    if isinstance(value, dict):
        for key in ("names", "link_names"):
            if isinstance(value.get(key), dict):
                yield path, key, value
        for k, v in value.items():
            yield from _named_nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _named_nodes(v, path + (i,))


@needs_sources
def test_every_translation_is_sourced(kb, glossary, glossary_ygo, zhcr, source_text):
    checked = 0
    for rel, doc in kb.docs.items():
        if rel == "keywords.yaml":
            continue  # compared cell by cell with the glossary above
        gloss = glossary_ygo if rel.startswith("ygo/") else glossary
        for path, key, node in _named_nodes(doc):
            names = node[key]
            term = node.get("link_term" if key == "link_names" else "term")
            sources = node.get("name_sources", {}) if key == "names" else {}
            for lang in LANGS[1:]:
                value = names.get(lang)
                if not value:
                    continue
                where = (rel, path, lang, value)
                source = sources.get(lang)
                if source is None and term:
                    cell = gloss[term][lang]
                    assert value == cell, where
                elif source is None and "strings_id" in node:
                    conf = {"de": "de-DE", "ja": "ja-JP", "zh-Hans": "zh-CN"}[lang]
                    assert f"!system {node['strings_id']} {value}\n" in source_text(f"ygo-strings-{conf}.conf"), where
                elif source is None:
                    pytest.fail(f"translation without a source: {where}")
                elif source.startswith("term:"):
                    cell = glossary["term:" + source[5:].split()[0]][lang]
                    assert value == cell or value in cell.split(" / "), where
                elif source.startswith("ZHCR "):
                    assert lang == "zh-Hans" and value in zhcr[source.split()[1]], where
                elif source.startswith(("JAWIKI", "DECR-OLD")):
                    assert value in source_text("mtg-terms-ja-de-excerpts.txt"), where
                elif " § " in source:
                    assert value in source_text(source.split(" § ")[0]), where
                else:
                    pytest.fail(f"unknown source code {source!r}: {where}")
                checked += 1
    assert checked > 60


@needs_sources
def test_criteria_quote_the_cr_in_english_and_chinese(kb, cr, cr2024, zhcr):
    for key in ("cda_criteria", "dependency_criteria"):
        group = kb.effects[key]
        rule = group["rule"]
        assert cr[rule] == cr2024[rule], "the zh CR translates the 2024 text; it must be unchanged"
        for crit in group["criteria"]:
            assert crit["text"]["en"] in cr[rule], crit["id"]
            assert crit["text"]["zh-Hans"] in zhcr[rule], crit["id"]
    assert len(kb.effects["cda_criteria"]["criteria"]) == 5
    any_of = [c["id"] for c in kb.effects["dependency_criteria"]["criteria"][1]["any_of"]]
    assert any_of == ["text", "existence", "applies_to", "what_it_does"]


def test_effect_and_ability_kinds_are_the_contract_values(kb):
    assert [k["id"] for k in kb.effects["ability_kinds"]] == ["spell", "activated", "triggered", "static",
                                                               "keyword", "reminder"]
    kinds = {k["id"]: k for k in kb.effects["effect_kinds"]}
    assert list(kinds) == ["continuous", "rules", "one-shot", "replacement", "prevention"]
    assert [k for k, v in kinds.items() if v["layered"]] == ["continuous"]
    assert kinds["one-shot"]["rules"] == ["610.1"] and kinds["replacement"]["rules"] == ["614.1"]


# --- historical numberings (classification.md §4) ------------------------------------------------

M10 = {"1a": ("1",), "1b": ("1",), "2": ("2",), "3": ("3",), "4": ("4",), "5": ("5",), "6": ("6",),
       "7a": ("7a",), "7b": ("7b",), "7c": ("7c", "7d"), "7d": ("7e",), "rules": ("8",)}
OLD = {"1a": ("1",), "1b": ("1",), "2": ("2",), "3": ("3",), "4": ("4",), "5": ("5",), "6": ("5",),
       "7a": ("6a",), "7b": ("6b",), "7c": ("6b", "6c", "6d"), "7d": ("6e",), "rules": ()}


@pytest.mark.parametrize("scheme,table", [("m10", M10), ("2007", OLD), ("current", None)])
def test_map_layer_matches_the_contract_table(kb, scheme, table):
    for code in kb.layer_codes():
        expected = table[code] if table else (code,)
        assert kb.map_layer(code, scheme) == expected, (scheme, code)


def test_map_layer_splits_7c_by_origin(kb):
    assert kb.map_layer("7c", "m10", "counter") == ("7d",)
    assert kb.map_layer("7c", "m10", "static") == kb.map_layer("7c", "m10", "spell") == ("7c",)
    assert kb.map_layer("7c", "2007", "spell") == ("6b",)
    assert kb.map_layer("7c", "2007", "counter") == ("6c",)
    assert kb.map_layer("7c", "2007", "static") == ("6d",)
    assert kb.map_layer("7b", "2007", "static") == ("6b",)  # origin only splits where the scheme does
    assert map_layer("7d", "m10", kb=kb) == ("7e",)
    assert kb.map_layer("7", "2007") == ("6a", "6b", "6c", "6d", "6e")
    with pytest.raises(KeyError):
        kb.map_layer("8", "m10")


def test_layer_names_fall_back_to_english(kb):
    assert kb.layer_name("3", "de") == "Text-verändernde Effekte"
    assert kb.layer_name("2", "de") == "Control-changing effects"
    assert localized(kb.layer("2")["names"], "de") == ("Control-changing effects", True)
    assert kb.layer_name("7c", "ja", scheme="m10").startswith("パワーやタフネス")
    assert kb.layer_name("7d", "zh-Hans") == "交换生物的力量和防御力的效应"


# --- YGO -----------------------------------------------------------------------------------------

@needs_sources
def test_ygo_sources_resolve(kb, source_text):
    cited = 0

    def walk(value):
        nonlocal cited
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and re.fullmatch(r"[\w.-]+\.(txt|rst|conf) § .+", value):
            file, section = value.split(" § ", 1)
            assert (SOURCES / file).is_file(), value
            assert _plain(section) in source_text(file), value
            cited += 1

    for rel, doc in kb.docs.items():
        if rel.startswith("ygo/"):
            walk(doc)
    assert cited > 40


def test_ygo_chain_structure(kb):
    chain = kb.ygo["chain"]
    assert [s["id"] for s in chain["segoc"]["steps"]] == [
        "tributed", "turn_player_mandatory", "opponent_mandatory", "turn_player_optional", "opponent_optional",
        "priority", "responses"]
    assert chain["chain"]["resolution"] == "last_in_first_out"
    cases = {(c["mandatory"], c["timing"]): c["can_miss_timing"] for c in chain["missing_the_timing"]["cases"]}
    assert cases == {(True, None): False, (False, "if"): False, (False, "when"): True}


def test_ygo_spell_speeds_follow_classification(kb):
    types = {t["id"]: t for t in kb.ygo["effect_types"]["types"]}
    assert list(types) == ["ignition", "trigger", "flip", "quick", "continuous", "activation", "spell-continuous",
                           "summon-condition", "restriction"]
    assert {k: t["spell_speed"] for k, t in types.items() if t["card"] == ["monster"]} == {
        "ignition": 1, "trigger": 1, "flip": 1, "quick": 2, "continuous": None, "summon-condition": None}

    def speed(card, subtype, kind):
        for row in kb.ygo["spell_speeds"]["assignments"]:
            if row["card"] in (card, "any") and row["subtype"] in (subtype, "any") and row["type"] == kind:
                return row["spell_speed"]
        raise LookupError((card, subtype, kind))

    assert speed("spell", "quick-play", "activation") == 2
    assert all(speed("spell", s, "activation") == 1 for s in ("normal", "continuous", "field", "equip", "ritual"))
    assert speed("trap", "normal", "activation") == speed("trap", "continuous", "trigger") == 2
    assert speed("trap", "counter", "activation") == 3
    assert speed("monster", "effect", "continuous") is None


@needs_sources
def test_psct_markers_come_from_the_contract_or_sources(kb, source_text):
    corpus = source_text("classification.md") + "".join(
        source_text(f) for f in ("ygo-rules-en.txt", "ygo-rules-ja-excerpts.txt", "ygo-rules-zh-Hans.txt",
                                 "ygo-basic-terms-zh-Hans.rst"))
    corpus = " ".join(corpus.split())  # markdown wraps lines inside quotes
    psct = kb.ygo["psct"]
    for key, value in psct.items():
        if not key.endswith("markers"):
            continue
        groups = [value[t] for t in ("when", "if")] if key == "timing_markers" else [value]
        for group in groups:
            for lang in LANGS:
                for marker in group.get(lang, []):
                    assert marker in corpus, (key, lang, marker)


# --- the `cardlint kb` command -------------------------------------------------------------------

def test_cli_keywords_json_has_187_records(capsys):
    code, out, _ = run_cli(capsys, "kb", "keywords", "--format", "json", "--kb", str(KB))
    assert code == 0
    records = json.loads(out)
    assert len(records) == 187
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", key) for rec in records for key in rec)
    flying = next(r for r in records if r["id"] == "flying")
    assert flying["rule"] == "702.9" and flying["kind"] == "evasion" and flying["redundant"] is True


def test_cli_keywords_localized_with_fallback_marks(capsys):
    code, out, _ = run_cli(capsys, "kb", "keywords", "--lang", "de", "--ui-lang", "de", "--kb", str(KB))
    assert code == 0
    # the footnote is a catalog message: German under --lang de
    assert "Fliegend" in out and "Web-slinging*" in out and "keine Übersetzung (de)" in out
    code, out, _ = run_cli(capsys, "kb", "keywords", "--lang", "de", "--ui-lang", "de", "--format", "json", "--kb", str(KB))
    blitz = next(r for r in json.loads(out) if r["id"] == "blitz")
    assert blitz["name"] == "Blitz" and blitz["name_fallback"] is True


def test_cli_layers_scheme_2007_in_german(capsys):
    code, out, _ = run_cli(capsys, "kb", "layers", "--scheme", "2007", "--lang", "de", "--ui-lang", "de", "--kb", str(KB))
    assert code == 0
    codes = [line.split()[0] for line in out.splitlines()[4:] if line[:1].isdigit()]
    assert codes == ["1", "2", "3", "4", "5", "6a", "6b", "6c", "6d", "6e"]
    assert "Text-verändernde Effekte" in out and "Copy effects*" in out
    assert "7c (Marken)" in out and "7c (" in out and "(counters)" not in out  # localized qualifiers


def test_cli_layers_scheme_m10(capsys):
    code, out, _ = run_cli(capsys, "kb", "layers", "--scheme", "m10", "--format", "json", "--kb", str(KB))
    assert code == 0
    records = {r["code"]: r for r in json.loads(out)}
    assert list(records) == ["1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e", "8"]
    assert "counters" in records["7d"]["name"].lower() and records["7d"]["current"] == ["7c (counters)"]
    assert "switch" in records["7e"]["name"] and records["7e"]["current"] == ["7d"]
    assert records["8"]["informal"] is True


def test_cli_layers_align_wide_characters(capsys):
    from cardlint.commands.kb import width

    code, out, _ = run_cli(capsys, "kb", "layers", "--lang", "zh-Hans", "--ui-lang", "zh-Hans", "--kb", str(KB))
    assert code == 0
    lines = [l for l in out.splitlines() if re.match(r"\s*(\d[a-d]?|rules)\s", l)]
    starts = set()
    for line in lines:
        name = re.split(r"\s{2,}", line.strip())[2]
        starts.add(width(line[:line.index(name)]))
    assert len(starts) == 1, "the Name column must start at the same display column"
    assert "改变操控权的效应" in out and "交换生物的力量和防御力的效应" in out
    assert width("改变") == 4 and width("ab") == 2


@pytest.mark.parametrize("topic", ["effects", "rules", "ygo"])
@pytest.mark.parametrize("lang", LANGS)
def test_cli_other_topics(capsys, topic, lang):
    code, out, _ = run_cli(capsys, "kb", topic, "--lang", lang, "--ui-lang", lang, "--kb", str(KB))
    assert code == 0 and out.strip()
    code, out, _ = run_cli(capsys, "kb", topic, "--lang", lang, "--ui-lang", lang, "--format", "json", "--kb", str(KB))
    assert code == 0 and isinstance(json.loads(out), list)


def test_cli_rules_shows_dependency_criteria(capsys):
    code, out, _ = run_cli(capsys, "kb", "rules", "--lang", "zh-Hans", "--ui-lang", "zh-Hans", "--kb", str(KB))
    assert code == 0
    assert "613.8b" in out and "613.7e" in out and "611.2c" in out
    assert "这两个效应都是或都不是特征定义异能" in out and "时间印记" in out


def test_cli_subprocess(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), CARDLINT_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.run([sys.executable, "-m", "cardlint", "kb", "layers", "--lang", "ja", "--ui-lang", "ja"],
                          capture_output=True, text=True, encoding="utf-8", env=env, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "コントロール変更効果" in proc.stdout and "613.4d" in proc.stdout


# --- malformed input ------------------------------------------------------------------------------

@pytest.fixture
def bad_kb(tmp_path):
    copy = tmp_path / "kb"
    shutil.copytree(KB, copy, ignore=shutil.ignore_patterns("templates", "boards"))
    clear_cache()
    yield copy
    clear_cache()


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` (kept on one line) and return its 1-based line number."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, index) + 1


def _fails(capsys, kb_dir: Path, *expected: str) -> str:
    code, out, err = run_cli(capsys, "kb", "layers", "--kb", str(kb_dir))
    assert code == 2, (out, err)
    for text in expected:
        assert text in err, (text, err)
    return err


def test_malformed_missing_key(capsys, bad_kb):
    line = _edit(bad_kb / "layers.yaml", '    short: control\n', "")
    err = _fails(capsys, bad_kb, "layers.yaml", "[layers[3].short]", "missing key 'short'")
    assert f"layers.yaml:{line - 3}:" in err  # reported at the layer's first line ("- code: ...")


def test_malformed_wrong_type(capsys, bad_kb):
    line = _edit(bad_kb / "keywords.yaml", "  redundant: true\n", "  redundant: yes please\n")
    _fails(capsys, bad_kb, f"keywords.yaml:{line}:", "[keywords[0].redundant]", "expected boolean, got string")


def test_malformed_bad_rule_number(capsys, bad_kb):
    line = _edit(bad_kb / "effects.yaml", 'rules: ["610.1"]', 'rules: ["610.1l"]')
    _fails(capsys, bad_kb, f"effects.yaml:{line}:", "[effect_kinds[2].rules[0]]", "malformed rule number")


def test_rule_number_that_does_not_exist(capsys, bad_kb):
    line = _edit(bad_kb / "layers.yaml", 'rules: ["613.1b"]', 'rules: ["613.1x"]')
    _fails(capsys, bad_kb, f"layers.yaml:{line}:", "[layers[3].rules[0]]", "rule 613.1x does not exist")


def test_without_rule_index_only_the_format_is_checked(bad_kb):
    (bad_kb / "cr_index.yaml").unlink()
    _edit(bad_kb / "layers.yaml", 'rules: ["613.1b"]', 'rules: ["613.1x"]')
    assert load_kb(bad_kb).layer("2")["rules"] == ["613.1x"]


def test_malformed_rule_number_as_float(capsys, bad_kb):
    _edit(bad_kb / "keywords.yaml", 'rule: "702.9"', "rule: 702.9")
    _fails(capsys, bad_kb, "keywords.yaml", "[keywords[7].rule]", "expected rule number (string), got number")


def test_malformed_unknown_layer_reference(capsys, bad_kb):
    _edit(bad_kb / "keywords.yaml", 'effect: {kind: continuous, layer: "4", cda: true}',
          'effect: {kind: continuous, layer: "4x", cda: true}')
    _fails(capsys, bad_kb, "keywords.yaml", "effect.layer]", "unknown layer '4x'")


def test_malformed_yaml_syntax(capsys, bad_kb):
    line = _edit(bad_kb / "ygo/chain.yaml", "  resolution: last_in_first_out", "  resolution: [unclosed")
    _fails(capsys, bad_kb, "chain.yaml:", "invalid YAML")
    assert line > 0


def test_missing_file(capsys, bad_kb):
    (bad_kb / "ygo" / "psct.yaml").unlink()
    _fails(capsys, bad_kb, "psct.yaml", "missing knowledge-base file")


def test_malformed_segoc_order(capsys, bad_kb):
    text = (bad_kb / "ygo/chain.yaml").read_text(encoding="utf-8")
    text = text.replace("- id: turn_player_mandatory", "- id: TMP").replace(
        "- id: opponent_mandatory", "- id: turn_player_mandatory").replace("- id: TMP", "- id: opponent_mandatory")
    (bad_kb / "ygo/chain.yaml").write_text(text, encoding="utf-8")
    _fails(capsys, bad_kb, "chain.yaml", "[segoc.steps]", "steps must be, in order")


# --- the generator -------------------------------------------------------------------------------

@needs_sources
def test_generated_keywords_file_is_up_to_date():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_kb
    finally:
        sys.path.pop(0)
    assert build_kb.render(build_kb.build(SOURCES)) == (KB / "keywords.yaml").read_text(encoding="utf-8"), \
        "kb/keywords.yaml differs from tools/build_kb.py output: re-run the script"
    assert build_kb.render_index(SOURCES) == (KB / "cr_index.yaml").read_text(encoding="utf-8"), \
        "kb/cr_index.yaml differs from tools/build_kb.py output: re-run the script"


@needs_sources
@pytest.mark.skipif(not (ROOT.parent / "shared" / "corpus" / "mtg" / "de.jsonl").exists(), reason="corpora absent")
def test_printed_keyword_names_are_up_to_date():
    """kb/keyword_names_printed.tsv is what tools/build_keyword_names.py reads from the corpora: every
    keyword the glossary leaves unnamed and the cards print alone on a line gets its printed name."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_keyword_names as tool
    finally:
        sys.path.pop(0)
    keywords, gaps = tool.load_keywords(), tool.glossary_gaps()
    rows = [r for lang in tool.LANGS for r in tool.derive(lang, keywords, gaps, tool.CORPUS)]
    assert tool.render(rows) == tool.OUT.read_text(encoding="utf-8"), "re-run tools/build_keyword_names.py"


@needs_sources
def test_rule_index_matches_the_cr(cr):
    import yaml

    index = yaml.safe_load((KB / "cr_index.yaml").read_text(encoding="utf-8"))
    assert set(index["rules"].split()) == set(cr) and index["count"] == len(cr)
