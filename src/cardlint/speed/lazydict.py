"""A dict whose missing entries are made on first access — the speed layer builds per parser state
and per rule only what a parse reaches."""

from __future__ import annotations


class LazyDict(dict):
    """``d[key]`` is ``make(key)``, made once, on first access."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value
