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
            try:
                tree = self.parse_text(norm)
            except UnexpectedInput as exc:
                ir = self.fallback(seg, norm, _describe(exc, norm))
                ir.error_column = getattr(exc, "column", None)
            except (LarkError, RecursionError) as exc:  # a grammar bug must not lose the record
                ir = self.fallback(seg, norm, f"{type(exc).__name__}: {exc}"[:300])
            else:
                ir = self.build(tree, seg, norm)
        ir.text = seg.text
        ir.line = seg.line
        ir.lang = self.lang
        return ir

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
