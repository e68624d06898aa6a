"""The inline build: a builder's rule methods run while the LALR loop reduces, and the faster
tree walk (:class:`FastTransformer`) that gives the same result from a tree."""

from __future__ import annotations

from types import FunctionType

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import GrammarError, VisitError
from lark.parsers.lalr_parser_state import ParserState
from lark.visitors import Discard

from cardlint.speed.lazydict import LazyDict
from cardlint.speed.loader import plain_lark
from cardlint.speed.parser_loop import PASS, InlineBuildError, callback_shape, generated_callback, plain_name

def inline_build(parser: Lark, builder_cls, sample) -> "InlineBuild | None":
    """The :class:`InlineBuild` that runs ``builder_cls``'s methods (``sample``: an instance) while
    ``parser`` reduces, or None: build from the tree (also always with the speed layer off)."""
    if plain_lark():
        return None
    return InlineBuild.for_parser(parser, builder_cls, sample)


class InlineBuild:
    """Runs a builder's rule methods while the LALR loop reduces, instead of building a tree and
    walking it afterwards: for a rule named ``r`` the loop calls ``method(builder, children)`` (or
    ``builder.__default__(r, children, None)`` when the class has no method ``r``) with the
    children a tree node ``r`` would have had, already built — the same calls, in the same
    (post-)order, as :class:`FastTransformer` on the tree.  A ``_rule``'s
    value is its children list (a tree when some ``?_rule`` could hand over a single child), which
    its parent inlines; a ``?rule`` of one symbol passes its child on without a call.  :meth:`for_parser` returns None when the
    parser or the class has anything this does not reproduce (then build from the tree)."""

    def __init__(self, loop, cls, methods: dict, lists: bool = False) -> None:
        self.loop, self.cls, self.methods = loop, cls, methods
        #: True: a ``_rule``'s value is its children list, which the parent inlines (no tree)
        self.lists = lists
        self._direct = None  # (parser, _direct_start(parser, loop))
        self.cell = [None]  # the builder of the parse in progress
        self.rules: dict = LazyDict(self.make)
        #: the class ``cls.__default__`` declares it builds as ``node(str(name), children)``, when
        #: that is a plain two-field dataclass whose objects the "node" callbacks can make
        self.node = _default_node(cls)

    @classmethod
    def for_parser(cls, parser: Lark, builder_cls, sample) -> "InlineBuild | None":
        loop = getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None)
        if not hasattr(loop, "inline") or hasattr(builder_cls, "__getattr__"):
            return None
        if getattr(sample, "__visit_tokens__", True) or reads_meta(builder_cls.__default__):
            return None
        if any(isinstance(k, str) for k in loop.callbacks):  # token callbacks: Lark's own path
            return None
        methods = {}
        lists = True
        for rule, callback in loop.callbacks.items():
            shape = callback_shape(callback)
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
        shape = callback_shape(loop.callbacks[rule])
        name = shape[2]
        size = len(rule.expansion)
        origin = plain_name(rule.origin.name)
        if name.startswith("_"):
            if not self.lists:
                return loop.rules[index]  # a tree, which the parent's callback inlines
            if shape[0] is None:
                return size, None, origin  # the loop's children list is the value
            return size, generated_callback(shape, "list", lists=True), origin
        if size == 1 and shape[0] is None and shape[1]:
            return size, PASS, origin  # the child is the value: no method runs
        f = self.methods[name]
        if f is None and self.node is not None:
            callback = generated_callback((shape[0], shape[1], str(name)), "node", self.node, None, self.lists)
        elif f is None:
            # no method: __default__(name, children, None); a failure (or Discard, which the
            # parent's children would drop) is raised again by the tree walk
            callback = generated_callback(shape, "default", self.cls.__default__, self.cell, self.lists)
        else:
            callback = generated_callback(shape, "method", f, self.cell, self.lists)
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


class FastTransformer(Transformer):
    """A Lark ``Transformer`` whose :meth:`transform` gives the same result with less overhead per
    node: one plain recursive function instead of a generator and two method calls per node, and
    each rule's method looked up once per class instead of with ``getattr`` on every node.  Any
    case it does not recognise as plain (an instance attribute or ``v_args`` wrapper named like a
    rule, a class with ``__getattr__``) goes through Lark's own ``_call_userfunc``."""

    def transform(self, tree):
        if plain_lark():
            return Transformer.transform(self, tree)
        cls = type(self)
        methods = cls.__dict__.get("_rule_methods")
        if methods is None:
            methods = {}
            setattr(cls, "_rule_methods", methods)  # per class: a subclass has its own
        plain = not hasattr(cls, "__getattr__")
        own = self.__dict__
        visit_tokens = self.__visit_tokens__
        default = self.__default__
        generic = self._call_userfunc
        meta = methods.get("\0meta")
        if meta is None:
            meta = methods["\0meta"] = reads_meta(default)

        def walk(t):
            children = []
            for c in t.children:
                if type(c) is Tree or isinstance(c, Tree):
                    c = walk(c)
                elif visit_tokens and isinstance(c, Token):
                    c = self._call_userfunc_token(c)
                if c is not Discard:
                    children.append(c)
            data = t.data
            f = methods.get(data)
            if f is None:
                f = methods[data] = _rule_method(cls, data)
            if f is _GENERIC or not plain or data in own:
                return generic(t, children)
            if f is _DEFAULT:
                # Tree.meta makes a Meta object per node: only for a __default__ that reads it
                return default(data, children, t.meta if meta else None)
            try:
                return f(self, children)
            except GrammarError:
                raise
            except Exception as e:
                raise VisitError(data, t, e)

        if isinstance(tree, Tree):
            result = walk(tree)
        elif visit_tokens and isinstance(tree, Token):
            result = self._call_userfunc_token(tree)
        else:
            result = tree
        return None if result is Discard else result


_GENERIC = object()   # resolve with Lark's getattr on the instance
_DEFAULT = object()   # no attribute of that name: __default__


def _rule_method(cls, data):
    try:
        f = getattr(cls, data)
    except AttributeError:
        return _DEFAULT
    except Exception:  # noqa: BLE001 — odd names: Lark decides
        return _GENERIC
    if isinstance(f, FunctionType) and getattr(f, "visit_wrapper", None) is None:
        return f
    return _GENERIC


def reads_meta(method) -> bool:
    """Does ``method`` (a ``__default__(data, children, meta)``) ever read ``meta``?"""
    import dis

    func = getattr(method, "__func__", method)
    code = getattr(func, "__code__", None)
    if code is None or "locals" in code.co_names or "vars" in code.co_names:
        return True
    return any(ins.opname.startswith("LOAD") and ins.argval == "meta" for ins in dis.get_instructions(code))
