"""Best-effort classification of a zh-Hans clause the grammar did not parse (``parsed=False``).

Cue words only: the ability form from "§" (cost), "当/每当/在…时," (trigger) or a keyword name;
effects from predicate cues ("得+N/+N", "获得…异能", "操控权", "防止", "改为", "不能", verbs).
Linear-time regular expressions only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardlint import ir as I
from cardlint.text.segment import Segment

_TRIGGER = re.compile(r"^(?:[\u4e00-\u9fff]{2,6}—)?(?:每当|当|在[^,。]{1,30}?时,|于[^,。]{1,20}?开始时)")
_PT_MOD = re.compile(r"得(?:到)?[+\-][0-9X]+/[+\-][0-9X]+")
_PT_SET = re.compile(r"(?:基础)?力量(?:与|和)防御力(?:为|各为|成为|更改为)[0-9X]+/[0-9X]+|成为[0-9X]+/[0-9X]+"
                     r"|基础力量(?:与|和)防御力(?:成为|更改为)")
# "力量等于或大于3的生物" compares, it does not define
_PT_DEF = re.compile(r"(?:力量|防御力)(?:与防御力|和防御力)?(?:各|分别)?(?:等于|等同于)(?!或[大小]于)")
# "具飞行异能的生物", "具守军异能、且…的", "视同不具守军异能地": a filter or an as-though rule, no grant
_ABIL_END = r"(?![的、之地]|、?且[^。,]{0,12}的)"
_ABIL = re.compile(r"获得[^。]{0,40}?异能" + _ABIL_END + r"|(?<![视同不])具有?[^。的之]{0,40}?(?:异能|保护)" + _ABIL_END
                   + r"|(?<![视同不])具有?(?:反|所有)[^。]{0,40}?(?:异能|保护)" + _ABIL_END
                   + r"|(?:获得|具有)「|失去[^。]{0,20}?异能|失去所有异能")
_CONTROL = re.compile(r"操控权")
_SWITCH = re.compile(r"交换[^。]{0,20}力量(?:与|和)防御力|力量(?:与|和)防御力互换")
_COLOR = re.compile(r"(?:是|成为|均为|为)(?:白|蓝|黑|红|绿|无|五)色|颜色成为|成为该色|额外具有[^。,]{0,8}此颜色")
_TYPE = re.compile(r"(?:是|成为)[^,。]{0,12}(?:生物|神器|地|结界)(?!牌)|额外具有[^。,]{0,10}(?:此|该)?(?:地)?类别"
                   r"|(?<!共通)生物类别|地类别成为")
# becomes / enters as a copy (CR 707); copying a spell or an ability, or a token that is a copy, is one-shot
_COPY = re.compile(r"(?:成为|是|当成)[^。]{0,30}?的?复制(?:品)?|进(?:战)?场时(?:为|成为)[^。]{0,30}?的?复制")
_FACE_DOWN = re.compile(r"(?:翻|放进战场|进战场)[^。,]{0,6}牌面朝下|翻为牌面朝下")
_PREVENT = re.compile(r"防止")
_TEXT = re.compile(r"(?:文字|字样)[^。]{0,30}(?:替换|更改)|替换为")
_REPL = re.compile(r"改为|略过|横置进(?:战)?场|进(?:战)?场时(?:上面|其上)")
_RULES = re.compile(r"不能|只能|必须|可以于|费用(?:减少|增加)|减少\{|增加\{|无须|视同")
_ONE = re.compile(r"消灭|放逐|抓|弃|牺牲|反击|造成\d*点?伤害|获得\d+点生命|失去\d+点生命|放置|移回|置入|搜寻|派出|加\{|横置|重置|展示|占卜|洗牌|复制")
# a sentence that creates a token: its P/T, colours, types and abilities describe the token (CR 111.4)
_CREATES = re.compile(r"派出|放进战场|放置进场|放到战场")


def _without_token_descriptions(text: str) -> str:
    return "".join(s for s in re.split(r"(?<=。)", text) if not ("衍生" in s and _CREATES.search(s)))


@lru_cache(maxsize=1)
def _keyword_ids_by_length() -> tuple[dict[str, str], tuple[int, ...]]:
    """zh-Hans keyword name → kb id, and the names' lengths, longest first (prefix lookups)."""
    from cardlint.lang.zh.builder import keyword_ids

    ids = {name: kid for name, (kid, _eff) in keyword_ids().items()}
    return ids, tuple(sorted({len(n) for n in ids}, reverse=True))


def _keyword_prefix(text: str) -> str | None:
    """The kb id of the longest keyword name that begins ``text``."""
    ids, lengths = _keyword_ids_by_length()
    for k in lengths:
        kid = ids.get(text[:k]) if k <= len(text) else None
        if kid is not None:
            return kid
    return None


@lru_cache(maxsize=1)
def _keyword_grant_re() -> re.Pattern:
    """"获得敏捷", "具有循环…": a grant verb directly before a keyword name (no "异能" after it)."""
    ids, _ = _keyword_ids_by_length()
    names = "|".join(re.escape(n) for n in sorted(ids, key=len, reverse=True))
    return re.compile(r"(?:获得|具有)(?:" + names + r")(?![的、之地]|异能)")


def _keyword_grant(text: str) -> bool:
    return _keyword_grant_re().search(text) is not None


def fallback_clause(seg: Segment, norm: str, error: str, fe) -> I.ClauseIR:
    text = norm or ""
    form = I.FORM_STATEMENT
    keyword = None
    if text.startswith("§"):
        form = I.FORM_ACTIVATED
        text = text.split(":", 1)[-1]
    elif _TRIGGER.match(text):
        form = I.FORM_TRIGGERED
    else:
        kid = _keyword_prefix(text)
        if kid is not None and fe.is_keyword(text):
            form = I.FORM_KEYWORD
            keyword = I.Keyword(kid)
    effects: list[I.Effect] = []
    if form != I.FORM_KEYWORD:
        subj = I.Filter(ref="self") if text.startswith("~") else I.Filter()
        dur = "until_eot" if "直到回合结束" in text else None
        cond = I.Condition("as_long_as") if "只要" in text else (I.Condition("if") if re.search(r"若|如果", text) else None)

        def cont(char, op="add"):
            effects.append(I.Effect(I.CONTINUOUS, affected=subj, duration=dur, condition=cond,
                                    modifications=[I.Modification(char, op=op)]))

        # continuous cues are read without token descriptions; the other kinds from the whole text
        cues = _without_token_descriptions(text)
        if _PT_MOD.search(cues):
            cont(I.PT_MODIFY, "modify")
        if _PT_SET.search(cues):
            cont(I.PT_SET, "set")
        if _PT_DEF.search(cues):
            cont(I.PT_DEFINE, "set")
        if _ABIL.search(cues) or _keyword_grant(cues):
            cont(I.ABILITIES)
        if _CONTROL.search(cues):
            cont(I.CONTROL, "gain")
        if _SWITCH.search(cues):
            cont(I.PT_SWITCH, "switch")
        if _COLOR.search(cues):
            cont(I.COLORS, "set")
        if _TYPE.search(cues) and not _ONE.search(cues):
            cont(I.TYPES)
        if _COPY.search(cues):
            cont(I.COPY, "set")
        if _FACE_DOWN.search(cues):
            cont(I.FACE_DOWN, "set")
        if _TEXT.search(cues):
            cont(I.TEXT, "set")
        if _PREVENT.search(text):
            effects.append(I.Effect(I.PREVENTION))
        if _REPL.search(text):
            effects.append(I.Effect(I.REPLACEMENT))
        if _RULES.search(text):
            effects.append(I.Effect(I.RULES))
        if _ONE.search(text):
            effects.append(I.Effect(I.ONE_SHOT))
    return I.ClauseIR(text=seg.text, form=form, parsed=False, effects=effects, keyword=keyword, error=error)
