"""One Jinja2 environment per (language, format): ``jinja2.ext.i18n`` with the ``explain`` catalog
(newstyle gettext: named placeholders, formatting always applied), autoescape for HTML only, and
filters bound to the locale: ``and_list`` / ``or_list`` (Babel ``format_list``), ``num``
(``format_decimal``).

Game vocabulary: layer, keyword, ability-kind and effect-kind names come from the kb where it has
them in the language; the rest (card types, colors, players, the engine's own phrases) from the
catalog.  Card names and card text are never translated; templates quote card text.
"""

from __future__ import annotations

from functools import lru_cache

from babel.lists import format_list
from babel.numbers import format_decimal
from jinja2 import Environment, PackageLoader

from cardlint.i18n import babel_locale, normalize_lang, translations

DOMAIN = "explain"
FORMATS = ("text", "md", "html")
_EXT = {"text": "txt", "md": "md", "html": "html"}


def catalog(lang: str):
    return translations(normalize_lang(lang), DOMAIN)


@lru_cache(maxsize=None)
def environment(lang: str, fmt: str) -> Environment:
    lang = normalize_lang(lang)
    env = Environment(
        loader=PackageLoader("cardlint.summary", "templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=(fmt == "html"),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )
    env.install_gettext_translations(catalog(lang), newstyle=True)
    loc = babel_locale(lang)
    env.filters["and_list"] = lambda xs: format_list([str(x) for x in xs], style="standard", locale=loc) if xs else ""
    env.filters["or_list"] = lambda xs: format_list([str(x) for x in xs], style="or", locale=loc) if xs else ""
    env.filters["num"] = lambda n: format_decimal(n, locale=loc) if n is not None else "—"
    env.filters["quote"] = lambda s: quote(s, lang)
    env.filters["md_cell"] = lambda s: str(s).replace("|", "\\|").replace("\n", " ")
    env.globals["lang"] = lang
    env.globals["html_lang"] = lang
    return env


def quote(text: str, lang: str) -> str:
    """Card text in the language's quotation marks (CLDR delimiters)."""
    delims = babel_locale(lang)._data.get("delimiters", {})
    start = delims.get("quotation_start", "“")
    end = delims.get("quotation_end", "”")
    return f"{start}{text}{end}"


def render(template: str, lang: str, fmt: str, **context) -> str:
    env = environment(lang, fmt)
    return env.get_template(f"{template}.{_EXT[fmt]}.j2").render(**context)


# --- vocabulary --------------------------------------------------------------------------------

class Vocab:
    """Localized names of game words for one language."""

    def __init__(self, lang: str):
        self.lang = normalize_lang(lang)
        self.tr = catalog(self.lang)
        from cardlint.kb import load_kb

        self.kb = load_kb()

    def and_list(self, xs) -> str:
        return format_list([str(x) for x in xs], style="standard", locale=babel_locale(self.lang)) if xs else ""

    def or_list(self, xs) -> str:
        return format_list([str(x) for x in xs], style="or", locale=babel_locale(self.lang)) if xs else ""

    def p(self, ctx: str, msg: str) -> str:
        return self.tr.pgettext(ctx, msg)

    def _(self, msg: str) -> str:
        return self.tr.gettext(msg)

    # kb names, with the catalog where the kb has none in this language ---------------------------
    def layer(self, code: str, scheme: str = "current") -> str:
        entry = self.kb.scheme_layer(code, scheme) if scheme != "current" else self.kb.layer(code)
        name = (entry.get("names") or {}).get(self.lang)
        if name:
            return name
        return self.tr.pgettext("layer", entry["names"]["en"])

    def keyword(self, kid: str) -> str:
        try:
            names = self.kb.keyword(kid)["names"]
        except KeyError:
            return kid
        return names.get(self.lang) or names["en"]

    def _kb_named(self, section: str, key: str, ctx: str) -> str:
        for entry in self.kb.effects[section]:
            if entry["id"] == key:
                name = entry["names"].get(self.lang)
                return name or self.tr.pgettext(ctx, entry["names"]["en"])
        return key

    def ability_kind(self, kind: str) -> str:
        return self._kb_named("ability_kinds", kind, "ability kind")

    def effect_kind(self, kind: str) -> str:
        return self._kb_named("effect_kinds", kind, "effect kind")

    # catalog vocabulary ------------------------------------------------------------------------
    def card_type(self, t: str) -> str:
        types = CARD_TYPE_NAMES(self.tr)
        if t is not None and str(t).lower() not in types:   # a filter's noun may be a subtype ("Mountains")
            return self.subtype(t)
        return _lookup(types, t)

    def supertype(self, t: str) -> str:
        return _lookup(SUPERTYPE_NAMES(self.tr), t)

    def subtype(self, t: str) -> str:
        return _lookup(SUBTYPE_NAMES(self.tr), t)

    def type_words(self, supertypes, types) -> str:
        """Supertypes and card types as a type line writes them ("Basic Land", "Legendary Artifact
        Creature"): juxtaposed, never joined with "and"; each language's catalog gives the
        separators (Japanese: "アーティファクト・クリーチャー")."""
        words = [self.card_type(t) for t in types]
        text = self.tr.pgettext("type line: between two card types", "{first} {second}")
        joined = words[0] if words else ""
        for w in words[1:]:
            joined = text.format(first=joined, second=w)
        for t in reversed(list(supertypes)):
            joined = self.tr.pgettext("type line: supertype before the types", "{supertype} {types}").format(
                supertype=self.supertype(t), types=joined) if joined else self.supertype(t)
        return joined

    def color(self, c: str) -> str:
        return _lookup(COLOR_NAMES(self.tr), c)

    def player(self, p: str) -> str:
        if p == "you":
            return self.tr.pgettext("player", "you")
        if p == "opponent":
            return self.tr.pgettext("player", "opponent")
        return p

    def duration(self, d: str | None) -> str:
        return _lookup(DURATION_NAMES(self.tr), d) if d else self.tr.pgettext("duration", "as long as the source is there")

    def criterion(self, c: str) -> str:
        return _lookup(CRITERION_NAMES(self.tr), c)

    def characteristic(self, c: str) -> str:
        return _lookup(CHARACTERISTIC_NAMES(self.tr), c)


def _lookup(table: dict, key: str) -> str:
    if key is None:
        return ""
    k = str(key).lower()
    return table.get(k, str(key))


def CARD_TYPE_NAMES(tr) -> dict:
    return {"artifact": tr.pgettext("card type", "Artifact"), "battle": tr.pgettext("card type", "Battle"),
            "creature": tr.pgettext("card type", "Creature"), "enchantment": tr.pgettext("card type", "Enchantment"),
            "instant": tr.pgettext("card type", "Instant"), "kindred": tr.pgettext("card type", "Kindred"),
            "tribal": tr.pgettext("card type", "Kindred"), "land": tr.pgettext("card type", "Land"),
            "planeswalker": tr.pgettext("card type", "Planeswalker"), "sorcery": tr.pgettext("card type", "Sorcery"),
            "permanent": tr.pgettext("card type", "permanent"), "spell": tr.pgettext("card type", "spell"),
            "card": tr.pgettext("card type", "card"), "player": tr.pgettext("card type", "player")}


def SUPERTYPE_NAMES(tr) -> dict:
    return {"basic": tr.pgettext("supertype", "Basic"), "legendary": tr.pgettext("supertype", "Legendary"),
            "snow": tr.pgettext("supertype", "Snow"), "world": tr.pgettext("supertype", "World")}


def SUBTYPE_NAMES(tr) -> dict:
    """Subtypes that the bundled boards use; others are shown as printed (English)."""
    return {"bear": tr.pgettext("subtype", "Bear"), "bird": tr.pgettext("subtype", "Bird"), "plains": tr.pgettext("subtype", "Plains"),
            "mountain": tr.pgettext("subtype", "Mountain"), "island": tr.pgettext("subtype", "Island"),
            "forest": tr.pgettext("subtype", "Forest"), "swamp": tr.pgettext("subtype", "Swamp"), "aura": tr.pgettext("subtype", "Aura"),
            "faerie": tr.pgettext("subtype", "Faerie"), "soldier": tr.pgettext("subtype", "Soldier"), "slug": tr.pgettext("subtype", "Slug"),
            "goat": tr.pgettext("subtype", "Goat"), "shapeshifter": tr.pgettext("subtype", "Shapeshifter"),
            "elemental": tr.pgettext("subtype", "Elemental"), "ogre": tr.pgettext("subtype", "Ogre"),
            "assembly-worker": tr.pgettext("subtype", "Assembly-Worker"), "plant": tr.pgettext("subtype", "Plant"),
            "zombie": tr.pgettext("subtype", "Zombie"), "goblin": tr.pgettext("subtype", "Goblin"), "elf": tr.pgettext("subtype", "Elf"),
            "wall": tr.pgettext("subtype", "Wall")}


def COLOR_NAMES(tr) -> dict:
    return {"w": tr.pgettext("color", "white"), "u": tr.pgettext("color", "blue"), "b": tr.pgettext("color", "black"), "r": tr.pgettext("color", "red"),
            "g": tr.pgettext("color", "green"), "colorless": tr.pgettext("color", "colorless"),
            "multicolored": tr.pgettext("color", "multicolored"), "chosen": tr.pgettext("color", "the chosen color")}


def DURATION_NAMES(tr) -> dict:
    return {"until_eot": tr.pgettext("duration", "until end of turn"), "this_turn": tr.pgettext("duration", "this turn"),
            "until_next_turn": tr.pgettext("duration", "until your next turn"),
            "as_long_as": tr.pgettext("duration", "for as long as a condition holds"),
            "static": tr.pgettext("duration", "as long as the source is there")}


def CRITERION_NAMES(tr) -> dict:
    return {"text": tr.pgettext("criterion", "it changes its text"),
            "existence": tr.pgettext("criterion", "it changes whether it exists"),
            "applies_to": tr.pgettext("criterion", "it changes what it applies to"),
            "what_it_does": tr.pgettext("criterion", "it changes what it does")}


def CHARACTERISTIC_NAMES(tr) -> dict:
    return {"types": tr.pgettext("characteristic", "types"), "subtypes": tr.pgettext("characteristic", "subtypes"),
            "supertypes": tr.pgettext("characteristic", "supertypes"), "colors": tr.pgettext("characteristic", "colors"),
            "abilities": tr.pgettext("characteristic", "abilities"), "power": tr.pgettext("characteristic", "power"),
            "toughness": tr.pgettext("characteristic", "toughness"), "controller": tr.pgettext("characteristic", "controller"),
            "all_creature_types": tr.pgettext("characteristic", "every creature type")}


def _kb_fallback_msgids(tr) -> list[str]:
    """Catalog entries for kb names that the kb lacks in some language (extracted by Babel)."""
    return [
        tr.pgettext("layer", 'Rules and effects that modify copiable values'),
        tr.pgettext("layer", 'Copiable effects'),
        tr.pgettext("layer", 'Face-down spells and permanents'),
        tr.pgettext("layer", 'Control-changing effects'),
        tr.pgettext("layer", 'Text-changing effects'),
        tr.pgettext("layer", 'Type-changing effects'),
        tr.pgettext("layer", 'Color-changing effects'),
        tr.pgettext("layer", 'Ability-adding and ability-removing effects'),
        tr.pgettext("layer", 'Power- and/or toughness-changing effects'),
        tr.pgettext("layer", 'Effects from characteristic-defining abilities that define power and/or toughness'),
        tr.pgettext("layer", 'Effects that set power and/or toughness'),
        tr.pgettext("layer", 'Effects and counters that modify power and/or toughness'),
        tr.pgettext("layer", 'Effects that switch power and toughness'),
        tr.pgettext("layer", 'Effects on players and on the game rules'),
        tr.pgettext("layer", 'Copy effects'),
        tr.pgettext("layer", 'Effects from characteristic-defining abilities'),
        tr.pgettext("layer", 'Effects that modify power and/or toughness'),
        tr.pgettext("layer", 'Power and/or toughness changes from counters'),
        tr.pgettext("layer", 'All other continuous effects except power/toughness-changing ones'),
        tr.pgettext("layer", 'Setting effects and modifying effects from spells and abilities'),
        tr.pgettext("layer", 'Changes from counters'),
        tr.pgettext("layer", 'Modifying effects from static abilities'),
        tr.pgettext("ability kind", 'spell ability'),
        tr.pgettext("ability kind", 'activated ability'),
        tr.pgettext("ability kind", 'triggered ability'),
        tr.pgettext("ability kind", 'static ability'),
        tr.pgettext("ability kind", 'keyword ability'),
        tr.pgettext("ability kind", 'reminder text'),
        tr.pgettext("effect kind", 'continuous effect'),
        tr.pgettext("effect kind", 'effect on players or game rules'),
        tr.pgettext("effect kind", 'one-shot effect'),
        tr.pgettext("effect kind", 'replacement effect'),
        tr.pgettext("effect kind", 'prevention effect'),
    ]
