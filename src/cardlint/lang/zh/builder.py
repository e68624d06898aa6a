"""zh-Hans parse tree (grammar/zh.lark) → IR.

Reads the tree's rule names (``gets_pt``, ``gain_kw``, ``is_pred``, ``np_full`` …) and the tokens
under them; the vocabulary terminal NOUN is mapped to canonical English categories here.  Each
predicate becomes :class:`cardlint.meaning.Predicate` records; :mod:`cardlint.meaning` turns them
into IR effects and makes every rules decision (613.10, 614, 508.1d, 601.3, …).

Hook points, named as the base builder's (:class:`cardlint.lang.builder.IRBuilder`): noun phrase
:func:`np_filter`, predicate :func:`predicate_records`, duration :func:`duration_of`, condition
:func:`condition_of`, statement :func:`statement_effects`; no quantity hook (no IR Value is read from
the tree).  Each replaces the base hook rather than extending it: the Chinese tree's rule names are
its own, not the English ones the base hooks read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token, Tree

from cardlint import ir as I
from cardlint import vocab
from cardlint import meaning
from cardlint.meaning import abilities as ability_mods
from cardlint.meaning import colors as color_mods
from cardlint.meaning import control, face_down
from cardlint.meaning import copy as copy_mods
from cardlint.meaning import levels, stack
from cardlint.meaning import pt as pt_mods
from cardlint.meaning import text as text_mods
from cardlint.meaning import types as type_mods
from cardlint.meaning import permissions
from cardlint.meaning.record import COPY_ENTER, ENTERS_TAPPED, ENTERS_WITH, INSTEAD, OWN_SUBJECT, PLAYER_MAY, Predicate
from cardlint.lang.zh.words import COLORS, NOUNS, SUPERTYPES, TYPES, VERB_LEMMA, ZONES  # the word tables: kb/vocab/zh.yaml
from cardlint.text.segment import Segment

ONE_SHOT_RULES = {"gain_life": "gain_life", "lose_life": "lose_life", "deal_damage": "deal_damage",
                  "draw": "draw", "put_counter": "put_counter", "move": "move", "tap_it": "tap", "tap": "tap",
                  "add_mana": "add_mana", "create_token": "create", "search": "search",
                  "shuffle": "shuffle", "lose_game": "lose_game", "win_game": "win_game",
                  "get_energy": "get_energy"}
DURATIONS = {"until_eot", "until_next_turn", "this_turn", "until_event", "for_as_long_as"}
CONDITIONS = {"as_long_as": "as_long_as", "if_cond": "if", "during": "during", "each_turn": "each_turn",
              "reflexive_when": "when_you_do", "as_you_draft": "as_you_draft"}


@lru_cache(maxsize=1)
def keyword_ids() -> dict[str, tuple[str, dict | None]]:
    """zh-Hans keyword name → (kb id, kb effect)."""
    from cardlint import vocab

    effects = vocab.keyword_effects()
    return {f.text: (f.id, effects.get(f.id)) for f in vocab.keyword_forms("zh-Hans") if f.source in ("name", "alias")}


def _kw_id(name: str) -> str:
    return keyword_ids().get(name, (name, None))[0]


def _tokens(t) -> list[str]:
    if isinstance(t, Token):
        return [str(t)]
    out = []
    for c in t.children:
        out.extend(_tokens(c))
    return out


def _text(t) -> str:
    return "".join(_tokens(t))


def _find(t, name):
    if isinstance(t, Tree):
        if t.data == name:
            return t
        for c in t.children:
            r = _find(c, name)
            if r is not None:
                return r
    return None


# ----------------------------------------------------------------------------- noun phrases
def nominal_into(f: I.Filter, nom) -> None:
    for item in nom.children:
        if isinstance(item, Tree) and item.data == "non":
            # (the tree keeps "非" or not: "非基本" has lost it, the word is "基本")
            f.excluded.append(_non_word(_text(item)))
            continue
        w = str(item)
        if isinstance(item, Token) and item.type == "ZONE_OF":  # "对手的坟墓场"
            f.zone = next((z for k, z in ZONES.items() if k in item), f.zone)
            f.noun = f.noun or "zone"
            continue
        if isinstance(item, Token) and item.type in ("TYPE_LIST", "SUBTYPE_LIST"):
            # "神器,生物或结界", "野蛮人,战士,以及狂战士": any of the listed (sub)types
            for x in filter(None, re.split(r"[,、]|和/或|以及|或|和|与|及", w)):
                if x in TYPES:
                    f.types.append(TYPES[x])
                else:
                    f.subtypes.append(x)
            f.noun = f.noun or (f.types[0] if f.types else None)
            f.extra.append("or")
            continue
        if w in TYPES:
            f.types.append(TYPES[w])
            f.noun = TYPES[w]
        elif w in NOUNS:
            if NOUNS[w] == "token":
                f.token = True
            f.noun = f.noun or NOUNS[w]
            if NOUNS[w] in ("player", "opponent"):
                f.ref = "player"
                if NOUNS[w] == "opponent":
                    f.controller = f.controller or "opponent"
        elif w in SUPERTYPES:
            f.supertypes.append(SUPERTYPES[w])
        elif w in COLORS:
            f.colors.append(COLORS[w])
        elif w in ZONES:
            f.zone = ZONES[w]
            f.noun = f.noun or "zone"
        elif w.endswith("指示物"):
            f.noun = "counter"
            f.extra.append(w)
        else:
            f.subtypes.append(w)


def _controller(tok: str) -> str:
    if "对手" in tok or "防御牌手" in tok:  # the defending player is an opponent (CR 506.2)
        return "opponent"
    if "你" in tok:
        return "you"
    return "any"


def np_filter(t, ctx: "Ctx | None" = None) -> I.Filter:
    """Hook (noun phrase): a noun-phrase subtree → the Filter of the objects or players it names."""
    if isinstance(t, Token):
        return I.Filter(extra=[str(t)])
    d = t.data
    if d == "np" and len(t.children) == 1 and isinstance(t.children[0], Tree):
        return np_filter(t.children[0], ctx)
    if d == "self_np":
        return I.Filter(ref="self")
    if d == "draft_np":
        # a booster pack of the draft (CR 905.4), or the cards drafted ("牌张"), as English names them
        w = _text(t)
        return I.Filter(noun="booster pack" if "补充包" in w else "card", extra=[w])
    if d == "np_all_opponents":  # "你的所有对手"
        return I.Filter(ref="player", noun="player", controller="opponent", quantifier="all")
    if d == "pronoun":
        w = _text(t)
        if w in ("你",):
            return I.Filter(ref="you", noun="player")
        if w in ("它", "其", "之", "该生物", "该永久物", "该牌") and ctx is not None and ctx.last_subject is not None:
            if ctx.last_subject.is_self:
                return I.Filter(ref="self")
            return I.Filter(ref="it")
        return I.Filter(ref="it")
    f = I.Filter()
    if d in ("np_and", "np_or"):
        parts = [np_filter(c, ctx) for c in t.children if isinstance(c, Tree)]
        if d == "np_and" and any(p.ref not in ("you", "player") for p in parts):
            # "你和由你操控的永久物具有辟邪异能": the objects named with the player are what the effect
            # is on (layer 6), as the other front ends read "you and permanents you control"
            parts.sort(key=lambda p: p.ref in ("you", "player"))
        if parts:
            f = parts[0]
            for p in parts[1:]:
                f.types += [x for x in p.types if x not in f.types]
                f.colors += [x for x in p.colors if x not in f.colors]  # "山脉或红色牌": either one
                f.extra.append("or")
        return f
    if d == "np_located":
        inner = next((c for c in t.children if isinstance(c, Tree)), None)
        f = np_filter(inner, ctx) if inner is not None else I.Filter()
        loc = next((str(c) for c in t.children if isinstance(c, Token)), "")
        f.zone = next((z for w, z in ZONES.items() if w in loc), f.zone)
        return f
    if d in ("np_part", "np_controller"):
        inner = [c for c in t.children if isinstance(c, Tree)]
        f = I.Filter()
        for c in inner[1:]:
            _np_piece(f, c)
        if d == "np_controller":
            f.ref = "player"
            f.noun = "player"
        return f
    for c in t.children:
        _np_piece(f, c)
    return f


def _np_piece(f: I.Filter, c) -> None:
    if isinstance(c, Token):
        if c.type == "PT":
            f.extra.append(str(c))
        return
    d = c.data
    if d == "det":
        w = _text(c)
        if w == "目标":
            f.quantifier = "target"
        elif w in ("每个", "每位", "所有", "任一", "任意", "任何") or w.startswith(("每", "任一")):
            f.quantifier = f.quantifier or ("all" if w == "所有" else "each")
        elif w in ("其他", "另一个") or w.startswith("另一"):
            f.other = True
        elif w == "至多":
            f.quantifier = "up_to"
        elif w == "此":
            f.ref = "self"
        else:
            f.quantifier = f.quantifier or "a"
    elif d in ("mod", "mod_run"):
        for x in c.children:
            if isinstance(x, Token):
                if x.type == "CTRL_MOD" or x.type == "CTRL":
                    f.controller = _controller(str(x))
                elif x.type == "COLOR_DE":
                    w = str(x)  # "黑色的", "白色," before 名称为, or "无色" before 具
                    f.colors.append(COLORS.get(w.rstrip("的,"), w))
                elif x.type in ("DUAL_COLOR", "BOTH_COLORS"):
                    f.colors += [COLORS[ch] for ch in str(x) if ch in COLORS]
                elif x.type == "LOC":
                    f.zone = next((z for w, z in ZONES.items() if w in x), f.zone)
                elif x.type == "ATTACHED":
                    f.attached = "equipped" if "武具" in x or "佩带" in x else "fortified" if "工事" in x else "enchanted"
                    f.ref = "attached"
                continue
            _mod_piece(f, x)
    elif d == "nominal":
        nominal_into(f, c)
    elif d == "player_poss":
        f.controller = "you" if "你" in _text(c) else f.controller
    elif d == "non_mod":
        f.excluded.append(_non_word(_text(c)))
    elif d == "equipped_mod":
        f.status.append("equipped")
    elif d == "is_mod":  # "由你操控且为狼或狼人的": the listed subtypes/types
        for n in c.iter_subtrees():
            if n.data == "nominal":
                nominal_into(f, n)
        for x in c.children:
            if isinstance(x, Token) and x.type in ("CTRL", "CAST_BY_AND"):
                f.controller = _controller(str(x))
    elif d == "named_ctrl_mod":  # "由你操控且名称为~的"
        for x in c.children:
            if isinstance(x, Token) and x.type in ("CTRL", "CAST_BY_AND"):
                f.controller = _controller(str(x))
            elif isinstance(x, Token) and x.type == "NAMED":
                f.extra.append(str(x).rstrip("的之"))
    elif d == "non_ctrl_mod":  # "由你操控且非传奇的"
        g = I.Filter()
        for n in c.iter_subtrees():
            if n.data == "nominal":
                nominal_into(g, n)
        f.excluded += g.types + g.supertypes + g.subtypes
        for x in c.children:
            if isinstance(x, Token) and x.type == "CTRL":
                f.controller = _controller(str(x))
    elif d == "equipped_by_self":  # "佩带~之生物": the equipped creature
        f.attached = "equipped"
        f.ref = "attached"
    elif d == "legendary_mod":  # "传奇的4/4红色龙生物"
        f.supertypes.append("legendary")
    elif d == "dual_color_mod":  # "含白黑双色的咒语"
        f.colors += [COLORS[ch] for ch in _text(c) if ch in COLORS]
    elif d == "other_than_mod":  # "~以外的目标生物"
        f.other = True
    elif d == "other_than_owner_mod":  # "~之拥有者以外的目标牌手": a player other than its owner
        f.extra.append("other_than_owner")
    elif d == "equipped_on_mod":  # "该生物装备的所有武具": the Equipment attached to it
        f.extra.append("attached_to_it")
    elif d == "basic_mod":  # "一张基本的树林,平原,或海岛牌"
        f.supertypes.append("basic")
    elif d == "single_target_mod":  # "仅指定单一目标的目标咒语" (with a single target)
        f.extra.append("single_target")
    elif d == "blocking_it_mod":  # "能够阻挡它的生物" (able to block it) / "阻挡它的生物" (blocking it)
        if _text(c).startswith("能"):
            f.extra.append(_text(c).rstrip("的"))
        else:
            f.status.append("blocking")
    elif d == "tapped_mod":  # "已横置生物" / "未横置生物"
        f.status.append("untapped" if "未" in _text(c) else "tapped")
    elif d == "chosen_color_mod":  # "该色生物": of the chosen color
        f.colors.append("chosen")
    elif d == "not_in_zone":  # "由你拥有且不在战场上的": outside the battlefield
        f.extra.append("not_on_battlefield")
    else:
        for x in c.children:
            if isinstance(x, Tree):
                _np_piece(f, x)


def _non_word(text: str) -> str:
    """"非生物的" / "黑色的" (after "非") → the excluded category, as the id English gives ("nonblack":
    ``black``; "非人类": the English subtype ``human``)."""
    w = text.lstrip("非").rstrip("的之")
    for table in (TYPES, NOUNS, SUPERTYPES):
        if w in table:
            return table[w]
    code = COLORS.get(w, COLORS.get(w.rstrip("色")))
    if code is not None:
        return vocab.color_names().get(code, code)
    return vocab.subtype_names("zh-Hans").get(w, w)


def _mod_piece(f: I.Filter, x) -> None:
    d = x.data
    if d == "ctrl_mod":
        f.controller = _controller(_text(x))
    elif d == "status_mod":
        w = _text(x)
        if "横置" in w:
            f.status.append("untapped" if "未" in w else "tapped")
        if "攻击" in w:
            f.status.append("attacking")
        if "阻挡" in w:
            f.status.append("blocking")
    elif d == "with_kw":
        f.with_abilities += [_kw_id(str(k)) for k in x.scan_values(lambda v: isinstance(v, Token) and v.type == "KEYWORD_NAME")]
    elif d == "without_kw":
        f.without_abilities += [_kw_id(str(k)) for k in x.scan_values(lambda v: isinstance(v, Token) and v.type == "KEYWORD_NAME")]
    elif d == "non_mod":
        f.excluded.append(_non_word(_text(x)))
    elif d == "nontoken":
        f.token = False
    elif d == "equipped_inner":  # "由你操控且已佩带武具的生物"
        f.status.append("equipped")
    else:
        f.extra.append(_text(x))


# ----------------------------------------------------------------------------- statements
class Ctx:
    def __init__(self, norm: str = ""):
        self.last_subject: I.Filter | None = None
        self.norm = norm    # the normalised clause: words the tree leaves out ("须") by position


def _kw_list(t) -> list[str]:
    """The keywords a list grants; a quoted ability in the list ("具有敏捷与「…」") counts as
    "quoted" — the keywords inside its quotes are that ability's, not granted here."""
    out = []

    def walk(n):
        if isinstance(n, Token):
            if n.type == "KEYWORD_NAME":
                out.append(_kw_id(str(n)))
            return
        if n.data == "quoted":
            out.append("quoted")
            return
        if n.data == "protection":
            out.append("protection")
            return
        for c in n.children:
            walk(c)

    walk(t)
    return out or [_text(t)]


def _is_pt_attr(attr: str) -> bool:
    """"力量"/"防御力" (power/toughness), not "法术力费用" (mana cost)."""
    return "力量" in attr or "防御力" in attr


def _is_modifications(obj, verb: str, subject: I.Filter | None) -> list[I.Modification]:
    """Modifications of "是/成为/为/还是 X"."""
    mods: list[I.Modification] = []
    if isinstance(obj, Tree) and obj.data == "all_creature_types":
        return [type_mods.all_creature_types()]
    pts = [str(v) for v in obj.scan_values(lambda v: isinstance(v, Token) and v.type == "PT")]
    f = I.Filter()
    kws: list[str] = []
    inside_ability = set()
    for n in obj.iter_subtrees_topdown():
        if id(n) in inside_ability:
            continue
        if n.data == "with_quoted":
            # "成为具「结附于生物」的灵气": the quoted ability is the new object's (layer 6); the nouns
            # inside it name what it enchants, not the object's types
            kws += _kw_list(n)
            inside_ability.update(id(x) for x in n.iter_subtrees())
        elif n.data == "nominal":
            nominal_into(f, n)
        elif n.data == "with_kw":
            kws += _kw_list(n)
        elif n.data == "indestructible_mod":  # "成为不会毁坏的人类/士兵生物" (gains indestructible, layer 6)
            kws.append("indestructible")
        elif n.data == "legendary_mod":  # "成为传奇的4/4红色龙生物"
            f.supertypes.append("legendary")
    # the description's own colors: "黑色的流浆生物", "红绿双色,具…的…"
    for tok in obj.scan_values(lambda v: isinstance(v, Token) and v.type in ("COLOR_DE", "DUAL_COLOR", "BOTH_COLORS")):
        f.colors += [COLORS[c] for c in str(tok) if c in COLORS]
    if f.types or f.supertypes or f.subtypes:
        if f.subtypes and not f.types and verb != "还是":
            mods.append(I.Modification(I.TYPES, "set_subtypes", f.subtypes))
        else:   # "还是X" (is also X): added
            # the supertypes too ("成为…的传奇精怪生物": a legendary Spirit creature, CR 205.4)
            mods.append(type_mods.change(f.types + f.subtypes + f.supertypes, additive=verb == "还是"))
    if f.colors:
        mods.append(color_mods.change(f.colors))
    if kws:
        mods.append(ability_mods.add(kws))
    if pts:
        mods.append(pt_mods.set_base(pts[0]))
    return mods


def predicate_records(p, subject: I.Filter | None, ctx: Ctx, attr: str | None) -> list[Predicate]:
    """Hook point "predicate": one predicate rule → the records of what it predicates (:mod:`cardlint.meaning`),
    each carrying the object it affects."""
    d = p.data if isinstance(p, Tree) else str(p)
    C = I.CONTINUOUS

    def cont(*mods: I.Modification, affected=subject):
        return [_rec(C, affected=affected, modifications=list(mods))]

    if d == "gets_pt":
        per = _find(p, "for_each")
        pt = next(iter(p.scan_values(lambda v: isinstance(v, Token) and v.type == "PT")), "+X/+X")
        return cont(pt_mods.modify(str(pt), per=I.Filter(extra=[_text(per)]) if per is not None else None))
    if d == "gain_kw":
        if not any(isinstance(c, Tree) for c in p.children):
            return cont(ability_mods.add(["chosen"]))  # "获得该异能": the keyword chosen before
        # (a player having an ability is a rules effect: the meaning layer decides, CR 613.10)
        return [_rec(C, affected=subject, verb=_grant_verb(p), modifications=[ability_mods.add(_kw_list(p))])]
    if d == "gain_quoted":
        return [_rec(C, affected=subject, verb=_grant_verb(p), modifications=[ability_mods.add(["quoted"])])]
    if d == "gain_kw_quoted":
        # "具有飞行异能与「…」": the quoted abilities' own keywords are not granted here
        kws = next((_kw_list(c) for c in p.children if isinstance(c, Tree) and c.data == "kw_list"), [])
        return [_rec(C, affected=subject, verb=_grant_verb(p), modifications=[ability_mods.add(kws + ["quoted"])])]
    if d == "lose_creature_types":
        return cont(type_mods.lose_all(["creature_types"]))
    # "任何牌手均可以起动此异能": who may activate is part of the ability (CR 602.1), no effect
    # "成为…的复制,且获得此异能": an exception of the copy effect, part of its layer 1 (CR 707.9a)
    if d in ("choose_kw", "copy_except", "may_activate", "gain_this_ability"):
        return []
    if d == "attached_with":
        return []  # "~上结附了结界", "~佩带武具": a state in a condition
    if d == "controlled_next_turn":
        # "目标牌手在他下个回合由你来操控": you control the player during that turn (CR 722.1), as English reads it
        r = _rec(C, affected=subject, verb="control", modifications=[control.gain()])
        r.condition = I.Condition("during", "that player's next turn")
        return [r]
    if d == "gain_control":
        node = next((c for c in p.children if isinstance(c, Tree)), None)
        target = np_filter(node, ctx) if node is not None else I.Filter(ref="it")
        return cont(control.gain(), affected=target)
    if d == "lose_kw":
        return cont(ability_mods.remove(_kw_list(p)))
    if d == "lose_all":
        return cont(ability_mods.remove_all())
    if d == "lose_all_but":  # "失去法术力异能以外的所有异能": all but its mana abilities (layer 6)
        return cont(ability_mods.remove(["all_but_" + _text(p.children[0])]))
    if d == "indestructible":
        return cont(ability_mods.add(["indestructible"]))
    if d == "is_pred":
        verb = next((str(c) for c in p.children if isinstance(c, Token)), "是")
        obj = next(c for c in p.children if isinstance(c, Tree))
        first = next(iter(obj.scan_values(lambda v: isinstance(v, Token))), None)
        if first is not None and first.start_pos is not None and re.search(r"(?:须|需)为$", ctx.norm[:first.start_pos]):
            # "…放进战场,且必须为巨海兽…", "且该永久物须为传奇": a requirement on what is chosen, no change
            return []
        if subject is not None and subject.ref in ("you", "player"):
            return [_rec(I.ONE_SHOT, affected=subject, verb="become")]
        if obj.data == "five_colors":  # "~是五色" (all five colors, layer 5)
            return cont(color_mods.all_colors())
        if attr is None and re.fullmatch(r"该(?:生物|基本地|地)?类别", _text(obj)):  # "成为该类别" (layer 4)
            return cont(I.Modification(I.TYPES, "set_subtypes", ["chosen"]))
        if (obj.data == "chosen_color" or re.fullmatch(r"该些?颜色", _text(obj))) and attr is None:
            # "~成为该色", "成为该些颜色": the chosen color(s) (layer 5)
            return cont(color_mods.chosen())
        if attr == "颜色" and obj.data != "value_cmp":  # "目标生物的颜色成为由你选择的颜色" (layer 5)
            return cont(color_mods.chosen())
        if attr is not None and attr in _LIFE_ATTRS and obj.data == "num_value":
            # "你的总生命成为10": the player's life total changes (a one-shot, CR 119.5)
            return [_rec(I.ONE_SHOT, affected=subject, verb="become")]
        if attr is not None:
            if not _is_pt_attr(attr) or obj.data == "value_cmp":
                return []
            return cont(pt_mods.set_base(_text(obj)))
        if obj.data == "value_cmp":
            return []
        mods = _is_modifications(obj, verb, subject)
        if not mods:
            return [_rec(I.ONE_SHOT, affected=subject, verb="become")] if verb == "成为" else []
        return [_rec(C, affected=subject, modifications=mods)]
    if d == "is_not":
        # "~便不是生物", "不再是武具": a type removed (CR 205.1b)
        obj = next(c for c in p.children if isinstance(c, Tree))
        f = I.Filter()
        for n in obj.iter_subtrees():
            if n.data == "nominal":
                nominal_into(f, n)
        removed = f.types + f.subtypes
        return cont(type_mods.change(removed, negated=True)) if removed else []
    if d == "text_change":
        aff = next((np_filter(c, ctx) for c in p.children if isinstance(c, Tree) and c.data != "det"), subject)
        return cont(text_mods.change_text(), affected=aff)
    if d == "cost_change":
        # no subject ("…每有一个目标,便增加{2}{U}来施放"): the spell's own cost (CR 601.2f)
        return [_rec(I.RULES, affected=subject or I.Filter(ref="self"), verb="cost_change")]
    if d == "use_for":
        if subject is not None and subject.noun == "mana":
            # "此法术力只能用来施放…": how the mana just added may be spent, part of the mana effect (CR 106.6)
            return [_rec(I.ONE_SHOT, affected=subject, verb="spend")]
        return [_rec(I.RULES, affected=subject, verb="spend_only")]
    if d == "gain_obj" and re.fullmatch(r"具有(?:该|所选)(?:生物)?类别", _text(p)):
        # "~额外具有该类别" (is the chosen type in addition to its other types): layer 4
        return cont(type_mods.chosen(additive=True))
    if d == "gain_obj" and re.fullmatch(r"具有所有基本地类别", _text(p)):
        return cont(type_mods.every_basic_land_type())   # "额外具有所有基本地类别" (layer 4)
    if d == "gain_obj" and _text(p).endswith("异能"):
        # "具有所有被它放逐之生物牌的所有起动式异能": other objects' abilities, granted (layer 6)
        return cont(ability_mods.add(["copied"]))
    if d == "from_verb" and not any(isinstance(c, Tree) and c.data == "verb" for c in p.children):
        # "你本回合可以从任一坟墓场施放目标生物牌": casting from a zone, the permission "cast" is
        d = "cast"
    if d in ("pay", "with_verb", "gain_obj", "from_verb", "name_card"):
        return [_rec(I.ONE_SHOT, affected=subject, verb=d)]
    if d == "gain_type_color":
        mods = []
        for tc in p.children:
            if not isinstance(tc, Tree):
                continue
            word = next((str(t) for t in tc.children if isinstance(t, Token) and t.type == "TC_WORD"), "")
            if "颜色" in word:
                mods.append(I.Modification(I.COLORS, op="add"))
            else:
                mods.append(I.Modification(I.TYPES, op="add"))
        return [_rec(C, affected=subject, modifications=mods)] if mods else []
    if d == "new_targets":
        return [_rec(I.ONE_SHOT, affected=subject, verb="new_targets")]
    # states in conditions and trigger events ("上有…", "有…", "均由你操控")
    if d in ("paired", "has_counters", "with_status", "has_none", "attack_with", "clash_result", "has", "controlled_by"):
        return []
    if d == "causative":
        inner = [c for c in p.children if isinstance(c, Tree)]
        subj = np_filter(inner[0], ctx)
        pr = inner[-1]
        preds = [x for x in pr.children if isinstance(x, Tree) and x.data not in ("adverb", "adverbs")]
        return [e for x in preds[-1:] for e in predicate_records(x, subj, ctx, None)]
    if d == "enter_as_copy":
        # "~进战场时成为…的复制品" (enters as a copy): a replacement and the copy effect (CR 614.1c, 707.2)
        return [_rec(I.ONE_SHOT, affected=I.Filter(ref="self"), verb="enter_as_copy",
                     modifications=[copy_mods.become_copy()], tags={COPY_ENTER})]
    if d == "as_though":
        return [_rec(I.RULES, affected=subject, verb="as_though")]
    if d == "cycle":
        return [_rec(I.ONE_SHOT, affected=subject, verb="cycle")]
    if d == "status_obj":
        return [_rec(I.RULES, affected=subject, verb="block")]
    if d == "controls":
        # a top-level "你操控X" (conditions and trigger events are not built) changes control
        node = next((c for c in p.children if isinstance(c, Tree)), None)
        tok = next((str(c) for c in p.children if isinstance(c, Token)), "")
        you = (subject is not None and subject.ref == "you") or tok.lstrip("由").startswith("你")
        if you and node is not None:
            return cont(control.gain(), affected=np_filter(node, ctx))
        return []
    if d == "become_copy" and subject is not None and (subject.token or subject.noun == "token"
                                                       or subject.ref in ("you", "player")):
        # "create a token … that is a copy of X" ("你可以将一个衍生物放置进场,且为X之复制": the player is no
        # copy, the token is): the copy is part of the one-shot (CR 707.2)
        return []
    if d == "is_copy" and (subject is None or subject.ref in ("you", "player")):
        return []  # "派出一个衍生物,且是X的复制": the created token is the copy, part of the one-shot (CR 707.2)
    if d in ("become_copy", "is_copy"):
        return cont(copy_mods.become_copy())
    if d == "equals":
        if attr is not None and _is_pt_attr(attr):
            return cont(pt_mods.define())  # the value is computed (CR 604.3), as en/ja give it
        return []
    if d == "exchange_control":
        # "交换~与目标永久物的操控权": both objects change controller (CR 613.1b, layer 2)
        node = next((c for c in p.children if isinstance(c, Tree)), None)
        return cont(control.exchange(), affected=np_filter(node, ctx) if node is not None else subject)
    if d == "vote":  # "每位牌手各投票选择「A」或「B」": a vote is an action (CR 701.38)
        return [_rec(I.ONE_SHOT, affected=subject, verb="vote")]
    if d == "play_revealed":  # "你以展示牌库顶牌的方式进行游戏": how the game is played, a rules effect
        return [_rec(I.RULES, affected=subject, verb="play_revealed")]
    if d in ("in_zone", "note", "more_than", "spent_on", "cast_during", "keeps_types", "did_verb"):
        return []  # states in conditions ("~在你的坟墓场", "手牌比每位对手都多"); "仍为原本的类别" marks the chain
    if d == "likewise":
        # "且先攻、连击…异能亦比照办理": the same grant for each listed keyword (layer 6)
        kws = next((_kw_list(c) for c in p.children if isinstance(c, Tree) and c.data == "kw_list"), [])
        return cont(ability_mods.add(kws), affected=ctx.last_subject)
    if d == "x_def":
        return []  # "X为…": defines X for the sentence before
    if d == "causative_attr":
        # "令你的总生命成为…": the player's life total changes (a one-shot, CR 119.5)
        return [_rec(I.ONE_SHOT, affected=I.Filter(ref="you", noun="player"), verb="become")]
    if d == "turn_face":
        toks = list(p.scan_values(lambda v: isinstance(v, Token)))
        end = toks[-1].end_pos if toks and toks[-1].end_pos is not None else None
        # the grammar keeps no token of "翻为牌面朝下" itself: read the words after the object
        if end is not None and ctx.norm[end:].startswith(("翻为牌面朝下", "翻为面朝下")):
            # "将~翻为牌面朝下" (turn ~ face down): its face-down characteristics, layer 1b (CR 708.2)
            inner = next((c for c in p.children if isinstance(c, Tree)), None)
            return cont(face_down.turn_face_down(), affected=np_filter(inner, ctx) if inner is not None else subject)
        return [_rec(I.ONE_SHOT, affected=subject, verb="turn_face")]   # turning face up (CR 701.34)
    if d == "flip_coin":
        return [_rec(I.ONE_SHOT, affected=subject, verb="flip_coin")]
    if d == "assign_by_toughness":
        # "依照其防御力来分配战斗伤害": how combat damage is assigned, a rules effect (CR 510.1c)
        return [_rec(I.RULES, affected=subject, verb="assign_by_toughness")]
    if d == "lose_types_abilities":  # "失去所有其他类别和异能" (layers 4 and 6)
        return cont(type_mods.lose_all(["all"]), ability_mods.remove_all())
    if d == "gain_all_types":  # "获得所有生物类别" (CR 205.3m, layer 4)
        return cont(type_mods.all_creature_types())
    if d == "double":
        inner = [c for c in p.children if isinstance(c, Tree)]
        aff = np_filter(inner[0], ctx) if inner else subject
        word = next(str(t) for t in p.children if isinstance(t, Token) and t.type == "DOUBLED")
        if word.startswith(("力量", "防御力")):
            # doubling power: it gets +X/+0 where X is its power (CR 701.10d), layer 7c
            return cont(pt_mods.double(), affected=aff)
        return [_rec(I.ONE_SHOT, affected=aff, verb="double")]  # "将…指示物数量加倍" (counters placed)
    if d == "switch_pt":
        inner = [c for c in p.children if isinstance(c, Tree)]
        aff = np_filter(inner[0], ctx) if inner else subject
        return cont(pt_mods.switch(), affected=aff)
    if d == "blocked_by":
        # top level only as "只能被X阻挡" (can't be blocked except by X); trigger events are not built
        return [_rec(I.RULES, affected=subject, verb="block_restriction")]
    if d == "attach":
        return [_rec(I.ONE_SHOT, affected=subject, verb="attach")]
    if d == "no_max":
        return [_rec(I.RULES, affected=subject, verb="no_max_hand_size")]
    if d in ("extra_turn", "extra_combat"):  # extra turns and phases are added once (CR 500.7, 500.8)
        return [_rec(I.ONE_SHOT, affected=subject, verb=d)]
    if d == "cant_be" and _find(p, "status") is not None:
        # "不能被红色生物阻挡": the blockers it can't be blocked by are kept (a color or ability in them)
        objs = [np_filter(c, ctx) for c in p.children if isinstance(c, Tree) and c.data != "status"]
        return [_rec(I.RULES, affected=subject, verb="cant", objects=objs)]
    if d == "cant":
        inner = next((c for c in p.children if isinstance(c, Tree)), None)
        if inner is not None and inner.data == "gain_kw" and not (subject is not None and subject.ref in ("you", "player")):
            # "不能具有或获得践踏异能": can't have an ability — layer 6 (CR 613.1f)
            return cont(ability_mods.remove(_kw_list(inner)))
    if d == "must_attack":
        # "若能攻击，则必须攻击" (attacks if able): the meaning layer makes it a requirement (CR 508.1d)
        return [_rec(I.ONE_SHOT, affected=subject, verb="attack", tags={_IF_ABLE})]
    if d in ("cant", "cant_be"):
        return [_rec(I.RULES, affected=subject, verb="cant")]
    if d in ("enters_tapped", "enters_with"):
        return [_rec(I.ONE_SHOT, affected=subject, verb=d, tags={ENTERS_TAPPED if d == "enters_tapped" else ENTERS_WITH})]
    if d == "instead":
        # "改为…" (… instead): it and the instructions coordinated with it replace an event (CR 614.1a)
        return [_rec(I.ONE_SHOT, affected=subject, verb="instead", tags={INSTEAD})]
    if d == "skip":
        return [_rec(I.REPLACEMENT, affected=subject, verb="skip")]
    if d == "prevent":
        return [_rec(I.PREVENTION, affected=subject, verb="prevent")]
    if d in ONE_SHOT_RULES:
        objs = [np_filter(c, ctx) for c in p.children if isinstance(c, Tree) and c.data not in ("mana_cost", "value", "place")]
        verb = ONE_SHOT_RULES[d]
        if d == "move" and any(o.token for o in objs) and _TOKEN_ONTO_BF.search(ctx.norm):
            # "将一个1/1…衍生生物放进战场" (old "put a token onto the battlefield"): the token is created (CR 111.2)
            verb = "create"
        act = [_rec(I.ONE_SHOT, affected=subject, verb=verb, objects=objs)]
        if d == "move" and objs and any(isinstance(c, Token) and c.type == "FACE_DOWN_ADV" for c in p.children):
            # "将它牌面朝下地移回战场": the meaning layer decides whether the face-down status is layer 1b
            place = next((c for c in p.children if isinstance(c, Tree) and c.data == "place"), None)
            zones = [z for w, z in ZONES.items() if place is not None and w in _text(place)]
            if face_down.enters_face_down(zones):
                act += cont(face_down.turn_face_down(), affected=objs[0])
        return act
    if d == "copy_spell":  # "将该咒语复制两次": copying a spell is a one-shot (CR 707.10)
        return [_rec(I.ONE_SHOT, affected=subject, verb="copy")]
    if d == "action":
        verb = next((_text(c) for c in p.children if isinstance(c, Tree) and c.data in ("verb", "ba_verb")), "")
        if verb == "选择":
            # "选择一种颜色/一个来源…": a choice made on resolution, an instruction of its own (as en reads it)
            objs = [np_filter(c, ctx) for c in p.children if isinstance(c, Tree) and c.data != "verb"]
            return [_rec(I.ONE_SHOT, affected=subject, verb="choose", objects=objs)]
        if verb == "显化":
            return cont(face_down.turn_face_down(), affected=None)
        objs = [np_filter(c, ctx) for c in p.children if isinstance(c, Tree) and c.data not in ("verb", "ba_verb")]
        return [_rec(I.ONE_SHOT, affected=subject, verb=VERB_LEMMA.get(verb, verb), objects=objs)]
    if d == "cast":
        # "你可以施放…": a permission — the meaning layer decides whether it lasts (CR 601.3)
        r = _rec(I.ONE_SHOT, affected=subject, verb="cast", tags={PLAYER_MAY})
        if _MAY_THIS_TURN.search(ctx.norm):
            # "你可在本回合中使用该牌": the grammar keeps no token of the adverb; the clause's words bound it
            r.duration = "this_turn"
        return [r]
    return []


#: a token put onto the battlefield ("…衍生生物放进战场", "衍生物放置进场"): a creation, whatever the verb
_TOKEN_ONTO_BF = re.compile(r"衍生(?:生物|物|神器|结界|地)?(?:在你的操控下)?(?:横置)?(?:放进战场|放置进场|放进场|进战场)")


def _grant_verb(p) -> str:
    """The English lemma of a grant's verb: "具有"/"具" states what the object has ("have", as a token's
    definition reads, CR 111.4), "获得" gives it ("gain")."""
    tok = next((str(c) for c in p.children if isinstance(c, Token) and c.type == "GAIN"), "")
    return "have" if tok in ("具有", "具") else "gain"


#: the attributes that name a player's life total
_LIFE_ATTRS = ("总生命", "生命总数")
#: a record's tag: the predicate is done "if able"
_IF_ABLE = "if_able"
#: "你本回合可以…", "你可在本回合中…": a permission for this turn (an adverb the tree keeps no token of)
_MAY_THIS_TURN = re.compile(r"本回合中?(?:你)?可以?|可以?(?:在|于)本回合")


def _rec(kind: str, affected: I.Filter | None = None, verb: str | None = None, objects=(), modifications=(),
         tags=()) -> Predicate:
    """A record whose affected object is the one given (the statement's subject, a causative's object …)."""
    return Predicate(kind, list(modifications), verb=verb, objects=list(objects), tags={OWN_SUBJECT, *tags},
                     subject=affected)


def duration_of(node: Tree) -> str | None:
    """Hook (duration): a statement prefix that bounds its effects ("直到回合结束", "本回合中")."""
    if node.data in DURATIONS:
        return node.data if node.data != "for_as_long_as" else "as_long_as"
    return None


def _count_per(per: list[I.Filter], statement: meaning.Statement) -> None:
    """h19: "你每操控一个神器,~便得+1/+0" (+1/+0 for each artifact …): the counted objects scale the P/T change
    (``Modification.per``).  (Who controls them is in an anonymous token the tree does not keep: not read.)"""
    if per:
        statement.mods.append(meaning.Mod("for_each", per[0]))


def condition_of(node: Tree) -> I.Condition | None:
    """Hook (condition): a statement prefix that conditions its effects ("只要…", "如果…")."""
    if node.data not in CONDITIONS:
        return None
    cond = I.Condition(CONDITIONS[node.data], _text(node))
    cond.objects = _condition_phrases(node)
    return cond


#: h19: the noun-phrase rules whose subtree is one phrase of a condition
_PHRASE_RULES = frozenset({"np", "np_full", "np_or"})


def _condition_phrases(node: Tree) -> list[I.Filter]:
    """h19: the noun phrases a condition names ("只要你操控白色或黑色永久物"), outermost only."""
    out: list[I.Filter] = []
    stack = [node]
    while stack:
        t = stack.pop()
        if not isinstance(t, Tree):
            continue
        if t.data in _PHRASE_RULES:
            f = np_filter(t)
            if t.data == "np_or":
                # the colors as said ("白色或白色" is two color words; the merged Filter keeps each once)
                f.colors = [c for part in t.children if isinstance(part, Tree) for c in np_filter(part).colors]
            out.append(f)
        else:
            stack.extend(reversed(t.children))
    return out


def statement_effects(st, ctx: Ctx, inherited: I.Filter | None) -> tuple[list[I.Effect], I.Filter | None]:
    """Hook (statement): the prefixes and suffixes of a statement, its core's records → its effects."""
    records: list[Predicate] = []
    duration = None
    statement = meaning.Statement()
    in_addition = False
    replacement_prefix = False
    core = None
    per_objects: list[I.Filter] = []
    for c in st.children:
        if not isinstance(c, Tree):
            continue
        cond = condition_of(c)
        if c.data in DURATIONS:
            duration = duration_of(c)
        elif cond is not None:
            statement.mods.append(meaning.Mod("condition", cond))
        elif c.data == "instead_prefix":
            # "改为…" (… instead): what follows replaces an event (CR 614.1a)
            records.append(_rec(I.ONE_SHOT, affected=inherited, verb="instead", tags={INSTEAD}))
        elif c.data == "in_addition":
            in_addition = True
        elif c.data == "as_enters":
            replacement_prefix = True
        elif c.data == "for_each_lead":
            # "你每操控一个具飞行异能的生物,便…": what is counted is an object of the statement's instructions
            per = [np_filter(x, ctx) for x in c.children if isinstance(x, Tree) and x.data != "det"]
            per_objects += per[-1:]
            _count_per(per[-1:], statement)
        elif c.data in ("core", "exist_core"):
            core = c
        elif c.data == "likewise":
            records += predicate_records(c, inherited, ctx, None)
        elif c.data == "damage_unpreventable":
            # "伤害不能被防止": the damage can't be prevented, a rules effect (CR 615.12)
            records.append(_rec(I.RULES, affected=inherited, verb="cant_prevent"))
        elif c.data == "only_np":
            # "只有具飞行异能的生物才能阻挡~": a restriction on the others (CR 509.1b)
            records.append(_rec(I.RULES, affected=np_filter(c.children[0], ctx), verb="only"))
        elif c.data == "without_paying":
            statement.without_paying = True
        elif c.data == "alt_cost":
            statement.alternative_cost = True
    if st.data == "trailing_duration":
        return [], inherited
    if replacement_prefix:
        # "于~进战场时,…" (as ~ enters): the sentence is part of a replacement (CR 614.12)
        records.append(_rec(I.REPLACEMENT, affected=I.Filter(ref="self"), verb="as_enters"))
        statement.mods.append(meaning.Mod("as_enters"))
    subject = inherited
    if core is not None:
        subject = _core_records(core, ctx, inherited, records)
    if subject is not None:
        ctx.last_subject = subject
    for r in records:
        r.duration = r.duration or duration
        if per_objects and r.kind == I.ONE_SHOT:
            r.objects = list(r.objects) + per_objects
    statement.if_able = any(_IF_ABLE in r.tags for r in records)
    effects = meaning.finish(meaning.effects(records, meaning.Context()), statement)
    if in_addition:
        _additive(effects)
    return effects, subject


def _core_records(core, ctx: Ctx, inherited: I.Filter | None, records: list[Predicate]) -> I.Filter | None:
    """The records of a statement's core (subject + predicates), appended to ``records``; → the subject."""
    subject = inherited
    attr = None
    preds = None
    for c in core.children:
        if core.data == "exist_core" and isinstance(c, Tree) and c.data != "preds":
            subject = np_filter(c, ctx)
        elif isinstance(c, Tree) and c.data == "attr_subject_noun":
            subject = np_filter(c.children[0], ctx)
        elif isinstance(c, Tree) and c.data in ("subject", "attr_subject", "attr_subject_it", "attr_subject_bare"):
            if c.data == "subject":
                subject = np_filter(c.children[0], ctx)
            elif c.data == "attr_subject":
                subject = np_filter(c.children[0], ctx)
                attr = _text(c.children[-1])
            elif c.data == "attr_subject_bare" and inherited is not None:
                # "每个非生物的神器都是神器生物,并且力量与防御力各等同于…": the chain's subject's P/T
                subject = inherited
                attr = _text(c.children[-1])
            else:
                subject = ctx.last_subject if c.data == "attr_subject_it" and ctx.last_subject else I.Filter(ref="self")
                attr = _text(c.children[-1])
        elif isinstance(c, Tree) and c.data == "attr_subject_poss":
            subject = I.Filter(ref="player", noun="player")
            attr = _text(c.children[-1])
        elif isinstance(c, Tree) and c.data == "preds":
            preds = c
    if preds is None:
        return subject
    for pr in preds.children:
        if not isinstance(pr, Tree) or pr.data == "pred_conj":
            continue
        if pr.data == "pred_subj":
            subj_node = next(x for x in pr.children if isinstance(x, Tree) and x.data.startswith(("subject", "attr_")))
            subject = np_filter(subj_node.children[0], ctx) if subj_node.data != "attr_subject_bare" else I.Filter(ref="self")
        predicate = [x for x in pr.children if isinstance(x, Tree) and x.data not in ("adverb", "adverbs")
                     and not x.data.startswith(("subject", "attr_"))]
        this_turn = any(isinstance(x, Tree) and x.data == "adverb" and _find(x, "this_turn_adv") is not None
                        for x in pr.children)
        for pnode in predicate[-1:]:
            for r in predicate_records(pnode, subject, ctx, attr):
                if this_turn and (r.kind == I.RULES or PLAYER_MAY in r.tags or _IF_ABLE in r.tags) and r.duration is None:
                    r.duration = "this_turn"  # "本回合不能阻挡", "你本回合可以额外使用一个地"
                records.append(r)
            if pnode.data == "causative":
                # "你可以令目标生物得+2/+0并获得死触异能": the predicates after it are the object's too
                subject = np_filter(next(c for c in pnode.children if isinstance(c, Tree)), ctx)
    return subject


def _additive(effects: list[I.Effect]) -> None:
    """"除其原本类别外" (in addition to its other types), "仍为原本类别": the types are added, not set."""
    for e in effects:
        if e.kind == I.CONTINUOUS:
            for m in e.modifications:
                if m.characteristic == I.TYPES and m.op == "set":
                    m.op = "add"


def chain_effects(chain, ctx: Ctx, condition: I.Condition | None = None) -> list[I.Effect]:
    out: list[I.Effect] = []
    subject = None
    for st in chain.children:
        if isinstance(st, Tree) and st.data in ("statement", "trailing_duration"):
            if st.data == "trailing_duration":
                dur = st.children[0].data if st.children and isinstance(st.children[0], Tree) else None
                for e in out:
                    if e.kind in (I.CONTINUOUS, I.RULES) and e.duration is None:
                        e.duration = dur
                continue
            effs, subject = statement_effects(st, ctx, subject)
            prev = next((m for e in reversed(out) if e.kind == I.CONTINUOUS for m in e.modifications
                         if m.characteristic == I.ABILITIES and m.op == "add" and isinstance(m.value, list)), None)
            if prev is not None and any(isinstance(c, Tree) and c.data == "likewise" for c in st.children):
                # "…获得飞行异能;且先攻…异能亦比照办理": the same grant, with more keywords
                prev.value += [k for e in effs for m in e.modifications for k in (m.value or []) if k not in prev.value]
                continue
            if any(e.kind == I.REPLACEMENT and e.verb == "instead" for e in out):
                # "改为放逐该牌并将…放进战场": what follows "instead" is the replacement's event
                effs = [e for e in effs if e.kind != I.ONE_SHOT]
            out.extend(effs)
    if _find(chain, "keeps_types") is not None:
        _additive(out)      # "成为神器,且仍具有原本类别": the new type is added, not set
    durs = {e.duration for e in out if e.kind == I.CONTINUOUS and e.duration}
    lead = _leading_duration(chain)
    if lead is not None:
        # "于本回合中,目标牌手不能…,且由该牌手操控的生物不能攻击": a duration that opens the chain bounds
        # every statement of it
        for e in out:
            if e.kind in (I.CONTINUOUS, I.RULES) and e.duration is None:
                e.duration = lead
    elif len(durs) == 1:
        d = durs.pop()
        for e in out:
            if e.kind == I.CONTINUOUS and e.duration is None:
                e.duration = d
    if condition is not None:
        for e in out:
            if e.kind in (I.CONTINUOUS, I.RULES) and e.condition is None:
                e.condition = condition
    return out


def _leading_duration(chain) -> str | None:
    """The duration of a "直到回合结束,"/"于本回合中," prefix that opens the chain's first statement."""
    first = next((st for st in chain.children if isinstance(st, Tree)), None)
    if first is None or first.data != "statement":
        return None
    head = next((c for c in first.children if isinstance(c, Tree)), None)
    return duration_of(head) if head is not None and head.data in DURATIONS and head is not first.children[-1] else None


def sentence_effects(s, ctx: Ctx) -> list[I.Effect]:
    if not isinstance(s, Tree):
        return []
    d = s.data
    if d == "clause_chain":
        return chain_effects(s, ctx)
    if d == "triggered_sentence":
        out = []
        for c in s.children:
            if isinstance(c, Tree) and c.data != "trigger_head" and not c.data.startswith("trigger_"):
                out += sentence_effects(c, ctx)
        return out
    if d in ("if_sentence", "unless_sentence", "otherwise_sentence", "then_sentence"):
        cond = I.Condition({"if_sentence": "if", "unless_sentence": "unless"}.get(d, d)) \
            if d in ("if_sentence", "unless_sentence") else None
        chains = [c for c in s.children if isinstance(c, Tree) and c.data == "clause_chain"]
        out = []
        for ch in chains:
            out += chain_effects(ch, ctx, cond)
        return out
    if d == "for_each_sentence":  # "对每个生物而言,除非…,否则…"
        return [e for c in s.children[1:] if isinstance(c, Tree) for e in sentence_effects(c, ctx)]
    if d == "delayed_sentence":
        # "本回合中,每当…时,…": a delayed triggered ability the spell or ability creates (CR 603.7);
        # its effects are this clause's, the clause itself stays what its first sentence makes it
        return [e for c in s.children if isinstance(c, Tree) and not c.data.startswith("trigger_")
                for e in sentence_effects(c, ctx)]
    if d == "quoted":
        return []
    if d == "modal":
        out = []
        for b in s.children:
            if isinstance(b, Tree) and b.data == "bullet":
                for x in b.children:
                    out += sentence_effects(x, ctx)
        return out
    if d == "modal_inline":  # "选择一项—A;或B": the options written inline
        out = []
        for x in s.children[1:]:
            out += sentence_effects(x, ctx)
        return out
    return []


def body_effects(body, ctx: Ctx) -> tuple[list[I.Effect], bool, bool]:
    """→ (effects, triggered, modal)"""
    out: list[I.Effect] = []
    triggered = False
    modal = False
    for s in body.children:
        if not isinstance(s, Tree):
            continue
        if s.data in ("modal", "modal_inline"):
            modal = True
            head = s.children[0]
            if _find(head, "trigger_event") is not None or _find(head, "trigger_time") is not None:
                triggered = True
        if s.data == "triggered_sentence" and not out and not triggered:
            triggered = True
        out += sentence_effects(s, ctx)
    return stack.without_token_definitions(out), triggered, modal


def keyword_clause(node, text: str) -> I.ClauseIR:
    name = next((str(v) for v in node.scan_values(lambda v: isinstance(v, Token) and v.type == "KEYWORD_NAME")), None)
    if node.data == "protection":
        kid, eff = "protection", None
    elif node.data == "level_bar":
        kid, eff = "level_up", None
    elif node.data == "old_enchant":
        kid, eff = "enchant", None
    else:
        kid, eff = keyword_ids().get(name or "", (name or "?", None))
    param = None
    params = [c for c in node.children if isinstance(c, Tree)]
    if params:
        param = _text(params[0])
    effects = []
    if eff and eff.get("kind") == "continuous":
        layer = str(eff.get("layer"))
        # changeling (layer 4: every creature type), devoid (layer 5: colorless)
        mod = {"4": type_mods.all_creature_types, "5": lambda: color_mods.change(["colorless"])}.get(layer)
        if mod:
            effects.append(I.Effect(I.CONTINUOUS, affected=I.Filter(ref="self"), modifications=[mod()]))
    return I.ClauseIR(text=text, form=I.FORM_KEYWORD, parsed=True, keyword=I.Keyword(kid, param), effects=effects)


def build_clause(tree, seg: Segment, norm: str, fe) -> I.ClauseIR:
    ir = _build_clause(tree, seg, norm)
    if ir.form in (I.FORM_TRIGGERED, I.FORM_ACTIVATED):
        permissions.resolving(ir.effects)   # "你可以施放该牌" is done as the ability resolves
    return ir


def _striation(node: Tree, seg: Segment) -> I.ClauseIR:
    """h19: "等级1-3 • 4/4 • 践踏" — a leveler's striation, one static ability (CR 711.2b,
    :func:`meaning.levels.striation`): the P/T box, the keywords by id, other abilities granted."""
    pts: list[str] = []
    granted: list[str] = []
    for part in node.children[1:]:
        if not isinstance(part, Tree):
            continue
        if part.data == "pt_box":
            pts.append(_text(part))
        elif part.data in ("keyword_ability", "protection", "enchant_kw", "kw_prefixed"):
            granted.append(keyword_clause(part, _text(part)).keyword.id)
        else:
            granted.append("quoted")
    return I.ClauseIR(text=seg.text, form=I.FORM_STATEMENT, parsed=True,
                      effects=[levels.striation(str(node.children[0]), pts, granted)])


def _build_clause(tree, seg: Segment, norm: str) -> I.ClauseIR:
    node = tree.children[0] if tree.data == "start" else tree
    if isinstance(node, Token):
        return I.ClauseIR(text=seg.text, form=I.FORM_STATEMENT, parsed=True)
    if node.data in ("keyword_ability", "protection", "enchant_kw", "kw_prefixed", "level_bar", "old_enchant"):
        return keyword_clause(node, seg.text)
    if node.data == "striation":
        return _striation(node, seg)
    if node.data == "pt_box":
        return I.ClauseIR(text=seg.text, form=I.FORM_STATEMENT, parsed=True, effects=[
            I.Effect(I.CONTINUOUS, affected=I.Filter(ref="self"),
                     modifications=[pt_mods.set_base(_text(node))])])
    ctx = Ctx(norm)
    if node.data == "ability_word_clause":
        # "齐力—{T},…:…": the ability word names an activated ability
        inner = next((c for c in node.children if isinstance(c, Tree) and c.data == "activated"), None)
        node = inner if inner is not None else node
    if node.data == "activated":
        costs = [_text(c) for c in node.children if isinstance(c, Tree) and c.data == "cost_list"]
        body = next(c for c in node.children if isinstance(c, Tree) and c.data == "body")
        effects, _, modal = body_effects(body, ctx)
        return I.ClauseIR(text=seg.text, form=I.FORM_ACTIVATED, parsed=True, effects=effects, costs=costs, modal=modal)
    if node.data == "chapter":
        body = next(c for c in node.children if isinstance(c, Tree) and c.data == "body")
        effects, _, modal = body_effects(body, ctx)
        return I.ClauseIR(text=seg.text, form=I.FORM_TRIGGERED, parsed=True, effects=effects, modal=modal)
    body = node if node.data == "body" else next((c for c in node.children if isinstance(c, Tree) and c.data == "body"), node)
    effects, triggered, modal = body_effects(body, ctx)
    form = I.FORM_TRIGGERED if triggered else I.FORM_STATEMENT
    ir = I.ClauseIR(text=seg.text, form=form, parsed=True, effects=effects, modal=modal)
    if form == I.FORM_STATEMENT and effects and all(
            e.affected is not None and e.affected.is_self and e.kind in (I.RULES, I.CONTINUOUS) and e.duration is None
            for e in effects) and any(e.kind == I.RULES or any(m.characteristic == I.COLORS for m in e.modifications)
                                      for e in effects):
        ir.static_spell_ability = True
    return ir
