"""The per-language front end: normalised clause text → Lark parse → IR.

A language registers one :class:`Frontend` subclass in ``cardlint.parse.<module>`` (``en``, ``de``,
``ja``, ``zh``) as ``FRONTEND``.  The pipeline (:mod:`cardlint.pipeline`) segments the card text,
then calls :meth:`Frontend.clause` for each segment; the classifier reads only the IR.

A subclass supplies:
- ``lang``, ``grammar`` (file under grammar/), ``start``;
- :meth:`normalize` (language-specific clean-up and self-reference → "~");
- :meth:`is_keyword` (is a fragment of a comma list a keyword ability? — for segmentation);
- :meth:`build` (parse tree → list of IR effects etc.), usually via a Lark Transformer;
- :meth:`fallback` (best classification when the grammar fails; the clause stays ``parsed=False``).
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from lark import Lark
from lark.exceptions import LarkError, UnexpectedInput

from cardlint.ir import FORM_REMINDER, ClauseIR
from cardlint.parse.loader import load_grammar
from cardlint.text.segment import Segment

#: A clause longer than this is not handed to the parser (bad-input guard: a 1 MB line must not
#: take seconds); it is reported unparsed.
MAX_CLAUSE_CHARS = 2000

_MODULES = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zh"}


class Frontend:
    lang = "en"
    grammar = "en.lark"
    start = "start"
    #: options for :func:`load_grammar` ("lexer": "words" selects cardlint's word lexer)
    grammar_options: dict = {}
    #: how many distinct clause texts keep their parse result (0: none)
    parse_memo_size = 4096

    @property
    def parser(self) -> Lark:
        return load_grammar(self.grammar, start=self.start, **self.grammar_options)

    # --- to override -----------------------------------------------------------------------
    def normalize(self, body: str, name: str | None) -> str:
        return body

    def is_keyword(self, fragment: str) -> bool:
        return False

    def is_spell_type(self, type_line: str | None) -> bool | None:
        """True for instants/sorceries, None when unknown; languages override for their type words."""
        from cardlint.classify import is_spell_card

        return is_spell_card(type_line)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """A language may split segments further where its text runs abilities together on one
        line (a lost line break between a keyword and the next ability); by default, nothing."""
        return segs

    def build(self, tree, seg: Segment, norm: str) -> ClauseIR:
        raise NotImplementedError

    def fallback(self, seg: Segment, norm: str, error: str) -> ClauseIR:
        raise NotImplementedError

    # --- shared ------------------------------------------------------------------------------
    def parse_text(self, norm: str):
        return self.parser.parse(norm)

    def clause(self, seg: Segment, name: str | None = None) -> ClauseIR:
        if seg.reminder_only:
            return ClauseIR(text=seg.text, form=FORM_REMINDER, parsed=True, line=seg.line, lang=self.lang)
        if len(seg.body) > MAX_CLAUSE_CHARS:
            # bad-input guard: never run normalisation or the parser over megabytes
            ir = self.fallback(seg, seg.body[:MAX_CLAUSE_CHARS].lower(),
                               f"clause longer than {MAX_CLAUSE_CHARS} characters")
            ir.text, ir.line, ir.lang = seg.text, seg.line, self.lang
            return ir
        norm = self.normalize(seg.body, name)
        if seg.bullets:
            norm = self.join_bullets(norm, [self.normalize(b, name) for b in seg.bullets])
        if not norm.strip():
            ir = self.fallback(seg, norm, "empty clause")
        elif len(norm) > MAX_CLAUSE_CHARS:
            ir = self.fallback(seg, norm, f"clause longer than {MAX_CLAUSE_CHARS} characters")
        else:
            tree, error, column = self._parse_memo(norm)
            if error is None:
                ir = self.build(tree, seg, norm)
            else:
                ir = self.fallback(seg, norm, error)
                if column is not None:
                    ir.error_column = column
        ir.text = seg.text
        ir.line = seg.line
        ir.lang = self.lang
        return ir

    def _parse(self, norm: str) -> tuple:
        """(tree, None, None) or (None, error message, error column)."""
        try:
            return self.parse_text(norm), None, None
        except UnexpectedInput as exc:
            return None, _describe(exc, norm), getattr(exc, "column", None)
        except (LarkError, RecursionError) as exc:  # a grammar bug must not lose the record
            return None, f"{type(exc).__name__}: {exc}"[:300], None

    def _parse_memo(self, norm: str) -> tuple:
        """:meth:`_parse`, remembered for the most recently used clause texts: in a corpus many
        clauses are word for word the same ("Flying", "Enchant creature"), and the parse depends on
        the normalised text alone.  The builders only read the tree, so one tree serves every copy."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self._memo = {}
        hit = memo.pop(norm, None)
        if hit is None:
            hit = self._parse(norm)
            while memo and len(memo) >= self.parse_memo_size:
                del memo[next(iter(memo))]  # least recently used: dicts keep insertion order
        if self.parse_memo_size > 0:
            memo[norm] = hit
        return hit

    def join_bullets(self, head: str, bullets: list[str]) -> str:
        return head + " " + " ".join("• " + b for b in bullets)


def _describe(exc: UnexpectedInput, text: str) -> str:
    col = getattr(exc, "column", None)
    pos = getattr(exc, "pos_in_stream", None)
    token = getattr(exc, "token", None)
    if token is not None:
        what = f"unexpected {str(token)!r}"
    elif pos is not None and pos < len(text):
        what = f"unexpected character {text[pos]!r}"
    else:
        what = "unexpected end of clause"
    return f"{what} at column {col}" if col is not None else what


@lru_cache(maxsize=None)
def frontend(lang: str) -> Frontend:
    from cardlint.i18n import normalize_lang

    code = normalize_lang(lang)
    module = importlib.import_module(f"cardlint.parse.{_MODULES[code]}")
    return module.FRONTEND
