"""English of earlier eras → today's Oracle wording, before the grammar sees a clause.

The printed English of old printings ("comes into play", "remove … from the game", "Add {G} to your
mana pool", "ocT: …") says what today's Oracle text says in other words.  Reading it onto the same
words gives it the same IR by construction, and keeps one grammar.  The word rules are data
(``grammar/en_old_wordings.tsv``); the two rewrites here are structural: the printed mana-symbol
encoding and colorless mana written as a generic symbol.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardlint.paths import grammar_dir
from cardlint.text.trie import trie_pattern

RULES_FILE = "en_old_wordings.tsv"

# Printed mana symbols of old Gatherer text: "o" before each symbol ("o2oW" is {2}{W}, "ocT" is
# {T}).  A doubled "oo" before the last symbol stands for the cost's lost colon ("o1ooG Regenerate
# ~." is "{1}{G}: Regenerate ~.").  Case matters ("oR" is {R}, "or" a word): this runs before the
# text is lower-cased.
_O_SYMBOLS = re.compile(r"(?<![\w{])((?:oo?(?:cT|[WUBRGCSXYZ]|\d{1,2}))+)(?![\w}])")
_O_ONE = re.compile(r"oo?(cT|[WUBRGCSXYZ]|\d{1,2})")
_COLON_FOLLOWS = re.compile(r"\s*[:,]")
#: the quick test before the full pattern: most clauses have no such symbol
_O_QUICK = re.compile(r"o(?:cT|[WUBRGCSXYZ\d])")

# Colorless mana an ability adds, printed as a generic amount ("Add {1}", "add one colorless mana"):
# Oracle writes {C} for it (2017).  Only right after "add", where a generic symbol cannot mean a cost.
_ADD_COLORLESS = re.compile(r"\badd ((?:\{\d\})+|one colorless mana|two colorless mana|three colorless mana)"
                            r"(?= (?:or|and)\b|[.,]|$)")
_COLORLESS_WORDS = {"one colorless mana": 1, "two colorless mana": 2, "three colorless mana": 3}


#: a printed symbol run cut before one of its symbols ("Flashback o5o|BoB", "Cumulative upkeep o|GoG"): the "o" of the next symbol
#: and a capital after it are one symbol, not a keyword glued to the next ability
_O_RUN_OPEN = re.compile(r"(?<![\w{])(?:oo?(?:cT|[WUBRGCSXYZ]|\d{1,2}))*o$")


def symbol_run_open(fragment: str) -> bool:
    """Does the fragment end inside a printed mana-symbol run ("Morph o3o" of "Morph o3oBoB")?"""
    return fragment.endswith("o") and _O_RUN_OPEN.search(fragment) is not None


def printed_symbols(text: str) -> str:
    """"ocT, o2oW: …" → "{T}, {2}{W}: …" (case-sensitive, before lower-casing)."""
    if not _O_QUICK.search(text):
        return text

    def symbols(m: re.Match) -> str:
        run = m.group(1)
        out = "".join("{" + ("T" if s == "cT" else s) + "}" for s in _O_ONE.findall(run))
        if "oo" in run and m.start() == len(text) - len(text.lstrip()) and not _COLON_FOLLOWS.match(text, m.end()):
            out += ":"
        return out

    return _O_SYMBOLS.sub(symbols, text)


def _colorless(m: re.Match) -> str:
    amount = m.group(1)
    n = _COLORLESS_WORDS.get(amount)
    if n is None:
        n = sum(int(d) for d in re.findall(r"\d", amount)) if amount.count("{") == 1 else None
        if n is None or n > 6:
            return m.group(0)
    return "add " + "{c}" * n


@lru_cache(maxsize=1)
def rules() -> tuple[tuple[re.Pattern, str, tuple, tuple], ...]:
    """(pattern, replacement, gate, start gate) for each line of the rules file.  A rule is tried
    only on a clause that contains one of the gate literals, or starts with one of the start gate's:
    the gate is the rule's third column ("lit|^start|…"), else the longest plain-text run the pattern
    needs; a rule with neither is always tried."""
    out = []
    path = grammar_dir() / RULES_FILE
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) not in (2, 3):
            raise ValueError(f"{path}:{n}:1: a rule is a pattern, a TAB and its replacement (and a TAB and a gate)")
        pattern, replacement = cols[0], cols[1]
        try:
            compiled = re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"{path}:{n}:{(exc.pos or 0) + 1}: {exc.msg}") from None
        gates = cols[2].split("|") if len(cols) == 3 else [_needed_literal(pattern)]
        contains = tuple(g for g in gates if g and not g.startswith("^"))
        starts = tuple(g[1:] for g in gates if g.startswith("^"))
        out.append((compiled, replacement, contains, starts))
    return tuple(out)


_LITERAL_RUN = re.compile(r"(?:[a-z' ~]|\\\s)+")


def _needed_literal(pattern: str) -> str:
    """The longest run of plain characters the pattern must contain, to skip a rule with one ``in``
    test on the (many) clauses that cannot match it.  Only patterns without alternation or optional
    parts outside groups are analysed; otherwise "" (always try)."""
    top, done = pattern.replace("\\(", "").replace("\\)", ""), None
    while done != top:  # groups apart, innermost first
        done, top = top, re.sub(r"\([^()]*\)[?*+]?", "\0", top)
    if "|" in top or "?" in top.replace("(?", ""):
        return ""
    runs = [r.replace("\\s", " ") for r in _LITERAL_RUN.findall(top.replace("\\b", "\0"))]
    runs = [r for r in runs if "\\" not in r]
    best = max(runs, key=len, default="")
    return best.strip() if len(best.strip()) >= 3 else ""


def _required(pattern: re.Pattern) -> tuple[str, ...]:
    """Plain-text runs that every match of the pattern contains (sound, not complete: a run is cut at
    anything but a literal character, a zero-width assertion or a group that must match once) — a
    second gate after the rule's own, so that "play" in "player" does not run a rule that needs
    " spell" as well.  Nothing is derived under IGNORECASE or from a pattern the parser module cannot
    read (then only the rule's gate applies)."""
    try:
        parser = re._parser  # (the stdlib's own reading of the pattern: no second regex grammar here)
        tree = parser.parse(pattern.pattern, pattern.flags)
    except (AttributeError, re.error):
        return ()
    if pattern.flags & re.IGNORECASE:
        return ()
    runs: list[str] = []
    run: list[str] = []

    def cut():
        if len(run) >= 2:
            runs.append("".join(run))
        run.clear()

    def walk(seq) -> None:
        for op, av in seq:
            if op is parser.LITERAL:
                run.append(chr(av))
            elif op is parser.AT:
                continue  # ^ $ \b: zero width, the characters either side are adjacent in the text
            elif op is parser.SUBPATTERN and not av[1] and not av[2]:
                walk(av[3])  # a group without flags of its own: its pattern in line with the rest
            elif op in (parser.MAX_REPEAT, parser.MIN_REPEAT) and av[0] >= 1:
                cut()
                walk(av[2])  # at least once: what one repetition needs, the text has
                cut()
            else:
                cut()
    walk(tree)
    cut()
    return tuple(dict.fromkeys(runs))


@lru_cache(maxsize=1)
def _gates() -> tuple:
    """The rules' gates in the form :func:`_todo` reads fast: one trie pattern of every gate literal (a
    match is the longest literal at its position) with, for each literal, the rules of it and of every
    literal that is its prefix (those are in the text wherever it is); (start, rules) pairs and every
    start; the rules without a gate; and each rule's :func:`_required` runs."""
    contains, starts, always = {}, {}, []
    for i, (_, _, c, s) in enumerate(rules()):
        for g in c:
            contains.setdefault(g, []).append(i)
        for g in s:
            starts.setdefault(g, []).append(i)
        if not c and not s:
            always.append(i)
    finder = re.compile(trie_pattern(contains)) if contains else None
    closure = {lit: tuple(i for g in contains if lit.startswith(g) for i in contains[g]) for lit in contains}
    required = tuple(_required(pattern) for pattern, _, _, _ in rules())
    return (finder, closure, tuple((g, tuple(i)) for g, i in starts.items()), tuple(starts), tuple(always),
            required)


def _todo(text: str, finder, closure, starts, all_starts, always, required, after: int) -> list[int]:
    """The rules after rule ``after`` whose gates the text passes, in order.  The search resumes one
    character after each match, so every position where a gate literal starts is seen."""
    todo = set(always)
    if finder is not None:
        m = finder.search(text)
        while m is not None:
            todo.update(closure[m.group()])
            m = finder.search(text, m.start() + 1)
    if text.startswith(all_starts):
        todo.update(i for g, rules_ in starts if text.startswith(g) for i in rules_)
    return sorted(i for i in todo if i > after and all(r in text for r in required[i]))


def modern_wording(text: str) -> str:
    """The normalised clause with every old wording replaced by today's (see the module doc)."""
    gates = _gates()
    todo = _todo(text, *gates, -1)
    if todo:
        table = rules()
        k = 0
        while k < len(todo):
            i = todo[k]
            pattern, replacement, _, _ = table[i]
            new = pattern.sub(replacement, text)
            k += 1
            if new != text:
                # an earlier rule may write what a later one reads ("into play" → "onto the battlefield"
                # before "put … token onto the battlefield" → "create …"): the later gates see the new text
                text = new
                todo, k = _todo(text, *gates, i), 0
    if "add " in text:
        text = _ADD_COLORLESS.sub(_colorless, text)
    return text
