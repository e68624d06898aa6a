"""What a Yu-Gi-Oh! condition means: an opponent's activation, a phase, "either player's turn", an event or a
state — read from the words of the condition with a small per-language lexicon; the only language-specific part
of reading a condition."""

from __future__ import annotations

import re

from cardlint.ygo import ir


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


def read_condition(kind, text: str, lang: str) -> ir.Condition:
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
        c.event = (bool(rx["event"].search(tail)) and not STATE[lang].search(tail) and not _MAIN_WINDOW[lang].match(tail)) \
            or bool(_ACTIVATION_EVENT[lang].search(tail))
    else:
        core = _core_condition(text, lang)
        # (not at German suspended compounds: "als Normal- oder Spezialbeschwörung beschworen wird" is one event)
        # ("ein oder mehr" / "1 or more" is a quantity, not a second conjunct)
        first = re.split(r"(?<!-)\s(and|or|und|oder)\s(?!(mehr|more)\b)", core)[0]
        c.event = (bool(rx["event"].search(core)) and not STATE[lang].search(core)) or (
            bool(rx["event"].search(first)) and not STATE[lang].search(first)) or bool(_PERFECT.get(lang) and _PERFECT[lang].search(core))
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

#: "falls diese Karte angegriffen hat": the perfect tense of an event (a participle before "hat"), not a state
_PERFECT = {"de": re.compile(r"^(falls|wenn) [^,:]*\b(\w*ge\w+(t|en)|zerstört|verbannt|aktiviert|beschworen|erhalten|verloren) (hat|haben|hast)\b")}

#: conditions that describe a state, not an event ("If this card is in your GY", "While …", "If you control …")
STATE = {
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
