"""The findings of a lint run, held in memory up to :data:`LIMIT` and beyond that in sorted runs
in temporary files, read back merged in report order — so the memory of a run does not grow
with the number of findings (a corpus repeated ten times has ten times the per-card findings).

Iterating gives the findings sorted by :meth:`Finding.sort_key`, equal keys in the order they
were added (as a stable sort of the whole list); it may be done more than once.
"""

from __future__ import annotations

import dataclasses
import heapq
import json
import tempfile
from typing import Iterable, Iterator

from cardlint.findings import Finding

#: findings kept in memory before a sorted run is written out
LIMIT = 10_000


class FindingSpool:
    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.buffer: list[Finding] = []
        self.runs: list = []        # temporary files, one sorted run each (one JSON array a line)
        self.count = 0
        self.names = [f.name for f in dataclasses.fields(Finding)]

    def extend(self, findings: Iterable[Finding]) -> None:
        for f in findings:
            self.buffer.append(f)
            self.count += 1
            if len(self.buffer) >= self.limit:
                self._spill()

    def _spill(self) -> None:
        self.buffer.sort(key=Finding.sort_key)
        fh = tempfile.TemporaryFile("w+", encoding="utf-8", prefix="cardlint-findings-")
        names = self.names
        for f in self.buffer:
            fh.write(json.dumps([getattr(f, n) for n in names], ensure_ascii=False) + "\n")
        fh.flush()
        self.runs.append(fh)
        self.buffer = []

    def _read(self, fh) -> Iterator[Finding]:
        fh.seek(0)
        for line in fh:
            yield Finding(*json.loads(line))

    def __iter__(self) -> Iterator[Finding]:
        self.buffer.sort(key=Finding.sort_key)
        if not self.runs:
            return iter(self.buffer)
        # heapq.merge keeps equal keys in the order of its inputs: the runs in the order written
        return heapq.merge(*(self._read(fh) for fh in self.runs), self.buffer, key=Finding.sort_key)

    def __len__(self) -> int:
        return self.count

    def close(self) -> None:
        for fh in self.runs:
            fh.close()
        self.runs = []
        self.buffer = []
