"""Load Lark LALR grammars from ``grammar/`` with their parsers' tables built once, not per run.

Building LALR tables for a large grammar takes tens of seconds, and even Lark's own cache spends
over a second rebuilding a ~2000-state table from its generic serialisation.  So a built parser is
stored in cardlint's own format (:func:`_save_parser`): Lark's serialisation *without* the parse
table, plus the table as plain integers, zlib-compressed.  Loading it (:func:`_load_parser`)
decodes each parser state only when the parser first enters it (:class:`_LazyStates`), and builds
a contextual lexer's per-state lexers the same way (:class:`LazyContextualLexer`): classifying one
clause touches a few dozen states, not thousands.

Where a table comes from, in order: the tables shipped with the package (``cardlint/_tables``,
built by ``tools/build_tables.py`` when the wheel or the editable install is built), then the user
cache (:func:`cardlint.paths.cache_dir`) — which only a grammar edited in a checkout needs — and
last a build, announced on standard error and saved to the user cache (an unwritable cache is a
one-line warning).

The key is what the table is built from: the grammar file and the grammars it imports, the start
symbol and options, Lark's version, and :data:`_FORMAT` — bumped by hand when this module's grammar
rewriting (:func:`bound_literals`) or the file layout changes; ``tests/test_tables.py`` fails when
the rewriting changed and the format did not.  Not the Python version: the file holds plain data
only (it is read by an unpickler that refuses every class but Lark's ``Token``).  A missing, stale
or unreadable file means the next place is tried, never an error.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import pickle
import re
import sys
import tempfile
import zlib
from array import array
from functools import lru_cache
from pathlib import Path

from copy import copy

from lark import Lark, Tree
from lark.lexer import BasicLexer, ContextualLexer
from lark.visitors import Discard
from lark.parsers.lalr_parser_state import ParserState

from cardlint.paths import cache_dir, grammar_dir

#: bump when the layout of the table file or the output of :func:`bound_literals` changes
#: (7: shipped tables, keyed without the Python version; compressed; plain data only, no marshal;
#: the packed rows little-endian)
_FORMAT = b"cardlint-parser-8"


def _grammar_files(path: Path) -> list[Path]:
    """The grammar file and the grammars it %imports (recursively, from its folder)."""
    seen: list[Path] = []
    todo = [path]
    while todo:
        p = todo.pop()
        if p in seen or not p.exists():
            continue
        seen.append(p)
        for m in re.finditer(r"^%import\s+\.?(\w+)", p.read_text(encoding="utf-8"), re.M):
            todo.append(p.parent / f"{m.group(1)}.lark")
    return sorted(seen)


def _option_key(value) -> str:
    # an object's default repr holds its address, which changes every run: key on its type
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if isinstance(value, (str, int, float, bool, type(None), list, tuple, dict)):
        return repr(value)
    return f"{type(value).__module__}.{type(value).__qualname__}"


def _cache_key(path: Path, start: str, opts: dict, bound: bool) -> str:
    import lark

    digest = hashlib.sha256(_FORMAT)
    for p in _grammar_files(path):
        digest.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    digest.update(repr((start, bound, sorted((k, _option_key(v)) for k, v in opts.items()))).encode())
    digest.update(f"lark {lark.__version__}".encode())
    return digest.hexdigest()


def _module_digest(cls) -> str | None:
    """The digest of the source file of ``cls``'s module: the derived tables a lexer keeps with the
    parser (:meth:`WordLexer.derived`) are its code's output, used only while that code is unchanged."""
    try:
        with open(sys.modules[cls.__module__].__file__, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except (AttributeError, KeyError, OSError, TypeError):
        return None


# --- the parser cache ------------------------------------------------------------------------------

class _LazyStates(dict):
    """The LALR parse table's ``states`` mapping, filled on first access to each state.

    Lark's parser and the word lexer only index it (``states[n]``), which ``__missing__`` serves;
    any whole-table use (iteration, ``len``, ``get``, ``in``) decodes every state first, so it sees
    the complete table.
    """

    def __init__(self, tokens: list[str], rows: dict, rules: list) -> None:
        super().__init__()
        from lark.parsers.lalr_analysis import Reduce

        self._tokens = tokens
        self._rows = rows
        self._reduces = [(Reduce, r) for r in rules]

    def __missing__(self, state):
        from lark.parsers.lalr_analysis import Shift

        reduces = self._reduces
        row = {token: ((Shift, c) if c >= 0 else reduces[~c]) for token, c in self.codes(state).items()}
        self[state] = row
        return row

    @property
    def rules(self) -> list:
        """The rules the table reduces by, in the order of its reduce codes."""
        return [rule for _, rule in self._reduces]

    def codes(self, state) -> dict:
        """The state's row as ``{token: code}`` (shift to n → n, reduce by rule i → ~i)."""
        try:
            packed = self._rows[state]
        except (KeyError, TypeError):
            raise KeyError(state) from None
        numbers = array("i")
        numbers.frombytes(packed)
        if _SWAP:
            numbers.byteswap()
        half = len(numbers) // 2
        return dict(zip(map(self._tokens.__getitem__, numbers[:half]), numbers[half:]))

    def _decode_all(self) -> None:
        for state in self._rows:
            if not dict.__contains__(self, state):
                self.__missing__(state)

    def __iter__(self):
        self._decode_all()
        return super().__iter__()

    def __len__(self):
        return len(self._rows)

    def __contains__(self, state):
        return state in self._rows

    def get(self, state, default=None):
        return self[state] if state in self._rows else default

    def keys(self):
        self._decode_all()
        return super().keys()

    def items(self):
        self._decode_all()
        return super().items()

    def values(self):
        self._decode_all()
        return super().values()


#: the packed rows are little-endian 32-bit integers on every machine (a wheel is for any platform)
_SWAP = sys.byteorder != "little"
assert array("i").itemsize == 4


def _encode_table(states: dict, rule_id) -> tuple:
    """The parse table as integers: per state, its token indices then its codes (shift to state
    n → n, reduce by rule i → ~i) packed as one machine-integer array, so loading the table copies
    bytes and only a state in use is unpacked.  ``rule_id`` gives a rule's id in Lark's memo."""
    from lark.parsers.lalr_analysis import Shift

    tokens: dict[str, int] = {}
    rules: dict[int, int] = {}  # memo id → index in the rule list
    rows = {}
    for state, actions in states.items():
        keys, codes = [], []
        for token, (action, arg) in actions.items():
            keys.append(tokens.setdefault(str(token), len(tokens)))  # str: no Token in the file
            codes.append(arg if action is Shift else ~rules.setdefault(rule_id(arg), len(rules)))
        numbers = array("i", keys + codes)
        if _SWAP:
            numbers.byteswap()
        rows[state] = numbers.tobytes()
    return list(tokens), rows, list(rules)


def _lazy_table_parser():
    """A Lark LALR parser class (plugged in through Lark's ``_plugins`` option when loading) whose
    parse table is the packed one, decoded lazily; Lark builds the lexer after the table, so a
    contextual lexer sees the whole table."""
    from lark.parsers.lalr_analysis import IntParseTable
    from lark.parsers.lalr_parser import LALR_Parser, _Parser

    class LazyTableParser(LALR_Parser):
        @classmethod
        def deserialize(cls, data, memo, callbacks, debug=False):
            if "cardlint_packed" not in data:
                return super().deserialize(data, memo, callbacks, debug)
            tokens, rows, rule_ids = data["cardlint_packed"]
            states = _LazyStates(tokens, rows, [memo[i] for i in rule_ids])
            inst = cls.__new__(cls)
            inst._parse_table = IntParseTable(states, data["start_states"], data["end_states"])
            inst.parser = _Parser(inst._parse_table, callbacks, debug)
            return inst

    return LazyTableParser


# --- the parser loop ------------------------------------------------------------------------------

class _Codes(dict):
    """Per parser state, ``{terminal or rule name: code}`` with the action as one int (shift to
    state n → n, reduce by rule i → ~i), decoded from the parse table a state at a time."""

    def __init__(self, loop: "_ParserLoop") -> None:
        super().__init__()
        self._loop = loop

    def __missing__(self, state):
        row = self[state] = self._loop.decode(state)
        return row


@lru_cache(maxsize=None)
def _parser_loop_class():
    """Lark's LALR loop (``_Parser.parse_from_state`` with ``ParserState.feed_token`` inlined), on
    int actions and with each rule's size, tree callback and name looked up once per rule instead
    of once per reduction (Lark hashes and compares ``Rule`` objects in Python there).  It reads
    and changes the same ``ParserState`` in the same order, so lexers that consult the parser state
    and the errors (with their interactive parser) are Lark's."""
    from lark.exceptions import UnexpectedInput, UnexpectedToken
    from lark.lexer import Token
    from lark.parsers.lalr_analysis import Shift
    from lark.parsers.lalr_interactive_parser import InteractiveParser
    from lark.parsers.lalr_parser import _Parser

    class ParserLoop(_Parser):
        def __init__(self, parse_table, callbacks, debug=False):
            super().__init__(parse_table, callbacks, debug)
            self.codes = _Codes(self)
            # the word lexer reads the parser state's accepted terminals from these rows too
            parse_table.codes = self.codes
            self.rules: list[tuple] = []          # rule index → (size, callback or None, origin name)
            self._rule_ids: dict[int, int] = {}   # id(rule) → rule index
            self._kept: list = []                 # the rules themselves, so their ids stay unique
            self.token_callbacks = {k: v for k, v in callbacks.items() if isinstance(k, str)}
            states = parse_table.states
            if isinstance(states, _LazyStates):
                # the packed table already numbers its rules: its rows are the codes, and a rule's
                # entry is made when a row that reduces by it is first decoded (cold start)
                self._packed_rules = states.rules
                self.rules = [None] * len(self._packed_rules)
                self.decode = self._decode_packed
                self._packed_codes = states.codes

        #: an :class:`InlineBuild`'s rule table while it parses, else None (build trees)
        inline = None

        def rule_object(self, index: int):
            return self._packed_rules[index] if hasattr(self, "_packed_rules") else self._kept[index]

        def rule_code(self, rule) -> int:
            i = self._rule_ids.get(id(rule))
            if i is None:
                i = self._rule_ids[id(rule)] = len(self.rules)
                self._kept.append(rule)
                self.rules.append(_rule_entry(rule, self.callbacks[rule] if self.callbacks else None))
            return ~i

        def _decode_packed(self, state) -> dict:
            row = self._packed_codes(state)
            rules = self.rules
            for code in row.values():
                if code < 0 and rules[~code] is None:
                    rule = self._packed_rules[~code]
                    rules[~code] = _rule_entry(rule, self.callbacks[rule] if self.callbacks else None)
            return row

        def decode(self, state) -> dict:
            rule_code = self.rule_code
            return {token: (arg if action is Shift else rule_code(arg))
                    for token, (action, arg) in self.parse_table.states[state].items()}

        def _unexpected(self, token, state) -> UnexpectedToken:
            expected = {s for s in self.parse_table.states[state.state_stack[-1]].keys() if s.isupper()}
            return UnexpectedToken(token, expected, state=state, interactive_parser=None)

        def parse_from_state(self, state, last_token=None):
            codes, token_callbacks = self.codes, self.token_callbacks or None
            rules = self.rules if self.inline is None else self.inline
            state_stack, value_stack = state.state_stack, state.value_stack
            push_state, push_value = state_stack.append, value_stack.append
            passing = _PASS
            try:
                token = last_token
                for token in state.lexer.lex(state):
                    ttype = token.type
                    # the top state in a local as well: the stack itself must stay current, the
                    # word lexer reads its top for the next token
                    top = state_stack[-1]
                    while True:
                        code = codes[top].get(ttype)
                        if code is None:
                            raise self._unexpected(token, state)
                        if code >= 0:
                            push_state(code)
                            if token_callbacks is None or ttype not in token_callbacks:
                                push_value(token)
                            else:
                                push_value(token_callbacks[ttype](token))
                            break
                        size, callback, origin = rules[~code]
                        if callback is passing:
                            # a ?rule of one symbol: its value is the symbol's, only the state moves
                            top = state_stack[-1] = codes[state_stack[-2]][origin]
                            continue
                        if size == 1:  # the most common size: no slices
                            children = [value_stack.pop()]
                            del state_stack[-1]
                        elif size:
                            children = value_stack[-size:]
                            del state_stack[-size:]
                            del value_stack[-size:]
                        else:
                            children = []
                        push_value(callback(children) if callback is not None else children)
                        top = codes[state_stack[-1]][origin]
                        push_state(top)
                end_token = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
                end_state = state.parse_conf.end_state
                while True:
                    code = codes[state_stack[-1]].get("$END")
                    if code is None:
                        raise self._unexpected(end_token, state)
                    if code >= 0:
                        raise AssertionError("shift at the end of input")  # Lark: assert not is_end
                    size, callback, origin = rules[~code]
                    if callback is passing:
                        state_stack[-1] = codes[state_stack[-2]][origin]
                    else:
                        if size:
                            children = value_stack[-size:]
                            del state_stack[-size:]
                            del value_stack[-size:]
                        else:
                            children = []
                        value_stack.append(callback(children) if callback is not None else children)
                        state_stack.append(codes[state_stack[-1]][origin])
                    if state_stack[-1] == end_state:
                        return value_stack[-1]
            except UnexpectedInput as e:
                e.interactive_parser = InteractiveParser(self, state, state.lexer)
                raise e

    return ParserLoop


def _callback_shape(callback):
    """``(to_include, expand1, name)`` of Lark's tree-building callback for a rule when it has one
    of the usual shapes (build a ``Tree`` named ``name``; first drop filtered tokens and inline
    ``_rule`` children per ``to_include``; return the single child of a ``?rule``), else None."""
    from functools import partial

    from lark import Tree
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild

    expand1 = False
    to_include = None
    inner = callback
    if type(inner) is ChildFilterLALR_NoPlaceholders:
        to_include = tuple(inner.to_include)
        inner = inner.node_builder
    if type(inner) is ExpandSingleChild:
        expand1 = True
        inner = inner.node_builder
    if (type(inner) is partial and inner.func is Tree and len(inner.args) == 1 and not inner.keywords
            and Tree.__init__.__code__.co_names == ("data", "children", "_meta")):
        return to_include, expand1, inner.args[0]
    return None


#: the loop's callback for a rule whose value is its single child's (a ``?rule`` of one symbol)
_PASS = object()


def _plain(name) -> str:
    """A rule name as a plain ``str``: Lark's names are ``Token`` objects, whose ``__eq__`` is Python
    code that every goto lookup (a dict keyed by plain strings) would call."""
    return str.__str__(name) if isinstance(name, str) else name


def _rule_entry(rule, callback) -> tuple:
    """The loop's ``(size, callback, origin name)`` for a rule with Lark's tree ``callback`` (None:
    no callbacks, the value is the children list)."""
    size, origin = len(rule.expansion), _plain(rule.origin.name)
    if callback is None:
        return size, None, origin
    shape = _callback_shape(callback)
    if shape is not None and size == 1 and shape[0] is None and shape[1]:
        return size, _PASS, origin
    return size, _fused_callback(callback), origin


_FACTORIES: dict = {}


def _filter_source(to_include, lists: bool = False) -> list[str]:
    """Source lines that set ``f`` to a rule's filtered children from its children ``c``, as
    Lark's child filter does: drop filtered tokens, inline the children of ``_rule`` trees — or,
    with ``lists``, ``_rule`` values that are their children lists already (the first inlined
    list is reused, not copied: left recursion stays linear)."""
    inlined = "c[{}]" if lists else "c[{}].children"
    if to_include is None:
        return ["f = c"]
    lines: list[str] = []
    run: list[int] = []
    first = True

    def flush():
        nonlocal first
        if run:
            items = ", ".join(f"c[{i}]" for i in run)
            if first:
                lines.append(f"f = [{items}]")
            elif len(run) == 1:
                lines.append(f"f.append({items})")
            else:
                lines.append(f"f += ({items},)")
            first = False
            run.clear()

    for i, to_expand in to_include:
        if to_expand:
            flush()
            lines.append(("f = " if first else "f += ") + inlined.format(i))
            first = False
        else:
            run.append(i)
    flush()
    if first:
        lines.append("f = []")
    return lines


_TAILS = {
    # a _rule's value for a parent that inlines it: its children list
    "list": ["return f"],
    # a tree node, as Tree(name, f) builds it
    "tree": ["t = new(Tree)", "t.data = name", "t.children = f", "t._meta = None", "return t"],
    # an InlineBuild rule method; a failure or Discard is left to the tree walk (InlineBuildError)
    "method": ["try:", "    r = method(cell[0], f)", "except Exception as e:",
               "    raise InlineBuildError(name, e) from e",
               "if r is Discard:", "    raise InlineBuildError(name, None)", "return r"],
    "default": ["try:", "    r = method(cell[0], name, f, None)", "except Exception as e:",
                "    raise InlineBuildError(name, e) from e",
                "if r is Discard:", "    raise InlineBuildError(name, None)", "return r"],
    # a __default__ that declares it builds ``method(str(name), children)`` of a plain dataclass
    # (two fields, no __post_init__): the object made without the two calls
    "node": ["t = new(method)", "t.name = name", "t.children = f", "return t"],
}


def _generated_callback(shape, tail: str, method=None, cell=None, lists: bool = False):
    """One function per rule that filters the children as :func:`_callback_shape`'s ``shape``
    says and then builds the value (``tail``: a tree, a list, or the builder's method) — the
    calls of Lark's child filter, single-child expansion and node builder in one, without their
    loops.  ``lists``: the ``_rule`` children it inlines are lists, not trees."""
    to_include, expand1, name = shape
    key = (to_include, expand1, tail, lists)
    factory = _FACTORIES.get(key)
    if factory is None:
        body = _filter_source(to_include, lists)
        if expand1:
            body += ["if len(f) == 1:", "    return f[0]"]
        body += _TAILS[tail]
        src = ("def factory(name, method, cell, new, Tree, Discard, InlineBuildError):\n"
               "    def callback(c):\n" + "".join(f"        {line}\n" for line in body)
               + "    return callback\n")
        scope: dict = {}
        exec(compile(src, f"<cardlint rule callback {len(_FACTORIES)}>", "exec"), scope)
        factory = _FACTORIES[key] = scope["factory"]
    return factory(name, method, cell, object.__new__, Tree, Discard, InlineBuildError)


def _fused_callback(callback):
    """Lark's tree-building callback for a rule, as one function when :func:`_callback_shape`
    knows its shape — the same trees, built with fewer calls.  Any other callback is returned as
    it is."""
    shape = _callback_shape(callback)
    if shape is None:
        return callback
    return _generated_callback(shape, "tree")


class InlineBuild:
    """Runs a builder's rule methods while the LALR loop reduces, instead of building a tree and
    walking it afterwards: for a rule named ``r`` the loop calls ``method(builder, children)`` (or
    ``builder.__default__(r, children, None)`` when the class has no method ``r``) with the
    children a tree node ``r`` would have had, already built — the same calls, in the same
    (post-)order, as :class:`~cardlint.lang.frontend.FastTransformer` on the tree.  A ``_rule``'s
    value is its children list (a tree when some ``?_rule`` could hand over a single child), which
    its parent inlines; a ``?rule`` of one symbol passes its child on without a call.  :meth:`for_parser` returns None when the
    parser or the class has anything this does not reproduce (then build from the tree)."""

    def __init__(self, loop, cls, methods: dict, lists: bool = False) -> None:
        self.loop, self.cls, self.methods = loop, cls, methods
        #: True: a ``_rule``'s value is its children list, which the parent inlines (no tree)
        self.lists = lists
        self._direct = None  # (parser, _direct_start(parser, loop))
        self.cell = [None]  # the builder of the parse in progress
        self.rules: dict = _InlineRules(self)
        #: the class ``cls.__default__`` declares it builds as ``node(str(name), children)``, when
        #: that is a plain two-field dataclass whose objects the "node" callbacks can make
        self.node = _default_node(cls)

    @classmethod
    def for_parser(cls, parser: Lark, builder_cls, sample) -> "InlineBuild | None":
        from types import FunctionType

        from cardlint.lang.frontend import _reads_meta

        loop = getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None)
        if not hasattr(loop, "inline") or hasattr(builder_cls, "__getattr__"):
            return None
        if getattr(sample, "__visit_tokens__", True) or _reads_meta(builder_cls.__default__):
            return None
        if any(isinstance(k, str) for k in loop.callbacks):  # token callbacks: Lark's own path
            return None
        methods = {}
        lists = True
        for rule, callback in loop.callbacks.items():
            shape = _callback_shape(callback)
            if shape is None:
                return None
            name = shape[2]
            if name.startswith("_"):
                # a ?_rule may hand its parent a single child instead of a children list
                lists = lists and not shape[1]
                continue
            if name in methods:
                continue
            if name in vars(sample):
                return None
            f = getattr(builder_cls, name, None)
            if f is None:
                methods[name] = None
            elif isinstance(f, FunctionType) and getattr(f, "visit_wrapper", None) is None:
                methods[name] = f
            else:
                return None
        return cls(loop, builder_cls, methods, lists)

    def make(self, index: int):
        loop = self.loop
        rule = loop.rule_object(index)
        shape = _callback_shape(loop.callbacks[rule])
        name = shape[2]
        size = len(rule.expansion)
        origin = _plain(rule.origin.name)
        if name.startswith("_"):
            if not self.lists:
                return loop.rules[index]  # a tree, which the parent's callback inlines
            if shape[0] is None:
                return size, None, origin  # the loop's children list is the value
            return size, _generated_callback(shape, "list", lists=True), origin
        if size == 1 and shape[0] is None and shape[1]:
            return size, _PASS, origin  # the child is the value: no method runs
        f = self.methods[name]
        if f is None and self.node is not None:
            callback = _generated_callback((shape[0], shape[1], str(name)), "node", self.node, None, self.lists)
        elif f is None:
            # no method: __default__(name, children, None); a failure (or Discard, which the
            # parent's children would drop) is raised again by the tree walk
            callback = _generated_callback(shape, "default", self.cls.__default__, self.cell, self.lists)
        else:
            callback = _generated_callback(shape, "method", f, self.cell, self.lists)
        return size, callback, origin

    def parse(self, parser: Lark, text: str, builder):
        """The builder's result for ``text`` (Lark's errors as ``parser.parse`` raises them)."""
        loop = self.loop
        direct = self._direct
        if direct is None or direct[0] is not parser:
            direct = self._direct = (parser, _direct_start(parser, loop))
        self.cell[0] = builder
        loop.inline = self.rules
        try:
            if direct[1] is not None:
                conf, lexer, thread = direct[1]
                return loop.parse_from_state(ParserState(conf, thread.from_text(lexer, text)))
            return parser.parse(text)
        finally:
            loop.inline = None
            self.cell[0] = None


def _direct_start(parser: Lark, loop):
    """What ``parser.parse(text)`` builds before it enters ``loop`` — (parse configuration, lexer,
    lexer thread class) — when it is Lark's plain LALR path (one start symbol, a standard
    lexer, no plug-ins in between), so that a parse can start there; else None."""
    from lark.lexer import LexerThread
    from lark.parser_frontends import ParsingFrontend
    from lark.parsers.lalr_parser import LALR_Parser, _Parser
    from lark.parsers.lalr_parser_state import ParseConf

    frontend = getattr(parser, "parser", None)
    try:
        if (type(parser).parse is not Lark.parse or type(frontend).parse is not ParsingFrontend.parse
                or frontend.lexer_conf.lexer_type in ("dynamic", "dynamic_complete") or frontend.skip_lexer
                or (frontend.options and frontend.options._plugins.get("LexerThread"))):
            return None
        lalr = frontend.parser
        if type(lalr).parse is not LALR_Parser.parse or lalr.parser is not loop \
                or type(loop).parse is not _Parser.parse:
            return None
        start = frontend._verify_start(None)
        return ParseConf(loop.parse_table, loop.callbacks, start), frontend.lexer, LexerThread
    except Exception:  # noqa: BLE001 — anything unexpected: Lark's own path
        return None


def _default_node(cls):
    """The class of ``cls.__default__``'s ``builds_node`` when setting its two fields ``name`` and
    ``children`` on a bare object builds what ``node(name, children)`` does, else None."""
    import dataclasses

    node = getattr(getattr(cls, "__default__", None), "builds_node", None)
    if node is None or not dataclasses.is_dataclass(node) or hasattr(node, "__post_init__"):
        return None
    if [f.name for f in dataclasses.fields(node)] != ["name", "children"] or hasattr(node, "__slots__"):
        return None
    if node.__new__ is not object.__new__ or node.__setattr__ is not object.__setattr__:
        return None
    return node


class InlineBuildError(Exception):
    """A builder method failed (or returned ``Discard``) during an inline parse: not a Lark error,
    the parse itself did not fail."""

    def __init__(self, rule: str, exc: Exception) -> None:
        super().__init__(rule, exc)
        self.rule, self.exc = rule, exc


class _InlineRules(dict):
    def __init__(self, inline: InlineBuild) -> None:
        super().__init__()
        self.inline = inline

    def __missing__(self, index):
        entry = self[index] = self.inline.make(index)
        return entry


def _use_parser_loop(parser: Lark) -> Lark:
    """Run ``parser`` with :func:`_parser_loop_class`'s loop (an LALR parser only)."""
    lalr = getattr(getattr(parser, "parser", None), "parser", None)
    inner = getattr(lalr, "parser", None)
    if inner is not None and hasattr(inner, "parse_table") and hasattr(inner, "callbacks"):
        lalr.parser = _parser_loop_class()(inner.parse_table, inner.callbacks, inner.debug)
    return parser


#: how a class option (a custom lexer) is written in a table file: by name, resolved on load
_CLASS_MARK = "cardlint-class:"


def _class_name(value):
    return f"{_CLASS_MARK}{value.__module__}:{value.__qualname__}" if isinstance(value, type) else value


def _class_of(value):
    """The class a :func:`_class_name` mark names — cardlint's own classes only."""
    if not (isinstance(value, str) and value.startswith(_CLASS_MARK)):
        return value
    module, _, qualname = value[len(_CLASS_MARK):].partition(":")
    if module.split(".")[0] != "cardlint":
        raise ValueError(f"class {module}.{qualname} is not cardlint's")
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


class _TableUnpickler(pickle.Unpickler):
    """The table file is plain data: lists, dicts, strings, numbers, bytes — and Lark's ``Token``
    (a ``str`` with a type), which its names are.  Anything else is refused, so loading a file
    cannot run code."""

    def find_class(self, module, name):
        if (module, name) == ("lark.lexer", "Token"):
            from lark.lexer import Token

            return Token
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a parser table")


def _save_parser(parser: Lark, file: Path, key: str, grammar_text: str | None = None) -> None:
    """Write ``parser``'s tables to ``file`` (``grammar_text``: the text Lark was given, whose
    digest the file keeps so that a test can tell a stale rewriting)."""
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef
    from lark.utils import SerializeMemoizer

    table = parser.parser.parser._parse_table
    states = table.states
    table.states = {}  # serialised separately, as integers
    try:
        memo = SerializeMemoizer([TerminalDef, Rule])
        data = parser.serialize(memo)
    finally:
        table.states = states
    data["parser"]["parser"]["cardlint_packed"] = _encode_table(states, memo.memoized.get)
    data["options"] = {k: _class_name(v) for k, v in data["options"].items()
                       if k not in _LOAD_ALLOWED_OPTIONS and k != "import_paths"}
    lexer_conf = data["parser"]["lexer_conf"]
    lexer_conf["lexer_type"] = _class_name(lexer_conf["lexer_type"])
    lexer = parser.parser.lexer
    derived = getattr(lexer, "derived", None)
    payload = {"data": data, "memo": memo.serialize(),
               "lexer": derived() if derived else None, "lexer_code": _module_digest(type(lexer)),
               "grammar": hashlib.sha256(grammar_text.encode()).hexdigest() if grammar_text else None}
    blob = zlib.compress(pickle.dumps(payload, protocol=4), 9)
    # write-then-rename: a concurrent reader sees the old file or the whole new one
    fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=file.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(_FORMAT + b" " + key.encode() + b"\n")
            fh.write(blob)
        os.chmod(tmp, 0o644)
        os.replace(tmp, file)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_table(file: Path, key: str | None = None) -> dict | None:
    """The payload of a table file (``key``: only when it was built for that key), else None."""
    try:
        blob = file.read_bytes()
    except OSError:
        return None
    header, _, payload = blob.partition(b"\n")
    fmt, _, file_key = header.partition(b" ")
    if fmt != _FORMAT or (key is not None and file_key != key.encode()):
        return None
    try:
        d = _TableUnpickler(io.BytesIO(zlib.decompress(payload))).load()
    except Exception:  # noqa: BLE001 — corrupt or foreign
        return None
    return d if isinstance(d, dict) and "data" in d else None


def _load_parser(file: Path, key: str, load_options: dict) -> Lark | None:
    """The stored parser, or None when the file is missing, stale or unreadable."""
    d = read_table(file, key)
    if d is None:
        return None
    try:
        data = d["data"]
        data["options"] = {k: _class_of(v) for k, v in data["options"].items()}
        lexer_conf = data["parser"]["lexer_conf"]
        lexer_type = lexer_conf["lexer_type"] = _class_of(lexer_conf["lexer_type"])
        lazy_lexer = lexer_type == "contextual"
        if lazy_lexer:
            # Lark would build every state's lexer now (and decode every table row for it)
            lexer_conf["lexer_type"] = LazyContextualLexer
        plugins = dict(load_options.get("_plugins") or {}, LALR_Parser=_lazy_table_parser())
        parser = Lark._load_from_dict(data, d["memo"], **dict(load_options, _plugins=plugins))
        frontend = parser.parser
        lexer = getattr(frontend.lexer, "lexer", frontend.lexer)  # inside a PostLexConnector
        if lazy_lexer:
            frontend.lexer_conf.lexer_type = "contextual"
            lexer.bind(frontend.parser._parse_table, parser.options.postlex)
        if d.get("lexer") and hasattr(lexer, "preload") and d.get("lexer_code") == _module_digest(type(lexer)):
            lexer.preload(d["lexer"])
    except Exception:  # a corrupt or foreign file: rebuild  # noqa: BLE001
        return None
    return parser


class _LazyLexers(dict):
    def __init__(self, owner) -> None:
        super().__init__()
        self.owner = owner

    def __missing__(self, state):
        lexer = self[state] = self.owner.state_lexer(state)
        return lexer


class LazyContextualLexer(ContextualLexer):
    """Lark's contextual lexer with each parser state's lexer built when the parser first lexes
    in that state: Lark builds all of them (hundreds of ``BasicLexer`` objects for the Chinese
    grammar) when the parser is loaded, and reads every row of the parse table for it.  A state
    gets the lexer Lark would give it — the terminals of its row, the ignored ones and the
    post-lexer's — one object per distinct set; ``lex`` is Lark's."""

    __future_interface__ = 2

    def __init__(self, conf, *args, **kwargs) -> None:  # noqa: D107 — Lark's states come later (bind)
        self.conf = conf
        self.lexers = _LazyLexers(self)
        self._by_accepts: dict = {}
        self._table = None
        self._always: frozenset = frozenset()
        self._root = None
        #: called with each new state lexer before its first use (the Chinese front end swaps its
        #: scanner in)
        self.on_new_lexer = None

    def bind(self, parse_table, postlex) -> None:
        self._table = parse_table
        self._always = frozenset(postlex.always_accept if postlex else ())

    def _row_symbols(self, state):
        states = self._table.states
        codes = getattr(states, "codes", None)
        return codes(state).keys() if codes is not None else states[state].keys()

    def state_lexer(self, state):
        key = frozenset(self._row_symbols(state))
        lexer = self._by_accepts.get(key)
        if lexer is None:
            conf = self.conf
            accepts = set(key) | set(conf.ignore) | self._always
            lexer_conf = copy(conf)
            by_name = conf.terminals_by_name
            lexer_conf.terminals = [by_name[n] for n in accepts if n in by_name]
            lexer = self._by_accepts[key] = BasicLexer(lexer_conf)
            if self.on_new_lexer is not None:
                self.on_new_lexer(lexer)
        return lexer

    @property
    def root_lexer(self):
        if self._root is None:
            conf = copy(self.conf)
            conf.terminals = list(self.conf.terminals)
            conf.skip_validation = True
            self._root = BasicLexer(conf)
            if self.on_new_lexer is not None:
                self.on_new_lexer(self._root)
        return self._root

    def built_lexers(self) -> list:
        """The state lexers built so far and the root lexer, when built."""
        return list(self._by_accepts.values()) + ([self._root] if self._root is not None else [])


_TERMINAL_DEF = re.compile(r"^\s*_?[A-Z][A-Z0-9_]*(?:\.-?\d+)?\s*:")
_LITERAL = re.compile(r'"([a-zäöüß][a-zäöüß0-9\'\-]*)"')


_TERMINAL_PATTERN = re.compile(r"^([A-Z][A-Z0-9_]*)(?:\.(-?\d+))?\s*:\s*/(.*)/([imsux]*)\s*$")


def _class_terminals(text: str, folder: Path | None) -> dict[str, tuple[int, re.Pattern]]:
    """Regex terminals of the grammar and the grammars it imports from its own folder."""
    sources = [text]
    if folder is not None:
        for m in re.finditer(r"^%import\s+\.?(\w+)\s*\(", text, re.M):
            f = folder / f"{m.group(1)}.lark"
            if f.exists():
                sources.append(f.read_text(encoding="utf-8"))
    out = {}
    for src in sources:
        for line in src.splitlines():
            m = _TERMINAL_PATTERN.match(line.strip())
            if m:
                flags = re.IGNORECASE if "i" in m.group(4) else 0
                try:
                    out[m.group(1)] = (int(m.group(2) or 0), re.compile(m.group(3), flags))
                except re.error:
                    pass
    return out


def bound_literals(text: str, folder: Path | None = None, priority: int = 3, expand_classes: bool = True) -> str:
    """Make the grammar's word literals whole words, and members of the word classes they belong to.

    1. Lark matches a string literal anywhere, so "to" would match the start of "token".  Each
       Latin word literal ``"to"`` in a rule becomes a terminal ``_W_TO.3: /to(?![a-z…'-])/``.
       CJK literals have no word boundaries and are left alone.
    2. A literal that an open word class also matches ("cast" is a VERB, "creature" a TYPE_WORD)
       must stay one token: the literal wins in the lexer (priority 3), and every reference to the
       class in a rule becomes ``(CLASS | _W_CAST | …)``, so the parser accepts the word in both roles.
    The names start with "_" so the tokens stay out of the tree (``!rule`` keeps them).
    """
    words: dict[str, str] = {}
    out_lines = []
    in_terminal = False
    for line in text.splitlines():
        stripped = line.strip()
        if _TERMINAL_DEF.match(line):
            in_terminal = True
        elif stripped and not stripped.startswith(("|", "//")):
            in_terminal = False
        if in_terminal or stripped.startswith(("%", "//")):
            out_lines.append(line)
            continue

        def sub(m):
            word = m.group(1)
            name = "_W_" + re.sub(r"[^A-Z0-9]", lambda c: {"'": "Q", "-": "H", "Ä": "AE", "Ö": "OE", "Ü": "UE", "ß": "SS"}.get(c.group(0), "X"), word.upper())
            words[name] = word
            return name

        out_lines.append(_LITERAL.sub(sub, line))

    classes = _class_terminals(text, folder) if expand_classes else {}
    members: dict[str, list[str]] = {}
    order = list(classes)
    for name, word in words.items():
        # a word joins the one class the lexer would have given it: highest priority, first defined
        owners = [c for c in order if not classes[c][1].fullmatch("zzqx") and classes[c][1].fullmatch(word)]
        if owners:
            best = max(owners, key=lambda c: (classes[c][0], -order.index(c)))
            members.setdefault(best, []).append(name)
    members = {c: sorted(v) for c, v in members.items()}
    # class members keep their tokens in the tree (the IR builder needs the word): rename _W_X → WC_X
    kept = {n: "WC_" + n[3:] for names in members.values() for n in names}
    if kept:
        pat = re.compile(r"(?<![\w])(" + "|".join(sorted(kept, key=len, reverse=True)) + r")(?![\w])")
        out_lines = [pat.sub(lambda m: kept[m.group(1)], l) for l in out_lines]
        members = {c: [kept[n] for n in v] for c, v in members.items()}
        words = {kept.get(n, n): w for n, w in words.items()}
    rules_extra = []
    if members:
        ref = re.compile(r"(?<![\w.])(" + "|".join(sorted(members, key=len, reverse=True)) + r")(?![\w])")
        in_terminal = False
        for i, line in enumerate(out_lines):
            stripped = line.strip()
            if _TERMINAL_DEF.match(line):
                in_terminal = True
                continue
            if stripped and not stripped.startswith(("|", "//")):
                in_terminal = False
            if in_terminal or stripped.startswith(("%", "//")):
                continue
            out_lines[i] = ref.sub(lambda m: "_cls_" + m.group(1).lower(), line)
        for cls, names in sorted(members.items()):
            rules_extra.append(f"_cls_{cls.lower()}: {cls} | " + " | ".join(names))
    defs = [f"{name}.{priority}: /{re.escape(word)}(?![a-zäöüß0-9'\\-])/" for name, word in sorted(words.items())]
    return ("\n".join(out_lines)
            + "\n\n// generated by cardlint.speed.loader.bound_literals\n"
            + "\n".join(rules_extra) + "\n" + "\n".join(defs) + "\n")


def table_name(relpath: str, start: str = "start", **options) -> tuple[Path, str, str, dict, bool]:
    """``(grammar path, key, table file name, Lark options, bound)`` of a :func:`load_grammar` call."""
    path = grammar_dir() / relpath
    bound = options.pop("bound_literals", True)
    opts = dict(parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)
    opts.update(options)
    if opts.get("lexer") == "words":
        from cardlint.speed.wordlexer import WordLexer

        opts["lexer"] = WordLexer
    key = _cache_key(path, start, opts, bound)
    return path, key, f"{path.stem}-{key[:16]}.parser", opts, bound


def _build_message(path: Path) -> None:
    from cardlint.i18n import _

    print(_("cardlint: building the parser tables of {grammar} (once for this grammar; up to a minute)…").format(
        grammar=f"{path.parent.name}/{path.name}"), file=sys.stderr, flush=True)


@lru_cache(maxsize=None)
def load_grammar(relpath: str, start: str = "start", **options) -> Lark:
    """Return an LALR parser for ``grammar/<relpath>``; ``%import`` resolves relative to its folder."""
    from lark.lark import _LOAD_ALLOWED_OPTIONS

    from cardlint.paths import cache_dir, note_used, shipped_dir, warn_once

    path, key, name, opts, bound = table_name(relpath, start, **options)
    note_used(name)
    load_options = {k: v for k, v in opts.items() if k in _LOAD_ALLOWED_OPTIONS}
    for folder in (shipped_dir(), None):
        try:
            folder = folder or cache_dir()
        except OSError:
            continue
        parser = _load_parser(folder / name, key, load_options)
        if parser is not None:
            return _use_parser_loop(parser)
    _build_message(path)
    text = path.read_text(encoding="utf-8")
    if bound:
        text = bound_literals(text, path.parent)
    parser = Lark(text, start=start, import_paths=[path.parent, grammar_dir()], **opts)
    try:
        folder = cache_dir()
        _save_parser(parser, folder / name, key, text)
    except OSError as exc:
        from cardlint.i18n import _

        warn_once(_("cardlint: warning: cannot write the parser tables to the cache directory ({error}); they are "
                    "built again on every run (set CARDLINT_CACHE_DIR to a writable directory)").format(error=exc))
    return _use_parser_loop(parser)
