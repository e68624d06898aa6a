"""The speed-ups must not change answers: the on-disk parser cache (lazily decoded parse table), the
word lexer's per-state and first-character narrowing, the parse memo for repeated clause texts, the
IR built while parsing (inline build), the regex-free self-reference replacement, and the
one-subcommand CLI parser."""

from __future__ import annotations

import random
import re
import string

import pytest
from lark import Lark, Tree

from cardlint.speed import inline as inline_mod
from cardlint.speed import loader, parser_loop, rewrite, tables
from cardlint.speed.wordlexer import WordLexer, _first_chars
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
    return Lark(rewrite.bound_literals(text), parser="lalr", lexer=lexer, maybe_placeholders=False)


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
    tables.save_parser(built, file, key)
    cached = tables.load_parser(file, key, {})
    assert cached is not None
    assert isinstance(cached.parser.parser._parse_table.states, tables.LazyStates)
    for text in SENTENCES + BAD:
        assert _outcome(cached, text) == _outcome(built, text), text
    assert _outcome(cached, SENTENCES[0])[0] == "tree"


def test_lazy_states_equal_the_built_table(cache_dir):
    built = _build()
    file, key = cache_dir / "t.parser", "k" * 64
    tables.save_parser(built, file, key)
    lazy = tables.load_parser(file, key, {}).parser.parser._parse_table.states
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
    header = (tables.FORMAT + b" " + key.encode()).decode()
    file.write_bytes(damage if isinstance(damage, bytes) else damage.format(header=header).encode("latin-1"))
    assert tables.load_parser(file, key, {}) is None


def test_stale_cache_key_is_not_used(cache_dir):
    file = cache_dir / "t.parser"
    tables.save_parser(_build(), file, "a" * 64)
    assert tables.load_parser(file, "a" * 64, {}) is not None
    assert tables.load_parser(file, "b" * 64, {}) is None
    assert tables.load_parser(cache_dir / "missing.parser", "a" * 64, {}) is None


def test_cache_key_follows_the_grammar_and_not_object_addresses(tmp_path):
    g = tmp_path / "g.lark"
    g.write_text(GRAMMAR, encoding="utf-8")

    class PostLex:
        pass

    opts = {"parser": "lalr", "lexer": WordLexer, "postlex": PostLex()}
    key = tables.cache_key(g, "start", opts, True)
    assert tables.cache_key(g, "start", dict(opts, postlex=PostLex()), True) == key  # another instance
    assert tables.cache_key(g, "sentence", opts, True) != key
    assert tables.cache_key(g, "start", opts, False) != key
    g.write_text(GRAMMAR + "\n// edited\n", encoding="utf-8")
    assert tables.cache_key(g, "start", opts, True) != key


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
        assert isinstance(again.parser.parser._parse_table.states, tables.LazyStates)
        for text in SENTENCES + BAD:
            assert _outcome(again, text) == _outcome(parser, text)
        files[0].write_bytes(files[0].read_bytes()[:100])  # truncated by a crash: rebuilt, then rewritten
        loader.load_grammar.cache_clear()
        third = loader.load_grammar("toy.lark", lexer="words")
        assert _outcome(third, SENTENCES[3]) == _outcome(parser, SENTENCES[3])
        rewritten_key = files[0].read_bytes().partition(b"\n")[0].split(b" ", 1)[1].decode()
        assert tables.load_parser(files[0], rewritten_key, {}) is not None
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
    assert _first_chars(r"x?y", 0) == frozenset("xy")  # an optional first item: either may begin
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
              "{2}", "{t}", "{x}", ": ", ". ", "§ ", "each ", "opponent ", "a ", "land", "zz", "—", "⸴ ", "• ", "ä"]
    rnd = random.Random(7)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 4))) for _ in range(300)]
    for state, accepts in states.items():
        plan = lexer._plan(accepts)
        for text in texts:
            assert lexer._best(text, 0, plan) == _reference_lex(lexer, text, accepts), (state, text)


def test_word_lexer_first_characters_survive_the_cache(cache_dir):
    built = _build()
    file, key = cache_dir / "t.parser", "k" * 64
    tables.save_parser(built, file, key)
    cached = tables.load_parser(file, key, {})
    stored = {name: None if first is None else first.to_json() for name, first in cached.parser.lexer._first.items()}
    assert stored == built.parser.lexer.derived()["first"]


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
    from cardlint.lang.frontend import frontend
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
    from cardlint.lang.frontend import frontend

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


# --- parser loop and tree building -----------------------------------------------------------------

# The rule shapes Lark builds trees for: ?rule (single child inlined), _rule and x* (inlined into
# the parent, left recursion), !rule (tokens kept), an alias, filtered punctuation.
SHAPES = r'''
start: item+
?item: pair | single | "(" _list ")" | keep
pair: WORD "=" value -> assignment
single: WORD "."
!keep: "!" WORD
_list: value ("," value)*
?value: WORD | NUMBER | "[" value* "]"
WORD: /[a-z]+/
NUMBER: /\d+/
%ignore " "
'''
SHAPE_TEXTS = ["a = 1", "a.", "(a, b, 3)", "! x", "a = [1 2 [b]] c.", "(a)", "x = [] ! y (z, 1)",
               "a =", "(a,)", "! 1", "a = [1", "", "a.b", "= 1", "(((", "a = 1 2"]


def _lark_loop(parser: Lark) -> Lark:
    """The same parser with Lark's own LALR loop and callbacks."""
    from copy import copy

    from lark.parsers.lalr_parser import _Parser

    other = copy(parser)
    other.parser = copy(parser.parser)
    other.parser.parser = copy(parser.parser.parser)
    loop = parser.parser.parser.parser
    other.parser.parser.parser = _Parser(loop.parse_table, loop.callbacks, loop.debug)
    return other


def _outcome_full(parser: Lark, text: str):
    """The tree, or the error with everything the front ends read from it."""
    try:
        return ("tree", parser.parse(text))
    except Exception as exc:  # noqa: BLE001
        state = getattr(exc, "state", None)
        return ("error", type(exc).__name__, getattr(exc, "column", None), str(getattr(exc, "token", "")),
                sorted(getattr(exc, "expected", None) or ()), str(exc),
                list(state.state_stack) if state is not None else None,
                exc.interactive_parser is not None if hasattr(exc, "interactive_parser") else None)


@pytest.mark.parametrize("lexer", [WordLexer, "contextual", "basic"])
@pytest.mark.parametrize("grammar,texts", [(GRAMMAR, SENTENCES + BAD), (SHAPES, SHAPE_TEXTS)])
def test_parser_loop_gives_lark_trees_and_errors(cache_dir, lexer, grammar, texts):
    built = Lark(rewrite.bound_literals(grammar), parser="lalr", lexer=lexer, maybe_placeholders=False)
    file, key = cache_dir / "t.parser", "k" * 64
    tables.save_parser(built, file, key)
    for parser in (built, tables.load_parser(file, key, {})):   # Lark's table, the packed one
        ours = parser_loop.use_parser_loop(parser)
        assert type(ours.parser.parser.parser).__name__ == "ParserLoop"
        reference = _lark_loop(ours)
        assert type(reference.parser.parser.parser).__name__ == "_Parser"
        for text in texts:
            assert _outcome_full(ours, text) == _outcome_full(reference, text), text
    assert _outcome_full(ours, texts[0])[0] == "tree"


def test_fused_callbacks_build_lark_trees_for_every_rule():
    parser = Lark(SHAPES, parser="lalr", maybe_placeholders=False)
    callbacks = parser.parser.parser.parser.callbacks
    fused = {rule: parser_loop.fused_callback(cb) for rule, cb in callbacks.items()}
    assert sum(fused[r] is not callbacks[r] for r in callbacks) >= len(callbacks) - 1  # all usual shapes
    for text in [t for t in SHAPE_TEXTS if _outcome(parser, t)[0] == "tree"]:
        assert parser_loop.use_parser_loop(Lark(SHAPES, parser="lalr", maybe_placeholders=False)).parse(text) \
            == parser.parse(text)


def test_english_parser_loop_gives_lark_trees_and_errors():
    from cardlint.lang.frontend import frontend

    parser = frontend("en").parser
    reference = _lark_loop(parser)
    clauses = ["flying", "enchanted creature gets +2/+2 and has flying.", "destroy target creature. it can't be regenerated.",
               "§ {t}: add {g}.", "when ~ enters, draw a card.", "~ deals 3 damage to any target.",
               "target creature gets", "gets gets gets", "{zz} :", "creatures you control get +1/+1 until end of turn."]
    for text in clauses:
        assert _outcome_full(parser, text) == _outcome_full(reference, text), text


# --- fast transformer ------------------------------------------------------------------------------

def test_fast_transformer_equals_lark_transformer():
    from lark import Token, Transformer, Tree
    from lark.exceptions import VisitError
    from lark.visitors import Discard

    from cardlint.speed import FastTransformer

    class Calc:
        def assignment(self, children):
            return ("set", children)

        def single(self, children):
            if str(children[0]) == "drop":
                return Discard
            return ("one", children)

        def keep(self, children):
            if str(children[1]) == "boom":
                raise ValueError("boom")
            return ("keep", [str(c) for c in children])

        def WORD(self, token):
            return token.upper()

        def __default__(self, data, children, meta):
            return (data, children, meta is not None and meta.empty)

    class LarkCalc(Calc, Transformer):
        pass

    class FastCalc(Calc, FastTransformer):
        pass

    parser = Lark(SHAPES, parser="lalr", maybe_placeholders=False)
    for text in ["a = 1 b. ! x", "(a, b, 3) drop.", "x = [] ! y (z, 1)", "! boom", "a = [1 2 [b]] c."]:
        tree = parser.parse(text)
        for visit_tokens in (True, False):
            outcomes = []
            for cls in (LarkCalc, FastCalc):
                try:
                    outcomes.append(cls(visit_tokens=visit_tokens).transform(tree))
                except VisitError as exc:
                    outcomes.append(("VisitError", exc.rule, repr(exc.orig_exc)))
            assert outcomes[0] == outcomes[1], (text, visit_tokens)
    assert FastCalc(visit_tokens=False).transform(Tree("single", [Token("WORD", "drop")])) is None  # Discard at the top


def test_fast_transformer_builds_the_same_english_ir():
    from lark import Transformer

    from cardlint.lang.frontend import frontend
    from cardlint.lang.en.builder import EnglishIRBuilder

    fe = frontend("en")
    for raw in ["Enchanted creature gets +2/+2 and has flying.", "{1}{R}, {T}: This creature deals 2 damage to any target.",
                "Whenever this creature attacks, creatures you control get +1/+0 until end of turn.", "Flying"]:
        text = fe.normalize(raw, None)
        tree = fe.parser.parse(text)
        fast = EnglishIRBuilder(fe.keyword_ids, fe.keyword_effects, source=text).transform(tree)
        slow = Transformer.transform(EnglishIRBuilder(fe.keyword_ids, fe.keyword_effects, source=text), tree)
        assert repr(fast) == repr(slow), text


# --- inline build ----------------------------------------------------------------------------------

class _ShapeBuilder:
    """Methods for some SHAPES rules (one by alias), the rest through ``__default__``."""

    def __init__(self, fail_on: str | None = None):
        super().__init__(visit_tokens=False)
        self.fail_on = fail_on
        self.calls: list[str] = []  # the order of the calls must be the tree walk's too

    def assignment(self, children):
        self.calls.append("assignment")
        return ("set", [str(c) if not isinstance(c, tuple) else c for c in children])

    def single(self, children):
        self.calls.append("single")
        if str(children[0]) == self.fail_on:
            raise ValueError(self.fail_on)
        return ("one", str(children[0]))

    def __default__(self, data, children, meta):
        self.calls.append(str(data))
        if data == "start" and self.fail_on == "start":
            from lark.visitors import Discard

            return Discard
        return (str(data), [c if isinstance(c, tuple) else str(c) for c in children])


def _shape_outcome(run):
    try:
        return ("ok", run())
    except Exception as exc:  # noqa: BLE001
        return ("error", type(exc).__name__, getattr(exc, "rule", None), str(getattr(exc, "token", "")))


@pytest.mark.parametrize("fail_on", [None, "x", "start"])
def test_inline_build_equals_the_tree_walk(cache_dir, fail_on):
    from cardlint.speed import FastTransformer

    class Builder(_ShapeBuilder, FastTransformer):
        pass

    built = Lark(SHAPES, parser="lalr", maybe_placeholders=False)
    file, key = cache_dir / "s.parser", "s" * 64
    tables.save_parser(built, file, key)
    for parser in (parser_loop.use_parser_loop(built), parser_loop.use_parser_loop(tables.load_parser(file, key, {}))):
        inline = inline_mod.InlineBuild.for_parser(parser, Builder, Builder())
        assert inline is not None
        texts = SHAPE_TEXTS + ["x.", "a = [x] (x, y) x."]
        for text in texts:
            walk, direct = Builder(fail_on), Builder(fail_on)
            expected = _shape_outcome(lambda: walk.transform(parser.parse(text)))
            got = _shape_outcome(lambda: inline.parse(parser, text, direct))
            if expected[0] == "error" and expected[1] == "VisitError":
                assert got[:3] == ("error", "InlineBuildError", expected[2]), text  # the front end re-runs the walk
            elif expected == ("ok", None) and fail_on == "start":
                assert got[:3] == ("error", "InlineBuildError", "start"), text  # Discard: left to the walk
            else:
                assert got == expected, text
                if expected[0] == "ok":  # (a failing parse may have reduced, and built, a prefix)
                    assert direct.calls == walk.calls, text
        assert parser.parser.parser.parser.inline is None  # trees again after an inline parse
        assert isinstance(parser.parse("a = 1"), Tree)


def test_inline_build_refuses_what_it_cannot_reproduce():
    from cardlint.speed import FastTransformer

    class Builder(_ShapeBuilder, FastTransformer):
        pass

    class ReadsMeta(Builder):
        def __default__(self, data, children, meta):
            return meta

    class VisitsTokens(Builder):
        def __init__(self):
            FastTransformer.__init__(self, visit_tokens=True)

    parser = parser_loop.use_parser_loop(Lark(SHAPES, parser="lalr", maybe_placeholders=False))
    assert inline_mod.InlineBuild.for_parser(parser, Builder, Builder()) is not None
    assert inline_mod.InlineBuild.for_parser(parser, ReadsMeta, ReadsMeta()) is None
    assert inline_mod.InlineBuild.for_parser(parser, VisitsTokens, VisitsTokens()) is None
    plain = Lark(SHAPES, parser="lalr", maybe_placeholders=False)  # Lark's own loop
    assert inline_mod.InlineBuild.for_parser(plain, Builder, Builder()) is None


INLINE_CLAUSES = [  # real Oracle clauses of several ability shapes, and two the grammar rejects
    "Flying", "Enchant creature", "Enchanted creature gets +2/+2 and has flying.",
    "{1}{R}, {T}: This creature deals 2 damage to any target.",
    "Whenever this creature attacks, creatures you control get +1/+0 until end of turn.",
    "When this creature enters, return target creature card from your graveyard to your hand.",
    "Creatures your opponents control can't block this turn.",
    "Draw two cards, then discard a card.", "Destroy target creature. It can't be regenerated.",
    "Target creature gets", "gets gets gets",
]


def test_english_inline_build_equals_the_tree_walk():
    from cardlint.lang.frontend import frontend

    fe = frontend("en")
    assert fe._inline is not None
    for raw in INLINE_CLAUSES:
        text = fe.normalize(raw, None)
        tree, error, column = fe._parse_tree(text)
        ir, error2, column2 = fe._parse(text)
        assert (error2, column2) == (error, column), raw
        if error is None:
            assert repr(ir) == repr(fe.build(tree, None, text)), raw
    assert fe._parse(fe.normalize("Flying", None))[0].form == "keyword"


def test_parse_memo_hands_out_independent_copies():
    from cardlint.lang.frontend import frontend
    from cardlint.text.segment import segment

    fe = frontend("en")
    size = fe.parse_memo_size
    try:
        fe.parse_memo_size = 8
        fe.__dict__.pop("_memo", None)
        seg = segment("Enchanted creature gets +2/+2.", fe.is_keyword)[0]
        first = fe.clause(seg)
        pristine = repr(first)
        first.effects.clear()  # whoever gets an IR may change it
        second, third = fe.clause(seg), fe.clause(seg)  # memo hits
        assert repr(second) == pristine and repr(third) == pristine and second is not third
        assert second.effects and second.effects[0] is not third.effects[0]
    finally:
        fe.parse_memo_size = size
        fe.__dict__.pop("_memo", None)


# --- lead words ------------------------------------------------------------------------------------

LEAD_CASES = FIRST_CASES + [
    r"(?<![\w'])(?:assembly\-workers?|elf|elves|time lord)(?![\w'])", r"(?:upkeep|draw step|end step)s?\b",
    r"enters?(?: the battlefield)?\b", r"[a-z]+(?= counters?\b)", r"(?i:Basic (?:land|snow)) type",
    r"flips?(?=\s*(?:you (?:won|lost)\b|[.,]|$))", r"and(?= [a-z])", r"x\-\d+", r"ab{2,4}c", r"a(?:b|c)*",
    # whitespace ends a run: optional whitespace before the first word, any whitespace after one
    r",?\s*and(?: then)?\b", r"elf\s+lord", r"[\s,]*time\s(?:lord|x)", r"\s*(?:a|ab)[\s.]c",
]


@pytest.mark.parametrize("regex", LEAD_CASES)
def test_lead_words_cover_every_match(regex):
    """Brute force: wherever the regex matches at the start of a run of word characters that
    begins with a letter, the run passes :func:`_may_lead`."""
    from cardlint.speed.wordlexer import _WORD, _lead_words, _may_lead

    lead = _lead_words(regex, 0)
    rx = re.compile(regex)
    rnd = random.Random(regex)
    words = ["a", "ab", "abbc", "abc", "and", "x", "x-1", "x-12", "elf", "elves", "elfs", "time", "lord", "enter",
             "enters", "assembly-worker", "upkeep", "upkeeps", "draw", "step", "basic", "BASIC", "flip", "flips",
             "counter", "k", "K", "y", "cd", "ab-", "c"]
    tails = ["", " ", " lord", " step", " counters", " the battlefield", ".", "s", " land type", " you won",
             "/1", "-1", " x", "\tlord", "\u00a0x", "\n c", " then"]
    samples = [w + t for w in words for t in tails]
    samples += ["".join(rnd.choice("abcdelfkxy -'.") for _ in range(rnd.randint(1, 9))) for _ in range(3000)]
    for s in samples:
        word = _WORD.match(s)
        if not word or word.group(0)[0].isdigit():
            continue
        m = rx.match(s)
        if m and m.end() > 0:
            assert _may_lead(lead, word.group(0)), (regex, s)


def test_lead_words_are_known_for_word_alternations():
    from cardlint.speed.wordlexer import _lead_words, _may_lead

    lead = _lead_words(r"(?<![\w'])(?:assembly\-workers?|elf|time lord)(?![\w'])", 0)
    assert lead is not None
    assert _may_lead(lead, "time") and _may_lead(lead, "elf") and _may_lead(lead, "assembly-workers")
    assert not _may_lead(lead, "lord") and not _may_lead(lead, "creature")
    counter = _lead_words(r"(?:counters?|poison counters?)\b", 0)
    assert _may_lead(counter, "counter") and _may_lead(counter, "poison") and not _may_lead(counter, "count")
    assert _lead_words(r"[a-z]+(?= counters?\b)", 0) is None   # any word: tried at every word
    scoped = _lead_words(r"(?i:Basic (?:land|snow)) type", 0)    # case-blind in part only
    assert _may_lead(scoped, "BASIC") and _may_lead(scoped, "basic") and not _may_lead(scoped, "land")
    assert not _may_lead(_lead_words(r",\s*and(?![a-z])", 0), "and")   # never begins at a word
    spaced = _lead_words(r",?\s*(?:unless|if able)\b", 0)               # whitespace ends the run
    assert spaced is not None and _may_lead(spaced, "unless") and _may_lead(spaced, "if")
    assert not _may_lead(spaced, "able") and not _may_lead(spaced, "unles")


def test_lead_index_equals_one_terminal_at_a_time():
    from cardlint.speed.wordlexer import _LeadIndex, _lead_words, _may_lead

    leads = {f"T{i}": _lead_words(r, re.IGNORECASE if i % 3 == 0 else 0) for i, r in enumerate(LEAD_CASES)}
    index = _LeadIndex(leads)
    for word in ["a", "ab", "abc", "elf", "Elf", "ELVES", "time", "x", "upkeeps", "enters", "basic", "Basic",
                 "and", "counter", "flip", "zzz", "kartenöl", "Ärger"]:
        assert index.lookup(word) == {n for n, lead in leads.items() if _may_lead(lead, word)}, word


# --- English normalisation -------------------------------------------------------------------------

def _mark_lead_commas_reference(text: str) -> str:
    """The rule spelled out character by character (the earlier implementation)."""
    from cardlint.lang.en.normalize import _LEADS, LEAD_COMMA

    out, i, n = [], 0, len(text)
    sentence_start, lead_open = True, False
    while i < n:
        ch = text[i]
        if sentence_start and not ch.isspace():
            lead_open = bool(_LEADS.match(text, i))
            sentence_start = False
        if ch == '"' or (ch in ".:•—" and not (ch == "." and i + 1 < n and text[i + 1].isdigit())):
            sentence_start, lead_open = True, False
        elif ch == "," and lead_open:
            out.append(" " + LEAD_COMMA)
            i += 1
            sentence_start, lead_open = True, False
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def test_mark_lead_commas_equals_its_reference():
    from cardlint.lang.en.normalize import mark_lead_commas

    real = ["at the beginning of your upkeep, if you control no creatures, sacrifice ~.",
            'enchanted land has "{t}: add {g}. when you do, if x, y."', "when ~ enters, you may pay 1.5, then draw.",
            "as long as ~ is tapped, it gets +1/+1.", "flying, trample", "until end of turn, creatures get +1/+0."]
    rnd = random.Random(3)
    pieces = ["when", "if", "at", "as long as", "x", ",", ".", "1.5", '"', ":", "•", "—", " ", "  ", "until"]
    samples = real + ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12))) for _ in range(5000)]
    for s in samples:
        assert mark_lead_commas(s) == _mark_lead_commas_reference(s), s
    assert mark_lead_commas(real[0]) == "at the beginning of your upkeep ⸴ if you control no creatures ⸴ sacrifice ~."


def test_text_fast_paths_equal_the_plain_definitions():
    import unicodedata

    from cardlint.text.normalize import _CONTROL, _QUOTES, REMINDER_RE, is_reminder_only, nfkc, strip_reminder

    rnd = random.Random(5)
    alphabet = "ab (x)（y）“”’−\x01\ufffd ＋１/\t"
    for _ in range(5000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 10)))
        assert nfkc(s) == _CONTROL.sub(" ", unicodedata.normalize("NFKC", s).translate(_QUOTES)), s
        assert strip_reminder(s) == REMINDER_RE.sub("", s).strip(), s
        p = s.strip()
        assert is_reminder_only(s) == (bool(p) and not REMINDER_RE.sub("", p).strip() and bool(REMINDER_RE.search(p)))


# --- pre-parse fast paths, generated callbacks, plans (session 4) ----------------------------------

def test_squash_equals_the_regex():
    from cardlint.text.normalize import squash

    rnd = random.Random(7)
    alphabet = "ab \t\n\r\x0b\x0c\x1c\x1d\x85\xa0\u2002\u3000—,~"
    for _ in range(5000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12)))
        assert squash(s) == re.sub(r"\s+", " ", s).strip(), repr(s)


def test_name_replacement_in_text_beyond_ascii_equals_the_regex():
    # Oracle text has "—", "•", "−" and accented words; an ASCII name is still replaced without
    # a regex, except around the four characters that match ASCII letters case-blind
    rnd = random.Random(11)
    cases = [("Whenever Foo attacks — draw a card. Foo's power is 2•", "Foo"),
             ("Kİng and kıng and ſir and \u212aing", "king"), ("ſir", "sir"), ("Séance foo", "Foo"),
             ("\u212a", "k"), ("İ", "i"), ("xİx i", "i")]
    alphabet = "ab _-'.AéÉ—•İıſ\u212aks"
    for _ in range(8000):
        cases.append(("".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12))),
                      "".join(rnd.choice("abAks -") for _ in range(rnd.randint(1, 3)))))
    for text, name in cases:
        if name.strip():
            expected = re.sub(r"(?<![\w])" + re.escape(name) + r"(?![\w])", SELF, text, flags=re.I)
            assert replace_names(text, [name]) == expected, (text, name)


def test_glue_check_is_any_of_the_seam_checks():
    from cardlint.text.glued import GlueRules

    rnd = random.Random(13)
    pieces = ["a", "A", "b", "Ä", "ü", ".", ")", '"', "!", " ", "{", "-3:", "+1:", "— 2:", "x", "Fl", "yingL"]
    for rules in (GlueRules(), GlueRules(upper="A-ZÄÖÜ", lower="a-zäöüß", space_after_reminder=True)):
        for _ in range(5000):
            s = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 8)))
            assert bool(rules.check.search(s)) == any(rx.search(s) for rx in rules.checks), s


def test_word_lexer_plans_from_a_row_keep_grammar_order():
    from cardlint.lang.frontend import frontend

    parser = frontend("en").parser
    lexer = parser.parser.lexer
    codes = parser.parser.parser.parser.codes
    for state in list(range(0, 3000, 7)):
        try:
            row = codes[state]
        except KeyError:
            continue
        plan = lexer._plan(row)
        assert plan.classes == [(n, p) for n, p in lexer.word_classes if n in row], state
        assert plan.others == [(n, p) for n, p in lexer.others if n in row], state


def test_generated_callbacks_filter_children_as_lark_does():
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders

    rnd = random.Random(17)
    for _ in range(3000):
        size = rnd.randint(0, 5)
        to_include = tuple((i, rnd.random() < 0.4) for i in range(size) if rnd.random() < 0.8)
        expand1 = rnd.random() < 0.3

        def children():
            # an inlined child is a _rule's tree, possibly empty; the others are plain values
            return [Tree("_r", [f"t{i}.{k}" for k in range(rnd.randint(0, 2))]) if any(i == j and e for j, e in to_include)
                    else f"v{i}" for i in range(size)]

        kids = children()
        reference_children = [Tree(t.data, list(t.children)) if isinstance(t, Tree) else t for t in kids]
        inner = (lambda c: Tree("r", c))
        if expand1:
            from lark.parse_tree_builder import ExpandSingleChild
            inner = ExpandSingleChild(inner)
        reference = ChildFilterLALR_NoPlaceholders(list(to_include), inner)(reference_children)
        # (an inlined list is reused and extended, as Lark does: each call gets its own children)
        as_lists = [list(t.children) if isinstance(t, Tree) else t for t in kids]
        as_lists2 = [list(t.children) if isinstance(t, Tree) else t for t in kids]
        got = parser_loop.generated_callback((to_include, expand1, "r"), "tree")(kids)
        assert got == reference, (to_include, expand1)
        # an inline build hands _rule values over as their children lists
        got = parser_loop.generated_callback((to_include, expand1, "r"), "tree", lists=True)(as_lists)
        assert got == reference, (to_include, expand1)
        if not expand1:
            got = parser_loop.generated_callback((to_include, False, "_r"), "list", lists=True)(as_lists2)
            assert got == (reference.children if isinstance(reference, Tree) else [reference]), to_include


def test_english_inline_parse_starts_the_loop_directly():
    from cardlint.lang.frontend import frontend

    fe = frontend("en")
    inline = fe._inline
    assert fe._parse(fe.normalize("Enchanted creature gets +2/+2.", None))[1] is None
    assert inline._direct is not None and inline._direct[1] is not None  # Lark's plain path: skipped
    # the errors are Lark's all the same
    text = fe.normalize("Target creature gets gets.", None)
    assert fe._parse(text)[1:] == fe._parse_tree(text)[1:]


def test_generic_rules_build_nodes_without_calling_default():
    """IRBuilder's ``__default__`` declares the Node it builds, so an inline parse makes the Node
    itself (a third of the reductions); a builder that overrides ``__default__`` is called."""
    from cardlint.lang.frontend import frontend
    from cardlint.lang.builder import IRBuilder, Node

    fe = frontend("en")
    inline = fe._inline
    assert inline.node is Node
    assert inline_mod._default_node(type("Custom", (IRBuilder,), {"__default__": lambda s, d, c, m: (d, c)})) is None
    built = parser_loop.generated_callback((((0, False), (1, False)), False, "np_word"), "node", Node)(["a", "b"])
    assert type(built) is Node and built == IRBuilder().__default__("np_word", ["a", "b"], None)
    assert vars(built) == vars(Node("np_word", ["a", "b"]))
    # a clause with generic nodes (np_word, det_word …) still gives the tree walk's IR
    raw = "Other Elf creatures you control get +1/+1."
    text = fe.normalize(raw, None)
    assert repr(fe._parse(text)[0]) == repr(fe.build(fe._parse_tree(text)[0], None, text))


def test_parser_loop_looks_up_plain_strings():
    """Rule names and terminal names that Lark made Tokens would call Token.__eq__ (Python) on every
    row lookup: the loop's goto names and the lexer's token types are plain strings."""
    from lark import Token

    from cardlint.lang.frontend import frontend

    fe = frontend("en")
    text = fe.normalize("Whenever a Sliver enters, it gets +1/+1 until end of turn.", None)
    assert fe._parse(text)[1] is None
    entries = [e for e in fe._inline.rules.values()] + [e for e in fe.parser.parser.parser.parser.rules if e]
    assert entries and all(type(origin) is str for _, _, origin in entries)
    assert parser_loop.plain_name(Token("RULE", "np")) == "np" and type(parser_loop.plain_name(Token("RULE", "np"))) is str
    lexer = fe.parser.parser.lexer
    plans = list(lexer._plans.values())
    assert plans and all(type(name) is str for plan in plans for part in plan.by_char.values()
                         for entry in part[2] for name in entry[:1])


def test_english_rewrite_memo_equals_rewriting():
    """normalize_en remembers the rewrites after the name replacement (a function of that text):
    the same clause with different names still gets each name's result."""
    from cardlint.lang.en import normalize as en_text

    clauses = [("Whenever Ajani's Pridemate or another creature enters, you gain 1 life.", "Ajani's Pridemate"),
               ("Whenever Ajani's Pridemate or another creature enters, you gain 1 life.", None),
               ("{T}: Add {G}. Activate only as a sorcery.", "Llanowar Elves"),
               ("Flying", "Serra Angel"), ("Flying", None),
               ("When this creature enters, if it's your turn, draw a card.", "Wall of Omens")]
    for _ in range(2):  # the second round is served by the memo
        for body, name in clauses:
            plain = en_text._rewrite(en_text.replace_names(body, en_text.name_variants(name)))
            assert en_text.normalize_en(body, name) == plain
    assert en_text.normalize_en(clauses[0][0], clauses[0][1]).startswith("whenever ~ or another")
    assert "ajani 's pridemate" in en_text.normalize_en(clauses[1][0], None)
    size, kept = en_text._REWRITTEN_MAX, dict(en_text._REWRITTEN)
    try:
        en_text._REWRITTEN_MAX = 2
        en_text._REWRITTEN.clear()
        for body, name in clauses:
            en_text.normalize_en(body, name)
        assert list(en_text._REWRITTEN) == ["Flying", "When this creature enters, if it's your turn, draw a card."]  # the last two
    finally:
        en_text._REWRITTEN_MAX = size
        en_text._REWRITTEN.clear()
        en_text._REWRITTEN.update(kept)


def test_noun_phrase_marks_outlive_no_phrase():
    # the builder keys "from <zone>", "additional" and durations on id(): every keyed phrase must
    # stay alive while the builder lives, or a later phrase could inherit a dead one's mark
    from cardlint.lang.frontend import frontend

    fe = frontend("en")
    for raw in ["Return target creature card from your graveyard to your hand.",
                "You may play an additional land this turn.",
                "Target creature can't be the target of spells your opponents control this turn."]:
        norm = fe.normalize(raw, None)
        builder = fe.new_builder(norm)
        fe._inline.parse(fe.parser, norm, builder)
        kept = {id(f) for f in builder._np_marked}
        marked = builder._np_from_zone | builder._np_additional | set(builder._np_duration)
        assert marked and marked <= kept, raw


def test_spell_type_memo_equals_the_front_end():
    from cardlint.lang.frontend import frontend
    from cardlint.pipeline import _is_spell_type

    for lang, lines in [("en", ["Instant", "Sorcery — Arcane", "Creature — Human", None, "", "Tribal Instant — Elf"]),
                        ("de", ["Spontanzauber", "Kreatur — Elf", None])]:
        fe = frontend(lang)
        for line in lines * 2:
            assert _is_spell_type(fe, line) == fe.is_spell_type(line), (lang, line)


def test_bench_compare_goes_on_after_a_failing_language(monkeypatch, capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / "bench.py"
    spec = importlib.util.spec_from_file_location("cardlint_bench_under_test", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    if not (bench.CORPUS / bench.FILES["en"]).exists():
        pytest.skip("no corpus")
    monkeypatch.setattr(bench, "FILES", {"de": "no-such-corpus.jsonl", "en": bench.FILES["en"]})
    monkeypatch.setattr("sys.argv", ["bench.py", "--compare", "--limit", "3"])
    assert bench.main() == 1
    out = capsys.readouterr().out
    assert "de       FAILED: FileNotFoundError" in out
    assert re.search(r"^en +3 +\d+ ", out, re.M), out  # the next language still ran and printed
    assert "failed: de" in out
