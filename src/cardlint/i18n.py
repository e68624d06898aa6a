"""Message catalogs (Babel/gettext) for every user-facing message.

Catalogs live in ``locales/<locale>/LC_MESSAGES/cardlint.po``.  A compiled ``.mo`` beside the
``.po`` is used when present; otherwise the ``.po`` is read with Babel, so a checkout works
without a compile step.  Mark messages with ``_()`` / ``ngettext()`` so ``pybabel extract`` finds them.
"""

from __future__ import annotations

import gettext
from contextvars import ContextVar
from functools import lru_cache

from babel import Locale

from cardlint.paths import locales_dir

#: Card-text languages and UI languages share these codes.
LANGS = ("en", "de", "ja", "zh-Hans")
DOMAIN = "cardlint"

_current: ContextVar[str] = ContextVar("cardlint_lang", default="en")


def normalize_lang(lang: str | None) -> str:
    """Map user spellings (zh, zh_Hans, zh-CN, DE) to one of :data:`LANGS`."""
    if not lang:
        return "en"
    low = lang.replace("_", "-").lower()
    if low.startswith("zh"):
        return "zh-Hans"
    for code in LANGS:
        if low == code.lower() or low.split("-")[0] == code.lower():
            return code
    raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGS)}")


def locale_name(lang: str) -> str:
    """The gettext/Babel locale directory name: ``zh-Hans`` → ``zh_Hans``."""
    return normalize_lang(lang).replace("-", "_")


def babel_locale(lang: str) -> Locale:
    return Locale.parse(locale_name(lang))


@lru_cache(maxsize=None)
def translations(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalog of one domain: ``cardlint`` (CLI and lint messages) or a capability's own
    domain (e.g. ``explain`` for summaries and board explanations)."""
    lang = normalize_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    folder = locales_dir() / locale_name(lang) / "LC_MESSAGES"
    mo = folder / f"{domain}.mo"
    po = folder / f"{domain}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)
    if po.exists():
        return _po_translations(po)
    return gettext.NullTranslations()


def _po_translations(po_path) -> gettext.NullTranslations:
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path, "rb") as fh:
        catalog = read_po(fh)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def set_lang(lang: str | None) -> str:
    code = normalize_lang(lang)
    _current.set(code)
    return code


def get_lang() -> str:
    return _current.get()


def _(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def gettext_for(lang: str, message: str) -> str:
    return translations(lang).gettext(message)


class Domain:
    """gettext functions of one message domain, following the current ``--lang``::

        T = Domain("explain")
        T._("Layer {layer}")
    """

    def __init__(self, domain: str):
        self.domain = domain

    def _(self, message: str) -> str:
        return translations(_current.get(), self.domain).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translations(_current.get(), self.domain).ngettext(singular, plural, n)

    def for_lang(self, lang: str) -> gettext.NullTranslations:
        """The catalog for Jinja2's i18n extension (``env.install_gettext_translations``)."""
        return translations(lang, self.domain)
