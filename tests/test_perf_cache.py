"""The speed-ups must not change answers: the on-disk parser cache (lazily decoded parse table), the
word lexer's per-state and first-character narrowing, the parse memo for repeated clause texts, the
regex-free self-reference replacement, and the one-subcommand CLI parser."""

from __future__ import annotations

import random
import re
import string

import pytest
from lark import Lark

from cardlint.parse import loader
from cardlint.parse.wordlexer import WordLexer, _first_chars
from cardlint.text.selfref import SELF, _replace_ascii, replace_names

# A small grammar in the shape the real ones have: word literals made whole words by
# bound_literals, a word class that also contains a literal, symbols and a multi-word terminal.
GRAMMAR = r'''
start: sentence+
sentence: subject VERB object "." -> clause
        | COST_MARK cost ":" subject VERB object "." -> activated
subject: "target" TYPE_WORD | SELF | "each" "opponent" | "each" "creature"
object: "a" TYPE_WORD | NUMBER "damage" | MANA+
cost: MANA+ | TAP
TYPE_WORD: /(?:creatures?|artifacts?|lands?)\b/
VERB: /(?:deals|sacrifices|destroys|gets)\b/
NUMBER: /\d+/
MANA: /\{[wubrgc0-9x]\}/
TAP: "{t}"
SELF: "~"
COST_MARK: "§"
%ignore " "
'''

SENTENCES = [
    "~ deals 3 damage.",
    "target creature gets {2}{g}.",
    "each opponent sacrifices a creature.",
    "§ {t}: ~ destroys a land.",
    "§ {1}{r}: target creature deals 2 damage.",
    "target artifacts gets {x}.",
]
BAD = ["~ deals damage.", "target {t} gets", "each opponent sacrifices a creaturex.", "~ ~", "", "{zz}"]


def _build(text: str = GRAMMAR, lexer=WordLexer) -> Lark:
    return Lark(loader.bound_literals(text), parser="lalr", lexer=lexer, maybe_placeholders=False)


def _outcome(parser: Lark, text: str):
    try:
        return ("tree", parser.parse(text))
    except Exception as exc:  # noqa: BLE001 — the exception's kind and place are the answer
        return ("error", type(exc).__name__, getattr(exc, "column", None), str(getattr(exc, "token", "")))


@pytest.fixture()
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLINT_CACHE_DIR", str(tmp_path))
    return tmp_path


# --- parser cache --------------------------------------------------------------------------------

@pytest.mark.parametrize("lexer", [WordLexer, "contextual", "basic"])
def test_cached_parser_gives_the_same_trees_and_errors(cache_dir, lexer):
    # Lark's contextual lexer reads the whole table when it is built (the German, Chinese and
    # Yu-Gi-Oh! grammars use it): the loaded table must be in place by then
    built = _build(lexer=lexer)
    file, key = cache_dir / "t.parser", "k" * 64
    loader._save_parser(built, file, key)
    cached = loader._load_parser(file, key, {})
    assert cached is not None
    assert isinstance(cached.parser.parser._parse_table.states, loader._LazyStates)
    for text in SENTENCES + BAD:
        assert _outcome(cached, text) == _outcome(built, text), text
    assert _outcome(cached, SENTENCES[0])[0] == "tree"


def test_lazy_states_equal_the_built_table(cache_dir):
    built = _build()
    file, key = cache_dir / "t.parser", "k" * 64
    loader._save_parser(built, file, key)
    lazy = loader._load_parser(file, key, {}).parser.parser._parse_table.states
    full = built.parser.parser._parse_table.states
    assert len(lazy) == len(full)
    assert 0 in lazy and len(full) not in lazy and lazy.get(len(full)) is None
    with pytest.raises(KeyError):
        lazy[len(full)]
    # same actions, rules compared by their content (the cached parser has its own Rule objects)
    as_text = lambda states: {s: {t: (str(a), str(r)) for t, (a, r) in row.items()} for s, row in states.items()}
    assert as_text(lazy) == as_text(full)


@pytest.mark.parametrize("damage", [
    b"",                                            # empty file
    b"not a cache file at all",                     # foreign content
    "{header}\n\x80\x03garbage",                    # right header, corrupt body
    "{header}\n",                                   # right header, no body
])
def test_corrupt_or_foreign_cache_file_means_rebuild(cache_dir, damage):
    file, key = cache_dir / "t.parser", "k" * 64
    header = (loader._FORMAT + b" " + key.encode()).decode()
    file.write_bytes(damage if isinstance(damage, bytes) else damage.format(header=header).encode("latin-1"))
    assert loader._load_parser(file, key, {}) is None


def test_stale_cache_key_is_not_used(cache_dir):
    file = cache_dir / "t.parser"
    loader._save_parser(_build(), file, "a" * 64)
    assert loader._load_parser(file, "a" * 64, {}) is not None
    assert loader._load_parser(file, "b" * 64, {}) is None
    assert loader._load_parser(cache_dir / "missing.parser", "a" * 64, {}) is None


def test_cache_key_follows_the_grammar_and_not_object_addresses(tmp_path):
    g = tmp_path / "g.lark"
    g.write_text(GRAMMAR, encoding="utf-8")

    class PostLex:
        pass

    opts = {"parser": "lalr", "lexer": WordLexer, "postlex": PostLex()}
    key = loader._cache_key(g, "start", opts, True)
    assert loader._cache_key(g, "start", dict(opts, postlex=PostLex()), True) == key  # another instance
    assert loader._cache_key(g, "sentence", opts, True) != key
    assert loader._cache_key(g, "start", opts, False) != key
    g.write_text(GRAMMAR + "\n// edited\n", encoding="utf-8")
    assert loader._cache_key(g, "start", opts, True) != key


def test_load_grammar_writes_and_reuses_the_cache(cache_dir, tmp_path, monkeypatch):
    grammars = tmp_path / "grammar"
    grammars.mkdir()
    (grammars / "toy.lark").write_text(GRAMMAR, encoding="utf-8")
    monkeypatch.setattr(loader, "grammar_dir", lambda: grammars)
    loader.load_grammar.cache_clear()
    try:
        parser = loader.load_grammar("toy.lark", lexer="words")
        files = list(cache_dir.glob("toy-*.parser"))
        assert len(files) == 1
        loader.load_grammar.cache_clear()
        again = loader.load_grammar("toy.lark", lexer="words")
        assert isinstance(again.parser.parser._parse_table.states, loader._LazyStates)
        for text in SENTENCES + BAD:
            assert _outcome(again, text) == _outcome(parser, text)
        files[0].write_bytes(files[0].read_bytes()[:100])  # truncated by a crash: rebuilt, then rewritten
        loader.load_grammar.cache_clear()
        third = loader.load_grammar("toy.lark", lexer="words")
        assert _outcome(third, SENTENCES[3]) == _outcome(parser, SENTENCES[3])
        rewritten_key = files[0].read_bytes().partition(b"\n")[0].split(b" ", 1)[1].decode()
        assert loader._load_parser(files[0], rewritten_key, {}) is not None
    finally:
        loader.load_grammar.cache_clear()


# --- word lexer ------------------------------------------------------------------------------------

FIRST_CASES = [
    r"(?i:\{t\})", r"(?<![\w'])(?:ab|cd)s?", r",\s*and(?![a-z])", r"\b(?:i|ii|iv)\b(?=\s*,)",
    r"[a-z][a-z' ]*(?=\s*—)", r"(?i:[+\-]?(?:\d+|x|\*)\/[+\-]?(?:\d+|x))", r"\d+", r"x?y", r"(?:a|)b",
    r"\-", r"(?i)k", r"(?:\-\-|—)", r"[^}]", r"(?:counters?|poison counters?)\b", r"\s*x", r"(?:ab)+c",
    r"[A-Cx-z_]", r"\w+", r"(?i:AND)(?= x)",
]


@pytest.mark.parametrize("regex", FIRST_CASES)
def test_first_characters_cover_every_match(regex):
    """Brute force: wherever the regex matches a non-empty prefix, the first character is in the
    computed set (None means "try everywhere")."""
    first = _first_chars(regex, 0)
    rx = re.compile(regex)
    rnd = random.Random(regex)
    alphabet = string.ascii_letters + string.digits + " ,-—+*/{}'x_"
    samples = [c for c in string.printable] + ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 8)))
                                                for _ in range(3000)]
    for s in samples:
        for tail in ("", " x", ", i", "s c", "bc"):
            m = rx.match(s + tail)
            if m and m.end() > 0 and first is not None:
                assert s[0] in first, (regex, s + tail)


def test_first_characters_are_known_for_simple_terminals():
    assert _first_chars(r"(?i:\{t\})", 0) == frozenset("{")
    assert _first_chars(r",\s*and(?![a-z])", 0) == frozenset(",")
    assert _first_chars(r"(?i)k", 0) == frozenset("kK")
    assert _first_chars(r"x?y", 0) is None          # may start with either: not worth guessing
    assert _first_chars(r"[^}]", 0) is None


def _reference_lex(lexer: WordLexer, text: str, accepts) -> tuple | None:
    """The lexer's contract, spelled out naively: among acceptable terminals, highest priority,
    then longest match, then the first offered (literals, word classes, others, in grammar order)."""
    word = re.compile(r"[^\W\d_][\w'\-]*|\d+").match(text)
    best = None

    def offer(prio, n, name):
        nonlocal best
        if n and name in accepts and (best is None or (prio, n) > best[:2]):
            best = (prio, n, name)

    if word:
        for prio, name in lexer.words.get(word.group(0), ()):
            offer(prio, len(word.group(0)), name)
        for name, prio in lexer.word_classes:
            if re.fullmatch(lexer._regex[name], word.group(0), lexer._flags):
                offer(prio, len(word.group(0)), name)
    for name, prio in (lexer.others if word else lexer.word_classes + lexer.others):
        m = re.match(lexer._regex[name], text, lexer._flags)
        if m:
            offer(prio, m.end(), name)
    return best


def test_word_lexer_matches_its_reference_in_every_state():
    parser = _build()
    lexer = parser.parser.lexer
    states = parser.parser.parser._parse_table.states
    pieces = ["~ ", "target ", "creature ", "creatures ", "artifacts ", "deals ", "3 ", "damage",
              "{2}", "{t}", "{x}", ": ", ". ", "§ ", "each ", "opponent ", "a ", "land", "zz", "—"]
    rnd = random.Random(7)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 4))) for _ in range(300)]
    for state, accepts in states.items():
        plan = lexer._plan(accepts)
        for text in texts:
            assert lexer._best(text, 0, plan) == _reference_lex(lexer, text, accepts), (state, text)


def test_word_lexer_first_characters_survive_the_cache(cache_dir):
    built = _build()
    file, key = cache_dir / "t.parser", "k" * 64
    loader._save_parser(built, file, key)
    cached = loader._load_parser(file, key, {})
    assert cached.parser.lexer._first == built.parser.lexer.derived()["first"]


# --- self-reference --------------------------------------------------------------------------------

def test_ascii_name_replacement_equals_the_regex():
    rnd = random.Random(1)
    cases = [("Foo deals 2 damage to foo's target. FOO_x foofoo foo", "foo"), ("aaa", "aa"), ("x-foo-y", "foo")]
    for _ in range(5000):
        cases.append(("".join(rnd.choice("ab _-'.A") for _ in range(rnd.randint(0, 12))),
                      "".join(rnd.choice("abA -") for _ in range(rnd.randint(1, 3)))))
    for text, name in cases:
        if name.strip():
            expected = re.sub(r"(?<![\w])" + re.escape(name) + r"(?![\w])", SELF, text, flags=re.I)
            assert _replace_ascii(text, name) == expected, (text, name)


def test_replace_names_real_clauses():
    # real Oracle wording (a legendary short name, a split name, a name inside another word)
    assert replace_names("Whenever Ashling attacks, put a +1/+1 counter on Ashling.", ["Ashling, the Pilgrim", "Ashling"]) \
        == "Whenever ~ attacks, put a +1/+1 counter on ~."
    assert replace_names("Fire deals 2 damage divided as you choose.", ["Fire"]) == "~ deals 2 damage divided as you choose."
    assert replace_names("Firebreathing", ["Fire"]) == "Firebreathing"
    assert replace_names("CARDNAME deals 1 damage.", []) == "~ deals 1 damage."
    assert replace_names("Æther Vial gets an additional counter.", ["Æther Vial"]) == "~ gets an additional counter."


# --- parse memo ------------------------------------------------------------------------------------

REPEATED = [  # real Oracle clauses that many cards share, and two that fail to parse
    ("Flying", None), ("Enchant creature", None), ("Trample", None),
    ("Flying", "Serra Angel"), ("Enchant creature", "Pacifism"),
    ("Enchanted creature gets +2/+2.", "Rancor"), ("Enchanted creature gets +2/+2.", "Holy Strength"),
    ("Destroy target creature. It can't be regenerated.", None),
    ("Destroy target creature. It can't be regenerated.", "Terror"),
    ("When this creature enters, draw a card.", None), ("When this creature enters, draw a card.", None),
]


def test_parse_memo_gives_the_same_results_as_parsing_again():
    from cardlint.parse.frontend import frontend
    from cardlint.pipeline import classify_text

    fe = frontend("en")
    size = fe.parse_memo_size
    try:
        fe.parse_memo_size = 0
        fe.__dict__.pop("_memo", None)
        fresh = [classify_text(t, "en", name=n) for t, n in REPEATED]
        fe.parse_memo_size = size
        memo = [classify_text(t, "en", name=n) for t, n in REPEATED]
        memo_again = [classify_text(t, "en", name=n) for t, n in REPEATED]  # every clause a hit now
    finally:
        fe.parse_memo_size = size
    assert memo == fresh and memo_again == fresh
    assert fresh[0]["clauses"][0]["ability"] == "keyword" and fresh[0]["clauses"][0]["parsed"]


def test_parse_memo_is_bounded():
    from cardlint.parse.frontend import frontend

    fe = frontend("en")
    size = fe.parse_memo_size
    try:
        fe.parse_memo_size = 3
        fe.__dict__.pop("_memo", None)
        for text in ["flying", "trample", "haste", "reach", "flying", "vigilance"]:
            fe._parse_memo(text)
        assert list(fe._memo) == ["reach", "flying", "vigilance"]  # least recently used dropped first
    finally:
        fe.parse_memo_size = size
        fe.__dict__.pop("_memo", None)


# --- command line ----------------------------------------------------------------------------------

def test_cli_builds_only_the_named_subcommand():
    from cardlint.cli import _command_from_argv, build_parser

    assert _command_from_argv(["classify", "Flying"]) == "classify"
    assert _command_from_argv(["check-translation", "x"]) == "check_translation"
    assert _command_from_argv(["--help"]) is None
    assert _command_from_argv(["nonsense"]) is None
    assert _command_from_argv([]) is None
    only = build_parser("classify")
    assert only.parse_args(["classify", "Flying"]).command == "classify"
    full = build_parser()
    assert full.parse_args(["classify", "x"]).command == "classify"
