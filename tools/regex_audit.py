"""Every regular expression cardlint uses on card text, run against adversarial strings with a
time limit: catastrophic backtracking (a pattern whose time grows faster than the square of the
input) shows up as a search that takes longer than ``--limit`` seconds on ``--length`` characters.

Patterns are collected systematically, two ways:
- every ``re.Pattern`` reachable from the globals and classes of every ``cardlint`` module
  (inside dicts, lists, tuples and sets too);
- every pattern of the fallback's cue tables (``kb/fallback/<lang>.yaml``);
- every pattern compiled while the pipeline classifies a sample of card texts in every language
  and the Yu-Gi-Oh! front end (``re.compile``/``re.search``/… with a string and Lark's terminals
  all go through ``re._compile``, which is wrapped while the sample runs).

    python tools/regex_audit.py [--length 2000] [--limit 0.1] [--progress FILE]

prints the number of patterns and strings tried and every slow (pattern, string) pair.  A pair is
slow when the search takes more than ``--limit`` seconds; it is *catastrophic* when it takes more
than ``--max`` seconds, or when halving the string does not cut the time by more than 6× (a
quadratic search — ".*" tried from every start — cuts it by 4×, a cubic one by 8×).  Exit 1 if any
pair is catastrophic.  ``tests/test_regex_bounds.py`` runs it in a child process with an overall timeout (a hung
search cannot be interrupted inside the regex engine)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
from re import _parser as sre_parse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

SAMPLE = {
    "en": ["Flying", "Creatures you control get +1/+1.", "Enchanted creature gets +2/+2 and has flying.",
           "When this creature enters, draw a card.", "{T}: Add {G}.", "Protection from red, from blue and from green"],
    "de": ["Fliegend", "Kreaturen, die du kontrollierst, erhalten +1/+1.", "Verzaubertes Land ist ein Gebirge.",
           "Wenn diese Kreatur ins Spiel kommt, ziehe eine Karte.", "Schutz vor Rot, Blau, Grün und Weiß"],
    "ja": ["飛行", "あなたがコントロールするクリーチャーは+1/+1の修整を受ける。", "エンチャントされているクリーチャーは飛行を持つ。"],
    "zh-Hans": ["飞行", "由你操控的生物得+1/+1。", "所结附的生物具有飞行异能。"],
}
YGO_SAMPLE = {
    "en": ["If this card is sent to the GY: You can add 1 monster with 1500 or less ATK from your Deck to your hand.",
           "When this card is Normal Summoned: Target 1 monster on the field; destroy it."],
    "de": ["Wenn diese Karte auf den Friedhof gelegt wird: Du kannst 1 Monster zu deiner Hand hinzufügen."],
    "ja": ["①：このカードが墓地へ送られた場合に発動できる。デッキからカードを１枚ドローする。"],
    "zh-Hans": ["①：这张卡被送去墓地的场合才能发动。从卡组抽1张。"],
}

CHARS = [" ", "a", "1", ",", ".", ";", ":", "{", "}", "[", "]", "(", ")", "「", "」", "『", "』", "、", "。",
         "，", "の", "を", "\n", "・", "-", "'", '"', "+", "/", "●", "①", "X", "—", "：", "（", "）"]


#: where a pattern compiled during the sample came from: lexer terminals are tried with .match() at
#: a token start (how the lexers use them), everything else with .search()
TERMINAL_SOURCES = ("/lark/", "/cardlint/speed/first_match.py", "/cardlint/speed/wordlexer.py", "/cardlint/speed/rewrite.py")
TERMINALS: set[tuple[str, int]] = set()


def collect(run_sample: bool = True) -> dict[tuple[str, int], re.Pattern]:
    import cardlint

    found: dict[tuple[str, int], re.Pattern] = {}

    def add(p):
        if isinstance(p, re.Pattern) and isinstance(p.pattern, str):
            found.setdefault((p.pattern, p.flags), p)

    def walk(v, depth=0):
        if isinstance(v, re.Pattern):
            add(v)
        elif depth < 3 and isinstance(v, dict):
            for x in list(v.values()):
                walk(x, depth + 1)
        elif depth < 3 and isinstance(v, (list, tuple, set, frozenset)):
            for x in list(v):
                walk(x, depth + 1)

    compiled: list = []
    if run_sample:
        real = re._compile

        def spy(pattern, flags):
            p = real(pattern, flags)
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.endswith(("re/__init__.py", "re\\__init__.py")):
                frame = frame.f_back
            origin = frame.f_code.co_filename.replace("\\", "/") if frame is not None else ""
            if "/cardlint/" in origin or "/lark/" in origin:      # not the standard library's own patterns
                compiled.append(p)
                if any(s in origin for s in TERMINAL_SOURCES):
                    TERMINALS.add((p.pattern, p.flags))
            return p

        re._compile = spy
        try:
            _run_sample()
        finally:
            re._compile = real
    for info in pkgutil.walk_packages(cardlint.__path__, "cardlint."):
        if info.name.endswith("__main__"):
            continue
        try:
            mod = importlib.import_module(info.name)
        except Exception:  # noqa: BLE001 - a module that cannot be imported here holds no pattern we use
            continue
        for v in list(vars(mod).values()):
            walk(v)
            if isinstance(v, type) and v.__module__ == mod.__name__:
                for x in list(vars(v).values()):
                    walk(x)
    for p in compiled:
        add(p)
    for p in _cue_table_patterns():
        add(p)
    return found


def _cue_table_patterns() -> list[re.Pattern]:
    """The fallback's cue tables (kb/fallback/<lang>.yaml), each compiled as its front end does."""
    from cardlint.lang.fallback import table_languages, table_patterns
    from cardlint.lang.frontend import frontend

    return [p for lang in table_languages() for p in table_patterns(frontend(lang).cue_table)]


def _run_sample() -> None:
    from cardlint.pipeline import classify_text
    from cardlint.ygo import classify as ygo_classify

    for lang, texts in SAMPLE.items():
        for t in texts:
            classify_text(t, lang)
            classify_text(t + " " + t[::-1], lang)      # unparsed: the fallback's patterns too
    for lang, texts in YGO_SAMPLE.items():
        for t in texts:
            ygo_classify(t, lang)


def _literals(pattern: str, flags: int) -> list[str]:
    """Literal runs of the pattern (the words it looks for), to build strings near its language."""
    out: list[str] = []
    try:
        tree = sre_parse.parse(pattern, flags)
    except Exception:  # noqa: BLE001
        return out

    def walk(items):
        run = ""
        for op, av in items:
            if op is sre_parse.LITERAL:
                run += chr(av)
                continue
            if run:
                out.append(run)
                run = ""
            if op in (sre_parse.SUBPATTERN,):
                walk(av[-1])
            elif op in (sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT, sre_parse.POSSESSIVE_REPEAT):
                walk(av[2])
            elif op is sre_parse.BRANCH:
                for b in av[1]:
                    walk(b)
            elif op in (sre_parse.ASSERT, sre_parse.ASSERT_NOT):
                walk(av[1])
        if run:
            out.append(run)

    walk(tree.data if hasattr(tree, "data") else tree)
    seen, uniq = set(), []
    for w in out:
        if w.strip() and w not in seen:
            seen.add(w)
            uniq.append(w)
    return uniq[:12]


def adversarial(pattern: str, flags: int, length: int) -> list[str]:
    strings = [c * length for c in CHARS]
    half = length // 2
    strings += ["{" * half + "}" * half, "[" * half + "]" * half, "(" * half + ")" * half, "「" * half + "」" * half,
                "a " * half, ", a" * (length // 3), "1," * half, "a1" * half, " ," * half, "a, " * (length // 3)]
    for w in _literals(pattern, flags):
        n = max(1, length // (len(w) + 2))
        strings += [w * n, (w + " ") * n, (w + ", ") * n, w + " " * length, w + "1" * length]
    return [s[: length * 2] for s in strings]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--length", type=int, default=2000)
    ap.add_argument("--limit", type=float, default=0.05, help="seconds per search worth a second look")
    ap.add_argument("--max", type=float, default=1.0, help="seconds per search that fail at once")
    ap.add_argument("--growth-from", type=float, default=0.25,
                    help="seconds from which a faster-than-quadratic growth fails")
    ap.add_argument("--progress", help="write the pattern being tried to this file (for a watchdog)")
    ap.add_argument("--no-sample", action="store_true", help="module-level patterns only")
    args = ap.parse_args(argv)
    patterns = collect(run_sample=not args.no_sample)
    slow, tried = [], 0
    prog = open(args.progress, "w", encoding="utf-8") if args.progress else None
    for (src, flags), p in sorted(patterns.items(), key=lambda kv: kv[0]):
        if len(src) > 20000:   # Lark's all-terminals union: its members are audited one by one
            continue
        for s in adversarial(src, flags, args.length):
            if prog:
                prog.seek(0)
                prog.write(f"{src[:300]!r}\t{s[:40]!r}\n")
                prog.truncate()
                prog.flush()
            run = p.match if (src, flags) in TERMINALS else p.search
            t = time.perf_counter()
            run(s)
            dt = time.perf_counter() - t
            tried += 1
            if dt > args.limit:
                slow.append((dt, src, s))
    bad = []
    for dt, src, s in slow:
        p = patterns[next(k for k in patterns if k[0] == src)]
        quarter = _best(p, s[: len(s) // 4])
        full = _best(p, s)
        ratio = full / quarter if quarter > 0 else float("inf")
        if full > args.max or (ratio > 64 and full > args.growth_from):
            bad.append((full, ratio, src, s))
    print(f"patterns: {len(patterns)}  searches: {tried}  over {args.limit} s on {args.length} chars: {len(slow)}  "
          f"catastrophic (> {args.max} s, or time growing like the cube of the length or faster): {len(bad)}")
    for dt, ratio, src, s in sorted(bad, reverse=True)[:50]:
        print(f"  {dt:.2f} s (x{ratio:.1f} for four times the length)  {src[:160]!r}  on {s[:30]!r}…")
    return 1 if bad else 0


def _best(p: re.Pattern, s: str, tries: int = 3) -> float:
    best = float("inf")
    run = p.match if (p.pattern, p.flags) in TERMINALS else p.search
    for _ in range(tries):
        t = time.perf_counter()
        run(s)
        best = min(best, time.perf_counter() - t)
    return best


if __name__ == "__main__":
    raise SystemExit(main())
