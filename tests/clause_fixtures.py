"""The one key set of ``tests/fixtures/<lang>/clauses.yaml`` and its loader.

Every record is a real clause with its expected classification, decided by hand from the
Comprehensive Rules and ``classification.md`` (never copied from the program):

``text`` (the clause), ``name`` (the card's printed name, for self-reference), ``type`` (the printed
type line), ``ability`` and ``effects`` (``[kind, layer, cda]`` triples, one per distinct effect) —
required; ``label`` (the template it stands for), ``en`` / ``en_name`` (the English of the same
printing), ``parsed`` (default ``true``: the grammar must parse the whole clause; ``false`` records a
clause the fallback reads), ``split`` (a printed line that lost its line breaks: several clauses that
together give ``effects``), ``partial`` (``effects`` must be among the clause's effects), ``xfail`` (the
reason the classifier disagrees today: a strict xfail, so a fix shows up) — optional.
"""

from __future__ import annotations

from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: the fixture folder of each card-text language
FOLDERS = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zh"}
ABILITIES = {"spell", "activated", "triggered", "static", "keyword", "reminder"}
KINDS = {"continuous", "rules", "one-shot", "replacement", "prevention"}
LAYERS = {"1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"}
REQUIRED = {"text", "name", "type", "ability", "effects"}
OPTIONAL = {"label", "en", "en_name", "parsed", "split", "partial", "xfail"}


#: further record files of the same keys, per family (read after clauses.yaml when present)
FAMILY_FILES = ("layers.yaml", "coverage.yaml")


def load(lang: str) -> list[dict]:
    folder = FIXTURES / FOLDERS[lang]
    records = yaml.safe_load((folder / "clauses.yaml").read_text(encoding="utf-8"))
    for name in FAMILY_FILES:
        if (folder / name).exists():
            records = records + yaml.safe_load((folder / name).read_text(encoding="utf-8"))
    return records


def effect_keys(effects) -> list[tuple]:
    """(kind, layer, cda) of IR output records or of fixture triples, sorted."""
    out = []
    for e in effects:
        kind, layer, cda = (e["kind"], e["layer"], e["cda"]) if isinstance(e, dict) else e
        out.append((kind, None if layer is None else str(layer), bool(cda)))
    return sorted(out, key=str)


def check_record_shape(clause: dict) -> None:
    """A classified clause as classification.md §2 writes it."""
    assert set(clause) >= {"text", "ability", "parsed", "effects"}
    assert clause["ability"] in ABILITIES
    assert isinstance(clause["parsed"], bool)
    for e in clause["effects"]:
        assert e["kind"] in KINDS
        if e["kind"] == "continuous":
            assert e["layer"] in LAYERS
        else:
            assert e["layer"] is None and e["cda"] is False
        assert isinstance(e["cda"], bool)
        if e["cda"]:
            assert e["kind"] == "continuous" and e["layer"] in {"4", "5", "7a"}
    keys = effect_keys(clause["effects"])
    assert len(keys) == len(set(keys)), "each (kind, layer, cda) must be listed once"
