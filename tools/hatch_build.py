"""Wheel build hook: build the parser tables (``tools/build_tables.py``) so that an installed
cardlint — from a wheel, or an editable install of a checkout — starts without building them.

They go to ``src/cardlint/_tables`` (derived, not committed; the build is incremental, so an
unchanged grammar costs nothing the second time) and into the wheel as ``cardlint/_tables``; an
editable install reads them in place.  ``CARDLINT_SKIP_TABLES=1`` skips the step (the tables are
then built on first use, into the user cache)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class TablesBuildHook(BuildHookInterface):
    PLUGIN_NAME = "cardlint-tables"

    def initialize(self, version: str, build_data: dict) -> None:
        if os.environ.get("CARDLINT_SKIP_TABLES", "") not in ("", "0"):
            return
        root = Path(self.root)
        sys.path[:0] = [str(root / "tools"), str(root / "src")]
        try:
            import build_tables
        finally:
            del sys.path[:2]
        out = root / "src" / "cardlint" / "_tables"
        build_tables.build(out, log=lambda line: print(line, file=sys.stderr))
        if version != "editable":
            build_data["force_include"][str(out)] = "cardlint/_tables"
