"""Japanese parse tree → IR.

The grammar (grammar/ja.lark) gives each sentence as a head-final chain of elements: argument
phrases (noun phrase + particle), adverbs, quantities, continuative verbs, and predicates with
their subordinators ("たび", "とき", "なら", "かぎり", "まで", "とともに").  This module

1. flattens the chain and splits it into predications (each predicate with the arguments before
   it, back to the previous predicate);
2. reads each noun phrase into a :class:`~cardlint.ir.Filter` (head nouns, genitive modifiers,
   relative clauses such as "あなたがコントロールする", determiners, quantities);
3. maps each main predicate to an :class:`~cardlint.ir.Effect` by its verb lemma and its
   arguments (を object, に/で complements, は/が subject): "修整を受ける" → P/T modify, "を持つ/得る"
   with keywords → abilities, "である/になる" → types/colors/P/T set, "等しい" → P/T define, …
   as :class:`cardlint.meaning.Predicate` records; :mod:`cardlint.meaning` turns them into IR effects
   and makes every rules decision (613.10, 614, 508.1d, 601.3, …).

Hook points, named as the base builder's (:class:`cardlint.lang.builder.IRBuilder`): noun phrase
:func:`np_filter`, predicate :func:`pred_records`, duration :func:`duration_of`, condition
:func:`condition_of`, statement :func:`statement_facts`; no quantity hook (the tree's quantities
stay text, no IR Value reads them).  Each replaces the base hook rather than extending it: the
Japanese tree has none of the English rule names the base hooks read.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from lark import Token, Tree

from cardlint import ir as I
from cardlint import meaning, vocab
from cardlint.lang.ja import vocab as ja_vocab
from cardlint.lang.ja import words as W
from cardlint.meaning import abilities as ability_mods
from cardlint.meaning import colors as color_mods
from cardlint.meaning import control, face_down
from cardlint.meaning import copy as copy_mods
from cardlint.meaning import levels
from cardlint.meaning import permissions
from cardlint.meaning import pt as pt_mods
from cardlint.meaning import stack
from cardlint.meaning import text as text_mods
from cardlint.meaning import types as type_mods
from cardlint.meaning.rules_effects import PLAYER_REFS
from cardlint.meaning.record import COPY_ENTER, ENTERS_WITH, FROM_ZONE, INSTEAD, OWN_SUBJECT, PLAYER_MAY, Predicate
from cardlint.text.segment import Segment


# ----------------------------------------------------------------------------- tree helpers
def _cats():
    from cardlint.lang.ja.categories import categories

    return categories()


def tokens(t) -> list[Token]:
    if isinstance(t, Token):
        return [t]
    out: list[Token] = []
    _collect_tokens(t, out)
    return out


def _collect_tokens(t: Tree, out: list[Token]) -> None:
    # one shared list instead of a list per subtree: text_of() runs on every phrase of every clause
    for c in t.children:
        if isinstance(c, Token):
            out.append(c)
        else:
            _collect_tokens(c, out)


def text_of(t) -> str:
    return "".join(tokens(t))    # a Token is a str: its text joins as is


@dataclass
class NP:
    """A noun phrase read from the tree."""

    heads: list[tuple[str, str]] = field(default_factory=list)   # (kind, value): noun/subtype/kw/…
    mods: list = field(default_factory=list)                       # ("gen", NP) | ("det", w) | ("rel", verb) …
    quantity: str | None = None
    tails: list[str] = field(default_factory=list)
    conj: list["NP"] = field(default_factory=list)                  # coordinated NPs
    quoted: list = field(default_factory=list)                      # granted abilities (trees)
    text: str = ""
    rel_subject: "NP | None" = None    # the が-phrase of a leading relative clause ("対戦相手が|コントロールする…")
    rel_object: "NP | None" = None     # the を-phrase of a leading "…を持つ" ("飛行を|持つクリーチャー")

    def words(self) -> list[str]:
        return [v for _, v in self.heads]

    def all(self) -> list["NP"]:
        return [self] + self.conj

    def heads_text(self) -> str:
        return "".join(w for _, w in self.heads)


def read_np(t: Tree) -> NP:
    """np → NP (first conjunct, with the others in .conj)."""
    noms = [c for c in t.children if isinstance(c, Tree) and c.data == "nom"]
    parts = [read_nom(n) for n in noms]
    first = parts[0] if parts else NP()
    first.conj = parts[1:]
    first.text = text_of(t)
    return first


def read_heads(t: Tree, np: NP) -> None:
    for h in t.children:
        if isinstance(h, Token):
            continue  # "・"
        kind = h.data
        if kind == "quoted":
            np.quoted.append(h)
            np.heads.append(("quoted", text_of(h)))
        elif kind == "mana_sym":
            np.heads.append(("mana", text_of(h)))
        else:
            np.heads.append((kind, text_of(h)))


def _heads_np(t: Tree) -> NP:
    """The heads of a modifier ("赤である", "土地以外の") as a noun phrase of their own."""
    g = NP()
    for cc in t.children:
        if isinstance(cc, Tree) and cc.data == "heads":
            read_heads(cc, g)
    g.text = text_of(t)
    return g


def read_nom(t: Tree) -> NP:
    np = NP()
    pending_heads = None
    for c in t.children:
        if isinstance(c, Token):
            continue
        d = c.data
        if d == "heads":
            read_heads(c, np)
        elif d == "quantity":
            np.quantity = text_of(c)
        elif d == "tail":
            np.tails.append(text_of(c))
        elif d in ("genitive", "genitive_all"):
            # genitive_all: "生存者すべての" (of all Survivors), the determiner after its noun
            g = NP()
            for cc in c.children:
                if isinstance(cc, Tree) and cc.data == "heads":
                    read_heads(cc, g)
                elif isinstance(cc, Tree) and cc.data == "quantity":
                    g.quantity = text_of(cc)
                elif isinstance(cc, Tree) and cc.data == "tail":
                    g.tails.append(text_of(cc))
                elif isinstance(cc, Token) and cc.type == "DET":
                    g.mods.append(("det", str(cc)))
            g.text = text_of(c)
            np.mods.append(("gen", g))
        elif d == "det":
            np.mods.append(("det", text_of(c)))
        elif d == "rel":
            np.mods.append(("rel", str(c.children[0])))
        elif d == "adj_mod":
            np.mods.append(("adj", text_of(c)))
        elif d == "rel_copula":
            # "赤である呪文", "赤であり白であるトークン": like a genitive modifier ("赤の呪文")
            g = _heads_np(c)
            cop = [x for x in c.children if isinstance(x, Token) and x.type == "RELCOP"]
            # "黒でないクリーチャー", "土地でないパーマネント" (nonblack, nonland): an exclusion
            neg = bool(cop) and str(cop[-1]) in ("でない", "ではない")
            np.mods.append(("non" if neg else "gen", g))
        elif d == "quantity_mod":
            np.mods.append(("qty", text_of(c)))
        elif d == "except_mod":
            # "~以外のクリーチャー" (a creature other than ~), "土地以外のパーマネント" (a nonland permanent)
            np.mods.append(("except", _heads_np(c)))
        elif d == "named":
            np.mods.append(("named", text_of(c)))
        elif d == "up_to_mod":
            np.mods.append(("det", "最大"))
    del pending_heads
    np.text = text_of(t)
    return np


# ----------------------------------------------------------------------------- chain → predications
@dataclass
class Arg:
    np: NP
    particle: str


@dataclass
class Pred:
    kind: str                   # verb | adj | copula | quantity | np
    lemma: str
    surface: str
    feats: tuple = ()
    complement: NP | None = None      # for copula predicates: the noun phrase before である
    copula: str = ""
    args: list = field(default_factory=list)
    adverbs: list = field(default_factory=list)
    link: str = ""              # SUB / "まで" / "とともに" / "cont" / "" (sentence end)
    link_lemma: str = ""
    quantities: list = field(default_factory=list)
    bare: bool = False          # a continuative with no comma after it ("飛行を持ち白である…トークン")


def flatten_seq(t) -> list:
    """The right-recursive seq → list of elements: ("arg", Arg) ("adv", w) ("qty", s)
    ("cont", Pred) ("pred", Pred)."""
    out = []
    node = t
    while isinstance(node, Tree):
        d = node.data
        ch = node.children
        if d == "sentence":
            node = ch[0]
            continue
        if d == "seq_item":
            out.append(read_item(ch[0]))
            node = ch[1]
            continue
        if d in ("seq_end",):
            out.append(("pred", read_pred(ch[0])))
            return out
        if d == "seq_copula_cont":
            # "エンチャントされているクリーチャーは伝説であり、…"
            p = Pred("copula", "be", text_of(ch[0]), complement=read_np(ch[0]), copula="であり")
            p.link = "cont"
            if _glued(ch[0], ch[-1]):
                p.feats = ("no_comma",)     # "そのタイプであり自分がコントロールしている…" (no "、" after であり)
            out.append(("pred", p))
            node = ch[-1]
            continue
        if d == "seq_or":
            # "戦場に出るか攻撃するたび": the first predicate shares the link of the next
            p = read_pred(ch[0])
            p.link = "or"
            out.append(("pred", p))
            node = ch[-1]
            continue
        if d in ("seq_sub", "seq_np_sub", "seq_until", "seq_with", "seq_cont"):
            p = read_pred(ch[0]) if d != "seq_np_sub" else Pred("np", "be", text_of(ch[0]),
                                                                  complement=read_np(ch[0]))
            if d in ("seq_sub", "seq_np_sub"):
                sub = [x for x in ch if isinstance(x, Token) and x.type == "SUB"][0]
                p.link = "sub"
                p.link_lemma = _cats().get(str(sub), ("", str(sub), ()))[1]
            elif d == "seq_until":
                p.link, p.link_lemma = "sub", "until"
            elif d == "seq_with":
                p.link = "and"
            else:
                p.link = "cont"
            out.append(("pred", p))
            node = ch[-1]
            continue
        # a bare pred/verb reached (inlined)
        out.append(("pred", read_pred(node)))
        return out
    if isinstance(node, Token):
        out.append(("pred", read_pred(node)))
    return out


def _glued(left, right) -> bool:
    """Nothing but "であり" between the phrase ``left`` and what follows it (no "、")."""
    a, b = tokens(left), tokens(right)
    if not a or not b or a[-1].end_pos is None or b[0].start_pos is None:
        return False
    return b[0].start_pos - a[-1].end_pos <= len("であり")


def read_item(t) -> tuple:
    if isinstance(t, Token):
        if t.type == "VC":
            p = verb_pred(t)
            p.bare = True
            return ("cont", p)
        if t.type == "ADJC":
            return ("cont", verb_pred(t))
        if t.type == "ADV":
            return ("adv", str(t))
        return ("adv", str(t))
    d = t.data
    if d == "arg":
        np = read_np(t.children[0])
        part = text_of(t.children[1]) if len(t.children) > 1 else ""
        return ("arg", Arg(np, part))
    if d == "adverb":
        return ("adv", str(t.children[0]))
    if d == "q_item":
        return ("qty", text_of(t.children[0]))
    if d in ("cont_verb", "cont_adj"):
        p = verb_pred(t.children[0])
        p.bare = True
        return ("cont", p)
    return ("adv", text_of(t))


def verb_pred(tok: Token) -> Pred:
    c = _cats().get(str(tok))
    if c:
        cat, lemma, feats = c
    else:
        cat, lemma, feats = tok.type, str(tok), ()
    kind = "adj" if cat in ("ADJ", "ADJC") else "verb"
    p = Pred(kind, lemma, str(tok), tuple(feats))
    if cat in ("VC", "ADJC"):
        p.link = "cont"
    return p


def read_pred(t) -> Pred:
    if isinstance(t, Token):
        return verb_pred(t)
    d = t.data
    if d in ("verb", "adj"):
        return verb_pred(t.children[0])
    if d == "copula_pred":
        np = read_np(t.children[0])
        cop = text_of(t.children[1])
        return Pred("copula", "be", text_of(t), complement=np, copula=cop)
    if d == "amount_verb":
        p = verb_pred(t.children[-1])
        p.quantities.append(text_of(t.children[0]))
        return p
    if d == "quantity_pred":
        return Pred("quantity", "be", text_of(t), complement=NP(quantity=text_of(t.children[0])))
    if d == "np_pred":
        return Pred("np", "be", text_of(t), complement=read_np(t.children[0]))
    return Pred("verb", text_of(t), text_of(t))


def _share_or_links(elements: list) -> None:
    preds = [v for k, v in elements if k == "pred"]
    for i in range(len(preds) - 2, -1, -1):
        if preds[i].link == "or":
            preds[i].link, preds[i].link_lemma = preds[i + 1].link, preds[i + 1].link_lemma


def _attach_relative_subjects(elements: list) -> None:
    """"対戦相手がコントロールするクリーチャー": the grammar reads the が-phrase as an argument of
    the chain; it is the subject of the relative clause that opens the next noun phrase.  Move it
    there (it would otherwise pass for the subject of the main predicate)."""
    i = 0
    while i + 1 < len(elements):
        (k1, a), (k2, b) = elements[i], elements[i + 1]
        if k1 == "arg" and k2 == "arg" and a.particle == "が" and b.np.mods and b.np.mods[0][0] == "rel":
            if a.np.conj and any(k == "rel" for k, _ in a.np.mods):
                # "あなたがコントロールするすべてのクリーチャーと、そのプレイヤーがコントロールする…": the
                # grammar joins "…クリーチャーと、そのプレイヤー"; only the last conjunct is the subject of
                # the next relative clause, the others are coordinated with the phrase it opens
                b.np.rel_subject = a.np.conj[-1]
                first = a.np
                first.conj = a.np.conj[:-1] + [b.np] + b.np.conj
                b.np.conj = []
                first.text = a.np.text + "が" + b.np.text
                elements[i + 1] = ("arg", Arg(first, b.particle))
                del elements[i]
                continue
            b.np.rel_subject = a.np
            del elements[i]
            continue
        i += 1


def _attach_relative_objects(elements: list) -> None:
    """"飛行を持つクリーチャー1体を対象とし" (target creature with flying): the grammar reads the を-phrase
    as an argument of the chain; it is the object of the "持つ" relative clause that opens the next noun
    phrase (Japanese is head-final: nothing else can take it).  And "あなたがコントロールしていて飛行を持つ
    クリーチャー" (creatures you control with flying): the continuative "コントロールしていて" before it is
    that noun phrase's first relative clause, with its が-phrase."""
    i = 0
    while i + 1 < len(elements):
        (k1, a), (k2, b) = elements[i], elements[i + 1]
        if k1 == "arg" and k2 == "arg" and a.particle == "を" and b.np.mods and b.np.mods[0][0] == "rel" and \
                _cats().get(b.np.mods[0][1], ("", "", ()))[1] == "have" and b.np.rel_object is None:
            b.np.rel_object = a.np
            del elements[i]
            if i >= 2 and elements[i - 1][0] == "cont" and elements[i - 1][1].lemma == "control" and \
                    "te" in elements[i - 1][1].feats and elements[i - 2][0] == "arg" and \
                    elements[i - 2][1].particle == "が" and b.np.rel_subject is None:
                b.np.mods.insert(0, ("rel", elements[i - 1][1].surface))
                b.np.rel_subject = elements[i - 2][1].np
                del elements[i - 2:i]
                i -= 2
            continue
        i += 1


def _mark_descriptive_copulas(elements: list) -> None:
    """"基本であり森か平地であるカード", "赤でありインスタントかソーサリーである呪文": a "Xであり" with no
    topic or subject of its own, right before a noun phrase that a "…である" relative clause opens, is
    the first link of that description, not a statement that something is X."""
    preds = [v for k, v in elements if k == "pred"]
    for i in range(len(elements) - 1):
        (k1, p), (k2, a) = elements[i], elements[i + 1]
        if not (k1 == "pred" and p.kind == "copula" and p.copula == "であり" and p.link == "cont"):
            continue
        later = preds[preds.index(p) + 1:]
        # "…がアーティファクト・カードか無色であり土地でないカードであるなら": the chain ends in a
        # subordinate clause (a condition), which the であり belongs to
        in_sub = bool(later) and later[0].link == "sub"
        if in_sub or (k2 == "arg" and not any(x.particle.startswith(("は", "が")) for x in p.args)
                      and re.search("で(?:ある|ない)", a.np.text)) or \
                ("no_comma" in p.feats and k2 == "arg" and a.np.mods and a.np.mods[0][0] == "rel"):
            # (and "そのタイプであり自分がコントロールしているパーマネント": であり glued to a relative clause)
            p.feats = tuple(p.feats) + ("descriptive",)


def _pt_copulas(elements: list) -> None:
    """"そのクリーチャーは3/1で飛行を持つ" (that creature is 3/1 and has flying): a bare P/T before
    で is no place or means but the continuative of the copula ("3/1である"), a predicate of its own."""
    for i, (k, a) in enumerate(elements):
        if k == "arg" and a.particle == "で" and not a.np.conj and not a.np.mods and \
                [h for h, _ in a.np.heads] == ["pt"] and any(kk == "arg" for kk, _ in elements[i + 1:]):
            p = Pred("copula", "be", a.np.text + "で", complement=a.np, copula="で")
            p.link = "cont"
            elements[i] = ("pred", p)


def _pt_phrase(np: NP) -> bool:
    """"基本のパワーとタフネスが0/1の…" (with base P/T 0/1): a P/T that is the subject of a description."""
    return all(w in ("パワー", "タフネス") for x in np.all() for w in x.words()) and bool(np.heads)


def predications(elements: list) -> list[Pred]:
    """Attach arguments to predicates: every element before a predicate (since the previous
    predicate) belongs to it.  Arguments marked は (topic) are shared with the following
    predications of the sentence until a new topic appears."""
    _pt_copulas(elements)
    _share_or_links(elements)
    _attach_relative_subjects(elements)
    _attach_relative_objects(elements)
    _mark_descriptive_copulas(elements)
    preds: list[Pred] = []
    pending: list = []
    topic: list[Arg] = []
    for kind, v in elements:
        if kind in ("pred", "cont"):
            p = v
            for k2, a in pending:
                if k2 == "arg":
                    p.args.append(a)
                elif k2 == "adv":
                    if a == "このターン" and any(x.particle.startswith("は") for x in p.args):
                        # "…プレイヤーは、このターン、…できない": the time after the topic is the main
                        # predicate's, not the topic's relative clause's
                        p.feats = tuple(p.feats) + ("time_after_topic",)
                    p.adverbs.append(a)
                elif k2 == "qty":
                    p.quantities.append(a)
            if p.link == "sub" and any(a.particle in ("は", "はそれぞれ") for a in p.args):
                # "この能力は、…ときにのみ起動できる", "~は、…かぎり…": a topic before a subordinate
                # clause belongs to the main clause (が marks the subordinate clause's subject)
                topic = [a for a in p.args if a.particle in ("は", "はそれぞれ")]
                p.args = [a for a in p.args if a not in topic]
            if not any(a.particle.startswith(("は", "が")) and not _pt_phrase(a.np) for a in p.args) and topic \
                    and p.link != "sub":
                p.args = list(topic) + p.args
            carry = []
            if p.link == "cont" and p.lemma == "control" and "te" in p.feats and \
                    any(a.particle == "が" for a in p.args) and any(a.particle.startswith("は") for a in p.args):
                # "~のパワーとタフネスは、それぞれあなたがコントロールしていて名前が異なる土地の数に等しい":
                # "あなたがコントロールしていて" opens the noun phrase after it; the topic and the adverbs
                # before it belong to the main predicate
                carry = [("arg", a) for a in p.args if a.particle.startswith("は")] + \
                    [("adv", x) for x in p.adverbs]
                p.args = [a for a in p.args if not a.particle.startswith("は")]
                p.adverbs = []
            new_topics = [a for a in p.args if a.particle.startswith("は")]
            if new_topics and p.link != "sub":
                topic = new_topics
            preds.append(p)
            pending = carry
        else:
            pending.append((kind, v))
    return preds


# ----------------------------------------------------------------------------- NP → Filter
TYPE_MAP = W.CARD_TYPES
SUBTYPES = set(ja_vocab.SUBTYPES)


def _in_tables(w: str) -> bool:
    return w in TYPE_MAP or w in W.SUPERTYPES or w in W.OBJECT_NOUNS or w in W.ZONES


def _compound_parts(w: str) -> list[str] | None:
    """h17: the known parts of a compound noun no table has ("ゾンビ・トークン", "土地・カード", "基本土地"),
    or None."""
    if _in_tables(w) or w in SUBTYPES:
        return None
    parts = w.split("・") if "・" in w else \
        next(([s, w[len(s):]] for s in W.SUPERTYPES if w.startswith(s) and len(w) > len(s)), None)
    return parts if parts and all(_in_tables(p) or p in SUBTYPES for p in parts) else None


def _heads(np: NP) -> list[tuple[str, str]]:
    """The heads of a noun phrase, a compound noun read as its known parts."""
    out = []
    for kind, w in np.heads:
        parts = _compound_parts(w) if kind == "noun" else None
        if parts:
            out += [("noun" if _in_tables(p) else "subtype", p) for p in parts]
        else:
            out.append((kind, w))
    return out


def np_filter(np: NP | None, ctx: "Ctx | None" = None) -> I.Filter | None:
    """Hook (noun phrase): a noun phrase → the Filter of the objects or players it names."""
    if np is None:
        return None
    f = I.Filter()
    for kind, w in _heads(np):
        if kind == "self_ref":
            f.ref = "self"
        elif kind == "subtype":
            f.subtypes.append(w)
        elif kind == "color":
            f.colors.append(W.COLORS.get(w, w))
        elif kind == "noun":
            if w in ("これ", "彼", "彼女"):
                f.ref = "self"      # (a planeswalker's "彼", "彼女": itself)
            elif w in ("それ",):
                if ctx is not None and ctx.target is not None:
                    f = _copy_filter(ctx.target)
                    f.ref = "it"
                else:
                    f.ref = "it"
            elif w in ("それら", "これら"):
                f.ref = "those"
                if ctx is not None and ctx.target is not None:
                    f.quantifier = "target"
            elif w in TYPE_MAP:
                f.types.append(TYPE_MAP[w])
                f.noun = f.noun or TYPE_MAP[w]
            elif w in W.SUPERTYPES:
                f.supertypes.append(W.SUPERTYPES[w])
            elif w in W.OBJECT_NOUNS:
                g = W.OBJECT_NOUNS[w]
                if g in ("you", "opponent", "player", "owner", "controller"):
                    f.ref = "player" if g != "you" else "you"
                if g == "creature_token":
                    f.types.append("creature")
                    f.token = True
                elif g == "artifact_creature":
                    f.types += ["artifact", "creature"]
                elif g == "token":
                    f.token = True
                f.noun = g
            elif w in W.ZONES:
                f.zone = W.ZONES[w]
                f.noun = f.noun or "zone"
            else:
                # h17: a content noun without an id ("ダメージ", "カウンター") is display only, as
                # in English ("3 damage", "a +1/+1 counter" name no noun): no Japanese word in the IR
                f.extra.append(w)
        elif kind == "kw_noun":
            f.with_abilities.append(ja_vocab.KEYWORDS.get(w, w))
        elif kind == "pt":
            f.extra.append(w)
        else:
            f.extra.append(w)
    for i, (kind, m) in enumerate(np.mods):
        if kind == "det":
            g = W.DETERMINERS.get(m, m)
            if g in ("each", "all"):
                f.quantifier = f.quantifier or g
            elif g in ("other", "another"):
                f.other = True
            elif m == "最大":
                f.quantifier = "up_to"
            elif g == "this":
                pass
        elif kind == "rel":
            c = _cats().get(m, ("", m, ()))
            lemma, feats = c[1], c[2]
            if lemma == "control":
                # "防御プレイヤーのコントロールする…": an old template marks the subject with の
                gen = np.mods[i - 1][1] if i and np.mods[i - 1][0] == "gen" else None
                f.controller = f.controller or _controller_of(np.rel_subject or gen, ctx)
            elif lemma == "have" and np.rel_object is not None and keyword_list(np.rel_object):
                # "飛行を持つクリーチャー" (creatures with flying), "飛行を持たない…" (without flying)
                (f.without_abilities if "neg" in feats else f.with_abilities).extend(keyword_list(np.rel_object))
            elif lemma == "enchant" and ("passive" in feats or "prog" in feats):
                f.attached = "enchanted"    # (and the old "エンチャントしているクリーチャー")
            elif lemma == "equip":
                f.attached = "equipped"
            elif lemma == "attack" and "prog" in feats:
                f.status.append("attacking")
            elif lemma == "block" and "prog" in feats:
                f.status.append("blocking")
            elif lemma == "tap" and "passive" in feats:
                f.status.append("tapped")
            else:
                f.extra.append(m)
        elif kind == "gen":
            for gk, gw in m.heads:
                if gw in W.COLORS:
                    f.colors.append(W.COLORS[gw])
                elif gw in ("タップ状態",):
                    f.status.append("tapped")
                elif gw in ("アンタップ状態",):
                    f.status.append("untapped")
                elif gw in W.SUPERTYPES:
                    f.supertypes.append(W.SUPERTYPES[gw])
                elif gw == "あなた" and f.zone is None and f.noun not in ("zone",):
                    f.controller = f.controller or "you"
                elif gk == "pt":
                    f.extra.append(gw)
                elif gk == "self_ref":
                    f.extra.append("~'s")
        elif kind == "except" and any(gk == "self_ref" for gk, _ in m.heads):
            f.other = True      # "~以外の" (other than ~): CR 109.5's "other"
        elif kind in ("non", "except"):
            for gk, gw in m.heads:
                if gw in W.COLORS:
                    f.excluded.append(vocab.color_names().get(W.COLORS[gw], W.COLORS[gw]))
                elif gw in TYPE_MAP:
                    f.excluded.append(TYPE_MAP[gw])
                elif gw in W.SUPERTYPES:
                    f.excluded.append(W.SUPERTYPES[gw])
                else:
                    f.excluded.append(gw)
    if f.noun is None and f.types:
        f.noun = f.types[0]
    return f


def _controller_of(subject: NP | None, ctx: "Ctx | None" = None) -> str:
    """Who controls, by the relative clause's subject (none: "コントロールする…" after a topic
    such as "あなたは" or in a description is the player of the sentence, you)."""
    if subject is None:
        return "you"
    words = subject.words()
    if "あなた" in words or (words == ["チーム"] and any(k == "gen" and m.words() == ["あなた"] for k, m in subject.mods)):
        return "you"    # (and "あなたのチームがコントロールしている", your team controls: Two-Headed Giant)
    if "対戦相手" in words or "防御プレイヤー" in words:
        return "opponent"       # the defending player is an opponent of the attacking player
    if words == ["プレイヤー"] and ("det", "その") in subject.mods and ctx is not None and \
            ctx.target is not None and ctx.target.noun == "opponent":
        return "opponent"       # "対戦相手1人を対象とする。そのプレイヤーがコントロールする…" (target opponent controls)
    return "player"




def _copy_filter(f: I.Filter) -> I.Filter:
    return copy.deepcopy(f)


# ----------------------------------------------------------------------------- effects
@dataclass
class Ctx:
    target: I.Filter | None = None
    duration: str | None = None
    condition: I.Condition | None = None
    granted: bool = False
    in_addition: bool = False   # "他のタイプに加えて" earlier in the sentence
    colors_in_addition: bool = False   # "それの他の色に加えて" earlier in the sentence
    pt_owner: I.Filter | None = None   # whose P/T the clause defined last ("…のパワーは…に等しく、タフネスは…")
    x_counted: I.Filter | None = None  # h19: what "Xは…の総数に等しい" counts, for the clause's "+X/+0"


def _arg(p: Pred, *particles: str) -> Arg | None:
    """The argument nearest the predicate with one of ``particles``: an earlier one with the same
    particle belongs to a relative clause ("能力を持たないクリーチャーは+2/+2の修整を受ける")."""
    for a in reversed(p.args):
        if a.particle in particles:
            return a
    return None


def _args(p: Pred, *particles: str) -> list[Arg]:
    return [a for a in p.args if a.particle in particles]


def _subject(p: Pred) -> Arg | None:
    """The topic (は) if any, else the nearest が: in "あなたがコントロールするクリーチャーは…" the
    が-phrase is the relative clause's subject."""
    return (_arg(p, "は", "はそれぞれ") or _arg(p, "が", "がそれぞれ")
            or _arg(p, "も", "では", "とは"))


KW_BY_NAME = ja_vocab.KEYWORDS


def keyword_list(np: NP) -> list[str]:
    out = []
    for x in np.all():
        for kind, w in x.heads:
            if (kind == "kw_noun" or w in KW_BY_NAME) and not (kind == "noun" and w in TYPE_MAP):
                out.append(KW_BY_NAME.get(w, w))
            elif kind == "quoted":
                out.append("quoted_ability")
    return out


def _np_has(np: NP | None, *words: str) -> bool:
    if np is None:
        return False
    for x in np.all():
        if any(w in words for _, w in x.heads):
            return True
    return False


def _pt_of(np: NP | None) -> str | None:
    if np is None:
        return None
    for x in np.all():
        for k, w in x.heads:
            if k == "pt":
                return w
        for kind, m in x.mods:
            if kind == "gen":
                for k, w in m.heads:
                    if k == "pt":
                        return w
    return None


def _colors_of(np: NP) -> list[str]:
    out = []
    for x in np.all():
        for k, w in x.heads:
            if k == "color" or w in W.COLORS:
                out.append(W.COLORS.get(w, w))
        for kind, m in x.mods:
            if kind == "gen":
                for k, w in m.heads:
                    if w in W.COLORS:
                        out.append(W.COLORS[w])
    return out


def _types_of(np: NP) -> tuple[list[str], list[str]]:
    types, subs = [], []
    for x in np.all():
        for k, w in x.heads:
            if w in TYPE_MAP:
                types.append(TYPE_MAP[w])
            elif k == "subtype":
                subs.append(w)
            elif w == "アーティファクト・クリーチャー":
                types += ["artifact", "creature"]
    return types, subs


def pred_records(p: Pred, ctx: Ctx, elements_text: str) -> list:
    """Hook point "predicate": one predication → the records of what it predicates
    (:mod:`cardlint.meaning`), each carrying the object it affects (its own subject)."""
    subj = _subject(p)
    obj = _arg(p, "を", "をそれぞれ", "をも")
    if obj is None and subj is not None and subj.particle != "も":
        # "それは絆魂も得る" (it also gains lifelink): with a topic, the も-phrase is the object
        obj = _arg(p, "も")
    partitive = _arg(p, "のうち")
    if obj is not None and partitive is not None and not obj.np.heads:
        # "AかBかCのうち、あなたが選んだ1つを得る": what is gained is chosen among the のうち-phrase
        obj = Arg(partitive.np, obj.particle)
    affected = np_filter(subj.np, ctx) if subj else None
    feats = set(p.feats)
    lemma = p.lemma
    # "このターン、呪文を唱えた各対戦相手は…できない": the time belongs to the past-tense relative clause
    rules_duration = ctx.duration if not (subj is not None and _past_relative(subj.np)) or \
        "time_after_topic" in p.feats else None

    def rec(kind, mods=(), aff=_SUBJECT, verb=None, objects=(), tags=(), duration=None) -> Predicate:
        return Predicate(kind, list(mods), verb=verb, objects=list(objects), tags={OWN_SUBJECT, *tags},
                         duration=duration, subject=affected if aff is _SUBJECT else aff)

    def cont(mods, aff=None):
        return rec(I.CONTINUOUS, mods, _SUBJECT if aff is None else aff, duration=ctx.duration)

    def rules(verb, aff=_SUBJECT):
        return rec(I.RULES, (), aff, verb=verb, duration=rules_duration)

    def action(verb, objects=(), tags=(), duration=None, aff=_SUBJECT):
        return rec(I.ONE_SHOT, (), aff, verb=verb, objects=[f for f in objects if f is not None], tags=tags,
                   duration=duration)

    if lemma in ("gain", "have") and "neg" in feats and "passive" in feats and obj is not None and p.link != "sub":
        # "対戦相手はライフを得られない": with an object, られ is the potential — can't gain
        return [rules("cant_" + lemma)]
    adverbs = set(p.adverbs)
    if "descriptive" in feats:
        return []
    # adverbial て-clauses: "他のタイプに加えて", "…に応じて", "…を除いて"
    if p.link == "cont" and lemma == "exclude":
        return []   # "…ことを除き、…のコピーとして" (except …): an exception to the main effect
    if p.link == "cont" and "te" in feats and lemma in ("add", "exclude", "respond", "follow", "use", "continue") and \
            (lemma != "add" or any(_np_has(a.np, "タイプ", "色", "クリーチャー・タイプ", "カード・タイプ", "名前")
                                   for a in p.args)):
        return []
    if p.link == "cont" and "te" in feats and lemma == "leave" and p.surface.startswith("残し"):
        return []   # "そのダメージを1点を残してすべて軽減する" (prevent all but 1 of that damage)
    # descriptive continuatives: "あなたがコントロールしていて…", "攻撃したりブロックしたりできない"
    # (the listed actions belong to the final predicate), "…を持っていて"
    if p.link == "cont" and ("tari" in feats or ("prog" in feats and "te" in feats) or lemma == "control"):
        return []
    only = any("しか" in x for x in p.adverbs) or any("しか" in a.particle for a in p.args)
    if lemma in ("activate", "play") and "can" in feats and ("neg" not in feats or only) and subj is not None and \
            _np_has(subj.np, "能力", "起動型能力"):
        # "この能力は、…ときにのみ起動できる" (activate only …): a restriction of the ability itself
        return []
    if "代わりに" in adverbs or "instead" in elements_text:
        # "代わりに、それは+4/+4の修整を受ける" (gets +4/+4 instead): the action marked "instead"
        # (the meaning layer makes it a replacement, CR 614.1a) and the continuous result in its layer
        plain = copy.copy(p)
        plain.adverbs = [a for a in p.adverbs if a != "代わりに"]
        result = [r for r in pred_records(plain, ctx, "") if r.kind == I.CONTINUOUS]
        return [rec(I.ONE_SHOT, verb=lemma, tags={INSTEAD})] + result

    if lemma in ("do", "gain", "perform") and obj is not None and _np_has(obj.np, "追加の1ターン"):
        # "追加の1ターンを行う／得る" (take an extra turn, CR 500.7)
        return [action("take", aff=None)]
    # --- continuous: P/T modify
    if lemma == "receive" and obj is not None and _np_has(obj.np, "修整", "修正"):
        # h19: "…アーティファクト1つにつき+1/+0の修整を受ける" (for each artifact …): the counted objects
        per = next((np_filter(a.np, ctx) for a in _args(p, "につき")), None)
        return [cont([pt_mods.modify(_pt_of(obj.np), per=per)])]
    # --- abilities / control
    if lemma in ("have", "gain", "lose") and obj is not None and _np_has(obj.np, "クリーチャー・タイプ") and \
            any(("det", "すべての") in x.mods for x in obj.np.all()):
        # "すべてのクリーチャー・タイプを得る／失う" (gains / loses all creature types): layer 4
        mods = [type_mods.all_creature_types() if lemma != "lose" else type_mods.lose_all()]
        kws = keyword_list(obj.np)
        if kws:     # "すべてのクリーチャー・タイプと飛行を得る" (gains all creature types and flying): 4 and 6
            mods.append(ability_mods.add(kws) if lemma != "lose" else ability_mods.remove(kws))
        return [cont(mods)]
    if lemma == "have" and p.bare and "te" not in feats:
        # "警戒を持ち緑であり白である2/2の…トークン": the abilities of a described object
        return []
    if lemma in ("have", "gain") and obj is not None:
        if _np_has(obj.np, "コントロール"):
            return [cont([control.gain()], aff=_controlled_object(obj.np, ctx))]
        kws = keyword_list(obj.np)
        if kws or _np_has(obj.np, "能力", "キーワード能力", "起動型能力", "誘発型能力"):
            if "neg" in feats:
                return []  # "飛行を持たない" in a description
            # (a player having an ability is a rules effect: the meaning layer decides, CR 613.10)
            # "あなたと~は呪禁を持つ" (you and ~ have hexproof): one record per conjunct, player or object
            subjects = [np_filter(x, ctx) for x in subj.np.all()] if subj is not None and subj.np.conj else []
            if len({f.ref in ("you", "player") for f in subjects}) < 2:
                subjects = [_SUBJECT]
            out = []
            for aff in subjects:
                r = cont([ability_mods.add(kws)], aff=aff)
                r.verb = lemma
                out.append(r)
            return out
        if _np_has(obj.np, "ライフ", "毒カウンター", "エネルギー", "紋章") or any(k == "mana" for k, _ in obj.np.heads):
            # "…クリーチャー1体につき1点のライフを得る" (gain 1 life for each creature …): what is counted
            return [action("gain", [np_filter(a.np, ctx) for a in _args(p, "につき")], aff=None)]
        if any(x.quantity for x in obj.np.all()) or _pt_of(obj.np):
            return [action("gain", aff=None)]
        if lemma == "have" and _np_has(obj.np, *_TYPE_WORDS) and _chosen(obj.np):
            # "本来のタイプに加えて選ばれたクリーチャー・タイプを持つ" (has the chosen creature type in addition
            # to its other types): a type, layer 4
            return [cont([type_mods.chosen(True)])]
        if lemma == "have" and _np_has(obj.np, "名前", "カード名"):
            return []   # "…の名前を持つ" (has the names of …): a name is no ability
        if lemma == "have":
            return [cont([ability_mods.add([obj.np.text])])]
        return [action("gain", aff=None)]
    if lemma == "lose" and obj is not None:
        if _np_has(obj.np, "ライフ"):
            return [action("lose_life", aff=None)]
        kws = keyword_list(obj.np)
        if kws or _np_has(obj.np, "能力"):
            op = "remove_all" if any(("det", "すべての") == m for x in obj.np.all() for m in x.mods) else "remove"
            mods = [I.Modification(I.ABILITIES, op, kws)]
            if _np_has(obj.np, "土地タイプ", "クリーチャー・タイプ", "タイプ"):
                # "すべての土地タイプと能力を失う" (loses all land types and abilities): layers 4 and 6
                mods.insert(0, type_mods.lose_all())
            return [cont(mods)]
        return [action("lose", aff=None)]
    # "あなたはエンチャントされているクリーチャーをコントロールする" (control-changing Aura)
    if lemma == "control" and obj is not None and subj is not None and _np_has(subj.np, "あなた") and \
            p.link in ("", "and") and \
            not feats & {"passive", "neg", "can", "past", "prog"} and p.link != "sub":
        return [cont([control.gain()], aff=np_filter(obj.np, ctx))]
    if lemma == "exchange" and obj is not None and _np_has(obj.np, "コントロール"):
        # "それらのコントロールを交換する" (exchange control): layer 2
        return [cont([control.exchange()], aff=_controlled_object(obj.np, ctx))]
    if lemma == "choose" and obj is not None and _np_has(obj.np, "こと") and any(
            k == "rel" and _cats().get(m, ("", "", ()))[1:] == ("untap", ("neg",)) for k, m in obj.np.mods):
        # hja: "あなたのアンタップ・ステップに~をアンタップしないことを選んでもよい" (you may choose not to untap ~
        # during your untap step): a rule of the untap step (CR 502.3), no one-shot choice
        return [rules("may_skip_untap", aff=None)]
    # "あなたは「ターン終了時まで、それは二段攻撃を得る。」を選んでもよい" (you may have …): the
    # quoted text is the effect chosen, not an ability granted to anything
    if lemma == "choose" and obj is not None and obj.np.quoted and not any(
            k != "quoted" for x in obj.np.all() for k, _ in x.heads):
        out: list[I.Effect] = []
        for q in obj.np.quoted:
            inner = [c for c in q.children if isinstance(c, Tree) and c.data == "body"]
            for b in inner:
                sub = I.ClauseIR(text="", form=I.FORM_STATEMENT, parsed=True)
                body_effects(b, sub)
                out.extend(sub.effects)
        if out:
            return out      # built already (the quoted text's own sentences)
    to = _arg(p, "に")
    if lemma == "change" and obj is not None and to is not None and _np_has(obj.np, "パワー", "タフネス") and \
            any(k == "gen" and m.words() == ["基本"] for x in obj.np.all() for k, m in x.mods):
        # "~の基本のパワーとタフネスをそのクリーチャーのパワーとタフネスに変更する" (change ~'s base power
        # and toughness to …): 7b (CR 613.4b), on the creature whose P/T it is
        owner = next((np_filter(m, ctx) for x in obj.np.all() for k, m in x.mods if k == "gen" and m.words() != ["基本"]),
                     affected)
        return [cont([pt_mods.set_base(_pt_of(to.np) or I.Value(kind="other"))], aff=owner)]
    if lemma == "replace" and obj is not None and to is not None and _np_has(obj.np, *_TEXT_WORDS) and \
            "書かれ" in elements_text:
        # "それに書かれた色を表す言葉1種類をすべて別な色に置き換える" (change the text of it by replacing all
        # instances of one color word with another): a text-changing effect, layer 3 (CR 612.2)
        on = _args(p, "に")[0]
        return [cont([text_mods.change_text()], aff=np_filter(on.np, ctx))]
    if lemma == "switch" and obj is not None and _np_has(obj.np, "パワー", "タフネス"):
        return [cont([pt_mods.switch()])]
    if lemma == "equal" and _is_x(p, subj) and _counted_by_x(p, ctx):
        return []
    # --- P/T define: "~のパワーは…に等しい"
    if lemma == "equal" and p.kind == "adj" and subj is not None and _np_has(subj.np, "パワー", "タフネス", "パワーとタフネス"):
        owner = _genitive_owner(subj.np, ctx)
        if not any(k == "gen" for k, _ in subj.np.mods) and ctx.pt_owner is not None:
            owner = ctx.pt_owner    # "ルアゴイフのパワーは…に等しく、タフネスは…": the same creature's toughness
        ctx.pt_owner = owner
        return [cont([pt_mods.define()], aff=owner)]
    # --- become / be (copula)
    if p.kind in ("copula",) or lemma == "become":
        comp = p.complement
        if subj is not None and subj.np.words() in (["色"], ["タイプ"]) and any(k == "gen" for k, _ in subj.np.mods):
            # "それの色は…になる" (its color becomes …), "それのタイプは…になる" (its type becomes …)
            affected = _genitive_owner(subj.np, ctx)
        if comp is None:
            # "X に なる": complement is the に-argument ("島にもなる": becomes an Island too)
            a = _arg(p, "に", "と", "にも")
            comp = a.np if a else None
            if a is not None and a.particle == "にも":
                ctx.in_addition = True
        neg = "neg" in feats or p.copula in ("ではない", "でない")
        if comp is not None and _np_has(comp, "対象") and neg and p.link != "sub":
            # "呪文や能力の対象にならない" (can't be the target of …)
            return [rules("cant_be_targeted")]
        if comp is not None and _np_has(comp, "統治者", "イニシアチブ") and not neg and p.link != "sub":
            return [action("become_monarch", aff=None)]
        if comp is not None:
            mods = copula_mods(p, comp, subj, ctx)
            if mods:
                return [cont(mods, aff=affected)]
    # "あなたは~をそれのコピーにしてもよい" (you may have ~ become a copy of it): layer 1a
    to = _arg(p, "に")
    if lemma == "do" and obj is not None and to is not None and _np_has(to.np, "コピー"):
        return [cont([copy_mods.become_copy()], aff=np_filter(obj.np, ctx))]
    # --- copy: "…のコピーとして戦場に出る/出してもよい" (replacement + layer 1a)
    as_arg = _arg(p, "として")
    if as_arg is not None and _np_has(as_arg.np, "コピー") and lemma in ("enter", "put"):
        # "あなたは~を…のコピーとして戦場に出してもよい": the を-object enters as the copy
        aff = np_filter(obj.np, ctx) if obj is not None and lemma == "put" else affected
        return [rec(I.ONE_SHOT, [copy_mods.become_copy()], aff, verb=lemma, tags={COPY_ENTER})]
    # --- face down: "…を裏向きにする" (as it enters: the meaning layer adds the replacement)
    if "裏向きに" in adverbs and lemma in ("do", "turn", "put") and obj is not None:
        return [cont([face_down.turn_face_down()], aff=np_filter(obj.np, ctx))]
    # --- enters tapped / with counters (replacement)
    if lemma == "enter" and _arg(p, "に") is not None and _np_has(_arg(p, "に").np, "戦場", "場"):
        with_state = _arg(p, "で")
        if with_state is not None or "代わりに" in adverbs:
            return [rec(I.ONE_SHOT, verb="enter", tags={ENTERS_WITH})]
    # "ライブラリーの一番上のカードを予示する" (manifest): a face-down 2/2, layer 1b (classification.md)
    if lemma == "manifest":
        return [cont([face_down.turn_face_down()], aff=np_filter(obj.np, ctx) if obj else None)]
    # --- prevention / replacement verbs
    if lemma == "prevent" and not {"can", "neg"} <= feats:
        # (but "このダメージは軽減できない", damage can't be prevented, is a restriction: a rule below)
        return [rec(I.PREVENTION, verb="prevent", aff=None)]
    if lemma == "not" and "become" in feats and subj is not None and _np_has(subj.np, "上限") and \
            "手札" in subj.np.text:
        return [rules("no_maximum_hand_size")]  # "あなたの手札の上限はなくなる" (no maximum hand size)
    if lemma == "remove" and "neg" in feats and subj is not None and _np_has(subj.np, "効果") and \
            p.link not in ("sub", "cont"):
        return [rules("doesnt_remove")]     # "この効果は~を取り除かない" (this effect doesn't remove ~)
    if lemma == "skip":
        return [rec(I.REPLACEMENT, verb="skip", aff=None)]
    # --- rules: can't / costs
    had = [k for a in p.args for o in (a.np, a.np.rel_object) if o is not None for k in keyword_list(o)]
    if lemma == "can" and "neg" in feats and any(
            re.search(r"(?:持つ|得る)こと", a.np.text) for a in p.args) and had:
        # "飛行を得ることも持つこともできない" (can't have or gain flying): layer 6
        return [cont([ability_mods.cant_have(had)])]
    if lemma in ("can",) and "neg" in feats or ("can" in feats and "neg" in feats):
        return [rules(lemma)]
    if lemma in W.KEYWORD_STATEMENTS and {"passive", "neg"} <= feats and not feats & {"past", "can", "prog"} \
            and p.link != "sub":
        # "~は破壊されない" (~ is indestructible): the keyword's printed form before it was one, layer 6
        return [cont([ability_mods.add([W.KEYWORD_STATEMENTS[lemma]])])]
    # "唱えられない", "ブロックされない": a negative passive/potential main predicate is a "can't"
    if "passive" in feats and "neg" in feats and "past" not in feats and p.link not in ("sub", "cont"):
        return [_with_agents(rules("cant_be_" + lemma), p, ctx)]
    # "可能なら攻撃する" (attacks/blocks each combat if able): the meaning layer makes it a requirement
    if lemma in ("attack", "block") and adverbs & _IF_ABLE:
        return [action(lemma, duration=rules_duration)]
    if "passive" in feats and "neg" in feats and lemma in ("destroy", "counter", "block", "regenerate"):
        return [_with_agents(rules("cant_be_" + lemma), p, ctx)]
    if "neg" in feats and lemma in ("untap",) and ctx.duration is None:
        return [rules("doesnt_untap")]
    if "become" in feats and lemma in ("more", "fewer") and any(
            _np_has(a.np, "コスト", "追加コスト") for a in _args(p, "が", "は", "も")):
        return [rules("cost_change", aff=None)]
    if "must" in feats or "可能ならば" in p.adverbs:
        # "可能ならば…ブロックに参加する" (blocks … if able): a requirement, a rules effect (CR 509.1c)
        return [rules(lemma)]
    if "may" in feats and lemma == "join" and affected is not None and affected.ref not in PLAYER_REFS and \
            any(_np_has(a.np, "ブロック") for a in _args(p, "に")):
        # "~は飛行を持つかのようにブロックに参加してもよい" (~ may block as though it had flying): the object
        # is allowed to block so — a permission on the object (meaning.permissions.object_may)
        return [rec(I.ONE_SHOT, verb="block", tags={PLAYER_MAY}, duration=rules_duration)]
    if "may" in feats and lemma == "play" and obj is not None and _np_has(obj.np, "土地") and \
            any(m == ("det", "追加の") for x in obj.np.all() for m in x.mods):
        # "あなたは追加の土地を2枚プレイしてもよい" (you may play two additional lands): a rule (CR 305.2)
        return [rules("extra_land", aff=None)]
    if "may" in feats and lemma in ("cast", "play"):
        # a permission to cast or play: the meaning layer decides whether it lasts (CR 601.3)
        froms = [a for a in _args(p, "から") if np_filter(a.np, ctx).zone is not None]
        # "それが追放され続けているかぎり、…唱えてもよい": "かぎり" bounds the permission (for as long as)
        lasts = ctx.duration or ("for_as_long_as" if ctx.condition is not None and
                                 ctx.condition.kind == "as_long_as" else None)
        return [action(lemma, tags={PLAYER_MAY, *([FROM_ZONE] if froms else [])}, duration=lasts)]
    if lemma == "able" or (lemma in ("attack", "block") and ("can" in feats or "neg" in feats)):
        return [rules(lemma)]
    if p.kind == "quantity" and _TIMES.match(p.surface):
        # "…のパワーはそれぞれ2倍になる" (its power is doubled): +X/+0, layer 7c (CR 701.10a–b); "…の2倍になる"
        # (becomes twice another value) is no quantity predicate, and a base power is not doubled this way
        topic = next((a for a in reversed(p.args) if a.particle.startswith("は")), None)
        if topic is not None and _np_has(topic.np, "パワー", "タフネス") and not _np_has(topic.np, "基本"):
            return [cont([pt_mods.double()], _genitive_owner(topic.np, ctx))]
    if p.kind == "adj" or p.kind in ("np", "quantity", "copula"):
        return []
    doubled = any("倍" in a.np.text for a in _args(p, "に")) or any("倍" in x for x in p.adverbs)
    if lemma == "do" and obj is not None and doubled and not feats & {"neg", "passive"} and _np_has(obj.np, "パワー", "タフネス"):
        # "これのパワーとタフネスを2倍にする": doubling power/toughness, on the creature whose power it is
        return [cont([pt_mods.double()], _genitive_owner(obj.np, ctx))]
    if lemma == "do" and obj is not None and doubled and not feats & {"neg", "passive"}:
        # "ライフの総量を2倍にする" (double its controller's life total)
        return [action("double", [np_filter(obj.np, ctx)])]
    if lemma in ("be", "exist", "do"):
        return []
    if lemma == "target":
        if obj is not None:
            f = np_filter(obj.np, ctx)
            if f is not None:
                f.quantifier = "target"
                ctx.target = f
        return []
    if lemma == "put" and obj is not None and to is not None and _np_has(to.np, "戦場", "場") and \
            any(k in ("トークン", "クリーチャー・トークン") or k.endswith("・トークン") for x in obj.np.all() for k in x.words()):
        # "…トークンを1体戦場に出す" (put a … token onto the battlefield): the old wording of create (CR 111.2)
        return [action("create", [np_filter(obj.np, ctx)])]
    if lemma in ("put", "move") and obj is not None and _is_counter_np(obj.np):
        return [action(lemma, [np_filter(obj.np, ctx)] + _counter_places(p, ctx))]
    done = [action(lemma, [np_filter(obj.np, ctx) if obj else None])]
    if obj is not None and to is not None and any("裏向き" in a.np.text for a in _args(p, "で")):
        # "これを裏向きで戦場に戻す", "表向きまたは裏向きの状態で戦場に戻す" (return it to the battlefield
        # face down / face up or face down): the permanent has the face-down characteristics, layer 1b
        if face_down.enters_face_down([np_filter(a.np, ctx).zone for a in _args(p, "に")]):
            done.append(cont([face_down.turn_face_down()], aff=np_filter(obj.np, ctx)))
    return done


def _is_x(p: Pred, subj: Arg | None) -> bool:
    """"Xは…に等しい": X is the topic (the tree keeps the quantity topic "Xは" as no argument: a predication
    with no subject and only its に-argument is about X)."""
    if subj is None:
        return len(p.args) == 1 and not p.quantities
    return "".join(subj.np.words()) in ("X", "x") or (subj.np.quantity or "").strip() in ("X", "x")


def _counted_by_x(p: Pred, ctx: Ctx) -> bool:
    """h19: "Xは…攻撃クリーチャーの総数に等しい" (X is the number of attacking creatures …), a sentence of its
    own after "+X/+0の修整を受ける": the counted objects are kept for the P/T change (``Modification.per``,
    see :func:`sentence_effects`); the sentence itself creates no effect."""
    to = _arg(p, "に")
    if to is None or not _np_has(to.np, "総数", "数") or not any(k == "gen" for k, _ in to.np.mods):
        return False
    counted = _genitive_owner(to.np, ctx)
    counted.controller = counted.controller or np_filter(to.np, ctx).controller
    ctx.x_counted = counted
    return True


def _with_agents(r: Predicate, p: Pred, ctx: Ctx) -> Predicate:
    """h19: "赤のクリーチャーによってはブロックされない" (can't be blocked by red creatures): the agent of the
    passive is an object of the restriction, as in the other languages."""
    r.objects += [f for a in _args(p, "によって", "によっては", "によっても") for f in [np_filter(a.np, ctx)] if f is not None]
    return r


def _is_counter_np(np: NP) -> bool:
    return any(w.endswith("カウンター") for x in np.all() for _, w in x.heads)


def _counter_places(p: Pred, ctx: Ctx) -> list[I.Filter]:
    """h19: the objects counters go on or come from ("各クリーチャーの上に", "それの上に", "…パーマネントの上から"):
    the owner of the "上" (top) the に/から argument names."""
    out = []
    for a in p.args:
        if a.particle in ("に", "から") and _np_has(a.np, "上") and any(k == "gen" for k, _ in a.np.mods):
            owner = _genitive_owner(a.np, ctx)
            # "あなたがコントロールする各クリーチャーの上": the relative clause is read on the whole phrase
            owner.controller = owner.controller or np_filter(a.np, ctx).controller
            out.append(owner)
    return out


#: the nouns of "becomes the chosen type" ("あなたが選んだ1つの基本地形タイプになる": 基本地形 is the old
#: word for basic land)
_TYPE_WORDS = ("タイプ", "土地タイプ", "基本土地タイプ", "基本地形タイプ", "クリーチャー・タイプ")

#: what a text-changing effect replaces: a word of the text (CR 612.2)
_TEXT_WORDS = ("言葉", "単語", "基本地形タイプ", "基本土地タイプ", "文字", "クリーチャー・タイプ", "タイプ")

#: the default of ``aff``: the predication's subject is affected
_SUBJECT = object()

#: a value that becomes twice itself ("2倍になる")
_TIMES = re.compile(r"^[2２]倍になる$")


def _genitive_owner(np: NP, ctx: Ctx) -> I.Filter:
    for kind, m in np.mods:
        if kind == "gen":
            return np_filter(m, ctx)
    return I.Filter(ref="it")


def _controlled_object(np: NP, ctx: Ctx) -> I.Filter:
    before: list[NP] = []
    for x in np.all():
        for kind, m in x.mods:
            if kind == "gen":
                f = np_filter(m, ctx)
                for y in before:
                    # "オーラすべてと装備品すべてのコントロール" (control of all Auras and Equipment): the
                    # grammar joins the first conjunct to the phrase, not to the genitive it shares
                    g = np_filter(y, ctx)
                    f.types += [t for t in g.types if t not in f.types]
                    f.subtypes += [t for t in g.subtypes if t not in f.subtypes]
                return f
        before.append(x)
    return I.Filter(ref="it")


def copula_mods(p: Pred, comp: NP, subj: Arg | None, ctx: Ctx) -> list[I.Modification] | None:
    """"…である/になる": what the complement says the object is or becomes (types, colors, P/T, abilities)."""
    mods: list[I.Modification] = []
    types, subs = _types_of(comp)
    colors = _colors_of(comp)
    pt = _pt_of(comp)
    in_addition = any(a.np and _np_has(a.np, "タイプ") and a.particle == "に" for a in p.args) or \
        p.copula == "でもある" or ctx.in_addition
    also = p.copula == "でもある" or ctx.colors_in_addition   # colors are added by "でもある" (is also …)
    # and by "他の色に加えて" (in addition to its other colors)
    if _np_has(comp, "コピー"):
        return [copy_mods.become_copy()]
    every = any(("det", "すべての") in x.mods for x in comp.all())
    if every and _np_has(comp, "クリーチャー・タイプ"):
        mods.append(type_mods.all_creature_types())
    elif every and (_np_has(comp, "基本土地タイプ") or _np_has(comp, "基本土地") and _np_has(comp, "タイプ")):
        # "すべての基本土地タイプでもある" (is every basic land type): subtypes added, layer 4
        mods.append(type_mods.change([type_mods.EVERY_BASIC_LAND_TYPE], additive=in_addition))
    elif every and _np_has(comp, "色"):
        mods.append(color_mods.all_colors())    # "すべての色である" (is all colors)
    elif not types and not subs and _np_has(comp, *_TYPE_WORDS) \
            and any(("det", "その") == m for x in comp.all() for m in x.mods):
        mods.append(type_mods.chosen(in_addition))   # "そのタイプになる" (becomes that type)
    supers = [W.SUPERTYPES[w] for x in comp.all() for k, w in x.heads if w in W.SUPERTYPES]
    if types:
        # "8/12の伝説のスピリット・クリーチャーになる" (becomes a legendary 8/12 Spirit creature)
        supers += [W.SUPERTYPES[w] for x in comp.all() for k, m in x.mods if k == "gen"
                   for _, w in m.heads if w in W.SUPERTYPES and W.SUPERTYPES[w] not in supers]
    if types or (supers and not pt):
        # "…は伝説である" (is legendary): a supertype is layer 4 too; with a card type, the subtypes
        # are set together ("緑の4/4のスピリット・クリーチャー")
        mods.append(type_mods.change(types + supers + (subs if types else []), additive=in_addition))
    if subs and not types:
        mods.append(I.Modification(I.TYPES, "set_subtypes", subs) if not in_addition
                    else type_mods.change(subs, additive=True))
    if colors and not (len(colors) == 1 and not types and not subs and not pt and comp.heads and comp.heads[0][0] != "color"):
        mods.append(color_mods.change(colors, additive=also))
    if _np_has(comp, "無色"):
        mods.append(color_mods.change(["colorless"]))
    if pt and (types or subs or p.lemma == "become" or _is_pt_subject(subj)):
        mods.append(pt_mods.set_base(pt))
    elif pt and not mods:
        mods.append(pt_mods.set_base(pt))
    if comp.quoted or keyword_list(comp):
        kws = keyword_list(comp)
        if kws:
            mods.append(ability_mods.add(kws))
    if (types or subs or pt) and any(k == "rel" and _cats().get(m, ("", m, ()))[1] == "have" for x in comp.all()
                                     for k, m in x.mods):
        # "飛行を持つ青の2/2のエレメンタル・クリーチャーになる": the relative clause's を-argument
        # (parsed as an argument of the predicate) is an ability the object gets
        objs = [a.np for a in _args(p, "を")] + [x.rel_object for x in comp.all() if x.rel_object is not None]
        if any(k == "rel" and {"have", "neg"} <= {_cats().get(m, ("", m, ()))[1], *_cats().get(m, ("", m, ()))[2]}
               for x in comp.all() for k, m in x.mods) and any(o.words() == ["能力"] for o in objs):
            # "能力を持たない0/4のツリーフォークである" (is a 0/4 Treefolk with no abilities): layer 6
            mods.append(ability_mods.remove_all())
            objs = []
        kws = [k for o in objs for k in keyword_list(o)]
        # "エンチャント(クリーチャー)を持つオーラになる": what an object "has" is an ability, so the card
        # type's word names the keyword enchant (CR 702.5) here
        kws += ["enchant" for o in objs if o.words() == ["エンチャント"]]
        if kws or any(o.quoted or _quoted_ability(o) for o in objs):
            mods.append(ability_mods.add(kws or ["quoted_ability"]))
    stated = [W.KEYWORD_STATEMENTS[c[1]] for x in comp.all() for k, m in x.mods if k == "rel"
              for c in [_cats().get(m, ("", m, ()))] if c[1] in W.KEYWORD_STATEMENTS and {"passive", "neg"} <= set(c[2])]
    if (types or subs) and stated:
        # "破壊されない人間・兵士・クリーチャーになる" (becomes an indestructible Human Soldier creature)
        mods.append(ability_mods.add(stated))
    if types and any(k == "adj" and _cats().get(m, ("", m, ()))[1] == "equal" for x in comp.all() for k, m in x.mods) \
            and any(_np_has(a.np, "パワー", "タフネス") for a in _args(p, "が", "がそれぞれ")):
        # "パワーとタフネスがそれぞれそれのマナ総量に等しいアーティファクト・クリーチャーになる" (… with power
        # and toughness each equal to its mana value): the relative clause sets its P/T, 7b (CR 613.4b)
        mods.append(pt_mods.set_base(I.Value(kind="other")))
    if not colors and _np_has(comp, "色") and _chosen(comp):
        # "その選ばれた色になる", "あなたが選んだ1色の色になる" (becomes the chosen color): layer 5
        mods.append(color_mods.chosen(additive=also))
    if not types and not subs and _np_has(comp, *_TYPE_WORDS) and any(
            k == "rel" and _cats().get(m, ("", m, ()))[1] == "choose" for x in comp.all() for k, m in x.mods):
        mods.append(type_mods.chosen(in_addition))   # "選ばれたタイプである" (is the chosen type)
    if not mods:
        return None
    if "neg" in set(p.feats) or p.copula in ("ではない", "でない"):
        if types and p.link != "sub" and not subs and not pt and not colors:
            # "…かぎり、~はクリーチャーではない" (isn't a creature): a card type removed, layer 4
            return [type_mods.change(types, negated=True)]
        return None
    # one modification per (characteristic, op), as the English "becomes a 4/4 green Spirit creature"
    seen: dict = {}
    out = []
    for m in mods:
        k = (m.characteristic, m.op)
        if k not in seen:
            seen[k] = m
            out.append(m)
        elif isinstance(seen[k].value, list) and isinstance(m.value, list):
            seen[k].value = seen[k].value + [v for v in m.value if v not in seen[k].value]
    return out


def _quoted_ability(np: NP) -> bool:
    """"「…」の能力" (the ability "…"): a granted ability quoted in the genitive of 能力."""
    return _np_has(np, "能力") and any(k == "gen" and m.quoted for x in np.all() for k, m in x.mods)


def _past_relative(np: NP) -> bool:
    return any(k == "rel" and "past" in _cats().get(m, ("", m, ()))[2] for x in np.all() for k, m in x.mods)


def _chosen(np: NP) -> bool:
    return any(k == "rel" and _cats().get(m, ("", m, ()))[1] == "choose" for x in np.all() for k, m in x.mods)


def _is_pt_subject(subj: Arg | None) -> bool:
    return subj is not None and _np_has(subj.np, "パワー", "タフネス", "パワーとタフネス", "基本のパワーとタフネス")


# ----------------------------------------------------------------------------- durations / conditions
def _duration_of(arg: Arg) -> str | None:
    t = arg.np.text
    if arg.particle == "まで":
        if "ターン終了時" in t or "終了時" in t:
            return "until_eot"
        if "次のターン" in t:
            return "until_next_turn"
        return "until"
    return None


def duration_of(preds: list[Pred]) -> str | None:
    """Hook (duration): the duration a sentence's arguments or adverbs state ("ターン終了時まで", "このターン")."""
    duration = None
    for p in preds:
        if p.link == "sub" and p.link_lemma == "until" and p.kind == "verb":
            # "~が場を離れるまで、それは森になる" (until ~ leaves play): until an event
            duration = duration or "until_event"
        for a in p.args:
            d = _duration_of(a)
            if d:
                duration = d
        if "このターン" in p.adverbs and not (p.link == "sub" and p.link_lemma == "if"):
            # but "このターンに…ていたなら" is a condition about this turn, not the effect's duration
            duration = duration or "this_turn"
    return duration


def condition_of(p: Pred) -> I.Condition | None:
    """Hook (condition): what a subordinate predicate says about the statement ("…かぎり" as long as,
    "…なら" if, "…に際し" as it enters)."""
    cond = _condition_kind(p)
    if cond is not None:
        # h19: the noun phrases the condition names ("白か黒のパーマネントをコントロールしているかぎり")
        cond.objects = [f for a in p.args for f in _condition_phrases(a.np)]
    return cond


def _condition_phrases(np: NP) -> list[I.Filter]:
    """The Filters of a condition's argument; "白か黒のパーマネント" (a white or black permanent) is one
    phrase: a conjunct that is a bare color belongs to the noun of the next one."""
    out: list[I.Filter] = []
    pending: list[str] = []
    for x in np.all():
        f = np_filter(x)
        if f is None:
            continue
        if f.colors and f.noun is None and not f.types and not f.subtypes and f.ref == "object":
            pending.extend(f.colors)
            continue
        f.colors[:0] = pending
        pending = []
        out.append(f)
    if pending:
        out.append(I.Filter(colors=pending))
    return out


def _condition_kind(p: Pred) -> I.Condition | None:
    lk = p.link_lemma
    if lk == "as_enters" and p.lemma == "enter":
        return I.Condition("as_enters", p.surface)
    if lk == "as_long_as" and "neg" in p.feats:
        # "{1}を支払わないかぎり" (unless … pays {1}), "島をコントロールしていないかぎり" (unless … controls an Island)
        return I.Condition("unless", p.surface)
    if lk == "as_long_as":
        return I.Condition("as_long_as", p.surface)
    if lk in ("if", "even_if"):
        return I.Condition("if", p.surface)
    return None


def _instead_of_action(p: Pred) -> bool:
    """"墓地に置く代わりに追放する" (exile it instead of putting it into the graveyard): a
    replacement — but "マナ・コストを支払う代わりに" (rather than pay its mana cost) is an
    alternative cost, a rules effect."""
    return p.link == "sub" and p.link_lemma == "instead" and p.lemma != "pay"


def sentence_effects(sent: Tree, ctx: Ctx, is_first: bool, ir: I.ClauseIR) -> None:
    elements = flatten_seq(sent)
    preds = predications(elements)
    # durations and leading trigger/condition
    ctx.duration = duration_of(preds)
    ctx.condition = None
    ctx.in_addition = ctx.colors_in_addition = False
    for i, p in enumerate(preds):
        if p.link == "sub":
            lk = p.link_lemma
            lead = all(q.link == "cont" for q in preds[:i])
            if lk in ("whenever", "when") and is_first and lead and not ctx.granted:
                ir.form = I.FORM_TRIGGERED
                ir.trigger = " ".join(a.np.text for a in p.args) + p.surface
                continue
            cond = condition_of(p)
            if cond is not None and cond.kind == "as_enters":
                # "~が戦場に出るに際し、…": the subordinate clause names the replaced event (CR 614.12)
                ir.effects.append(I.Effect(kind=I.REPLACEMENT, verb="as_enters"))
            if cond is not None and (cond.kind != "if" or ctx.condition is None):
                ctx.condition = cond
    # trigger by time point: "…の開始時に、" as the first argument of the first sentence
    if is_first and preds and not ctx.granted and ir.form == I.FORM_STATEMENT:
        first = preds[0]
        for a in first.args[:1]:
            if a.particle == "に" and re.search(r"(開始時|終了時|終了ステップ)$", a.np.text) and "次の" not in a.np.text \
                    and not any(m == ("det", "次の") for m in a.np.mods):
                ir.form = I.FORM_TRIGGERED
                ir.trigger = a.np.text
            elif a.np.conj and a.np.text.startswith(a.np.heads_text() + "、") and \
                    re.search(r"(?:開始時|終了時)$", a.np.heads_text()):
                # "戦闘終了時、この戦闘で…" (at end of combat, …): the time point without に, which the
                # grammar reads as the first conjunct of the phrase after it
                ir.form = I.FORM_TRIGGERED
                ir.trigger = a.np.heads_text()
    text = "".join(a.np.text for p in preds for a in p.args)
    alt_cost = any(p.link == "sub" and p.link_lemma in ("instead", "instead_of") and p.lemma == "pay"
                   and any(_np_has(a.np, "マナ・コスト", "コスト") for a in p.args) for p in preds)
    bare_kws: list[str] = []
    # "他のタイプに加えてイリュージョンであり、「…」を得ることを除き、…のコピーとして戦場に出す": the
    # predicates before "除き" are the exception of the copy effect, part of it (CR 707.9b)
    exception = set()
    for i, p in enumerate(preds):
        if p.lemma == "exclude" and p.link == "cont":
            j = i - 1
            while j >= 0 and preds[j].link == "cont":
                exception.add(j)
                j -= 1
    main = [p for i, p in enumerate(preds) if p.link != "sub" and i not in exception]
    # "…なら、代わりに…" (if …, … instead), "墓地に置く代わりに追放する" (exile it instead of putting it
    # into the graveyard): the sentence replaces an event; what it does instead leads its effects
    said_instead = any("代わりに" in q.adverbs for q in preds) and ctx.condition is not None and \
        ctx.condition.kind == "if"
    instead_of = any(_instead_of_action(q) for q in preds)
    out: list[I.Effect] = []
    if said_instead or instead_of:
        verb = next((p.lemma for p in main if "代わりに" in p.adverbs), "instead")
        out += meaning.effects([Predicate(I.ONE_SHOT, verb=verb, tags={INSTEAD})], meaning.Context())
    mctx = meaning.Context(granted=ctx.granted)
    for i, p in enumerate(preds):
        if p.link == "sub" or i in exception:
            continue
        effs: list[I.Effect] = []
        for r in pred_records(p, ctx, text):
            effs += [r] if isinstance(r, I.Effect) else meaning.predicate_effects(r, mctx, out)
        if p.lemma == "add" and "te" in p.feats and any(_np_has(a.np, "タイプ", "クリーチャー・タイプ") for a in p.args):
            ctx.in_addition = True
        if p.lemma == "add" and "te" in p.feats and any(_np_has(a.np, "色") for a in p.args):
            ctx.colors_in_addition = True
        if p.lemma == "have" and p.bare:
            bare_kws = [k for a in _args(p, "を") for k in keyword_list(a.np)]
        else:
            if bare_kws:
                # "飛行と速攻を持ち…4/4のドラゴンになる": the abilities of what the object becomes
                for e in effs:
                    if e.kind == I.CONTINUOUS and any(m.characteristic in (I.TYPES, I.PT_SET) for m in e.modifications) \
                            and not any(m.characteristic == I.ABILITIES for m in e.modifications):
                        e.modifications.append(ability_mods.add(bare_kws))
            bare_kws = []
        if p.lemma == "gain" and (any(a.np.text == "この能力" for a in _args(p, "を")) or
                                  any("ただし" in q.adverbs for q in preds)):
            # "…のコピーになり、この能力を得る", "…のコピーになるとともに、この能力を得る", "…のコピーとして
            # 場に出る。ただし、…「…」の能力を得る" (except it has "…") (meaning.copy)
            copying = any(m.characteristic == I.COPY for e in ir.effects + out for m in e.modifications)
            effs = [e for e in effs if not copy_mods.gained_in_copying(copying, e)]
        out.extend(effs)
    st = statement_facts(sent, main, ctx, alternative_cost=alt_cost and bool(out), instead=said_instead or instead_of)
    out = meaning.finish(out, st)
    if alt_cost and main:
        # "あなたは~のマナ・コストを支払うのではなく、…を捨ててもよい": a static ability of the spell
        ir.static_spell_ability = True
    ir.effects.extend(out)
    if ctx.x_counted is not None:   # h19: "Xは…の総数に等しい" counts for the clause's "+X/+0"
        for e in ir.effects:
            pt_mods.apply_where_x(e.modifications, ctx.x_counted)
        ctx.x_counted = None
    if any("代わりに" in p.adverbs for p in preds) and not any(e.kind == I.REPLACEMENT for e in ir.effects):
        ir.effects.append(I.Effect(kind=I.REPLACEMENT, verb="instead"))


def statement_facts(sent: Tree, main: list[Pred], ctx: Ctx, alternative_cost: bool, instead: bool) -> meaning.Statement:
    """Hook (statement): what the sentence says about all its effects — its condition, "as ~ enters",
    "instead", "if able", "as though", "without paying", an alternative cost."""
    surface = text_of(sent)
    st = meaning.Statement(alternative_cost=alternative_cost, without_paying=_WITHOUT_PAYING in surface,
                           as_though=_AS_THOUGH in surface, if_able=any(set(p.adverbs) & _IF_ABLE for p in main))
    if ctx.condition is not None:
        st.mods.append(meaning.Mod("condition", ctx.condition))
        if ctx.condition.kind == "as_enters":
            # "~が戦場に出るに際し、色を1色選ぶ": part of the replacement (CR 614.12)
            st.mods.append(meaning.Mod("as_enters"))
    if instead:
        st.mods.append(meaning.Mod("instead"))
    return st


#: "可能なら" (if able)
_IF_ABLE = frozenset({"可能なら", "可能ならば"})
#: "そのマナ・コストを支払うことなく唱える" (cast it without paying its mana cost)
_WITHOUT_PAYING = "支払うことなく"
#: "瞬速を持っているかのように唱えてもよい" (as though it had flash)
_AS_THOUGH = "かのように"


def body_effects(body: Tree, ir: I.ClauseIR, granted: bool = False) -> None:
    ctx = Ctx(granted=granted)
    sents = [c for c in body.children if isinstance(c, Tree) and c.data == "sentence"]
    for i, s in enumerate(sents):
        sentence_effects(s, ctx, i == 0, ir)
    # "…トークンを1体生成する。それは「…」を持つ。": the sentence defines the token (CR 111.4)
    ir.effects = stack.without_token_definitions(ir.effects)
    _static_spell(ir)


def _static_spell(ir: I.ClauseIR) -> None:
    """Abilities that work while a spell is on the stack (CR 113.6): "~は打ち消されない",
    "~は無色である", "~を唱えるためのコストは…少なくなる"."""
    for e in ir.effects:
        if e.affected is not None and e.affected.is_self and e.verb in ("cant_be_counter",):
            ir.static_spell_ability = True
        if e.kind == I.CONTINUOUS and e.affected is not None and e.affected.is_self and e.duration is None \
                and e.modifications and all(m.characteristic == I.COLORS for m in e.modifications):
            ir.static_spell_ability = True
        if e.kind == I.RULES and e.verb == "cost_change":
            ir.static_spell_ability = True


# ----------------------------------------------------------------------------- clause
def build_clause(tree: Tree, seg: Segment, norm: str) -> I.ClauseIR:
    ir = _build_clause(tree, seg, norm)
    if ir.form in (I.FORM_TRIGGERED, I.FORM_ACTIVATED):
        permissions.resolving(ir.effects)   # "あなたはそれを唱えてもよい" is done as it resolves
    return ir


def _striation(root: Tree, ir: I.ClauseIR, seg: Segment, norm: str) -> I.ClauseIR:
    """h19: "Lv1-3 • 4/4 • トランプル" — a leveler's striation, one static ability (CR 711.2b,
    :func:`meaning.levels.striation`): the P/T box, the keywords by id, other abilities granted."""
    pts: list[str] = []
    granted: list[str] = []
    for part in root.children[1:]:
        if not isinstance(part, Tree):
            continue                      # the bullets
        if part.data == "pt_line":
            pts.append(str(next(t for t in tokens(part) if t.type == "PT")))
        elif part.data == "keyword_line":
            items = [c for c in part.children if isinstance(c, Tree) and c.data == "kw_item"]
            granted += [ja_vocab.KEYWORDS.get(str(c.children[0]), str(c.children[0])) for c in items]
        else:
            granted.append("quoted_ability")
    ir.effects.append(levels.striation(str(root.children[0]), pts, granted))
    return ir


def _build_clause(tree: Tree, seg: Segment, norm: str) -> I.ClauseIR:
    root = tree.children[0] if tree.data == "start" else tree
    ir = I.ClauseIR(text=seg.text, form=I.FORM_STATEMENT, parsed=True, lang="ja")
    d = root.data
    if d == "keyword_line":
        items = [c for c in root.children if isinstance(c, Tree) and c.data == "kw_item"]
        item = items[0]
        name = str(item.children[0])
        kid = ja_vocab.KEYWORDS.get(name, name)
        param = text_of(item.children[1]) if len(item.children) > 1 else None
        ir.form = I.FORM_KEYWORD
        ir.keyword = I.Keyword(kid, param)
        if kid == "changeling":
            ir.effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                       modifications=[type_mods.all_creature_types()]))
        elif kid == "devoid":
            ir.effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                       modifications=[color_mods.change(["colorless"])]))
        return ir
    if d == "level_bar":
        # "Lv1-3" (LEVEL 1-3): a level bar, a keyword without effects (classification.md)
        ir.form = I.FORM_KEYWORD
        ir.keyword = I.Keyword("level_up", re.sub(r"^Lv\s*", "", text_of(root)).replace(" ", ""))
        return ir
    if d == "striation":
        return _striation(root, ir, seg, norm)
    if d == "pt_line":
        # the P/T printed under a level bar: the object's base P/T while its level is in that
        # range (CR 711.2a) — layer 7b
        pt = str(next(t for t in tokens(root) if t.type == "PT"))
        ir.effects.append(I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"),
                                   modifications=[pt_mods.set_base(pt)]))
        return ir
    if d == "glued_keywords":
        return build_clause(Tree("start", [Tree("keyword_line", root.children)]), seg, norm)
    if d == "glued":
        # abilities glued on one printed line (a data glitch): one clause; the first ability that
        # is no keyword decides its form, the keyword (if any) is kept, the effects are all parts'
        parts = [build_clause(Tree("start", [c]), seg, norm) for c in root.children if isinstance(c, Tree)]
        abilities = [p for p in parts if p.form != I.FORM_KEYWORD] or parts
        out = abilities[0]
        for p in parts:
            if p is not out:
                out.effects.extend(p.effects)
        kws = [p.keyword for p in parts if p.keyword is not None]
        if kws and out.keyword is None:
            out.keyword = kws[0]
        return out
    if d in ("activated", "activated_modal"):
        # (activated_modal: "{2}, …を生け贄に捧げる:以下から1つを選ぶ。• …", an activated ability with modes)
        return _activated(root, ir)
    if d == "chapter":
        body_effects(root.children[-1], ir)
        ir.form = I.FORM_TRIGGERED
        return ir
    if d == "ability_word":
        last = root.children[-1]
        aword = str(root.children[0]).strip()
        if aword in ja_vocab.KEYWORDS and not (isinstance(last, Tree) and last.data == "activated"):
            # "エコー ― カードを1枚捨てる", "増呪―カードを1枚捨てる": a keyword with a non-mana cost
            ir.form = I.FORM_KEYWORD
            ir.keyword = I.Keyword(ja_vocab.KEYWORDS[aword], text_of(last))
            return ir
        if isinstance(last, Tree) and last.data == "activated":
            return _activated(last, ir)     # "湧血 ― {R}{G}, ~を捨てる:…" (an ability word before it)
        if isinstance(last, Tree) and last.data == "modal":
            _modal_effects(last, ir)    # "上陸 ― …たび、以下から1つを選ぶ。• …"
            return ir
        body_effects(last, ir)
        return ir
    if d == "modal":
        _modal_effects(root, ir)
        return ir
    body_effects(root, ir)
    return ir


def _activated(root: Tree, ir: I.ClauseIR) -> I.ClauseIR:
    """An activated ability: its costs, then its effect (a body, or a mode list)."""
    ir.form = I.FORM_ACTIVATED
    costs = [c for c in root.children if isinstance(c, Tree) and c.data == "costs"][0]
    ir.costs = [text_of(c) for c in costs.children if isinstance(c, (Tree, Token))]
    effect = root.children[-1]
    if effect.data == "modal":
        _modal_effects(effect, ir)
    else:
        body_effects(effect, ir)
    ir.form = I.FORM_ACTIVATED
    return ir


def _modal_effects(root: Tree, ir: I.ClauseIR) -> None:
    """A mode list: the head sentence, then one body per mode; the head decides the form ("…たび、以下から
    1つを選ぶ" is a trigger)."""
    ir.modal = True
    for i, b in enumerate(c for c in root.children if isinstance(c, Tree) and c.data == "body"):
        sub = I.ClauseIR(text="", form=I.FORM_STATEMENT, parsed=True)
        body_effects(b, sub)
        if i == 0:
            # "以下から1つを選ぶ" (Choose one —) introduces the modes; it is no effect itself
            sub.effects = [e for e in sub.effects if e.verb != "choose"]
        ir.effects.extend(sub.effects)
    if ir.form == I.FORM_ACTIVATED:
        return
    first = [b for b in root.children if isinstance(b, Tree) and b.data == "body"][0]
    probe = I.ClauseIR(text="", form=I.FORM_STATEMENT, parsed=True)
    body_effects(first, probe)
    ir.form = probe.form
    ir.trigger = probe.trigger
