"""zh-Hans keyword names (from the kb) and the protection-list pattern: what the front end's keyword
detection and the glued-line splitter (:mod:`cardlint.lang.zh.glued`) both read."""

from __future__ import annotations

import re
from functools import lru_cache

from cardlint import vocab


@lru_cache(maxsize=1)
def keyword_names() -> tuple[str, ...]:
    """zh-Hans keyword names and aliases from kb/keywords.yaml, longest first."""
    names: set[str] = set()
    try:
        for f in vocab.keyword_forms("zh-Hans"):
            if f.source == "alias" or (f.source == "name" and re.search(r"[\u4e00-\u9fff]", f.text)):
                names.add(f.text)
    except Exception:  # noqa: BLE001 — no kb: keyword lists are not split
        pass
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=1)
def keyword_index() -> tuple[frozenset[str], tuple[int, ...]]:
    """The keyword names as a set and their lengths, longest first: the names at a position are
    found by a few set lookups, not by trying every name."""
    names = keyword_names()
    return frozenset(names), tuple(sorted({len(n) for n in names}, reverse=True))


#: a quality holds no 反/与/和/保 ("反白保护与反黑保护" is two items): each "反…" item has one reading,
#: so a run of 反 in junk input does not backtrack exponentially
PROTECTION = re.compile(r"(?:反(?:(?![反与和保])[\u4e00-\u9fff]){1,4}(?:保护)?(?:与|和)?)+保护")
