"""The ``explain`` message domain: extraction (Babel, from this capability's Python files and Jinja2
templates) and a completeness check of the catalogs in de, ja and zh_Hans.

    python -m cardlint.summary.catalog            # list msgids missing from each catalog
    python -m cardlint.summary.catalog --update   # add missing msgids (empty) to the .po files
"""

from __future__ import annotations

import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent            # src/cardlint
SOURCES = [PKG / "engine", PKG / "summary", PKG / "commands" / "explain.py", PKG / "commands" / "summary.py"]
LOCALES = ("de", "ja", "zh_Hans")
DOMAIN = "explain"
METHODS = [("**/templates/**.j2", "jinja2"), ("templates/**.j2", "jinja2"), ("**.py", "python")]
OPTIONS = {"**/templates/**.j2": {"encoding": "utf-8", "silent": "false"},
           "templates/**.j2": {"encoding": "utf-8", "silent": "false"}}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


def extract() -> dict:
    """msgid (or (msgid, plural)) keyed by (context, msgid) → the message."""
    from babel.messages.extract import extract_from_dir, extract_from_file

    found = {}
    for src in SOURCES:
        if src.is_dir():
            items = ((fn, lineno, msg, comments, ctx) for fn, lineno, msg, comments, ctx in
                     extract_from_dir(str(src), METHODS, OPTIONS, KEYWORDS))
        else:
            items = ((src.name, lineno, msg, comments, ctx) for lineno, msg, comments, ctx in
                     extract_from_file("python", str(src), KEYWORDS))
        for fn, lineno, msg, comments, ctx in items:
            key = (ctx, msg[0] if isinstance(msg, tuple) else msg)
            found[key] = msg
    return found


def po_path(locale: str) -> Path:
    from cardlint.paths import locales_dir

    return locales_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(locale: str):
    from babel.messages.pofile import read_po

    path = po_path(locale)
    if not path.exists():
        from babel.messages.catalog import Catalog

        return Catalog(locale=locale, domain=DOMAIN)
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def missing(locale: str) -> list[tuple]:
    cat = read(locale)
    out = []
    for (ctx, mid), msg in extract().items():
        m = cat.get(mid, context=ctx)
        if m is None or m.fuzzy or not m.string or (isinstance(m.string, tuple) and not all(m.string)):
            out.append((ctx, mid))
    return sorted(out, key=lambda x: (x[0] or "", x[1]))


def update() -> None:
    from babel.messages.pofile import write_po

    msgs = extract()
    for loc in LOCALES:
        cat = read(loc)
        for (ctx, mid), msg in msgs.items():
            if cat.get(mid, context=ctx) is None:
                cat.add(msg, context=ctx)
        path = po_path(loc)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            write_po(fh, cat, width=100, sort_output=True)


if __name__ == "__main__":
    if "--update" in sys.argv:
        update()
    for loc in LOCALES:
        gaps = missing(loc)
        print(f"{loc}: {len(gaps)} missing")
        for ctx, mid in gaps:
            print(f"  [{ctx}] {mid!r}" if ctx else f"  {mid!r}")
