"""English front end: grammar/en.lark → shared IR builder."""

from __future__ import annotations

import re
from functools import cached_property

from cardlint import ir as I
from cardlint import vocab
from cardlint.lang.en.normalize import LEAD_COMMA, normalize_en
from cardlint.lang.en.old_wordings import symbol_run_open
from cardlint.lang.frontend import MAX_CLAUSE_CHARS, Frontend
from cardlint.lang.builder import to_clause
from cardlint.lang.en.builder import EnglishIRBuilder
from cardlint.text.glued import GlueRules, resegment
from cardlint.text.normalize import is_reminder_only
from cardlint.text.segment import Segment, segment

_MANA_SYMBOLS = re.compile(r"\{[^{}]*\}")
#: a keyword glued to the cost of the next ability ("Flying{1}{B}: …", "Protection from black{2}{G}{G}:
#: …"): the printed text lost the line break between them (Oracle text never writes a letter before "{")
_KEYWORD_BEFORE_COST = re.compile(r"(?<=[a-z])(?=\{[^{}\n]+\}[^\n:]*:)")
#: printed texts set reminder text in italic tags ("<i>({T}: Add {B} or {G}.)</i>")
_ITALIC_TAGS = re.compile(r"</?i>")
_OLD_INSTANT_TYPES = re.compile(r"\s*(?:interrupt|mana source)\b", re.IGNORECASE)
#: one instance, so that its seam patterns are compiled once, not looked up again for every card
_GLUE_RULES = GlueRules()


class EnglishFrontend(Frontend):
    lang = "en"
    grammar = "en.lark"
    grammar_options = {"lexer": "words"}
    inline_build = True
    #: the memo keeps pickled IRs (~0.6 kB each, none over 2 kB on the corpus), not trees: 16384 of
    #: them hold 17,057 of the 17,253 repeats an unbounded memo finds among the 40,778 Oracle
    #: clauses (4,096 held 14,424)
    parse_memo_size = 16384

    @cached_property
    def keyword_ids(self) -> dict[str, str]:
        from cardlint.kb import normalize_name

        forms = [f for f in vocab.keyword_forms("en") if f.source in ("name", "alias")]
        names: dict[str, str] = {}
        for f in forms:
            names.setdefault(normalize_name(f.text), f.id)
        for f in forms:
            if f.source == "name":
                names.setdefault(f.text.lower(), f.id)
        return names

    @cached_property
    def keyword_effects(self) -> dict[str, dict]:
        return vocab.keyword_effects()

    @cached_property
    def _keyword_re(self) -> re.Pattern:
        names = sorted(self.keyword_ids, key=len, reverse=True)
        return re.compile(r"(?:" + "|".join(re.escape(n) for n in names) + r"|\w+walk)\b", re.IGNORECASE)

    def normalize(self, body: str, name: str | None) -> str:
        if name and name.strip().lower() in self.keyword_ids:
            # a card named like a keyword ("Lifelink", "Vigilance") uses the word as the keyword
            name = None
        return normalize_en(body, name)

    def is_spell_type(self, type_line: str | None) -> bool | None:
        """Instants and sorceries; on old printings also "Interrupt" and "Mana Source", which are
        instants today ("Summon …" is a creature, "Enchant …" an Aura: permanents either way)."""
        spell = super().is_spell_type(type_line)
        if spell is False and _OLD_INSTANT_TYPES.match(type_line):
            return True
        return spell

    def keyword_check(self, fragment: str) -> bool:
        return bool(self._keyword_re.match(fragment.strip()))

    def _glued_keyword(self, fragment: str) -> bool:
        """Is the text before a glued seam a keyword with at most its parameter ("Flying",
        "Protection from red", "Equip {2}")?  Stricter than :meth:`is_keyword`, which only looks at
        the start: the rest may hold no capital letter (a name, a new sentence)."""
        fragment = fragment.strip()
        m = self._keyword_re.match(fragment)
        if not m or symbol_run_open(fragment):
            return False
        rest = fragment[m.end():]
        rest = _MANA_SYMBOLS.sub("", rest).replace("X", "")
        return len(rest) <= 40 and not any(ch.isupper() for ch in rest)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """Printed English texts of some printings lost line breaks ("FlyingLandfall — …",
        "…enchantment.At the beginning …"): one segment per ability (:mod:`cardlint.text.glued`).
        Oracle text has no such seams."""
        segs = [part for seg in segs for part in self._split_printed_seams(seg)]
        return resegment(segs, self._glued_keyword, _GLUE_RULES, MAX_CLAUSE_CHARS)

    def _split_printed_seams(self, seg: Segment) -> list[Segment]:
        """"Flying{1}{B}: ~ gets +1/+1 until end of turn." → the keyword | the activated ability; an
        italic reminder text → a reminder segment."""
        if seg.reminder_only or seg.keyword_list_item or seg.striation or len(seg.text) > MAX_CLAUSE_CHARS:
            return [seg]
        if "<i>" in seg.text and is_reminder_only(_ITALIC_TAGS.sub("", seg.text)):
            # a reminder text in italics is a reminder text (not an empty clause)
            return [Segment(seg.text, "", reminder_only=True, line=seg.line)]
        if "{" not in seg.text:
            return [seg]
        first, _, rest = seg.text.partition("\n")
        m = _KEYWORD_BEFORE_COST.search(first)
        if m is None or not self._glued_keyword(first[:m.start()]):
            return [seg]
        parts = segment(first[:m.start()] + "\n" + first[m.start():] + ("\n" + rest if rest else ""),
                        self._glued_keyword)
        for part in parts:
            part.line = seg.line
        return parts

    def shown(self, text: str) -> str:
        return text.replace(LEAD_COMMA, ",")

    def new_builder(self, norm: str) -> EnglishIRBuilder:
        return EnglishIRBuilder(self.keyword_ids, self.keyword_effects, source=norm)

    def finish(self, result) -> I.ClauseIR:
        return to_clause(result, self.keyword_effects)

    def build(self, tree, seg: Segment, norm: str) -> I.ClauseIR:
        return self.finish(self.new_builder(norm).transform(tree))

    def fallback_keyword(self, text: str) -> bool:
        return self.is_keyword(text) and len(text.split()) <= 4


FRONTEND = EnglishFrontend()
