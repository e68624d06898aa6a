"""Values of the output contract (ability kinds, effect kinds, Yu-Gi-Oh! effect types, severities,
booleans) as text output shows them: in English the contract values themselves (``static``,
``continuous``), in another message language their names from the knowledge base or the catalogs.
JSON output never goes through here."""

from __future__ import annotations

from functools import lru_cache

from cardlint.i18n import _, get_lang


@lru_cache(maxsize=None)
def _vocab(lang: str):
    from cardlint.summary.render import Vocab

    return Vocab(lang)


def ability(kind: str) -> str:
    lang = get_lang()
    return kind if lang == "en" or not kind else _vocab(lang).ability_kind(kind)


def effect(kind: str) -> str:
    lang = get_lang()
    return kind if lang == "en" or not kind else _vocab(lang).effect_kind(kind)


def keyword(kid: str) -> str:
    """A keyword id ("flying") by its name in the message language (English keeps the id)."""
    lang = get_lang()
    return kid if lang == "en" or not kid else _vocab(lang).keyword(kid)


def duration(value: str | None) -> str | None:
    """An effect's duration id (until_eot, this_turn …) by its name in the message language."""
    lang = get_lang()
    return value if lang == "en" or not value else _vocab(lang).duration(value)


def color(code: str) -> str:
    """A color code (W, U, B, R, G) by its name in the message language."""
    lang = get_lang()
    return code if lang == "en" or not code else _vocab(lang).color(code)


def player(value: str) -> str:
    """A controller (you, opponent) as the message language names it."""
    lang = get_lang()
    return value if lang == "en" or not value else _vocab(lang).player(value)


def operation(op: str) -> str:
    """How an effect changes a characteristic (add, remove, set …), named alone."""
    if get_lang() == "en" or not op:
        return op
    labels = {"add": _("granted"), "remove": _("removed"), "remove_all": _("all removed"), "set": _("set")}
    return labels.get(op, op)


def change(op: str, value: str) -> str:
    """An operation with its value ("add flying"), in the message language's word order."""
    if get_lang() == "en" or not op:
        return f"{op} {value}".strip()
    labels = {"add": _("add {value}"), "remove": _("remove {value}"), "remove_all": _("remove all {value}"),
              "set": _("set {value}")}
    return labels[op].format(value=value) if op in labels else f"{op} {value}"


def quantifier(value: str) -> str:
    """Which objects a clause affects: target, each, all, up to …"""
    if get_lang() == "en" or not value:
        return value
    labels = {"target": _("target"), "each": _("each"), "all": _("all"), "up_to": _("up to"),
              "number": _("a number of"), "no": _("none"), "a": _("one"), "another": _("another")}
    return labels.get(value, value)


def characteristic(value: str) -> str:
    """A characteristic an effect changes (IR ``Modification.characteristic``), as messages name it."""
    if get_lang() == "en":
        return value.replace("_", " ")
    labels = {"copy": _("copiable values"), "face_down": _("face-down status"), "control": _("control"),
              "text": _("text"), "types": _("types"), "colors": _("colors"), "abilities": _("abilities"),
              "pt_define": _("power/toughness"), "pt_set": _("power/toughness"), "pt_modify": _("power/toughness"),
              "pt_switch": _("power/toughness")}
    return labels.get(value, value.replace("_", " "))


def type_word(word: str) -> str:
    """A card type or subtype key ("creature", "mountain") as the message language names it."""
    lang = get_lang()
    return word if lang == "en" or not word else _vocab(lang).card_type(word)


def keyword_parameter(kind: str) -> str:
    """What a keyword's written form takes ("Equip [cost]" → cost), in the message language."""
    if get_lang() == "en":
        return kind
    labels = {"cost": _("cost"), "number": _("number"), "quality": _("quality"), "object": _("object"),
              "text": _("text"), "type": _("type"), "materials": _("materials"), "condition": _("condition"),
              "something": _("something"), "name": _("name"), "effect": _("effect"), "ability": _("ability")}
    return labels.get(kind, kind)


def keyword_kind(kind: str) -> str:
    """A CR 702 keyword's kind in kb/keywords.yaml: an ability or effect kind, or one of the kb's
    own groupings."""
    if get_lang() == "en" or not kind:
        return kind
    own = {"characteristic-defining": _("characteristic-defining"), "evasion": _("evasion"),
           "multiple": _("multiple"), "other": _("other")}
    if kind in own:
        return own[kind]
    from cardlint.kb import load_kb

    effects = load_kb().effects
    if any(e["id"] == kind for e in effects["effect_kinds"]):
        return effect(kind)
    return ability(kind)


def ygo_effect_type(type_id: str | None) -> str:
    """A Yu-Gi-Oh! effect type (``trigger``, ``ignition`` …) by its name in the kb."""
    lang = get_lang()
    if lang == "en" or not type_id:
        return str(type_id)
    from cardlint.kb import load_kb, localized

    for entry in load_kb().ygo["effect_types"]["types"]:
        if entry["id"] == type_id:
            return localized(entry["names"], lang)[0]
    return str(type_id)


def spell_speed(value) -> str:
    """A Yu-Gi-Oh! Spell Speed: 1, 2, 3, or ``by_card`` (the activated card's own)."""
    if value is None:
        return "—"
    if value == "by_card" and get_lang() != "en":
        return _("by card")
    return str(value)


def severity(value: str) -> str:
    labels = {"error": _("error"), "warning": _("warning"), "info": _("info")}
    return labels.get(value, value)


def flag(value) -> str:
    """A boolean: ``True``/``False`` in English (the contract's spelling), yes/no otherwise."""
    if get_lang() == "en" or not isinstance(value, bool):
        return str(value)
    return _("yes") if value else _("no")


def parse_error(error: str) -> str:
    """A clause's ``error`` (the contract's English, e.g. "unexpected 'foo' at column 7") in the
    message language; wordings other than the parser's own are shown as they are."""
    import re

    if get_lang() == "en" or not error:
        return error
    m = re.fullmatch(r"unexpected (character )?('.*?'|\".*?\"|end of clause)(?: at column (\d+))?", error)
    if not m:
        return error
    char, what, col = m.groups()
    if what == "end of clause":
        text = _("unexpected end of clause")
    elif char:
        text = _("unexpected character {what}").format(what=what)
    else:
        text = _("unexpected {what}").format(what=what)
    return text if col is None else _("{what} at column {column}").format(what=text, column=col)
