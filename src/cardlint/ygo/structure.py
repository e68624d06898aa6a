"""IR from the structured trees of ``grammar/ygo/{en,de}.lark``.

A tree has a ``head`` (markers and ``cond_*`` conditions, each holding a ``seq``) and a ``body`` of
``sentence`` / ``choice`` / ``bullet`` parts; a sentence is ``cost`` ";" ``seq``, a ``seq`` is ``action``
nodes joined by link tokens, and an action holds its ``opt`` ("you can"), subject words, ``verb`` and a
tail with ``zone`` and ``qty`` items.  What the grammar cannot decide (where a relative or subordinate
clause ends inside a tail) is read here from its markers (REL/SUBORD up to the next comma).
"""

from __future__ import annotations

import re

from lark import Token, Tree

from cardlint.ygo import ir
from cardlint.ygo.conditions import read_condition
from cardlint.ygo.oldwording import OLD_WORDING, read_old_wording
from cardlint.ygo.tree import join_words, token_words, walk_effect

_LINKS = {"THEN": "then", "AND_IF": "and-if-you-do", "ALSO": "also", "CONJ_V": "and", "OTHERWISE": "otherwise",
          "IF_DO": "and-if-you-do"}
_COND_TOKENS = {"COND_WHEN": ir.COND_WHEN, "COND_IF": ir.COND_IF, "COND_EACH": ir.COND_EACH,
                "COND_DURING": ir.COND_DURING, "SUBORD": None}
_SUBORD_KIND = {"when": ir.COND_WHEN, "whenever": ir.COND_EACH, "each time": ir.COND_EACH, "if": ir.COND_IF,
                "after": ir.COND_IF, "while": ir.COND_EACH, "before": ir.COND_DURING,
                "wenn": ir.COND_WHEN, "falls": ir.COND_IF, "nachdem": ir.COND_IF, "solange": ir.COND_EACH,
                "während": ir.COND_DURING, "bevor": ir.COND_DURING}


_TARGET_VERB = re.compile(r"^(target|wähle|wählen|wählst)")
_TARGET_TEXT = re.compile(r"\bals ziel\b")


def _own_subtrees(t: Tree, stop=("sub", "rel", "infinitive", "bullet", "seq", "action")):
    """Subtrees of one action that belong to it, not to clauses nested in it."""
    stack = [c for c in t.children if isinstance(c, Tree)]
    while stack:
        x = stack.pop(0)
        yield x
        if x.data not in stop:
            stack[0:0] = [c for c in x.children if isinstance(c, Tree)]


def _action(t: Tree, link: str, lang: str) -> ir.Clause:
    words = token_words(t)
    verb = _main_verb(t)
    c = ir.Clause(verb=verb, text=join_words(words, lang), link=link)
    # "you can" opens the action itself; after a fronted phrase ("Once per turn, you can …") it is the
    # pre-PSCT wording that read_old_wording reads
    opens = bool(t.children) and isinstance(t.children[0], Tree) and t.children[0].data == "opt"
    c.negated = _negated(t)
    c.optional = opens and not c.negated
    for sub in _own_subtrees(t):
        if sub.data == "zone":
            c.zones.append(join_words(token_words(sub), lang))
        elif sub.data == "qty":
            c.quantities.append(join_words(token_words(sub), lang))
    if verb:
        tail = words[words.index(verb.split()[-1]) + 1:] if verb.split()[-1] in words else []
        obj = []
        for w in tail:
            if w in {",", ";", "."} or w in _LINKS.values():
                break
            obj.append(w)
        c.obj = join_words(obj, lang)
    return c


_VERB_TOKENS = {"V", "COP", "HAS", "MODAL"}


def _main_verb(action: Tree) -> str:
    """The action's own verb: the first verb outside a relative or subordinate clause (a marker up
    to the next comma), so "du kannst 1 Monster, das du kontrollierst, verbannen" gives "verbannen"."""
    verbs = {id(tok) for sub in action.iter_subtrees() if sub.data == "verb"
             for tok in sub.children if isinstance(tok, Token) and tok.type in _VERB_TOKENS}
    inside = False
    first = ""
    for tok in action.scan_values(lambda v: isinstance(v, Token)):
        if tok.type in ("REL", "SUBORD"):
            inside = True
        elif tok.type == "COMMA":
            inside = False
        elif id(tok) in verbs:
            first = first or str(tok)
            if not inside:
                return str(tok)
    return first


_NEGATION = re.compile(r"^(kein|keine|keinen|keiner|keines|keinerlei)$")


def _negated(action: Tree) -> bool:
    """German puts the negation of "du kannst" anywhere before the infinitive ("Du kannst in dem
    Spielzug, in dem …, keine Zauberkarten aktivieren"): a NOT or "kein…" in the action's own words,
    outside a relative/subordinate clause (from its marker to the next comma), makes "you can" a
    "you cannot"."""
    inside = False
    for tok in action.scan_values(lambda v: isinstance(v, Token)):
        if tok.type in ("REL", "SUBORD"):
            inside = True
        elif tok.type == "COMMA":
            inside = False
        elif not inside and (tok.type == "NOT" or (tok.type == "WORD" and _NEGATION.match(str(tok)))):
            return True
    return False


def _actions(seq: Tree, lang: str) -> list[ir.Clause]:
    out, link = [], ""
    for ch in seq.children:
        if isinstance(ch, Token):
            link = _LINKS.get(ch.type, ch.type.lower())
        elif ch.data == "action":
            out.append(_action(ch, link, lang))
            link = ""
    return out


def fill_structured(eff: ir.Effect, node: Tree, lang: str) -> None:
    """IR from a tree of the structured grammar: head markers and conditions, the "you can" of the first
    action, the cost (the actions before ";") and the actions of every resolution sentence."""
    activation = False
    head = next((c for c in node.children if isinstance(c, Tree) and c.data == "head"), None)
    cond_kind = None
    decisive = None
    cond_words: list[str] = []
    if head is not None:
        activation = True
        for ch in head.children:
            if not isinstance(ch, Tree):
                continue
            if ch.data == "quick_marker":
                eff.quick = True
            elif ch.data == "flip_marker":
                eff.flip = True
            elif ch.data == "once_marker":
                eff.once_per_turn = True
        # the first "when"/"if"/"each time" of the header decides; "during …" only when there is none.
        # Whether the condition is an event is read from the deciding clause alone: "During your Main
        # Phase, if your opponent controls …:" is a state (an ignition effect), not a phase event.
        decisive = None
        for tok in head.scan_values(lambda v: isinstance(v, Token) and v.type in _COND_TOKENS):
            k = _COND_TOKENS[tok.type] if tok.type != "SUBORD" else _SUBORD_KIND.get(str(tok))
            if str(tok) in ("while", "solange"):
                k = ir.COND_DURING  # "While this card is in your GY, when …:" — the "when" decides
            if k is not None and (cond_kind is None or (cond_kind == ir.COND_DURING and k != ir.COND_DURING)):
                cond_kind, decisive = k, tok
        cond_words = [w for w in token_words(head) if w != ":"]
        if head.children[-2:-1] and any(isinstance(t, Tree) and t.data == "opt" for t in head.children[-2].iter_subtrees()) \
                and cond_words[-1:] == ["you can"]:
            eff.optional = True  # "During your Main Phase, you can: …"
            cond_words = cond_words[:-1]
    body = next((c for c in node.children if isinstance(c, Tree) and c.data == "body"), None)
    sentences = [t for t in walk_effect(body)] if body is not None else []
    first = True
    for s in sentences:
        if s.data == "activate_card":
            eff.activates_card = True
        if s.data not in ("sentence", "choice", "activate_card"):
            continue
        cost = next((c for c in s.children if isinstance(c, Tree) and c.data == "cost"), None)
        seqs = [c for c in s.children if isinstance(c, Tree) and c.data in ("seq", "bullet_intro")]
        if cost is not None:
            cost_actions = _actions(cost.children[0], lang)
            if first:
                eff.cost = cost_actions[0] if cost_actions else None
                eff.targets = any(_TARGET_VERB.search(a.verb) or _TARGET_TEXT.search(a.text) for a in cost_actions)
                eff.optional = eff.optional or (bool(cost_actions) and cost_actions[0].optional)
            else:
                eff.sentences.extend(cost_actions)
        for sq in seqs:
            sq = sq if sq.data == "seq" else sq.children[0]
            acts = _actions(sq, lang)
            if first and cost is None and acts and not eff.optional:
                eff.optional = acts[0].optional
            eff.sentences.extend(acts)
        first = False
    if head is None and eff.cost is None and eff.optional and eff.sentences and lang in ("en", "de"):
        # "You can Normal Summon/Set this card without Tributing", "You can activate ‹n› the turn it is
        # Set": a permission the rules grant, not an effect that activates
        first_text = eff.sentences[0].text
        if re.search(OLD_WORDING[lang]["perm"], first_text) and not re.search(OLD_WORDING[lang]["ign_force"], first_text):
            eff.optional = False
    if eff.cost is not None or eff.optional or eff.quick or eff.flip:
        activation = True
    if cond_kind is not None or cond_words:
        eff.condition = read_condition(cond_kind, join_words(cond_words, lang), lang)
        if head is not None and decisive is not None and cond_kind != ir.COND_DURING:
            words = [t for t in head.scan_values(lambda v: isinstance(v, Token))]
            i = next(j for j, t in enumerate(words) if t is decisive)
            own = [str(t) for t in words[i:] if t.type != "COLON"]
            eff.condition.event = read_condition(cond_kind, join_words(own, lang), lang).event
            if eff.condition.event and _MAIN_LEAD[lang].search(eff.condition.text) and _PAST_STATE[lang].search(join_words(own, lang)):
                # "During your Main Phase, if this card was Link Summoned:" / "…, if you Synchro Summoned this turn:" — what
                # happened before is a state in the Main Phase window (an ignition effect; scripts IGNITION)
                eff.condition.event = False
    eff.kind = ir.ACTIVATED if activation else ir.PASSIVE
    if eff.activates_card:
        eff.kind = ir.ACTIVATE_CARD
    if eff.kind == ir.PASSIVE and eff.sentences and not eff.sentences[0].negated:
        read_old_wording(eff, _old_sentence(eff.sentences, lang), lang)
    if eff.kind == ir.PASSIVE and eff.sentences and not eff.old_style:
        _phase_point(eff, " ".join(c.text for c in eff.sentences), lang)


def _old_sentence(sentences: list, lang: str) -> str:
    """The first sentence as old wording reads it. The German grammar cuts "Wenn das ausgerüstete Monster als Tribut
    angeboten und diese Karte auf den Friedhof gelegt wird, gib …" at "und" into two clauses; the condition only ends
    at the comma, so the clauses up to the one that holds it are joined."""
    first = sentences[0].text
    if lang != "de" or "," in first:
        return first
    parts = [first]
    for c in sentences[1:]:
        parts.append(c.text)
        if "," in c.text:
            return " und ".join(parts)
    return first


_MAIN_LEAD = {"en": re.compile(r"^(once per turn, )?during (your|the|each player's|either player's) main phase( 1| 2)?\b"),
              "de": re.compile(r"^(einmal pro spielzug, )?während (deiner|der) main phase( 1| 2)?\b")}
_PAST_STATE = {"en": re.compile(r"\b(was|were|has been|have been)\b|\bthis turn\b"),
               "de": re.compile(r"\b(wurde|wurden)\b|\bin diesem spielzug\b")}


#: pre-PSCT wording of a phase trigger with the phase at the end: "This card's controller takes 1000 damage during each
#: of their Standby Phases.", "Destroy an opponent's monster that battles this card at the end of the Damage Step." —
#: PSCT "During …: …"; the OCG's "…スタンバイフェイズ毎に…" reads the same.  Not the card's own removal ("Destroy this
#: card during …", "This card returns to the hand during the End Phase"), a maintenance cost, or a lasting change
_PHASE_AT_END = {
    "en": re.compile(r"\b(during (each of )?(your|each player's|their|the|that turn's|your opponent's|each)( next)? "
                     r"(standby|end|draw) phases?|at the end of (the|that turn's|this turn's) (battle phase|damage step))\b"),
    "de": re.compile(r"\b(während (jeder|der|deiner|seiner|ihrer) (standby|end|draw) phase|in jeder (deiner|seiner|ihrer) "
                     r"(standby|end|draw) phasen?|am ende (der|des) (battle phase|damage steps))\b"),
}
_PHASE_ACTION = {
    "en": re.compile(r"^((as long as|while) [^,]+, )?(the atk (and def )?of [^,.]+ (continues|continue) to (increase|decrease)|"
                     r"increase|decrease|destroy|select|inflict|draw|add|send|return|"
                     r"banish|place|gain|take|each player takes|both players take|this card's controller takes|"
                     r"the controller of this card takes|your opponent takes|you (take|gain))\b"),
    "de": re.compile(r"^((solange) [^,]+, )?(erhöhe|zerstöre|wähle|füge|ziehe|lege|verbanne|erhalte|jeder spieler erhält|"
                     r"der controller dieser karte erhält|dein gegner erhält|du erhältst|(erhalten|verlieren) beide spieler|"
                     r"(erhält|verliert) (jeder spieler|dein gegner|der controller))\b"),
}
_PHASE_NOT = {
    "en": re.compile(r"\b(this card|it) (returns|is returned|is destroyed|is sent|is banished|is changed)\b|\b(destroy|send|return|banish|"
                     r"shuffle|tribute) this card\b|\b(pay|unless|instead|until|only|cannot|can't|would)\b|\bor (destroy|send)\b"),
    "de": re.compile(r"\bdiese karte (wird|kehrt)\b|\b(zerstöre|lege|verbanne) diese karte\b|\b(zahle|bezahle|außer|"
                     r"stattdessen|bis|nur|nicht|würde)\b|\boder (zerstöre|lege)\b"),
}


def _phase_point(eff: ir.Effect, text: str, lang: str) -> None:
    m = _PHASE_AT_END[lang].search(text)
    if not m or _PHASE_NOT[lang].search(text) or not _PHASE_ACTION[lang].search(text):
        return
    eff.condition = read_condition(ir.COND_DURING, m.group(0), lang)
    eff.condition.phase = True
    eff.kind = ir.ACTIVATED
    eff.old_style = True

