"""Load Lark LALR grammars from ``grammar/`` with their parsers cached on disk.

Building LALR tables for a large grammar takes tens of seconds, and even Lark's own cache spends
over a second rebuilding a ~2000-state table from its generic serialisation.  So a built parser is
stored in cardlint's own format (:func:`_save_parser`): Lark's serialisation *without* the parse
table, plus the table as plain integers.  Loading it (:func:`_load_parser`) decodes each parser
state only when the parser first enters it (:class:`_LazyStates`): classifying one clause touches
a few dozen states, not thousands.

The cache key covers everything the parser is built from: the grammar file and the grammars it
imports, the start symbol and options, the code of this module (``bound_literals`` rewrites the
grammar) and of the word lexer (its first-character tables are cached), the Lark and Python
versions.  A missing, stale or unreadable cache file means a rebuild, never an error.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import re
import sys
import tempfile
from array import array
from functools import lru_cache
from pathlib import Path

from lark import Lark

from cardlint.paths import cache_dir, grammar_dir

#: bump when the layout of the cache file changes
_FORMAT = b"cardlint-parser-4"


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
    digest.update(f"{lark.__version__} {sys.version_info[:2]}".encode())
    # bound_literals rewrites the grammar text; the word lexer's derived tables are cached too
    digest.update(Path(__file__).read_bytes())
    digest.update((Path(__file__).parent / "wordlexer.py").read_bytes())
    return digest.hexdigest()


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
        try:
            packed = self._rows[state]
        except (KeyError, TypeError):
            raise KeyError(state) from None
        from lark.parsers.lalr_analysis import Shift

        numbers = array("i")
        numbers.frombytes(packed)
        half = len(numbers) // 2
        tokens, reduces = self._tokens, self._reduces
        row = {tokens[k]: ((Shift, c) if c >= 0 else reduces[~c])
               for k, c in zip(numbers[:half], numbers[half:])}
        self[state] = row
        return row

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


def _encode_table(states: dict, rule_id) -> bytes:
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
            keys.append(tokens.setdefault(str(token), len(tokens)))  # str: marshal takes no subclasses
            codes.append(arg if action is Shift else ~rules.setdefault(rule_id(arg), len(rules)))
        rows[state] = array("i", keys + codes).tobytes()
    return marshal.dumps((list(tokens), rows, list(rules)))


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
            tokens, rows, rule_ids = marshal.loads(data["cardlint_packed"])
            states = _LazyStates(tokens, rows, [memo[i] for i in rule_ids])
            inst = cls.__new__(cls)
            inst._parse_table = IntParseTable(states, data["start_states"], data["end_states"])
            inst.parser = _Parser(inst._parse_table, callbacks, debug)
            return inst

    return LazyTableParser


def _save_parser(parser: Lark, file: Path, key: str) -> None:
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
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    derived = getattr(parser.parser.lexer, "derived", None)
    payload = pickle.dumps({"data": data, "memo": memo.serialize(), "lexer": derived() if derived else None},
                           protocol=pickle.HIGHEST_PROTOCOL)
    # write-then-rename: a concurrent reader sees the old file or the whole new one
    fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=file.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(_FORMAT + b" " + key.encode() + b"\n")
            fh.write(payload)
        os.replace(tmp, file)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _load_parser(file: Path, key: str, load_options: dict) -> Lark | None:
    """The cached parser, or None when the file is missing, stale or unreadable."""
    try:
        blob = file.read_bytes()
    except OSError:
        return None
    header, _, payload = blob.partition(b"\n")
    if header != _FORMAT + b" " + key.encode():
        return None
    try:
        d = pickle.loads(payload)
        plugins = dict(load_options.get("_plugins") or {}, LALR_Parser=_lazy_table_parser())
        parser = Lark._load_from_dict(d["data"], d["memo"], **dict(load_options, _plugins=plugins))
        if d.get("lexer") and hasattr(parser.parser.lexer, "preload"):
            parser.parser.lexer.preload(d["lexer"])
    except Exception:  # a corrupt or foreign file: rebuild  # noqa: BLE001
        return None
    return parser


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
            + "\n\n// generated by cardlint.parse.loader.bound_literals\n"
            + "\n".join(rules_extra) + "\n" + "\n".join(defs) + "\n")


@lru_cache(maxsize=None)
def load_grammar(relpath: str, start: str = "start", **options) -> Lark:
    """Return an LALR parser for ``grammar/<relpath>``; ``%import`` resolves relative to its folder."""
    path = grammar_dir() / relpath
    bound = options.pop("bound_literals", True)
    opts = dict(parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)
    opts.update(options)
    if opts.get("lexer") == "words":
        from cardlint.parse.wordlexer import WordLexer

        opts["lexer"] = WordLexer
    try:
        key = _cache_key(path, start, opts, bound)
        file = cache_dir() / f"{path.stem}-{key[:16]}.parser"
    except OSError:
        file = None  # no readable grammar or no writable cache: build in memory (Lark reports)
    if file is not None:
        from lark.lark import _LOAD_ALLOWED_OPTIONS

        parser = _load_parser(file, key, {k: v for k, v in opts.items() if k in _LOAD_ALLOWED_OPTIONS})
        if parser is not None:
            return parser
    text = path.read_text(encoding="utf-8")
    if bound:
        text = bound_literals(text, path.parent)
    parser = Lark(text, start=start, import_paths=[path.parent, grammar_dir()], **opts)
    if file is not None:
        try:
            _save_parser(parser, file, key)
        except Exception as exc:  # noqa: BLE001 — a cache that cannot be written costs speed only
            import warnings

            warnings.warn(f"cardlint: parser cache {file} not written: {exc}", RuntimeWarning, stacklevel=2)
    return parser
