"""English surface normalisation before the grammar: case, self-reference, possessives, the cost marker."""

from __future__ import annotations

import re

from cardlint.lang.en.old_wordings import modern_wording, printed_symbols
from cardlint.text.selfref import name_variants, replace_names
from cardlint.vocab import color_words, english_subtype_words

COST_MARK = "§"

# "this creature", "this permanent" … are self-reference; the grammar also accepts them, but
# rewriting here keeps one SELF token for the IR builder.
_THIS_SELF = re.compile(
    r"\bthis (?:creature|permanent|artifact|enchantment|land|planeswalker|card|spell|equipment|aura|"
    r"vehicle|saga|battle|token|class|siege|case|room|emblem|dungeon|scheme|plane|conspiracy)\b")
_CONTRACTION = re.compile(r"\b(it|that|there|he|she|what)'s\b")
_HAVE_CONTRACTION = re.compile(r"\b(you|they|we|i)'ve\b")
_ARE_CONTRACTION = re.compile(r"\b(you|they|we)'re\b")
_POSSESSIVE = re.compile(r"(?<=[\w~])'s\b")
_PLURAL_POSSESSIVE = re.compile(r"(?<=s)'(?=\s)")
_SPACE_DASH = re.compile(r"\s*[—–]\s*")
_QUOTED = re.compile(r'"[^"]*"')
# 'with "… graveyard." It's still a land.': the quoted ability's period also ends the outer
# sentence when a new sentence (a capital) follows; write it outside the quotes
_QUOTE_ENDS_SENTENCE = re.compile(r'\."(?=\s+[A-Z~])')



#: the rewrites after the name replacement depend on the text alone, and a corpus repeats many
#: clause texts word for word ("Flying", "When ~ enters, draw a card."): the most recent ones
#: are kept (oldest dropped first)
_REWRITTEN: dict[str, str] = {}
_REWRITTEN_MAX = 8192


#: old printings spell the ligature ("Æther") where the card's name is written "Aether", or the
#: other way round: one spelling on both sides, so the name is still found
_LIGATURE = str.maketrans({"Æ": "Ae", "æ": "ae"})


def normalize_en(body: str, name: str | None) -> str:
    if not body.isascii():
        body = body.translate(_LIGATURE)
    if name and not name.isascii():
        name = name.translate(_LIGATURE)
    text = replace_names(body, name_variants(name))
    if name and " " in name:
        text = _first_name_self(text, name)
    done = _REWRITTEN.get(text)
    if done is None:
        done = _rewrite(text)
        if len(_REWRITTEN) >= _REWRITTEN_MAX:
            del _REWRITTEN[next(iter(_REWRITTEN))]
        _REWRITTEN[text] = done
    return done


# hen2: a legendary creature's text names it by its first name alone ("you control Hivis and Hivis
# remains tapped" on Hivis of the Scale): that word is self-reference when it is capitalised in running
# text (after a lower-case word) and is not a type, a colour, another name ("Blaring Captain") or a
# token's name ("named Hornet")
_NOT_FIRST_NAME_AFTER = frozenset({"named", "the", "a", "an", "with", "from"})
_NOT_FIRST_NAME_BEFORE = frozenset({"token", "tokens", "creature", "creatures", "card", "cards"})


def _first_name_self(text: str, name: str) -> str:
    for part in name.split(" // "):
        first = part.split(",", 1)[0].split(" ", 1)[0]
        if (len(first) < 3 or first == part or not first[0].isupper() or first.endswith("'s")
                or first not in text or not _may_be_first_name(first.lower())):
            continue
        text = _replace_first_name(text, first)
    return text


def _may_be_first_name(word: str) -> bool:
    return word not in english_subtype_words() and word not in color_words()


def _replace_first_name(text: str, first: str) -> str:
    out, last = [], 0
    for m in re.finditer(r"(?<![\w'-])" + re.escape(first) + r"(?![\w-])", text):
        before = text[:m.start()].rstrip()
        prev = before.rsplit(None, 1)[-1] if before else ""
        after = text[m.end():].lstrip(" ")
        nxt = after.split(None, 1)[0].strip(".,:;") if after else ""
        # never at a sentence's start, where a capital says nothing ("Return target …" on Return to Battle)
        if not prev.islower() or prev in _NOT_FIRST_NAME_AFTER:
            continue
        if nxt[:1].isupper() or nxt in _NOT_FIRST_NAME_BEFORE or before.count("(") > before.count(")"):
            continue
        out.append(text[last:m.start()] + "~")
        last = m.end()
    return "".join(out) + text[last:] if out else text


def _rewrite(text: str) -> str:
    text = modern_wording(plain_surface(text))
    text = mark_costs(text)
    text = mark_lead_commas(text)
    return " ".join(text.split())  # one space per whitespace run (str.split and re's \s agree)


def plain_surface(text: str) -> str:
    """The clause (its name already "~") lower-cased, with printed mana symbols, "this creature",
    contractions, possessives and dashes written one way: what the old-wording rules
    (:mod:`cardlint.lang.en.old_wordings`) read."""
    # each rewrite needs a character or word that most clauses lack: test for it first
    if '."' in text:
        text = _QUOTE_ENDS_SENTENCE.sub('".', text)
    text = printed_symbols(text)
    text = text.lower()
    if "this " in text:
        text = _THIS_SELF.sub("~", text)
    if "'" in text:
        text = _CONTRACTION.sub(lambda m: m.group(1) + " is", text)
        text = _HAVE_CONTRACTION.sub(lambda m: m.group(1) + " have", text)
        text = _ARE_CONTRACTION.sub(lambda m: m.group(1) + " are", text)
        text = _POSSESSIVE.sub(" 's", text)
        text = _PLURAL_POSSESSIVE.sub(" 's", text)
    if "—" in text or "–" in text:
        text = _SPACE_DASH.sub(" — ", text)
    return text.replace("−", "-")


def _colon_outside_quotes(text: str) -> int:
    if '"' not in text:
        return text.find(":")
    depth = False
    for i, ch in enumerate(text):
        if ch == '"':
            depth = not depth
        elif ch == ":" and not depth:
            return i
    return -1


_ABILITY_WORD = re.compile(r"\s*[a-z][a-z' ]*\s—\s")


def mark_costs(text: str) -> str:
    """Prefix "§" to an activated ability ("cost: effect"), also inside quoted abilities, so the
    LALR parser knows at the first token that a cost list follows."""
    def mark(segment: str) -> str:
        colon = _colon_outside_quotes(segment)
        if colon > 0 and not segment.lstrip().startswith(("choose", "•")):
            head = segment[:colon]
            # an ability word before the cost ("channel — {1}{g}, discard ~: …") stays in front
            aw = _ABILITY_WORD.match(head)
            if aw and "." not in head:
                return segment[:aw.end()] + COST_MARK + " " + segment[aw.end():]
            # ability words and chapter numbers use "—", never ":"; a colon after a sentence
            # end is not a cost ("… named x: …" does not occur in rules text)
            if "." not in head:
                lead = len(segment) - len(segment.lstrip())
                return segment[:lead] + COST_MARK + " " + segment[lead:]
        return segment

    if ":" not in text:
        return text
    out = mark(text)
    if '"' not in out:
        return out
    return _QUOTED.sub(lambda m: '"' + mark(m.group(0)[1:-1]) + '"', out)


LEAD_COMMA = "⸴"
_LEADS = re.compile(
    r"(?:when|whenever|at|if|as long as|for as long as|until|during|for each|as|unless|each time|after|"
    r"otherwise|then if|once|this turn|instead|in addition|at the beginning|if you do|so long as|"
    # h18c: "the next time … would …, …" (a one-use shield), "starting with you, each player …"
    r"the next time|starting with you)\b")
_SENTENCE_START = re.compile(r'(^|[.:•"—]\s*|§\s*)')


_LEAD_EVENTS = re.compile(r'[",.:•—]')
_NON_SPACE = re.compile(r"\S")


def mark_lead_commas(text: str) -> str:
    """Write "⸴" for the comma that closes a leading subordinate part of a sentence ("When …,",
    "If …,", "As long as …,", "Until end of turn,"), repeatedly ("At …, if …, …").

    A sentence starts at the beginning, after a quote mark, after ".:•—" (not a decimal point)
    and after such a comma; whether it leads is decided at its first non-space character."""
    if "," not in text:
        return text

    def leads(i: int) -> bool:
        m = _NON_SPACE.search(text, i)
        return m is not None and _LEADS.match(text, m.start()) is not None

    out = []
    last = 0
    lead_open = leads(0)
    for m in _LEAD_EVENTS.finditer(text):
        i = m.start()
        ch = text[i]
        if ch == ",":
            if lead_open:
                out.append(text[last:i])
                out.append(" " + LEAD_COMMA)
                last = i + 1
                lead_open = leads(i + 1)  # "At …, if …, …": the next part may lead again
            continue
        if ch == "." and i + 1 < len(text) and text[i + 1].isdigit():
            continue
        lead_open = leads(i + 1)
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
