"""Put back line breaks a translated text lost.

Some printed translations in the corpora (Gatherer/MTGJSON) lost line breaks between abilities:
"飛行あなたの対戦相手が…", "…与える。フラッシュバック {G} （…）", "…ins Spiel.Falls zu Beginn …".
A glued line then reads as one clause (or as a different one), and the English clauses on either
side of the lost break look missing.  This is a fault of the text, not of the translation.

Only candidates are found here — after a sentence or reminder end followed directly by more text,
and after a keyword (or keyword list) that opens a line and is followed directly by more text.
Whether a candidate really is a lost break is decided by the caller, by parsing: a split is kept
only when it makes the translation compare better with the English.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: a sentence or reminder end with more text right after it, with or without a space, as the lines
#: were joined (Latin: a full stop before a capital or a mana symbol)
_SENTENCE_END = re.compile(r"(?:[。）](?=\s*[^\s)）」。、，,.;:：])|\)(?=[^\s)）」。、，,.;:：])|\.\s*(?=[A-ZÄÖÜ{]))")
#: keyword-list separators inside one line
_LIST_SEP = r"(?:\s*[、，,]\s*|\s+)"
MAX_CANDIDATES = 8
#: what may follow a keyword inside a sentence, so that it is no lost break: Japanese particles and
#: inflections ("エンチャントされている", "飛行を持つ"), Chinese "的"/"异能" ("飞行异能"); in Latin
#: scripts anything but a capital ("Fliegende" is one word, "FliegendLandung" two lines)
_CONTINUATION = {"ja": re.compile(r"[をのがはにでとやかもへさしすせだなられよまっ・]"),
                 "zh-Hans": re.compile(r"[的之异、]")}
_LATIN_CONTINUATION = re.compile(r"[^A-ZÄÖÜ]")
#: a keyword's own parameter or list separator follows: "蘇生{1}{R}", "Aussetzen 3—{W}", "飛行、速攻"
_PARAMETER = re.compile(r"[、，,（(\[{0-9０-９Xx―—~～\-:：]")


def _continues(rest: str, lang: str) -> bool:
    return bool(_CONTINUATION.get(lang, _LATIN_CONTINUATION).match(rest))


@lru_cache(maxsize=8)
def _keyword_re(lang: str) -> re.Pattern | None:
    try:
        from cardlint.kb import keyword_names

        names = sorted(keyword_names(lang), key=len, reverse=True)
    except Exception:  # a broken kb only loses this repair
        return None
    names = [n for n in names if len(n) >= 2]
    if not names:
        return None
    alt = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?:{alt})", re.IGNORECASE)


def _keyword_run_ends(line: str, lang: str) -> list[int]:
    """Ends of the keywords of a keyword list opening ``line``, when more text follows directly."""
    kw = _keyword_re(lang)
    if kw is None:
        return []
    out, pos = [], 0
    while True:
        m = kw.match(line, pos)
        if not m:
            break
        end = m.end()
        rest = line[end:]
        if rest and not rest[0].isspace() and not _PARAMETER.match(rest) and not _continues(rest, lang):
            out.append(end)
        sep = re.match(_LIST_SEP, rest)
        if not sep:
            break
        pos = end + sep.end()
    return out


def _depths(line: str) -> list[int]:
    """Bracket depth before each position: no break is lost inside a reminder or a quotation."""
    out, depth = [], 0
    for ch in line:
        out.append(depth)
        if ch in "(（「“":
            depth += 1
        elif ch in ")）」”" and depth:
            depth -= 1
    out.append(depth)
    return out


def split_candidates(text: str, lang: str) -> list[str]:
    """Texts with one more line break than ``text``, each at one candidate lost break."""
    out: list[str] = []
    offset = 0
    for line in text.split("\n"):
        if len(out) >= MAX_CANDIDATES:   # each candidate copies the text: stop at the cap, not after it
            break
        if not line.strip():
            offset += len(line) + 1
            continue
        cuts = set(_keyword_run_ends(line, lang))
        cuts.update(m.end() for m in _SENTENCE_END.finditer(line))
        depth = _depths(line)
        for cut in sorted(c for c in cuts if 0 < c < len(line) and depth[c] == 0):
            at = offset + cut
            out.append(text[:at] + "\n" + text[at:].lstrip())
        offset += len(line) + 1
    return out[:MAX_CANDIDATES]
