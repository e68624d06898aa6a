"""Normalisation and segmentation of Yu-Gi-Oh! card text into effect segments (classification.md §5).

* ja / zh-Hans: circled numbers ①②③… start effects; the text before ① is split into sentences
  (summoning conditions, "このカード名の…１ターンに１度" restrictions).  Texts without circled
  numbers (older cards) are grouped sentence by sentence like PSCT.
* en / de (Problem-Solving Card Text): an effect is a run of sentences from its activation/condition
  to the end of its resolution; summoning conditions and once-per-turn restrictions are separate.

Each :class:`Segment` carries the original text (for output) and the normalised text the grammar reads:
card names in quotes are replaced by the placeholder ``‹n›`` (and ``《n》`` style brackets likewise),
English/German text is lower-cased, Japanese/Chinese text is NFKC-normalised (full-width digits and
punctuation to ASCII) after the circled numbers were used for splitting.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from cardlint.ygo.oldwording import COST_SENTENCE

NAME = "‹n›"
MAT = "‹mat›"

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"

#: kinds a segmenter can already tell (the grammar confirms them)
SEG_EFFECT = "effect"
SEG_SUMMON = "summon"
SEG_RESTRICTION = "restriction"
SEG_MATERIALS = "materials"


@dataclass
class Segment:
    text: str          # original text of the effect (for output)
    norm: str          # normalised text the grammar reads
    hint: str = SEG_EFFECT
    index: int | None = None  # circled number (1-based) when the text has one
    #: an old unnumbered effect followed by "この効果は1ターンに1度しか使用できない" ("This effect can only be used once
    #: per turn"): the limit is what marks the sentence as an activated effect (PSCT "Once per turn: You can …")
    use_limited: bool = False


# ------------------------------------------------------------------ helpers

_QUOTES = {
    "en": [(r'"[^"\n]{1,120}?"', NAME), (r"“[^”\n]{1,120}?”", NAME)],
    "de": [(r"„[^“”\n]{1,120}?[“”]", NAME), (r'"[^"\n]{1,120}?"', NAME), (r"“[^”\n]{1,120}?”", NAME)],
    "ja": [(r"「[^」\n]{1,120}」", NAME), (r"『[^』\n]{1,120}』", NAME)],
    "zh-Hans": [(r"“[^”\n]{1,120}?”", NAME), (r"「[^」\n]{1,120}」", NAME), (r"『[^』\n]{1,120}』", NAME),
                (r'"[^"\n]{1,120}?"', NAME)],
}


def mask_names(text: str, lang: str, name: str | None = None) -> str:
    """Replace quoted card names (and the card's own name when given) by the NAME placeholder."""
    for pat, rep in _QUOTES.get(lang, _QUOTES["en"]):
        text = re.sub(pat, f" {rep} " if lang in ("en", "de") else rep, text)
    if name and len(name) > 2:
        text = text.replace(name, f" {NAME} " if lang in ("en", "de") else NAME)
    return text


def _split_sentences(text: str, enders: str) -> list[str]:
    """Split on sentence enders outside parentheses; keeps the ender with the sentence."""
    out, buf, depth = [], [], 0
    n = len(text)
    for i, ch in enumerate(text):
        buf.append(ch)
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth = max(0, depth - 1)
        elif ch in enders and depth == 0:
            nxt = text[i + 1] if i + 1 < n else " "
            if ch == "." and not (nxt.isspace() or nxt in "\"“”„●•"):
                continue
            s = "".join(buf).strip()
            if s:
                out.append(s)
            buf = []
    rest = "".join(buf).strip()
    if rest:
        out.append(rest)
    return out


def _is_reminder(sentence: str) -> bool:
    s = sentence.strip()
    # the OCG prints the name rule ("This card is always treated as …", a parenthesis in PSCT) as a sentence
    s = s.rstrip(".。")
    return (s.startswith("(") and s.endswith(")")) or (s.startswith("（") and s.endswith("）")) \
        or bool(_NAME_RULE.search(s)) or bool(re.match(r"^damage calculation is applied( normally)?$", s, re.I))


_NAME_RULE = re.compile(r"^(このカード名?|此卡名?|这张卡的?卡名)は?(、)?ルール上|^(此卡名?|此卡的卡名|这张卡的?卡名|这个卡名|这张卡)在?规则上"
                        # a Trap Monster's "(This card is also still a Trap.)", a parenthesis in PSCT
                        r"|^(このカードは)?罠カードとしても扱う。?$|^(这张卡|此卡)也当作陷阱卡使用。?$"
                        # "(Damage calculation is applied.)", a parenthesis in PSCT
                        r"|^ダメージ計算は(通常通り)?適用する。?$|^伤害计算(照常)?适用。?$"
                        # "(This card's effect cannot be negated by "Necrovalley".)", a parenthesis in PSCT
                        r"|^このカードの効果は‹n›の効果(では|によって)無効化されない。?$|^(这张卡|此卡)的效果不会(被|因)‹n›的效果(被)?无效化?。?$")


# ------------------------------------------------------------------ English / German (PSCT)

# These tables are used with .search() for a yes/no answer: an unanchored branch is written "\bX", never
# ".*\bX" — the search tries every start anyway, and ".*" made each try scan to the end (quadratic).
_EN = {
    "summon_cont": re.compile(r"^(if you do|if (it was |this card was |it is |this card is )?summoned this way|if special summoned this way"
                              r"|you must also (tribute|offer))\b"
                              r"|\bthe turn you (special )?summon (it |this card )?this way\b"),
    "following": re.compile(r"(following|these) effects?\b|each effect\b|1 of the following|each of the following|\bapply this effect\b"),
    "gains": re.compile(r"\b(gains?|get|gets|has|have) (these|this|the following|1 of these) effects?\b|\bgains? (these|the following)\b"
                        r"|\bwith (this|these|the following) effects?\b|\bgains? effects (based on|depending on)\b"),
    "grave": re.compile(r"\bthis card (from|in) (your )?(gy|graveyard)\b|\bbanish this card\b(?! instead of sending it)|\bthis card is (in your (gy|graveyard)|banished|sent)\b|\bset this card\b"),
    "restriction": re.compile(r"^this effect can only be used once\b"
                              # where or when the card may also be activated: a rule of the card, not an effect
                              r"|^((if|while) [^.:;]*, )?you can (also )?activate this card (from your hand|the turn it was set|in the turn it was set)\b(?![^.]*[:;])"
                              # the turn's rule that comes with activating the card or effect (an OCG rule line)
                              r"|^you (cannot|can't) [^.]*\bthe turn you activate (this card|this effect|either|any|that|each|1)\b"
                              r"|^((when|if) using this card as (an? )?(synchro|fusion|xyz|link) material( monster)?, )?the other (synchro|fusion|xyz|link) material"
                              r"|^when using this card as (an? )?(synchro|fusion|xyz|link) material|^(this card )?cannot be used as (an? )?((synchro|fusion|xyz|link|ritual)( or (synchro|fusion|xyz|link))? material\b|material for an? (synchro|fusion|xyz|link)( or (synchro|fusion|xyz|link))? summon\b)(?![^.]*[:;])"
                              r"|^(if|when) this card is used as (an? )?(synchro|fusion|xyz|link) material( monster)?, (all )?(the )?other\b"
                              r"|^there can only be (1|one) (face-up )?‹n›( monster| card)? (on the field|you control)\b"
                              r"|^you can only ((link|synchro|xyz|fusion|ritual|pendulum|tribute) summon|use|activate|special summon|normal summon|control|apply|conduct|send|add|have|target|set|banish|draw|attack|declare|tribute|place|equip)\b|^you can use (each|this|the)( .{0,80}?)? (effect|effects) of ‹n› (only once|(up to )?(twice|three times)) per turn"
                              r"|^you can use this effect (a number of times|up to \w+ times) per turn\b"
                              r"|^you (cannot|can't) activate (the following effects|each effect|these effects|the effects) of ‹n› in the same chain\b"
                              r"|^(while|if) [^,.]*, you can (use|activate) this effect (up to )?(twice|three times|\d+ times) per turn\b"
                              r"|^only one ‹n› can have its effect activated per turn\b"
                              r"|^neither player can activate [^.]*\bin response to (the activation of )?this card('s (effects?|activation))?\b"
                              # the turn's rule that comes with activating the card, said first ("During the turn you activate this
                              # card, you cannot Special Summon …", "You cannot activate this card if you activated …")
                              r"|^during the turn you activate (this card|this effect)\b[^.]*, you (cannot|can't)\b|^you (cannot|can't) activate this card (if|unless)\b"
                              r"|^the turn player can only use this effect\b|\bmust be [^.]* to activate (either of )?this card's effects?\b"
                              r"|^(this card )?cannot be used as (an? )?(synchro|fusion|xyz|link)(, (synchro|fusion|xyz|link))*,? or (synchro|fusion|xyz|link) material\b"
                              r"|^the activation and effects? of this card's effects cannot be negated\b"
                              r"|^this card's activation and effects? cannot be negated\.?$"),
    "summon": re.compile(
        r"^(this card |this monster |this face-down card in the extra deck )?(cannot be (summoned|normal summoned|normal summoned/set|special summoned|set|fusion summoned|synchro summoned|xyz summoned|link summoned|ritual summoned|pendulum summoned)\b"
        r"|must (first )?be (either )?(special|fusion|synchro|xyz|ritual|link|normal|tribute) summoned\b|must (first )?be (special summoned|summoned)\b"
        r"|can only be (special|fusion|synchro|xyz|link|ritual) summoned\b|requires \d+ (‹n› )?tributes?\b"
        r"|can (also )?be (normal summoned|tribute summoned|special summoned|xyz summoned|synchro summoned|fusion summoned|link summoned)( in face-up (attack|defense) position)? (using|by|with|without)\b)"
        r"|^you can ritual summon this card\b"
        # "A Fusion Summon of this card can only be done with the above Fusion Materials." (OCG: "このカードの融合召喚は上記の
        # カードでしか行えない", a summoning condition)
        r"|^an? (fusion|synchro|xyz|link|ritual) summon of this card can only be (done|conducted|performed)\b"
        r"|^(if|while) [^.:;]{0,160}?, you can special summon this card \("
        # a state, then this card comes from the hand ("If you control 2 or more face-up "Batteryman" monsters, you can Special
        # Summon this card from your hand.", "If you have only Insect monsters in your Graveyard, you can send … and Special
        # Summon this card from your hand.")
        r"|^if (you control|you have|your opponent controls|there (is|are)) [^.:;]{0,160}?, you can ([^.:;]* and )?special summon this card from your hand\.?$"
        r"|^you can special summon this card \(from your [^)]*\)(?![^.]*[:;])"
        r"|^((if|while) [^.:;]{0,160}?, )?you can (normal summon|tribute summon) this card (without tributing|by tributing)\b"
        r"|^(once per turn, )?you can (also )?(special summon|xyz summon|synchro summon|fusion summon|link summon) (this card|‹n›) (using|by)\b(?![^.]*[;:])"
        r"|^you can tribute [^.;:]*? to (tribute|normal) summon (\(but not set\) )?this card\b"
        r"|^you can (tribute summon|normal summon) this card (in|by|with|without)\b(?![^.]*[;:])"
        r"|^you can [^.;:]*?, then special summon this card( \(from your [^)]*\)| from your (hand|gy|graveyard))?\.?$"
        # old wording of a Special Summon procedure: "You can Tribute 1 … to Special Summon this card from your hand."
        r"|^you can [^.;:]*? to special summon this card( \(from your [^)]*\)| from your (hand|gy|graveyard))?\.?$"),
    "starter": re.compile(r"^(you can\b(?! only)|once per turn|\(quick effect\)|flip\s*:|activate this card\b|activate only\b)"),
    "then": re.compile(r"^then,"),
    "rider": re.compile(r"^if ((it|this card) (was|is) )?((special|normal|tribute|fusion|synchro|xyz|link|ritual|pendulum) )?summoned (in )?this way, (?![^.]*:)"
                        # a sentence about "this effect" after the restriction line or on a line of its own
                        r"|^this effect (is|cannot|can't)\b|^after (its |this card's )?activation, |^if (fusion )?summoning [^,.]* this way, you can also\b|\b(for you )?to activate and (to )?resolve this (effect|card)\b|^(this card|it) (cannot|can't) (attack|declare an attack)( directly)? (during )?the turn (this effect is activated|you activate this effect)\b"),
    "equip_event": re.compile(r"^(if|when) (it|the equipped monster) (destroys|is destroyed|inflicts|is sent|declares|is returned|is banished|is tributed|leaves)\b"),
    "label": re.compile(r"^(\d+\+?|\d+ or (more|higher|lower|less|fewer)|level \d+ or (higher|lower)|\d+(( ?,| ?&| or|, or) \d+)+"
                        r"|(while )?in (attack|defense) position|(attack|defense) position"
                        r"|light|dark|earth|water|fire|wind|divine)\s*:\s*"),
    "continuation": re.compile(
        r"^(then|also|it|its|it's|they|their|them|that|those|these|the (target|targeted|equipped|destroyed|banished|summoned|special summoned|returned|tributed|excavated|revealed|chosen|declared|selected|drawn|discarded|set|monster|card|token|remaining|rest|other|same|attack|damage|battle)|if you do|if you (cannot|can't|do not|don't)|otherwise|for the rest of|until|during the end phase of (this|the next) turn|at the end of (this|the) (turn|battle phase|damage step)|you cannot .*(the turn|this turn|for the rest of)|you can't .*(the turn|this turn)|(if|when|while) (it|that|they|the (target|equipped|targeted|summoned|special summoned))|in addition|except|both|after that|this effect|when this effect|the effect|any (damage|battle damage)|(each|any) of these|place (them|those)|shuffle (it|them|the)|your opponent (takes|can't|cannot) .* this turn|if this card was (activated|summoned)|after (resolving|this effect)|if ((it|this card) (was|is) )?((special|normal|tribute|fusion|synchro|xyz|link|ritual|pendulum) )?summoned (in )?this way|.*\b(by|with|from|using) this effect\b|when (you activate this card|this card is activated)"
        r"|this is a quick effect|.*\bthe turn you activate this effect"
        # conditions and rules that only speak of the effect just described
        r"|.*\bto activate and (to )?resolve this effect|(destroy|banish|return|send|shuffle|tribute) (it|them|that monster|those monsters|the summoned monsters?) (during|at) the end phase\b"
        # old wording ends "Once per turn, you can select 1 monster …" and goes on "Change it to …" / "Return it to …":
        # an imperative on what the previous sentence chose
        r"|(change|return|destroy|banish|send|add|special summon|shuffle|equip|attach|place|switch|flip|negate|reveal|set|look at|take control of|give control of|remove) (it|them|that|those (cards|monsters|targets)|(the|your) (selected|chosen) (card|monster)s?)\b"
        r"|.*\bthe (chosen|selected|declared|excavated|revealed) (card|monster|type|attribute)s?\b|this card gains atk equal to (that|the)\b"
        r"|(this|the) [a-z/ ]{0,24}(increase|decrease|changes?|gain|loss|reduction)s? (lasts?|applies|apply|remains?)\b"
        r"|you (cannot|can't) (select|target)(?= ‹n›)|during the (main|end|standby) phase of your next turn|.*\badd this additional effect\b"
        r"|.*\bby its effect\b|if this effect\b|if you (equipped|added|sent|summoned|special summoned|banished|discarded|drew|returned|tributed) (it|them|that|the|a|1)\b"
        r"|after you use this effect|this damage is\b|this token\b|these tokens\b|if you activate this effect\b|(pick|flip) (it|them) up\b"
        r"|(this card|it|that monster) (cannot|can't) (attack|declare an attack)\b[^.]*\b(this turn|the turn|rest of)"
        r"|for an? (spell|trap|monster)( or (spell|trap))? card\b|each time (1|one|it|that token|that monster) is destroyed\b"
        r"|.*\bthe (chosen|selected|declared|excavated|revealed) ‹n› (card|monster)s?\b|.*\bby this card's effect\b|immediately after this effect resolves\b|.*\bturn you activate this effect\b|if (you|they) (used|activated|use) this effect|when you do(?=,)|if you call(ed)? (it|the (coin )?toss) (right|wrong)|if there (is|are) [^,.]*\bamong (them|those)\b"
        # the alternative of the effect just described ("If … is on the field, you can Special Summon … instead")
        r"|if (?![^,.]*\bwould\b)[^,.]*, you can [^.]*\binstead\b(?! of)|however\b|the player (with|who)\b|if (the )?(rolls?|results?|coin tosses|die rolls?) (are|is|was|were)\b|.*\bin response to (this effect's|this card's|the activation of this effect)"
        r"|.*\bthe turn this effect is activated|.*\bthis effect is not applied|the next time (that|the|it|this|they)"
        r"|.*\bthat (added|sent|excavated|revealed) (monster|card)\b|.*\ball (excavated|revealed)\b|while you control (that|the) (monster|target)\b"
        r"|(place|shuffle|send|return|add) the (remaining|rest|other) (cards?|monsters?)\b|if (fusion )?summoning [^,.]* this way\b"
        r"|.*\byou can also (banish|use|shuffle|send)\b[^.]*\bas (fusion )?material\b"
        r"|.*\b(that|those) (banished|destroyed|excavated|tributed|returned) (monster|card)s?\b"
        r"|.*\bfor you to activate and resolve this effect)\b"),
}

_DE = {
    "summon_cont": re.compile(r"^(falls du dies tust|falls (sie|diese karte|es) auf diese (weise|art))\b"
                              r"|\bin dem du (sie |diese karte )?auf diese (art|weise) beschwörst\b"),
    "following": re.compile(r"(folgenden|dieser|diese) effekte?\b|jeden effekt\b|jeden der folgenden"),
    "gains": re.compile(r"\b(erhält|erhalten|bekommt|bekommen|hat|haben)( (es|sie|er|dieses monster|jenes monster|diese karte))? (diese|diesen|die folgenden|den folgenden|1 dieser) effekte?\b"
                        r"|\bmit (diesem|diesen|den folgenden) effekt(en)?\b"),
    "grave": re.compile(r"\bdiese karte (in|aus|von) deinem friedhof\b|\bdiese karte verbannen\b|\bdiese karte (verbannt|auf den friedhof gelegt)\b|\bdiese karte setzen\b"),
    "restriction": re.compile(r"^dieser effekt kann nur einmal verwendet werden\b"
                              r"|^du kannst\b(?=[^.]*\b(keine|nicht|weder)\b)[^.:;]*\bin dem du [^.:;]*\baktivierst\b|^(diese karte )?kann nicht als (synchro|fusions|xyz|link)-?material\b[^.;:]*verwendet werden"
                              r"|^(diese karte )?kann nicht als material für eine [\w -]*beschwörung verwendet werden"
                              r"|^du kannst (jeden|diesen|den|die|das|einen|jeden der|nur)\b.*\b(nur (einmal|zweimal)|bis zu (zweimal|dreimal)) pro (spielzug|duell)\b|^du kannst nur (1|einen|eine|ein)\b.*\bpro spielzug\b|^du kannst nur\b"
                              r"|^du kannst ‹n› nur (einmal|zweimal) pro (spielzug|duell)\b"
                              r"|^du kannst (die folgenden effekte|jeden effekt|diese effekte) von ‹n› nicht in derselben kette\b"
                              # "There can only be 1 ‹n› on the field", "The activation and effects of this card's effects cannot
                              # be negated", "Cannot be used as Link Material the turn it is Link Summoned"
                              r"|^es kann nur (1|ein|eine) ‹n›[^.]*\bauf dem spielfeld\b|^der zugspieler kann (diesen|den) effekt von ‹n› nur\b"
                              r"|^kein spieler kann [^.]*\bals reaktion auf (die aktivierung dieser karte|die aktivierung der effekte dieser karte)\b"
                              r"|^(die )?aktivierung und (die )?effekte? (der effekte )?dieser karte können nicht annulliert werden"
                              r"|^diese karte kann [^.]*\bnicht als (synchro|fusions|xyz|link)-?material verwendet werden"),
    "summon": re.compile(
        r"^(diese karte )?kann nicht als (normalbeschwörung|spezialbeschwörung)\b|^(diese karte )?kann nicht (normal|als|spezial)\w*\s*(beschworen|gesetzt)"
        r"|^(diese karte )?muss (zuerst )?(als|durch|mit|von)\b.{0,120}?\bbeschworen werden|^muss\b.{0,160}?beschworen werden"
        r"|^(diese karte )?kann nur (als|durch|mit)\b.{0,120}?beschworen werden"
        r"|^eine (fusions|synchro|xyz|link|ritual)-?beschwörung dieser karte kann nur\b"
        r"|^einmal pro spielzug kannst du ‹n› auch als (xyz|synchro|fusions|link)-?beschwörung beschwören\b"
        r"|^du kannst diese karte (als ritualbeschwörung|durch ritualbeschwörung)"
        r"|^du kannst diese karte (mit [^.;:]*? )?als (ritual|spezial|tribut|normal|fusions|synchro|xyz-|link)beschwörung\b[^.;:]*?\bbeschwören\b(?![^.]*[;:])"
        r"|^du kannst diese karte \(von deiner [^)]*\) als spezialbeschwörung beschwören(?![^.]*[:;])"
        r"|^(falls|solange) [^.:;]{0,160}?, kannst du diese karte \("
        r"|^(falls|solange|wenn) [^.:;]{0,160}?, kannst du diese karte [^.;:]*?als spezialbeschwörung [^.;:]*?beschwören\.?$"
        r"|^du kannst diese karte (ohne|durch) tribut"
        r"|^du kannst [^.;:]*? als tribut anbieten, um diese karte als (tributbeschwörung|normalbeschwörung) zu beschwören"
        r"|^du kannst diese karte als tributbeschwörung [^.;:]*? beschwören(?![^.]*[;:])"
        r"|^du kannst [^.;:]*?, dann (beschwöre|kannst du) diese karte [^.;:]*? als spezialbeschwörung( beschwören)?\.?$"),
    "starter": re.compile(r"^(du kannst\b(?! nur)(?! diesen effekt (auch )?während\b)(?! (keine|nicht) ‹n›)|einmal pro spielzug|\(schnelleffekt\)|flipp?\s*:|aktiviere diese karte\b|aktiviere (sie|diese karte) nur\b)"),
    "then": re.compile(r"^(dann|danach),"),
    "rider": re.compile(r"^falls (sie|es|er|diese karte) auf diese (weise|art) (als \w+ )?beschworen (wurde|wird), (?![^.]*:)"
                        # "This card cannot attack the turn you activate this effect" and its word orders
                        r"|^diese karte kann\b[^.]*\bin dem (du diesen effekt aktivierst|dieser effekt aktiviert wurde)\b"
                        r"|^falls du diesen effekt aktivierst, kann diese karte\b"
                        r"|^falls du [^.]* auf diese (art|weise) (als \w+ )?beschwörst, kannst du auch\b"),
    "equip_event": re.compile(r"^(falls|wenn) (es|das ausgerüstete monster) [^,.]*\b(zerstört|zufügt|gelegt wird|erklärt|zurückgelegt|verbannt)\b"),
    "label": re.compile(r"^(\d+\+?|\d+ oder (mehr|höher|niedriger|weniger)|stufe \d+ oder (höher|niedriger)|\d+(( ?,| ?&| oder) \d+)+"
                        r"|(solange )?in (angriffs|verteidigungs)position|(angriffs|verteidigungs)position"
                        r"|licht|finsternis|erde|wasser|feuer|wind|göttlich)\s*:\s*"),
    "continuation": re.compile(
        r"^(\w+ (es|sie|ihn|jenes monster|jene monster|jene karte) (andernfalls|stattdessen|während|ins|in|auf|unter)"
        r"|(falls|wenn|solange) (das|der|die|jenes|jener|jene) (ausgerüstete|gewählte|ziel|monster\b)"
        r"|falls (sie|es|er|diese karte) auf diese (art|weise) beschworen|dies ist ein schnelleffekt|du kannst diesen effekt (auch )?während\b"
        r"|die [\w-]*(steigerung|senkung|änderung|erhöhung|verringerung)\b|(der|die|das) \w+ (des|der) (gewählten|ausgewählten|gezogenen|aufgedeckten)\b"
        r"|.*\b(des|der|das|dem|den|die) (gewählte|bestimmte|ausgewählte|aufgedeckte|ausgegrabene|benannte)[nm]?\b"
        r"|(beschwöre|zerstöre|verbanne|lege|mische|füge|gib|ändere|tausche|nimm) (es|sie|ihn|jenes|jene|das \w*monster|die gewählte)\b"
        r"|mische (dein|das) deck( anschließend)?\b|die effekte (des|jenes|dieses) monsters\b|diese spielmarken?\b"
        r"|dieses (synchro|fusions|xyz|link)material\b|diese [\w\- ]*änderung\b"
        r"|.*\bdurch (ihren|seinen) effekt\b|diese karte erhält atk in höhe der atk (des|der|jenes|jener)\b|ist (die|diese|das) (karte|ziel|monster)\b|ist dies nicht der fall|eine so aufgedeckte\b"
        r"|.*\b(jenes|jener|dieses) (normalen |gewählten )?(monsters?|zaubers?|karte|falle)\b|während der (main|end|standby) phase deines nächsten spielzugs"
        r"|du kannst (keine|nicht)(?= ‹n›)|.*\bzusätzlichen effekt\b"
        r"|falls du (richtig|falsch|den münzwurf|ihn (richtig|falsch))|(falls|wenn) (?![^,.]*\bwürde)[^,.]*, kannst du ([^.,]* )?stattdessen\b"
        r"|.*\bin dem du diesen effekt aktivierst|dann|außerdem|es|er|sie|ihr|ihre|ihren|sein|seine|seinen|dies|diese (effekte|monster)|jene|der (ziel|gewählte|ausgerüstete|zerstörte)|die (ziel|gewählte|ausgerüstete)|das (ziel|gewählte|ausgerüstete|als spezial)|falls du dies tust|andernfalls|für den rest|bis zum ende|bis zur|während der end phase dieses spielzugs|am ende (dieses|des) (spielzugs|battle)|du kannst .*(in dem spielzug|in diesem spielzug|für den rest)|(falls|wenn|solange) (es|er|sie|jene|das ziel)|zusätzlich|außer|nachdem|dieser effekt|der effekt|jeglicher|sämtlicher|falls (sie|es|er) auf diese weise|.*\b(durch|mit) diesen effekt\b"
        r"|.*\bum diesen effekt zu aktivieren und aufzulösen|.*\bauf die aktivierung dieses effekts|.*\bin dem dieser effekt aktiviert wird"
        r"|.*\bwird dieser effekt nicht angewendet|das nächste mal)\b"),
}


def _psct_segments(text: str, lang: str, card_type: str | None, name: str | None) -> list[Segment]:
    lex = _EN if lang == "en" else _DE
    lines = [ln.strip() for ln in text.replace("\r", "").split("\n") if ln.strip()]
    # bullets belong to the line that introduces them
    paras: list[str] = []
    for ln in lines:
        if paras and ln[:1] in "●•":
            paras[-1] += "\n" + ln
        else:
            paras.append(ln)
    segs: list[Segment] = []
    # a reminder line ("(This card is always treated as an "Ursarctic" and "Drytron" card.)") is neither the
    # materials nor an effect
    paras = [p for p in paras if not _is_reminder(p)]
    extra = bool(card_type) and any(k in card_type for k in ("Fusion", "Synchro", "Xyz", "Link"))
    if extra and paras and (len(paras) > 1 or _looks_material(paras[0], lang)):
        mat = paras.pop(0)
        segs.append(Segment(mat, f"{MAT} " + mask_names(mat, lang, name).lower(), SEG_MATERIALS))
    spell_like = bool(card_type) and card_type in ("Normal Spell", "Quick-Play Spell", "Ritual Spell",
                                                    "Normal Trap", "Counter Trap")
    spell_trap = _spell_trap(card_type)
    for para in paras:
        para = re.sub(r"\b((?:[A-Z]\.){2,})", lambda m: m.group(1).replace(".", ""), para)
        masked = mask_names(para, lang, name)
        masked = re.sub(r"\([^()]*\.\)", " ", masked)
        masked = re.sub(r"\b(min|max|approx|ca|z\.b|bzw|evtl)\.", r"\1", masked, flags=re.I)
        orig_sents = _split_at_bullet_header(_split_sentences(para, "."))
        sents = _split_at_bullet_header(_split_sentences(masked, "."))
        if len(orig_sents) != len(sents):
            orig_sents = sents
        current: Segment | None = None
        if spell_like and segs and segs[-1].hint == SEG_EFFECT and segs[-1] is segs[_first_effect(segs)]:
            # a Normal Spell/Trap's activation may run on in a line of its own ("…; shuffle them into the Deck.\nAfter
            # activation, banish this card instead of sending it to the GY."): the OCG prints it in the same ①
            current = segs[-1]
        bullet_effects = labelled = False
        for o, s in zip(orig_sents, sents):
            low = " ".join(s.lower().split())
            if _is_reminder(low):
                continue
            if lex["restriction"].search(low):
                segs.append(Segment(o, low, SEG_RESTRICTION))
                current = None
                continue
            if lex["summon"].search(low) and not spell_trap:
                if current is not None and current.hint == SEG_SUMMON:
                    current.text += " " + o
                    current.norm += " " + low
                else:
                    current = Segment(o, low, SEG_SUMMON)
                    segs.append(current)
                bullet_effects = False
                continue
            bullet = low[:1] in "●•"
            if bullet and not bullet_effects:
                bullet_effects = _bullet_is_effect(segs, current, lex) or (
                    # a further labelled bullet of a list of labelled effects ("● While in Defense Position: …")
                    labelled and bool(lex["label"].match(low[1:].strip()))) or (
                    # a monster text that opens with bullets ("● While in Attack Position: … ● While in Defense
                    # Position: …") lists effects the card has in each state, not the choices of one effect
                    current is None and not spell_trap and all(x.hint == SEG_MATERIALS for x in segs)
                    and bool(lex["label"].match(low[1:].strip())))
                if bullet_effects and current is not None and current.norm.rstrip().endswith(":"):
                    # "… with this effect:" introduced the bullets, which are now effects of their own
                    current.norm = current.norm.rstrip()[:-1] + "."
            if bullet and not bullet_effects and current is None:
                host = _host_effect(segs)
                if host is not None and lex["following"].search(host.norm):
                    # "…: You can activate 1 of these effects. You can only use this effect … once per turn.
                    # ● … ● …": the choices belong to the effect before the restriction line
                    host.text += " " + o
                    host.norm += " " + low
                    current = host  # what follows the choices may continue the same effect
                    continue
            if bullet and bullet_effects:
                # "You can only use each of the following effects …" / "… gains these effects.": each bullet is
                # an effect of its own; its label ("● 2+:", "● FIRE:", "● While in Attack Position:") names the
                # state in which the card has it, which is not part of the effect
                labelled = labelled or bool(lex["label"].match(low[1:].strip()))
                low = lex["label"].sub("", low[1:].strip())
                o = o.lstrip("●• ")
                current = Segment(o, low, SEG_EFFECT)
                segs.append(current)
                continue
            if current is not None and current.hint == SEG_SUMMON and lex["summon_cont"].search(low) \
                    and ":" not in _top_level(low):
                # "If Summoned this way, <what happens>" belongs to the procedure; "If Summoned this way, during your
                # opponent's next End Phase: …" is an effect of its own (it activates)
                current.text += " " + o
                current.norm += " " + low
                continue
            top = _top_level(low)
            header = ":" in top
            starter = (header or ";" in top or lex["starter"].search(low)) and not bullet
            if starter and lex["then"].match(low) and current is not None and current.hint == SEG_EFFECT:
                # "Then, during your next Standby Phase, if this card is still banished: Special Summon …": a later step
                # of the effect before, whatever its punctuation
                starter = False
            # (a first effect that opens "If this card is destroyed by …:" is the card's trigger in the GY, not its activation:
            # "… You can Set this card. Activate 1 of these effects …;" starts the activation)
            first_of_spell = spell_like and current is not None and current.hint == SEG_EFFECT \
                and current is segs[_first_effect(segs)] and not _SELF_EVENT_HEAD.match(current.norm)
            if first_of_spell and not header and not lex["grave"].search(low):
                # a Normal/Quick-Play/Ritual Spell or Normal/Counter Trap: the sentences after the first one
                # belong to its activation until a new header (or an effect from the GY) starts
                starter = False
            elif first_of_spell and lex["grave"].search(low):
                # "If … would be destroyed, you can banish this card from your GY instead.": an effect of the
                # card in the GY, not part of its activation
                starter = True
            if current is not None and card_type == "Equip Spell" and not re.search(r"[:;]", _top_level(current.norm)) \
                    and lex["equip_event"].search(low):
                # "Equip only to …. It gains 500 ATK. If it destroys a monster by battle, …": after the Equip Spell's
                # continuous effect, "it" is the equipped monster and the event opens an effect of its own
                starter = True
            if current is not None and current.hint == SEG_EFFECT and not starter and (
                    lex["continuation"].search(low) or first_of_spell or bullet
                    # "…; Special Summon it. When this card leaves the field, destroy that monster.": the link between a
                    # Spell/Trap and the monster it brought goes with the effect that made it (the OCG prints it in the same ①)
                    or (spell_trap and _LINK.match(low))
                    # "…: You can toss a coin and call it. Destroy as many monsters …": the outcome of the toss or roll
                    or _OUTCOME_PENDING.search(current.norm)):
                current.text += " " + o
                current.norm += " " + low
                continue
            if current is None and segs and segs[-1].hint == SEG_RESTRICTION and _MATERIAL_RIDER.search(low):
                # "Cannot be used as a Synchro Material, except …. If this card is used for a Synchro Summon, banish it.":
                # what happens to the material goes with the material rule (the OCG prints it in the same line)
                segs.append(Segment(o, low, SEG_RESTRICTION))
                continue
            if current is None and lex["rider"].search(low) and _host_effect(segs) is not None:
                # "…; Special Summon this card. You can only use this effect … once per turn. If Summoned this way,
                # banish it when it leaves the field.": a rider of the effect before the restriction line
                host = _host_effect(segs)
                host.text += " " + o
                host.norm += " " + low
                continue
            # a sentence of its own ends a list of bulleted effects; one that continues the last bullet does not
            bullet_effects = False
            current = Segment(o, low, SEG_EFFECT)
            segs.append(current)
    return segs


#: a header about this card itself being destroyed or sent to the GY ("If this card is destroyed by the effect of …:")
_SELF_EVENT_HEAD = re.compile(r"^(if|when) this (set )?card is (destroyed|sent to the (gy|graveyard))\b[^.:;]*:"
                              r"|^(falls|wenn) diese (gesetzte )?karte [^.:;]*\b(zerstört|auf den friedhof gelegt) wird\b[^.:;]*:")
#: "When this card leaves the field, destroy that monster." / "When that monster leaves the field, destroy this card."
_LINK = re.compile(r"^(when|if) (this card|that monster|the equipped monster|that target|those monsters?|the targeted monster|that face-up monster"
                   r"|any of those monsters|the last of those monsters|that monster\(s\))( is destroyed and)? (leaves the field|is destroyed"
                   r"|is removed from the field)[^.]*, (destroy|banish|send|return) (that|this|the|those|it|them)\b"
                   r"|^(wenn|falls) (diese karte|jenes monster|jene monster|das ausgerüstete monster|das monster|jenes ziel) (das spielfeld "
                   r"verlässt|vom spielfeld entfernt wird), (zerstöre|verbanne|lege|gib) (das|jenes|jene|diese|es|sie)\b")
#: the material that a Summon used is banished: "If this card is used for a Synchro Summon, banish it." / "Falls diese Karte
#: für eine Synchrobeschwörung verwendet wird, verbanne sie."
_MATERIAL_RIDER = re.compile(r"^(if|when) this card is used (as (an? )?(synchro|fusion|xyz|link) material )?for an? (synchro|fusion|xyz|link) summon, banish it\b"
                             r"|^(falls|wenn) diese karte für eine (synchro|fusions|xyz|link)-?beschwörung verwendet wird, verbanne sie\b")
#: an effect whose last sentence tosses a coin or rolls a die: the sentences after it say what each result does
_OUTCOME_PENDING = re.compile(r"\b(toss a coin( \w+ times)?( and call it)?|roll a (six-sided )?die( \w+ times| twice)?|call it)\.$"
                              r"|\b(wirf eine münze|würfle)[^.]*\.$")


def _split_at_bullet_header(sents: list[str]) -> list[str]:
    """"You can only use each of the following effects … once per turn, during your Main Phase:\n● …": a
    sentence that ends in a colon introduces its bullets, which are sentences of their own."""
    out = []
    for sent in sents:
        m = re.search(r":\s*(?=●)", sent)
        if m and "●" not in sent[:m.start()]:
            out.append(sent[:m.start() + 1].rstrip())
            out.extend("●" + b.strip() for b in re.split(r"\s*●", sent[m.end():]) if b.strip())
        else:
            out.append(sent)
    return out


def _host_effect(segs: list[Segment]) -> Segment | None:
    """The last effect segment when only restriction lines follow it."""
    for seg in reversed(segs):
        if seg.hint != SEG_RESTRICTION:
            return seg if seg.hint == SEG_EFFECT else None
    return None


def _bullet_is_effect(segs: list[Segment], current: Segment | None, lex: dict) -> bool:
    if not segs:
        return False
    prev = segs[-1]
    if prev.hint == SEG_RESTRICTION and lex["following"].search(prev.norm):
        return True
    host = _host_effect(segs) if current is None else None
    if host is not None and _grants(host, lex):
        # "… gains these effects. You can only use this effect … once per turn. ● … ● …"
        return True
    if current is not None and current.hint == SEG_EFFECT and _grants(current, lex):
        return True
    return False


def _grants(host: Segment, lex: dict) -> bool:
    """The host's last sentence gives a card the effects listed below it ("… gains this effect.", "…; that monster
    gains this effect until …", "… with this effect:"): each bullet is an effect of the card that gains it, with its
    own activation — the OCG prints it as one (「…は以下の効果を得る。●…」) — not a step of the host."""
    last = re.split(r"(?<=[.;:])\s+(?=\S)", _top_level(host.norm).strip().rstrip(":"))[-1]
    if not lex["gains"].search(last):
        return False
    if not re.search(r"[:;]", _top_level(host.norm).rstrip().rstrip(":")):
        return True
    # an activated host ("If …: You can target …; it gains this effect"): the grant must close the effect
    return bool(re.search(lex["gains"].pattern + r"[^.;:●]{0,60}[.:]?\s*$", _top_level(host.norm).strip()))


def _spell_trap(card_type: str | None) -> bool:
    low = (card_type or "").lower()
    return ("spell" in low or "trap" in low) and "monster" not in low and "pendulum" not in low


def _first_effect(segs: list[Segment]) -> int:
    for i, s in enumerate(segs):
        if s.hint == SEG_EFFECT:
            return i
    return -1


def _top_level(s: str) -> str:
    """The sentence with parenthesised spans and bullet lines removed (for ':' / ';' detection)."""
    s = s.split("\n●")[0].split("\n•")[0]
    return re.sub(r"\([^()]*\)", "", s)


def _looks_material(line: str, lang: str) -> bool:
    if re.match(r"(must|cannot|you can|if|when|this card|once|during|each|while|gains?|muss|kann nicht|du kannst|falls|wenn|diese karte)\b",
                line.strip(), re.I):
        return False  # a sentence of rules ("Must be Special Summoned with …"), not a list of materials
    return bool(re.search(r"\+|^\d|^[\"„“]|monster|monstern?|tuner|token", line, re.I)) and not re.search(r"[:;]", line)


# ------------------------------------------------------------------ Japanese / Chinese

_JA_SUMMON = re.compile(r"(特殊召喚はできない。?$|通常召喚(する事|すること)ができない|召喚は[^。]*でしか行えない。?$|特殊召喚が可能。?$|を融合素材として融合召喚する。?$|しか特殊召喚できず"
                        r"|^(?![^。]*1ターンに1度)[^。]*このカード(は|を)[^。]*特殊召喚する(事|こと)ができる。?$|アドバンス召喚する(事|こと)ができる。?$|のみ[、,]?このカードは[^。]*召喚する事ができる。?$|(X|エクシーズ|シンクロ|融合|リンク|儀式)召喚する事もできる|のみ特殊召喚(する事が|することが)?できる|手札から[^。]{0,14}特殊召喚できる。?$|通常召喚できない|特殊召喚できない|特殊召喚する事ができない|特殊召喚しなければならない|特殊召喚できる。?$|召喚できる。?$|により降臨|で降臨|儀式召喚できる|リリースなしで召喚|リリースして召喚|アドバンス召喚する事もできる|でしか特殊召喚できない|融合召喚でのみ|エクシーズ召喚でのみ|シンクロ召喚でのみ|場合のみ特殊召喚|手札から特殊召喚できる)")
_JA_RESTR = re.compile(r"(1(枚|体)しか(表側表示で)?存在できない|1ターンに1度、いずれか1つしか|1ターンに1(度|回|枚)しか|1ターンに[1-9]度まで(しか)?(使用|発動)|1ターンに1体しか|1枚しか(表側表示で)?存在できない|しか発動できず|デュエル中に1度しか|しか使用できない"
                       # "このカード名の①の効果は同一チェーン上では１度しか発動できない" (PSCT "… once per Chain")
                       r"|同一チェーン上で(は)?[1-9]度(しか|まで))")
_ZH_SUMMON = re.compile(r"(融合素材作融合召唤。?$|(才能|可)从[^。，,]{0,8}特殊召唤。?$"
                        # the Konami SC wording: "此卡可从手牌中特殊召唤", "可将此卡特殊召唤至…", "此卡才可召唤"
                        # (not after an event: "…召唤时，这张卡可以从墓地…特殊召唤" is an old trigger)
                        r"|^(?![^。]*时[，,])[^。]*(此卡|这张卡)(可以|可|才可|才能)[^。]*特殊召唤[^。]{0,14}。?$|可(以)?从手[卡牌]中?特殊召唤(此卡|这张卡)。?$"
                        r"|(此卡|这张卡)才(可|能)(通常)?召唤|(此卡|这张卡)只可以?[^。]*方式特殊召唤|^(这张卡|此卡)的(融合|同调|超量|连接|仪式|XYZ)召唤[^。]*进行。?$|也(能|可以?)[^。]*XYZ召唤。?$|仅在[^。]*可(以)?(连接|同调|超量|融合|XYZ)?召唤(此卡|这张卡)?。?$|^(此卡|这张卡)仅在[^。]*(可以|才能)召唤。?$|^(这张卡|此卡)(不可|不能)作?从[^。，,]{0,12}特殊召唤。?$|^(?![^。]*时[，,])[^。]*可(以)?(将|把)(此卡|这张卡)特殊召唤[^。]{0,14}。?$|^(此卡|这张卡)(可以|可)[^。]*特殊召唤|(此卡|这张卡)(可以|可)[^。]*从手[卡牌]特殊召唤。?$|可(将|把)(此卡|这张卡)[^。]*特殊召唤。?$|无需解放即可召唤|可[^。]*(上级召唤|表侧表示召唤)。?$|仅可(以|在|用)?[^。]*特殊召唤。?$|(用|以)[^。]*才能[^。]*特殊召唤。?$|也(能|可以?)[^。]*(超量|同调|融合|连接|仪式)召唤。?$|只能(用|以)[^。]*特殊召唤|不可通常召唤|不可特殊召唤|可特殊召唤。?$|可以?从手[卡牌][^。]{0,14}特殊召唤。?$|不能通常召唤|不能特殊召唤|只能用|才能特殊召唤|可以特殊召唤。?$|可以从手[卡牌]特殊召唤|降临|仪式召唤|不用解放作召唤|把[^。]*解放作召唤|可以不用解放|必须用|特殊召唤的场合才能|才能作特殊召唤|才能从手卡特殊召唤|只能通过)")
#: unnumbered lines the OCG prints outside the ①②③ effects because they are not effects: a Ritual Spell's
#: "「…」の降臨に必要。", a material restriction of this card ("このカードはリンク素材にできない。"), and a
#: restriction on the turn an effect is activated ("このカードの効果を発動するターン、自分は…できない。")
_CJK_RULE_LINE = re.compile(
    r"(の降臨に必要|降臨に使用する事ができる|的?降临(所)?(必需|必须)|降临所需)。?$"
    r"|^以?(このカード|此卡|这张卡)[はをが]?[^。]{0,30}(素材にできない|素材とする事はできない|素材にする事はできない|素材とする場合|素材(モンスター)?として使用する事はできない|(不能|不可以?)(作为|当作)[^。]{0,12}素材|作为[^。]{0,14}素材的(场合|情况下))"
    r"|^[^。、]{0,24}(効果|カード)を発動するターン、|^[^。，,]{0,24}(效果|卡)(的)?发动的回合中?[，,]"
    # "このカードの発動に対して…発動できない": the activation cannot be responded to
    r"|^このカードの発動に対して|^(应对|对应|对)(此卡|这张卡)的发动"
    # "このカードの発動と効果は無効化されない" (PSCT folds it into the activation as a rule of the card), the
    # Chain rule "同一连锁上有复数次同名卡的效果发动的场合，这张卡不能发动" ("You cannot activate this card if …"), and
    # the Fusion Materials the card's effect may use ("以此卡的效果融合召唤的情况下，仅可以…作为融合素材")
    r"|^(このカード|此卡|这张卡)(の発動と効果は無効化されない|的发动(和|及)效果不会被?无效化)。?$"
    r"|^同一(チェーン上に|连锁上有?)(複数回|复数次)[^。]*(このカードは発動できない|(这张卡|此卡)(不能|不可)发动)。?$"
    r"|^以(此卡|这张卡)的效果[^。，,]*召唤的(情况下|场合)[，,](仅|只)(可以?|能)[^。]*作为[^。]*素材。?$"
    # when the card may be activated ("这张卡只能在准备阶段发动", PSCT "You can activate this card only during …")
    r"|^(这张卡|此卡)(只能|仅可|只可)在[^。]*发动。?$|^(这张卡|此卡)不能从手[卡牌]发动。?$"
    r"|^发动(此卡|这张卡|这个效果|此效果)的?(效果)?的回合[^，,。]{0,10}[，,]"
    r"|^(此外[，,])?把(这张卡|此卡)作为[^。]{0,20}素材的(场合|情况下)[，,]"
    # where or when the card may also be activated ("このカードは手札からも発動できる", "此卡也可从手牌发动")
    r"|^[^。]*このカード(は|の発動は)[^。]*も(発動|する事が)?できる。?$|^[^。]*(此卡|这张卡)也(可以|可|能)[^。]*发动。?$")

#: "このカードがフィールドに存在する限り、…" — a continuous effect of a lasting card; never the resolution of
#: the activation sentence before it
_WHILE_ON_FIELD = re.compile(r"^(このカードが(フィールド|魔法&罠ゾーン|フィールドゾーン|モンスターゾーン)(上)?に(表側表示で)?存在する限り"
                             r"|(这张卡|此卡)在场上(表侧表示)?存在(的情况下|的场合|期间|的限度)?)")

_ALSO = re.compile(r"^(また、(?!この効果|その)|此外[，,](?!这个效果|此效果))")
_SUMMON_RIDER = re.compile(r"^(この方法で(特殊)?召喚した|这个方法(特殊)?召唤的|用这个方法(特殊)?召唤的|以这个方法(特殊)?召唤的)")
_TRAILING_PAREN = re.compile(r"[（(][^（）()]*[）)]。?$")
_SUMMON_TAIL = re.compile(r"(生け贄に捧げ|リリースし)なければならない。?$|特殊召喚する(事|こと)ができる。?$|^必须[^。]*作为祭品。?$|特殊召喚(する|できる)。?$|特殊召唤。?$")

#: "这张卡1回合只有1次可以变成里侧守备表示": "Once per turn: You can flip this card face-down" — an effect
#: limited to once per turn, not a limit on using another effect
_ONCE_ACTION = re.compile(r"1回合只有1次[，,]?可以(?!使用|发动|适用|特殊召唤)")
_ZH_RESTR = re.compile(r"((仅|只)可有1(只|张)|最多仅可使用[1-9]次|不可在同一连锁上发动|1个?回合(只能|仅可|只可|只有|能)[^。]{0,30}(1次|1张|1只|一次)|同一连锁上(仅可|只能)(发动)?[1-9]次|1回合只能使用1次|回合各能使用1次|1回合(可以|可)?(使用|适用)?最多(可以?)?(使用|适用)?[1-9]次|1回合各能|各能使用1次|仅可各使用1次|仅可使用1次|各只可使用1次|各只能使用1次|只可使用1次|决斗中仅可|仅可适用1次|只能有1张|只能有1只|场上只能|在决斗中只能|决斗中只能|的卡1回合只能发动1张|1回合仅可发动1张|回合只能|只能使用1次|只能发动1张|只能使用其中|仅可使用其中|只能用其中)")


#: "…召喚に成功した時、手札から…を特殊召喚できる" / "…破壊された場合、このカードを手札から特殊召喚できる":
#: an event, then a comma, then a Special Summon of something named as its object — an (old-text) trigger,
#: not a summoning procedure, which says "このカードは…特殊召喚できる" or "…場合に／場合のみ特殊召喚できる"
_CJK_TRIGGERED_SUMMON = re.compile(r"^(?!.*(のみ|このカードは))[^。]*(た|だ)(時|場合)、[^。]*を[^。]*特殊召喚(できる|する)"
                                   r"|^(?!.*(只能|才能|仅可|(这张卡|此卡)(可以|可)))[^。]*(时|的场合)[，,][^。]*(把|将)[^。]*特殊召唤"
                                   r"|^(?!.*(只能|才能|仅可|(这张卡|此卡)(可以|可)))[^。]*被[^。]*(时|的场合)[，,][^。]*特殊召唤")


#: "自己场上存在的怪兽被战斗破坏送去墓地时，这张卡可以从手卡特殊召唤": an event ("…时，"), then this card Special Summons
#: itself — an old optional "when" trigger (PSCT "When …: You can Special Summon this card from your hand"); a state
#: ("…的场合，这张卡可以从手卡特殊召唤") is a summoning procedure
_EVENT_SELF_SUMMON = re.compile(r"((?<!同)(?<!存在)时|被[^。，,：:]*的场合|(召唤|加入手卡|送去墓地)的场合)[，,：:][^。]*(这张卡|此卡)[^。]*特殊召唤")


#: "①：此卡作为‹n›以外的同步怪兽素材的情况下，此卡的等级视为下降2的等级": how this card counts as material, a rule of the
#: card like PSCT's "If this card is used as Synchro Material for …, its Level is treated as …" line
_MATERIAL_RULE = re.compile(r"^(このカード|此卡|这张卡)[はをが]?[^。、，,]{0,30}(素材とする場合|作为[^。，,]{0,20}素材的(场合|情况下))")
#: "要仪式召唤1只暗属性仪式怪兽的情况下，使用1张此卡即可作为…解放" / "…儀式召喚する場合": how this card may serve a Ritual
#: Summon (a rule of the card), not its own summoning procedure
_RITUAL_USE = re.compile(r"儀式召喚する場合|仪式召唤[^。，,]*的(情况下|场合)")


def _cjk_norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s)
    return s.replace(" ", "").replace("\u3000", "")


def _cjk_segments(text: str, lang: str, card_type: str | None, name: str | None) -> list[Segment]:
    text = text.replace("\r", "")
    # some fan texts print the whole Pendulum card in one field: "←4 【灵摆】 4→ <Pendulum Effect> 【怪兽效果】 <monster
    # effects>"; the Pendulum Effect is the record's own ``pendulum_text``
    head, sep, monster = text.partition("【怪兽效果】")
    if sep and re.search(r"【灵摆】|【ペンデュラム】", head):
        text = monster
    masked_all = mask_names(text, lang, name)
    segs: list[Segment] = []
    extra = bool(card_type) and any(k in card_type for k in ("Fusion", "Synchro", "Xyz", "Link"))
    lines = [ln for ln in masked_all.split("\n") if ln.strip()]
    if extra and lines and (len(lines) > 1 or not re.search(r"[。]", lines[0]) or _MAT_LINE.search(_cjk_norm(lines[0]))) \
            and not re.search(CIRCLED_RE, lines[0]):
        mat = lines.pop(0)
        segs.append(Segment(mat, f"{MAT}" + _cjk_norm(mat), SEG_MATERIALS))
    body = "".join(ln if re.search(r"[。」）)]$", ln.strip()) else ln + "。" for ln in lines)
    parts = re.split(f"([{CIRCLED}])(?=[：:])", body)
    pre = parts[0]
    numbered = []
    for i in range(1, len(parts) - 1, 2):
        numbered.append((CIRCLED.index(parts[i]) + 1, parts[i] + parts[i + 1]))
    summon_re = _JA_SUMMON if lang == "ja" else _ZH_SUMMON
    # a Spell or Trap has no summoning condition: "…儀式召喚する" on a Ritual Spell is its activation
    spell_trap = _spell_trap(card_type)
    restr_re = _JA_RESTR if lang == "ja" else _ZH_RESTR
    pre_sents = _split_sentences(pre, "。")
    spell_like = bool(card_type) and card_type in ("Normal Spell", "Quick-Play Spell", "Ritual Spell",
                                                    "Normal Trap", "Counter Trap")
    current: Segment | None = None
    granting = False
    for i, s in enumerate(pre_sents):
        n = _cjk_norm(s)
        if _is_reminder(n) or not n.strip("。") or _SCALE_LINE.match(n):
            continue
        if extra and i == 0 and not segs and _MAT_LINE.search(n):
            # "3星怪兽×2。1回合1次，…" — the materials run into the first sentence on one line
            segs.append(Segment(s, f"{MAT}" + n, SEG_MATERIALS))
            continue
        if (restr_re.search(n) and not _PROTECTED.search(n) or _CJK_RULE_LINE.search(n)) and not numbered_act(n, lang) \
                and not _ONCE_ACTION.search(n) and not (restr_re.search(n) and _AS_LONG_AS.search(n)):
            if _USE_LIMIT.match(n) and segs and segs[-1].hint == SEG_EFFECT:
                segs[-1].use_limited = True
            segs.append(Segment(s, "‹res›" + _stop(n), SEG_RESTRICTION))
            current = None
            continue
        if current is not None and current.hint == SEG_SUMMON and _SUMMON_RIDER.match(n):
            # "この方法で召喚したこのカードの元々の攻撃力は１３００になる": what the procedure gives the card it Summons
            # (PSCT: "… without Tributing. If you do, its original ATK becomes 1300.")
            current.text += s
            current.norm += _stop(n)
            continue
        if summon_re.search(_TRAILING_PAREN.sub("", n)) and not spell_trap and not _CJK_TRIGGERED_SUMMON.search(n) \
                and not _EVENT_SELF_SUMMON.search(n) and not _RITUAL_USE.search(n) \
                and not _PLAYER_LIMIT.search(n):
            if current is not None and current.hint == SEG_SUMMON:
                current.text += s
                current.norm += _stop(n)
            else:
                current = Segment(s, "‹sum›" + _stop(n), SEG_SUMMON)
                segs.append(current)
            continue
        if n.startswith("●") and current is not None and current.hint == SEG_EFFECT \
                and (granting or _GRANT_HEAD.search(current.norm)):
            # "…以下の効果を得る。●…●…" before any ①: as in a numbered effect, each bullet is an effect of its own
            granting = True
            current = Segment(s, _stop(n[1:].strip()), SEG_EFFECT)
            segs.append(current)
            continue
        if n.startswith("●") and current is None and _host_effect(segs) is not None \
                and _CHOICE_HEAD.search(_host_effect(segs).norm):
            # "…以下の効果から１つを選択して発動できる。「…」の効果は１ターンに１度しか使用できない。●…●…": the choices of the
            # effect before the restriction line
            host = _host_effect(segs)
            host.text += s
            host.norm += _stop(n)
            current = host  # "●…送去墓地。那之后，…": what follows a choice may continue it
            continue
        if n.startswith("●"):
            granting = False
        # old unnumbered text opens each further effect with "また、" ("Also,") — with or without an
        # activation word ("また、セットされたこのカードが…破壊され墓地へ送られた時、デッキから１枚ドローする。")
        starter = _cjk_starter(n, lang) or bool(_ALSO.match(n))
        if current is not None and current.hint == SEG_SUMMON and _SUMMON_TAIL.search(n) \
                and not re.search(r"(時|場合|时|场合)[、，,：:]|発動|发动", n):
            # "このカードは通常召喚できない。自分の墓地の…を除外して特殊召喚する。": the procedure continues
            current.text += s
            current.norm += _stop(n)
            continue
        if current is not None and current.hint == SEG_EFFECT and _HEAD_ONLY.search(current.norm) \
                and not re.search(r"(不能|不可)[^。，,]*发动。$", current.norm) and not _WHILE_ON_FIELD.search(n):
            # old wording without ①: "…時、…発動できる。" is followed by its resolution sentences
            current.text += s
            current.norm += _stop(n)
            continue
        if current is not None and current.hint == SEG_EFFECT and COST_SENTENCE.match(current.norm) \
                and not _CONDITION_LEAD.search(n) and not re.search(r"(発動できる|発動する(事|こと)ができる|才能发动|可以发动)。$", _stop(n)):
            # an old effect opens with its cost as a sentence of its own ("８００ライフポイントを払う。エンドフェイズまで、…
            # 発動する事ができない。"): what it pays for follows
            current.text += s
            current.norm += _stop(n)
            continue
        if current is not None and current.hint == SEG_EFFECT and not starter and (
                _cjk_continuation(n, lang) or (spell_like and current is segs[_first_effect(segs)])
                # an old "リバース：…。…。" effect runs on until a sentence with a condition of its own
                or (_FLIP_HEAD.match(current.norm) and not _OWN_CONDITION.search(n))):
            current.text += s
            current.norm += _stop(n)
            continue
        if current is None and _CJK_RIDER.match(n) and _host_effect(segs) is not None:
            # "…特殊召喚する。この効果は１ターンに１度しか使用できない。この効果によって特殊召喚されたモンスターは…": a rider of
            # the effect before the restriction line
            host = _host_effect(segs)
            host.text += s
            host.norm += _stop(n)
            continue
        # the connective "また、" says only that another effect follows: the grammar reads the effect itself
        current = Segment(s, _stop(_ALSO.sub("", n)), SEG_EFFECT)
        segs.append(current)
    for idx, chunk in numbered:
        n = _cjk_norm(chunk[1:])
        n = re.sub(r"^[:：]", "", n)
        act = re.search(r"発動|发动", n)
        if not act and (restr_re.search(n) or _MATERIAL_RULE.search(n)) and not _PROTECTED.search(n) and not _AS_LONG_AS.search(n):
            segs.append(Segment(chunk, "‹res›" + _stop(n), SEG_RESTRICTION, idx))
            continue
        first = _TRAILING_PAREN.sub("", n.split("。")[0]) + "。"
        if not act and not spell_trap and (summon_re.search(n) or summon_re.search(first)) \
                and not _SUMMONED_CARD.search(first) \
                and not _CJK_TRIGGERED_SUMMON.search(n) and re.search(r"^(このカード|此卡|这张卡)?[^。]*(召喚|召唤)", n) \
                and not re.search(r"(限り|只要)", n) and not _PLAYER_LIMIT.search(n.split("。")[0]) \
                and not _RITUAL_USE.search(n.split("。")[0]):
            segs.append(Segment(chunk, "‹sum›" + _stop(n), SEG_SUMMON, idx))
            continue
        granted = _GRANTS.search(n)
        if granted:
            # "…場合、以下の効果を得る。●…" — the grant is one (continuous) effect, each bullet an effect of its own
            head, items = n[:granted.end()], [b for b in n[granted.end():].split("●") if b.strip("。 ")]
            segs.append(Segment(chunk, _stop(head), SEG_EFFECT, idx))
            segs.extend(Segment("●" + b, _stop(b), SEG_EFFECT, idx) for b in items)
            continue
        # a trailing reminder sentence ("(このカードは…としても扱う)") is not part of the effect
        segs.append(Segment(chunk, _stop(n), SEG_EFFECT, idx))
    return segs


#: a materials line: names, types and levels joined by "+" / "×" (some fan texts end it with "。")
_MAT_LINE = re.compile(r"^[^。、，,:]*(\+|×)[^。、，,:]*。?$")

_GRANTS = re.compile(r"(以下の効果を得る|(获得|得到)以下效果)。(?=●)")
_USE_LIMIT = re.compile(r"^(この効果は[^。]{0,40}([1-9]度しか|[1-9]度まで)(使用|発動)|(这个效果|此效果)[^。]{0,40}(使用|发动)[1-9]次)")
#: "このカードがフィールド上に表側表示で存在する限り、お互いのプレイヤーは１ターンに１度しか…": while the card is there, a
#: continuous effect limits the players — an effect, not a limit on using this card's effects
#: "自分はレベル５以上のモンスターを特殊召喚できない" / "お互いのプレイヤーは…特殊召喚できない": a limit on the players, not
#: this card's summoning condition
_PLAYER_LIMIT = re.compile(r"(自分|相手|お互い(のプレイヤー)?|双方)は[^。]*召喚(でき|する事はでき|する事ができ)ない"
                           r"|(自己|对方|对手|双方)(在这个回合|这个回合|的玩家)?(不能|不可)[^。]*召唤|存在する限り|只要[^。]*存在")
#: a Pendulum Scale printed into the text ("←4 【灵摆】 4→")
_SCALE_LINE = re.compile(r"^←?\s*\d+\s*【[^】]*】\s*\d+\s*→?。?$")
#: "这张卡1回合只有1次不会被战斗破坏" / "1回合最多2次不会因效果被破坏": a protection that works a number of times per
#: turn (PSCT "Once per turn, this card cannot be destroyed by battle"), not a limit on using an effect
_PROTECTED = re.compile(r"(不会(被|因)[^。]*破坏|破壊されない)。?$")
_AS_LONG_AS = re.compile(r"存在する限り|只要[^。]*存在")
#: "②：リリースなしで召喚したこのカードのレベルは４になる": what a Summoned card is like — an effect, not a procedure
_SUMMONED_CARD = re.compile(r"^[^。、]*召喚したこのカード(の|は)|^[^。，,]*召唤的(这张卡|此卡)的")
_CHOICE_HEAD = re.compile(r"以下の効果から|以下から[1-9]つ|以下(的)?效果(中)?(选择|选)|从以下效果")
_CJK_RIDER = re.compile(r"^(この効果(で|によって)|这个效果(特殊召唤|除外|破坏)的|此效果(特殊召唤|除外|破坏)的)")
_FLIP_HEAD = re.compile(r"^(リバース|反转)[:：]")
#: a sentence that opens with a condition of its own ("…破壊された時、", "…的场合，", "只要…")
_CONDITION_LEAD = re.compile(r"(時|場合|度に|毎に|限り|时|场合|情况下)[、，,]|^(每次|只要|また、|此外)")
_OWN_CONDITION = re.compile(r"(時|場合|度に|限り|时|场合|情况下|每次|只要)[、，,]?")
_GRANT_HEAD = re.compile(r"(以下の効果を得る|(获得|得到)[^。]{0,24}以下的?效果)。$")

_HEAD_ONLY = re.compile(r"(発動できる|発動する|発動する(事|こと)ができる|発動しなければならない|发动|才能发动|可以发动)。$")


def _stop(n: str) -> str:
    n = n.strip()
    return n if n.endswith("。") else n + "。"


CIRCLED_RE = f"[{CIRCLED}]"


def numbered_act(n: str, lang: str) -> bool:
    return False


def _cjk_starter(n: str, lang: str) -> bool:
    # "また、…発動する。" ("Also, …") opens a new activated effect of an old, unnumbered text
    if lang == "ja":
        return bool(re.search(r"(発動できる|発動する|発動しなければならない|1ターンに1度、|リバース:|リバース：)", n)) and (
            not _cjk_continuation(n, lang) or n.startswith("また、"))
    return bool(re.search(r"(才能发动|可以发动|发动。|1回合1次|反转:|反转：)", n)) and (
        not _cjk_continuation(n, lang) or bool(re.match(r"^(此外|另外)[，,]", n)))


def _cjk_continuation(n: str, lang: str) -> bool:
    if lang == "ja":
        return bool(re.match(r"^(この時、|その後|その|そのモンスター|この効果|また|さらに|この効果で|そのカード|それら|対象の|選択した|このターン|そのターン|次の|ただし|その場合|この効果を|装備モンスター(?![^。]*(た|だ)(時|場合)、)|●|このカードを発動する(ターン|場合)"
                             # the other branch of an excavation or a check ("違った場合、…デッキの一番下に戻す")
                             r"|違った場合|それ以外の場合|めくった|残りの|この方法で|このトークン|この場合|それ以外の|[^。]*場合、さらに|[^。]{0,24}この効果(で|によって)"
                             r"|[^。]*その時の効果に以下の効果を加える|[^。]*(サイコロの)?出た目|この(融合|シンクロ|エクシーズ)?モンスターは"
                             # the outcome of what the effect drew, revealed or rolled ("魔法・罠カードだった場合、…",
                             # "相手の出た目が６だった場合、…")
                             r"|[^。、]{0,16}(カード|モンスター|出た目|結果)(が[^。、]{0,8})?だった場合)", n))
    return bool(re.match(r"^(此时[，,]|这个时候[，,]|或者?不|那之后|那|那只|这个效果|此效果|这个回合|此回合|此外|再|那些|选择的|作为对象的|这张卡的这个效果|下次的|但是|装备怪兽(?![^。]*(时|的场合)[，,])|●|发动此卡的回合|这张卡发动的回合|这张卡的发动后"
                    # "不是的场合，回到自己卡组最下面" / "剩下的卡…": the rest of an excavation
                    r"|不是的(场合|情况下)|并且|翻开的|剩下的|这个方法|这个场合|可以再|[^。]*(出现的数目|出现的数字|掷出的数字)"
                    r"|[^。]{0,24}(这个|此)效果(回到手卡|回到卡组|抽到|放置)|(猜中|猜错|猜对|没有|没给[^，,。]{0,4})的(场合|情况下)[，,]|(对方|对手|双方)不能(对应|应对)(这个|此)效果的发动"
                    r"|(对方|对手|自己)?把[^。，,]{0,6}(宣言的|选择的|翻开的)|[^。]*(这个|此)效果在(对方|对手)回合(中)?也(能|可以)发动|(这|此)衍生物|这些衍生物|[^。]{0,24}(因|用|以)?(这个|此)效果(除外|破坏|特殊召唤|送去墓地|加入手卡|装备)"
                    r"|[^。，,]{0,16}(是|为)[^。，,]{0,12}(卡|怪兽)的(场合|情况下)|(魔法|陷阱|怪兽|魔法·陷阱)卡?的(场合|情况下))", n))


# ------------------------------------------------------------------ entry point

def is_flavor(card_type: str | None) -> bool:
    return bool(card_type) and "Normal" in card_type and "Monster" in card_type


def segment(text: str, lang: str, card_type: str | None = None, name: str | None = None) -> list[Segment]:
    if not text or not text.strip():
        return []
    if lang in ("ja", "zh-Hans"):
        return _cjk_segments(text, lang, card_type, name)
    return _psct_segments(text, lang, card_type, name)
