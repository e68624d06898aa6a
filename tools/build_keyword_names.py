"""Keyword names the glossary lacks, read from the printed cards of the corpora.

For every CR 702 keyword whose de/ja/zh-Hans cell in ``glossary-mtg.tsv`` is empty, the printings
of ``../shared/corpus/mtg/<lang>.jsonl`` whose English printed text has as many lines as the
translation are paired line by line (the glossary's CARD method).  An English line that is the
keyword alone — its name (or a name of its land-specific forms, e.g. Swampwalk), an optional short
parameter and reminder text, no sentence — gives the translated line with its reminder text cut
as a candidate.  A keyword without a parameter takes the candidate most printings carry among the
newer half of its printings (by multiverse id); a keyword whose printed forms differ by their
parameter (Enchant creature / Enchant land, the five landwalks) takes what its forms share — a
leading word ("Beschütze …") or a common ending ("…tarnung") — voted the same way.

Writes ``kb/keyword_names_printed.tsv`` (cr, keyword_en, lang, name, count, total, example_card,
example_set); ``tools/build_kb.py`` fills the empty glossary cells from it (source code PRINTED).

    python tools/build_keyword_names.py [--corpus DIR] [--check]
"""

from __future__ import annotations

import argparse
import collections
import csv
import io
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "mtg"
SOURCES = ROOT.parent / "shared" / "kb-sources"
OUT = ROOT / "kb" / "keyword_names_printed.tsv"
LANGS = {"de": "de", "ja": "ja", "zh-Hans": "zh-Hans"}
CJK = ("ja", "zh-Hans")
REMINDER = re.compile(r"\s*[（(].*$")   # reminder text, and anything glued after it
COLUMNS = ["cr", "keyword_en", "lang", "name", "count", "total", "example_card", "example_set"]


def load_keywords() -> list[dict]:
    import yaml

    data = yaml.safe_load((ROOT / "kb" / "keywords.yaml").read_text(encoding="utf-8"))
    return data["keywords"] if isinstance(data, dict) else data


def glossary_gaps() -> dict[str, set[str]]:
    """cr → languages whose glossary cell is empty."""
    gaps: dict[str, set[str]] = {}
    with open(SOURCES / "glossary-mtg.tsv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if row["key"].startswith("kw:"):
                gaps[row["cr"]] = {lang for lang in LANGS if not (row.get(lang) or "").strip()}
    return gaps


def english_forms(kw: dict) -> list[str]:
    """The names a keyword line may start with: the keyword's own, or its land-specific forms."""
    forms = [f for f in kw["aliases"]["en"] if f.lower().endswith("walk")]
    return forms or [kw["name"]]


def keyword_line(line: str, forms: list[str], parameterised: bool) -> str | None:
    """The English parameter ("" for none) when ``line`` is the keyword alone, else None."""
    body = REMINDER.sub("", line).strip()
    if not body or body.endswith("."):
        return None
    for form in forms:
        if body.lower() == form.lower():
            return form if len(forms) > 1 else ""
        if parameterised and body.lower().startswith(form.lower() + " "):
            rest = body[len(form) + 1:]
            if len(rest.split()) <= 4:
                return rest.lower()
    return None


def common(cands: list[str], lang: str) -> str | None:
    """What the printed forms share: a leading part ("Beschütze …") or an ending ("…tarnung")."""
    if len(set(cands)) < 2:
        return None
    prefix = cands[0]
    suffix = cands[0]
    for c in cands[1:]:
        while not c.startswith(prefix):
            prefix = prefix[:-1]
        while not c.endswith(suffix):
            suffix = suffix[1:]
    if lang not in CJK:
        prefix = prefix[:prefix.rfind(" ")] if " " in prefix else ""   # whole words only
    best = max((prefix, "p"), (suffix, "s"), key=lambda x: len(x[0].strip()))
    text, side = best[0].strip(), best[1]
    if len(text) < (2 if lang in CJK else 4):
        return None
    gap = "…" if lang in CJK else " …"
    return text + gap if side == "p" else "…" + text


def derive(lang: str, keywords: list[dict], gaps: dict[str, set[str]], corpus: Path) -> list[dict]:
    todo = [k for k in keywords if lang in gaps.get(k["rule"], set())]
    specs = [(k, english_forms(k), bool(k["parameters"]) or len(english_forms(k)) > 1) for k in todo]
    seen: dict[str, list[tuple[int, str, str, str, str]]] = collections.defaultdict(list)
    with open(corpus / f"{lang}.jsonl", encoding="utf-8") as fh:
        for raw in fh:
            card = json.loads(raw)
            en = (card.get("en_printed_text") or "").split("\n")
            tr = (card.get("text") or "").split("\n")
            if len(en) != len(tr):
                continue
            for e, t in zip(en, tr):
                for kw, forms, param in specs:
                    p = keyword_line(e, forms, param)
                    if p is None:
                        continue
                    cand = REMINDER.sub("", t).strip()
                    if cand:
                        seen[kw["rule"]].append((card.get("multiverseId") or 0, p, cand, card["name"],
                                                 card.get("set") or ""))
    rows = []
    for kw, forms, param in specs:
        lines = seen.get(kw["rule"])
        if not lines:
            continue
        lines.sort(key=lambda x: x[0])
        newer = lines[len(lines) // 2:]
        if param:
            by_param = collections.defaultdict(collections.Counter)
            for _mv, p, cand, _n, _s in lines:
                by_param[p][cand] += 1
            # one form per parameter and era: generalize each newer form against the other parameters'
            votes = collections.Counter()
            for _mv, p, cand, _n, _s in newer:
                others = [c for q, cs in by_param.items() if q != p for c in cs]
                shared = [g for g in (common([cand, o], lang) for o in others) if g]
                if shared:
                    votes[collections.Counter(shared).most_common(1)[0][0]] += 1
            if not votes:
                continue
            # every printed form of the winning family, generalized together ("Verzaubert eine …"
            # and "Verzaubert ein …" are one family: "Verzaubert …")
            won = votes.most_common(1)[0][0]
            head = won.strip("… ").split()[0] if lang not in CJK and won.endswith("…") else None
            family = sorted({x[2] for x in lines if (x[2].startswith(head + " ") if head else
                                                     won.strip("… ") in x[2])})
            name = common(family, lang) or won
            stem = name.strip("… ")
            support = [x for x in lines if stem in x[2]]
        else:
            votes = collections.Counter(x[2] for x in newer)
            name = votes.most_common(1)[0][0]
            support = [x for x in lines if x[2] == name]
        example = support[-1]
        rows.append({"cr": kw["rule"], "keyword_en": kw["name"], "lang": lang, "name": name,
                     "count": len(support), "total": len(lines), "example_card": example[3],
                     "example_set": example[4]})
    return rows


def render(rows: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, delimiter="\t", lineterminator="\n")
    w.writeheader()
    for r in sorted(rows, key=lambda r: (float(r["cr"].split(".")[1]), r["lang"])):
        w.writerow(r)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--check", action="store_true", help="compare with the committed file instead of writing")
    args = ap.parse_args(argv)
    keywords, gaps = load_keywords(), glossary_gaps()
    text = render([r for lang in LANGS for r in derive(lang, keywords, gaps, args.corpus)])
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.relative_to(ROOT)} is {'up to date' if same else 'stale: run tools/build_keyword_names.py'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
