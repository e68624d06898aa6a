"""A contextual word lexer for the Latin-script grammars (English, German).

Lark's contextual lexer compiles one combined regular expression per parser state.  With a few
hundred word terminals and large word classes (creature types, keyword names) that costs ~0.1 s per
state — seconds at start-up and tens of seconds over a corpus.  This lexer gives the same answers
(the terminals acceptable in the current parser state; the highest priority, then the longest
match) without per-state compilation:

- word literals (the ``_W_``/``WC_`` terminals that :func:`cardlint.speed.loader.bound_literals`
  generates) are looked up in a dictionary by the word at the position;
- word-class terminals whose pattern can only match one word (VERB, TYPE_WORD, …) are tested once
  per distinct word and the answer is memoised;
- everything else (multi-word terminals, lookaheads, symbols like ``{T}`` or ``+1/+1``) is matched
  with its own expression, only when the parser state accepts it.

Per parser state the lexer keeps the ordered list of word classes and other terminals that state
accepts (a "plan"), narrowed per text character to the terminals whose match can begin with it
(from the regex's parse tree), so a token costs a few tests, not one per terminal.  A terminal's
expression is compiled the first time it is needed (cold start), and the first-character sets are
cached with the parser (:meth:`WordLexer.derived`).  Terminals the state does not accept are
consulted only to word an error (Lark's contextual lexer does the same with its root lexer).
"""

from __future__ import annotations

import re
from typing import Iterator

from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer, LexerState, PatternStr, Token
from lark.parsers.lalr_parser_state import ParserState

from cardlint.speed.first_chars import First, ascii_first, first_of
from cardlint.speed.parser_loop import plain_name

_WORD = re.compile(r"[^\W\d_][\w'\-]*|\d+")
_WORD_TERMINAL = re.compile(r"^(?:_W_|WC_)")
_BOUNDARY_SUFFIX = "(?![a-zäöüß0-9'\\-])"


# A terminal whose match must begin with one of a few characters ("," "{" "and…") need not be tried
# where the text has another character (cardlint.speed.first_chars) — also where that character is
# not ASCII: the normalisations' marks ("§", "⸴") and "•", "—" would otherwise try every terminal
# the parser state accepts.
_first_chars = ascii_first
#: distinct non-ASCII characters whose candidate terminals are remembered (per lexer, per state)
_MAX_CHARS = 256


# --- lead words ------------------------------------------------------------------------------------
# Where the text has a word, a terminal that is not a single word (CREATURE_TYPE with its two-word
# names, "end of turn", "x/x") can match only if its match begins with that word.  The strings a
# pattern can produce are enumerated from its parse tree up to the first character that ends a
# run of word characters: each gives "the run is exactly W" (a character ending the run followed)
# or "the run begins with P" (the match ended inside the run).  Zero-width assertions are skipped,
# which only admits more; anything not enumerable in a few thousand strings gives None ("try it
# at every word").

_RUN_CHAR = re.compile(r"[\w'\-]")
_LETTER = re.compile(r"[^\W\d_]")
_MAX_LEAD = 5000


class _TooMany(Exception):
    pass


def _lead_chars(op, av) -> tuple[list[str], bool] | None:
    """The characters one item can match, and whether any digit can match too (digits are not
    enumerated: a run that begins with a letter cannot begin with one)."""
    from re import _constants as C

    if op is C.LITERAL:
        return [chr(av)], False
    if op is C.IN:
        chars: list[str] = []
        digits = False
        for iop, iav in av:
            if iop is C.LITERAL:
                chars.append(chr(iav))
            elif iop is C.RANGE and iav[1] - iav[0] < 64:
                chars.extend(chr(i) for i in range(iav[0], iav[1] + 1))
            elif iop is C.CATEGORY and iav is C.CATEGORY_DIGIT:
                digits = True
            elif iop is C.CATEGORY and iav is C.CATEGORY_SPACE:
                # no whitespace character belongs to a run of word characters: any one of them
                # ends the run as a space does (",?\s*außer" leads with "außer")
                chars.append(" ")
            else:
                return None  # a negated set, a word category, a wide range
        return chars, digits
    return None


def _give_up(open_: set, loose: set) -> set:
    """Stop enumerating: a match continuing from a prefix still begins its run with it."""
    if "" in open_:
        raise _TooMany  # nothing known about the run
    loose |= open_
    return set()


def _lead_seq(seq, heads: set, loose: set, open_: set, flags: int, seen: set) -> set:
    """Extend the unfinished prefixes ``open_`` by the items of ``seq``; finished ones go to
    ``heads``, ones that cannot be followed further to ``loose``.  Returns the prefixes still
    unfinished at the end of ``seq``.  Only matches at a run that begins with a letter are
    enumerated (the lexer asks about no other)."""
    from re import _constants as C

    for op, av in seq:
        if not open_:
            break
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue
        if op is C.BRANCH:
            out: set = set()
            for alternative in av[1]:
                out |= _lead_seq(alternative, heads, loose, set(open_), flags, seen)
            open_ = out
        elif op is C.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            open_ = _lead_seq(sub, heads, loose, open_, (flags | add_flags) & ~del_flags, seen)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, high, sub = av
            for _ in range(low):
                open_ = _lead_seq(sub, heads, loose, open_, flags, seen)
            # breadth first: a prefix met again has no continuation the first meeting lacks
            frontier, reps = set(open_), 0
            while frontier and reps < high - low:
                if reps >= 64:
                    _give_up(frontier, loose)  # an unbounded run of word characters
                    open_ -= frontier
                    break
                frontier = _lead_seq(sub, heads, loose, frontier, flags, seen) - open_
                open_ |= frontier
                reps += 1
        else:
            got = _lead_chars(op, av)
            if got is None:
                open_ = _give_up(open_, loose)
                continue
            chars, digits = got
            if flags & C.SRE_FLAG_IGNORECASE:
                if not all(c.isascii() for c in chars):
                    open_ = _give_up(open_, loose)
                    continue
                chars = sorted({c.lower() for c in chars})
                seen.add("ignorecase")
            out = set()
            if digits and open_ != {""}:
                _give_up(open_ - {""}, loose)  # digits do not begin a run that begins with a letter
            for prefix in open_:
                for c in chars:
                    if not _RUN_CHAR.match(c):
                        heads.add(prefix)
                    elif prefix or _LETTER.match(c):
                        out.add(prefix + c)
            open_ = out
        if len(open_) + len(heads) + len(loose) > _MAX_LEAD:
            raise _TooMany
    return open_


def _lead_words(regex: str, flags: int) -> tuple | None:
    """(the whole runs of word characters a match can begin with, the beginnings of a run at
    which a match can end or stops being followed, their lengths, whether the pattern ignores
    case) — or None when unknown."""
    try:
        from re import _constants as C
        from re import _parser

        parsed = _parser.parse(regex, flags)
        heads: set[str] = set()
        loose: set[str] = set()
        seen: set[str] = set()
        ended = _lead_seq(list(parsed), heads, loose, {""}, parsed.state.flags, seen) | loose
        ignorecase = bool(parsed.state.flags & C.SRE_FLAG_IGNORECASE) or "ignorecase" in seen
        if ignorecase:
            # a part that ignores case ("(?i:…)"): compare everything case-blind, which admits more
            heads, ended = {h.lower() for h in heads}, {p.lower() for p in ended}
        lengths = tuple(sorted({len(p) for p in ended}))
        return frozenset(heads), frozenset(ended), lengths, ignorecase
    except Exception:  # noqa: BLE001 — _TooMany, or an unfamiliar regex: tried at every word
        return None


def _may_lead(lead, run: str) -> bool:
    """Can a terminal with :func:`_lead_words` ``lead`` match where the text's run of word
    characters is ``run`` (beginning with a letter)?"""
    if lead is None:
        return True
    heads, ended, lengths, ignorecase = lead
    if ignorecase:
        if not run.isascii():
            return True
        run = run.lower()
    if run in heads:
        return True
    for n in lengths:
        if n > len(run):
            return False
        if run[:n] in ended:
            return True
    return False


def _literal_word(pattern_value: str) -> str | None:
    if pattern_value.endswith(_BOUNDARY_SUFFIX):
        return re.sub(r"\\(.)", r"\1", pattern_value[: -len(_BOUNDARY_SUFFIX)])
    return None


def _single_word(regex: str) -> bool:
    """True when the pattern can only ever match one whole word as ``_WORD`` splits it: no spaces,
    no look-ahead past the word, no symbols ({…}, […], +1/+1)."""
    if re.search(r" |\\s|\(\?=|\[\^|\\\[|\\\{|\\\+|/|~|,", regex):
        return False
    return True


class _LeadIndex:
    """:func:`_may_lead` for many terminals at once: the terminals whose lead words are known,
    indexed by those words and prefixes."""

    def __init__(self, leads: dict) -> None:
        self.always: set[str] = set()                         # lead unknown
        self.heads: tuple[dict, dict] = ({}, {})              # [ignorecase][run] → names
        self.ended: tuple[dict, dict] = ({}, {})              # [ignorecase][prefix] → names
        self.lengths: tuple[set, set] = (set(), set())
        self.ignorecase: set[str] = set()
        for name, lead in leads.items():
            if lead is None:
                self.always.add(name)
                continue
            heads, ended, lengths, ignorecase = lead
            if ignorecase:
                self.ignorecase.add(name)
            for w in heads:
                self.heads[ignorecase].setdefault(w, set()).add(name)
            for p in ended:
                self.ended[ignorecase].setdefault(p, set()).add(name)
            self.lengths[ignorecase].update(lengths)
        self.sorted_lengths = tuple(tuple(sorted(x)) for x in self.lengths)

    def lookup(self, word: str) -> frozenset[str]:
        out = set(self.always)
        if not word.isascii():
            out |= self.ignorecase  # _may_lead: a non-ASCII run is not looked up case-blind
            runs = ((False, word),)
        else:
            runs = ((False, word), (True, word.lower()))
        for ignorecase, run in runs:
            out.update(self.heads[ignorecase].get(run, ()))
            ended = self.ended[ignorecase]
            for n in self.sorted_lengths[ignorecase]:
                if n > len(run):
                    break
                out.update(ended.get(run[:n], ()))
        return frozenset(out)


def _best_match(patterns, text: str, pos: int, best: tuple | None) -> tuple | None:
    """``best`` or a better (priority, length, terminal) among the ``(terminal, priority, regex)``
    patterns that match a non-empty text at ``pos``: highest priority, then longest, then first."""
    for name, prio, rx in patterns:
        mm = rx.match(text, pos)
        if mm:
            n = mm.end() - pos
            if n and (best is None or (prio, n) > best[:2]):
                best = (prio, n, name)
    return best


class WordLexer(Lexer):
    __future_interface__ = 2

    def __init__(self, lexer_conf):
        self.terminals_by_name = {t.name: t for t in lexer_conf.terminals}
        self.ignore = set(lexer_conf.ignore)
        self.words: dict[str, list[tuple[int, str]]] = {}   # word → [(priority, terminal)]
        self.word_classes: list[tuple[str, int]] = []
        self.others: list[tuple[str, int]] = []
        self.ignore_res = []
        #: a terminal of higher priority than every ignored one is tried before skipping
        self.ignore_priority = max((t.priority for t in lexer_conf.terminals if t.name in self.ignore), default=0)
        self._flags = lexer_conf.g_regex_flags
        self._regex: dict[str, str] = {}
        self._compiled: dict[str, re.Pattern] = {}
        self._members: dict[str, dict[str, bool]] = {}      # class → word → matches
        self._first: dict[str, First | None] = {}  # terminal → what its match can begin with
        for t in lexer_conf.terminals:
            regex = t.pattern.to_regexp()
            if t.name in self.ignore:
                self.ignore_res.append(re.compile(regex, self._flags))
                continue
            if _WORD_TERMINAL.match(t.name) and not isinstance(t.pattern, PatternStr):
                word = _literal_word(t.pattern.value)
                if word is not None:
                    self.words.setdefault(word, []).append((t.priority, t.name))
                    continue
            self._regex[t.name] = regex
            if not isinstance(t.pattern, PatternStr) and _single_word(regex):
                self.word_classes.append((t.name, t.priority))
                self._members[t.name] = {}
            else:
                self.others.append((t.name, t.priority))
        self._plans: dict[int, _Plan] = {}
        self._plan_all: _Plan | None = None

    # ------------------------------------------------------------------ matching
    def _rx(self, name: str) -> re.Pattern:
        rx = self._compiled.get(name)
        if rx is None:
            rx = self._compiled[name] = re.compile(self._regex[name], self._flags)
        return rx

    def first_chars(self, name: str) -> First | None:
        """What the terminal's match can begin with (None: anything)."""
        if name not in self._first:
            self._first[name] = first_of(self._regex[name], self._flags)
        return self._first[name]

    def derived(self) -> dict:
        """Tables worth keeping with the cached parser: each terminal's first characters, and the
        lead words of the terminals that are not single words."""
        return {"first": {name: None if (f := self.first_chars(name)) is None else f.to_json()
                          for name in self._regex},
                "lead": {name: self.lead(name) for name, _ in self.others}}

    def preload(self, derived: dict) -> None:
        """Take the tables :meth:`derived` gave for the same grammar."""
        first = derived.get("first")
        if isinstance(first, dict) and set(first) == set(self._regex):
            self._first.update((name, None if f is None else First.from_json(f)) for name, f in first.items())
        lead = derived.get("lead")
        if isinstance(lead, dict) and set(lead) == {name for name, _ in self.others}:
            self._leads = dict(lead)

    def _plan(self, accepts) -> "_Plan":
        if isinstance(accepts, _Everything):
            return _Plan(self, accepts,
                         [(name, prio) for name, prio in self.word_classes if name in accepts],
                         [(name, prio) for name, prio in self.others if name in accepts])
        # a parser state's row names a few dozen symbols, the grammar has hundreds of terminals:
        # pick the row's terminals and put them back in grammar order
        slots = self._slots
        if slots is None:
            slots = self._slots = {name: (0, i) for i, (name, _) in enumerate(self.word_classes)}
            slots.update((name, (1, i)) for i, (name, _) in enumerate(self.others))
        picked = sorted(slots[name] for name in accepts if name in slots)
        classes, others = self.word_classes, self.others
        return _Plan(self, accepts, [classes[i] for kind, i in picked if kind == 0],
                     [others[i] for kind, i in picked if kind == 1])

    def state_plan(self, row) -> "_Plan":
        """The plan of a parser state whose row is ``row``: states that accept the same terminals
        share one, and with it what it has learnt per word and character."""
        shared = self._shared
        if shared is None:
            shared = self._shared = {}
        names = self.terminals_by_name
        key = frozenset(name for name in row if name in names)
        plan = shared.get(key)
        if plan is None:
            plan = shared[key] = self._plan(key)
        return plan

    def lead(self, name: str):
        """The terminal's :func:`_lead_words`, computed on first need."""
        leads = self._leads
        if leads is None:
            leads = self._leads = {}
        if name not in leads:
            leads[name] = _lead_words(self._regex[name], self._flags)
        return leads[name]

    def may_lead(self, word: str) -> frozenset[str]:
        """The terminals that are not single words and may match where the text has ``word``
        (beginning with a letter)."""
        cache = self._may_lead
        if cache is None:
            cache = self._may_lead = {}
            self._lead_index = _LeadIndex({name: self.lead(name) for name, _ in self.others})
        got = cache.get(word)
        if got is None:
            got = self._lead_index.lookup(word)
            if len(cache) < _Plan.MAX_WORDS * 4:
                cache[word] = got
        return got

    def can_start(self, ch: str) -> frozenset[str]:
        """The terminals (other than word literals) whose match may begin with ``ch``."""
        starts = self._starts
        if starts is None:
            starts = self._starts = {}
        got = starts.get(ch)
        if got is None:
            got = frozenset(name for name in self._regex
                            if (first := self.first_chars(name)) is None or first.admits(ch))
            if ch.isascii() or len(starts) < _MAX_CHARS:
                starts[ch] = got
        return got

    def ignore_first(self) -> frozenset[str] | None:
        """The (ASCII) characters an ignored match may begin with; None when unknown."""
        if self._ignore_first is False:
            firsts = [_first_chars(rx.pattern, rx.flags) for rx in self.ignore_res]
            self._ignore_first = None if None in firsts else frozenset().union(*firsts)
        return self._ignore_first

    _leads: dict | None = None
    _shared: dict | None = None  # accepted terminals → plan
    _slots: dict | None = None  # terminal → (0, index in word_classes) or (1, index in others)
    _may_lead: dict | None = None
    _starts: dict | None = None
    _ignore_first = False

    def _best(self, text: str, pos: int, plan: "_Plan") -> tuple | None:
        """The match the lexer gives at ``pos`` among the plan's terminals, as (priority, length,
        terminal): highest priority, then longest, then the first offered (literals, word classes,
        then other terminals, each in grammar order)."""
        m = _WORD.match(text, pos)
        if m:
            # at a word, literals and word classes depend on the word alone: their best match and
            # the other terminals that may still match there are kept per state and word
            best, patterns = plan.by_word.get(m.group(0)) or plan.word_entry(m.group(0))
        else:
            best, patterns = None, (plan.by_char.get(text[pos]) or plan.index(text[pos]))[2]
        return _best_match(patterns, text, pos, best)

    def _best_any(self, text: str, pos: int) -> tuple | None:
        """The best match ignoring the parser state (to word an error)."""
        if self._plan_all is None:
            self._plan_all = self._plan(_Everything())
        return self._best(text, pos, self._plan_all)

    def tokenize(self, text: str) -> list[str]:
        """Lex ``text`` with every terminal allowed (no parser): the lexer-only cost for benchmarks."""
        out = []
        pos, end = 0, len(text)
        while pos < end:
            for rx in self.ignore_res:
                m = rx.match(text, pos)
                if m and m.end() > pos:
                    pos = m.end()
            if pos >= end:
                break
            best = self._best_any(text, pos)
            if best is None:
                pos += 1
                continue
            out.append(best[2])
            pos += best[1]
        return out

    def lex(self, lexer_state: LexerState, parser_state) -> Iterator[Token]:
        text_slice = lexer_state.text
        text = text_slice.text if hasattr(text_slice, "text") else text_slice
        end = text_slice.end if hasattr(text_slice, "end") else len(text)
        line_ctr = lexer_state.line_ctr
        pos = line_ctr.char_pos
        table = parser_state.parse_conf.parse_table
        # the parser loop's int rows (cardlint.speed.loader) have the same keys as Lark's
        states = getattr(table, "codes", None)
        if states is None:
            states = table.states
        plans = self._plans
        new_str = str.__new__
        ignore_first = self.ignore_first()
        ignore_res = self.ignore_res
        word_at = _WORD.match
        # the parser state's position is the top of its state stack, a list changed in place
        stack = parser_state.state_stack if type(parser_state).position is ParserState.position else None
        while pos < end:
            position = stack[-1] if stack is not None else parser_state.position
            plan = plans.get(position)
            if plan is None:
                plan = plans[position] = self.state_plan(states[position])
            best = None
            while pos < end:
                # most tokens follow one space; few terminals begin with one
                ch = text[pos]
                if ignore_first is not None and ch.isascii() and ch not in ignore_first:
                    break
                skip_to = pos
                for rx in ignore_res:
                    m = rx.match(text, skip_to)
                    if m and m.end() > skip_to:
                        skip_to = m.end()
                if skip_to == pos:
                    break
                # as in Lark's lexer, a terminal of higher priority than the ignored ones that
                # matches here wins over skipping (",?\s*solange, wie" takes its leading space)
                outranking = plan.by_ignored.get(ch)
                if outranking is None:
                    outranking = plan.outranking(ch)
                best = _best_match(outranking, text, pos, None) if outranking else None
                if best is not None:
                    break
                pos = skip_to
            if pos >= end:
                break
            if best is None:
                # self._best(text, pos, plan), inlined: it runs for nearly every token
                m = word_at(text, pos)
                if m:
                    word = m.group(0)
                    entry = plan.by_word.get(word)
                    if entry is None:
                        entry = plan.word_entry(word)
                    best, patterns = entry
                else:
                    at_char = plan.by_char.get(ch)
                    if at_char is None:
                        at_char = plan.index(ch)
                    patterns = at_char[2]
                for tname, prio, rx in patterns:
                    mm = rx.match(text, pos)
                    if mm and (n := mm.end() - pos) and (best is None or (prio, n) > best[:2]):
                        best = (prio, n, tname)
            if best is None:
                accepts = set(states[position])
                anyb = self._best_any(text, pos)
                if anyb is not None:
                    tok = Token(anyb[2], text[pos:pos + anyb[1]], pos, 1, pos + 1)
                    raise UnexpectedToken(tok, accepts, state=parser_state,
                                          terminals_by_name=self.terminals_by_name)
                raise UnexpectedCharacters(text, pos, 1, pos + 1, allowed=accepts, state=parser_state,
                                           terminals_by_name=self.terminals_by_name)
            _, length, name = best
            value = text[pos:pos + length]
            # Token(name, value, pos, 1, pos + 1, 1, pos + length + 1, pos + length) without
            # Token.__new__'s keyword-argument checks: a few calls fewer on every token
            tok = new_str(Token, value)
            tok.type, tok.value, tok.start_pos, tok.end_pos = name, value, pos, pos + length
            tok.line, tok.column, tok.end_line, tok.end_column = 1, pos + 1, 1, pos + length + 1
            pos += length
            line_ctr.char_pos = pos
            line_ctr.column = pos + 1
            lexer_state.last_token = tok
            yield tok


class _Plan:
    """What one parser state lets the lexer produce, in offering order, and per text character the
    part of it that can match there (compiled on first need)."""

    __slots__ = ("lexer", "accepts", "classes", "others", "by_char", "by_word", "by_ignored")

    #: words remembered per state: the vocabulary of rules text is small, but bad input is not
    MAX_WORDS = 5000

    def __init__(self, lexer: WordLexer, accepts, classes: list, others: list) -> None:
        self.lexer = lexer
        self.accepts = accepts
        self.classes = classes
        self.others = others
        self.by_char: dict[str, tuple[list, list, list]] = {}  # ASCII and _MAX_CHARS others: bounded
        self.by_word: dict[str, tuple] = {}
        self.by_ignored: dict[str, list] = {}  # characters an ignored match may begin with: few

    def word_entry(self, word: str) -> tuple:
        """(best match among literals and word classes, other terminals still to try) where the
        text has ``word`` (as ``_WORD`` splits it)."""
        ch = word[0]
        at_char = self.by_char.get(ch)
        if at_char is None:
            at_char = self.index(ch)
        classes, others, _ = at_char
        lx = self.lexer
        best = None
        n = len(word)
        accepts = self.accepts
        for prio, name in lx.words.get(word, ()):
            if name in accepts and (best is None or (prio, n) > best[:2]):
                best = (prio, n, name)
        # a literal word is also a member of its word classes ("creature" is a TYPE_WORD): the
        # parser state decides which one it is, the literal winning when both are acceptable
        for name, prio, members, rx in classes:
            hit = members.get(word)
            if hit is None:
                hit = members[word] = rx.fullmatch(word) is not None
            if hit and (best is None or (prio, n) > best[:2]):
                best = (prio, n, name)
        if not ch.isdigit():
            may = lx.may_lead(word)
            others = [entry for entry in others if entry[0] in may]
        entry = (best, others)
        if len(self.by_word) < self.MAX_WORDS:
            self.by_word[word] = entry
        return entry

    def index(self, ch: str) -> tuple[list, list, list]:
        """(word classes, other terminals, all patterns) that can match at character ``ch``, in
        offering order."""
        can = self.lexer.can_start(ch)
        got = self._entries([e for e in self.classes if e[0] in can], [e for e in self.others if e[0] in can])
        if ch.isascii() or len(self.by_char) < 128 + _MAX_CHARS:
            self.by_char[ch] = got
        return got

    def outranking(self, ch: str) -> list:
        """The patterns that can match at ``ch`` with a priority above the ignored terminals'."""
        at_char = self.by_char.get(ch)
        if at_char is None:
            at_char = self.index(ch)
        floor = self.lexer.ignore_priority
        got = [entry for entry in at_char[2] if entry[1] > floor]
        if len(self.by_ignored) < 64:
            self.by_ignored[ch] = got
        return got

    def _entries(self, classes: list, others: list) -> tuple[list, list, list]:
        lx = self.lexer
        # the names become the tokens' types, which the parser looks up in its rows (plain
        # strings): a name that is a Lark Token would call Token.__eq__ on every lookup
        classes = [(plain_name(name), prio, lx._members[name], lx._rx(name)) for name, prio in classes]
        others = [(plain_name(name), prio, lx._rx(name)) for name, prio in others]
        return classes, others, [(name, prio, rx) for name, prio, _, rx in classes] + others


class _Everything:
    def __contains__(self, item) -> bool:
        return True
