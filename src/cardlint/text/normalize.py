"""Language-independent normalisation applied before any grammar sees the text."""

from __future__ import annotations

import re
import unicodedata

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'",
                         "‚": "'", "−": "-", "–": "-", "‑": "-"})

#: Reminder text in ASCII or full-width parentheses (nesting is rare; one level is handled).
#: A parenthesised list of two or more capitalised words ("zu einem (Mensch, Krieger)", German printings
#: of the Lorwyn era) is a subtype list, not reminder text.
REMINDER_RE = re.compile(r"\s*(?!\([A-ZÄÖÜ][\w\-]*(?:, [A-ZÄÖÜ][\w\-]*)+\))"
                         r"[(（](?:[^()（）]|[(（][^()（）]*[)）])*[)）]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")


def nfkc(text: str) -> str:
    """NFKC (＋１/＋１ → +1/+1), straight quotes, ASCII minus; control characters dropped.

    The em dash and bullet survive NFKC and stay: they are structural ("Choose one —", "•").
    """
    if not text.isascii():  # ASCII is NFKC already, and the quotes table maps no ASCII
        text = unicodedata.normalize("NFKC", text)
        text = text.translate(_QUOTES)
    return _CONTROL.sub(" ", text)


def strip_reminder(text: str) -> str:
    if "(" not in text and "（" not in text:
        return text.strip()
    return REMINDER_RE.sub("", text).strip()


def squash(text: str) -> str:
    # ``_WS.sub(" ", text).strip()``: str.split() and the regex's \s are the same Unicode whitespace
    return " ".join(text.split())


def is_reminder_only(paragraph: str) -> bool:
    p = paragraph.strip()
    if "(" not in p and "（" not in p:
        return False
    return bool(p) and not strip_reminder(p) and bool(REMINDER_RE.search(p))
