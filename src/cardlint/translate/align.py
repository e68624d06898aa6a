"""Align the clauses of the English text with those of the translation.

Line order comes first: a monotone alignment (dynamic programming) where each step is
- 1:1 — one clause on each side (the normal case),
- k:1 / 1:k — lines merged or split on one side (k ≤ 3; up to 8 for keyword lists written as one
  line on one side and one keyword per line, or differently separated, on the other),
- 1:0 / 0:1 — a clause missing in, or extra in, the translation.
A merge must match nearly perfectly (its dissimilarity counts double), else a gap is cheaper, and
it must match better than its first clause alone (a duplicated clause is a missing one).  The
search keeps to a band around the diagonal, so it is linear in the number of clauses.
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
#: how much better than its first clause alone a merge must match
MERGE_GAIN = 0.05
#: how far (in clauses) the alignment may stray from the diagonal
BAND = 6


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
    if a.parsed and b.parsed and a.shape == b.shape:
        return 0.0
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
    d += 0.6 * _jaccard_distance(a.shape[2], b.shape[2])
    d += 0.4 * _jaccard_distance(a.shape[3], b.shape[3])
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


def _band(i: int, n: int, m: int) -> tuple[int, int]:
    """The columns of row ``i`` the alignment may pass through: a band around the diagonal from
    (0, 0) to (n, m).  Clauses never move far from their place, so the band keeps the alignment
    linear in the card length (a 3,000-clause text aligns in well under a second)."""
    centre = (i * m) // n if n else 0
    half = BAND + abs(n - m)      # wide enough that every row of the band reaches the next
    return max(0, centre - half), min(m, centre + half)


def align(en: list[ClauseSig], tr: list[ClauseSig]) -> list[Pair]:
    en = group_keyword_lines([c for c in en if not c.reminder])
    tr = group_keyword_lines([c for c in tr if not c.reminder])
    n, m = len(en), len(tr)
    inf = float("inf")
    cost: list[dict[int, float]] = [{} for _ in range(n + 1)]
    back: list[dict[int, tuple]] = [{} for _ in range(n + 1)]
    cost[0][0] = 0.0

    def relax(ii, jj, c, step):
        if c < cost[ii].get(jj, inf) - 1e-12:
            cost[ii][jj] = c
            back[ii][jj] = step

    for i in range(n + 1):
        lo, hi = _band(i, n, m)
        row = cost[i]
        for j in range(lo, hi + 1):
            c0 = row.get(j, inf)
            if c0 == inf:
                continue
            if i < n and j < m:
                d11 = dissimilarity(en[i], tr[j])
                relax(i + 1, j + 1, c0 + d11, (i, j, 1, 1))
                # a merge must explain more than its first clause alone: two copies of one clause
                # against one clause are a missing clause, not two lines written as one
                if d11 > MERGE_GAIN:
                    for k in range(2, _max_merge(en, i) + 1):
                        if i + k <= n:
                            d = dissimilarity(_merge(en[i:i + k]), tr[j])
                            if d < d11 - MERGE_GAIN:
                                relax(i + k, j + 1, c0 + 2 * d + MERGE_PENALTY * (k - 1), (i, j, k, 1))
                    for k in range(2, _max_merge(tr, j) + 1):
                        if j + k <= m:
                            d = dissimilarity(en[i], _merge(tr[j:j + k]))
                            if d < d11 - MERGE_GAIN:
                                relax(i + 1, j + k, c0 + 2 * d + MERGE_PENALTY * (k - 1), (i, j, 1, k))
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
