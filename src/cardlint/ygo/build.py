"""Parse effect segments with the language's Lark LALR grammar and build the IR.

English and German (``grammar/ygo/{en,de}.lark``) parse the structure of an effect: ``head``
(markers and ``cond_*`` conditions) → ``body`` of ``sentence``/``choice``/``bullet`` parts; a sentence is
``cost`` ";" ``seq``, a ``seq`` is ``action`` nodes joined by link tokens (THEN, AND_IF, ALSO, CONJ_V,
OTHERWISE), and an action has its ``opt`` ("you can"), subject, ``verb`` and a tail with ``zone``/``qty``
items; :mod:`cardlint.ygo.structure` reads them.  Japanese and Chinese (``{ja,zh}.lark``) parse clauses of
typed words closed by a verb (:mod:`cardlint.ygo.structure_cjk`); their heads are read by
:func:`_fill_effect`, which works on these rule names:

``restriction`` · ``summon_block`` · ``materials`` · ``effect``; inside an effect ``head`` (with the
markers ``quick_marker``, ``flip_marker``, ``once_marker`` and the conditions ``cond_when``,
``cond_if``, ``cond_during``, ``cond_each``), ``opt`` (optional: "you can" / できる / 可以),
``act_mandatory`` (発動する / 发动), ``cost``, ``body`` → ``sentence`` → ``clause`` → ``verb``;
``activate_card`` (the card's own activation) and ``quick_sentence`` (相手ターンでも発動できる).

What a condition *means* (an opponent's activation, a phase, "either player's turn") is read from the
words of the condition with a small per-language lexicon below; that is the only language-specific
part of IR building.
"""

from __future__ import annotations

import re

from lark.exceptions import LarkError

from cardlint.ygo import ir
from cardlint.ygo.conditions import read_condition
from cardlint.ygo.heads import fill_head
from cardlint.ygo.oldwording import OLD_ACTION, read_old_wording
from cardlint.ygo.segment import SEG_MATERIALS, SEG_RESTRICTION, SEG_SUMMON, Segment
from cardlint.ygo.structure import fill_structured
from cardlint.ygo.structure_cjk import fill_cjk

GRAMMAR = {"en": "ygo/en.lark", "de": "ygo/de.lark", "ja": "ygo/ja.lark", "zh-Hans": "ygo/zh.lark"}


def parser(lang: str):
    from cardlint.speed import load_grammar

    return load_grammar(GRAMMAR[lang], start="start")


def build_effect(seg: Segment, lang: str) -> ir.Effect:
    """Parse one segment; on any Lark error return an unparsed IR built by the fallback."""
    eff = ir.Effect(text=seg.text)
    try:
        tree = parser(lang).parse(seg.norm)
    except (LarkError, RecursionError):
        return fallback(seg, lang)
    eff.parsed = True
    node = tree.children[0]
    kind = node.data
    if kind == "restriction" or seg.hint == SEG_RESTRICTION:
        eff.kind = ir.RESTRICTION
        return eff
    if kind in ("summon_block", "materials") or seg.hint in (SEG_SUMMON, SEG_MATERIALS):
        # the segmenter recognised a summoning condition/procedure; the grammar parsed its sentences
        eff.kind = ir.SUMMON
        return eff
    if lang in ("ja", "zh-Hans"):
        fill_cjk(eff, node, lang)
        if eff.kind == ir.PASSIVE and _SUMMON_RIDER[lang].search(seg.norm) and not _RIDER_BLOCK.search(seg.norm):
            eff.kind = ir.SUMMON
        if eff.kind == ir.PASSIVE and _TARGET_RIDER[lang].search(seg.norm) and not _OWN_TARGET.search(seg.norm):
            # IR fact for the classifier (``ir.Effect.rider``): the sentence only says what happens to the target of an
            # earlier effect; after a Continuous Spell/Trap's activation it is that activation's lasting part, which PSCT
            # prints in the activation ("Activate this card by targeting …; it cannot attack …")
            eff.rider = True
    elif any(t.data == "seq" for t in node.iter_subtrees()):
        fill_structured(eff, node, lang)
    else:
        fill_head(eff, node, lang)
    _use_limited(eff, seg, lang)
    return eff


#: the OCG numbers what a Summon "this way" does to the card ("①：この方法で特殊召喚したこのカードの攻撃力は８００アップ
#: する", "②：以此卡的①方法召唤的此卡的原本攻击力变为1000", "以此方法特殊召唤的回合，此卡的①效果不可发动") as an effect of
#: its own; PSCT writes it into the summoning condition ("…, but its original ATK becomes 1000", "If Summoned this way, …")
#: and it is no effect of the face-up card — a rider of the Summon procedure
_SUMMON_RIDER = {
    "ja": re.compile(r"^(この|このカードの[0-9]の)方法で(特殊|アドバンス)?召喚した(このカード(の|は)[^。]*?(攻撃力|守備力|レベル)[^。]*?"
                     r"(アップ|ダウン|になる|になり|となる)|ターン、このカードの[^。]*効果は発動できない)"),
    "zh-Hans": re.compile(r"^(以|通过|用)?(这个|此|以此卡的[0-9]的?|这张卡的[0-9]的?)方法(特殊|上级)?召唤(成功)?(过)?的((这张卡|此卡)(的|在)?[^。]*?"
                          r"(攻击力|守备力|等级)[^。]*?(上升|下降|变成|变为|成为|改成)|回合[,，]?(此卡|这张卡)的[^。]*效果不(可|能)发动)"),
}
#: the OCG's numbered lasting effect about the activation's target or the monster it equipped: "①：このカードが魔法＆罠ゾーン
#: に存在する限り、対象のモンスターは攻撃できず…", "①：作为对象的怪兽的攻击力上升…", "②：装备怪兽的攻击力上升700"
_TARGET_RIDER = {
    "ja": re.compile(r"^(このカードが(魔法&罠ゾーン|フィールド上)に存在する限り、)?(お互いに)?((対象の|その|選択した)(表側表示)?(モンスター|カード|魔法・罠カード)"
                     r"|装備モンスター)"),
    "zh-Hans": re.compile(r"^(只要(此卡|这张卡)(存在于|在)魔法与陷阱区域(存在)?[，,])?(双方)?((作为对象的|对象的?|那只|选择的)(表侧表示的?)?(怪兽|卡|魔法·陷阱卡"
                          r"|魔法・陷阱卡)|装备怪兽)"),
}
_OWN_TARGET = re.compile(r"対象として|を対象に|为对象|発動|发动")
#: … not a lasting effect while the card stays ("只要…", "…限り"), a granted effect or piercing damage, which PSCT
#: prints as effects of the card ("If this card Special Summoned by its effect attacks a Defense Position monster, …")
_RIDER_BLOCK = re.compile(r"只要|限り|以下(的)?效果|以下の効果|战斗伤害|戦闘ダメージ")


def _use_limited(eff: ir.Effect, seg: Segment, lang: str) -> None:
    """Old unnumbered text followed by "この効果は1ターンに1度しか使用できない" (``seg.use_limited``, set by the
    segmenter): an effect the player uses — PSCT's "Once per turn: You can …", an ignition effect — unless it
    is a prohibition."""
    if not (getattr(seg, "use_limited", False) or _INLINE_USE_LIMIT.get(lang, _NEVER).search(seg.norm)) \
            or eff.kind != ir.PASSIVE or lang not in ("ja", "zh-Hans"):
        return
    first = re.split(r"(?<=。)", seg.norm, maxsplit=1)[0]
    if OLD_ACTION[lang].search(first) and not re.search(r"(ない|不能|不会|不可)。?$", first):
        eff.kind, eff.optional, eff.old_style = ir.ACTIVATED, True, True


#: the same limit written inside the segment, after the effect: "…特殊召喚する事ができる。この効果は１ターンに１度だけ自分の
#: メインフェイズに使用する事ができる。" / "…。这个效果1回合只能使用1次。"
_INLINE_USE_LIMIT = {"ja": re.compile(r"。この効果は1ターンに1度(だけ)?[^。]*使用(する事が|することが)?でき(る|ない)"),
                     "zh-Hans": re.compile(r"。这个效果1回合(只有|只能|可以)[^。]*(使用|发动)")}
_NEVER = re.compile(r"(?!x)x")


# ------------------------------------------------------------------ fallback (parsed: false)

_ZH_NOT_NEG = r"(?<!不)(?<!不可)(?<!不可以)(?<!不能)(?<!无法)"

_FB = {
    "en": dict(quick=r"\(quick effect\)", flip=r"^flip\s*:", opt=r"\byou can\b", when=r"^(?:[^:]*?)\bwhen\b[^:]*:",
               if_=r"^(?:[^:]*?)\b(if|each time)\b[^:]*:", during=r"^(?:[^:]*?)\bduring\b[^:]*:", head=r"^[^.;]*:",
               act_card=r"activate this card"),
    "de": dict(quick=r"\(schnelleffekt\)", flip=r"^flipp?\s*:", opt=r"\bdu kannst\b|\bkannst du\b", when=r"^(?:[^:]*?)\bwenn\b[^:]*:",
               if_=r"^(?:[^:]*?)\b(falls|jedes mal)\b[^:]*:", during=r"^(?:[^:]*?)\bwährend\b[^:]*:", head=r"^[^.;]*:",
               act_card=r"aktiviere diese karte"),
    # "…攻撃を行う事ができる", "…召喚する事ができる": what the rules permit, not "you can" of an effect
    "ja": dict(quick=r"相手ターンでも発動できる|自分・相手の", flip=r"^リバース",
               opt=r"発動できる|発動する(事|こと)ができる|(?<!扱う)(?<!使用する)(?<!召喚する)(?<!セットする)(?<!攻撃する)(?<!攻撃をする)"
                   r"(?<!攻撃を行う)(?<!攻撃できる)(?<!とする)(事|こと)ができる",
               when=r"時(に|、)[^。]*発動", if_=r"場合(に|、)[^。]*発動", during=r"(フェイズ|ステップ)(に|、)[^。]*発動",
               # "…を発動するために払う…", "…発動する事ができない": "発動" inside a clause or a prohibition is no head
               head=r"発動(できる|する)(事ができる)?(?=。|（|\(|$)", act_card=r"このカードの発動"),
    # a prohibition ("对手…就不可以发动陷阱卡", "不能发动") is no activation word
    "zh-Hans": dict(quick=r"(对方|对手)回合(中)?也(能|可以)发动", flip=r"^反转", opt=r"(?<!不)(可以发动|才能发动|能发动|可以(?=(把|将|从|选择|让|给|通过|以|丢弃|舍弃|支付|宣言|解放)))",
                    when=r"时[^。]*(才能|可以)?" + _ZH_NOT_NEG + "发动", if_=r"(场合|情况下)[^。]*(才能|可以)?" + _ZH_NOT_NEG + "发动",
                    during=r"(阶段|步骤)[^。]*" + _ZH_NOT_NEG + "发动",
                    # "为把魔法卡发动而支付的基本分": "发动" inside a clause is no activation word
                    head=r"发动(1次)?(?=。|\(|（|$)|发动[，,]", act_card=r"此卡的发动|这张卡的发动"),
}


def fallback(seg: Segment, lang: str) -> ir.Effect:
    """Best-effort IR for text the grammar could not parse (``parsed`` stays False)."""
    eff = ir.Effect(text=seg.text, parsed=False)
    n = seg.norm
    if seg.hint == SEG_RESTRICTION:
        eff.kind = ir.RESTRICTION
        eff.shape = "restriction"
        return eff
    if seg.hint in (SEG_SUMMON, SEG_MATERIALS):
        eff.kind = ir.SUMMON
        eff.shape = "summon"
        return eff
    p = _FB[lang]
    first = re.split(r"[;。]", n, maxsplit=1)[0] if lang in ("ja", "zh-Hans") else re.split(r"[;]|\.\s", n, maxsplit=1)[0]
    eff.quick = bool(re.search(p["quick"], n))
    eff.flip = bool(re.search(p["flip"], n))
    head = bool(re.search(p["head"], first))
    if lang == "zh-Hans" and head and re.search(r"(不能|不可|无法|不会)[^，,。]*发动(?=。|$)", first):
        head = False  # "…双方不能把陷阱卡发动。": the verb closes a prohibition
    eff.optional = bool(re.search(p["opt"], first))
    if lang == "ja" and eff.optional and re.search(r"限り、", first) and not re.search(r"発動", first):
        eff.optional = False  # "このカードが…存在する限り、自分は…事ができる": a lasting permission
    eff.activates_card = bool(re.search(p["act_card"], n))
    kind = None
    if re.search(p["when"], first):
        kind = ir.COND_WHEN
    elif re.search(p["if_"], first):
        kind = ir.COND_IF
    elif re.search(p["during"], first):
        kind = ir.COND_DURING
    if kind or head:
        cond_text = first
        if lang in ("ja", "zh-Hans") and kind in (ir.COND_WHEN, ir.COND_IF):
            # the condition ends at its timing word ("…1000以下の場合に発動できる" → "…1000以下の場合")
            m = re.search(p["when"] if kind == ir.COND_WHEN else p["if_"], first)
            cond_text = first[:m.start()] + re.match(r"(時|场合|情况下|时|場合)", first[m.start():]).group(0) \
                if m and re.match(r"(時|场合|情况下|时|場合)", first[m.start():]) else first
        eff.condition = read_condition(kind, cond_text, lang)
    if ";" in n and lang in ("en", "de"):
        eff.cost = ir.Clause(text=n.split(";")[0])
    eff.kind = ir.ACTIVATED if (head or eff.optional or eff.quick or eff.flip or eff.cost) else ir.PASSIVE
    if eff.activates_card:
        eff.kind = ir.ACTIVATE_CARD
    if eff.kind == ir.PASSIVE and lang in ("ja", "zh-Hans"):
        # the OCG's old wording ("…時、…を破壊する。") is read from the words alone, parsed or not
        read_old_wording(eff, re.split(r"(?<=。)", n, maxsplit=1)[0], lang)
    elif eff.kind == ir.PASSIVE:
        # … and so is old PSCT ("When the equipped monster is destroyed …, inflict damage …"), from its first sentence
        read_old_wording(eff, re.split(r"(?<=\.)\s", n, maxsplit=1)[0], lang)
    _use_limited(eff, seg, lang)
    eff.shape = shape_of(n, lang)
    return eff


def shape_of(n: str, lang: str) -> str:
    """A coarse shape for reports of unparsed text: the punctuation skeleton with the leading words."""
    if lang in ("ja", "zh-Hans"):
        sk = re.sub(r"[^。、:;，,]+", "…", n)
        return (n[:6] + " " + sk)[:60]
    words = n.split()
    sk = re.sub(r"[^:;.,]+", "…", n)
    return (" ".join(words[:3]) + " " + sk)[:60]
