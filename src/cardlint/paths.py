"""Where the data directories (grammar/, kb/, locales/) are.

In a checkout (editable install) they sit at the repository root; in an installed wheel they are
copied to ``cardlint/_data``.  Everything that reads data goes through :func:`data_dir`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_dir(name: str) -> Path:
    installed = _PKG / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PKG.parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"cardlint data directory {name!r} not found (looked in {installed} and {checkout})")


def grammar_dir() -> Path:
    return data_dir("grammar")


def kb_dir() -> Path:
    return data_dir("kb")


def locales_dir() -> Path:
    return data_dir("locales")


def cache_dir() -> Path:
    """A writable directory for cached tables: ``$CARDLINT_CACHE_DIR``, else ``$XDG_CACHE_HOME/cardlint``,
    else ``~/.cache/cardlint`` (raises ``OSError`` when it cannot be created)."""
    import os

    base = os.environ.get("CARDLINT_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    path = root / "cardlint" if not os.environ.get("CARDLINT_CACHE_DIR") else root
    path.mkdir(parents=True, exist_ok=True)
    return path


def shipped_dir() -> Path:
    """The tables built with the package (``tools/build_tables.py``, run by the wheel build hook):
    the parsers' LALR tables and the other derived tables the user cache would otherwise hold.
    Their file names carry the key of what they were built from, as in the user cache."""
    return _PKG / "_tables"


def cache_path(name: str) -> Path:
    """Where to read the cached table ``name``: the shipped one when the package has it, else the
    user cache's (which the caller may write; ``OSError`` when there is no usable cache directory)."""
    _USED.add(name)
    shipped = shipped_dir() / name
    if shipped.is_file():
        return shipped
    return cache_dir() / name


_USED: set[str] = set()


def read_json_table(path: Path | None):
    """The JSON copy at ``path`` (from :func:`cache_path`), or None when there is none or it is
    unreadable (the caller builds it again)."""
    import json

    if path is None or not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json_table(path: Path | None, doc) -> None:
    """Write ``doc`` as the JSON copy at ``path`` atomically; a cache that cannot be written is
    no error (the next run builds it again)."""
    import json
    import os

    if path is None:
        return
    try:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


def note_used(name: str) -> None:
    """Record that this process asked for the cached table ``name``."""
    _USED.add(name)


def used_tables() -> set[str]:
    """The names of the cached tables this process asked for (``tools/build_tables.py`` ships them)."""
    return set(_USED)


_WARNED: set[str] = set()


def warn_once(message: str) -> None:
    """One line on standard error, once per process for the same message."""
    import sys

    if message not in _WARNED:
        _WARNED.add(message)
        print(message, file=sys.stderr)
