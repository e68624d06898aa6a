"""Chinese printed lines that lost their line breaks: where one line holds several abilities.

Some zh-Hans printings run abilities together on one line: "飞行当~进战场时,…" (a keyword, then a
triggered ability), "先攻铭勇1(…)每当…" (two keywords, then an ability), "…。{5},{T},牺牲~:…"
(sentences, then an activated ability), "…。地落—每当…" (then an ability word), "…。佩带{3}" (then a
keyword).  :func:`glued_parts` finds the cuts the wording proves, and only those:

- after keywords opening the line, when what follows is another keyword, the keyword's reminder
  text, a trigger ("当", "每当", "在…时,"), an attached-object subject ("所结附的"), an activated
  ability's cost, an ability word or the card's name;
- after a "。" (and the reminder text after it) or a quoted ability's "」", when an activated or
  loyalty ability's cost ("{T}:", "牺牲~:", "-3:"), an ability word ("地落—"), keywords with their
  parameters only ("…。践踏摄食(…)", one part each), or "当<this card>进战场时," follows.

A protection keyword ("反蓝保护") counts as a keyword name.

Other triggers after a "。" are no cut: a reflexive or delayed trigger ("当你如此作时", "每当该生物本
回合…时") continues its ability.  Nor is a cut inside reminder text whose parentheses the printing
garbled (a ")" without its "(" follows).
"""

from __future__ import annotations

import re

from cardlint.lang.zh.keywords import PROTECTION, keyword_index
from cardlint.text.quotes import chars_outside

#: starts of a new ability that no noun phrase or keyword parameter continues into
_STRONG_START = re.compile(
    r"每当|当(?![成作中])|在[^,。:「」()]{1,30}?时,|于[^,。:「」()在当]{1,30}?时,"
    r"|所结附的|由所结附之|所结附之|受此结界|被此结界|佩带此武具的|装备此武具的")
#: sentence starts that only count right after a bare keyword ("闪现由你操控的生物得+2/+2"); after a
#: parameter ("结附于由你操控的生物") they continue the parameter
_WEAK_START = re.compile(r"由你操控的|由对手操控的|你可以|你每|你操控|只要|如果|若|防止|每有|其他|所有|每个|每位|此生物|此牌")
#: an ability word: a short Hanzi run and a dash ("地落—", "命悬一刻~"); "选择一项—" opens modes
_ABILITY_WORD = re.compile(r"(?!选择)[\u4e00-\u9fff]{2,6}[~—]")
#: one item of an activated ability's cost
_COST_ITEM = (r"(?:\{[^{}]+\})+|[+\-−]?(?:\d+|X)|\[[+\-−]?(?:\d+|X)\]"
              r"|(?:牺牲|弃掉|弃|横置|重置|支付|移去|移除|从|将|放逐|展示|耗竭|在|派出)[^,:。「」()]{1,40}"
              r"|[\u4e00-\u9fff]{2,6}[~—](?:\{[^{}]+\})+")
_COST = re.compile(rf"(?:{_COST_ITEM})(?:(?:,并|,|并)(?:{_COST_ITEM}))*")
#: what a keyword may carry: a number ("铭勇1"), a mana cost ("佩带{3}"), a dashed cost ("延缓3—{1}{U}",
#: "佩带~牺牲一个生物")
_NUMBER = re.compile(r"\d+|X")
_MANA = re.compile(r"(?:\{[^{}]+\})+")
_DASHED = re.compile(r"[~—][^。:「」()]{1,40}")
_KEYWORD_TAIL = re.compile(r"(?:\d+|X)?(?:[~—]?(?:\{[^{}]+\})+(?:和/或(?:\{[^{}]+\})+)?|[~—][^。:「」()]{1,40})?。?")
_PAREN = re.compile(r"\s*[(（](?:[^()（）]|[(（][^()（）]*[)）])*[)）]")
#: the characters that end sentences or open and close quotes and reminder texts
_STRUCTURE = re.compile(r"[「」()（）。]")
#: spaces, and the HTML left in some printings ("…异能。&gt;(…)佩带{2}")
_SPACE_OR_MARKUP = re.compile(r"(?:\s|&gt;|>)*")
_SEPARATOR = ",，、"
#: a character that continues the text before it, never starts an ability
_NOT_A_START = "。,，、;；:的之"
_SELF_ENTERS = re.compile(r"(?:进战场|进入战场|进场)时,")
#: a step trigger that recurs ("在每个维持开始时,", "在你的结束步骤开始时,"): a new ability after a "。"; a
#: delayed one names the next step ("在你的下一个维持开始时")
_EVERY_STEP = re.compile(r"在(?:每个|你的|每位对手的|每位牌手的)(?!下一)[^,。:「」]{0,8}?(?:维持|步骤|战斗)开始时,")
#: the card types an enchant parameter names last ("于生物", "于由你操控的永久物")
_TYPE_END = re.compile(r"(?:生物|永久物|神器|结界|地|牌手|鹏洛客|武具|牌)$")
#: the longest enchant parameter tried ("结附于上面已结附其他灵气的生物" stays one keyword)
_MAX_PARAM = 16
#: the longest keyword (with reminder text) printed last on a line
_MAX_TAIL = 400


def _keyword_at(text: str, pos: int) -> str | None:
    """The longest kb keyword name at ``pos`` (or a protection keyword)."""
    names, lengths = keyword_index()
    for k in lengths:
        word = text[pos:pos + k]
        if len(word) == k and word in names:
            return word
    # protection: its name holds its quality ("反蓝保护", "反白与反黑保护")
    m = PROTECTION.match(text, pos) if text.startswith("反", pos) else None
    return m.group() if m else None


def _skip_reminders(text: str, pos: int) -> tuple[int, bool]:
    """The position after the spaces, stray markup and parenthesised reminder texts at ``pos``;
    whether there was reminder text."""
    had = False
    while True:
        pos = _SPACE_OR_MARKUP.match(text, pos).end()
        m = _PAREN.match(text, pos)
        if not m:
            break
        pos, had = m.end(), True
    return pos, had


def _outside(text: str):
    """(index, character) of the characters outside 「」 quotes and parentheses."""
    return chars_outside(text, "「(（", "」)）")


class _Garbled:
    """Is ``text[pos:]`` followed by a ")" without its "("?  Then ``pos`` is inside a reminder text
    whose parentheses the printing garbled ("风暴(…复制一次。)你可以…目标。)"), no ability boundary.
    The table (suffix minima of the bracket depth) is built on the first question only: most lines
    have no candidate cut."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.table: list[bool] | None = None

    def __getitem__(self, pos: int) -> bool:
        if self.table is None:
            depth, depths = 0, [0]
            for ch in self.text:
                depth += 1 if ch in "(（" else -1 if ch in ")）" else 0
                depths.append(depth)
            self.table, low = [False] * len(depths), depths[-1]
            for i in range(len(depths) - 1, -1, -1):
                self.table[i] = low < depths[i]
                low = min(low, depths[i])
        return self.table[pos]


def _cost_at(text: str, pos: int) -> bool:
    """Does an activated (or loyalty) ability start at ``pos``: a cost, then ":" before any "。"?"""
    for i, ch in _outside(text[pos:pos + 120]):
        if ch in "。•":
            return False
        if ch == ":":
            return i > 0 and bool(_COST.fullmatch(text, pos, pos + i))
    return False


def _ability_word_at(text: str, pos: int) -> bool:
    m = _ABILITY_WORD.match(text, pos)
    if not m or m.end() >= len(text) or text[m.end()] in _NOT_A_START:
        return False
    word = text[pos:m.end() - 1]
    return not any(word.startswith(n) for n in keyword_index()[0])  # "延缓3—", "佩带~": a keyword's cost


def _name_at(text: str, pos: int, names: list[str]) -> bool:
    return any(n and text.startswith(n, pos) for n in names)


def _starts_ability(text: str, pos: int, names: list[str], weak: bool) -> bool:
    if pos >= len(text) or text[pos] in _NOT_A_START:
        return False
    if _STRONG_START.match(text, pos) or _cost_at(text, pos) or _name_at(text, pos, names):
        return True
    if _ability_word_at(text, pos):
        m = _ABILITY_WORD.match(text, pos)
        return bool(_STRONG_START.match(text, m.end()) or _WEAK_START.match(text, m.end()))
    return weak and bool(_WEAK_START.match(text, pos))


def _keyword_end(text: str, pos: int, names: list[str]) -> tuple[int, bool] | None:
    """The end of a keyword (name and parameter) at ``pos`` and whether a weak sentence start may
    follow it (after a bare keyword, or an enchant object ending with a card type), or None.  An
    enchant parameter ("结附于生物") ends where an ability start follows."""
    if _name_at(text, pos, names):
        return None  # the card's own name may begin with a keyword name
    kw = _keyword_at(text, pos)
    if kw is None:
        return None
    end = pos + len(kw)
    if text.startswith("于", end) and not _STRONG_START.match(text, end):
        for k in range(end + 2, min(len(text), end + 1 + _MAX_PARAM) + 1):
            if k == len(text) or text[k] in "(（" or (_STRONG_START.match(text, k) or _cost_at(text, k)
                                                      or _name_at(text, k, names)):
                return k, False
            if _TYPE_END.search(text, end, k) and _WEAK_START.match(text, k):
                return k, True  # "结附于生物你操控所结附的生物": the object, then a sentence
            if text[k] in "。,「":
                return None
        return None
    m = _NUMBER.match(text, end)
    if m:
        end = m.end()
    if _cost_at(text, end) and not m:
        return end, True  # "飞行{8}:横置…": the braces open an activated ability
    if _MANA.match(text, end):
        # "多重增幅{1}{W}由你操控的…": a mana cost closes the parameter, so any sentence start follows it
        return _MANA.match(text, end).end(), True
    p = _DASHED.match(text, end)
    if p:
        return p.end(), False
    return end, m is None


def _leading_keywords(text: str, names: list[str], garbled: _Garbled) -> list[int]:
    """Cuts after the keywords that open ``text``, when the wording proves each one; [] otherwise."""
    cuts: list[int] = []
    pos = 0
    while True:
        head = _keyword_end(text, pos, names)
        if head is None:
            return []
        end, weak_ok = head
        j, had_paren = _skip_reminders(text, end)
        if j >= len(text):
            return cuts + [j] if cuts else []  # a keyword list: split only what was proven glued
        if text[j] in _SEPARATOR and _keyword_end(text, j + 1, names) is not None:
            cuts.append(j)
            pos = j + 1
            continue
        if _STRONG_START.match(text, j) and not garbled[j]:
            return cuts + [j]  # "活化武器佩带此武具的生物…": an attached-object subject, not the keyword "佩带"
        if _keyword_end(text, j, names) is not None:
            cuts.append(j)
            pos = j
            continue
        if (had_paren and text[j] not in _NOT_A_START) or _starts_ability(text, j, names, weak=weak_ok):
            return [] if garbled[j] else cuts + [j]
        return []


def _keyword_tail_at(text: str, pos: int) -> bool:
    """Is the rest of ``text`` keywords with their parameters and reminder texts ("佩带{3}(…)",
    "践踏摄食(…)")?"""
    if len(text) - pos > _MAX_TAIL:
        return False
    rest = _PAREN.sub("", text[pos:]).strip()
    while True:
        kw = _keyword_at(rest, 0)
        if kw is None:
            return False
        m = _KEYWORD_TAIL.match(rest, len(kw))
        if m.end() == len(rest):
            return True
        rest = rest[m.end():].lstrip(_SEPARATOR)


def _new_trigger_at(text: str, pos: int, names: list[str]) -> bool:
    """After a "。", "当<this card>进战场时," and a recurring step ("在每个维持开始时,") open a new
    triggered ability (and "于<this card>进战场时," a replacement).  Other triggers may continue the ability before them: a reflexive or delayed
    trigger ("当你如此作时", "…。每当该生物本回合…时"), or the second half of linked abilities, which
    the English prints in one paragraph ("当~离开战场时")."""
    if _EVERY_STEP.match(text, pos):
        return True
    if not text.startswith(("当", "于"), pos):
        return False
    subject = next((n for n in [*names, "此生物", "此永久物"] if n and text.startswith(n, pos + 1)), None)
    return subject is not None and bool(_SELF_ENTERS.match(text, pos + 1 + len(subject)))


def _sentence_ends(text: str):
    """Positions after each "。" outside quotes and parentheses, and after each closing "」" of a
    quoted ability ("它具有「牺牲此生物:加{1}…。」{B}{G},牺牲一个生物:…")."""
    depth = 0
    for m in _STRUCTURE.finditer(text):
        ch = m.group()
        if ch in "「(（":
            depth += 1
        elif ch in "」)）":
            depth = max(0, depth - 1)
            if ch == "」" and depth == 0:
                yield m.end()
        elif depth == 0:
            yield m.end()


def _keyword_with_cost_at(text: str, pos: int, names: list[str]) -> int | None:
    """The end of a keyword with a mana cost at ``pos`` that a sentence start follows ("…。佩带{3}如果…"),
    or None."""
    if _name_at(text, pos, names):
        return None
    kw = _keyword_at(text, pos)
    m = _MANA.match(text, pos + len(kw)) if kw else None
    if m is None:
        return None
    j, _had = _skip_reminders(text, m.end())
    return j if j < len(text) and _starts_ability(text, j, names, weak=True) else None


def _sentence_cuts(text: str, start: int, names: list[str], garbled: _Garbled) -> list[int]:
    cuts = []
    for after in _sentence_ends(text):
        if after <= start:
            continue
        j, _had = _skip_reminders(text, after)
        if j >= len(text) or (cuts and cuts[-1] == j):
            continue
        if (_cost_at(text, j) or _ability_word_at(text, j) or _keyword_tail_at(text, j)
                or _new_trigger_at(text, j, names)) and not garbled[j]:
            cuts.append(j)
        elif (k := _keyword_with_cost_at(text, j, names)) is not None and not garbled[j] and not garbled[k]:
            cuts += [j, k]  # "…。佩带{3}如果…": the keyword, then the next ability
    return cuts


def glued_parts(line: str, names: list[str]) -> list[str]:
    """The abilities of one printed line (NFKC, reminder text kept), as printed; ``[line]`` when
    nothing is glued.  ``names``: the card's printed name and its short forms."""
    garbled = _Garbled(line)
    cuts = _leading_keywords(line, names, garbled)
    start = cuts[-1] if cuts else 0
    cuts += _sentence_cuts(line, start, names, garbled)
    parts, prev = [], 0
    for c in cuts:
        part = line[prev:c].strip().strip(_SEPARATOR).strip()
        if part:
            parts.append(part)
        prev = c
    last = line[prev:].strip().lstrip(_SEPARATOR).strip()
    if last:
        parts.append(last)
    if len(parts) < 2:
        return [line]
    # a keyword list after a sentence ("…数量。践踏摄食(…)"): one part per keyword
    out = [parts[0]]
    for part in parts[1:]:
        inner = _leading_keywords(part, names, _Garbled(part)) if _keyword_tail_at(part, 0) else []
        out += [p for p in (part[a:b].strip().strip(_SEPARATOR).strip() for a, b in zip([0, *inner], [*inner, len(part)])) if p]
    return out
