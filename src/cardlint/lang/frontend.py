"""The per-language front end: normalised clause text → Lark parse → IR.

A language registers one :class:`Frontend` subclass in ``cardlint.lang.<module>.frontend`` (``en``, ``de``,
``ja``, ``zh``) as ``FRONTEND``.  The pipeline (:mod:`cardlint.pipeline`) segments the card text,
then calls :meth:`Frontend.clause` for each segment; the classifier reads only the IR.

A subclass supplies:
- ``lang``, ``grammar`` (file under grammar/), ``start``;
- :meth:`normalize` (language-specific clean-up and self-reference → "~");
- :meth:`is_keyword` (is a fragment of a comma list a keyword ability? — for segmentation);
- :meth:`build` (parse tree → list of IR effects etc.), usually via a Lark Transformer — or, with
  ``inline_build``, :meth:`new_builder` and :meth:`finish`, whose builder runs during the parse;
- for :meth:`fallback` (best classification when the grammar fails; the clause stays ``parsed=False``):
  the cue table ``kb/fallback/<lang>.yaml`` read by :mod:`cardlint.lang.fallback`, with
  :meth:`fallback_keyword` and :meth:`fallback_text`; a language overrides :meth:`fallback` only
  where its own analyser reads better than the table (tools/fallback_accuracy.py --table measures it).
"""

from __future__ import annotations

import importlib
import pickle
from contextlib import contextmanager
from functools import lru_cache

from lark import Lark
from lark.exceptions import LarkError, UnexpectedInput

from cardlint import ir as I
from cardlint import vocab
from cardlint.ir import FORM_KEYWORD, FORM_REMINDER, ClauseIR
from cardlint.speed import InlineBuildError, inline_build, load_grammar
from cardlint.text.segment import Segment
from cardlint.text.sentences import split_sentences

#: A clause longer than this is not handed to the parser (bad-input guard: a 1 MB line must not
#: take seconds); it is reported unparsed.
MAX_CLAUSE_CHARS = 2000
#: a clause of more sentences than this is not parsed sentence by sentence (bad-input guard)
MAX_SENTENCES = 16

_MODULES = {"en": "en", "de": "de", "ja": "ja", "zh-Hans": "zh"}


class Frontend:
    lang = "en"
    grammar = "en.lark"
    start = "start"
    #: options for :func:`load_grammar` ("lexer": "words" selects cardlint's word lexer)
    grammar_options: dict = {}
    #: how many distinct clause texts keep their parse result (0: none)
    parse_memo_size = 4096
    #: True: the builder's rule methods run while the parser reduces (no tree, no second walk; see
    #: :class:`~cardlint.speed.inline.InlineBuild`) — the subclass supplies :meth:`new_builder` and
    #: :meth:`finish`, and :meth:`build` must be ``finish(new_builder(norm).transform(tree))``
    inline_build = False
    #: partial parses (:meth:`unparsed`): the full stops that end a sentence of a normalised clause,
    #: whether a space must follow them, and the marks of a clause that is read whole
    sentence_stops = "."
    sentence_space_after = True
    whole_clause_marks: tuple[str, ...] = ("•",)

    @property
    def parser(self) -> Lark:
        return load_grammar(self.grammar, start=self.start, **self.grammar_options)

    # --- to override -----------------------------------------------------------------------
    def normalize(self, body: str, name: str | None) -> str:
        return body

    def is_keyword(self, fragment: str) -> bool:
        """Is the fragment a keyword line?  Segmentation asks about every comma-list fragment of every
        card and normalisation about every clause; the answer depends on the fragment alone, so it
        is remembered (short fragments only: bad input is not kept)."""
        known = self.__dict__.get("_is_keyword_memo")
        if known is None:
            known = self._is_keyword_memo = {}
        got = known.get(fragment)
        if got is None:
            got = self.keyword_check(fragment)
            if len(fragment) <= 200:
                if len(known) >= 50_000:
                    known.clear()
                known[fragment] = got
        return got

    def keyword_check(self, fragment: str) -> bool:
        """The check :meth:`is_keyword` remembers; by default nothing is a keyword."""
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

    @contextmanager
    def fallback_only(self, table: bool = False):
        """Within the block every clause goes to :meth:`fallback`, as if the grammar parsed none —
        to measure the fallback on clauses whose reading the grammar knows (tools/fallback_accuracy.py);
        with ``table``, to the cue table even where the language has an analyser of its own."""
        self._parse_memo = lambda norm: (None, "fallback forced", None)
        if table:
            self.fallback = lambda seg, norm, error: Frontend.fallback(self, seg, norm, error)
        try:
            yield self
        finally:
            del self._parse_memo
            self.__dict__.pop("fallback", None)

    def shown(self, text: str) -> str:
        """``text`` of the normalised clause as a user should read it in an error message (a front
        end whose normalisation adds parser-only marks maps them back)."""
        return text

    def fallback(self, seg: Segment, norm: str, error: str) -> ClauseIR:
        """The cue table's reading of the unparsed clause (:mod:`cardlint.lang.fallback`)."""
        from cardlint.lang.fallback import read_clause

        ir = read_clause(self.cue_table, self.fallback_text(seg, norm), self.fallback_keyword, self.is_keyword)
        ir.error = error
        return ir

    @property
    def cue_table(self):
        """This language's fallback cues (``kb/fallback/<lang>.yaml``), compiled once."""
        table = self.__dict__.get("_cue_table")
        if table is None:
            from cardlint.lang.fallback import cue_table

            table = self._cue_table = cue_table(self.lang, self.keyword_names)
        return table

    def fallback_text(self, seg: Segment, norm: str) -> str:
        """The text the fallback reads for an unparsed clause (by default the normalised clause)."""
        return norm

    def fallback_keyword(self, text: str):
        """For the fallback: is ``text`` a keyword line?  A :class:`~cardlint.ir.Keyword` when the
        language knows which, else True or False."""
        return False

    def keyword_names(self) -> list[str]:
        """The language's keyword names (a cue table's ``{keywords}``)."""
        return []

    def new_builder(self, norm: str):
        """The transformer that builds ``norm``'s result (with :attr:`inline_build`)."""
        raise NotImplementedError

    def finish(self, result) -> ClauseIR:
        """The clause IR of the builder's result (with :attr:`inline_build`)."""
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
            canonical_values(ir, self.lang)
            return ir
        norm = self.normalize(seg.body, name)
        if seg.bullets:
            norm = self.join_bullets(norm, [self.normalize(b, name) for b in seg.bullets])
        if not norm.strip():
            ir = self.fallback(seg, norm, "empty clause")
        elif len(norm) > MAX_CLAUSE_CHARS:
            ir = self.fallback(seg, norm, f"clause longer than {MAX_CLAUSE_CHARS} characters")
        else:
            hit = self._parse_memo(norm)
            value, error, column = hit
            if error is None:
                ir, error = self._built(value, seg, norm)
            if error is not None:
                ir = self.unparsed(seg, norm, error, column, getattr(hit, "reach", None))
        ir.text = seg.text
        ir.line = seg.line
        ir.lang = self.lang
        canonical_values(ir, self.lang)
        return ir

    def unparsed(self, seg: Segment, norm: str, error: str, column: int | None,
                 reach: int | None = None) -> ClauseIR:
        """A clause the grammar did not parse whole: each of its sentences is parsed alone; the
        effects of those that parse are kept, the fallback reads only those that do not, and the
        clause stays ``parsed=False`` with an error naming the first sentence that fails.  A clause
        of one sentence, or none of whose sentences parses, goes to the fallback whole.

        ``reach``: where the text the failed parse of the whole clause read ends (the end of the
        token it stopped at).  When that lies inside the first sentence, before its full stop, the
        first sentence alone fails with the same error: the LALR parser and the lexer saw the same
        text up to there, so it is not parsed again."""
        sentences = [] if any(m in norm for m in self.whole_clause_marks) else \
            split_sentences(norm, self.sentence_stops, self.sentence_space_after)
        readings: list[ClauseIR | None] = []
        failed = None
        if 2 <= len(sentences) <= MAX_SENTENCES:
            back = self.cue_table.back_reference
            for k, (offset, text) in enumerate(sentences, 1):
                if k > 1 and readings[-1] is None and back is not None and back.match(text):
                    # a sentence that refers back by a pronoun ("They have …" after the tokens it
                    # creates) means nothing alone: when the sentence before it fails, the fallback
                    # reads the two together (so it is not parsed: its reading would not be kept)
                    readings.append(None)
                    continue
                if k == 1 and offset == 0 and reach is not None and reach < len(text) - 1:
                    value, err, col = None, error, column
                else:
                    value, err, col = self._parse_memo(text)
                if err is None:
                    value, err = self._built(value, seg, text)
                if err is None:
                    readings.append(value)
                    continue
                readings.append(None)
                if failed is None:
                    failed = (k, text, err, None if col is None else offset + col)
        if not any(r is not None and r.parsed for r in readings):
            ir = self.fallback(seg, norm, error)
            if column is not None:
                ir.error_column = column
            return ir
        if failed is not None:
            k, text, err, column = failed
            error = f"sentence {k} of {len(sentences)} {self.shown(text)[:80]!r} does not parse: {err}"
        else:
            error = f"{error} (each sentence parses alone)"
        read: list[ClauseIR] = []
        k = 0
        while k < len(readings):
            if readings[k] is not None:
                read.append(readings[k])
                k += 1
                continue
            end = k  # consecutive sentences that fail are read together
            while end + 1 < len(readings) and readings[end + 1] is None:
                end += 1
            last_offset, last_text = sentences[end]
            read.append(self.fallback(seg, norm[sentences[k][0]:last_offset + len(last_text)], error))
            k = end + 1
        head = read[0]
        if head.form == FORM_KEYWORD:
            ir = self.fallback(seg, norm, error)
            ir.error_column = column
            return ir
        # the first sentence carries the ability's form, its cost and its trigger
        return ClauseIR(text=seg.text, form=head.form, parsed=False, effects=[e for r in read for e in r.effects],
                        keyword=head.keyword, costs=head.costs, trigger=head.trigger,
                        static_spell_ability=head.static_spell_ability, modal=head.modal, error=error,
                        error_column=column)

    def _built(self, value, seg: Segment, norm: str) -> tuple[ClauseIR | None, str | None]:
        """(the clause IR of a parse — built inline already, or built here from its tree, None), or
        (None, an error naming the builder's failure): a builder bug makes the clause unparsed, never
        loses the record."""
        if isinstance(value, ClauseIR):
            return value, None
        try:
            return self.build(value, seg, norm), None
        except Exception as exc:  # noqa: BLE001 — whatever the builder raises, the clause stays honest
            return None, _builder_failure(exc)

    @property
    def _inline(self):
        """The :class:`InlineBuild` of this front end's parser, or None (build from trees)."""
        if not self.inline_build or type(self).parse_text is not Frontend.parse_text:
            return None
        parser = self.parser
        known = self.__dict__.get("_inline_build")
        if known is None or known[0] is not parser:  # (a reloaded grammar is a new parser)
            sample = self.new_builder("")
            known = self._inline_build = (parser, inline_build(parser, type(sample), sample))
        return known[1]

    def _parse(self, norm: str) -> tuple:
        """(tree, None, None) — with an inline build, (clause IR, None, None) — or (None, error
        message, error column)."""
        inline = self._inline
        if inline is not None:
            try:
                result = inline.parse(self.__dict__["_inline_build"][0], norm, self.new_builder(norm))
            except InlineBuildError:
                # a builder method failed, maybe on a reduction the finished parse would not keep:
                # decide as the tree path does (a parse error, or the builder's VisitError)
                hit = self._parse_tree(norm)
                if hit[1] is None:
                    built, error = self._built(hit[0], None, norm)
                    return built, error, None
                return hit
            except UnexpectedInput as exc:
                return _failure(exc, norm, self.shown)
            except (LarkError, RecursionError) as exc:
                return None, f"{type(exc).__name__}: {exc}"[:300], None
            try:
                return self.finish(result), None, None
            except Exception as exc:  # noqa: BLE001 — as in _built
                return None, _builder_failure(exc), None
        return self._parse_tree(norm)

    def _parse_tree(self, norm: str) -> tuple:
        try:
            return self.parse_text(norm), None, None
        except UnexpectedInput as exc:
            return _failure(exc, norm, self.shown)
        except (LarkError, RecursionError) as exc:  # a grammar bug must not lose the record
            return None, f"{type(exc).__name__}: {exc}"[:300], None

    def _parse_memo(self, norm: str) -> tuple:
        """:meth:`_parse`, remembered for the most recently used clause texts: in a corpus many
        clauses are word for word the same ("Flying", "Enchant creature"), and the parse depends on
        the normalised text alone.  The builders only read the tree, so one tree serves every copy;
        a clause IR built inline is kept pickled and each use gets its own copy (whoever receives
        the IR may change it)."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self._memo = {}
        hit = memo.pop(norm, None)
        if hit is None:
            hit = self._parse(norm)
            while memo and len(memo) >= self.parse_memo_size:
                del memo[next(iter(memo))]  # least recently used: dicts keep insertion order
            if self.parse_memo_size > 0:  # (with the memo off, nothing to pickle)
                kept = _kept(hit) if isinstance(hit[0], ClauseIR) else hit
                if kept is not None:
                    memo[norm] = kept
            return hit
        if self.parse_memo_size > 0:
            memo[norm] = hit
        if type(hit[0]) is bytes:
            return pickle.loads(hit[0]), None, None
        return hit

    def join_bullets(self, head: str, bullets: list[str]) -> str:
        return head + " " + " ".join("• " + b for b in bullets)


def canonical_values(ir: ClauseIR, lang: str) -> None:
    """Give the IR values of ``ir`` as canonical ids: a printed subtype name among the types a
    clause sets or adds ("wird zu einem 4/4 Drachen" → ``dragon``) or in an object's description
    ("ゴブリン・クリーチャー") becomes the English subtype of the vocabulary
    (``kb/vocab/<lang>-subtypes-en.yaml``).  Done here, where every language's clause leaves its
    front end, so that no builder keeps its own copy of the table."""
    names = vocab.subtype_names(lang)
    if not names:
        return
    for effect in ir.effects:
        for f in _filters(effect):
            if f.subtypes:
                f.subtypes = [names.get(v, v) for v in f.subtypes]
        for m in effect.modifications:
            if m.characteristic == I.TYPES and isinstance(m.value, list):
                m.value = [names.get(v, v) if isinstance(v, str) else v for v in m.value]


def _filters(effect: I.Effect):
    """Every object description of an effect: what it affects, its objects, a modification's "for
    each …" and a counted value's objects."""
    seen = [effect.affected, *effect.objects]
    for m in effect.modifications:
        seen += [m.per, getattr(m.value, "of", None)]
    return [f for f in seen if isinstance(f, I.Filter)]


def _kept(hit: tuple) -> tuple | None:
    """What the memo keeps of an inline build's result: the IR pickled (a copy per use, several
    times faster than deepcopy), or None when it does not pickle (then it is not remembered)."""
    try:
        return pickle.dumps(hit[0], pickle.HIGHEST_PROTOCOL), None, None
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


def _builder_failure(exc: Exception) -> str:
    """The error of a clause whose builder raised (Lark's VisitError carries the builder's own
    exception)."""
    from cardlint.i18n import _

    cause = getattr(exc, "orig_exc", None) or exc
    return _("the IR builder failed on this clause: {error}").format(error=f"{type(cause).__name__}: {cause}"[:300])


class _Failure(tuple):
    """``(None, error, column)`` of a parse that failed, with ``reach``: the end of the text the
    parser had read when it stopped (the end of the token it could not take), or None."""


def _failure(exc: UnexpectedInput, text: str, shown) -> _Failure:
    failure = _Failure((None, _describe(exc, text, shown), getattr(exc, "column", None)))
    token = getattr(exc, "token", None)
    pos = getattr(exc, "pos_in_stream", None)
    if token is not None:
        start = getattr(token, "start_pos", None)
        failure.reach = None if token.type == "$END" or start is None else start + len(token)
    else:
        failure.reach = None if pos is None else pos + 1
    return failure


def _describe(exc: UnexpectedInput, text: str, shown) -> str:
    col = getattr(exc, "column", None)
    pos = getattr(exc, "pos_in_stream", None)
    token = getattr(exc, "token", None)
    if token is not None:
        what = f"unexpected {shown(str(token))!r}"
    elif pos is not None and pos < len(text):
        what = f"unexpected character {shown(text[pos])!r}"
    else:
        what = "unexpected end of clause"
    return f"{what} at column {col}" if col is not None else what


@lru_cache(maxsize=None)
def frontend(lang: str) -> Frontend:
    from cardlint.i18n import normalize_lang

    code = normalize_lang(lang)
    module = importlib.import_module(f"cardlint.lang.{_MODULES[code]}.frontend")
    return module.FRONTEND
