"""The head of a parsed effect (markers and conditions, "you can", costs) turned into the IR: effect kind,
optional flag, condition, spell speed markers. Used directly for the plain heads and by
:mod:`cardlint.ygo.structure_cjk` after it reads the body."""

from __future__ import annotations

import re

from lark import Token, Tree

from cardlint.ygo import ir
from cardlint.ygo.conditions import STATE, read_condition
from cardlint.ygo.oldwording import WINDOW_LEAD, read_old_wording
from cardlint.ygo.tree import join_words, token_words, walk_effect


def _clause(node: Tree, lang: str) -> ir.Clause:
    verb = ""
    for sub in node.iter_subtrees_topdown():
        if sub.data == "verb":
            verb = join_words(token_words(sub), lang)
            break
    words = token_words(node)
    obj = ""
    if lang in ("ja", "zh-Hans"):
        obj = ""
        for sub in node.iter_subtrees_topdown():
            if sub.data == "obj":
                obj = join_words(token_words(sub), lang)
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
    return ir.Clause(verb=verb, obj=obj, text=join_words(words, lang))

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
        earlier = read_condition(_COND_MARKERS[flat[j][0]], join_words([x for _, w in flat[:j + 1] for x in w], lang), lang)
        if earlier.event:
            cond.kind, cond.event = earlier.kind, True
            return


def fill_head(eff: ir.Effect, node: Tree, lang: str) -> None:
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
                        flat.append((ch.data, token_words(ch)))
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
            before = join_words([x for _, w in flat[:k_at + 1] for x in w], lang)
            if k_at >= 0 and STATE[lang].search(before):
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
                head_text = join_words([x for m, w in flat if m not in ("opt", "act_mandatory") for x in w], lang)
                if not cond_words and WINDOW_LEAD[lang].search(head_text):
                    # "在对手的主要阶段可以发动（…）" / "对方回合把墓地的这张卡除外才能发动": a turn window the
                    # grammar read as plain head words — it decides the effect's type (a Quick Effect)
                    cond_words = [x for m, w in flat if m not in ("opt", "act_mandatory") for x in w]
        else:
            cond_words = [x for _, w in flat for x in w]
    for ch in node.children:
        if isinstance(ch, Tree) and ch.data == "opt":
            eff.optional = True
            activation = True
    for sub in walk_effect(node):
        if sub.data == "quick_sentence":
            eff.quick = True
            activation = True
        elif sub.data == "activate_card":
            eff.activates_card = True
    sentences = [s for s in walk_effect(node) if s.data == "sentence"]
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
        text = join_words(cond_words, lang)
        eff.condition = read_condition(cond_kind, text, lang)
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
        read_old_wording(eff, eff.sentences[0].text, lang)

_SELF_FLIP = {"ja": re.compile(r"^(このカード|1ターンに1度、このカード)が?リバースした(場合|時)$"),
              "zh-Hans": re.compile(r"^(这张卡|此卡)(被)?反转(的场合|时|的情况下)$")}
