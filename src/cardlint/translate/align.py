"""Align the clauses of the English text with those of the translation.

Line order comes first: a monotone alignment (dynamic programming) where each step is
- 1:1 — one clause on each side (the normal case),
- k:1 / 1:k — lines merged or split on one side (k ≤ 3; up to 8 for keyword lists written as one
  line on one side and one keyword per line, or differently separated, on the other),
- 1:0 / 0:1 — a clause missing in, or extra in, the translation.
A merge must match nearly perfectly (its dissimilarity counts double), else a gap is cheaper.
Reminder-only paragraphs are left out on both sides: reminder text present on one side only is no
difference.  The cost of a 1:1 step is how unlike the two clauses look (ability kind, effect
kinds, layers, keyword), so a missing clause does not shift every later clause out of place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardlint.translate.signature import ClauseSig

GAP = 0.8
MERGE_PENALTY = 0.3
MAX_MERGE = 3
MAX_KEYWORD_MERGE = 8


@dataclass
class Pair:
    en: ClauseSig | None
    tr: ClauseSig | None
    mode: str          # "1:1" | "merge" | "missing" | "extra"


def _jaccard_distance(a: frozenset, b: frozenset) -> float:
    if not a and not b:
        return 0.0
    return 1.0 - len(a & b) / len(a | b)


def dissimilarity(a: ClauseSig, b: ClauseSig) -> float:
    if a.ability == "keyword" and b.ability == "keyword":
        if a.keywords and b.keywords:
            if a.keywords == b.keywords:
                return 0.0
            if (a.kw_unknown or b.kw_unknown) and (a.keywords <= b.keywords or b.keywords <= a.keywords):
                return 0.1
            return 0.6
        return 0.3
    d = 0.0
    if "mixed" in (a.ability, b.ability):
        d += 0.6          # merging clauses of different ability kinds: rarely a real merge
    elif a.ability != b.ability:
        d += 0.35
    if not (a.parsed and b.parsed):
        return d + 0.3  # little to go by: position decides
    d += 0.6 * _jaccard_distance(a.kinds, b.kinds)
    d += 0.4 * _jaccard_distance(a.layers(), b.layers())
    return d


def _merge(sigs: list[ClauseSig]) -> ClauseSig:
    out = sigs[0]
    for s in sigs[1:]:
        out = out.merged_with(s)
    return out


def _max_merge(seq: list[ClauseSig], start: int) -> int:
    """How many clauses from ``start`` may be merged: keyword runs may be long."""
    n = 1
    while start + n < len(seq) and n < MAX_KEYWORD_MERGE:
        if seq[start].ability == "keyword" and seq[start + n].ability == "keyword" \
                and seq[start].line == seq[start + n].line:
            n += 1
            continue
        break
    return max(n, min(MAX_MERGE, len(seq) - start))


def group_keyword_lines(sigs: list[ClauseSig]) -> list[ClauseSig]:
    """Keyword clauses of one line ("Flying, vigilance") become one unit compared as a set: the
    order of a keyword list is no difference."""
    out: list[ClauseSig] = []
    for s in sigs:
        prev = out[-1] if out else None
        if (prev is not None and s.ability == "keyword" and prev.ability == "keyword" and s.parsed and prev.parsed
                and (s.keywords or s.kw_unknown) and (prev.keywords or prev.kw_unknown) and s.line == prev.line):
            out[-1] = prev.merged_with(s)
        else:
            out.append(s)
    # a list with an unparsed item ("守军，反灵俑保护" with the second keyword not understood) is only
    # partly known: compared as a subset, while the unparsed item is still reported on its own
    unparsed_lines = {s.line for s in sigs if not s.parsed}
    return [replace(u, kw_unknown=True) if u.ability == "keyword" and u.parsed and u.line in unparsed_lines else u
            for u in out]


def align(en: list[ClauseSig], tr: list[ClauseSig]) -> list[Pair]:
    en = group_keyword_lines([c for c in en if not c.reminder])
    tr = group_keyword_lines([c for c in tr if not c.reminder])
    n, m = len(en), len(tr)
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            c0 = cost[i][j]
            if c0 == inf:
                continue

            def relax(ii, jj, c, step):
                if c < cost[ii][jj] - 1e-12:
                    cost[ii][jj] = c
                    back[ii][jj] = step

            if i < n and j < m:
                relax(i + 1, j + 1, c0 + dissimilarity(en[i], tr[j]), (i, j, 1, 1))
                for k in range(2, _max_merge(en, i) + 1):
                    if i + k <= n:
                        relax(i + k, j + 1, c0 + 2 * dissimilarity(_merge(en[i:i + k]), tr[j]) + MERGE_PENALTY * (k - 1),
                              (i, j, k, 1))
                for k in range(2, _max_merge(tr, j) + 1):
                    if j + k <= m:
                        relax(i + 1, j + k, c0 + 2 * dissimilarity(en[i], _merge(tr[j:j + k])) + MERGE_PENALTY * (k - 1),
                              (i, j, 1, k))
            if i < n:
                relax(i + 1, j, c0 + GAP, (i, j, 1, 0))
            if j < m:
                relax(i, j + 1, c0 + GAP, (i, j, 0, 1))
    pairs: list[Pair] = []
    i, j = n, m
    while (i, j) != (0, 0):
        pi, pj, ki, kj = back[i][j]
        if ki and kj:
            mode = "1:1" if ki == kj == 1 else "merge"
            pairs.append(Pair(_merge(en[pi:pi + ki]), _merge(tr[pj:pj + kj]), mode))
        elif ki:
            pairs.append(Pair(en[pi], None, "missing"))
        else:
            pairs.append(Pair(None, tr[pj], "extra"))
        i, j = pi, pj
    pairs.reverse()
    return pairs
