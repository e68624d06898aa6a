"""The LALR parser loop: Lark's loop on int actions, and the rule callbacks it runs.

:func:`use_parser_loop` swaps a loaded parser's ``_Parser`` for :func:`parser_loop_class`'s loop,
which reads the same ``ParserState`` in the same order (lexers that consult the parser state and
Lark's errors stay Lark's) but looks each rule's size, callback and name up once per rule.  Where
Lark's tree-building callback for a rule has one of the usual shapes, it is replaced by one
generated function (:func:`generated_callback`) that builds the same tree with fewer calls; the
inline build (:mod:`cardlint.speed.inline`) generates its rule callbacks the same way.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Tree
from lark.visitors import Discard

from cardlint.speed.tables import LazyStates


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
def parser_loop_class():
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
            if isinstance(states, LazyStates):
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
            passing = PASS
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


def callback_shape(callback):
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
PASS = object()


def plain_name(name) -> str:
    """A rule name as a plain ``str``: Lark's names are ``Token`` objects, whose ``__eq__`` is Python
    code that every goto lookup (a dict keyed by plain strings) would call."""
    return str.__str__(name) if isinstance(name, str) else name


def _rule_entry(rule, callback) -> tuple:
    """The loop's ``(size, callback, origin name)`` for a rule with Lark's tree ``callback`` (None:
    no callbacks, the value is the children list)."""
    size, origin = len(rule.expansion), plain_name(rule.origin.name)
    if callback is None:
        return size, None, origin
    shape = callback_shape(callback)
    if shape is not None and size == 1 and shape[0] is None and shape[1]:
        return size, PASS, origin
    return size, fused_callback(callback), origin


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


def generated_callback(shape, tail: str, method=None, cell=None, lists: bool = False):
    """One function per rule that filters the children as :func:`callback_shape`'s ``shape``
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


def fused_callback(callback):
    """Lark's tree-building callback for a rule, as one function when :func:`callback_shape`
    knows its shape — the same trees, built with fewer calls.  Any other callback is returned as
    it is."""
    shape = callback_shape(callback)
    if shape is None:
        return callback
    return generated_callback(shape, "tree")


class InlineBuildError(Exception):
    """A builder method failed (or returned ``Discard``) during an inline parse: not a Lark error,
    the parse itself did not fail."""

    def __init__(self, rule: str, exc: Exception) -> None:
        super().__init__(rule, exc)
        self.rule, self.exc = rule, exc


def use_parser_loop(parser: Lark) -> Lark:
    """Run ``parser`` with :func:`parser_loop_class`'s loop (an LALR parser only)."""
    lalr = getattr(getattr(parser, "parser", None), "parser", None)
    inner = getattr(lalr, "parser", None)
    if inner is not None and hasattr(inner, "parse_table") and hasattr(inner, "callbacks"):
        lalr.parser = parser_loop_class()(inner.parse_table, inner.callbacks, inner.debug)
    return parser
