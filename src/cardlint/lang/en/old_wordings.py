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


@lru_cache(maxsize=1)
def _gates() -> tuple[tuple, tuple, tuple, tuple]:
    """The rules' gates flattened, so that a clause is tested against each literal once: (literal,
    rule) pairs, (start, rule) pairs, every start, the rules without a gate."""
    contains, starts, always = [], [], []
    for i, (_, _, c, s) in enumerate(rules()):
        contains += [(g, i) for g in c]
        starts += [(g, i) for g in s]
        if not c and not s:
            always.append(i)
    return tuple(contains), tuple(starts), tuple(g for g, _ in starts), tuple(always)


def _todo(text: str, contains, starts, all_starts, always, after: int) -> set[int]:
    """The rules after rule ``after`` whose gate the text passes."""
    todo = {i for g, i in contains if i > after and g in text}
    if text.startswith(all_starts):
        todo.update(i for g, i in starts if i > after and text.startswith(g))
    todo.update(i for i in always if i > after)
    return todo


def modern_wording(text: str) -> str:
    """The normalised clause with every old wording replaced by today's (see the module doc)."""
    contains, starts, all_starts, always = _gates()
    todo = _todo(text, contains, starts, all_starts, always, -1)
    if todo:
        table = rules()
        while todo:
            i = min(todo)
            pattern, replacement, _, _ = table[i]
            new = pattern.sub(replacement, text)
            if new == text:
                todo.discard(i)
                continue
            # an earlier rule may write what a later one reads ("into play" → "onto the battlefield"
            # before "put … token onto the battlefield" → "create …"): the later gates see the new text
            text = new
            todo = _todo(text, contains, starts, all_starts, always, i)
    if "add " in text:
        text = _ADD_COLORLESS.sub(_colorless, text)
    return text
