"""German front end: normalisation (lower case, self-reference with articles and declension,
«…» quotes, "§" cost and "¶" keyword-line markers, hyphen ellipses), grammar/de.lark (a phrase-
structure LALR grammar: statements, subject noun phrases, predicates of the continuous-effect
verbs, verb phrases with separable particles, verb-final subordinate and relative clauses) and
the IR builder in :mod:`cardlint.lang.de.builder`.

The token-level analysis kept below (``_analyse_tokens``) is only the *fallback* for clauses the
grammar does not parse: it classifies from cue words and the clause stays ``parsed=False``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache

from lark import Token, Tree

from cardlint import ir as I
from cardlint.paths import kb_dir
from cardlint.lang.de import words as W
from cardlint.lang.frontend import Frontend
from cardlint.text.glued import GlueRules, resegment
from cardlint.text.normalize import squash, strip_reminder
from cardlint.text.segment import Segment
from cardlint.text.selfref import SELF

_VERB_LEMMA = W.verb_forms()
#: grammar/de.lark's KW_MARK: normalisation puts it before a keyword line
KW_MARK = "¶"


# ============================================================================ keywords (kb)
@lru_cache(maxsize=None)
def _keywords() -> tuple[dict[str, str], re.Pattern]:
    """German keyword name (lower case) → kb id, and a regex for a keyword line item."""
    names: dict[str, str] = {}
    try:
        # the kb loader keeps a validated JSON copy: parsing keywords.yaml with PyYAML took
        # ~0.6 s, paid by every German run
        from cardlint.kb import load_kb

        for k in load_kb(kb_dir()).keywords:
            de = (k.get("names") or {}).get("de")
            for n in [de] + list((k.get("aliases") or {}).get("de") or []) + list((k.get("printed") or {}).get("de") or []):
                if not n or "[" in n:
                    continue
                n = n.replace("…", "").strip().lower()
                if n:
                    names.setdefault(n, k["id"])
    except Exception:  # kb missing or unreadable: the built-in names below still work
        pass
    extra = {
        "fliegend": "flying", "kann fliegen": "flying", "verursacht trampelschaden": "trample", "verursacht furcht": "fear",
        "schutz vor": "protection", "schutz": "protection", "affinität zu": "affinity", "kopplung mit": "splice",
        "verzaubert": "enchant", "landverzauberung": "enchant", "kreaturenverzauberung": "enchant",
        "artefaktverzauberung": "enchant", "spielerverzauberung": "enchant", "beschütze": "champion",
        "stufe aufsteigen": "level_up", "einsatzverzögerung": "suspend", "landwandeln": "landwalk",
        "inselwandeln": "landwalk", "sumpfwandeln": "landwalk", "waldwandeln": "landwalk",
        "gebirgswandeln": "landwalk", "ebenenwandeln": "landwalk", "wandelwicht": "changeling", "fahl": "devoid",
        "megamorph": "morph", "multibonus": "kicker",  # variants (CR 702.37b, 702.33c)
        # older printings name the ability alone or with a plural verb ("Verursachen Trampelschaden")
        "trampelschaden": "trample", "furcht": "fear", "verursachen trampelschaden": "trample",
        # the noun forms after "erhält"/"hat"/"verliert" ("hat Flugfähigkeit", "erhält Unzerstörbarkeit")
        "flugfähigkeit": "flying", "unzerstörbarkeit": "indestructible", "fluchsicherheit": "hexproof",
        "bedrohlichkeit": "menace", "verhülltheit": "shroud", "verteidigerfähigkeit": "defender",
    }
    for k, v in extra.items():
        names.setdefault(k, v)
    for n in list(names):
        if n.endswith("tarnung"):
            names.setdefault(n, "landwalk")
    # as a character trie: the pattern is only asked whether the whole text is a keyword line,
    # which any form of the alternation answers alike, and a trie answers in a few steps
    alt = _trie(names)
    # a name that ends in its preposition takes the object directly: "Affinität zu Sümpfen"
    with_object = _trie(n for n in names if n.endswith((" zu", " vor", " mit")))
    # keyword + optional parameter: a cost, a number, "vor …", "zu …", "— cost", ": cost", an object
    pat = re.compile(
        r"^(?:(?:" + alt + r"|[a-zäöüß\-]+tarnung|[a-zäöüß\-]+verzauberung)"
        # Ausrüsten {2}, Bushido 1, Aussetzen 4 — {1}{U}, Bonus {1}{U} und/oder {B}
        r"(?:(?:\s*(?:—|:)?\s*(?:\{[^}]+\}|\d+(?!\d)|x))+(?:\s+und/oder\s+(?:\{[^}]+\})+)?"
        r"|\s+(?:vor|zu|mit)\s+.+"  # Schutz vor Rot, Affinität zu Artefakten
        r"|\s+(?:eine?[nmrs]?|jede[nmrs]?|einen)\s+[^,.;:]+(?:,\s*(?:die|der|das) [^,.;:]+)?"  # Verzaubert eine Kreatur (, die du kontrollierst)
        r"|\s*—.+)?"
        + (r"|(?:" + with_object + r")\s+[a-zäöüß][a-zäöüß\- ]*" if with_object else "")
        + r")$"
    )
    return names, pat


def _trie(words) -> str:
    """A regex alternation of ``words`` as a character trie ("" for no words)."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node) -> str:
        branches = [re.escape(ch) + emit(node[ch]) for ch in sorted(k for k in node if k)]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return emit(root)


_LANDWALK_WORD = re.compile(r"[a-zäöüß\-]+tarnung\b")
_ENCHANT_WORD = re.compile(r"[a-zäöüß\-]+verzauberung\b")


def keyword_id(text: str) -> tuple[str | None, str | None]:
    """The kb id and parameter of the longest keyword name that is the whole text or is followed
    by " ", ":" or "—"."""
    names, _ = _keywords()
    t = text.strip().lower().rstrip(".")
    # look the candidate prefixes up, longest first, rather than testing every name
    for k in [len(t)] + [k for k in range(len(t) - 1, 0, -1) if t[k] in " :—"]:
        n = t[:k]
        if n in names:
            param = t[len(n):].strip(" :—") or None
            return names[n], param
    if t.endswith("tarnung") or _LANDWALK_WORD.match(t):
        return "landwalk", None
    if _ENCHANT_WORD.match(t):
        return "enchant", t
    return None, None


# ============================================================================ normalisation
_ADJ_END = re.compile(r"(?:en|em|er|es|e|s|n)$")
_NAME_JOINERS = re.compile(r"[\s\-]+")
_NAME_FACES = re.compile(r"\s*//\s*")
_ENDS_IN_LETTER = re.compile(r"[a-zäöüß]$")
_OLD_SS = re.compile(r"\b(mu|da)ß(t?)\b")
_ARTICLE = r"(?:(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+)?"


def _name_words(name: str) -> list[tuple[str, bool]]:
    """The name's words after a leading article, lower case, each with whether it declines like an
    adjective (its stem then takes case endings) — shared by the name regex and its cheap pre-check."""
    # a hyphen and a space between name words vary between printings ("Orzhov-Hohepriester")
    out = []
    for i, w in enumerate(w for w in _NAME_JOINERS.split(name.strip()) if w):
        lw = w.lower()
        if i == 0 and lw in W.ARTICLES:
            continue  # "Der Ur-Drache": the article declines like any other article
        if len(lw) > 4 and _ENDS_IN_LETTER.search(lw) and "-" not in lw[-3:]:
            out.append((_ADJ_END.sub("", lw), True))
        else:
            out.append((lw, False))
    return out


def _name_pattern(name: str) -> str | None:
    parts = [re.escape(stem) + (r"(?:e|en|em|er|es|n|ens|ers|ern)?s?" if declines else r"(?:s|es|n|en)?")
             for stem, declines in _name_words(name)]
    if not parts:
        return None
    return _ARTICLE + r"[\s\-]+".join(parts)


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


_SUBTYPE_LIST = re.compile(r"((?:\bzu (?:einem|einer|ein|eine)\s+(?:[+\-]?\d+/[+\-]?\d+\s+)?|"
                           r"\b(?:einem|einer|ein|eine)\s+[+\-]?\d+/[+\-]?\d+\s+))?"
                           r"\s?\(([a-zäöüß][\w\-]*(?:, [a-zäöüß][\w\-]*)+)\)(-?)")


def _subtype_list(m: re.Match) -> str:
    if m.group(1) and not m.group(3):
        return m.group(1) + "-".join(m.group(2).split(", "))
    return (m.group(1) or "") + m.group(3)


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
_JOINER_RUN = re.compile(r"[\s\-]*")


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
        if not low.startswith(stem, pos):
            return None
        a = pos + len(stem)
        end = _WORD_RUN.match(low, a).end()
        if low[a:end] not in (_DECLINED if declines else _UNDECLINED):
            return None
        if k == last:
            return end
        pos = _JOINER_RUN.match(low, end).end()
        if pos == end:
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
# German print puts a space after a reminder text's ")" where a line break was lost
_GLUE = GlueRules(upper="A-ZÄÖÜ", lower="a-zäöüß", space_after_reminder=True)


class GermanFrontend(Frontend):
    lang = "de"
    grammar = "de.lark"
    start = "start"
    # cardlint's word lexer: Lark's contextual lexer compiles one large regex per parser state on
    # first use, which dominated German run time
    grammar_options = {"lexer": "words"}

    @property
    def fallback_lexer(self):
        """The grammar's terminals as one basic lexer, built once: ``Lark.lex`` would build it anew
        for every unparsed clause (milliseconds each).  It scans terminal by terminal
        (:mod:`cardlint.speed.first_match`): Lark's one large alternation cost ~50 µs a token."""
        lexer = self.__dict__.get("_fallback_lexer")
        if lexer is None:
            from cardlint.speed.first_match import first_match_lexer

            lexer = self._fallback_lexer = first_match_lexer(self.parser)
        return lexer

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
            # "ein 8/8 (kithkin, geist)") reads as the compound "mensch-krieger"; elsewhere (a token's
            # "(eldrazi, ausgeburt)-kreaturenspielstein") it is left out, as reminder text was
            text = _SUBTYPE_LIST.sub(_subtype_list, text)
        if "—" in text:
            text = _DASH_SPACING.sub(" — ", text)
        if " ," in text or " ." in text or " ;" in text or " :" in text:
            text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
        if "bzw." in text:
            text = _BZW_DOT.sub("bzw", text)
        # older printings: "Kumulative Versorgung- Lege …" (the keyword's cost after a hyphen)
        if text.startswith("kumulative versorgung-"):
            text = _UPKEEP_HYPHEN.sub(r"\1 — ", text)
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

        out = resegment(segs, self.is_keyword, _GLUE, MAX_CLAUSE_CHARS)
        for seg in out:
            if "(" in seg.text and _SUBTYPE_LIST.search(seg.text):
                # "wird zu einem 2/2 (Kithkin, Geist)": a list of creature types in parentheses is no
                # reminder text; keep it, as one compound
                seg.body = squash(strip_reminder(_SUBTYPE_LIST.sub(lambda m: "-".join(m.group(1).split(", ")), seg.text)))
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

        return GermanIRBuilder()

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
        """German's own fallback, the token-level analyser: it reads continuous effects better than
        the cue table kb/fallback/de.yaml (tools/fallback_accuracy.py --lang de [--table])."""
        from cardlint.lang.frontend import MAX_CLAUSE_CHARS

        if len(norm) > MAX_CLAUSE_CHARS:  # bad input: no cue-word analysis of a megabyte of text
            return I.ClauseIR(text=seg.text, form=I.FORM_STATEMENT, parsed=False, error=error)
        toks = _fallback_tokens(self, norm)
        ir = _analyse_tokens(toks, seg, parsed=False)
        ir.error = error
        return ir

    def keyword_names(self) -> list[str]:
        return list(_keywords()[0])

    def fallback_keyword(self, text: str) -> I.Keyword | None:
        """(For the cue table kb/fallback/de.yaml, which German uses only to compare: see :meth:`fallback`.)"""
        if not text.startswith(KW_MARK):
            return None
        kid, param = keyword_id(text[1:])
        return I.Keyword(id=kid or "unknown", parameter=param)


#: creature types in parentheses, printed where English writes them before "creature" ("(Kithkin, Geist)")
# (not before a hyphen: "(Eldrazi, Ausgeburt)-Kreaturenspielstein" reads as it did, the compound would not lex)
_SUBTYPE_LIST = re.compile(r"\(([A-ZÄÖÜ][a-zäöüß]+(?:, [A-ZÄÖÜ][a-zäöüß]+)+)\)(?!-)")

_FINITE_AFTER_KEYWORD = re.compile(r"\b(?:erhält|erhalten|ist|sind|hat|haben|kann|wird|kommt)\b")


def _is_keyword(fragment: str) -> bool:
    t = fragment.strip().lower().rstrip(".")
    if not t or len(t) > 200:
        return False
    _, pat = _keywords()
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


# ============================================================================ tokens
@dataclass
class Tok:
    type: str
    value: str
    sub: list = field(default_factory=list)   # relative clause / quoted content (list of Tok)


def _flatten(node) -> list[Tok]:
    out: list[Tok] = []
    if isinstance(node, Token):
        out.append(Tok(node.type, str(node)))
        return out
    if node.data == "relative":
        out.append(Tok("REL", "", _flatten_children(node.children)))
        return out
    if node.data == "quoted":
        out.append(Tok("QUOTED", "", []))
        return out
    if node.data == "paren":
        return out
    if node.data == "mana_cost":
        out.append(Tok("MANA", "".join(str(c) for c in node.children)))
        return out
    if node.data == "segment":
        out.append(Tok("SEGSTART", ""))
    for c in node.children:
        out.extend(_flatten(c))
    return out


def _flatten_children(children) -> list[Tok]:
    out = []
    for c in children:
        out.extend(_flatten(c))
    return out


_UNKNOWN_WORD = re.compile(r"\S+?(?=[\s,.;:\"]|$)")
_NON_SPACE = re.compile(r"\S")


def _fallback_tokens(fe: GermanFrontend, norm: str) -> list[Tok]:
    """Best-effort token list for an unparsed clause: lex with the grammar's terminals; an unknown
    word becomes an UNKNOWN token (only for classification — the clause stays parsed=False).
    The tokens are those of Lark's basic lexer over the same text (a test compares them), read
    from its scanner directly: Lark's token loop cost as much as the matching."""
    lexer = fe.fallback_lexer
    scan = lexer.scanner.match_at
    ignore, callback = lexer.ignore_types, lexer.callback
    toks: list[Tok] = []
    text = norm
    guard = 0
    while text and guard < 400:
        guard += 1
        pos, n = 0, len(text)
        while pos < n:
            res = scan(text, pos, n)
            if res is None:
                break
            value, type_ = res
            if type_ not in ignore:
                if type_ in callback:
                    type_ = callback[type_](Token(type_, value)).type
                toks.append(Tok(_fallback_type(type_, value), value))
            pos += len(value)
        else:
            break
        # no terminal matches at pos: skip the unknown word and lex the rest afresh
        m = _UNKNOWN_WORD.match(text[pos:]) or _NON_SPACE.match(text[pos:])
        end = pos + (m.end() if m else 1)
        toks.append(Tok("UNKNOWN", text[pos:end]))
        text = text[end:]
    return toks


_CLOSED = [(set(W.ARTICLES), "ART"), (set(W.DETERMINERS), "DET"), (set(W.CONJUNCTIONS), "CONJ"),
           (set(W.SUBORDINATORS), "SUB"), (set(W.PREPOSITIONS), "PREP"), (set(W.ADVERBS), "ADV")]


def _fallback_type(ttype: str, value: str) -> str:
    """The word class the cue-word fallback expects for a token of grammar/de.lark."""
    if ttype.startswith(("_W_", "WC_")):
        if value in _VERB_LEMMA:
            return "VERB"
        for words, cls in _CLOSED:
            if value in words:
                return cls
        return "ADV"
    if ttype in ("COMMA", "COMMA_V", "LIST_COMMA", "SEMICOLON"):
        return "SEP"
    if ttype in ("AND_V", "THEN_V", "AND_S"):
        return "CONJ"
    return {"ADJ_BASE": "ADJ", "ADJ_MORPH_BASE": "ADJ_MORPH", "GEN_DET": "ART"}.get(ttype, ttype)


# ============================================================================ clause structure
def _build_clause(clause, seg: Segment, parsed: bool) -> I.ClauseIR:
    data = clause.data if isinstance(clause, Tree) else "body"
    if data == "keyword_line":
        kws = [c for c in clause.children if isinstance(c, Tree) and c.data == "keyword_ability"]
        text = " ".join(str(t) for t in kws[0].scan_values(lambda v: isinstance(v, Token))) if kws else seg.body
        return _keyword_ir(seg, text, parsed)
    toks = _flatten(clause)
    return _analyse_tokens(toks, seg, parsed, data=data)


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


def _analyse_tokens(toks: list[Tok], seg: Segment, parsed: bool, data: str | None = None) -> I.ClauseIR:
    types = [t.type for t in toks]
    if toks and toks[0].type == "KW_MARK":
        text = " ".join(t.value for t in toks[1:])
        return _keyword_ir(seg, text, parsed)
    form = I.FORM_STATEMENT
    costs: list[str] = []
    modal = "BULLET" in types or data in ("modal", "modal_word_clause")
    # activated: "§ cost: effect"
    if toks and toks[0].type == "COST_MARK":
        form = I.FORM_ACTIVATED
        try:
            colon = next(i for i, t in enumerate(toks) if t.type == "COLON")
        except StopIteration:
            colon = 0
        costs = [" ".join(t.value for t in toks[1:colon])]
        toks = toks[colon + 1:]
    elif toks and toks[0].type == "ROMAN":
        form = I.FORM_TRIGGERED
        i = next((k for k, t in enumerate(toks) if t.type == "DASH"), 0)
        toks = toks[i + 1:]
    elif toks and toks[0].type == "WORDS_BEFORE_DASH":
        i = next((k for k, t in enumerate(toks) if t.type == "DASH"), 0)
        toks = toks[i + 1:]
    sentences = _split_sentences(toks)
    effects: list[I.Effect] = []
    trigger = None
    static_spell = False
    for si, sent in enumerate(sentences):
        segs = _split_segments(sent)
        # trigger: the clause's first segment opens with "immer wenn", "wenn", "zu beginn", "am ende"
        if si == 0 and form == I.FORM_STATEMENT and segs:
            first = segs[0]
            trig, rest = _trigger_split(first)
            if trig is not None:
                form = I.FORM_TRIGGERED
                trigger = " ".join(t.value for t in trig)
                segs = ([rest] if rest else []) + segs[1:]
        effs, ss = _analyse_sentence(segs, in_trigger=form == I.FORM_TRIGGERED)
        static_spell = static_spell or ss
        effects.extend(effs)
    return I.ClauseIR(text=seg.text, form=form, parsed=parsed, effects=_dedupe(effects), costs=costs,
                      trigger=trigger, static_spell_ability=static_spell and form == I.FORM_STATEMENT,
                      modal=modal)


def _dedupe(effects: list[I.Effect]) -> list[I.Effect]:
    return effects


def _split_sentences(toks: list[Tok]) -> list[list[Tok]]:
    out, cur = [], []
    for t in toks:
        if t.type in ("END", "BULLET"):
            if cur:
                out.append(cur)
            cur = []
        elif t.type == "DASH" and cur and cur[-1].type in ("NUM", "VERB", "ART", "DET", "CONJ"):
            # "Bestimme eines —" introduces the modes
            out.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        out.append(cur)
    return out


def _split_segments(sent: list[Tok]) -> list[list[Tok]]:
    out, cur = [], []
    for t in sent:
        if t.type in ("SEP", "SEGSTART"):
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        out.append(cur)
    return out


_TRIGGER_SUBS = {"wenn", "sobald", "nachdem"}


def _trigger_split(seg: list[Tok]):
    if not seg:
        return None, seg
    t0 = seg[0]
    if t0.value in ("sobald", "sowie") and any(t.type == "ENTERS_BF" for t in seg):
        return None, seg  # "Sowie/Sobald ~ ins Spiel kommt, …" is "As ~ enters" (a replacement)
    if t0.type == "WHENEVER" or (t0.type == "SUB" and t0.value in _TRIGGER_SUBS):
        # "wenn du dies tust" is a reflexive trigger inside a spell — still a trigger word
        return seg, []
    if t0.type in ("AT_BEGINNING", "AT_END"):
        # "zu beginn deines versorgungssegments verlierst du …": the trigger runs to the first verb
        # "zu beginn des nächsten endsegments" is a delayed trigger (spell text), not the clause form
        nxt = " ".join(t.value for t in seg[1:4])
        if "nächsten" in nxt:
            return None, seg
        for i, t in enumerate(seg[1:], start=1):
            if t.type == "VERB":
                return seg[:i], seg[i:]
        return seg, []
    return None, seg


# ============================================================================ sentence semantics
_CONDITION_SUBS = {"falls", "solange", "wenn", "sofern", "sobald", "während", "nachdem", "bevor", "bis", "da", "weil", "ob"}
_IMPERATIVE_IRREGULAR = {"wirf", "nimm", "zieh", "gib", "sieh", "übernimm", "bring", "lass", "triff", "sprich",
                         "lies", "schau", "stirb", "vergiss", "überspring", "begrab", "wende", "erhalte"}


def _lemma(word: str) -> str:
    return _VERB_LEMMA.get(word, word)


def _is_imperative(word: str) -> bool:
    if word in _IMPERATIVE_IRREGULAR:
        return True
    return word.endswith("e") and not word.endswith(("te", "ate")) or word in ("tausche", "vertausche")


@dataclass
class Pred:
    verb: str | None            # finite verb form
    lemma: str | None
    particle: str | None
    subject: list[Tok]
    rest: list[Tok]
    imperative: bool
    modal: str | None = None


def _analyse_sentence(segs: list[list[Tok]], in_trigger: bool) -> tuple[list[I.Effect], bool]:
    """Effects of one sentence (its comma segments)."""
    # 1. classify segments: conditions (subordinate clauses) vs main clauses
    conditions: list[list[Tok]] = []
    mains: list[list[Tok]] = []
    for s in segs:
        if not s:
            continue
        t0 = s[0]
        if t0.value == "sowie" and any(t.type == "ENTERS_BF" for t in s):
            conditions.append(s)
        elif t0.type in ("SUB", "AS_LONG_AS", "UNLESS", "WHENEVER") and not (t0.value == "bis" and len(s) > 1 and s[1].type == "PREP"):
            conditions.append(s)
        elif t0.type == "CONJ" and len(s) > 1 and s[1].type in ("SUB",):
            conditions.append(s[1:])
        else:
            mains.append(s)
    # 2. merge a verbless main segment (subject + relative clause) with the next one
    merged: list[list[Tok]] = []
    for s in mains:
        if merged and not _has_finite_verb(merged[-1]) and s and s[0].type in ("VERB",):
            merged[-1] = merged[-1] + s
        elif merged and s and s[0].type in ("CONJ", "ADV") and s[0].value in ("und", "oder", "dann") and merged:
            merged.append(s)
        else:
            merged.append(s)
    all_words = [t for s in segs for t in s]
    values = {t.value for t in all_words}
    instead = "stattdessen" in values or any(t.type == "INSTEAD_OF" for t in all_words) and _would(all_words)
    cond_text = " ".join(t.value for c in conditions for t in c)
    condition = None
    duration = None
    for c in conditions:
        v = c[0].value
        if c[0].type == "AS_LONG_AS" or v == "solange":
            condition = I.Condition(kind="as_long_as", text=" ".join(t.value for t in c))
        elif c[0].type == "UNLESS":
            condition = I.Condition(kind="unless", text=" ".join(t.value for t in c))
        elif v in ("falls", "wenn", "sofern"):
            condition = I.Condition(kind="if", text=" ".join(t.value for t in c))
        elif v == "während":
            condition = I.Condition(kind="during", text=" ".join(t.value for t in c))
    effects: list[I.Effect] = []
    # "während ~ ins spiel kommt" (As ~ enters) and "falls … ins spiel kommen würde": replacement
    as_enters = any(c[0].value in ("während", "sowie", "sobald") and any(t.type == "ENTERS_BF" for t in c) and not _would(c)
                    for c in conditions)
    if instead or as_enters or (any(c[0].value == "falls" and _would(c) for c in conditions) and
                                any(_would(c) and any(t.type == "ENTERS_BF" for t in c) for c in conditions)):
        effects.append(I.Effect(kind=I.REPLACEMENT, verb="instead" if instead else "as_enters"))
        if instead or as_enters:
            return effects, False
    static_spell = False
    subject_carry: list[Tok] = []
    for m in merged:
        for pred in _predicates(m, subject_carry):
            if pred.subject:
                subject_carry = pred.subject
            eff = _predicate_effects(pred, condition, in_trigger)
            for e in eff:
                if e.affected is not None and e.affected.is_self and e.kind in (I.RULES, I.CONTINUOUS):
                    static_spell = True
            effects.extend(eff)
    if not effects and conditions and not mains:
        pass
    return effects, static_spell


def _would(toks: list[Tok]) -> bool:
    return any(t.value in ("würde", "würden", "würdest") for t in toks)


def _has_finite_verb(seg: list[Tok]) -> bool:
    return any(t.type == "VERB" for t in seg)


def _predicates(seg: list[Tok], carry: list[Tok]) -> list[Pred]:
    """Split a main segment into predicates ("erhält +1/+1 und hat Flugfähigkeit", "ziehe …,
    dann wirf … ab") and find subject, verb, particle of each."""
    parts: list[list[Tok]] = []
    cur: list[Tok] = []
    seen_verb = False
    for i, t in enumerate(seg):
        nxt = seg[i + 1] if i + 1 < len(seg) else None
        if seen_verb and t.type in ("CONJ", "ADV") and t.value in ("und", "oder", "dann", "danach", "sowie") and nxt is not None \
                and nxt.type == "VERB":
            parts.append(cur)
            cur = []
            seen_verb = False
            continue
        if t.type == "VERB":
            seen_verb = True
        cur.append(t)
    if cur:
        parts.append(cur)
    preds = []
    subject = []
    for k, p in enumerate(parts):
        pred = _read_predicate(p, subject if k else carry if (p and p[0].type == "VERB" and not _is_imperative(p[0].value) and carry) else [])
        if pred.subject:
            subject = pred.subject
        preds.append(pred)
    return preds


def _read_predicate(p: list[Tok], inherited: list[Tok]) -> Pred:
    vi = next((i for i, t in enumerate(p) if t.type == "VERB"), None)
    particle = None
    if p and p[-1].type == "PARTICLE":
        particle = p[-1].value
    if vi is None:
        return Pred(None, None, particle, inherited, p, False)
    verb = p[vi].value
    before = p[:vi]
    after = p[vi + 1:]
    lead_adverbial = bool(before) and all(t.type in ("EOT", "UNTIL_NEXT_TURN", "THIS_TURN", "ADV", "PREP", "ART", "DET", "NOUN",
                                                     "ADJ", "NUM", "DIGITS", "AT_BEGINNING", "AT_END", "FOR_EACH", "CONJ")
                                          for t in before) and before[0].type in ("EOT", "UNTIL_NEXT_TURN", "THIS_TURN", "ADV", "PREP",
                                                                                   "AT_BEGINNING", "AT_END", "FOR_EACH", "CONJ")
    imperative = not before and _is_imperative(verb) and not inherited
    if before and not lead_adverbial:
        subject = before
    elif imperative:
        subject = []
    else:
        # inverted order: subject follows the finite verb ("erhält ~ +1/+1", "kannst du")
        subject = inherited or _first_np(after)
    rest = after
    modal = None
    lem = _lemma(verb)
    if lem in ("können", "müssen", "dürfen", "werden", "sollen") and lem != "werden" or lem in ("können", "müssen", "dürfen"):
        modal = lem
        # the main verb of a modal construction is the last verb (infinitive at the end)
        inner = [t for t in after if t.type == "VERB"]
        if inner:
            verb = inner[-1].value
            lem = _lemma(verb)
    if particle:
        base = lem.split("+")[-1]
        if (particle, base) in W.SEPARABLE:
            lem = particle + "+" + base
    return Pred(verb, lem, particle, subject, rest, imperative, modal)


def _first_np(toks: list[Tok]) -> list[Tok]:
    out: list[Tok] = []
    for t in toks:
        if t.type in ("PRON", "SELF"):
            return [t]
        if t.type in ("ART", "DET", "ADJ", "ADJ_MORPH", "NUM", "DIGITS"):
            out.append(t)
            continue
        if t.type in ("NOUN", "NOUN_MORPH", "COUNTER_NOUN"):
            out.append(t)
            continue
        if t.type in ("TARGET_CHOICE", "REL") and out:
            out.append(t)
            continue
        if out:
            break
        if t.type not in ("EOT", "ADV", "UNTIL_NEXT_TURN"):
            break
    return out


# ---------------------------------------------------------------------------- filters
_TYPE_STEMS = sorted(W.TYPE_STEMS.items(), key=lambda kv: -len(kv[0]))
_COLOR_STEMS = sorted(W.COLORS.items(), key=lambda kv: -len(kv[0]))
_OBJ_AND_PLAYER_NOUNS = list(W.OBJ_NOUNS.items()) + list(W.PLAYER_NOUNS.items())


_ADJ_ENDING = re.compile(r"(?:e|en|em|er|es)$")


@lru_cache(maxsize=8192)
def _fallback_noun(low: str) -> tuple[tuple[str, ...], str | None]:
    """The types whose stems a noun word contains (in table order) and the object noun its ending
    names last, for :func:`_filter` — per word: the tables are scanned for every noun."""
    types = tuple(typ for stem, typ in _TYPE_STEMS if stem in low)
    noun = None
    for stem, n in _OBJ_AND_PLAYER_NOUNS:
        if low.endswith(stem) or low.endswith(stem + "n") or low.endswith(stem + "en") or low.endswith(stem + "s"):
            noun = n
    return types, noun


def _filter(np: list[Tok]) -> I.Filter:
    f = I.Filter()
    for t in np:
        v = t.value
        if t.type == "SELF" or v in ("~",):
            f.ref = "self"
        elif t.type == "PRON":
            if v in ("du", "dich", "dir"):
                f.ref = "you"
            elif v in ("er", "sie", "es", "ihn", "ihm", "ihnen"):
                f.ref = "it" if f.ref == "object" else f.ref
        elif t.type == "TARGET_CHOICE":
            f.quantifier = "target"
        elif t.type == "DET":
            if v.startswith(("jede", "alle")):
                f.quantifier = f.quantifier or "each"
            elif v.startswith("dies") and f.ref == "object":
                f.ref = "this"
        elif t.type in ("ADJ", "ADJ_MORPH"):
            stem = _ADJ_ENDING.sub("", v)
            if stem.startswith("verzaubert"):
                f.attached = "enchanted"
            elif stem.startswith("ausgerüstet"):
                f.attached = "equipped"
            elif stem.startswith(("ander", "weiter")):
                f.other = True
            for c, code in _COLOR_STEMS:
                if stem.startswith(c):
                    f.colors.append(code)
                    break
                if stem.startswith("nicht" + c) or stem.startswith("nicht-" + c):
                    f.excluded.append(code)
                    break
        elif t.type in ("NOUN", "NOUN_MORPH"):
            low = v
            if low.startswith("nicht"):
                f.excluded.append(low[5:].lstrip("-"))
                continue
            types, noun = _fallback_noun(low)
            for typ in types:
                if typ not in f.types:
                    f.types.append(typ)
            if noun is not None:
                f.noun = noun
            if f.noun is None and f.types:
                f.noun = f.types[-1]
        elif t.type == "REL":
            words = " ".join(x.value for x in t.sub)
            if "du kontrollierst" in words:
                f.controller = "you"
            elif "kontrolliert" in words or "kontrollieren" in words:
                f.controller = "opponent" if "gegner" in words else "any"
    if f.ref == "this":
        f.ref = "self" if (f.types or f.noun) else "object"
    return f


# ---------------------------------------------------------------------------- predicates → effects
_ABILITY_NOUNS = ("fähigkeit", "fähigkeiten")


def _kw_or_quote(toks: list[Tok]) -> bool:
    return any(t.type in ("KW", "QUOTED") for t in toks) or any(
        t.type in ("NOUN", "NOUN_MORPH") and t.value.endswith(("fähigkeit", "fähigkeiten")) for t in toks)


def _duration(toks: list[Tok]) -> str | None:
    for t in toks:
        if t.type == "EOT":
            return "until_eot"
        if t.type == "UNTIL_NEXT_TURN":
            return "until_next_turn"
    return None


def _cont(mods, affected, duration, condition) -> I.Effect:
    return I.Effect(kind=I.CONTINUOUS, affected=affected, modifications=mods, duration=duration, condition=condition)


def _predicate_effects(p: Pred, condition: I.Condition | None, in_trigger: bool) -> list[I.Effect]:
    rest = p.rest
    words = [t for t in rest if t.type != "REL"]
    vals = [t.value for t in words]
    types = [t.type for t in words]
    subj = _filter(p.subject) if p.subject else I.Filter(ref="you") if p.imperative else None
    subj_words = " ".join(t.value for t in p.subject)
    dur = _duration(p.subject + rest)
    lem = p.lemma or ""
    en = W.english_lemma(lem) if lem else None
    has_pt = "PT" in types
    neg = "nicht" in vals or any(v.startswith("kein") for v in vals) or "nicht" in subj_words.split()
    player_subject = subj is not None and (subj.ref == "you" or subj.noun in ("player", "opponent"))
    out: list[I.Effect] = []

    if p.verb is None:
        return out
    # -- prevention
    if lem in ("verhindern",):
        return [I.Effect(kind=I.PREVENTION, verb="prevent", duration=dur)]
    # -- skip
    if lem in ("überspringen", "übergehen"):
        return [I.Effect(kind=I.REPLACEMENT, verb="skip", affected=subj)]
    # -- restrictions and permissions: "kann nicht angreifen", "kann nicht neutralisiert werden"
    if p.modal in ("können", "dürfen", "müssen"):
        if neg or "nur" in vals or p.modal == "müssen" or "AS_THOUGH" in types:
            return [I.Effect(kind=I.RULES, verb=en, affected=subj, duration=dur, condition=condition)]
        if not in_trigger and lem in ("wirken", "spielen", "aktivieren", "blocken", "angreifen", "an+greifen") and not p.imperative:
            return [I.Effect(kind=I.RULES, verb=en, affected=subj, duration=dur, condition=condition)]
    if lem == "kosten" or (lem == "kosten" and ("mehr" in vals or "weniger" in vals)):
        return [I.Effect(kind=I.RULES, verb="cost", affected=subj, condition=condition)]
    # -- "… als Kopie … ins Spiel kommen lassen" (enter as a copy)
    if "ENTERS_BF" in types and "kopie" in vals and lem in ("lassen", "kommen"):
        return [I.Effect(kind=I.REPLACEMENT, verb="enter", affected=subj),
                _cont([I.Modification(I.COPY, op="set")], subj, None, condition)]
    # -- enters tapped / with counters / as a copy
    if lem == "kommen" and "ENTERS_BF" in types:
        if "getappt" in vals or "mit" in vals or "als" in vals or "verdeckt" in vals:
            out.append(I.Effect(kind=I.REPLACEMENT, verb="enter", affected=subj))
            if "kopie" in vals:
                out.append(_cont([I.Modification(I.COPY, op="set")], subj, None, condition))
            if "verdeckt" in vals:
                out.append(_cont([I.Modification(I.FACE_DOWN, op="set")], subj, None, condition))
            return out
        return [I.Effect(kind=I.ONE_SHOT, verb="enter", affected=subj)]
    # -- P/T modify, abilities: erhalten
    if lem in ("erhalten",) and not (p.particle == "dazu"):
        mods = []
        if has_pt:
            pt = next(t.value for t in words if t.type == "PT")
            per = I.Filter() if "FOR_EACH" in types else None
            mods.append(I.Modification(I.PT_MODIFY, op="modify", value=pt, per=per))
        if _kw_or_quote(words):
            mods.append(I.Modification(I.ABILITIES, op="add", value=[t.value for t in words if t.type == "KW"]))
        if "kontrolle" in vals:
            mods.append(I.Modification(I.CONTROL, op="gain"))
        if mods:
            if player_subject and not has_pt and not "kontrolle" in vals:
                return [I.Effect(kind=I.RULES, verb="have", affected=subj, duration=dur, condition=condition)]
            return [_cont(mods, subj, dur, condition)]
        return [I.Effect(kind=I.ONE_SHOT, verb="get", affected=subj)]
    # -- verursacht Trampelschaden (older grant wording)
    if lem == "verursachen" and any(t.type == "KW" or t.value in ("trampelschaden", "furcht") for t in words):
        return [_cont([I.Modification(I.ABILITIES, op="add")], subj, dur, condition)]
    # -- haben
    if lem == "haben" and p.modal is None:
        mods = []
        if "BASE_PT" in types:
            mods.append(I.Modification(I.PT_SET, op="set", value=next((t.value for t in words if t.type == "PT"), None)))
        elif "PT_BOTH" in types and ("gleich" in vals or "IN_AMOUNT" in types or "NUMBER_OF" in types):
            mods.append(I.Modification(I.PT_DEFINE, op="set", defining=True))
        if "IN_ADDITION" in types or any(v.startswith("kreaturentyp") for v in vals) and "alle" not in vals:
            mods.append(I.Modification(I.TYPES, op="add"))
        elif "alle" in vals and any(v.startswith("kreaturentyp") for v in vals):
            mods.append(I.Modification(I.TYPES, op="all_creature_types"))
        elif "alle" in vals and any(v.startswith("farbe") for v in vals):
            mods.append(I.Modification(I.COLORS, op="set", value=["W", "U", "B", "R", "G"]))
        elif _kw_or_quote(words):
            if player_subject:
                return [I.Effect(kind=I.RULES, verb="have", affected=subj, duration=dur, condition=condition)]
            mods.append(I.Modification(I.ABILITIES, op="add"))
        if mods:
            return [_cont(mods, subj, dur, condition)]
        return [I.Effect(kind=I.RULES, verb="have", affected=subj, duration=dur, condition=condition)]
    # -- verlieren
    if lem == "verlieren":
        if _kw_or_quote(words) or any(v.startswith("fähigkeit") for v in vals):
            return [_cont([I.Modification(I.ABILITIES, op="remove")], subj, dur, condition)]
        if any(v.endswith(("typen", "kartentypen")) for v in vals):
            return [_cont([I.Modification(I.TYPES, op="remove")], subj, dur, condition)]
        return [I.Effect(kind=I.ONE_SHOT, verb="lose", affected=subj)]
    # -- sein: P/T defined, colours, types
    if lem in ("sein", "betragen", "entsprechen") and p.modal is None:
        pt_subject = "PT_BOTH" in [t.type for t in p.subject] or any(t.value in ("stärke", "widerstandskraft") for t in p.subject)
        if pt_subject or ("PT_BOTH" in types and ("gleich" in vals or "IN_AMOUNT" in types)):
            aff = subj
            if any(t.type == "SELF" for t in p.subject + words[:3]) or any(t.value in ("seine", "ihre", "deren", "dessen") for t in p.subject):
                aff = I.Filter(ref="self") if any(t.type == "SELF" for t in p.subject + words[:4]) else aff
            return [_cont([I.Modification(I.PT_DEFINE, op="set", defining=True)], aff, dur, condition)]
        mods = []
        add = "IN_ADDITION" in types or "zusätzlich" in vals
        if any(t.type == "ADJ" and _color_of(t.value) for t in words):
            mods.append(I.Modification(I.COLORS, op="add" if add else "set",
                                       value=[_color_of(t.value) for t in words if t.type == "ADJ" and _color_of(t.value)]))
        nouns = [t for t in words if t.type in ("NOUN",)]
        if nouns and not any(t.value in ("offen",) for t in words):
            f = _filter(nouns)
            if f.types or f.subtypes or (nouns and not f.noun):
                mods.append(I.Modification(I.TYPES, op="add" if add else "set", value=f.types))
        if has_pt:
            mods.append(I.Modification(I.PT_SET, op="set", value=next(t.value for t in words if t.type == "PT")))
        if mods:
            return [_cont(mods, subj, dur, condition)]
        return [I.Effect(kind=I.RULES, verb="be", affected=subj, duration=dur, condition=condition)]
    # -- werden: becomes / passive
    if lem == "werden":
        if "zu" in vals or "zur" in vals or "zum" in vals or any(t.type == "ADJ" and _color_of(t.value) for t in words):
            mods = []
            if "kopie" in vals:
                return [_cont([I.Modification(I.COPY, op="set")], subj, dur, condition)]
            nouns = [t for t in words if t.type == "NOUN"]
            f = _filter(nouns) if nouns else I.Filter()
            if f.types or (nouns and f.noun is None):
                mods.append(I.Modification(I.TYPES, op="add" if "IN_ADDITION" in types else "set", value=f.types))
            cols = [_color_of(t.value) for t in words if t.type == "ADJ" and _color_of(t.value)]
            if cols:
                mods.append(I.Modification(I.COLORS, op="set", value=cols))
            if _kw_or_quote(words):
                mods.append(I.Modification(I.ABILITIES, op="add"))
            if has_pt:
                mods.append(I.Modification(I.PT_SET, op="set", value=next(t.value for t in words if t.type == "PT")))
            if mods:
                return [_cont(mods, subj, dur, condition)]
        # passive ("wird zerstört"): the participle's verb decides
        inner = [t for t in words if t.type == "VERB"]
        if inner:
            l2 = _lemma(inner[-1].value)
            return [I.Effect(kind=I.ONE_SHOT, verb=W.english_lemma(l2), affected=subj)]
        return [I.Effect(kind=I.ONE_SHOT, verb="become", affected=subj)]
    # -- control
    if lem == "kontrollieren" and [t.value for t in p.subject] == ["du"] and not neg and "wie" not in vals:
        return [_cont([I.Modification(I.CONTROL, op="gain")], _filter(words), dur, condition)]
    if lem == "übernehmen" or (lem in ("tauschen", "aus+tauschen", "vertauschen") and "kontrolle" in vals):
        return [_cont([I.Modification(I.CONTROL, op="gain" if lem == "übernehmen" else "exchange")],
                      _filter(words), dur, condition)]
    if lem in ("tauschen", "vertauschen", "aus+tauschen") and ("PT_BOTH" in types or "stärke" in vals):
        return [_cont([I.Modification(I.PT_SWITCH, op="switch")], _filter(words), dur, condition)]
    # -- text change: "verändere den Text … , indem du … ersetzt"
    if lem in ("verändern", "ändern") and "text" in vals:
        return [_cont([I.Modification(I.TEXT, op="set")], _filter(words), dur, condition)]
    # -- face down
    if lem in ("manifestieren", "verdecken") or (lem in ("drehen",) and "verdeckt" in vals):
        return [_cont([I.Modification(I.FACE_DOWN, op="set")], _filter(words), dur, condition)]
    # -- playing as though / static negated actions ("enttappt nicht während …")
    if "AS_THOUGH" in types:
        return [I.Effect(kind=I.RULES, verb=en, affected=subj, condition=condition)]
    if neg and not p.imperative and not in_trigger and lem not in ("zerstören",):
        return [I.Effect(kind=I.RULES, verb=en, affected=subj, condition=condition)]
    # -- everything else: a one-shot action
    return [I.Effect(kind=I.ONE_SHOT, verb=en, affected=subj if not p.imperative else None,
                     objects=[_filter(words)] if words else [], duration=dur, condition=condition)]


def _color_of(word: str) -> str | None:
    stem = _ADJ_ENDING.sub("", word)
    for c, code in _COLOR_STEMS:
        if stem == c:
            return code
    return None
