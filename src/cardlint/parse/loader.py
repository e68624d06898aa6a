"""Load Lark LALR grammars from ``grammar/`` with their parse tables cached on disk.

Building LALR tables for a large grammar takes far longer than loading them, so the tables are
cached (keyed by Lark on the grammar text and options) in the user cache directory; cold start of
``cardlint classify`` then costs only unpickling.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from lark import Lark

from cardlint.paths import cache_dir, grammar_dir


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


def _cache_file(path: Path, start: str, extra: str) -> str | bool:
    try:
        digest = hashlib.sha256()
        for p in _grammar_files(path):
            digest.update(p.name.encode())
            digest.update(p.read_bytes())
        digest.update(start.encode())
        digest.update(extra.encode())
        import lark

        digest.update(lark.__version__.encode())
        digest.update(Path(__file__).read_bytes())  # bound_literals changes the grammar text
        return str(cache_dir() / f"{path.stem}-{digest.hexdigest()[:16]}.lark-cache")
    except OSError:
        return False  # no writable cache: build tables in memory


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
    opts = dict(parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)
    opts.update({k: v for k, v in options.items() if k != "bound_literals"})
    if opts.get("lexer") == "words":
        from cardlint.parse.wordlexer import WordLexer

        opts["lexer"] = WordLexer
    cache = _cache_file(path, start, repr(sorted(opts.items())))
    text = path.read_text(encoding="utf-8")
    if options.pop("bound_literals", True):
        text = bound_literals(text, path.parent)
    return Lark(text, start=start, cache=cache,
                import_paths=[path.parent, grammar_dir()], **opts)
