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


def severity(value: str) -> str:
    labels = {"error": _("error"), "warning": _("warning"), "info": _("info")}
    return labels.get(value, value)


def flag(value) -> str:
    """A boolean: ``True``/``False`` in English (the contract's spelling), yes/no otherwise."""
    if get_lang() == "en" or not isinstance(value, bool):
        return str(value)
    return _("yes") if value else _("no")
