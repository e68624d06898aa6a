"""Evaluation of the Yu-Gi-Oh! classifier: ``tools/evaluate.py --game ygo --lang L`` dispatches here.

Figures printed (and returned as JSON with ``--format json``):

* **parse coverage** (strict: the Lark parse succeeded, no fallback) per effect and per card
  (a card counts when every one of its effects parsed), with the most frequent unparsed shapes;
* **agreement with the script labels** (``labels-scripts.jsonl``) per card, as multisets, on the
  *eligible* cards: scripts that use no effect-creating ``aux.*``/``c:*`` helper (those effects are
  not expanded in the label table, see the corpus SOURCES.md).  Mapping:
  IGNITION→ignition; TRIGGER_O→trigger (optional; timing "if" with the DELAY flag or a phase event,
  else "when"); TRIGGER_F→trigger (mandatory); QUICK_O/QUICK_F→quick; FLIP→flip; ACTIVATE→activation;
  FIELD/SINGLE/… without those→continuous; summon procedures/conditions→summon-condition.
  Two figures: **activated** (the multiset of effects that activate — what chains are built from;
  continuous effects are excluded because one printed sentence is often several script effects and
  scripts hold internal helper effects) and **full** (activated multiset equal *and* the same presence of
  continuous effects and of summoning conditions).  The bare activation of a Continuous/Field/Equip
  card (an ACTIVATE with no category, target or event — it only places the card) is not compared,
  and ``registered: "duel"`` global helpers are dropped.  A printed effect that activates one of
  several bulleted choices ("activate 1 of these effects; ● … ● …") is one effect by the rules, but
  scripts register one effect per choice: it may stand for up to as many script effects of its type
  as it has bullets (:func:`absorb_modal`).  Disagreement classes are listed.
* **cross-language agreement** (de/ja/zh-Hans), per passcode present in both files, cards where
  neither side has an entry other than restrictions skipped.  The **card-level agreement** (the
  headline figure) holds when the activated effects — every entry that is not continuous, a
  summoning condition or a restriction — are equal as a multiset of (type, mandatory, timing), and
  the *kinds* of non-activated entries present (continuous / spell-continuous / summon-condition)
  are the same.  Non-activated entries are compared by presence because how many sentences one
  continuous text is split into is a matter of template, not of meaning: PSCT writes "Cannot be
  destroyed by battle. You take no battle damage from attacks involving this card." where the OCG
  writes one ② sentence, and no chain, timing or spell speed depends on the count.  Restrictions
  ("You can only use this effect … once per turn", unnumbered material and activation-turn rules)
  are not effects and are not compared.  Also printed: the **strict** figure (the full multiset,
  continuous entries counted) and **types only** (the multiset of types, ignoring mandatory/timing).

Usage: ``python -m cardlint.ygo.evaluate --lang en [--limit N] [--step K] [--format text|json] [--corpus DIR]``
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path

from cardlint.ygo import classify, norm_lang, parse_effects

LANG_FILES = {"en": "en.jsonl", "de": "de.jsonl", "ja": "ja.jsonl", "zh-Hans": "zh-Hans.jsonl"}

#: helpers that create no effect of their own (data lists and filter builders)
HARMLESS_HELPERS = {
    "aux.AddCodeList", "aux.FilterBoolFunction", "aux.NonTuner", "aux.TargetBoolFunction", "aux.Tuner",
    "aux.NOT", "aux.AND", "aux.GetValueType", "c:IsHasEffect", "c:GetControler", "aux.AddMaterialCodeList",
    "aux.AddSetNameMonsterList", "aux.CreateMaterialReasonCardRelation", "aux.fus_mat_hack_exmat_filter",
    "aux.rit_mat_hack_exmat_filter", "aux.RitualCheckEqual", "aux.RitualCheckGreater",
    "aux.AddThisCardInGraveAlreadyCheck", "aux.RegisterMergedDelayedEvent",
    "aux.RegisterMergedDelayedEvent_ToSingleCard",
}

#: events that only happen in their own game-state window (battle steps); DELAY is irrelevant for them
WINDOW_EVENTS = {"EVENT_BATTLE_CONFIRM", "EVENT_PRE_DAMAGE_CALCULATE", "EVENT_BATTLE_START", "EVENT_DAMAGE_STEP_END",
                 "EVENT_BATTLED", "EVENT_PRE_BATTLE_DAMAGE", "EVENT_ATTACK_ANNOUNCE_END"}

ACTIVATED_LABELS = {"trigger-optional-any", "ignition", "quick", "flip", "activation", "trigger-mandatory", "trigger-optional-if",
                    "trigger-optional-when"}


def default_corpus() -> Path:
    here = Path(__file__).resolve()
    for base in [Path.cwd(), *here.parents]:
        cand = base / "shared" / "corpus" / "ygo"
        if cand.is_dir():
            return cand
        cand = base.parent / "shared" / "corpus" / "ygo"
        if cand.is_dir():
            return cand
    return Path("/work/shared/corpus/ygo")


def read_jsonl(path: Path, limit: int | None = None, step: int = 1) -> list[dict]:
    """Records of a JSONL file; ``step`` keeps every step-th record (quick runs), ``limit`` caps the count."""
    out = []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            line = line.strip()
            if line and i % step == 0:
                out.append(json.loads(line))
                if limit and len(out) >= limit:
                    break
    return out


# ------------------------------------------------------------------ label mapping

def script_label(e: dict, card_type: str) -> str | None:
    cls = e.get("class")
    if e.get("registered") == "duel":
        return None
    types = e.get("type") or []
    if cls == "ACTIVATION":
        lasting = card_type in ("Continuous Spell", "Field Spell", "Equip Spell", "Continuous Trap")
        if card_type == "Equip Spell":
            return None
        if lasting and not e.get("category") and "CARD_TARGET" not in (e.get("flags") or []) \
                and e.get("code") in (None, "EVENT_FREE_CHAIN"):
            return None
        return "activation"
    if cls in ("FLIP", "FLIP_OPTIONAL"):
        return "flip"
    if cls == "TRIGGER_OPTIONAL":
        code = e.get("code") or ""
        if "DELAY" in (e.get("flags") or []) or code.startswith("EVENT_PHASE"):
            return "trigger-optional-if"
        if code in WINDOW_EVENTS:
            # battle-window events cannot happen mid-chain, so scripts never need DELAY on them: the flag
            # says nothing about the printed "When"/"If" here
            return "trigger-optional-any"
        return "trigger-optional-when"
    if cls == "TRIGGER_MANDATORY":
        return "trigger-mandatory"
    if cls in ("QUICK_OPTIONAL", "QUICK_MANDATORY"):
        return "quick"
    if cls == "IGNITION":
        return "ignition"
    if cls in ("SUMMON_PROCEDURE", "SUMMON_CONDITION"):
        return "summon-condition"
    if cls in ("CONTINUOUS_OR_STATIC", "CONTINUOUS_NO_CHAIN"):
        if "GRANT" in types:
            return "continuous"
        return "continuous"
    return None


_SUMMON_FAMILY = {"EVENT_SUMMON_SUCCESS", "EVENT_SPSUMMON_SUCCESS", "EVENT_FLIP_SUMMON_SUCCESS"}


def bare_activations(lab: dict, card_type: str) -> int:
    """How many bare activations (no category, target or event) of a Continuous/Field/Equip card the
    label table has: they are dropped from the script side, and as many ``activation`` entries from ours."""
    if card_type not in ("Continuous Spell", "Field Spell", "Equip Spell", "Continuous Trap"):
        return 0
    return sum(1 for e in lab.get("effects", []) if e.get("class") == "ACTIVATION" and e.get("registered") != "duel"
               and script_label(e, card_type) is None)


def agree(ours: collections.Counter, theirs: collections.Counter) -> bool:
    """Multiset equality where a script ``trigger-optional-any`` matches either optional timing."""
    if "trigger-optional-any" not in theirs:
        return ours == theirs
    t = collections.Counter(theirs)
    anyn = t.pop("trigger-optional-any")
    rest = ours - t
    if t - ours:
        return False
    return sum(rest.values()) == anyn and set(rest) <= {"trigger-optional-if", "trigger-optional-when"}


#: a printed effect that activates one of several listed choices ("activate 1 of these effects; ● … ● …"):
#: the rules make it one effect (one activation, the choice made on activation), but a script registers one
#: effect per choice, so it may stand for up to as many script effects of its type as it has bullets
_MODAL = re.compile(r"\bactivate (1|one|either|up to \w+) of (these|the following) effects\b"
                    r"|\bactivate the following effects?\b(, based on|;)", re.I)


def modal_slack(effects: list[dict]) -> collections.Counter:
    """Per label, how many extra script effects the modal effects of one card may account for."""
    slack: collections.Counter = collections.Counter()
    for d in effects:
        lab = our_label(d)
        if lab in ACTIVATED_LABELS and _MODAL.search(d["text"]):
            slack[lab] += max(0, d["text"].count("●") - 1)
    return slack


def absorb_modal(ours: collections.Counter, theirs: collections.Counter, slack: collections.Counter) -> collections.Counter:
    """The script multiset with the per-choice copies of our modal effects folded back into one."""
    t = collections.Counter(theirs)
    for lab, extra in slack.items():
        if t[lab] > ours[lab]:
            t[lab] = max(ours[lab], t[lab] - extra)
    return +t


def script_labels(lab: dict, card_type: str) -> list[str]:
    """Labels of one script, with the clones that implement one printed effect collapsed: a ``clone_of``
    of an effect of the same class, and the Normal/Special/Flip "Summoned" variants of one trigger."""
    effs = lab.get("effects", [])
    out = []
    seen_summon = set()
    for i, e in enumerate(effs):
        lab_ = script_label(e, card_type)
        if lab_ is None:
            continue
        src = e.get("clone_of")
        if isinstance(src, int) and 0 <= src < len(effs) and effs[src].get("class") == e.get("class"):
            continue
        if e.get("code") in _SUMMON_FAMILY:
            key = (e.get("class"), tuple(e.get("category") or ()), e.get("count_limit"), tuple(e.get("range") or ()))
            if key in seen_summon:
                continue
            seen_summon.add(key)
        out.append(lab_)
    return out


def our_label(d: dict) -> str | None:
    t = d["type"]
    if t == "trigger":
        if d["mandatory"]:
            return "trigger-mandatory"
        return f"trigger-optional-{d['timing']}"
    if t in ("continuous", "spell-continuous"):
        return "continuous"
    if t == "restriction":
        return None
    return t


def eligible(label_rec: dict) -> bool:
    return all(h in HARMLESS_HELPERS for h in label_rec.get("helpers", []))


def _split(labels: list[str]) -> tuple[collections.Counter, frozenset]:
    act = collections.Counter(x for x in labels if x in ACTIVATED_LABELS)
    rest = frozenset(x for x in labels if x not in ACTIVATED_LABELS)
    return act, rest


def disagreement_class(ours: collections.Counter, theirs: collections.Counter) -> str:
    missing = theirs - ours
    extra = ours - theirs
    parts = []
    for k in sorted(set(missing) | set(extra)):
        if extra[k]:
            parts.append(f"+{k}")
        if missing[k]:
            parts.append(f"-{k}")
    return " ".join(parts) or "(equal)"


# ------------------------------------------------------------------ main evaluation

def classify_record(r: dict, lang: str) -> dict:
    return classify(r.get("text") or "", lang, r.get("type"), r.get("pendulum_text"), r.get("name"))


def evaluate(lang: str, corpus: Path, limit: int | None = None, top: int = 15, step: int = 1) -> dict:
    lang = norm_lang(lang)
    recs = read_jsonl(corpus / LANG_FILES[lang], limit, step)
    t0 = time.time()
    n_eff = n_parsed = n_cards = n_cards_parsed = 0
    shapes: collections.Counter = collections.Counter()
    examples: dict[str, str] = {}
    results: dict[int, dict] = {}
    for r in recs:
        res = classify_record(r, lang)
        results[r["id"]] = res
        effs = res["effects"]
        if not effs:
            continue
        n_cards += 1
        ok = True
        for d in effs:
            n_eff += 1
            if d["parsed"]:
                n_parsed += 1
            else:
                ok = False
        n_cards_parsed += ok
        # shapes of unparsed effects come from the IR fallback
    for r in recs:
        for txt, ctype in ((r.get("text"), r.get("type")), (r.get("pendulum_text"), "Pendulum Effect")):
            if not txt:
                continue
            if not any(not d["parsed"] for d in results[r["id"]]["effects"]):
                break
            for e in parse_effects(txt, lang, ctype, r.get("name")):
                if not e.parsed:
                    shapes[e.shape] += 1
                    examples.setdefault(e.shape, e.text[:160])
    elapsed = time.time() - t0
    report = {
        "lang": lang,
        "records": len(recs),
        "seconds": round(elapsed, 1),
        "coverage": {
            "effects": n_eff, "effects_parsed": n_parsed, "effect_rate": _rate(n_parsed, n_eff),
            "cards": n_cards, "cards_parsed": n_cards_parsed, "card_rate": _rate(n_cards_parsed, n_cards),
            "top_unparsed_shapes": [{"count": c, "shape": s, "example": examples[s]} for s, c in shapes.most_common(top)],
        },
    }
    if lang == "en":
        report["script_agreement"] = script_agreement(recs, results, corpus, top)
    else:
        report["english_agreement"] = english_agreement(recs, results, corpus, top)
    return report


def _rate(a: int, b: int) -> float:
    return round(a / b, 4) if b else 0.0


def script_agreement(recs: list[dict], results: dict, corpus: Path, top: int) -> dict:
    labels = {r["id"]: r for r in read_jsonl(corpus / "labels-scripts.jsonl")}
    n = agree_act = agree_full = 0
    classes: collections.Counter = collections.Counter()
    examples: dict[str, str] = {}
    timing_pairs = timing_agree = 0
    for r in recs:
        lab = labels.get(r["id"])
        if lab is None or not eligible(lab) or not results[r["id"]]["effects"]:
            continue
        theirs = script_labels(lab, r.get("type", ""))
        ours = [x for x in (our_label(d) for d in results[r["id"]]["effects"]) if x]
        for _ in range(bare_activations(lab, r.get("type", ""))):
            if "activation" in ours:
                ours.remove("activation")
        n += 1
        ta, tr = _split(theirs)
        oa, orr = _split(ours)
        ta = absorb_modal(oa, ta, modal_slack(results[r["id"]]["effects"]))
        if agree(oa, ta):
            agree_act += 1
            if tr == orr:
                agree_full += 1
        else:
            cls = disagreement_class(oa, ta)
            classes[cls] += 1
            examples.setdefault(cls, r["name"])
        # timing: optional triggers that agree in count
        t_when = ta["trigger-optional-when"] + ta["trigger-optional-if"] + ta["trigger-optional-any"]
        o_when = oa["trigger-optional-when"] + oa["trigger-optional-if"]
        if t_when and t_when == o_when:
            timing_pairs += 1
            timing_agree += agree(collections.Counter({k: oa[k] for k in ("trigger-optional-when", "trigger-optional-if")}),
                                  collections.Counter({k: ta[k] for k in ("trigger-optional-when", "trigger-optional-if",
                                                                          "trigger-optional-any") if ta[k]}))
    return {
        "eligible_cards": n,
        "activated_agreement": _rate(agree_act, n),
        "full_agreement": _rate(agree_full, n),
        "optional_trigger_timing_agreement": _rate(timing_agree, timing_pairs),
        "disagreement_classes": [{"count": c, "class": k, "example": examples[k]} for k, c in classes.most_common(top)],
    }


def _key(d: dict):
    return (d["type"], d["mandatory"], d["timing"])


def english_agreement(recs: list[dict], results: dict, corpus: Path, top: int) -> dict:
    en = {r["id"]: r for r in read_jsonl(corpus / LANG_FILES["en"])}
    n = agree = agree_types = agree_act = 0
    classes: collections.Counter = collections.Counter()
    act_classes: collections.Counter = collections.Counter()
    examples: dict[str, str] = {}
    act_examples: dict[str, str] = {}
    for r in recs:
        e = en.get(r["id"])
        if e is None:
            continue
        ours = collections.Counter(_key(d) for d in results[r["id"]]["effects"] if d["type"] != "restriction")
        theirs = collections.Counter(_key(d) for d in classify_record(e, "en")["effects"] if d["type"] != "restriction")
        if not ours and not theirs:
            continue
        n += 1
        oa, ta = _activated(ours), _activated(theirs)
        if oa == ta and _passive(ours) == _passive(theirs):
            agree_act += 1
        else:
            cls = _class(oa - ta, ta - oa) or _presence_class(_passive(ours), _passive(theirs))
            act_classes[cls] += 1
            act_examples.setdefault(cls, f"{e['name']} ({r['id']})")
        if ours == theirs:
            agree += 1
        else:
            cls = _class(ours - theirs, theirs - ours)
            classes[cls] += 1
            examples.setdefault(cls, f"{e['name']} ({r['id']})")
        if collections.Counter(k[0] for k in ours) == collections.Counter(k[0] for k in theirs):
            agree_types += 1
    return {
        "cards": n,
        "agreement": _rate(agree_act, n),
        "strict_agreement": _rate(agree, n),
        "type_agreement": _rate(agree_types, n),
        "disagreement_classes": [{"count": c, "class": k, "example": act_examples[k]} for k, c in act_classes.most_common(top)],
        "strict_disagreement_classes": [{"count": c, "class": k, "example": examples[k]} for k, c in classes.most_common(top)],
    }


_PASSIVE_TYPES = {"continuous", "spell-continuous", "summon-condition"}


def _activated(keys: collections.Counter) -> collections.Counter:
    return collections.Counter({k: v for k, v in keys.items() if k[0] not in _PASSIVE_TYPES})


def _passive(keys: collections.Counter) -> frozenset:
    return frozenset(k[0] for k in keys if k[0] in _PASSIVE_TYPES)


def _presence_class(ours: frozenset, theirs: frozenset) -> str:
    return "(presence) " + " ".join([f"+{k}" for k in sorted(ours - theirs)] + [f"-{k}" for k in sorted(theirs - ours)])


def _class(extra: collections.Counter, missing: collections.Counter) -> str:
    fmt = lambda k: f"{k[0]}{'/' + str(k[2]) if k[2] else ''}{'/M' if k[1] else ''}"
    return " ".join([f"+{fmt(k)}" for k in sorted(extra, key=str)] + [f"-{fmt(k)}" for k in sorted(missing, key=str)])


def format_text(rep: dict) -> str:
    c = rep["coverage"]
    lines = [f"Yu-Gi-Oh! evaluation — {rep['lang']} ({rep['records']} records, {rep['seconds']} s)",
             f"  parse coverage (strict): effects {c['effects_parsed']}/{c['effects']} = {c['effect_rate']:.1%}; "
             f"cards {c['cards_parsed']}/{c['cards']} = {c['card_rate']:.1%}",
             "  most frequent unparsed shapes:"]
    for s in c["top_unparsed_shapes"]:
        lines.append(f"    {s['count']:5d}  {s['shape']!r}  e.g. {s['example']!r}")
    if "script_agreement" in rep:
        a = rep["script_agreement"]
        lines.append(f"  agreement with script labels on {a['eligible_cards']} eligible cards: "
                     f"activated effects {a['activated_agreement']:.1%}; full (incl. continuous/summon presence) "
                     f"{a['full_agreement']:.1%}; optional-trigger timing {a['optional_trigger_timing_agreement']:.1%}")
        lines += _class_rows("  disagreement classes (ours + / script −):", a["disagreement_classes"])
    if "english_agreement" in rep:
        a = rep["english_agreement"]
        lines.append(f"  card-level agreement with the English classification of the same passcode: {a['agreement']:.1%} "
                     f"of {a['cards']} cards (activated effects as a multiset, continuous/summon entries by presence; "
                     f"strict, continuous entries counted: {a['strict_agreement']:.1%}; types only: {a['type_agreement']:.1%})")
        lines += _class_rows("  disagreement classes (this language + / English −):", a["disagreement_classes"])
        lines += _class_rows("  strict disagreement classes (this language + / English −):",
                             a["strict_disagreement_classes"])
    return "\n".join(lines)


def _class_rows(title: str, classes: list[dict]) -> list[str]:
    return [title] + [f"    {d['count']:5d}  {d['class']}  e.g. {d['example']}" for d in classes]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="evaluate --game ygo", description="Evaluate the Yu-Gi-Oh! classifier.")
    ap.add_argument("--game", default="ygo")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--step", type=int, default=1, help="every K-th record (quick runs)")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--format", choices=("text", "json"), default="text")
    args = ap.parse_args(argv)
    corpus = args.corpus or default_corpus()
    if not corpus.is_dir():
        print(f"evaluate: corpus directory not found: {corpus}", file=sys.stderr)
        return 2
    langs = ["en", "de", "ja", "zh-Hans"] if args.lang == "all" else [args.lang]
    for lang in langs:
        rep = evaluate(lang, corpus, args.limit, args.top, max(1, args.step))
        print(json.dumps(rep, ensure_ascii=False, indent=1) if args.format == "json" else format_text(rep))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
