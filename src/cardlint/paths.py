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
    """A writable directory for the cached LALR tables."""
    import os

    base = os.environ.get("CARDLINT_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    path = root / "cardlint" if not os.environ.get("CARDLINT_CACHE_DIR") else root
    path.mkdir(parents=True, exist_ok=True)
    return path
