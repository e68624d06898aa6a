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

from lark import Token, Tree
from lark.exceptions import LarkError

from cardlint.ygo import ir
from cardlint.ygo.segment import SEG_MATERIALS, SEG_RESTRICTION, SEG_SUMMON, Segment

GRAMMAR = {"en": "ygo/en.lark", "de": "ygo/de.lark", "ja": "ygo/ja.lark", "zh-Hans": "ygo/zh.lark"}

#: condition lexicon: (flag, regex) per language, applied to the condition's words
_COND = {
    "en": {
        "opponent_activates": r"\bactivat(es|ed)\b(?!.*\b(resolves|resolved)\b)|\bwould (be )?(summon|special summon|normal summon|destroy|be destroyed|declare)|\bis activated\b|\bwould\b",
        "phase": r"\b(standby phases?|end phases?|draw phases?|battle phases?|damage step|damage calculation|main phases?|start of the|end of the)\b",
        "either_turn": r"either player's turn|\beither player's (main|battle)\b|\bthe main phase\b|\bthe battle phase\b",
        "opponent_turn": r"your opponent's (turn|main phase|battle phase|standby phase|end phase)|opponent's turn",
        "main_phase": r"\bmain phase\b",
        "battle": r"battle phase|damage step|damage calculation|attack",
        "event": r"\b(summoned|sent|destroyed|banished|added|discarded|tributed|activat\w*|attacks?|attacked|battled|summons?|returns?|sends?|destroys?|banish(es)?|adds?|discards?|tributes?|flips?|detach(es)?|attach(es)?|uses?|targets?|leaves?|declares?|declared|targeted|targets|returned|leaves|left|flipped|detached|used as|inflicts?|takes?|battles?|destroys|changed|placed|shuffled|equipped|negated|resolves?|drawn|draws|draw(?! phase)|summons|is set|are set|removed|excavated|revealed|reaches|gains?|loses?|would|moved|moves?|paid|pays|becomes|attached|applied|released|equips?|sets|inflicted|shifts?|changes|increases|decreases|chain link|start of|end of|standby phase|end phase|draw phase|damage calculation|damage step|battle phase|main phase)\b",
    },
    "de": {
        "opponent_activates": r"\baktiviert\b(?!.*\b(aufgelöst|abgehandelt)\b)|\bwürde\b|\bwürden\b",
        "phase": r"(standby phase|end phase|draw phase|battle phase|damage step|schadensberechnung|main phase|beginn|ende)",
        "either_turn": r"spielzugs? (eines|jedes) (beliebigen )?spielers|eines beliebigen spielers|beliebigen spielzug|der main phase|der battle phase",
        "opponent_turn": r"spielzug deines gegners|main phase deines gegners|battle phase deines gegners|gegnerischen spielzug",
        "main_phase": r"main phase",
        "battle": r"battle phase|damage step|schadensberechnung|angriff",
        "event": r"(aktivierst|ausrüstet|setzt|durchführst|durchführt|ziehst|erhältst|beschworen|beschwört|bewegt|beschwörst|legt|fügt|wirft|zieht|verlässt|angegriffen|gelegt|zerstört|verbannt|hinzugefügt|abgeworfen|tribut|aktiviert|angriff|angreift|greift|kämpft|erklärt|als ziel|zurückgegeben|verlässt|verlassen|geflippt|verwendet|zufügt|zugefügt|erhält|erhalten|kampf|gemischt|ausgerüstet|annulliert|aufgelöst|gezogen|zieht|gesetzt|entfernt|würde|bezahlt|verliert|gewinnt|gewählt|verursacht|phase|damage step|schadensberechnung|wird|werden|wurde|wurden)",
    },
    "ja": {
        "opponent_activates": r"(発動した(時|場合)|発動した効果|召喚する際|召喚される際|発動時|発動された時|が発動した)(?!.*(処理|解決))",
        "phase": r"(スタンバイフェイズ|エンドフェイズ|ドローフェイズ|バトルフェイズ|バトルステップ|ダメージステップ|ダメージ計算|メインフェイズ)",
        "either_turn": r"(相手ターンでも|自分・相手の|お互いの|自分・相手ターン|相手・自分の)",
        # "相手メインフェイズに発動できる" is written with and without "の"
        "opponent_turn": r"相手ターン|相手の?(メイン|バトル|スタンバイ|エンド)",
        "main_phase": r"メインフェイズ",
        "battle": r"(バトルフェイズ|ダメージステップ|ダメージ計算|攻撃)",
        "event": r"((た|だ)(場合|時)|時|際|宣言|発動|フェイズ|ステップ|ダメージ計算|された|れた|度に|たびに)",
    },
    "zh-Hans": {
        "opponent_activates": r"(发动时|发动的时候|发动的场合|召唤[^，,。]{0,8}之际|把.*发动时|被发动时|的发动时|发动[^，。,]{0,30}(时|之际))(?!.*(处理|适用))",
        "phase": r"(准备阶段|结束阶段|抽卡阶段|抽牌阶段|战斗阶段|战斗步骤|伤害步骤|伤害计算|主要阶段)",
        "either_turn": r"((对方|对手)回合也能|(对方|对手)回合也可以|自己·(对方|对手)的|双方的|自己・(对方|对手)|自己／(对方|对手)|自己/(对方|对手))",
        "opponent_turn": r"(对方|对手)的?回合|(对方|对手)的?(主要|战斗|准备|结束)",
        "main_phase": r"主要阶段",
        "battle": r"(战斗阶段|伤害步骤|伤害计算|攻击)",
        "event": r"(之际|成功|被|恢复|回复|放回|转移|送去|送至|送入|破坏|除外|加入|发动|宣言|反转|召唤|抽|受到|离开|回到|返回|给与|给予|攻击|战斗|放置|解放|丢弃|舍弃|变成|变为|变更|移动|成为|阶段|步骤|伤害计算|时|每次)",
    },
}

_COND_RE = {lang: {k: re.compile(v) for k, v in d.items()} for lang, d in _COND.items()}


def _parser(lang: str):
    from cardlint.parse.loader import load_grammar

    return load_grammar(GRAMMAR[lang], start="start")


def _words(node) -> list[str]:
    if isinstance(node, Token):
        return [str(node)]
    out: list[str] = []
    for ch in node.children:
        out.extend(_words(ch))
    return out


def _join(words: list[str], lang: str) -> str:
    return ("" if lang in ("ja", "zh-Hans") else " ").join(words)


def _clause(node: Tree, lang: str) -> ir.Clause:
    verb = ""
    for sub in node.iter_subtrees_topdown():
        if sub.data == "verb":
            verb = _join(_words(sub), lang)
            break
    words = _words(node)
    obj = ""
    if lang in ("ja", "zh-Hans"):
        obj = ""
        for sub in node.iter_subtrees_topdown():
            if sub.data == "obj":
                obj = _join(_words(sub), lang)
                break
    elif verb:
        try:
            i = words.index(verb.split()[0]) + len(verb.split())
        except ValueError:
            i = len(words)
        tail = []
        for w in words[i:]:
            if w in {"from", "to", "in", "on", "and", ",", ";", "until", "with", "that", "von", "auf", "zu", "in", "bis", "mit", "und"}:
                break
            tail.append(w)
        obj = " ".join(tail)
    return ir.Clause(verb=verb, obj=obj, text=_join(words, lang))


def build_effect(seg: Segment, lang: str) -> ir.Effect:
    """Parse one segment; on any Lark error return an unparsed IR built by the fallback."""
    eff = ir.Effect(text=seg.text)
    try:
        tree = _parser(lang).parse(seg.norm)
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
        from cardlint.ygo.structure_cjk import fill_cjk

        fill_cjk(eff, node, lang)
        if eff.kind == ir.PASSIVE and _SUMMON_RIDER[lang].search(seg.norm) and not _RIDER_BLOCK.search(seg.norm):
            eff.kind = ir.SUMMON
        if eff.kind == ir.PASSIVE and _TARGET_RIDER[lang].search(seg.norm) and not _OWN_TARGET.search(seg.norm):
            # IR fact for the classifier (``ir.Effect.rider``): the sentence only says what happens to the target of an
            # earlier effect; after a Continuous Spell/Trap's activation it is that activation's lasting part, which PSCT
            # prints in the activation ("Activate this card by targeting …; it cannot attack …")
            eff.rider = True
    elif any(t.data == "seq" for t in node.iter_subtrees()):
        from cardlint.ygo.structure import fill_structured

        fill_structured(eff, node, lang)
    else:
        _fill_effect(eff, node, lang)
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
    if _OLD_ACTION[lang].search(first) and not re.search(r"(ない|不能|不会|不可)。?$", first):
        eff.kind, eff.optional, eff.old_style = ir.ACTIVATED, True, True


#: the same limit written inside the segment, after the effect: "…特殊召喚する事ができる。この効果は１ターンに１度だけ自分の
#: メインフェイズに使用する事ができる。" / "…。这个效果1回合只能使用1次。"
_INLINE_USE_LIMIT = {"ja": re.compile(r"。この効果は1ターンに1度(だけ)?[^。]*使用(する事が|することが)?でき(る|ない)"),
                     "zh-Hans": re.compile(r"。这个效果1回合(只有|只能|可以)[^。]*(使用|发动)")}
_NEVER = re.compile(r"(?!x)x")

_MARKERS = {"quick_marker", "flip_marker", "once_marker", "cond_when", "cond_if", "cond_each", "cond_during",
            "opt", "act_mandatory", "target_marker"}


_COND_MARKERS = {"cond_when": ir.COND_WHEN, "cond_if": ir.COND_IF, "cond_each": ir.COND_EACH}
#: targeted by an effect (not for an attack: "攻撃対象に選択された時" stays a "when" trigger, PSCT "When … is
#: targeted for an attack: You can …")
_TARGETED = {"ja": re.compile(r"効果の対象(に選択された|になった|にされた|に選ばれた)時$"),
             "zh-Hans": re.compile(r"成为[^，。,]{0,20}效果的?对象时$")}


def _event_before_state(cond: ir.Condition, flat: list, lang: str) -> None:
    """"…裏側表示になった時、…存在しない場合に発動できる" / "…时，…存在的场合才能发動": an event, then a state the
    effect also requires — PSCT "When …, if …: You can" — the event decides the timing, not the state after it."""
    marks = [i for i, (m, _) in enumerate(flat) if m in _COND_MARKERS]
    for j in reversed(marks[:-1]):
        earlier = _condition(_COND_MARKERS[flat[j][0]], _join([x for _, w in flat[:j + 1] for x in w], lang), lang)
        if earlier.event:
            cond.kind, cond.event = earlier.kind, True
            return


def _fill_effect(eff: ir.Effect, node: Tree, lang: str) -> None:
    flat: list = []  # (marker-name or None, words) of the head, in text order
    cond_kind = None
    activation = False
    heads = [c for c in node.children if isinstance(c, Tree) and c.data == "head"]
    head = heads[0] if heads else None
    cond_words: list[str] = []
    if head is not None:
        activation = True

        def collect(t):
            for ch in t.children:
                if isinstance(ch, Tree):
                    if ch.data in _MARKERS:
                        flat.append((ch.data, _words(ch)))
                    elif ch.data != "bullet":
                        collect(ch)
                elif ch.type not in ("COLON", "STOP"):
                    flat.append((None, [str(ch)]))

        collect(head)
        last_cond = max((i for i, (m, _) in enumerate(flat) if m in ("cond_when", "cond_if", "cond_each", "cond_during")),
                        default=-1)
        for i, (m, w) in enumerate(flat):
            if m == "quick_marker":
                eff.quick = True
            elif m == "flip_marker":
                eff.flip = True
            elif m == "once_marker":
                eff.once_per_turn = True
            elif m in ("cond_when", "cond_if", "cond_each"):
                k = {"cond_when": ir.COND_WHEN, "cond_if": ir.COND_IF, "cond_each": ir.COND_EACH}[m]
                if lang in ("ja", "zh-Hans"):
                    cond_kind = k if i == last_cond or cond_kind in (None, ir.COND_DURING) else cond_kind
                elif cond_kind in (None, ir.COND_DURING):
                    cond_kind = k
            elif m == "cond_during" and cond_kind is None:
                cond_kind = ir.COND_DURING
            elif m == "opt":
                eff.optional = True
            elif m == "act_mandatory":
                eff.activation_word = True
            elif m == "target_marker":
                eff.targets = True
        if lang in ("ja", "zh-Hans") and last_cond > 0 and flat[last_cond][0] == "cond_during" \
                and not "".join(flat[last_cond][1]).endswith(("時", "时")) and cond_kind in (ir.COND_IF, ir.COND_WHEN):
            # "…が存在する場合、自分・相手のメインフェイズに発動できる": a state, then the window the effect is
            # activated in — the window decides ("During the Main Phase, if …"), unless the "場合" was an event
            k_at = max(i for i, (m, _) in enumerate(flat[:last_cond]) if m in ("cond_when", "cond_if", "cond_each")) \
                if any(m in ("cond_when", "cond_if", "cond_each") for m, _ in flat[:last_cond]) else -1
            before = _join([x for _, w in flat[:k_at + 1] for x in w], lang)
            if k_at >= 0 and _STATE[lang].search(before):
                cond_kind = ir.COND_DURING
        if lang in ("ja", "zh-Hans"):
            upto = last_cond + 1 if last_cond >= 0 else 0
            cond_words = [x for _, w in flat[:upto] for x in w]
            rest = [(m, w) for m, w in flat[upto:] if m not in ("opt", "act_mandatory")]
            rest_words = [x for _, w in rest for x in w]
            while rest_words and rest_words[0] in ("に", "、", ",", "は", "で", "を"):
                rest_words.pop(0)
            if rest_words and (re.search(r"(て|で|し)$", rest_words[-1]) or eff.targets or re.search(r"(把|将|以|让|支付|丢弃|舍弃|解放|除外)", "".join(rest_words))):
                eff.cost = ir.Clause(verb=rest_words[-1], text="".join(rest_words))
            if last_cond < 0:
                cond_words = [x for _, w in flat for x in w] if eff.once_per_turn or any(m == "cond_during" for m, _ in flat) else []
                head_text = _join([x for m, w in flat if m not in ("opt", "act_mandatory") for x in w], lang)
                if not cond_words and _WINDOW_LEAD[lang].search(head_text):
                    # "在对手的主要阶段可以发动（…）" / "对方回合把墓地的这张卡除外才能发动": a turn window the
                    # grammar read as plain head words — it decides the effect's type (a Quick Effect)
                    cond_words = [x for m, w in flat if m not in ("opt", "act_mandatory") for x in w]
        else:
            cond_words = [x for _, w in flat for x in w]
    for ch in node.children:
        if isinstance(ch, Tree) and ch.data == "opt":
            eff.optional = True
            activation = True
    for sub in _walk(node):
        if sub.data == "quick_sentence":
            eff.quick = True
            activation = True
        elif sub.data == "activate_card":
            eff.activates_card = True
    sentences = [s for s in _walk(node) if s.data == "sentence"]
    for s in sentences:
        clauses = [c for c in s.children if isinstance(c, Tree) and c.data == "clause"]
        semis = [c for c in s.children if isinstance(c, Token) and c.type == "SEMI"]
        if semis and s is sentences[0] and eff.cost is None and clauses and head is None or (
                semis and s is sentences[0] and eff.cost is None and clauses and lang in ("en", "de")):
            eff.cost = _clause(clauses[0], lang)
            clauses = clauses[1:]
        for c in clauses:
            eff.sentences.append(_clause(c, lang))
    if eff.cost is not None:
        activation = True
        if (re.search(r"^(target|wähle|選択|対象|选择|以)", eff.cost.verb or "")
                and not re.search(r"効果(から|を)|效果中|的效果", eff.cost.text)) or re.search(
                r"対象として|为对象|als ziel", eff.cost.text):
            eff.targets = True
    if eff.quick or eff.flip:
        activation = True
    if cond_kind is not None or cond_words:
        text = _join(cond_words, lang)
        eff.condition = _condition(cond_kind, text, lang)
        if lang in ("ja", "zh-Hans") and cond_kind in (ir.COND_IF, ir.COND_WHEN) and not eff.condition.event:
            _event_before_state(eff.condition, flat, lang)
        if lang in ("ja", "zh-Hans") and cond_kind == ir.COND_WHEN and _TARGETED[lang].search(text):
            # "…が相手のカードの効果の対象になった時、…発動できる" / "…成为对方的卡的效果的对象时": being targeted by an
            # effect happens while its chain link is open — a Quick Effect, like an activation
            eff.condition.opponent_activates = True
        # the OCG renders "FLIP:" as "このカードがリバースした場合" / "这张卡反转的场合"
        if lang in ("ja", "zh-Hans") and _SELF_FLIP[lang].search(text) and eff.activation_word is not None:
            eff.flip = True
    eff.kind = ir.ACTIVATED if activation else ir.PASSIVE
    if eff.activates_card:
        eff.kind = ir.ACTIVATE_CARD
    if eff.kind == ir.PASSIVE and eff.sentences:
        _old_style(eff, eff.sentences[0].text, lang)


#: pre-PSCT wording without ":" — "When …, <imperative>" (a trigger), "Once per turn, you can …" (ignition).
#: A leading adverbial (condition) is split from the main clause at the first comma after which the main
#: clause starts; the main clause must start with "you can" (optional) or an imperative verb (mandatory).
_OLD = {
    "en": dict(lead=r"^(while [^,.:;]+, (?=when|if|each time|whenever))?(when|whenever|if|each time|every time|after|at the (start|end|beginning) of|during (each|your|the|his/her|either|your opponent's|each of|their)|once per turn,? (during|at|when)|once during (each|your|the))\b",
               opt=r"^(you can|you may)\b(?! only)",
               imper=r"^(destroy|special summon|inflict|draw|add|send|return|select|target|toss|gain|take|banish|shuffle|look at|place|discard|negate|change|roll|equip|pay|remove|excavate|reveal|declare|switch|set|halve|double|skip|tribute|take control|choose|increase|decrease|reduce|put|attach|detach|give control|both players|each player|the controller of this card (takes|gains)|your opponent (takes|discards|draws|selects|chooses|sends|shuffles|gains|loses)|you (take|gain|draw|lose)|they (gain|take)"
               # a subject that undergoes the one-shot result: "… this card's controller takes damage", "the owner of the
               # returned monster selects and sends …"
               r"|(this card's|its|the)( new)? (controller|owner)\b[^,.]{0,40}? (takes|selects|sends|draws|discards|gains|loses)"
               # "…, it gains 300 ATK and DEF until the end of the turn", "…, the monster that destroyed this card loses 300 ATK",
               # "…, your opponent skips their next Draw Phase", "…, it is returned to the top of the Deck"
               r"|(it|this card|that monster|the (attacking|battling|destroyed) monster|the monster that destroyed this card) (gains|loses) \d+"
               r"|your opponent (skips|cannot|can't)|(it|this card) is (returned|shuffled|banished|removed from play) (to|into|from)"
               r"|1 face-up monster [^,.]{0,40}? (loses|gains)|all [^,.]{0,60}? (gain|lose) \d+"
               r"|(it|this card) is changed to (face-up )?(defense|attack) position)\b",
               block=r"\b(piercing|instead|would|or destroy this card|or send this card|unaffected)\b"
               # "…, your opponent cannot declare an attack during his/her next turn": a one-shot effect that lasts a stated
               # time (scripts: TRIGGER_F); a bare "cannot" is a rule of the card
               r"|\b(cannot|can't)\b(?![^.]*\b(during (his/her|their|your|the) next|during the next turn|this turn|next turn)\b)"
               # "…, it gains 500 ATK during the Damage Step only": a value that applies in a window, not a one-shot change
               r"|\bduring (the damage step|damage calculation) only\b"
               # "…, it is changed to Defense Position at the end of the Battle Phase": the OCG's "…バトルフェイズ終了時に守備表示になる"
               r"|\bis changed to [^.]* at the end of the (battle phase|damage step)\b"
               # battle damage rules: "…, your opponent takes no battle damage", "…, double any Battle Damage", piercing
               r"|\btakes? no (battle |effect )?damage\b|\bdouble (any|the) battle damage\b|\binflict the difference\b|^destroy (this card|that monster|those monsters?|those monster\(s\)|the target|it|them|the equipped monster)\b(?! (at the (end|start) of the (damage step|battle phase)|before damage calculation))|^remove \d+ \w+ counters?|^you must\b",
               # (… but "Each time a Beast monster inflicts battle damage to your opponent, inflict 500 damage" is a trigger,
               # scripts TRIGGER_F, as the OCG texts read it)
               nochain=r"^(each time|every time|whenever)\b(?![^,]*\b(by battle|battle damage)\b)|\b(leaves the field|is activated|activate this card|resolves)\b",
               # "Once per turn, while you have no cards in your hand, you can draw 1 card": a state, then "you can"
               ign=r"^(((once|twice|up to twice|three times) per turn|during your main phase( 1| 2)?|during your turn),? )*you can\b(?! only)"
               r"|^(once|twice) per turn,? while [^,.:]+,? you can\b(?! only)(?!.*\binstead\b)"
               # "Once per turn, if you control …, you can …" (Teleport, Castle Gate; scripts: IGNITION) — a state and
               # "you can"; with "would" it is a replacement ("…, you can destroy … instead")
               r"|^(once|twice) per turn,? if (?![^,.:]*\bwould\b)[^.:]+?,? you can\b(?! only)(?!.*\binstead\b)"
               # old "Tribute 2 monsters … to increase your Life Points by 1000": a cost, then what it pays for
               r"|^(tribute|send|discard|remove|banish|pay|detach|return|shuffle|reveal) [^.;:]*?\bto (increase|inflict|destroy|draw|add|gain|negate|change|make|have|select|target|look at|take control|return|banish|equip|special summon (?!this card))\b"
               # "By Tributing 1 "Torpedo Fish" …, destroy 1 monster on the field." (Orca Mega-Fortress of Darkness)
               r"|^by (tributing|sending|discarding|removing|paying|banishing|returning) [^,.:;]+, (destroy|draw|add|inflict|special summon|return|banish|negate|gain|take control)\b"
                   r"|^(once|twice) per turn,? (select|target|destroy|change|send|banish|return|draw|add|special summon|inflict|look at|switch|toss|roll|discard)\b",
               perm=r"you can (activate|use|substitute|normal summon|conduct|treat|set|attack|declare|tribute summon|special summon this card|also|change the battle position of this card)\b(?!.*\b(effect|to (inflict|destroy|draw|add|special summon|make|have)|and (inflict|destroy|draw)|, then)\b)",
               ign_force=r"you can activate this (card's )?effect|\bto (inflict|destroy|draw|add|special summon|make|have|gain|increase|negate|change|return|select|look)\b"
               # "When …, you can Special Summon this card [from the Graveyard]." — after an event, a trigger that
               # brings the card back, not a Summon procedure (those say how: "by …", "(from your hand)")
               r"|^you can special summon this card( from (the|your) (graveyard|gy|hand))?( in (face-up )?(attack|defense) position)?\s*\.?\s*$"),
    "de": dict(lead=r"^(solange [^,.:;]+, (?=wenn|falls|jedes mal|immer wenn))?(wenn|immer wenn|falls|jedes mal,? wenn|nachdem|am (ende|beginn|anfang) (der|des|jeder|deiner)|während (jeder|deiner|der|einer|des)|einmal pro spielzug, (während|wenn|falls|am))\b",
               opt=r"^(kannst du|du kannst)\b(?! nur)",
               imper=r"^(zerstöre|beschwöre|füge|bringe|ziehe|lege|wähle|verbanne|mische|gib|wirf|rüste|ändere|annulliere|zeige|bezahle|aktiviere|setze|nimm|entferne|platziere|übernimm|würfle|erhalte|erhöhe|verringere|halbiere|verdopple|decke|schicke|sende|bestimme|deklariere|biete|wähle|erhältst du|ziehst du|verlierst du|nimmt|dein gegner (erhält|nimmt|zieht|wirft)"
               # the verb first, then its subject: "…, wählt dein Gegner 1 Zauberkarte", "…, erhalten alle … Monster"
               r"|(wählt|nimmt|zieht|wirft|erhält|verliert|legt) (dein gegner|jeder spieler|beide spieler|der besitzer|der controller)|(erhalten|verlieren) alle)\b",
               block=r"\b(durchschlagenden|stattdessen|würde|würden|oder zerstöre diese karte|kann nicht|können nicht|nicht betroffen)\b|^zerstöre (diese karte|jenes monster|jene monster|das ziel|es|sie|das ausgerüstete monster)\b|^entferne \d+",
               nochain=r"^(jedes mal|immer wenn)\b|\b(das spielfeld verlässt|aktiviert wird|diese karte aktivierst)\b",
               ign=r"^(((einmal|zweimal) pro spielzug|während deiner main phase( 1| 2)?),? )*(du kannst|kannst du)\b(?! nur)",
               perm=r"(du kannst|kannst du) [^.]*\b(aktivieren|verwenden|ersetzen|als normalbeschwörung|durchführen|behandeln|setzen|angreifen)\b(?![^.]*\b(effekt|um)\b)",
               ign_force=r"(diesen|den) effekt (dieser karte )?aktivieren|\bum\b[^.]*\bzu\b"),
    # an old main clause ending in "…できる" (any verb, not only "…事ができる") is "you can"; "…する事で、"
    # (a cost paid by doing something) makes the effect optional too
    # "このカードの召喚時にカウンターを３つ置く": the moment of a Summon, without a comma (PSCT "If this card is Normal
    # Summoned: Place 3 counters on it")
    "ja": dict(trig=r"^[^。]*?(?P<t>時|度に|(た|だ)場合)、|^(このカードの)?(召喚|特殊召喚|反転召喚)(?P<t2>時)に", opt=r"(事|こと)ができる|できる。?$|(事|こと)で、",
               ign=r"^(1ターンに1度、)?(?!この効果)[^。]*?(?<!扱う)(?<!使用する)(?<!召喚する)(?<!セットする)(?<!発動する)(?<!攻撃する)(?<!攻撃をする)(?<!とする)(事|こと)ができる。?$"),
    "zh-Hans": dict(trig=r"^(此外[，,])?(?P<t>每次|每当)(?!(自己|对方|对手|双方)?的?(准备|结束|抽卡|抽牌)阶段)[^。，,]*[，,]|^[^。]*?(?P<t2>时|的场合|的情况下)(\([^()。]*\))?([，,:：]|(?=可以|才能))", opt=r"可以",
                    ign=r"^(1回合1次|一回合一次|1回合只有1次)[，,][^。]*?可以|(?<!不)可以发动(?=[。(（,，]|$|(此|这个|以下的?|相应的?|该)效果)|1回合只有1次可以"
                        # "可以把场上表侧表示存在的1只怪兽从游戏中除外": an old "You can <action>"
                        r"|^(此外[，,])?(1回合1次[，,])?可以(把|将|从|选择|让|给|丢弃|舍弃|支付|解放|宣言)"
                        # OurOCG's PSCT-like "1回合1次：可以支付500基本分；…" / "可以丢弃1张手卡；…": a cost, ";", the effect
                        r"|^(此外[，,])?(1回合1次[:：，,])?可以[^。；;]*[；;]"),
}


_OLD_ACTION = {
    "ja": re.compile(r"破壊|特殊召喚|手札に加え|墓地(へ|に)送|除外|ドロー|ダメージを与え|回復|捨て|置く|戻す|戻し|セット|装備|リリース"
                     r"|生け贄|宣言|選択|確認|めくり|取り除|コントロールを得|表示形式を変更|表示にする|表示になる|シャッフル|発動"
                     r"|上げる|下げる|置く|ライフポイントを|ダメージを受ける|を半分にする|サイコロを|コイントス|無効に|スキップ|めくる"
                     r"|このターン[^。]*(0|半分)になる|(アップ|ダウン)(でき|する事ができ|することができ)"
                     r"|ダメージを[^。、]*与え|コントロールは[^。]*移る"),
    "zh-Hans": re.compile(r"破坏|特殊召唤|加入|送去|送至|除外|抽|给与|给予|回复|丢弃|舍弃|放置|回到|返回|放回|盖放|装备|解放"
                          r"|宣言|选择|确认|翻开|取除|控制权|变更表示形式|表示|洗切|发动|基本分|等级上升|受到(?!的)[^。，,]*伤害|掷[^。，,]{0,4}(骰子|硬币)|无效|跳过"
                          r"|这个回合[^。]*变成(0|一半)|(?<!直到)(?<!直至)回合结束。?$"),
}


def _old_style(eff: ir.Effect, first: str, lang: str) -> None:
    p = _OLD[lang]
    first = re.sub(r"\s+([,;:.])", r"\1", first)
    first = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", first))
    if lang in ("en", "de"):
        _old_style_psct(eff, first, lang, p)
        return
    if re.search(r"代わりに|代替", first):
        return  # "…場合、代わりに…できる" / "作为代替": a replacement effect, which does not activate
    if re.match(r"(仅可|只能|仅能|仅在)", first):
        return  # "仅可在…的情况下，装备于…": a requirement of the card, not an effect
    if re.search(r"(此卡|这张卡)可以(灵摆|通常)召唤。?$|このカードを?ペンデュラム召喚(できる|する事ができる)。?$", first):
        return  # "在可灵摆召唤等级7的情况下，额外牌组表侧表示的此卡可以灵摆召唤": a permission of the rules (PSCT continuous)
    if re.search(r"(再1次|再度)召唤|もう1度召喚", first):
        return  # a Gemini monster's "可以把…这张卡当作通常召唤作再1次召唤": a rule of the card (PSCT continuous)
    # "●攻撃表示：１ターンに１度、…" / "3只：1回合1次，可以…": the label of a granted effect is not its condition
    first = re.sub(r"^●?((攻撃|守備|攻击|守备)表示|表|裏|[0-9]+[^。、，,:：]{0,4})[:：]", "", first)
    main_phase = re.match(_MAIN_PHASE_LEAD[lang], first)
    if _EACH_COST[lang].search(first) and _OLD_ACTION[lang].search(first[_EACH_COST[lang].search(first).end():]):
        # "…を生け贄に捧げる度に、相手ライフに…ダメージを与える" / "每把…作为祭品，给与…": the old wording of "You can
        # Tribute …; inflict …" — the player's own cost, an ignition effect
        eff.optional, eff.kind, eff.old_style = True, ir.ACTIVATED, True
        return
    trig = re.search(p["trig"], first)
    if trig and not main_phase:
        # the condition ends at its timing word, not at the first comma: "相手の効果によって、このカードが
        # 墓地へ送られた時、…" / "…存在し、…特殊召喚された時、…" hold commas inside the condition
        timing = trig.groupdict().get("t") or trig.groupdict().get("t2") or ""
        trig_end = trig.end()
        if not _condition(None, first[:trig_end].rstrip("、,，:："), lang).event:
            # "这张卡在墓地存在，自己手卡是0张的场合，…被战斗破坏送去自己墓地时，…" / "…存在する場合、…破壊された時、…": a
            # state, then the event the effect waits for — the condition ends at the event's timing word
            for later in re.finditer(_LATER_TIMING[lang], first[trig_end:]):
                if _condition(None, first[:trig_end + later.end()].rstrip("、,，:："), lang).event:
                    trig_end, timing = trig_end + later.end(), later.group("t")
                    break
        cond_text = first[:trig_end].rstrip("、,，:：")
        # "自己的准备阶段时" / "战斗阶段结束时": a point of the turn, not an event's "when" (PSCT "During …:")
        at_phase = re.search(r"(阶段|步骤|伤害计算|フェイズ|ステップ|ダメージ計算)(开始|结束|開始|終了)?(时|時)$", cond_text)
        cond = _condition(ir.COND_EACH if re.search(r"度に|每次|每当", timing) else
                          ir.COND_IF if re.search(r"場合|场合|情况下", timing) else
                          ir.COND_DURING if at_phase else ir.COND_WHEN, cond_text, lang)
        main = first[trig_end:]
        # like PSCT's "When …, <imperative>": the main clause must do something (destroy, draw, inflict …);
        # "…場合、攻撃力は200アップする" / "…的场合，攻击力上升200" and piercing damage are continuous effects
        # … except after a Summon: "このカードがシンクロ召喚に成功した時、…攻撃力は600ポイントアップする" is PSCT's
        # "When this card is Synchro Summoned: … gain 600 ATK", a trigger
        summoned = re.search(r"(召喚|召唤)(に成功した|成功|した|された|的)?(時|时|場合|的场合)$", cond.text)
        acts = (_OLD_ACTION[lang].search(main) and not _OLD_STATE_END[lang].search(main)) \
            or _NEXT_TURN_BAN[lang].search(main) \
            or (summoned and re.search(r"アップ|ダウン|上升|下降", main)) \
            or (cond.event and (_PAST_EVENT[lang].search(cond.text) or (cond.kind == ir.COND_EACH and _BATTLE_EVENT[lang].search(cond.text)))
                and _STAT_CHANGE[lang].search(main))
        optional = bool(re.search(p["opt"], first))
        if cond.kind == ir.COND_EACH and not optional and not _BATTLE_EVENT[lang].search(cond.text):
            # "…を発動する度に、このカードに魔力カウンターを1つ置く": like PSCT's "Each time …, place …", a
            # mandatory each-time effect applies without starting a chain — but what a battle brings about
            # ("每次这张卡给与对方玩家战斗伤害，宣言…", "…戦闘で破壊する度に、…") is a trigger at the end of the battle
            # (PSCT "If this card inflicts battle damage to your opponent: …"; scripts TRIGGER_F)
            return
        if not optional and _OLD_NOCHAIN[lang].search(cond.text) and _OLD_LINKED[lang].search(main):
            # like PSCT's "When this card leaves the field, destroy that monster": what happens as the card
            # leaves the field applies without a chain
            return
        # "…上级召唤的场合，解放的怪兽必须是风属性怪兽": a requirement on the Summon, not an action
        # … and piercing damage ("その数値だけ戦闘ダメージを与える", "给予对方基本分那个数值的战斗伤害") is continuous,
        # unlike gaining LP equal to the damage ("自己基本分回复给与的战斗伤害的数值")
        if cond.event and acts and not re.search(r"戦闘ダメージを与え|贯穿|穿刺|(?<!给与的)(?<!给予的)战斗伤害(?![^。]*变成(0|一半))|必须"
                                                 r"|でなければならない", main) \
                and not _OLD_BLOCK[lang].search(main) and not (not optional and _OLD_BLOCK_MANDATORY[lang].search(main)):
            eff.condition = cond
            eff.optional = optional
            eff.kind = ir.ACTIVATED
            eff.old_style = True
            return
        if lang == "zh-Hans" and not cond.event and _ZH_STATE_OPT.search(main):
            # "自己场上有…存在的场合：可以从卡组把1张魔法/陷阱卡送去墓地": a state, then "you can" and an action —
            # an ignition effect ("If you control …: You can …")
            eff.condition = cond
            eff.optional, eff.kind, eff.old_style = True, ir.ACTIVATED, True
            return
    if _phase_point(eff, first, lang, p):
        return
    # "自分フィールド上に…が存在する場合、１ターンに１度、…破壊する事ができる" / "…存在的场合，1回合1次，…": a state, then
    # "Once per turn" (PSCT "Once per turn: You can …. You must control … to activate")
    once = re.match(r"^([^。]*?(存在する|いる|ある)場合、|[^。]*?存在的(场合|情况下)[,，])?(1ターンに1度(だけ)?|1回合1次|一回合一次)[、,，]?", first)
    if (re.search(p["ign"], first) and not (re.search(r"特殊召喚できる|特殊召唤", first) and not re.search(r"[；;]", first))) or (
            once and _OLD_ACTION[lang].search(first[once.end():]) and not re.search(r"(ない|不会|不能)。?$", first)):
        # "1ターンに1度、…を選択して確認する。" — an old text's "Once per turn, <action>" is an ignition effect
        eff.optional = True
        eff.kind = ir.ACTIVATED
        eff.old_style = True
        return
    rest = first[main_phase.end():] if main_phase else first
    by_cost = re.search(_BY_COST[lang], rest)
    if ((by_cost and (_OLD_ACTION[lang].search(rest[by_cost.end():]) or _HALVES[lang].search(rest[by_cost.end():])
                      or _STAT_CHANGE[lang].search(rest[by_cost.end():])))
            or (main_phase and re.search(p["opt"], rest) and _OLD_ACTION[lang].search(rest))) \
            and not (re.search(_SELF_SUMMON[lang], rest) and not re.search(r"为对象[；;]|対象として", rest)) \
            and not re.search(r"(ない|不会|不能)。?$", rest):
        # "このカードをリリースする事で、…を手札に加える。" / "可以通过把这张卡解放，…": old wording of "You can
        # <cost> to <action>", and "自分のメインフェイズ時、…できる" ("During your Main Phase: You can …"): the
        # Main Phase is a window, not an event — ignition effects
        eff.optional = True
        eff.kind = ir.ACTIVATED
        eff.old_style = True


#: a later timing word of the same sentence ("…的场合，…时，" / "…場合、…時、")
_LATER_TIMING = {"ja": r"[^。、]*?(?P<t>時|(た|だ)場合)、", "zh-Hans": r"[^。，,]*?(?P<t>时|的场合|的情况下)[，,]"}


#: like PSCT's ``block`` for "When …, <imperative>": a prohibition ("…时，对方不能…"), the card's own
#: destruction ("被召唤的场合，这张卡破坏") or its own change of position at the end of a battle
#: ("战斗阶段结束时变成守备表示") applies without a chain; changing position right after a Summon
#: ("召喚・反転召喚に成功した時、守備表示になる") is a trigger
_OLD_BLOCK = {"ja": re.compile(r"^(?!.*(次の|このターン))[^。]*(できない|られない)|墓地へ(行かず|送らず)|分のリリースとする|^このカードを破壊する|(バトルフェイズ|ダメージステップ)終了時に"
                                r"(守備|攻撃)表示にな(る|り)"),
              "zh-Hans": re.compile(r"^(?!可以|.*(下次|下个|这个回合|此回合|回合结束))[^。]*(不能|不可)|不(送)?去墓地|可以作为[^。]*(解放|祭品)|^(这张卡|此卡)(被)?破坏。?$|(战斗阶段|伤害步骤)结束时(变成|变为)"
                                     r"(守备|攻击)表示")}

#: … and, for a mandatory effect, what only protects ("この戦闘では破壊されない", "这张卡不会被那次战斗破坏")
#: — unless it lasts for a stated time ("ターン終了時まで、…破壊されない", PSCT "If …: … cannot be destroyed … this turn")
_OLD_BLOCK_MANDATORY = {"ja": re.compile(r"^(?!.*(まで|このターン)).*(されない|受けない)"),
                        "zh-Hans": re.compile(r"^(?!.*(直到|为止|这个回合|此回合)).*(不会|不受|无法)")}
#: what a paid cost buys may be a value set for the turn ("…受到的效果伤害变成一半", "…ダメージは半分になる")
_HALVES = {"ja": re.compile(r"(半分|0|倍)になる"), "zh-Hans": re.compile(r"变成(一半|0|两倍)")}

#: a main clause that ends in a lasting state or a changed value, whatever it names on the way ("…限り、…攻撃力は
#: 700ダウンする", "…を装備したモンスターの攻撃力は2500アップする"): a continuous effect, not an action
#: — unless it lasts "until …" or is paid for ("…まで", "…事で"), which makes it a one-shot effect
_OLD_STATE_END = {"ja": re.compile(r"(?<!可能な)限り|^(?!.*(まで|事で|ことで)).*(アップ|ダウン)する。?$"),
                  "zh-Hans": re.compile(r"只要|只在|仅在|期间|(伤害步骤|战斗阶段)内|^(?!.*(直到|为止|通过)).*(上升|下降)[0-9]*(点|分)?。?$")}
#: a change of ATK/DEF made once when something has happened ("…破壊され墓地へ送られた場合、…攻撃力は500ダウンする",
#: PSCT "If …: Target 1 monster …; it loses 500 ATK") — not while something lasts ("…のみ", "…間", "…限り")
_PAST_EVENT = {"ja": re.compile(r"(た|だ)(時|場合)$"), "zh-Hans": re.compile(r"(时|成功的场合|被[^，,。]*的场合|战斗破坏[^，,。]*的场合|(给与|给予)[^，,。]*战斗伤害的场合)$")}
_STAT_CHANGE = {"ja": re.compile(r"^(?!.*(のみ|間|限り)).*(アップ|ダウン)する。?$"),
                "zh-Hans": re.compile(r"^(?!.*(只要|只在|仅在|期间|伤害计算|伤害步骤内|战斗阶段内)).*((上升|下降)[0-9]*(点|分)?|(直到|为止)[^。]*(上升|下降)[^。，,]*的?数值)。?$")}

#: the card (or the monster it is linked to) leaving the field
_OLD_NOCHAIN = {"ja": re.compile(r"(フィールド|フィールド上)から離れた(時|場合)$|(存在しなく|いなく)なった(時|場合)$"),
                "zh-Hans": re.compile(r"(从场上离开|离开场上|不在场上存在)(时|的场合)$")}

#: … destroying the card it is linked to ("その(装備)モンスターを破壊する")
_OLD_LINKED = {"ja": re.compile(r"^(その|装備|対象の|選択した|この)[^、。]{0,8}(モンスター|カード)を(破壊|ゲームから除外|除外)する。?$"),
               "zh-Hans": re.compile(r"^(把|将)?(那只|那张|装备|作为对象的|选择的|这张|此)[^，,。]{0,8}(怪兽|卡)(破坏|从游戏中除外|除外)。?$")}

#: a prohibition for the next turn once something happened ("…的场合，下次的对方回合，对方不能进行战斗阶段", "…場合、次の相手
#: ターン、相手はバトルフェイズを行う事ができない"): PSCT "If …: Your opponent cannot conduct their Battle Phase next turn"
_NEXT_TURN_BAN = {"ja": re.compile(r"次の[^。]*(できない|行えない)"), "zh-Hans": re.compile(r"(下次|下个)[^。]*(不能|不可)")}

#: a battle's result as the event
_BATTLE_EVENT = {"ja": re.compile(r"戦闘(で|によって)[^、。]*破壊し|戦闘ダメージを与え"),
                 "zh-Hans": re.compile(r"战斗破坏|战斗伤害(?!以外)")}

#: a cost the player pays "each time" they pay it
_EACH_COST = {"ja": re.compile(r"^[^。]*を(生け贄に捧げる|リリースする|ゲームから除外する|除外する|墓地へ送る|墓地に送る|捨てる)度に、"),
              "zh-Hans": re.compile(r"^每(把|将)[^。，,]*(作为祭品|解放|从游戏中除外|除外|送去墓地|丢弃)[，,]")}

#: "可以" opening a main clause with an action verb
_ZH_STATE_OPT = re.compile(r"^可以(把|将|从|选择|让|给|通过|以)[^。]*?(" + _OLD_ACTION["zh-Hans"].pattern + ")")

#: a head that opens with the opponent's (or either player's) turn or phase
_WINDOW_LEAD = {"ja": re.compile(r"^(自分・)?相手の?(ターン|メインフェイズ|バトルフェイズ)"),
                "zh-Hans": re.compile(r"^(在)?(每个)?(自己[・·/／])?(对方|对手)的?(回合|主要阶段|战斗阶段)")}

#: a point in the turn an old effect happens at: "…ターンのエンドフェイズ時に持ち主の手札に戻る", "…の効果をダメージ
#: 計算後に無効化する", "自分のスタンバイフェイズ毎に、…" — PSCT's "During the End Phase …: Return it"
_PHASE_POINT = {
    "ja": re.compile(r"(エンドフェイズ|スタンバイフェイズ|ダメージ計算後|ダメージステップ終了時|バトルフェイズ終了時"
                     r"|(ドロー|スタンバイ|バトル)フェイズ開始時)(時|毎)?(に|、)"),
    "zh-Hans": re.compile(r"(?<!直到)(?<!直至)((?<!在)(结束阶段|准备阶段)|伤害计算后|伤害步骤结束时|战斗阶段结束时|(抽卡|抽牌|准备)阶段开始时)(时|中)?[，,]?"),
}
#: not a one-shot happening: a maintenance cost ("…毎に500ライフポイントを払う。または…"), a replacement, a
#: prohibition, an each-time event ("每次…" other than "每次自己的准备阶段", which is the phase itself)
_PHASE_BLOCK = re.compile(r"払う|払わ|支付(?!的)|または|或|每次(?!(自己|对方|对手|双方)?的?(准备|结束|抽卡|抽牌)阶段)|のみ|只在|只能在|仅可在|仅能在"
                          r"|代わり|代替|できない|不能|されない|不会")
#: … or, after the phase, a lasting state ("…限り", "只要…") or a change that lasts ("…まで", "直到…") — a state
#: before the phase ("このカードが…存在する限り、相手ターンのスタンバイフェイズ時に…送る") only says while it applies
_PHASE_MAIN_BLOCK = re.compile(r"限り|只要|まで|直到|为止")


def _phase_point(eff: ir.Effect, first: str, lang: str, p: dict) -> bool:
    m = _PHASE_POINT[lang].search(first)
    if not m or _PHASE_BLOCK.search(eff.text or first):
        return False
    main = first[m.end():]
    if _PHASE_MAIN_BLOCK.search(main):
        return False
    if re.search(r"(このカード(を|は)?(発動後、)?|这张卡|此卡)(?:(?!モンスター|怪兽)[^。、，,]){0,16}(破壊|墓地へ送|破坏|送去墓地|(融合|エクストラ|EX)デッキに戻(?!す(事|こと))"
                 r"|(回到|返回)(融合|额外)卡组)|^(此卡|这张卡)[^。]{0,30}(破坏|送去墓地|送至墓地)。?$", first):
        # like PSCT's "…, destroy this card" / "Send this card to the GY during …" (see ``block``): the
        # card's own end, not a chained effect
        return False
    if not (_OLD_ACTION[lang].search(main) or re.search(r"無効(に|化)する|无效|戻る|与える", main)):
        return False
    other = re.search(r"(怪兽|モンスター)(は|を)?在?$", first[:m.start()])
    if re.search(r"アップ|ダウン|上升|下降|になる|变成", main) and not re.search(r"ダメージを与え|给与", main) \
            and not (other and re.search(r"表示", main)) and not re.search(r"直到|まで|变成0|变为0|が0にな|を0にす", main):
        # "…エンドフェイズ時に…攻撃力は倍になる": a stat that changes, not an action; and this card's own change of
        # position ("这张卡攻击的场合，战斗阶段结束时变成守备表示") applies without a chain — changing the position of
        # the monster it battled ("和这张卡进行战斗的怪兽在伤害步骤结束时变成守备表示") is an action
        return False
    eff.condition = _condition(ir.COND_DURING, first[:m.end()], lang)
    eff.condition.phase = True
    eff.optional = bool(re.search(p["opt"], first))
    eff.kind = ir.ACTIVATED
    eff.old_style = True
    return True


#: "自分のメインフェイズ時、" / "自己的主要阶段时，": the window an old ignition effect is used in
_MAIN_PHASE_LEAD = {"ja": r"^(また、)?(1ターンに1度、)?(自分の)?メインフェイズ(1|2)?(時|中)(に、?(?![^。、]*(時|場合)、)|、)",
                    "zh-Hans": r"^(此外[，,])?(1回合1次[，,])?(在)?(自己的?)?主要阶段(1|2)?(时|中)?([，,:：]|(?=可以))"}
#: a cost paid by doing something, old wording: "…する事で、" / "可以通过把…，" / "可以以…为对象；"
_BY_COST = {"ja": r"^(また、)?(1ターンに1度、)?([^。]*?(事|こと)で、|[0-9]+(ライフポイント|LP)を払って)",
            # "可以通过把这张卡作为祭品从手卡…特殊召唤" runs the cost into the action without a comma
            "zh-Hans": r"^(此外[，,])?(1回合1次[，,])?([^。，,]*(存在时|存在的场合)[，,])?可以(通过[^。]*?[，,]|以[^。]*?为对象[；;]"
                       r"|通过(把|将)[^。，,]*?(作为祭品|作为代价|解放|丢弃|舍弃|送去墓地|除外))"}
#: "…事で、このカードを手札から特殊召喚する": a summoning procedure, not an activated effect
_SELF_SUMMON = {"ja": r"このカードを(手札から|墓地から)?特殊召喚", "zh-Hans": r"(这张卡|此卡)(从手卡|从手牌|从墓地)?特殊召唤"}


def _old_style_psct(eff: ir.Effect, first: str, lang: str, p: dict) -> None:
    if re.search(p["lead"], first):
        # try each top-level comma as the end of the leading condition
        depth = 0
        for i, ch in enumerate(first):
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth = max(0, depth - 1)
            elif ch == "," and depth == 0:
                main = first[i + 1:].strip()
                opt = bool(re.search(p["opt"], main))
                if not opt and not re.search(p["imper"], main):
                    continue
                if re.search(p["block"], main):
                    return
                if opt and re.search(p["perm"], main) and not re.search(p["ign_force"], main):
                    return  # "During your Main Phase, you can Normal Summon … in addition": a permission
                cond_text = first[:i].strip()
                if re.search(r"\b(would|würdest|würde|würden)\b", cond_text):
                    return  # "if you would …, you can …instead": a replacement/permission, not a trigger
                if re.search(p["nochain"], cond_text) and not opt:
                    # "Each time …, inflict …", "When this card leaves the field, destroy that monster": effects
                    # that apply without starting a chain
                    return
                kind = ir.COND_WHEN
                lead_cond = re.sub(r"^(while|solange) [^,]*,\s*", "", cond_text)
                if re.match(r"^(if|falls|after|nachdem)\b", lead_cond):
                    kind = ir.COND_IF
                elif re.match(r"^(each time|every time|whenever|jedes mal|immer wenn)\b", lead_cond):
                    kind = ir.COND_EACH
                elif re.match(r"^(at|during|once per turn|once during|am|während|einmal)\b", cond_text):
                    kind = ir.COND_DURING
                cond = _condition(kind, cond_text, lang)
                if not (cond.event or (kind == ir.COND_DURING and cond.phase)):
                    if opt and kind == ir.COND_IF and re.match(r"^(once|einmal) ", cond_text):
                        # "Once per turn, if you control …, you can …": a state and "you can" — an ignition effect
                        eff.condition, eff.optional, eff.kind, eff.old_style = cond, True, ir.ACTIVATED, True
                    return
                eff.condition = cond
                eff.optional = opt
                eff.kind = ir.ACTIVATED
                eff.old_style = True
                return
        return
    if re.search(p["ign"], first) and (not re.search(p["perm"], first) or re.search(p["ign_force"], first)):
        eff.optional = True
        eff.kind = ir.ACTIVATED
        eff.old_style = True


def _walk(node: Tree):
    """Subtrees top-down, not descending into bullets (granted/modal effect lists stay opaque)."""
    stack = [node]
    while stack:
        t = stack.pop()
        yield t
        if t.data == "bullet" or (t.data == "head" and t is not node):
            continue
        stack.extend(reversed([c for c in t.children if isinstance(c, Tree)]))


def _condition(kind, text: str, lang: str) -> ir.Condition:
    rx = _COND_RE[lang]
    c = ir.Condition(kind=kind, text=text)
    c.opponent_activates = bool(rx["opponent_activates"].search(text))
    c.phase = bool(rx["phase"].search(text))
    c.either_turn = bool(rx["either_turn"].search(text))
    c.opponent_turn = bool(rx["opponent_turn"].search(text))
    c.main_phase = bool(rx["main_phase"].search(text))
    c.phase_start = bool(_PHASE_START[lang].search(text))
    if lang in ("ja", "zh-Hans"):
        # "…存在する場合にこのカードが召喚に成功した時": a state, then the event in the same clause
        tail = re.split(r"[、,，]|(?<=場合)に(?=[^、,，]*(時|場合)$)", text)[-1]
        c.event = (bool(rx["event"].search(tail)) and not _STATE[lang].search(tail) and not _MAIN_WINDOW[lang].match(tail)) \
            or bool(_ACTIVATION_EVENT[lang].search(tail))
    else:
        core = _core_condition(text, lang)
        # (not at German suspended compounds: "als Normal- oder Spezialbeschwörung beschworen wird" is one event)
        # ("ein oder mehr" / "1 or more" is a quantity, not a second conjunct)
        first = re.split(r"(?<!-)\s(and|or|und|oder)\s(?!(mehr|more)\b)", core)[0]
        c.event = (bool(rx["event"].search(core)) and not _STATE[lang].search(core)) or (
            bool(rx["event"].search(first)) and not _STATE[lang].search(first)) or bool(_PERFECT.get(lang) and _PERFECT[lang].search(core))
    return c


def _core_condition(text: str, lang: str) -> str:
    """The condition's own clause: parentheses ("(except during the Damage Step)"), a leading "Once per
    turn," and subordinate "while …" / "solange …" tails removed — "If a monster is Special Summoned
    while this card is in your GY" is an event, "If this card is in your GY" a state."""
    t = re.sub(r"\([^()]*\)", " ", text)
    if lang == "en":
        t = re.sub(r"^\s*(once|twice) per (turn|chain|duel|battle)\s*,?\s*", "", t)
        # "While you control this face-up card, when …": the state only says while the event counts
        t = re.sub(r"^\s*while [^,]*,\s*(?=(when|if|each time|whenever)\b)", "", t)
        # "If a "Triamid" card(s) you control, except "Triamid Sphinx", is destroyed": an exception inside the subject
        t = re.sub(r",\s*except [^,]*,", " ", t)
        t = re.split(r"\s(while|except|unless)\s", " " + t + " ", maxsplit=1)[0]
    else:
        t = re.sub(r"^\s*einmal pro (spielzug|kette)\s*,?\s*", "", t)
        # "Solange du diese offene Karte kontrollierst, wenn …": the state only says while the event counts
        t = re.sub(r"^\s*solange [^,]*,\s*(?=(wenn|falls|jedes mal|immer wenn)\b)", "", t)
        # "Falls ein „Mayakashi“-Monster, die dir gehören, außer „Tsukahagi…“, durch Kampf zerstört wird": an exception
        # inside the subject, as in English
        t = re.sub(r",\s*außer [^,]*,", " ", t)
        t = re.split(r",?\s(während|solange|außer)\s", " " + t + " ", maxsplit=1)[0]
    return " ".join(t.split())


_PHASE_START = {"en": re.compile(r"\b(standby|end|draw) phases?\b|\bat the (start|end|beginning) of (the|your|each|your opponent's) "
                                r"(battle phase|damage step)\b"),
                "de": re.compile(r"\b(standby|end|draw) phases?\b|\b(zu beginn|am (ende|beginn|anfang)) (der|deiner|jeder|des) "
                                r"(battle phase|damage steps?)\b"),
                # "ダメージステップ開始時からダメージ計算前までに" is a window (a range), not the start of a step
                "ja": re.compile(r"(スタンバイ|エンド|ドロー)フェイズ|(フェイズ|ステップ)(の)?(開始|終了)時(?!から)|ダメージ計算後"),
                "zh-Hans": re.compile(r"(准备|结束|抽卡|抽牌)阶段|(阶段|步骤)(开始|结束)时(?!起?(到|至))|伤害计算后")}

#: "…存在的场合，自己的主要阶段时" / "…場合、自分メインフェイズ１開始時に": the Main Phase (or its start) the effect is
#: used in is a window, not an event — PSCT "During your Main Phase, if …: You can" (scripts IGNITION)
_MAIN_WINDOW = {"ja": re.compile(r"^(1ターンに1度、)?(自分|相手|お互い)?の?メインフェイズ(1|2)?(開始時|時|中)?(に|、)?$"),
                "zh-Hans": re.compile(r"^(1回合1次)?(在)?(自己|对方|对手|双方)?的?(各自的)?主要阶段(1|2)?(开始时|时|中)?$")}

#: "对手发动手牌・墓地・除外状态的卡的效果时", "…不存在的属性的怪兽的效果时": an activation is the event, whatever state words
#: describe the card on the way
_ACTIVATION_EVENT = {"ja": re.compile(r"発動した(時|場合)$"), "zh-Hans": re.compile(r"发动[^，,。]*(时|之际)$")}

_SELF_FLIP = {"ja": re.compile(r"^(このカード|1ターンに1度、このカード)が?リバースした(場合|時)$"),
              "zh-Hans": re.compile(r"^(这张卡|此卡)(被)?反转(的场合|时|的情况下)$")}

#: "falls diese Karte angegriffen hat": the perfect tense of an event (a participle before "hat"), not a state
_PERFECT = {"de": re.compile(r"^(falls|wenn) [^,:]*\b(\w*ge\w+(t|en)|zerstört|verbannt|aktiviert|beschworen|erhalten|verloren) (hat|haben|hast)\b")}

#: conditions that describe a state, not an event ("If this card is in your GY", "While …", "If you control …")
_STATE = {
    "en": re.compile(r"^((if|when) [^,:]*? (is|are) (in|on|face-up|face-down|equipped with|an equip|treated|currently|still|not|the only)\b"
                     r"|(if|when) [^,:]*? (is|are) (an?|your|in your) [^,:]*?(card|monster|trap|spell)s?$"
                     r"|(if|when) (you|your opponent|each player|a player|neither player|both players) (control|controls|have|has|do not|does not|control no|are|is)\b"
                     r"|(if|when) (it is|it's) (your|the|their|your opponent's) |while\b|(if|when) [^,:]*? (has|have) (\d|no|a|an|any)\b"
                     r"|(if|when) [^,:]*?\b(lp|life points) (is|are)\b"
                     # "During your Main Phase, if this card was Normal Summoned this turn:": what happened this
                     # turn is a state of the turn, the window decides (an ignition effect)
                     r"|(if|when) [^,:]*? (was|were) [^,:]*? this turn\b)"),
    "de": re.compile(r"^((falls|wenn) [^,:]*? (liegt|ist|sind|befindet|befinden|kontrollierst|kontrolliert|hast|hat|habt)\b(?![^,:]*\b(worden|wurde|wird|werden)\b)|solange\b"
                     r"|(falls|wenn) [^,:]*?\bin diesem spielzug\b[^,:]*? (wurde|wurden)\b)"),
    # "モンスターカードだった場合", "１～５の目が出た場合": what a resolution found (a card's kind, a die's
    # result) — a branch of that resolution, not an event
    # a noun or an adjective before "場合" ("永続罠カード扱いの場合", "…より多い場合") is a state
    "ja": re.compile(r"(存在する|存在しない|いる|いない|ある|ない)(場合|限り)|状態で|(?<![たっ])の場合$|(多い|少ない|高い|低い)場合$"
                     r"|^(?![^、]*(?<!だっ)(?<!であっ)(?<!でなかっ)た(?!場合|時))[^、]*(だった|であった|でなかった)(場合|時)$|(てい|でい)た(場合|時)$"
                     r"|目が出た(場合|時)$|(表|裏)が出た(場合|時)$"),
    # "自己场上存在攻击力为0的怪兽的情况下": 存在 with no event verb after it is a state
    # "此卡是被同步召唤的情况下" ("If this card is a Synchro Summoned card"), "此卡被装备中的情况下", and
    # "存在被从额外牌组特殊召唤的怪兽的情况下" (a monster that was Summoned exists) are states too
    # "在…的场合" is a place ("这张卡在墓地的场合"), unless an event verb follows ("…在对方场上特殊召唤的场合")
    # "此卡是从手牌特殊召唤的情况下", "这张卡是已同调召唤的场合" (a card that was Summoned: "if you control this card that
    # was …"), "…的合计是3只的场合", "攻击力比原本攻击力高的场合" (a count or a comparison) are states as well
    "zh-Hans": re.compile(r"(^(此卡|这张卡)是[^，,。]*(的情况下|的场合)$|是[0-9]+(只|张)[^，,。]*(的情况下|的场合)$|(高|低|多|少)的(场合|情况下)$"
                          r"|是被|装备中|存在时$|存在[^，,。]*(怪兽|卡)(的情况下|的场合)$|存在的场合|存在的情况下|不存在|没有[^，。]*的场合|(?<!持)有[^，。]*存在(?![^，,。]*(被|送|破坏|召唤|除外|离开|回到|加入|发动|反转|攻击|战斗))|状态(?![^，,。]*(被|送|破坏|召唤|除外|离开|回到|返回|解放))"
                          r"|(?<!存)在(?![^，。]*(被|送|破坏|召唤|除外|离开|回到|返回|加入|发动|反转|攻击|战斗|抽|丢弃|解放|变))[^，。]*的场合"
                          r"|存在(?![^，,。]*(被|送|破坏|召唤|除外|离开|回到|加入|发动|反转|攻击|战斗))[^，,。]*(的情况下|的场合)$)"),
}


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
        eff.condition = _condition(kind, cond_text, lang)
    if ";" in n and lang in ("en", "de"):
        eff.cost = ir.Clause(text=n.split(";")[0])
    eff.kind = ir.ACTIVATED if (head or eff.optional or eff.quick or eff.flip or eff.cost) else ir.PASSIVE
    if eff.activates_card:
        eff.kind = ir.ACTIVATE_CARD
    if eff.kind == ir.PASSIVE and lang in ("ja", "zh-Hans"):
        # the OCG's old wording ("…時、…を破壊する。") is read from the words alone, parsed or not
        _old_style(eff, re.split(r"(?<=。)", n, maxsplit=1)[0], lang)
    elif eff.kind == ir.PASSIVE:
        # … and so is old PSCT ("When the equipped monster is destroyed …, inflict damage …"), from its first sentence
        _old_style(eff, re.split(r"(?<=\.)\s", n, maxsplit=1)[0], lang)
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
