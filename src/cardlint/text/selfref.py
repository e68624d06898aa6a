"""Self-reference: a card's own name (and its shortened legendary name) becomes the SELF token "~".

Only the name given as input is used: nothing is ever looked up by card name.
"""

from __future__ import annotations

import re

SELF = "~"


def name_variants(name: str | None) -> list[str]:
    """The full name, the face names of a split/double-faced name, and the legendary short name
    ("Name, the Epithet" → "Name")."""
    if not name:
        return []
    names = []
    for part in re.split(r"\s*//\s*", name.strip()):
        if part:
            names.append(part)
            if "," in part:
                short = part.split(",", 1)[0].strip()
                if len(short) >= 3:
                    names.append(short)
            elif " of " in part or " the " in part:
                pass
    # longest first so the full name wins over the short name
    return sorted(set(names), key=len, reverse=True)


def replace_names(text: str, names: list[str], flags=re.IGNORECASE) -> str:
    for n in names:
        if not n.strip():
            continue
        pattern = r"(?<![\w])" + re.escape(n) + r"(?![\w])"
        text = re.sub(pattern, SELF, text, flags=flags)
    text = re.sub(r"\bCARDNAME\b", SELF, text)
    return text
