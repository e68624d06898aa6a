"""Forge card scripts: declared layers of ``S:Mode$ Continuous`` lines (their alignment with Oracle
clauses is :mod:`cardlint.io.forge_align`).  Shared with ``tools/evaluate.py`` (same function names:
:func:`forge_layers`).

Forge's StaticAbility.generateLayer() maps a continuous static's parameters to layers:
GainControl → 2; GainTextOf/ChangeColorWordsTo → 3; AddType/RemoveType/RemoveCardTypes/
RemoveSubTypes/RemoveCreatureTypes/RemoveLandTypes/AddAllCreatureTypes … → 4; SetColor/AddColor → 5;
AddKeyword/AddAbility/AddTrigger/RemoveAllAbilities/RemoveKeyword … → 6; SetPower/SetToughness →
7b (7a with ``CharacteristicDefining$ True``); AddPower/AddToughness → 7c.  Lines whose
``Affected$`` is a player (You, Player, Opponent) are rules effects (613.10), not layers.
"""

from __future__ import annotations

import os
import re

from cardlint.i18n import _
from cardlint.io.document import CardEntry, Declaration, Document

FORGE_LAYER_PARAMS = [
    ("GainControl", "2"),
    ("GainTextOf", "3"), ("ChangeColorWordsTo", "3"), ("AddNames", "3"), ("SetName", "3"),
    ("AddType", "4"), ("RemoveType", "4"), ("RemoveCardTypes", "4"), ("RemoveSubTypes", "4"),
    ("RemoveSuperTypes", "4"), ("RemoveCreatureTypes", "4"), ("RemoveLandTypes", "4"),
    ("RemoveArtifactTypes", "4"), ("RemoveEnchantmentTypes", "4"), ("AddAllCreatureTypes", "4"),
    ("SetColor", "5"), ("AddColor", "5"), ("RemoveColor", "5"),
    ("AddKeyword", "6"), ("AddAbility", "6"), ("AddTrigger", "6"), ("AddStaticAbility", "6"),
    ("AddReplacementEffects", "6"), ("RemoveAllAbilities", "6"), ("RemoveKeyword", "6"),
    ("GainsAbilitiesOf", "6"), ("GainsAbilitiesOfDefined", "6"), ("GainsTriggerAbsOf", "6"),
    ("RemoveNonManaAbilities", "6"), ("RemoveTriggers", "6"), ("CantHaveKeyword", "6"),
    # RemoveIntrinsicAbilities$ is absent on purpose: generateLayer() gives it no layer; Forge removes a
    # land's intrinsic abilities together with its land types in the type layer (CR 305.7).
    ("AddSVar", None),
    # Forge's "hidden" keywords (CARDNAME can't block., Unblockable, UpkeepCost:2, prevention and cost
    # strings) are rules effects: StaticAbility.generateLayer() adds StaticAbilityLayer.RULES for
    # AddHiddenKeyword$, not ABILITIES, so it declares no layer here (CR 613.10, not 613.1f).
    ("AddHiddenKeyword", None),
    ("SetPower", "7b"), ("SetToughness", "7b"),
    ("AddPower", "7c"), ("AddToughness", "7c"),
]
PLAYER_AFFECTED = re.compile(r"^(?:You|Player|Opponent|Player\.\w+|Opponent\.\w+)$")
LAYERS = ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]


def script_params(line: str) -> dict[str, str]:
    params = {}
    body = line.split(":", 1)[1] if ":" in line[:3] else line
    for part in body.split("|"):
        if "$" in part:
            k, v = part.split("$", 1)
            params[k.strip()] = v.strip()
    return params


def forge_layers(line: str, keywords_only: bool = False) -> tuple[set[str], bool, str, str] | None:
    """(layers, cda, affected, description) of one ``S:Mode$ Continuous`` line, or None.

    With ``keywords_only`` (what ``cardlint lint`` uses), ``AddKeyword$`` values that are not
    keyword abilities (Forge's "hidden" keywords such as ``CARDNAME can't block.``,
    ``Unblockable``, ``UpkeepCost:2``, prevention strings: rules effects in CR terms) do not count
    as layer 6."""
    if "Mode$ Continuous" not in line or not line.startswith("S:"):
        return None
    params = script_params(line)
    affected = params.get("Affected", "")
    if PLAYER_AFFECTED.match(affected):
        return None  # effects on players are rules effects (613.10), not layers
    if keywords_only and "AddKeyword" in params and not any(is_keyword_ability(k) for k in params["AddKeyword"].split(" & ")):
        params = {k: v for k, v in params.items() if k != "AddKeyword"}
    layers = set()
    for key, layer in FORGE_LAYER_PARAMS:
        if key in params and layer:
            layers.add(layer)
    if "AddType" in params and "AllCreatureTypes" in params.get("AddType", ""):
        layers.add("4")
    cda = params.get("CharacteristicDefining", "").lower() == "true"
    if cda and "7b" in layers:
        layers.discard("7b")
        layers.add("7a")
    if not layers:
        return None
    return layers, cda, affected, params.get("Description", "")


def is_keyword_ability(value: str) -> bool:
    """Is a Forge ``AddKeyword$`` value a CR 702 keyword ability ("Flying", "Protection from red",
    "Landwalk:Island", "Bushido:1")?"""
    from cardlint.kb import keyword_names

    names = _keyword_names()
    v = value.strip().lower()
    if v.startswith("hidden") or "cardname" in v:
        return False
    head = v.split(":")[0]
    words = head.split()
    return any(" ".join(words[:n]) in names for n in range(len(words), 0, -1))


def _keyword_names():
    global _KW
    if _KW is None:
        from cardlint.kb import keyword_names

        _KW = set(keyword_names("en")) | {"landwalk", "protection", "hexproof from"}
    return _KW


_KW = None


# --- readers ------------------------------------------------------------------------------------
def _entry(name, types, oracle, lines: list[tuple[int, str]], path, line, file=None) -> CardEntry:
    decls = []
    prev: Declaration | None = None
    for lineno, sline in lines:
        got = forge_layers(sline, keywords_only=True)
        if got is None:
            if sline.startswith("S:"):
                prev = None
            continue
        layers, cda, affected, desc = got
        if not desc:
            # a line without Description$ implements more of the previous line's clause
            if prev is not None and prev.text is not None:
                prev.layers |= layers
                prev.cda = prev.cda or cda
            continue
        if desc.upper().startswith("LEVEL "):
            prev = Declaration(text=None)   # level-up P/T boxes are not Oracle clauses; skip its continuations
            continue
        prev = Declaration(text=desc, layers=set(layers), cda=cda, origin=sline, line=lineno)
        decls.append(prev)
    type_line = _forge_type_line(types or "")
    return CardEntry(name=name, text=(oracle or "").replace("\\n", "\n"), type_line=type_line, lang="en",
                     path=path, line=line, declarations=decls, extra={"forge_file": file} if file else {})


def _forge_type_line(types: str) -> str:
    """Forge ``Types:`` ("Legendary Creature Elf Warrior") → a type line with " — "."""
    from cardlint.dependency import CARD_TYPES, SUPERTYPES

    words = types.split()
    head = [w for w in words if w.lower() in CARD_TYPES or w.lower() in SUPERTYPES]
    tail = [w for w in words if w not in head]
    return " ".join(head) + (" — " + " ".join(tail) if tail else "")


def read_forge_jsonl(path: str, records) -> Document:
    """``forge-scripts.jsonl`` rows ``{"name", "file", "types", "oracle", "lines"}``; ``records``
    are :class:`cardlint.io.jsonl.Record`."""
    doc = Document(path=path, kind="forge", is_set=False)
    for rec in records:
        if rec.error:
            doc.errors.append(rec.error)
            continue
        d = rec.data
        if not isinstance(d.get("lines"), list):
            doc.errors.append(f"{path}:{rec.line}:1: " + _("\"lines\" must be a list of script lines"))
            continue
        doc.entries.append(_entry(d.get("name"), d.get("types"), d.get("oracle"),
                                  [(rec.line, str(s)) for s in d["lines"]], path, rec.line, d.get("file")))
    return doc


def is_forge_script(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(400)
    except OSError:
        return False
    return bool(re.match(r"\s*(?:#[^\n]*\n\s*)*Name:", head))   # comment lines may come first


def read_forge_script(path: str) -> Document:
    """One Forge ``cardsfolder`` ``.txt`` script (faces split at ``ALTERNATE``)."""
    doc = Document(path=path, kind="forge", is_set=False)
    from cardlint.errors import InputError
    from cardlint.io.decode import read_text

    try:
        raw = read_text(path)
    except InputError as exc:
        doc.errors.append(str(exc))
        return doc
    face: dict = {"lines": [], "line": 1}
    faces = [face]
    for lineno, text in enumerate(raw.splitlines(), start=1):
        text = text.strip()
        if not text or text.startswith("#"):   # a comment (e.g. "# noqa: CL101")
            continue
        if text == "ALTERNATE":
            face = {"lines": [], "line": lineno + 1}
            faces.append(face)
            continue
        key, sep, value = text.partition(":")
        if not sep:
            doc.errors.append(f"{path}:{lineno}:1: " + _("expected \"Key:Value\" in a Forge script"))
            continue
        if key in ("Name", "Types", "Oracle"):
            face[key] = value.strip()
            if key == "Name":
                face["line"] = lineno
        elif key in ("S", "K", "A", "T", "R", "SVar"):
            face["lines"].append((lineno, text))
    for f in faces:
        if "Name" not in f:
            doc.errors.append(f"{path}:{f['line']}:1: " + _("Forge script face without a Name: line"))
            continue
        doc.entries.append(_entry(f["Name"], f.get("Types"), f.get("Oracle"), f["lines"], path, f["line"],
                                  os.path.basename(path)))
    return doc


def load_oracle(path: str) -> dict[str, dict]:
    """``oracle-en.jsonl`` → {name: record} (to compare Forge scripts with current Oracle text).
    A malformed line stops the run: it names file:line:column."""
    from cardlint.errors import InputError
    from cardlint.io.jsonl import iter_jsonl, validate

    out = {}
    for rec in iter_jsonl(path):
        if rec.blank:
            continue
        validate(rec, "card record", path)
        if rec.error:
            raise InputError(rec.error)
        if not isinstance(rec.data.get("name"), str):
            raise InputError(_("each card needs a \"name\""), path=path, line=rec.line, column=1)
        out[rec.data["name"]] = rec.data
    return out
