"""The parser table file: what a built LALR parser is stored as, and how it is read back.

Building LALR tables for a large grammar takes tens of seconds, and even Lark's own cache spends
over a second rebuilding a ~2000-state table from its generic serialisation.  So a built parser is
stored in cardlint's own format (:func:`save_parser`): Lark's serialisation *without* the parse
table, plus the table as plain integers, zlib-compressed.  Loading it (:func:`load_parser`)
decodes each parser state only when the parser first enters it (:class:`LazyStates`), and a
contextual lexer's per-state lexers are built the same way
(:class:`~cardlint.speed.state_lexer.LazyContextualLexer`).

The key is what the table is built from: the grammar file and the grammars it imports, the start
symbol and options, Lark's version, and :data:`FORMAT` — bumped by hand when the grammar rewriting
(:func:`~cardlint.speed.rewrite.bound_literals`) or the file layout changes; ``tests/test_tables.py``
fails when the rewriting changed and the format did not.  Not the Python version: the file holds
plain data only (it is read by an unpickler that refuses every class but Lark's ``Token``, and a
class option is written as a name that only resolves to one of cardlint's own classes).  A
missing, stale or unreadable file reads as None, never an error.
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
from pathlib import Path

from lark import Lark

from cardlint.speed.state_lexer import LazyContextualLexer

#: bump when the layout of the table file or the output of :func:`bound_literals` changes
#: (7: shipped tables, keyed without the Python version; compressed; plain data only, no marshal;
#: the packed rows little-endian; 9: the word lexer's first characters from speed.first_chars)
FORMAT = b"cardlint-parser-9"


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


def cache_key(path: Path, start: str, opts: dict, bound: bool) -> str:
    import lark

    digest = hashlib.sha256(FORMAT)
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


def lexer_data_stale(file: Path) -> bool:
    """Does the table file keep lexer tables (:meth:`WordLexer.derived`) that other lexer code made?
    Its key covers the grammar, not the lexer's code: a load then computes them again on every run,
    so ``tools/build_tables.py`` builds such a file anew."""
    d = read_table(file)
    if d is None or not d.get("lexer"):
        return False
    try:
        lexer_type = _class_of(d["data"]["parser"]["lexer_conf"]["lexer_type"])
    except Exception:  # noqa: BLE001 — unreadable: the loader rebuilds it anyway
        return False
    return isinstance(lexer_type, type) and d.get("lexer_code") != _module_digest(lexer_type)


class LazyStates(dict):
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


def _lazy_table_parser(whole: bool = False):
    """A Lark LALR parser class (plugged in through Lark's ``_plugins`` option when loading) whose
    parse table is the packed one, decoded lazily (``whole``: all of it now, into a plain dict);
    Lark builds the lexer after the table, so a contextual lexer sees the whole table."""
    from lark.parsers.lalr_analysis import IntParseTable
    from lark.parsers.lalr_parser import LALR_Parser, _Parser

    class LazyTableParser(LALR_Parser):
        @classmethod
        def deserialize(cls, data, memo, callbacks, debug=False):
            if "cardlint_packed" not in data:
                return super().deserialize(data, memo, callbacks, debug)
            tokens, rows, rule_ids = data["cardlint_packed"]
            states = LazyStates(tokens, rows, [memo[i] for i in rule_ids])
            if whole:
                states = dict(states.items())
            inst = cls.__new__(cls)
            inst._parse_table = IntParseTable(states, data["start_states"], data["end_states"])
            inst.parser = _Parser(inst._parse_table, callbacks, debug)
            return inst

    return LazyTableParser


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


def _load_plain(data: dict, memo: dict, load_options: dict) -> Lark:
    """:func:`load_parser`'s ``plain`` parser: the packed table read whole into the plain dict
    Lark's own deserialisation gives, before Lark builds its lexer from it."""
    plugins = dict(load_options.get("_plugins") or {}, LALR_Parser=_lazy_table_parser(whole=True))
    return Lark._load_from_dict(data, memo, **dict(load_options, _plugins=plugins))


class TableUnpickler(pickle.Unpickler):
    """The table file is plain data: lists, dicts, strings, numbers, bytes — and Lark's ``Token``
    (a ``str`` with a type), which its names are.  Anything else is refused, so loading a file
    cannot run code."""

    def find_class(self, module, name):
        if (module, name) == ("lark.lexer", "Token"):
            from lark.lexer import Token

            return Token
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a parser table")


def save_parser(parser: Lark, file: Path, key: str, grammar_text: str | None = None) -> None:
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
            fh.write(FORMAT + b" " + key.encode() + b"\n")
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
    if fmt != FORMAT or (key is not None and file_key != key.encode()):
        return None
    try:
        d = TableUnpickler(io.BytesIO(zlib.decompress(payload))).load()
    except Exception:  # noqa: BLE001 — corrupt or foreign
        return None
    return d if isinstance(d, dict) and "data" in d else None


def load_parser(file: Path, key: str, load_options: dict, plain: bool = False) -> Lark | None:
    """The stored parser, or None when the file is missing, stale or unreadable.

    ``plain``: Lark's own objects only — the whole table decoded into Lark's parse table, Lark's
    contextual lexer (also for a grammar built for cardlint's word lexer), nothing preloaded —
    to check the speed layer against (:func:`cardlint.speed.plain_lark`)."""
    d = read_table(file, key)
    if d is None:
        return None
    try:
        data = d["data"]
        data["options"] = {k: _class_of(v) for k, v in data["options"].items()}
        lexer_conf = data["parser"]["lexer_conf"]
        lexer_type = lexer_conf["lexer_type"] = _class_of(lexer_conf["lexer_type"])
        if plain:
            # cardlint's own lexers give way to Lark's; a language's subclass of a Lark lexer that
            # only annotates Lark's token stream (``lark_lexing = True``) is Lark's lexing and stays
            if isinstance(lexer_type, type) and not getattr(lexer_type, "lark_lexing", False):
                lexer_conf["lexer_type"] = "contextual"
            return _load_plain(data, d["memo"], load_options)
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
