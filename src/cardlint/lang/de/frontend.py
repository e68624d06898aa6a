"""German front end: normalisation (lower case, self-reference with articles and declension,
«…» quotes, "§" cost and "¶" keyword-line markers, hyphen ellipses), grammar/de.lark (a phrase-
structure LALR grammar: statements, subject noun phrases, predicates of the continuous-effect
verbs, verb phrases with separable particles, verb-final subordinate and relative clauses) and
the IR builder in :mod:`cardlint.lang.de.builder`.

A clause the grammar does not parse is read by the cue table kb/fallback/de.yaml (the one fallback
engine, :mod:`cardlint.lang.fallback`); it stays ``parsed=False``.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from lark import Token, Tree

from cardlint import ir as I
from cardlint.lang.de import words as W
from cardlint.lang.de.keywords import keyword_id, keywords
from cardlint.lang.frontend import Frontend
from cardlint.text.glued import GlueRules, resegment
from cardlint.text.normalize import squash, strip_reminder
from cardlint.text.segment import Segment
from cardlint.text.selfref import SELF

#: grammar/de.lark's KW_MARK: normalisation puts it before a keyword line
KW_MARK = "¶"


# ============================================================================ normalisation
_ADJ_END = re.compile(r"(?:en|em|er|es|e|s|n)$")
_NAME_JOINERS = re.compile(r"[\s\-]+")
_NAME_FACES = re.compile(r"\s*//\s*")
_ENDS_IN_LETTER = re.compile(r"[a-zäöüß]$")
_OLD_SS = re.compile(r"\b(mu|da)ß(t?)\b")
_ARTICLE = r"(?:(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+)?"
_ANY_ARTICLE = r"(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)"
#: between two words of a name: spaces or hyphens, after an optional apposition comma
_NAME_JOINER = r",?[\s\-]+"


def _name_words(name: str) -> list[tuple[str, bool]]:
    """The name's words after a leading article, lower case, each with whether it declines like an
    adjective (its stem then takes case endings) — shared by the name regex and its cheap pre-check."""
    # a hyphen and a space between name words vary between printings ("Orzhov-Hohepriester")
    out = []
    for i, w in enumerate(w for w in _NAME_JOINERS.split(name.strip()) if w):
        lw = w.lower()
        if lw in W.ARTICLES:
            if i == 0:
                continue  # "Der Ur-Drache": the article declines like any other article
            # hde: an article inside the name declines too ("Hakim der Erzähler" → "auf Hakim den Erzähler")
            out.append(("", None))
            continue
        if lw.endswith(",") and len(lw) > 1:
            # hde: "Karn, der Silbergolem" is printed "Karn der Silbergolem" in rules text: the apposition
            # comma is optional (the joiner after a word allows it)
            lw = lw[:-1]
        if len(lw) > 4 and _ENDS_IN_LETTER.search(lw) and "-" not in lw[-3:]:
            out.append((_ADJ_END.sub("", lw), True))
        else:
            out.append((lw, False))
    return out


def _name_pattern(name: str) -> str | None:
    parts = [_ANY_ARTICLE if declines is None else
             re.escape(stem) + (r"(?:e|en|em|er|es|n|ens|ers|ern)?s?" if declines else r"(?:s|es|n|en)?")
             for stem, declines in _name_words(name)]
    if not parts:
        return None
    return _ARTICLE + _NAME_JOINER.join(parts)


def _name_variants(name: str | None) -> list[str]:
    if not name:
        return []
    out = []
    for part in _NAME_FACES.split(name.strip()):
        if not part:
            continue
        out.append(part)
        if "," in part:
            short = part.split(",", 1)[0].strip()
            if len(short) >= 3:
                out.append(short)
    return sorted(set(out), key=len, reverse=True)


@lru_cache(maxsize=4096)
def _name_forms(name: str) -> tuple[tuple[tuple[tuple[str, bool], ...], bool], ...]:
    """Per name variant (longest first): its words as :func:`_name_words` gives them, and whether
    it has an apposition ("Gideon, Verbündeter von Zendikar")."""
    return tuple((tuple(words), ", " in v) for v, words in ((v, _name_words(v)) for v in _name_variants(name)) if words)


# (lower case: normalisation reads the text after lower-casing it; the resegmenter's _SUBTYPE_LIST
# below reads the printed text)
_SUBTYPE_LIST_LOW = re.compile(r"\(([a-zäöüß][\w\-]*(?:, [a-zäöüß][\w\-]*)+)\)")


def _subtype_list(m: re.Match) -> str:
    return "-".join(m.group(1).split(", "))


def _replace_self(text: str, name: str | None) -> str:
    if not name:
        return text
    low = text.lower()
    forms = _name_forms(name)
    # every match contains its variant's first stem: most texts never build or run the matcher
    if not any(words[0][0] in low for words, _ in forms):
        return text
    if _plain_case(text) and _plain_case(name):
        return _sub_self_plain(text, low, forms)
    rx = _self_regex(name)
    return rx.sub(SELF, text) if rx is not None else text


@lru_cache(maxsize=4096)
def _self_regex(name: str) -> re.Pattern | None:
    """The name as one regular expression: the reference for :func:`_sub_self_plain`, and the
    matcher for texts whose letters need the regex engine's case folding.  Compiling it takes
    ~0.5 ms, more than classifying the clause, and nearly every card has another name."""
    pats = [p + (_APPOSITION_END if ", " in v else "") for v, p in ((v, _name_pattern(v)) for v in _name_variants(name)) if p]
    if not pats:
        return None
    return re.compile(r"(?<![\w\-])(?:" + "|".join(pats) + r")(?![\w])", re.IGNORECASE)


# "Wenn Agrus Kos, Wojek-Veteran, angreift": the comma that closes a name's apposition goes with it
_APPOSITION_END = r"(?:,(?![\w]))?"


_CASED_SAFE = frozenset("äöüÄÖÜß")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _plain_case(text: str) -> bool:
    """True when ``str.lower`` keeps every character's position and compares it exactly as the
    regex engine's IGNORECASE does: ASCII, umlauts and ß, and characters without case (not so:
    "İ", the long s, the Kelvin sign, Greek letters with two lower-case forms …)."""
    return all(ch in _CASED_SAFE or ch.lower() == ch == ch.upper() for ch in set(_NON_ASCII.findall(text)))


_ARTICLES_ORDER = ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines")
# what _name_pattern allows after a stem: a declined stem "(?:e|en|em|er|es|n|ens|ers|ern)?s?",
# an undeclined word "(?:s|es|n|en)?"
_DECLINED = frozenset(a + b for a in ("", "e", "en", "em", "er", "es", "n", "ens", "ers", "ern") for b in ("", "s"))
_UNDECLINED = frozenset(("", "s", "es", "n", "en"))
_WORD_OR_HYPHEN = re.compile(r"[\w\-]")
_WORD_CHAR = re.compile(r"\w")
_WORD_RUN = re.compile(r"\w*")
_SPACE_RUN = re.compile(r"\s+")
_JOINER_RUN = re.compile(r",?[\s\-]*")
_ARTICLES_SET = frozenset(_ARTICLES_ORDER)


def _sub_self_plain(text: str, low: str, forms) -> str:
    """``_self_regex(name).sub(SELF, text)`` without compiling a regex per name, for a text and
    name of :func:`_plain_case` characters (so ``low`` lines up with ``text``).  It follows the
    regex step by step, at the only places a match can start (a variant's first stem, or an
    article and spaces before one), in text order: the variants in order, each with an article
    first; an ending is the whole rest of its word, as the word boundary after it forces."""
    starts = set()
    for words, _ in forms:
        stem = words[0][0]
        j = low.find(stem)
        while j != -1:
            starts.add(j)
            k = j
            while k and low[k - 1].isspace():
                k -= 1
            if k < j:
                starts.update(k - len(art) for art in _ARTICLES_ORDER if k >= len(art) and low.startswith(art, k - len(art)))
            j = low.find(stem, j + 1)
    out = []
    done = 0
    for i in sorted(starts):
        if i < done or (i and _WORD_OR_HYPHEN.match(low, i - 1)):
            continue
        end = _match_name(low, i, forms)
        if end is not None:
            out.append(text[done:i])
            out.append(SELF)
            done = end
    if not out:
        return text
    out.append(text[done:])
    return "".join(out)


def _match_name(low: str, i: int, forms) -> int | None:
    after_article = None
    for art in _ARTICLES_ORDER:
        if low.startswith(art, i):
            sp = _SPACE_RUN.match(low, i + len(art))
            if sp:
                after_article = sp.end()
                break
    for words, apposition in forms:
        end = None
        if after_article is not None:
            end = _match_words(low, after_article, words)
        if end is None:
            end = _match_words(low, i, words)
        if end is not None:
            if apposition and low.startswith(",", end) and not _WORD_CHAR.match(low, end + 1):
                end += 1  # _APPOSITION_END
            return end
    return None


def _match_words(low: str, pos: int, words) -> int | None:
    last = len(words) - 1
    for k, (stem, declines) in enumerate(words):
        if declines is None:  # an inner article: any article, as a whole word
            end = _WORD_RUN.match(low, pos).end()
            if low[pos:end] not in _ARTICLES_SET:
                return None
        else:
            if not low.startswith(stem, pos):
                return None
            a = pos + len(stem)
            end = _WORD_RUN.match(low, a).end()
            if low[a:end] not in (_DECLINED if declines else _UNDECLINED):
                return None
        if k == last:
            return end
        pos = _JOINER_RUN.match(low, end).end()
        if pos == end or low[end:pos] == ",":
            return None
    return None


_SELF_PHRASES = re.compile(
    r"(?<![\w\-])(?:diese[rs]?|diesen|diesem)\s+(?:zauberspruch(?:s|es)?|zauberspruchs)(?![\w\-])")
_QUOTED = re.compile(r'"([^"]*)"')


_ABILITY_WORD = re.compile(r"^([a-zäöüß][a-zäöüß\-]*(?: [a-zäöüß][a-zäöüß\-]*){0,2}) — ")
_BARE_ABILITY_WORD = re.compile(r"^(" + "|".join(W.ABILITY_WORDS) + r")\s+(?!—)(?=\S)")
_ELLIPSIS = re.compile(r"(?<![\w\-])([a-zäöüß]+)- (oder|und|und/oder|bzw\.?) ((?:eine?[nmrs]?|der|die|das|den|dem) )?([a-zäöüß]+)-([a-zäöüß]+)(?![\w\-])")
# the shared head of a compound ellipsis without a hyphen: "Kreaturen- oder Länderkarte"
_HEADS = r"(?:karten?|kreaturen?|spielsteine?n?|zaubersprüche|zauberspruch|länder|marken?)"
_ELLIPSIS_JOINED = re.compile(r"(?<![\w\-])((?:[a-zäöüß]+-,? )+)(oder|und|und/oder|bzw) ((?:eine?[nmrs]?|der|die|das|den|dem) )?"
                              r"([a-zäöüß]+?)(" + _HEADS + r")(?![\w\-])")
# mana symbols written as letters in older printings: "um R", "Kumulative Versorgung: U", "3BBB"
_BARE_MANA = re.compile(r"(?<![\w{}\-/])(\d*)(([wubrg])\3{0,3}|[wbrg]{2,3})(?![\w{}\-/])")


_STRAY_GT = re.compile(r"\s*>\s*(?=\(|$)")
_QUOTE_ENDS_SENTENCE = re.compile(r"\.»(?= [a-zäöüß])")
_COST_SCAN = re.compile(r'["«».!:]')
_DASH_SPACING = re.compile(r"\s*—\s*")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:])")
_BZW_DOT = re.compile(r"\bbzw\.")
_UPKEEP_HYPHEN = re.compile(r"^(kumulative versorgung)-\s+")
_OLD_VIGILANCE_SELF = re.compile(r"^~ wird beim angreifen nicht getappt\.?$")
_OLD_VIGILANCE = re.compile(r"^([^.,;«»]+?) (wird|werden) beim angreifen nicht getappt(?=\.|$)")
_OLD_FLASH = re.compile(r"^du kannst ~ immer dann (?:spielen|wirken), (?:wenn|falls) du (?:auch )?einen spontanzauber "
                        r"(?:spielen|sprechen|wirken) (?:könntest|kannst)\.?$")
_OLD_UPKEEP = re.compile(r"(?<!nur )während deiner versorgungs(?:phase|segments)(?![\w\-])")
# "Begrabe …" (until 2000): destroy without regeneration, of the objects the English "bury" rules of
# grammar/en_old_wordings.tsv rewrite ("bury target …", "bury all …", "bury that/the creature"); "Begrabe ~"
# (one's own permanent) and the others are left as the English leaves them
_OLD_BURY = re.compile(r"(^|\. |: )begrabe ((?:alle |diese kreatur|die kreatur)[^.;:«»\"]*?|[^.;:«»\"]*?"
                       r"(?:deiner wahl|ziel[a-zäöüß]*)(?:, [^.;:«»\"]*?)?)(?=\.|$)")
_OLD_HASTE_SELF = re.compile(r"^für ~ gilt die einsatzverzögerung nicht\.?$")
_OLD_HASTE = re.compile(r"(^|«|\")für ([^.«»\"]+?) gilt die einsatzverzögerung nicht(?=[.»\"]|$)")
_UPKEEP_NUMBER = re.compile(r"^(kumulative versorgung)\s*-\s*(\d+)\.?$")
_CHOOSE_HEAD = re.compile(r"^(?:bestimme|wähle) (?:eines|einen|eine|zwei|drei|x)(?: aus)?:")


def _mark_cost(text: str) -> str:
    """Put "§" before an activated ability's cost ("{T}: …", "+1: …", "Opfere …: …"), after an
    ability word ("Mitstreiter — {T}, …: …")."""
    if _CHOOSE_HEAD.match(text):  # "Wähle eines aus: …" introduces modes, not a cost
        return text
    depth = 0
    for m in _COST_SCAN.finditer(text):  # only the characters the loop acts on
        ch = m.group()
        if ch in '"«':
            depth += 1
        elif ch in '»' or (ch == '"' and depth):
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ".!":
            return text
        elif depth == 0 and ch == ":":
            m = _ABILITY_WORD.match(text)
            if m:
                return text[:m.end()] + "§" + text[m.end():]
            return "§" + text
    return text


def _expand_heads(m: re.Match) -> str:
    head = m.group(5)
    parts = re.findall(r"([a-zäöüß]+)-", m.group(1))
    listed = ", ".join(p + head for p in parts)
    return f"{listed} {m.group(2)} {m.group(3) or ''}{m.group(4)}{head}"


def _mana_letters(m: re.Match) -> str:
    return (f"{{{m.group(1)}}}" if m.group(1) else "") + "".join(f"{{{c}}}" for c in m.group(2))


# ============================================================================ glued lines
_TRIGGER_WORDS = re.compile(r"(?<![\w\-])(?:wenn|sobald|zu beginn|am ende)(?![\w\-])")
_BOTH_DURATION = re.compile(r"\s*\(beides (bis zum ende des zuges)\)", re.IGNORECASE)
# German print puts a space after a reminder text's ")" where a line break was lost
_GLUE = GlueRules(upper="A-ZÄÖÜ", lower="a-zäöüß", space_after_reminder=True)


class GermanFrontend(Frontend):
    lang = "de"
    grammar = "de.lark"
    start = "start"
    # cardlint's word lexer: Lark's contextual lexer compiles one large regex per parser state on
    # first use, which dominated German run time
    grammar_options = {"lexer": "words"}

    # --------------------------------------------------------------------------- normalise
    def normalize(self, body: str, name: str | None) -> str:
        text = body or ""
        if len(text) > 4 * 2000:  # guarded again by the frontend; keep this linear
            text = text[: 4 * 2000]
        if "&" in text:
            # HTML entities in some corpus lines: "fluchsicher. &gt;(Sie können …)" — the ">" is stray
            text = _STRAY_GT.sub("", html.unescape(text))
        text = text.replace("CARDNAME", SELF)
        text = _replace_self(text, name)
        text = text.lower()
        # each substitution below runs only where its pattern can match (a literal part of it
        # occurs): one re.sub costs ~5 µs even when it changes nothing
        if "zauberspruch" in text:
            text = _SELF_PHRASES.sub(SELF, text)
        text = text.replace("ß", "ß").replace("…", "...").replace("’", "'")
        text = " ".join(text.split())  # = re.sub(r"\s+", " ", text).strip(): the same whitespace
        if "(" in text:
            # a subtype list kept by the segmenter: what something becomes ("wird zu einem (mensch, krieger)",
            # "ein 8/8 (kithkin, geist)") and a token's "(elf, krieger)-kreaturenspielstein" read as the
            # compound "mensch-krieger", "elf-krieger-kreaturenspielstein"
            text = _SUBTYPE_LIST_LOW.sub(_subtype_list, text)
        if "—" in text:
            text = _DASH_SPACING.sub(" — ", text)
        if " ," in text or " ." in text or " ;" in text or " :" in text:
            text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
        if "bzw." in text:
            text = _BZW_DOT.sub("bzw", text)
        # older printings: "Kumulative Versorgung- Lege …" (the keyword's cost after a hyphen)
        if text.startswith("kumulative versorgung"):
            # "Kumulative Versorgung-2", "… -1" (Ice Age): the generic cost after a hyphen
            text = _UPKEEP_NUMBER.sub(r"\1 {\2}", text)
            text = _UPKEEP_HYPHEN.sub(r"\1 — ", text)
        if "beim angreifen nicht getappt" in text:
            # "~ wird beim Angreifen nicht getappt" (before 1999): Vigilance (CR 702.20), as the English
            # "Attacking doesn't cause ~ to tap" reads; of other creatures, "… hat/haben Wachsamkeit"
            if _OLD_VIGILANCE_SELF.match(text):
                return KW_MARK + "wachsamkeit"
            text = _OLD_VIGILANCE.sub(lambda m: m.group(1) + (" haben" if m.group(2) == "werden" else " hat")
                                      + " wachsamkeit", text)
        if "immer dann" in text and _OLD_FLASH.match(text):
            # "Du kannst ~ immer dann spielen, wenn du auch einen Spontanzauber spielen könntest": Flash
            return KW_MARK + "aufblitzen"
        if "versorgungs" in text and "während" in text:
            # "während deiner Versorgungsphase" as the time of an action (6th Edition and before) is the
            # trigger "zu Beginn deines Versorgungssegments", as the English "During your upkeep, …" reads;
            # "nur während …" (a timing restriction) stays
            text = _OLD_UPKEEP.sub("zu beginn deines versorgungssegments", text)
        if "begrabe " in text:
            text = _OLD_BURY.sub(lambda m: f"{m.group(1)}zerstöre {m.group(2)}. sie "
                                 f"{'können' if m.group(2).startswith('alle ') else 'kann'} nicht regeneriert werden",
                                 text)
        if "einsatzverzögerung nicht" in text:
            # "Für ~ gilt die Einsatzverzögerung nicht" (before 1999): haste, as the English "is unaffected
            # by summoning sickness" reads; of another object, "… hat Eile"
            if _OLD_HASTE_SELF.match(text):
                return KW_MARK + "eile"
            text = _OLD_HASTE.sub(r"\1\2 hat eile", text)
        # older spelling (before 1996/2006): "muß", "daß" → "muss", "dass"
        text = _OLD_SS.sub(r"\1ss\2", text) if "ß" in text else text
        if "- " in text or "-, " in text:
            # "Spontanzauber- oder Hexerei-Karte" → "Spontanzauber-Karte oder Hexerei-Karte"
            text = _ELLIPSIS.sub(lambda m: f"{m.group(1)}-{m.group(5)} {m.group(2)} {m.group(3) or ''}{m.group(4)}-{m.group(5)}", text)
            text = _ELLIPSIS_JOINED.sub(_expand_heads, text)
        text = _BARE_MANA.sub(_mana_letters, text)
        if not text:
            return text
        # older printings set the ability word without its dash: "Grenzwert Solange …"
        if text.startswith(W.ABILITY_WORDS):
            text = _with_ability_word_condition(text)
            text = _BARE_ABILITY_WORD.sub(r"\1 — ", text)
        if self.is_keyword(text):
            return KW_MARK + text
        # quoted abilities: mark their costs too
        if '"' in text:
            text = _QUOTED.sub(lambda m: "«" + _mark_cost(m.group(1).strip()) + "»", text)
            # '… mit „{X}: … Zuges." Es ist immer noch ein Land.': the quote's period ends the sentence too
            text = _QUOTE_ENDS_SENTENCE.sub(".».", text)
        return _mark_cost(text)

    def keyword_check(self, fragment: str) -> bool:
        return _is_keyword(fragment)

    def resegment(self, segs: list[Segment], name: str | None = None) -> list[Segment]:
        """Split a line that lost its line breaks into one segment per ability, as the English
        text prints them (:mod:`cardlint.text.glued`)."""
        from cardlint.lang.frontend import MAX_CLAUSE_CHARS

        out = resegment(_rejoin_reminders(segs), self.is_keyword, _GLUE, MAX_CLAUSE_CHARS)
        for seg in out:
            if "(" in seg.text and _SUBTYPE_LIST.search(seg.text):
                # "wird zu einem 2/2 (Kithkin, Geist)": a list of creature types in parentheses is no
                # reminder text; keep it, as one compound
                seg.body = squash(strip_reminder(_SUBTYPE_LIST.sub(lambda m: "-".join(m.group(1).split(", ")), seg.text)))
            if "(beides " in seg.text:
                # "wird 4/5 und erhält Verdorren (beides bis zum Ende des Zuges)": the duration of both
                # predicates in parentheses is rules text, no reminder; German puts a shared duration last
                seg.body = squash(strip_reminder(_BOTH_DURATION.sub(r" \1", seg.text)))
        return out

    def is_spell_type(self, type_line: str | None) -> bool | None:
        if not type_line:
            return None
        t = type_line.lower()
        if re.search(r"spontanzauber|hexerei|unterbrechung|zauberspruch|^instant|^sorcery|^interrupt", t):
            return True
        if re.search(r"beschwörungszauber|^beschwörung|kreatur|artefakt|verzauber|land|planeswalker|welt|ebene|phänomen", t):
            return False
        return False

    # --------------------------------------------------------------------------- build
    # The builder runs while the parser reduces (no tree, no second walk) for every clause but a
    # keyword line, whose IR reads the surface tokens of its first keyword from the tree.
    inline_build = True

    def new_builder(self, norm: str):
        from cardlint.lang.de.builder import GermanIRBuilder

        return GermanIRBuilder(source=norm)   # (a striation's abilities keep their text)

    def finish(self, result) -> I.ClauseIR:
        from cardlint.lang.builder import to_clause

        return to_clause(result, {})

    def _parse(self, norm: str) -> tuple:
        if KW_MARK in norm:
            # a keyword line (normalisation marks it): only a tree keeps the tokens build() joins
            return self._parse_tree(norm)
        return super()._parse(norm)

    def build(self, tree, seg: Segment, norm: str) -> I.ClauseIR:
        clause = tree.children[0] if tree.data == "start" else tree
        if getattr(clause, "data", None) == "keyword_line":
            kws = [c for c in clause.children if isinstance(c, Tree) and c.data == "keyword_ability"]
            text = " ".join(str(t) for t in kws[0].scan_values(lambda v: isinstance(v, Token))) if kws else seg.body
            return _keyword_ir(seg, text, True)
        return self.finish(self.new_builder(norm).transform(tree))

    def fallback(self, seg: Segment, norm: str, error: str) -> I.ClauseIR:
        """The cue table kb/fallback/de.yaml; a keyword line gets the keyword (with Changeling's and
        Devoid's effects).  The token-level analyser German had before read worse than the table
        (tools/fallback_accuracy.py --lang de, with and without --table)."""
        if norm.startswith(KW_MARK):
            ir = _keyword_ir(seg, norm[len(KW_MARK):], False)
            ir.error = error
            return ir
        return super().fallback(seg, norm, error)

    def keyword_names(self) -> list[str]:
        return list(keywords()[0])

    def fallback_keyword(self, text: str) -> I.Keyword | None:
        if not text.startswith(KW_MARK):
            return None
        kid, param = keyword_id(text[len(KW_MARK):])
        return I.Keyword(id=kid or "unknown", parameter=param)


def _with_ability_word_condition(text: str) -> str:
    """"grenzwert der werbär erhält +3/+3." (the condition only in the reminder text, removed): the
    static ability with its condition written out, as the English old wordings and Oracle read it.
    A triggered or activated ability, or one that states the condition itself, stays as printed."""
    word, _, rest = text.partition(" ")
    cond = W.ABILITY_WORD_CONDITIONS.get(word)
    if cond is None or rest.startswith(("—", "solange ", "so lange ", "falls ", "sofern ")) or cond.split()[1] in rest:
        return text
    plain = _QUOTED.sub("", rest)
    if ":" in plain or _TRIGGER_WORDS.search(plain):
        return text
    return f"{word} {rest.rstrip(' .')}, {cond}."


def _rejoin_reminders(segs: list[Segment]) -> list[Segment]:
    """Some German printings break a line inside a reminder text ("Morph {2}{U} (Du kannst … spielen.\n
    Decke sie … auf.)"): the line that opens the parenthesis and the next lines up to the one that
    closes it (at most two more) are one clause, as the English prints it."""
    out: list[Segment] = []
    k = 0
    while k < len(segs):
        seg = segs[k]
        k += 1
        depth = seg.text.count("(") - seg.text.count(")")
        if depth > 0 and not seg.reminder_only and not seg.bullets:
            end = k
            while end < len(segs) and end < k + 2 and depth > 0:
                depth += segs[end].text.count("(") - segs[end].text.count(")")
                end += 1
            if depth <= 0:
                text = " ".join([seg.text] + [x.text for x in segs[k:end]])
                seg = Segment(text=text, body=squash(strip_reminder(text)), line=seg.line)
                k = end
        out.append(seg)
    return out


#: creature types in parentheses, printed where English writes them before "creature" ("(Kithkin, Geist)")
# (not before a hyphen: "(Eldrazi, Ausgeburt)-Kreaturenspielstein" reads as it did, the compound would not lex)
_SUBTYPE_LIST = re.compile(r"\(([A-ZÄÖÜ][a-zäöüß]+(?:, [A-ZÄÖÜ][a-zäöüß]+)+)\)(?!-)")

_FINITE_AFTER_KEYWORD = re.compile(r"\b(?:erhält|erhalten|ist|sind|hat|haben|kann|wird|kommt)\b")


def _is_keyword(fragment: str) -> bool:
    t = fragment.strip().lower().rstrip(".")
    if not t or len(t) > 200:
        return False
    _, pat = keywords()
    if not pat.match(t):
        return False
    # "Schutz vor …" etc. must not swallow sentences: no finite verb after the keyword name
    kid, param = keyword_id(t)
    if kid is None:
        return False
    if param and _FINITE_AFTER_KEYWORD.search(param) and kid not in ("enchant",):
        return False
    return True


FRONTEND = GermanFrontend()


# ============================================================================ keyword lines
def _keyword_ir(seg: Segment, text: str, parsed: bool) -> I.ClauseIR:
    kid, param = keyword_id(text)
    kid = kid or "unknown"
    effects = []
    if kid == "changeling":
        effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                modifications=[I.Modification(I.TYPES, op="all_creature_types")]))
    elif kid == "devoid":
        effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                modifications=[I.Modification(I.COLORS, op="set", value=["colorless"])]))
    return I.ClauseIR(text=seg.text, form=I.FORM_KEYWORD, parsed=parsed, effects=effects,
                      keyword=I.Keyword(id=kid, parameter=param))
