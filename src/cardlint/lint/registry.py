"""Lint's rule families and its view of the code registry.  Each rule's documentation lives once,
in ``rules.yaml`` beside this module, loaded with the check-translation codes by
:mod:`cardlint.codes`; the family modules emit findings by code.  The bad/good examples are run by
the test suite (tests/test_lint_docs.py) and by ``cardlint rule CODE --check``: the doc is the test.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from cardlint import codes
from cardlint.codes import Rule

#: Rule families, one module each (code prefix → module).
FAMILY_MODULES = {
    "CL1": "cardlint.lint.classification",
    "CL2": "cardlint.lint.cda",
    "CL3": "cardlint.lint.deps",
    "CL4": "cardlint.lint.wording",
    "CL5": "cardlint.lint.ygo",
}


class _Rules(dict):
    """The CL rules by code, also by rule name or alias; read on first use (not at import)."""

    def _fill(self):
        if not dict.__len__(self):
            self.update(codes.rules("CL"))

    def __missing__(self, key):
        self._fill()
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        for r in dict.values(self):
            if key in r.aliases or key == r.name:
                return r
        raise KeyError(key)

    def __contains__(self, key):
        self._fill()
        return dict.__contains__(self, key)

    def values(self):
        self._fill()
        return dict.values(self)


RULES: dict[str, Rule] = _Rules()


@lru_cache(maxsize=None)
def families() -> tuple:
    return tuple(importlib.import_module(m) for m in FAMILY_MODULES.values())
