"""IR from the structured trees of ``grammar/ygo/{ja,zh}.lark``.

Japanese: a ``head`` or ``sentence`` holds a ``seq`` — a flat list of bunsetsu items closed by a
``pred`` — in which a continuative or te-form verb (``link_ren`` / ``link_te``) ends one action and
"その後"/"そして" (THEN) or "また、" (ALSO) link the next; conditions are ``cond_if`` / ``cond_when`` /
``cond_each`` items (a clause and its timing word), targets ``target_marker``.  Chinese: a sentence is a
right-recursive list of clauses separated by commas (``sbody``), each an ``action`` (typed words with
a verb), a condition or a target.

The head is read by :func:`cardlint.ygo.build._fill_effect` exactly like the token-level trees it was
written for: the tree is first brought to that shape (phase, once-per-turn and "每次" tokens become
markers, a parenthesis becomes one word), so the classification of a parsed effect depends on the
words of its head, not on how deep the grammar nests them.  The resolution becomes one
:class:`~cardlint.ygo.ir.Clause` per action with its verb, object, quantities, zones and link.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from cardlint.ygo import ir
from cardlint.ygo.heads import fill_head
from cardlint.ygo.oldwording import read_old_wording
from cardlint.ygo.tree import join_words, token_words

#: tokens the older token-level grammars made markers of (kept so the head reads the same)
_TOKEN_MARKERS = {
    "ja": {"PHASE": "cond_during", "PHASE_AT": "cond_during", "ONCE": "once_marker"},
    "zh-Hans": {"PHASE": "cond_during", "PHASE_AT": "cond_during", "ONCE": "once_marker", "EACH": "cond_each"},
}
_LINK_TOKENS = {"THEN": "then", "ALSO": "also"}
_VERB_TOKENS = {"VFIN", "VREN", "VTE", "HFIN", "HREN", "HTE", "ADJ", "V", "NPRED"}
_ZONE = {
    "ja": re.compile(r"(デッキ|墓地|手札|フィールド|EXデッキ|エクストラデッキ|除外|ゾーン|Pゾーン|ペンデュラムゾーン)"
                     r".*(から|へ|に|で|の上)$"),
    "zh-Hans": re.compile(r"^(从|在|向|往|回到|送去|送至|加入)"),
}


_CLAUSE_MARKERS = {"cond_if", "cond_when", "cond_each", "target_marker"}
_CONDITIONS = {"cond_if", "cond_when", "cond_each", "cond_part", "cond_state"}


def _marked(node: Tree, lang: str) -> Tree:
    """A copy of ``node`` in the shape the token-level head reader expects: a condition or target
    becomes its words followed by a marker holding only its timing word ("場合", "时", "为对象")."""
    kids = []
    for ch in node.children:
        if isinstance(ch, Token):
            marker = _TOKEN_MARKERS[lang].get(ch.type)
            kids.append(Tree(marker, [ch]) if marker else ch)
        elif ch.data == "paren":
            kids.append(Token("PAREN", join_words(token_words(ch), lang)))
        elif ch.data in _CLAUSE_MARKERS and isinstance(ch.children[-1], Token):
            inner = _marked(Tree("words", ch.children[:-1]), lang)
            kids.append(inner)
            kids.append(Tree(ch.data, [ch.children[-1]]))
        else:
            kids.append(_marked(ch, lang))
    return Tree(node.data, kids)


def fill_cjk(eff: ir.Effect, node: Tree, lang: str) -> None:
    """IR of a ja/zh effect tree: the head through the shared reader, then the resolution's actions."""
    fill_head(eff, _marked(node, lang), lang)
    if any(isinstance(t, Token) and t.type == "FLIP" for t in node.scan_values(lambda v: True)):
        # "リバース:" / "反转:" opens the effect: a flip effect, whether or not a head follows
        eff.flip = True
        if eff.kind == ir.PASSIVE:
            eff.kind = ir.ACTIVATED
    head = next((c for c in node.children if isinstance(c, Tree) and c.data == "head"), None)
    if lang == "zh-Hans" and head is not None and eff.kind == ir.ACTIVATED and not eff.optional \
            and _ZH_OPT_HEAD.search(join_words(token_words(head), lang)):
        # "…的情况下，可以自己墓地的1只…为对象发动" / "可从以下效果中选择1个发动": "可(以)" opens the cost
        # and governs the "发动" at its end — "You can target …"
        eff.optional = True
    if head is not None and eff.cost is not None:
        verb = _cost_verb(head, lang)
        eff.cost.verb = verb or eff.cost.verb
    if head is not None and (_permission(head, lang) or _prohibition(head, lang) or _while_rule(head, lang)):
        # "自分は…罠カードを手札から発動できる": the rules let the player activate other cards — a
        # continuous permission ("you can activate … from your hand"), not an effect that activates;
        # "对方不能把墓地的怪兽的效果发动": a prohibition worded with the same verb
        eff.kind, eff.optional, eff.cost, eff.targets = ir.PASSIVE, False, None, False
        if _prohibition(head, lang):
            # "这张卡战斗破坏对方怪兽的场合，对方玩家在下个回合不能把魔法卡发动。": a prohibition may still be what an old
            # trigger does once its event happened (PSCT "If this card destroys …, your opponent cannot activate …")
            read_old_wording(eff, join_words([w for w in token_words(node) if w not in ("。", "!", "●")], lang), lang)
        return
    sentences = [c for c in node.children if isinstance(c, Tree) and c.data in ("sentence", "activate_card")]
    first_text = ""
    for s in sentences:
        acts = _actions_ja(s) if lang == "ja" else _actions_zh(s)
        if not first_text:
            first_text = join_words([w for w in token_words(s) if w not in ("。", "!", "●")], lang)
        eff.sentences.extend(acts)
    if eff.kind == ir.PASSIVE and first_text:
        # pre-①②③ wording ("…時、…を破壊する。") is read from the whole first sentence
        read_old_wording(eff, first_text, lang)


_ZH_OPT_HEAD = re.compile(r"(^|[，,：:；;])(此外[，,])?(?<!不)可(以)?(?!能)[^。；;]*发动")

_PERMISSION = {
    "ja": re.compile(r"(?:^|[、は])([^、]*?(?:カード|魔法|罠)[^、]*?)を(?:手札から)?$"),
    # "自己可以把1张‹n›陷阱卡在盖放的回合的自己主要阶段发动": a time phrase may follow the card
    "zh-Hans": re.compile(r"(?:把|将)([^,]*?(?:卡|魔法|陷阱))(?:从手牌|从手卡|在[^,把将]*)?$"),
}


def _permission(head: Tree, lang: str) -> bool:
    """A head whose activation word governs another card ("…罠カードを発動できる") rather than this effect."""
    words: list[str] = []
    for tok in head.scan_values(lambda v: isinstance(v, Token)):
        if tok.type in ("ACT_OPT", "ACT_MAND"):
            break
        words.append(str(tok))
    joined = "".join(words)
    if _SET_TURN[lang].search(joined):
        return True
    m = _PERMISSION[lang].search(joined)
    return bool(m) and not re.search(r"この|効果|此卡|这张卡|效果|以下", m.group(1))


#: "自分は罠カード１枚をセットしたターンに発動できる" / "…可以在盖放的回合发动": another card may be activated the turn
#: it was Set — a permission
_SET_TURN = {"ja": re.compile(r"(カード|罠|魔法|‹n›)[^、。]*を、?[^、。]*セットしたターン(の自分メインフェイズ)?(に|でも)$"),
             "zh-Hans": re.compile(r"((卡|陷阱|魔法|‹n›)[^,。]*在|在[^,。]*(卡|陷阱|魔法|‹n›)[^,。]*)(盖放|放置)的回合(就将其|也可以|也)?$")}


#: "只要此卡存在于怪兽区域，对手必须支付600LP才可以发动卡的效果" / "…自己也可以发动手牌‹n›怪兽的效果": a head opened by
#: the state it lasts in ("只要…") changes what players may activate while it lasts — a continuous effect; the effects
#: that activate from such a state say so ("只要此卡以表侧表示存在，仅限1次，…可以发动", PSCT "Once while face-up")
_WHILE_HEAD = re.compile(r"^只要")
_ONCE_WHILE = re.compile(r"仅限[1１]次|1回合1次|1回合只有1次")


def _while_rule(head: Tree, lang: str) -> bool:
    if lang != "zh-Hans":
        return False
    text = join_words(token_words(head), lang)
    if not _WHILE_HEAD.search(text) or _ONCE_WHILE.search(text):
        return False
    # an event or a target before the activation word ("只要…，…给对手战斗伤害的情况下发动") is an effect that activates
    if any(t.data in ("cond_if", "cond_when", "cond_each", "target_marker") for t in head.iter_subtrees()):
        return False
    return any(isinstance(t, Token) and t.type == "ACT_OPT" for t in head.scan_values(lambda v: True))


_NEGATED_CLAUSE = re.compile(r"(不能|不可|无法|不会|不得)[^,，;；:：]*$")


def _prohibition(head: Tree, lang: str) -> bool:
    """A Chinese head whose "发动" closes a negated clause ("双方不能把墓地的魔法·陷阱卡的效果发动"): the
    grammar's activation word, which only looks at the characters right before it, governs a prohibition."""
    if lang != "zh-Hans":
        return False
    words: list[str] = []
    for tok in head.scan_values(lambda v: isinstance(v, Token)):
        if tok.type == "ACT_MAND":
            return bool(_NEGATED_CLAUSE.search("".join(words)))
        if tok.type == "ACT_OPT":
            return False
        words.append(str(tok))
    return False


def _cost_verb(head: Tree, lang: str) -> str:
    """The verb of the cost: the first action the head completes before its activation word
    ("リリースし", "捨てて"; "解放", "丢弃"), or "" when the cost is a target alone."""
    for sub in head.iter_subtrees_topdown():
        if lang == "ja" and sub.data in ("link_ren", "link_te"):
            return "".join(str(t) for t in sub.scan_values(lambda v: isinstance(v, Token) and v.type in _VERB_TOKENS))
        if lang == "zh-Hans" and sub.data == "action":
            return next((str(t) for t in sub.scan_values(lambda v: isinstance(v, Token) and v.type == "V")), "")
    return ""


def _clause(tokens: list[Token], lang: str, link: str) -> ir.Clause:
    words = [str(t) for t in tokens]
    verbs = [str(t) for t in tokens if t.type in _VERB_TOKENS]
    c = ir.Clause(verb=verbs[-1] if lang == "ja" and verbs else (verbs[0] if verbs else ""),
                  text=join_words(words, lang), link=link)
    c.quantities = [str(t) for t in tokens if t.type == "QTY"]
    c.negated = bool(re.search(r"(ない|ず|不能|不会|不可|不受|无法)", "".join(words)))
    c.optional = bool(re.search(r"(できる|ことができ|事ができ|可以|可)", c.verb or "")) and not c.negated
    return c


def _actions_ja(sentence: Tree) -> list[ir.Clause]:
    """Split a sentence's seq at continuative/te-form verbs and THEN/ALSO: one Clause per action."""
    seq = next((c for c in sentence.children if isinstance(c, Tree) and c.data == "seq"), None)
    if seq is None:
        return []
    out: list[ir.Clause] = []
    cur: list[Token] = []
    phrases: list[str] = []
    link = ""

    def close(next_link):
        nonlocal cur, phrases, link
        if cur:
            c = _clause(cur, "ja", link)
            c.zones = [p for p in phrases if _ZONE["ja"].search(p)]
            c.obj = next((p[:-1] for p in reversed(phrases) if p.endswith("を")), "")
            out.append(c)
        cur, phrases, link = [], [], next_link

    for item in seq.children:
        if isinstance(item, Token):
            if item.type in _LINK_TOKENS:
                close(_LINK_TOKENS[item.type])
            elif item.type != "COMMA":
                cur.append(item)
            continue
        toks = list(item.scan_values(lambda v: isinstance(v, Token)))
        if item.data in _CONDITIONS:
            # "…場合、", "…限り、": the condition's words belong to no action
            cur, phrases = [], []
            continue
        cur.extend(toks)
        if item.data == "phrase":
            phrases.append("".join(str(t) for t in toks))
        if item.data in ("link_ren", "link_te"):
            close("and")
    close("")
    return out


def _actions_zh(sentence: Tree) -> list[ir.Clause]:
    """One Clause per comma-separated action of the sentence (conditions and targets are not actions)."""
    out: list[ir.Clause] = []
    link = ""
    stack = [c for c in sentence.children if isinstance(c, Tree)]
    while stack:
        t = stack.pop(0)
        if t.data in ("sbody", "conditioned"):
            stack[0:0] = [c for c in t.children if isinstance(c, Tree)] + []
            for c in t.children:
                if isinstance(c, Token) and c.type == "THEN":
                    link = "then"
            continue
        if t.data != "action":
            continue
        toks = list(t.scan_values(lambda v: isinstance(v, Token)))
        c = _clause(toks, "zh-Hans", link)
        words = [str(x) for x in toks]
        c.zones = [words[i] + words[i + 1] for i in range(len(words) - 1) if _ZONE["zh-Hans"].match(words[i])]
        c.obj = _object_zh(toks)
        out.append(c)
        link = "and"
    return out


def _object_zh(toks: list[Token]) -> str:
    """The object: what "把"/"将" fronts before the verb, else the words after the first verb."""
    words = [str(t) for t in toks]
    for i, t in enumerate(toks):
        if t.type in ("PREP", "PREPN") and str(t) in ("把", "将"):
            j = next((k for k in range(i + 1, len(toks)) if toks[k].type == "V"), len(toks))
            return "".join(words[i + 1:j])
    first = next((k for k, t in enumerate(toks) if t.type == "V"), None)
    if first is None:
        return ""
    tail = []
    for t in toks[first + 1:]:
        if t.type in ("V", "PREP", "PREPN", "MOD", "COMMA"):
            break
        tail.append(str(t))
    return "".join(tail)
