"""Pre-PSCT wordings: an old effect without ":" ("When …, <imperative>", "Once per turn, you can …", the
OCG's "…時、…できる") read as the trigger, ignition or continuous effect PSCT would print."""

from __future__ import annotations

import re

from cardlint.ygo import ir
from cardlint.ygo.conditions import read_condition


#: pre-PSCT wording without ":" — "When …, <imperative>" (a trigger), "Once per turn, you can …" (ignition).
#: A leading adverbial (condition) is split from the main clause at the first comma after which the main
#: clause starts; the main clause must start with "you can" (optional) or an imperative verb (mandatory).
OLD_WORDING = {
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


#: an old unnumbered sentence that only pays a cost — sends a card to the GY, Tributes, pays LP, discards — with
#: no condition of its own: "表側表示のこのカードを生け贄に捧げる。…を戻す。" / "支付800基本分。…" is PSCT's "You can
#: Tribute this face-up card to …" (the classifier reads the pair as an effect the player activates)
COST_SENTENCE = re.compile(
    # (not a maintenance cost "…毎に…払う" / "每次…支付", nor a sentence with a condition or "you can" of its own)
    r"^(?![^。]*(時|时|場合|场合|毎|每|度に|[:：]|可以|できる|コントローラー|控制者))"
    r"(?:[^、。]*(を(墓地に|墓地へ)送る|を生け贄に捧げる|をリリースする|(ライフポイント|LP)を払う|を捨てる)。$"
    r"|(把|将)?[^，,。；;]*(送去墓地|作为祭品|解放|支付[0-9]+(基本分|LP)|丢弃)。$)")

OLD_ACTION = {
    "ja": re.compile(r"破壊|特殊召喚|手札に加え|墓地(へ|に)送|除外|ドロー|ダメージを与え|回復|捨て|置く|戻す|戻し|セット|装備|リリース"
                     r"|生け贄|宣言|選択|確認|めくり|取り除|コントロールを得|表示形式を変更|表示にする|表示になる|シャッフル|発動"
                     r"|上げる|下げる|置く|ライフポイントを|ダメージを受ける|を半分にする|サイコロを|コイントス|無効に|スキップ|めくる"
                     r"|このターン[^。]*(0|半分)になる|(アップ|ダウン)(でき|する事ができ|することができ)"
                     r"|ダメージを[^。、]*与え|コントロールは[^。]*移る"),
    "zh-Hans": re.compile(r"破坏|特殊召唤|加入|送去|送至|除外|抽|给与|给予|回复|丢弃|舍弃|放置|回到|返回|放回|盖放|装备|解放"
                          r"|宣言|选择|确认|翻开|取除|控制权|变更表示形式|表示|洗切|发动|基本分|等级上升|受到(?!的)[^。，,]*伤害|掷[^。，,]{0,4}(骰子|硬币)|无效|跳过"
                          r"|这个回合[^。]*变成(0|一半)|(?<!直到)(?<!直至)回合结束。?$"),
}


def read_old_wording(eff: ir.Effect, first: str, lang: str) -> None:
    p = OLD_WORDING[lang]
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
    if _EACH_COST[lang].search(first) and OLD_ACTION[lang].search(first[_EACH_COST[lang].search(first).end():]):
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
        if not read_condition(None, first[:trig_end].rstrip("、,，:："), lang).event:
            # "这张卡在墓地存在，自己手卡是0张的场合，…被战斗破坏送去自己墓地时，…" / "…存在する場合、…破壊された時、…": a
            # state, then the event the effect waits for — the condition ends at the event's timing word
            for later in re.finditer(_LATER_TIMING[lang], first[trig_end:]):
                if read_condition(None, first[:trig_end + later.end()].rstrip("、,，:："), lang).event:
                    trig_end, timing = trig_end + later.end(), later.group("t")
                    break
        cond_text = first[:trig_end].rstrip("、,，:：")
        # "自己的准备阶段时" / "战斗阶段结束时": a point of the turn, not an event's "when" (PSCT "During …:")
        at_phase = re.search(r"(阶段|步骤|伤害计算|フェイズ|ステップ|ダメージ計算)(开始|结束|開始|終了)?(时|時)$", cond_text)
        cond = read_condition(ir.COND_EACH if re.search(r"度に|每次|每当", timing) else
                          ir.COND_IF if re.search(r"場合|场合|情况下", timing) else
                          ir.COND_DURING if at_phase else ir.COND_WHEN, cond_text, lang)
        main = first[trig_end:]
        # like PSCT's "When …, <imperative>": the main clause must do something (destroy, draw, inflict …);
        # "…場合、攻撃力は200アップする" / "…的场合，攻击力上升200" and piercing damage are continuous effects
        # … except after a Summon: "このカードがシンクロ召喚に成功した時、…攻撃力は600ポイントアップする" is PSCT's
        # "When this card is Synchro Summoned: … gain 600 ATK", a trigger
        summoned = re.search(r"(召喚|召唤)(に成功した|成功|した|された|的)?(時|时|場合|的场合)$", cond.text)
        acts = (OLD_ACTION[lang].search(main) and not _OLD_STATE_END[lang].search(main)) \
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
            once and OLD_ACTION[lang].search(first[once.end():]) and not re.search(r"(ない|不会|不能)。?$", first)):
        # "1ターンに1度、…を選択して確認する。" — an old text's "Once per turn, <action>" is an ignition effect
        eff.optional = True
        eff.kind = ir.ACTIVATED
        eff.old_style = True
        return
    rest = first[main_phase.end():] if main_phase else first
    by_cost = re.search(_BY_COST[lang], rest)
    if ((by_cost and (OLD_ACTION[lang].search(rest[by_cost.end():]) or _HALVES[lang].search(rest[by_cost.end():])
                      or _STAT_CHANGE[lang].search(rest[by_cost.end():])))
            or (main_phase and re.search(p["opt"], rest) and OLD_ACTION[lang].search(rest))) \
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
_ZH_STATE_OPT = re.compile(r"^可以(把|将|从|选择|让|给|通过|以)[^。]*?(" + OLD_ACTION["zh-Hans"].pattern + ")")

#: a head that opens with the opponent's (or either player's) turn or phase
WINDOW_LEAD = {"ja": re.compile(r"^(自分・)?相手の?(ターン|メインフェイズ|バトルフェイズ)"),
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
    if not (OLD_ACTION[lang].search(main) or re.search(r"無効(に|化)する|无效|戻る|与える", main)):
        return False
    other = re.search(r"(怪兽|モンスター)(は|を)?在?$", first[:m.start()])
    if re.search(r"アップ|ダウン|上升|下降|になる|变成", main) and not re.search(r"ダメージを与え|给与", main) \
            and not (other and re.search(r"表示", main)) and not re.search(r"直到|まで|变成0|变为0|が0にな|を0にす", main):
        # "…エンドフェイズ時に…攻撃力は倍になる": a stat that changes, not an action; and this card's own change of
        # position ("这张卡攻击的场合，战斗阶段结束时变成守备表示") applies without a chain — changing the position of
        # the monster it battled ("和这张卡进行战斗的怪兽在伤害步骤结束时变成守备表示") is an action
        return False
    eff.condition = read_condition(ir.COND_DURING, first[:m.end()], lang)
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
                cond = read_condition(kind, cond_text, lang)
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
