#!/usr/bin/env python3
"""Generate ``grammar/de_lexicon.lark``: the German word-class terminals of ``grammar/de.lark``.

Sources (rules vocabulary only, no card data):
- ``kb/vocab/de.yaml`` (through :mod:`cardlint.lang.de.words`, which conjugates and declines):
  hand-curated rules vocabulary (types, game nouns, verbs and their separable particles, adjectives,
  function words) and the printed keyword forms the kb lacks;
- ``kb/keywords.yaml``: German keyword names, aliases and printed forms;
- German subtype names: the subtype part of German *type lines* (after "—", and the old
  "Beschwörung eines/einer/von X" form).  Type lines are rules vocabulary (CR 205.3 lists the same
  subtypes in English); nothing about any card's rules text is read.

Every word terminal ends with ``(?![\\w-])`` so it matches whole words only; compounds are matched
by the NOUN regex (stem (+ linking ending) (+ "-") stem …).

Run after kb/vocab/de.yaml, the kb or the corpus changes:  python tools/build_lexicon_de.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cardlint import vocab  # noqa: E402
from cardlint.lang.de import words as W  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "mtg" / "de.jsonl"
END = r"(?![\w\-])"


def alt(words) -> str:
    """A regex matching exactly the given words, as a character trie (compiles and matches far
    faster than a flat alternation of thousands of words); longer words are tried first."""
    trie: dict = {}
    for w in {w for w in words if w}:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node) -> str:
        branches = []
        end = "" in node
        for ch in sorted(k for k in node if k):
            piece = r"\s+" if ch == " " else re.escape(ch)
            branches.append(piece + emit(node[ch]))
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if end else body

    return "(?:" + emit(trie) + ")"


def subtypes() -> set[str]:
    out: set[str] = set()
    if not CORPUS.exists():
        return out
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        t = json.loads(line).get("type", "")
        parts = []
        if "—" in t:
            parts = re.split(r"[\s,]+", t.split("—", 1)[1])
        m = re.match(r"Beschwörung (?:eines|einer|von) (.+)", t)
        if m:
            parts += m.group(1).split()
        for p in parts:
            p = p.strip().lower()
            if re.fullmatch(r"[a-zäöüß][a-zäöüß\-']{1,}", p) and p not in ("legende",):
                out.add(p)
    # subtypes no type line prints (token-only creature types), from the vocabulary file
    out |= set(vocab.table("de").get("subtype_names") or {})
    return out


def keyword_names() -> list[str]:
    names: set[str] = set()
    for f in vocab.keyword_forms("de"):
        if f.source == "vocab" or ("…" not in f.text and "[" not in f.text):
            names.add(f.text.lower())
        elif f.source == "name" and "…" in f.text:
            names.add(f.text.replace("…", "").strip().lower())
    # words the grammar reads as keyword names without naming a keyword alone ("Stufe 1-3")
    names |= set(vocab.table("de")["keywords"]["lexicon_only"])
    return sorted(names)


def noun_regex(stems: set[str]) -> str:
    # a stem may carry a linking/inflection ending inside a compound and at the end
    link = r"(?:en|n|s|es|e|er|ern)?"
    stem = alt(stems)
    part = stem + link
    # a hyphenated compound may start with a name or subtype the lexicon does not know
    # ("Saproling-Spielstein", "Servo-Artefaktkreaturenspielstein")
    return (r"(?:nicht-?)?(?:[a-zäöüß]+-)?(?:(?:" + part + r")-?)*" + stem + r"(?:en|n|s|es|e|er|ern|innen|in|ens)?")


#: words the grammar uses as literals in one role only (kept out of every word class)
NOT_CLASSED = set(vocab.table("de")["not_classed"])
#: verbs the grammar names as literals (continuous-effect and auxiliary verbs)
SPECIAL_VERBS = set(vocab.table("de")["grammar_verbs"])


def main() -> None:
    st = subtypes()
    noun_stems = set(W.TYPE_STEMS) | set(W.SUPERTYPE_STEMS) | set(W.OBJ_NOUNS) | set(W.PLAYER_NOUNS) \
        | set(W.ZONE_NOUNS) | set(W.OTHER_NOUN_STEMS) | set(W.BASIC_LAND_TYPES) | st
    noun_stems |= {"marke", "spielmarke", "kreaturenspielstein", "artefaktspielstein"}
    # umlaut plurals of subtype names ("Sumpf" → "Sümpfe", "Wald" → "Wälder")
    for st_ in list(st):
        m = re.match(r"^(.*)([aou])(.*)$", st_)
        if m:
            noun_stems.add(m.group(1) + {"a": "ä", "o": "ö", "u": "ü"}[m.group(2)] + m.group(3))
    # counter names are compounds "<x>marke": allow any lower-case word before -marke
    verbs = W.verb_forms()
    closed = set(W.ARTICLES) | set(W.DETERMINERS) | set(W.PRONOUNS) | set(W.PREPOSITIONS) \
        | set(W.CONJUNCTIONS) | set(W.SUBORDINATORS) | {w for w in W.NUMBERS if " " not in w}
    adv = set(W.ADVERBS) - closed
    verb_words = {v for v in verbs if v not in closed and re.fullmatch(r"[a-zäöüß]+", v)}
    adj_words = set()
    adj_base = set()   # uninflected (predicative) forms: "ist blau", "kommt getappt ins Spiel"
    for s in list(W.ADJ_STEMS) + list(W.COLORS):
        adj_base.add(s)
        for e in W.ADJ_ENDINGS:
            if e:
                adj_words.add(s + e)
    for s in W.COLORS:
        adj_words.add("nicht" + s)
        for e in W.ADJ_ENDINGS:
            adj_words.add("nicht" + s + e)
            adj_words.add("nicht-" + s + e)
    for s in W.COLORS:
        adj_base.add("nicht" + s)
    adj_words |= W.participle_adjectives()
    adj_words -= closed
    adj_words -= verb_words
    adj_base -= closed | adj_words | NOT_CLASSED
    # a participle that is also a finite form ("bestimmt", "verzaubert") stays a verb
    adj_base -= {v for v in verb_words if not v.startswith("ge")}
    adj_words -= NOT_CLASSED
    verb_words -= adj_base
    adv -= adj_words | adj_base | NOT_CLASSED
    adv -= verb_words
    kws = keyword_names()
    # verbs the grammar names as literals (continuous-effect and auxiliary verbs) stay out of VERB,
    # so that one token never reduces to two different rules
    verb_class = verb_words - SPECIAL_VERBS
    all_verbs = alt(verb_words | SPECIAL_VERBS)
    no_special = "(?!" + alt(SPECIAL_VERBS) + END + ")"
    # Priorities: every class stays below the grammar's word literals (3, see loader.bound_literals)
    # and the multi-word phrase tokens of de.lark (7-9); within the classes the closed classes win.
    lines = [
        "// GENERATED by tools/build_lexicon_de.py from kb/vocab/de.yaml, kb/keywords.yaml",
        "// and the subtypes of German type lines — do not edit by hand.",
        "",
        f"KW.2: /{alt(kws)}{END}/",
        f"ART.1: /{alt(W.ARTICLES)}{END}/",
        f"DET.1: /{alt(set(W.DETERMINERS) - set(W.ARTICLES))}{END}/",
        f"PRON.1: /{alt(p.replace('_p', '') for p in W.PRONOUNS)}{END}/",
        f"PREP.1: /{alt(W.PREPOSITIONS)}{END}/",
        f"CONJ.1: /{alt(W.CONJUNCTIONS)}{END}/",
        f"SUB.1: /{alt(W.SUBORDINATORS)}{END}/",
        f"NUM.1: /{alt(w for w in W.NUMBERS)}{END}/",
        f"VERB.0: /{alt(verb_class)}{END}/",
        f"ADJ.0: /{alt(adj_words)}{END}/",
        f"ADJ_BASE.0: /{alt(adj_base)}{END}/",
        f"ADV.0: /{alt(a.replace('_a', '') for a in adv)}{END}/",
        f"PARTICLE.2: /{alt(W.PARTICLES)}(?=\\s*(?:[.,;:\"•»]|$|und\\b|oder\\b|—))/",
        f"NOUN.-1: /{noun_regex(noun_stems)}{END}/",
        r"COUNTER_NOUN.-1: /(?:[a-zäöüß]+-?)?(?:spiel)?marken?" + END + "/",
        "// a token is named by any word before \"-spielstein\" (\"Saprolingspielstein\", like the counters' \"-marke\")",
        r"TOKEN_NOUN.-1: /[a-zäöüß]+spielstein(?:e|en|s)?" + END + "/",
        r"ADJ_MORPH.-2: /" + no_special + r"[a-zäöüß]+(?:isch|ig|lich|bar|los|haft|sam|end|ent|ant|iert|ell|al|iv|är)(?:e|en|em|er|es)" + END + "/",
        r"ADJ_MORPH_BASE.-2: /" + no_special + r"[a-zäöüß]+(?:isch|ig|lich|bar|los|haft|sam|end|ent|ant|iert|ell|al|iv|är)" + END + "/",
        r"NOUN_MORPH.-2: /" + no_special + r"[a-zäöüß]+(?:ung|heit|keit|schaft|tum|nis|ling|ion|tät|ität|ismus)(?:en|s)?" + END + "/",
        "// a comma or coordinator followed by a finite verb starts the next predicate (LALR(1) decides there)",
        f"COMMA_V.6: /,(?=\\s*{all_verbs}{END})/",
        f"AND_V.6: /(?:,\\s*)?(?:und|oder|sowie)(?:\\s+(?:dann|danach))?(?=\\s+{all_verbs}{END})/",
        f"THEN_V.6: /(?:,\\s*)?(?:dann|danach|anschließend)(?=\\s+{all_verbs}{END})/",
        "// \"und\" before a keyword continues a list of abilities, not the keyword's parameter",
        f"AND_KW.7: /und(?=\\s+{alt(kws)}{END})/",
    ]
    out = ROOT / "grammar" / "de_lexicon.lark"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(noun_stems)} noun stems, {len(verb_words)} verb forms, {len(adj_words)} adjective forms, "
          f"{len(kws)} keyword names)")


if __name__ == "__main__":
    main()
