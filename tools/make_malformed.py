"""Write the malformed-input corpus: ``tests/fixtures/malformed/`` with one file per case and
``MANIFEST.jsonl`` saying how to run it and what must happen.

    python tools/make_malformed.py        # rewrites the folder (the files are committed)

Each manifest row: ``{"file", "argv", "expect": "error" | "valid", "line"?, "column"?, "batch"?}``.
``argv`` uses ``{file}`` for the case's path (and ``{dir}`` for the folder).  ``expect: error``:
exit 2 with ``file:line`` (and ``:column`` when the row has one) and a plain sentence;
``batch``: the command writes one JSONL row per input line and the row of line ``line`` carries the
error.  ``expect: valid``: the input is well-formed (a BOM, a date as text, …) and must be accepted.
``tests/test_malformed.py`` runs every row.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "malformed"

BOARD = {
    "objects": [
        {"id": "bears", "name": "Grizzly Bears", "types": ["Creature"], "subtypes": ["Bear"], "colors": ["G"],
         "mana_value": 2, "power": 2, "toughness": 2, "timestamp": 1},
        {"id": "anthem", "name": "Glorious Anthem", "types": ["Enchantment"], "mana_value": 3,
         "text": "Creatures you control get +1/+1.", "timestamp": 2},
        {"id": "rancor", "name": "Rancor", "types": ["Enchantment"], "subtypes": ["Aura"], "colors": ["G"],
         "text": "Enchanted creature gets +2/+0 and has trample.", "attached_to": "bears", "timestamp": 4},
    ],
    "effects": [
        {"text": "Target creature gets +3/+3 until end of turn.", "targets": ["bears"], "timestamp": 3},
    ],
}
CHAIN = {
    "turn_player": "A", "phase": "main1", "event": "A Normal Summons a monster", "lang": "en",
    "triggers": [
        {"card": "Sangan", "controller": "A",
         "text": "If this card is sent from the field to the GY: Add 1 monster with 1500 or less ATK from your Deck to your hand."},
        {"card": "Zaborg", "controller": "A",
         "text": "When this card is Tribute Summoned: Target 1 monster on the field; destroy that target."},
    ],
}
TEMPLATES = {
    "family": "anthem",
    "templates": [
        {"id": "anthem.demo", "type": "Enchantment",
         "declared": {"ability": "static", "effects": [{"kind": "continuous", "layer": "7c", "cda": False}]},
         "text": {"en": "Creatures you control get +1/+1."}},
    ],
}
CARD_OK = {"name": "Grizzly Bears", "text": "Flying", "type": "Creature — Bear"}
PAIR_OK = {"name": "Glorious Anthem", "text": "Kreaturen, die du kontrollierst, erhalten +1/+1.",
           "en_text": "Creatures you control get +1/+1."}

rows: list[dict] = []


def dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)


def write(rel: str, content: str | bytes) -> Path:
    p = OUT / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return p


def case(rel: str, content, argv: list[str], expect: str = "error", line: int | None = None,
         column: int | None = None, batch: bool = False) -> None:
    write(rel, content)
    row = {"file": rel, "argv": argv, "expect": expect}
    if line is not None:
        row["line"] = line
    if column is not None:
        row["column"] = column
    if batch:
        row["batch"] = True
    rows.append(row)


def line_of(text: str, needle: str) -> int:
    for i, ln in enumerate(text.splitlines(), 1):
        if needle in ln:
            return i
    raise ValueError(needle)


# ------------------------------------------------------------------ YAML-level problems (any YAML format)

def yaml_cases(prefix: str, base: dict, argvs: list[list[str]], ext: str = ".yaml") -> None:
    good = dump(base)
    lines = good.splitlines()
    sets = {
        "syntax-tab": (lines[0] + "\n\tbad: 1\n" + "\n".join(lines[1:]) + "\n", 2),
        "syntax-unclosed-quote": (good + 'extra: "unclosed\n', None),
        "syntax-bad-indent": (lines[0] + "\n" + "   " + lines[1] + "\n" + "\n".join(lines[2:]) + "\n", None),
        "syntax-unclosed-flow": (good + "extra: [1, 2\n", None),
        "bad-utf8-line3": ("\n".join(lines[:2]) + "\n" + lines[2] + " \udcff\n" + "\n".join(lines[3:]) + "\n", 3),
        "control-char": ("\n".join(lines[:1]) + "\n" + lines[1] + "\x07\n" + "\n".join(lines[2:]) + "\n", 2),
        "tag-python": (good + "extra: !!python/object/apply:os.system [echo hi]\n", None),
        "tag-custom": (good + "extra: !secret x\n", None),
        "tag-set": (good + "extra: !!set {a, b}\n", None),
        "tag-binary": (good + "extra: !!binary aGVsbG8=\n", None),
        "alias-recursive": (good + "extra: &loop [*loop]\n", None),
        "alias-bomb": (good + "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                       "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                       "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n", None),
        "merge-key": (good + "base: &b {x: 1}\nother:\n  <<: *b\n", None),
        "duplicate-top-key": (good + lines[0] + "\n", None),
        "unhashable-key": (good + "? [a, b]\n: 1\n", None),
        "flow-map-key": (good + "{x: 1}: 2\n", None),
        "deep-nesting": (good + "extra: " + "[" * 3000 + "]" * 3000 + "\n", None),
        "deep-block-nesting": (good + "extra:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 90)) + "  " * 90 + "v: 1\n", None),
        "surrogate-escape": (good + 'extra: "\\udc80"\n', None),
        "top-level-list": ("- 1\n- 2\n", None),
        "top-level-scalar": ("just text\n", None),
        "empty": ("", None),
        "only-comment": ("# nothing here\n", None),
        "null-document": ("~\n", None),
        "two-documents": (good + "---\n" + good, None),
        "huge-int": (good + "extra: " + "9" * 5000 + "\n", None),
        "nul-byte": (good + "extra: a\x00b\n", None),
    }
    for name, (text, line) in sets.items():
        content = text.encode("utf-8", "surrogateescape")
        rel = f"{prefix}/{name}{ext}"
        write(rel, content)
        for argv in argvs:
            row = {"file": rel, "argv": argv, "expect": "error"}
            if line is not None:
                row["line"] = line
            rows.append(row)
    # a BOM is accepted
    case(f"{prefix}/bom{ext}", "\ufeff" + good, argvs[0], expect="valid")


def board_cases() -> None:
    argvs = [["explain", "{file}", "--format", "json"], ["lint", "{file}", "--isolated", "--format", "json"]]
    yaml_cases("board", BOARD, argvs)
    bad_values = {
        "id": [[1, 2], None], "name": [5, {"a": 1}], "types": [{"a": 1}, 5.5], "subtypes": [{"a": 1}],
        "supertypes": [[[1]]], "colors": [["P"], "green"], "mana_value": ["two", [1]], "mana_cost": [[1]],
        "power": ["two", ".inf"], "toughness": [[1], ".nan"], "loyalty": ["x"], "text": [5, ["a"]],
        "controller": [[1], {"a": 1}], "owner": [[1]], "timestamp": ["soon", None], "counters": [{"+1/+1": "lots"}, [1]],
        "attached_to": [["bears"], {"a": 1}], "attached_at": ["x"], "choices": [[1], "U"], "tapped": ["yes please", 3],
        "token": [5], "zone": ["moon", 3], "entered": ["x"],
    }
    for key, values in bad_values.items():
        for n, value in enumerate(values):
            data = json.loads(json.dumps(BOARD))
            obj = data["objects"][0]
            obj[key] = value
            text = dump(data)
            if value in (".inf", ".nan"):
                text = text.replace(f"{key}: '{value}'", f"{key}: {value}")
            case(f"board/object-{key}-{n}.yaml", text, argvs[n % 2], line=line_of(text, f"{key}:"))
    for key, value in {"text": 5, "timestamp": "x", "targets": {"a": 1}, "controller": [1], "choices": [1],
                       "ended": "perhaps", "source": [1], "id": [1], "name": {"a": 1}}.items():
        data = json.loads(json.dumps(BOARD))
        data["effects"][0][key] = value
        text = dump(data)
        after = line_of(text, "effects:")
        line = after + line_of("\n".join(text.splitlines()[after:]), f"{key}:")
        case(f"board/effect-{key}.yaml", text, argvs[0], line=line)
    for where, edit in {
        "unknown-top-key": lambda d: d.update(colour="G"),
        "unknown-object-key": lambda d: d["objects"][0].update(colour="G"),
        "unknown-effect-key": lambda d: d["effects"][0].update(duration="eot"),
        "missing-objects": lambda d: d.pop("objects"),
        "objects-not-list": lambda d: d.update(objects={"bears": 1}),
        "effects-not-list": lambda d: d.update(effects="all"),
        "object-not-mapping": lambda d: d["objects"].append("bears"),
        "effect-not-mapping": lambda d: d["effects"].append(["x"]),
        "missing-id": lambda d: d["objects"][0].pop("id"),
        "missing-name": lambda d: d["objects"][0].pop("name"),
        "missing-timestamp": lambda d: d["objects"][0].pop("timestamp"),
        "missing-effect-text": lambda d: d["effects"][0].pop("text"),
        "missing-effect-timestamp": lambda d: d["effects"][0].pop("timestamp"),
        "duplicate-id": lambda d: d["objects"][1].update(id="bears"),
        "attached-self": lambda d: d["objects"][2].update(attached_to="rancor"),
        "attached-cycle-2": lambda d: (d["objects"][0].update(attached_to="rancor")),
        "attached-cycle-3": lambda d: (d["objects"][0].update(attached_to="anthem"), d["objects"][1].update(attached_to="rancor")),
        "attached-unknown": lambda d: d["objects"][2].update(attached_to="nobody"),
        "unknown-target": lambda d: d["effects"][0].update(targets=["nobody"]),
        "unknown-controller": lambda d: d["objects"][0].update(controller="mallory"),
        "scheme-1999": lambda d: d.update(scheme="1999"),
        "scheme-int": lambda d: d.update(scheme=1999),
        "lang-xx": lambda d: d.update(lang="xx"),
        "players-not-list": lambda d: d.update(players="you"),
        "expect-list": lambda d: d.update(expect=[1, 2]),
        "variants-bad": lambda d: d.update(variants=[{"name": "v", "nonsense": 1}]),
        "history-scalar": lambda d: d.update(history=5),
        "counter-spec-bad": lambda d: d["objects"][0].update(counters={"+1/+1": {"count": "x"}}),
        "counter-spec-unknown": lambda d: d["objects"][0].update(counters={"+1/+1": {"amount": 1}}),
    }.items():
        data = json.loads(json.dumps(BOARD))
        edit(data)
        case(f"board/{where}.yaml", dump(data), argvs[0])
    case("board/valid-date-name.yaml", dump(BOARD) + "description: 2024-01-01\n", argvs[0], expect="valid")
    # a contract-shaped board with an effect whose source is a resolved spell (issue 20 makes it explain)
    rows.append({"file": "board/missing.yaml", "argv": ["explain", "{dir}/board/does-not-exist.yaml"], "expect": "error"})


def chain_cases() -> None:
    argvs = [["chain", "{file}", "--format", "json"]]
    yaml_cases("chain", CHAIN, argvs)
    for where, edit in {
        "missing-turn-player": lambda d: d.pop("turn_player"),
        "turn-player-c": lambda d: d.update(turn_player="C"),
        "turn-player-list": lambda d: d.update(turn_player=["A"]),
        "phase-bad": lambda d: d.update(phase="lunch"),
        "lang-xx": lambda d: d.update(lang="xx"),
        "lang-list": lambda d: d.update(lang=["en"]),
        "event-map": lambda d: d.update(event={"a": 1}),
        "triggers-map": lambda d: d.update(triggers={"a": 1}),
        "trigger-scalar": lambda d: d["triggers"].append("Sangan"),
        "trigger-no-card": lambda d: d["triggers"][0].pop("card"),
        "trigger-no-text": lambda d: d["triggers"][0].pop("text"),
        "trigger-no-controller": lambda d: d["triggers"][0].pop("controller"),
        "trigger-controller-c": lambda d: d["triggers"][0].update(controller="C"),
        "trigger-text-number": lambda d: d["triggers"][0].update(text=5),
        "trigger-text-list": lambda d: d["triggers"][0].update(text=["a"]),
        "trigger-tributed-maybe": lambda d: d["triggers"][0].update(tributed="maybe"),
        "trigger-unknown-key": lambda d: d["triggers"][0].update(speed=2),
        "unknown-top-key": lambda d: d.update(chain_link=1),
        "activations-scalar": lambda d: d.update(activations="none"),
        "responses-bad-entry": lambda d: d.update(responses=[{"card": "X"}]),
        "card-list": lambda d: d["triggers"][0].update(card=["a"]),
        "type-number": lambda d: d["triggers"][0].update(type=5),
    }.items():
        data = json.loads(json.dumps(CHAIN))
        edit(data)
        case(f"chain/{where}.yaml", dump(data), argvs[0])
    rows.append({"file": "chain/missing.yaml", "argv": ["chain", "{dir}/chain/does-not-exist.yaml"], "expect": "error"})


def template_cases() -> None:
    argv = ["lint", "{file}", "--isolated", "--format", "json"]
    for where, edit in {
        "templates-map": lambda d: d.update(templates={"a": 1}),
        "template-scalar": lambda d: d["templates"].append("x"),
        "no-id": lambda d: d["templates"][0].pop("id"),
        "text-scalar": lambda d: d["templates"][0].update(text="Creatures you control get +1/+1."),
        "text-number": lambda d: d["templates"][0]["text"].update(en=5),
        "unknown-language": lambda d: d["templates"][0]["text"].update(xx="?"),
        "declared-number": lambda d: d["templates"][0].update(declared=5),
        "declared-bad-ability": lambda d: d["templates"][0]["declared"].update(ability="magic"),
        "declared-bad-layer": lambda d: d["templates"][0]["declared"]["effects"][0].update(layer="9z"),
        "declared-bad-kind": lambda d: d["templates"][0]["declared"]["effects"][0].update(kind="sorcery"),
        "declared-effects-map": lambda d: d["templates"][0]["declared"].update(effects={"a": 1}),
        "pending-number": lambda d: d["templates"][0].update(pending=5),
        "pending-bad-lang": lambda d: d["templates"][0].update(pending=["xx"]),
        "unknown-key": lambda d: d["templates"][0].update(colour="G"),
        "unknown-top-key": lambda d: d.update(colour="G"),
        "duplicate-id": lambda d: d["templates"].append(json.loads(json.dumps(d["templates"][0]))),
        "type-list": lambda d: d["templates"][0].update(type=["Enchantment"]),
        "cr-map": lambda d: d["templates"][0].update(cr={"a": 1}),
    }.items():
        data = json.loads(json.dumps(TEMPLATES))
        edit(data)
        case(f"templates/{where}.yaml", dump(data), argv)
    case("templates/tag.yaml", dump(TEMPLATES) + "extra: !!python/name:os.system\n", argv)
    case("templates/alias-recursive.yaml", dump(TEMPLATES) + "extra: &x {a: *x}\n", argv)


# ------------------------------------------------------------------ JSONL records

def jsonl_cases(prefix: str, ok: dict, fmt_keys: dict, argvs: list[list[str]]) -> None:
    """Three-line files: a good line, the bad line 2, a good line."""
    good = json.dumps(ok, ensure_ascii=False)
    bad_lines: dict[str, tuple[bytes, int | None]] = {
        "bad-utf8": (good[:-1].encode() + b', "x\xff": 1}', None),
        "lone-surrogate": (good[:-1].encode() + b', "name": "\\udc80"}', None),
        "lone-surrogate-text": (json.dumps({**ok, "text": "abc\\udfff"}).replace("\\\\udfff", "\\udfff").encode(), None),
        "raw-surrogate-bytes": (json.dumps({**ok, "text": "x\ud800"}, ensure_ascii=False).encode("utf-8", "surrogatepass"), None),
        "huge-int": (b'{"name": "X", "text": ' + b"9" * 5000 + b"}", None),
        "deep-nesting": (b"[" * 5000 + b"]" * 5000, None),
        "deep-in-object": (json.dumps(ok)[:-1].encode() + b', "declared": ' + b"[" * 200 + b"]" * 200 + b"}", None),
        "nan": (json.dumps(ok)[:-1].encode() + b', "x": NaN}', None),
        "infinity": (json.dumps(ok)[:-1].encode() + b', "x": -Infinity}', None),
        "float-overflow": (json.dumps(ok)[:-1].encode() + b', "x": 1e999}', None),
        "duplicate-key": (json.dumps(ok)[:-1].encode() + b', "text": "again"}', None),
        "array": (b'["not", "an", "object"]', None),
        "number": (b"42", None),
        "null": (b"null", None),
        "string": (b'"Flying"', None),
        "truncated": (good.encode()[: len(good) // 2], None),
        "trailing-garbage": (good.encode() + b" xyz", None),
        "single-quotes": (good.replace('"', "'").encode(), None),
        "unquoted-key": (b"{name: 1}", None),
        "trailing-comma": (good[:-1].encode() + b",}", None),
        "bom-mid-file": (b"\xef\xbb\xbf" + good.encode(), None),
        "control-in-string": (json.dumps(ok)[:-2].encode() + b'\x01"}', None),
        "blank": (b"", None),
        "whitespace": (b"   \t", None),
        "unknown-key": (json.dumps({**ok, "colour": "G"}).encode(), None),
    }
    for key, bad in fmt_keys.items():
        bad_lines[f"key-{key}"] = (json.dumps({**ok, key: bad}, ensure_ascii=False).encode(), None)
    for name, (line2, _) in bad_lines.items():
        content = good.encode() + b"\n" + line2 + b"\n" + good.encode() + b"\n"
        rel = f"{prefix}/{name}.jsonl"
        write(rel, content)
        for argv in argvs:
            if argv[0] == "lint" and name in ("blank", "whitespace"):   # lint skips blank lines
                rows.append({"file": rel, "argv": argv, "expect": "valid"})
                continue
            rows.append({"file": rel, "argv": argv, "expect": "error", "line": 2, "column": True,
                         "batch": "--input" in argv and argv[0] != "summary"})
    case(f"{prefix}/bom-first-line.jsonl", b"\xef\xbb\xbf" + good.encode() + b"\n" + good.encode() + b"\n",
         argvs[0], expect="valid")
    case(f"{prefix}/crlf.jsonl", good.encode() + b"\r\n" + good.encode() + b"\r\n", argvs[0], expect="valid")
    case(f"{prefix}/no-final-newline.jsonl", good.encode() + b"\n" + good.encode(), argvs[0], expect="valid")
    case(f"{prefix}/u2028-in-text.jsonl", json.dumps({**ok, "text": ok["text"] + "\u2028"}, ensure_ascii=False).encode() + b"\n",
         argvs[0], expect="valid")


def card_cases() -> None:
    jsonl_cases("cards", CARD_OK, {
        "name": 5, "text": ["Flying"], "type": {"a": 1}, "tname": 3, "lang": "xx", "game": "chess",
        "declared": 5, "pendulum_text": [1],
    }, [["classify", "--input", "{file}", "--format", "jsonl"], ["lint", "{file}", "--isolated", "--format", "json"],
        ["summary", "--input", "{file}"]])
    for name, decl in {"declared-bad-ability": {"ability": "magic"},
                       "declared-bad-layer": {"ability": "static", "effects": [{"kind": "continuous", "layer": "8z"}]},
                       "declared-bad-clause": ["x"]}.items():
        content = json.dumps({**CARD_OK, "declared": decl}).encode() + b"\n"
        case(f"cards/{name}.jsonl", content, ["lint", "{file}", "--isolated", "--format", "json"], line=1)
    rows.append({"file": "cards/missing.jsonl", "argv": ["classify", "--input", "{dir}/cards/does-not-exist.jsonl"],
                 "expect": "error"})
    rows.append({"file": "cards/folder", "argv": ["classify", "--input", "{dir}/cards"], "expect": "error"})


def translation_cases() -> None:
    jsonl_cases("translations", PAIR_OK, {
        "text": 5, "en_text": ["x"], "name": [1], "tname": 5, "type": 1, "en_type": [1], "en_printed_text": 5,
    }, [["check-translation", "--input", "{file}", "--lang", "de", "--format", "jsonl"]])
    for name, row in {"missing-text": {"name": "X", "en_text": "Flying"},
                      "missing-en-text": {"name": "X", "text": "Fliegend"}}.items():
        case(f"translations/{name}.jsonl", json.dumps(row).encode() + b"\n",
             ["check-translation", "--input", "{file}", "--lang", "de", "--format", "jsonl"], line=1, batch=True)


def forge_cases() -> None:
    argv = ["lint", "{file}", "--isolated", "--format", "json"]
    ok = {"name": "Glorious Anthem", "file": "glorious_anthem.txt", "types": "Enchantment",
          "oracle": "Creatures you control get +1/+1.",
          "lines": ["S:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ 1 | AddToughness$ 1"]}
    for name, edit in {"oracle-number": {"oracle": 5}, "lines-string": {"lines": "S:Mode$ Continuous"},
                       "lines-numbers": {"lines": [1, 2]}, "name-number": {"name": 5}, "types-list": {"types": ["x"]},
                       "unknown-key": {"rarity": "rare"}}.items():
        content = json.dumps(ok).encode() + b"\n" + json.dumps({**ok, **edit}).encode() + b"\n"
        case(f"forge/{name}.jsonl", content, argv, line=2)
    script = "Name:Glorious Anthem\nManaCost:1 W W\nTypes:Enchantment\nS:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ 1 | AddToughness$ 1\nOracle:Creatures you control get +1/+1.\n"
    case("forge/script-bad-utf8.txt", script.encode()[:40] + b"\xff" + script.encode()[40:], argv,
         line=script[:40].count("\n") + 1)
    case("forge/script-no-colon.txt", script + "this line has no key\n", argv, line=6)
    case("forge/script-alternate-no-name.txt", script + "ALTERNATE\nTypes:Creature\n", argv, line=7)
    case("forge/script-ok.txt", script, argv, expect="valid")


def json_cases() -> None:
    argv = ["lint", "{file}", "--isolated", "--format", "json"]
    ok = {"meta": {"version": "5"}, "data": {"cards": [{"name": "Glorious Anthem", "text": "Creatures you control get +1/+1.",
                                                         "type": "Enchantment"}]}}
    text = json.dumps(ok, indent=2)
    for name, content, line in (
            ("bad-json", text.replace('"data"', "data"), None), ("nan", text.replace('"5"', "NaN"), 3),
            ("deep", '{"data": ' + "[" * 5000 + "]" * 5000 + "}", None), ("bad-utf8-line4", text.encode()[:60] + b"\xfe" + text.encode()[60:], None),
            ("duplicate-key", text.replace('"meta": {', '"meta": {"version": "4", '), None), ("huge-int", text.replace('"5"', "9" * 5000), None),
            ("truncated", text[: len(text) // 2], None), ("not-mtgjson", '{"hello": "world"}', 1)):
        case(f"mtgjson/{name}.json", content, argv, line=line)
    for name, content in (("bad-json", text.replace('"data"', "data")), ("deep", "[" * 5000 + "]" * 5000)):
        case(f"mtgjson/pairs-{name}.json", content,
             ["check-translation", "--input", "{file}", "--input-format", "mtgjson", "--lang", "de", "--format", "jsonl"])
    case("mtgjson/ok.json", text, argv, expect="valid")


def config_cases() -> None:
    card = OUT / "cards" / "crlf.jsonl"
    argv = ["lint", "{dir}/cards/crlf.jsonl", "--config", "{file}", "--format", "json"]
    assert card.exists()
    for name, body in {
        "syntax": "[tool.cardlint\nselect = [\"CL\"]\n",
        "select-string": "[tool.cardlint]\nselect = \"CL\"\n",
        "select-numbers": "[tool.cardlint]\nselect = [1, 2]\n",
        "max-set-size-text": "[tool.cardlint]\nmax-set-size = \"many\"\n",
        "max-set-size-zero": "[tool.cardlint]\nmax-set-size = 0\n",
        "lang-xx": "[tool.cardlint]\nlang = \"xx\"\n",
        "unknown-key": "[tool.cardlint]\nselct = [\"CL\"]\n",
        "duplicate-key": "[tool.cardlint]\nselect = [\"CL\"]\nselect = [\"CL1\"]\n",
        "bad-value": "[tool.cardlint]\nselect = [CL]\n",
        "cardlint-not-table": "[tool]\ncardlint = 5\n",
    }.items():
        case(f"config/{name}.toml", body, argv)
    case("config/bad-utf8.toml", b"[tool.cardlint]\nselect = [\"CL\"]\nignore = [\"\xff\"]\n", argv, line=3)
    case("config/ok.toml", "[tool.cardlint]\nselect = [\"CL\"]\nmax-set-size = 10\n", argv, expect="valid")


def decklist_cases() -> None:
    argv = ["lint", "{file}", "--isolated", "--cards", "{dir}/cards/crlf.jsonl", "--format", "json"]
    case("decklist/unknown-card.dec", "4 Grizzly Bears\n2 No Such Card\n", argv, line=2)
    case("decklist/bad-line.dec", "4 Grizzly Bears\nfour bears\n", argv, line=2)
    case("decklist/bad-utf8.dec", b"4 Grizzly Bears\n4 Bad \xff Card\n", argv, line=2)
    case("decklist/no-cards.dec", "4 Grizzly Bears\n", ["lint", "{file}", "--isolated", "--format", "json"], line=1)
    rows.append({"file": "decklist/missing-cards", "argv": ["lint", "{dir}/decklist/bad-line.dec", "--isolated", "--cards",
                                                            "{dir}/cards/does-not-exist.jsonl"], "expect": "error"})
    case("decklist/bad-cards-file.dec", "4 Grizzly Bears\n",
         ["lint", "{file}", "--isolated", "--cards", "{dir}/cards/huge-int.jsonl"], line=2)
    rows[-1]["where"] = "cards/huge-int.jsonl"      # the error is in the --cards file


def main() -> int:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    board_cases()
    chain_cases()
    template_cases()
    card_cases()
    translation_cases()
    forge_cases()
    json_cases()
    config_cases()
    decklist_cases()
    with open(OUT / "MANIFEST.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    files = sum(1 for p in OUT.rglob("*") if p.is_file() and p.name != "MANIFEST.jsonl")
    print(f"{files} files, {len(rows)} runs in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
