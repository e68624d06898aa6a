"""A small hand-written schema language for the kb/ YAML files (no jsonschema at runtime).

A schema is a tree of :class:`Node` objects; :func:`check` walks a loaded document and returns every
problem as ``(path, message)``, where ``path`` is a tuple of mapping keys and list indices.  The
loader turns the first problem into a :class:`~cardlint.errors.KbError` naming the file, the dotted
key and — looked up from the YAML node marks — the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from cardlint.i18n import _

Path_ = tuple  # (key | index, ...)
Problem = tuple[Path_, str]

LANGS = ("en", "de", "ja", "zh-Hans")

#: A CR rule number: section ("613"), rule ("613.1", "613.10") or subrule ("613.1a").  Subrule letters
#: skip "l" and "o" (CR introduction), so "613.7l" is malformed.
RULE_RE = re.compile(r"[1-9]\d{2}(?:\.\d+[a-km-np-z]?)?")
#: A YGO source citation: "<file in kb-sources> § <section heading>".
SOURCE_RE = re.compile(r"[\w.-]+\.(?:txt|rst|conf|tsv|md) § \S.*")
ID_RE = re.compile(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*")


class Node:
    nullable = False

    def check(self, value: Any, path: Path_, out: list[Problem]) -> None:  # pragma: no cover
        raise NotImplementedError

    def describe(self) -> str:
        return type(self).__name__.lower()


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "list",
            dict: "mapping"}.get(type(value), type(value).__name__)


@dataclass
class Scalar(Node):
    types: tuple
    label: str
    nullable: bool = False
    pattern: re.Pattern | None = None
    pattern_label: str = ""
    choices: tuple | None = None

    def check(self, value, path, out):
        if value is None:
            if not self.nullable:
                out.append((path, _("expected {what}, got null").format(what=self.label)))
            return
        # bool is an int subclass: never accept it where a number is meant, nor a number for a bool.
        if not isinstance(value, self.types) or (isinstance(value, bool) and bool not in self.types):
            out.append((path, _("expected {what}, got {got}").format(what=self.label, got=_type_name(value))))
            return
        if self.pattern is not None and not self.pattern.fullmatch(str(value)):
            out.append((path, _("malformed {what}: {value!r}").format(what=self.pattern_label or self.label,
                                                                      value=value)))
        if self.choices is not None and value not in self.choices:
            out.append((path, _("{value!r} is not one of {choices}").format(
                value=value, choices=", ".join(map(str, self.choices)))))

    def describe(self):
        return self.label


def Str(nullable=False, choices=None) -> Scalar:
    return Scalar((str,), "string", nullable, choices=tuple(choices) if choices else None)


def Bool(nullable=False) -> Scalar:
    return Scalar((bool,), "boolean", nullable)


def Int(nullable=False, choices=None) -> Scalar:
    return Scalar((int,), "integer", nullable, choices=tuple(choices) if choices else None)


def Rule(nullable=False) -> Scalar:
    return Scalar((str,), "rule number (string)", nullable, RULE_RE, "rule number")


def Id(nullable=False) -> Scalar:
    return Scalar((str,), "id", nullable, ID_RE, "id")


def Source() -> Scalar:
    return Scalar((str,), "source citation", False, SOURCE_RE, "source citation ('<file> § <section>')")


@dataclass
class Seq(Node):
    item: Node
    min_len: int = 0
    nullable: bool = False
    unique: bool = False

    def check(self, value, path, out):
        if value is None and self.nullable:
            return
        if not isinstance(value, list):
            out.append((path, _("expected a list, got {got}").format(got=_type_name(value))))
            return
        if len(value) < self.min_len:
            out.append((path, _("expected at least {n} item(s)").format(n=self.min_len)))
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), out)
        if self.unique:
            seen = set()
            for i, item in enumerate(value):
                key = repr(item)
                if key in seen:
                    out.append((path + (i,), _("duplicate value {value!r}").format(value=item)))
                seen.add(key)


@dataclass
class Map(Node):
    """A mapping with known keys.  ``fields`` maps key -> schema; keys in ``optional`` may be absent."""

    fields: dict[str, Node]
    optional: frozenset = frozenset()
    extra: bool = False
    nullable: bool = False

    def check(self, value, path, out):
        if value is None and self.nullable:
            return
        if not isinstance(value, dict):
            out.append((path, _("expected a mapping, got {got}").format(got=_type_name(value))))
            return
        for key, node in self.fields.items():
            if key not in value:
                if key not in self.optional:
                    out.append((path + (key,), _("missing key {key!r}").format(key=key)))
                continue
            node.check(value[key], path + (key,), out)
        if not self.extra:
            for key in value:
                if key not in self.fields:
                    out.append((path + (key,), _("unknown key {key!r}").format(key=key)))


@dataclass
class DictOf(Node):
    """A mapping with free keys (checked by ``key``) and uniform values."""

    key: Node
    value: Node
    nullable: bool = False

    def check(self, value, path, out):
        if value is None and self.nullable:
            return
        if not isinstance(value, dict):
            out.append((path, _("expected a mapping, got {got}").format(got=_type_name(value))))
            return
        for k, v in value.items():
            self.key.check(k, path + (k,), out)
            self.value.check(v, path + (k,), out)


@dataclass
class AnyOf(Node):
    options: tuple
    label: str = ""

    def check(self, value, path, out):
        for option in self.options:
            trial: list[Problem] = []
            option.check(value, path, trial)
            if not trial:
                return
        out.append((path, _("expected {what}, got {got}").format(
            what=self.label or " or ".join(o.describe() for o in self.options), got=_type_name(value))))


@dataclass
class Custom(Node):
    """Wrap a node with an extra whole-value check ``fn(value) -> message | None``."""

    node: Node
    fn: Callable[[Any], str | None]
    nullable: bool = False

    def check(self, value, path, out):
        before = len(out)
        self.node.check(value, path, out)
        if len(out) == before:
            message = self.fn(value)
            if message:
                out.append((path, message))


def opt(*keys: str) -> frozenset:
    return frozenset(keys)


# --- shared pieces -------------------------------------------------------------------------------

#: Names in the four languages: English required, the others a string or null (= no source).
NAMES = Map({"en": Str(), "de": Str(nullable=True), "ja": Str(nullable=True), "zh-Hans": Str(nullable=True)})
NAME_SOURCES = DictOf(Str(choices=LANGS), Str())
RULES = Seq(Rule(), min_len=1)
LANG_LIST = Map({lang: Seq(Str()) for lang in LANGS})
LANG_TEXT = Map({lang: Str() for lang in LANGS}, optional=opt("de", "ja", "zh-Hans"))
SOURCES = Seq(Source(), min_len=1)
LAYER_CODE = Str()  # cross-checked against layers.yaml by the loader
ORIGINS = ("spell", "static", "counter")

# --- kb/keywords.yaml ----------------------------------------------------------------------------

KEYWORD_KINDS = ("static", "evasion", "activated", "triggered", "characteristic-defining", "spell",
                 "multiple", "other")
ABILITY_KINDS_113 = ("static", "activated", "triggered", "spell")
PARAMETER_KINDS = ("cost", "number", "quality", "object", "text", "type", "materials", "condition",
                   "something", "name", "effect", "ability")

KEYWORD = Map({
    "id": Id(),
    "rule": Rule(),
    "name": Str(),
    "kind": Str(choices=KEYWORD_KINDS),
    "abilities": Seq(Str(choices=ABILITY_KINDS_113)),
    "kind_rule": Rule(),
    "kind_stated": Bool(),
    "kind_text": Str(nullable=True),
    "note": Str(nullable=True),
    "redundant": Bool(),
    "instances_rule": Rule(nullable=True),
    "instances_text": Str(nullable=True),
    "written": Str(nullable=True),
    "written_rule": Rule(nullable=True),
    "parameters": Seq(Str(choices=PARAMETER_KINDS), unique=True),
    "variants": Seq(Map({"rule": Rule(), "name": Str(), "written": Str(nullable=True)})),
    "effect": Map({"kind": Str(), "layer": LAYER_CODE, "cda": Bool()}, nullable=True),
    "names": NAMES,
    "aliases": LANG_LIST,
    "printed": LANG_LIST,
    "source_note": Str(nullable=True),
})

KEYWORDS_FILE = Map({
    "version": Int(choices=(1,)),
    "cr_version": Str(),
    "count": Int(),
    "keywords": Seq(KEYWORD, min_len=1),
})

# --- kb/layers.yaml ------------------------------------------------------------------------------

LAYER = Map({
    "code": Str(),
    "parent": Str(nullable=True),
    "sublayers": Seq(Str(), min_len=1),
    "rules": RULES,
    "short": Str(),
    "description": Str(),
    "names": NAMES,
    "name_sources": NAME_SOURCES,
}, optional=opt("sublayers", "name_sources"))

SCHEME_FROM = Map({"code": LAYER_CODE, "origin": Seq(Str(choices=ORIGINS), min_len=1), "note": Str()},
                  optional=opt("origin", "note"))
SCHEME_LAYER = Map({
    "code": Str(),
    "from": Seq(SCHEME_FROM, min_len=1),
    "description": Str(),
    "names": NAMES,
    "name_sources": NAME_SOURCES,
    "informal": Bool(),
}, optional=opt("description", "names", "name_sources", "informal"))
SCHEME = Map({"period": Str(), "source": Str(), "layers": Seq(SCHEME_LAYER, min_len=1)})

PART = Map({"rule": Rule(), "summary": Str()})
LAYER_RULE = Map({
    "id": Id(),
    "rules": RULES,
    "summary": Str(),
    "names": NAMES,
    "name_sources": NAME_SOURCES,
    "criteria": Id(),
    "parts": Seq(PART, min_len=1),
}, optional=opt("names", "name_sources", "criteria", "parts"))

LAYERS_FILE = Map({
    "version": Int(choices=(1,)),
    "cr_version": Str(),
    "layers": Seq(LAYER, min_len=1),
    "schemes": Map({"current": SCHEME, "m10": SCHEME, "2007": SCHEME}),
    "rules": Seq(LAYER_RULE, min_len=1),
})

# --- kb/effects.yaml -----------------------------------------------------------------------------

KIND_ENTRY = Map({
    "id": Id(),
    "rules": RULES,
    "description": Str(),
    "layered": Bool(),
    "markers": Seq(Rule()),
    "names": NAMES,
    "name_sources": NAME_SOURCES,
}, optional=opt("layered", "markers", "name_sources"))

CRITERION = Map({
    "id": Id(),
    "number": Int(),
    "letter": Str(),
    "text": LANG_TEXT,
    "note": Str(),
    "any_of": Seq(Map({"id": Id(), "description": Str()}), min_len=1),
}, optional=opt("number", "letter", "note", "any_of"))
CRITERIA = Map({
    "rule": Rule(),
    "names": NAMES,
    "name_sources": NAME_SOURCES,
    "all_required": Bool(),
    "criteria": Seq(CRITERION, min_len=1),
}, optional=opt("name_sources"))

EFFECTS_FILE = Map({
    "version": Int(choices=(1,)),
    "cr_version": Str(),
    "ability_kinds": Seq(KIND_ENTRY, min_len=1),
    "effect_kinds": Seq(Custom(KIND_ENTRY, lambda v: None if "layered" in v else _("missing key 'layered'")),
                        min_len=1),
    "cda_criteria": CRITERIA,
    "dependency_criteria": CRITERIA,
})

# --- kb/ygo/*.yaml -------------------------------------------------------------------------------

YGO_NAMED = {"names": NAMES, "term": Id(), "name_sources": NAME_SOURCES}
YGO_TYPE_IDS = ("ignition", "trigger", "flip", "quick", "continuous", "activation", "spell-continuous",
                "summon-condition", "restriction")

YGO_TYPE = Map({
    "id": Str(choices=YGO_TYPE_IDS),
    "category": Str(nullable=True, choices=("continuous", "ignition", "quick", "trigger", "other")),
    "activates": Bool(),
    "card": Seq(Str(choices=("monster", "spell", "trap")), min_len=1),
    "spell_speed": AnyOf((Int(nullable=True, choices=(1, 2, 3)), Str(choices=("by_card",))),
                         "1, 2, 3, 'by_card' or null"),
    "description": Str(),
    "mandatory": Seq(Map({"id": Str(choices=("mandatory", "optional")), "description": Str(),
                          **YGO_NAMED, "sources": SOURCES}, optional=opt("term", "name_sources")), min_len=2),
    **YGO_NAMED,
    "sources": SOURCES,
}, optional=opt("mandatory", "term", "name_sources"))

YGO_EFFECT_TYPES_FILE = Map({
    "version": Int(choices=(1,)),
    "monster_effect_categories": Seq(Str(), min_len=1),
    "types": Seq(YGO_TYPE, min_len=1),
    "other_effects": Map({**YGO_NAMED, "description": Str(), "sources": SOURCES}, optional=opt("term")),
})

SPEED = Int(choices=(1, 2, 3))
YGO_SPELL_SPEEDS_FILE = Map({
    "version": Int(choices=(1,)),
    **YGO_NAMED,
    "response_rule": Map({"minimum": SPEED, "not_lower_than_previous_link": Bool(), "sources": SOURCES}),
    "speeds": Seq(Map({"speed": SPEED, "responds_to": Seq(SPEED), "description": Str(),
                       "includes": Seq(Str(), min_len=1), "sources": SOURCES}), min_len=3),
    "assignments": Seq(Map({"card": Str(choices=("monster", "spell", "trap", "any")), "subtype": Str(),
                            "type": Str(choices=YGO_TYPE_IDS), "spell_speed": Int(nullable=True, choices=(1, 2, 3))}),
                       min_len=1),
    "notes": Seq(Map({"id": Id(), "text": Str(), "sources": SOURCES})),
    "card_types": Seq(Map({"id": Id(), "names": NAMES, "term": Id()})),
    "card_subtypes": Seq(Map({"id": Id(), "names": NAMES, "strings_id": Int()})),
}, optional=opt("term", "name_sources"))

SEGOC_STEP_IDS = ("tributed", "turn_player_mandatory", "opponent_mandatory", "turn_player_optional",
                  "opponent_optional", "priority", "responses")
YGO_CHAIN_FILE = Map({
    "version": Int(choices=(1,)),
    "chain": Map({**YGO_NAMED, "link_names": NAMES, "link_term": Id(), "description": Str(),
                  "resolution": Str(choices=("last_in_first_out",)), "resolution_text": Str(),
                  "sources": SOURCES, "not_activations": Seq(Id())}, optional=opt("term", "name_sources")),
    "segoc": Map({
        **YGO_NAMED,
        "applies_to": Str(),
        "steps": Custom(Seq(Map({"id": Str(choices=SEGOC_STEP_IDS), "normative": Bool(), "player": Str(),
                                 "mandatory": Bool(), "description": Str(), "sources": SOURCES},
                                optional=opt("mandatory")), min_len=1),
                        lambda steps: None if [s["id"] for s in steps] == list(SEGOC_STEP_IDS) else
                        _("steps must be, in order: {ids}").format(ids=", ".join(SEGOC_STEP_IDS))),
        "notes": Seq(Map({"id": Id(), "text": Str(), "sources": SOURCES})),
    }, optional=opt("term", "name_sources")),
    "missing_the_timing": Map({
        **YGO_NAMED,
        "cases": Seq(Map({"mandatory": Bool(), "timing": Str(nullable=True, choices=("when", "if")),
                          "can_miss_timing": Bool(), "description": Str()}), min_len=1),
        "situations": Seq(Str()),
        "sources": SOURCES,
    }, optional=opt("term", "name_sources")),
    "players": DictOf(Id(), Map(YGO_NAMED, optional=opt("term", "name_sources"))),
})

MARKERS = Map({lang: Seq(Str(), min_len=1) for lang in LANGS} | {"sources": SOURCES},
              optional=opt(*LANGS, "sources"))
YGO_PSCT_FILE = Map({
    "version": Int(choices=(1,)),
    "effect_numbering": DictOf(Str(choices=LANGS), Str()),
    "activation_delimiters": Map({lang: Seq(Str(), min_len=1) for lang in LANGS}),
    "optional_markers": MARKERS,
    "timing_markers": Map({"when": MARKERS, "if": MARKERS, "sources": SOURCES}),
    "quick_markers": MARKERS,
    "flip_markers": MARKERS,
    "restriction_markers": MARKERS,
    "summon_condition_markers": MARKERS,
})

#: kb-relative file -> schema.  Other files under kb/ (templates/, boards/) belong to other modules.
FILES: dict[str, Node] = {
    "layers.yaml": LAYERS_FILE,
    "keywords.yaml": KEYWORDS_FILE,
    "effects.yaml": EFFECTS_FILE,
    "ygo/effect_types.yaml": YGO_EFFECT_TYPES_FILE,
    "ygo/spell_speeds.yaml": YGO_SPELL_SPEEDS_FILE,
    "ygo/chain.yaml": YGO_CHAIN_FILE,
    "ygo/psct.yaml": YGO_PSCT_FILE,
}


def check(schema: Node, value: Any) -> list[Problem]:
    out: list[Problem] = []
    schema.check(value, (), out)
    return out


def dotted(path: Path_) -> str:
    """``("layers", 3, "rules", 0)`` -> ``layers[3].rules[0]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text
