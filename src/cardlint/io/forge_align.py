"""Which Oracle clause(s) a Forge script line's ``Description$`` implements: word overlap between
the description and each clause (shared by ``cardlint lint`` and ``tools/evaluate.py``)."""

from __future__ import annotations

import re


def description_words(text: str, name: str) -> list[str]:
    """The words a Forge ``Description$`` or an Oracle clause is compared by: the card's name for
    ``CARDNAME``/``NICKNAME``, reminder text dropped, lower case, every character but letters, digits, ``+`` and ``/`` a space."""
    text = text.replace("CARDNAME", name).replace("NICKNAME", name.split(",")[0])
    text = re.sub(r"\([^)]*\)", "", text)
    return re.sub(r"[^a-z0-9+/ ]", " ", text.lower()).split()


def align(desc: str, clauses: list, name: str, threshold: float = 0.6):
    """Index of the clause whose words overlap the script's Description$ most (Jaccard ≥
    ``threshold``), or None.  ``clauses`` are dicts with ``"text"`` or objects with ``.text``."""
    level = _LEVEL_DESC.match(desc.strip())
    if level:
        return _align_level(level.group(1), clauses)
    d = description_words(desc, name)
    if not d:
        return None
    ds = set(d)
    best, best_score = None, 0.0
    for i, c in enumerate(clauses):
        text = c["text"] if isinstance(c, dict) else c.text
        cw = set(description_words(text, name))
        if not cw:
            continue
        score = len(ds & cw) / max(len(ds | cw), 1)
        if score > best_score:
            best, best_score = i, score
    return best if best_score >= threshold else None


def align_span(desc: str, clauses: list, name: str, threshold: float = 0.6, longest: int = 3) -> list[int] | None:
    """Like :func:`align`, but a ``Description$`` may also cover a run of up to ``longest``
    consecutive clauses (Forge often implements "Enchanted creature has flying. Enchanted creature
    can block only creatures with flying." with one line): the indices of the best run, or None."""
    if _LEVEL_DESC.match(desc.strip()):
        i = align(desc, clauses, name, threshold)
        return None if i is None else [i]
    d = set(description_words(desc, name))
    if not d:
        return None
    words = [set(description_words(c["text"] if isinstance(c, dict) else c.text, name)) for c in clauses]
    best, best_score = None, 0.0
    for i in range(len(words)):
        run: set = set()
        for j in range(i, min(i + longest, len(words))):
            run |= words[j]
            if not run:
                continue
            score = len(d & run) / max(len(d | run), 1)
            if score > best_score + 1e-9:
                best, best_score = list(range(i, j + 1)), score
    return best if best_score >= threshold else None


_LEVEL_DESC = re.compile(r"LEVEL (\d+(?:-\d+|\+))", re.IGNORECASE)
_PT_BOX = re.compile(r"^[+\-]?(?:\d+|\*)/[+\-]?(?:\d+|\*)$")


def _align_level(level: str, clauses: list):
    """A leveler's striation line ("LEVEL 1-4 4/4 …") declares the striation's static ability
    (CR 711.2b): the clause that starts with the matching level symbol (the segmentation keeps a
    striation in one clause; a text segmented line by line gives the P/T box after the symbol)."""
    texts = [(c["text"] if isinstance(c, dict) else c.text).strip() for c in clauses]
    for i, t in enumerate(texts):
        if t.split("\n", 1)[0].strip().lower() == f"level {level}".lower():
            if "\n" not in t and i + 1 < len(texts) and _PT_BOX.match(texts[i + 1]):
                return i + 1
            return i
    return None
