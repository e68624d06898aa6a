"""Japanese conjugation over the Japanese rules vocabulary of ``kb/vocab/ja.yaml``.

Japanese card text has no spaces.  The grammar's lexer splits it with one WORD terminal: a
longest-match regex (a trie) over every word of the vocabulary (plus the grammar's own literals
and the subtypes of ``kb/vocab/ja-subtypes.yaml``); a post-lexer then gives each word its grammatical
category (noun, verb form, determiner, …) so the LALR grammar parses categories.  Verbs are listed
by lemma and conjugation class; :func:`conjugate` spells out the forms card text uses.

The word tables are data, read by :mod:`cardlint.vocab`; this module gives them to the front end,
the builder and ``tools/build_lexicon_ja.py`` as attributes (``W.CARD_TYPES``, ``W.SURU`` …).
"""

from __future__ import annotations

from cardlint import vocab

_T = vocab.table("ja")

#: word → canonical IR value
CARD_TYPES, SUPERTYPES, COLORS, OBJECT_NOUNS, ZONES = (
    _T[k] for k in ("card_types", "supertypes", "colors", "object_nouns", "zones"))
NOUNS: list[str] = _T["nouns"]
POSTVERBAL_SUBORDINATORS = set(_T["postverbal_subordinators"])
GENITIVE_NOUNS = set(_T["genitive_nouns"])
DETERMINERS: dict[str, str] = _T["determiners"]
ADVERBS: dict[str, str] = _T["adverbs"]
SUBORDINATORS: dict[str, str] = _T["subordinators"]
#: suru-verbs (VN + する); lemma = canonical English verb
SURU: dict[str, str] = _T["suru_verbs"]
#: (dictionary form, class, lemma); class: s = サ変, 1 = 一段, k g s5 t r u m b n = 五段 by ending, kuru
VERBS: list[tuple[str, str, str]] = [tuple(v) for v in _T["verbs"]]
#: a negative passive main predicate that is a keyword's printed form (verb lemma → keyword id)
KEYWORD_STATEMENTS: dict[str, str] = _T.get("keyword_statements") or {}
#: old printed wordings of a keyword: (pattern over the whole normalised clause, keyword name)
OLD_WORDINGS: list[tuple[str, str]] = [tuple(x) for x in _T.get("old_wordings") or []]
#: i-adjectives (dictionary form → lemma)
ADJECTIVES: dict[str, str] = _T["adjectives"]


def _godan(stem: str, row: str) -> dict:
    """五段: the a/i/u/e/o columns and te/ta forms."""
    table = {
        "k": ("か", "き", "く", "け", "いて", "いた"),
        "g": ("が", "ぎ", "ぐ", "げ", "いで", "いだ"),
        "s5": ("さ", "し", "す", "せ", "して", "した"),
        "t": ("た", "ち", "つ", "て", "って", "った"),
        "r": ("ら", "り", "る", "れ", "って", "った"),
        "u5r": ("ら", "り", "る", "れ", "って", "った"),
        "u": ("わ", "い", "う", "え", "って", "った"),
        "m": ("ま", "み", "む", "め", "んで", "んだ"),
        "b": ("ば", "び", "ぶ", "べ", "んで", "んだ"),
        "n": ("な", "に", "ぬ", "ね", "んで", "んだ"),
        "iku": ("か", "き", "く", "け", "って", "った"),
        "aru": ("ら", "り", "る", "れ", "って", "った"),
    }[row]
    a, i, u, e, te, ta = table
    return {"a": stem + a, "i": stem + i, "u": stem + u, "e": stem + e, "te": stem + te, "ta": stem + ta}


def _ichidan(stem: str) -> dict:
    return {"a": stem, "i": stem, "u": stem + "る", "e": stem + "れ", "te": stem + "て", "ta": stem + "た"}


def _suru(stem: str) -> dict:
    return {"a": stem + "さ", "i": stem + "し", "u": stem + "する", "e": stem + "すれ", "te": stem + "して",
            "ta": stem + "した", "neg": stem + "し", "zu": stem + "せ"}


def _endings(base: dict, feats: tuple, out: dict, depth: int, kind: str) -> None:
    """Add the inflected forms of one verb base (and of its passive/potential/progressive/
    causative derivatives, one level deep) to ``out``: surface → (category, features)."""

    def put(surface, cat, extra=()):
        f = feats + tuple(extra)
        if surface not in out or len(out[surface][1]) > len(f):
            out[surface] = (cat, f)

    neg = base.get("neg", base["a"])
    zu = base.get("zu", base["a"])
    put(base["u"], "V")
    put(base["ta"], "V", ("past",))
    put(base["i"], "VC")
    put(base["te"], "VC", ("te",))
    put(base["te"] + "も", "VC", ("even",))
    put(base["te"] + "もよい", "V", ("may",))
    put(base["te"] + "もかまわない", "V", ("may",))
    # "あなたはそれを見てもよく、あなたはそれを唱えてもよく、…": the continuative of てもよい, a permission
    # coordinated with the next predicate
    put(base["te"] + "もよく", "VC", ("may",))
    put(base["te"] + "は", "VC", ("te", "topic"))
    put(base["ta"] + "ら", "VC", ("cond",))
    put(base["ta"] + "り", "VC", ("tari",))
    put(base["e"] + "ば", "VC", ("cond",))
    put(neg + "ない", "V", ("neg",))
    put(neg + "なかった", "V", ("neg", "past"))
    put(neg + "なく", "VC", ("neg",))
    put(neg + "なくて", "VC", ("neg", "te"))
    put(neg + "ないで", "VC", ("neg", "te"))
    put(neg + "なければ", "VC", ("neg", "cond"))
    put(neg + "なければならない", "V", ("must",))
    put(neg + "なくてもよい", "V", ("neg", "may"))     # "アンタップしなくてもよい" (may choose not to untap)
    put(zu + "ず", "VC", ("neg",))
    put(zu + "ずに", "VC", ("neg",))
    if depth == 1 and "prog" not in feats and "prep" not in feats:
        te = base["te"]
        for suf, cat, extra in (("いる", "V", ("prog",)), ("いた", "V", ("prog", "past")),
                                ("いない", "V", ("prog", "neg")), ("いなかった", "V", ("prog", "neg", "past")),
                                ("い", "VC", ("prog",)), ("いて", "VC", ("prog", "te")),
                                ("いなければ", "VC", ("prog", "neg", "cond"))):
            put(te + suf, cat, extra)
    if depth == 0:
        # progressive / resultative (…ている, …ていた, …ていない)
        te = base["te"]
        _endings(_ichidan(te + "い"), feats + ("prog",), out, 1, "1")
        _endings({"a": te + "お" + "か", "i": te + "おき", "u": te + "おく", "e": te + "おけ", "te": te + "おいて",
                  "ta": te + "おいた"}, feats + ("prep",), out, 1, "k")
        if kind == "suru":
            stem = base["u"][:-2]
            _endings(_ichidan(stem + "され"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(stem + "でき"), feats + ("can",), out, 1, "1")
            _endings(_ichidan(stem + "させ"), feats + ("causative",), out, 1, "1")
            _endings(_ichidan(stem + "させられ"), feats + ("causative", "passive"), out, 1, "1")
        elif kind == "1":
            stem = base["a"]
            _endings(_ichidan(stem + "られ"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(stem + "させ"), feats + ("causative",), out, 1, "1")
        elif kind not in ("none",):
            _endings(_ichidan(base["a"] + "れ"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(base["e"]), feats + ("can",), out, 1, "1")
            _endings(_ichidan(base["a"] + "せ"), feats + ("causative",), out, 1, "1")


def conjugate() -> dict[str, tuple[str, str, tuple]]:
    """surface form → (category V|VC, lemma, features)."""
    out: dict[str, tuple[str, str, tuple]] = {}

    def add(forms: dict, lemma: str):
        for s, (cat, feats) in forms.items():
            if s not in out or len(out[s][2]) > len(feats):
                out[s] = (cat, lemma, feats)

    for stem, lemma in SURU.items():
        forms: dict = {}
        _endings(_suru(stem), (), forms, 0, "suru")
        add(forms, lemma)
    for dic, cls, lemma in VERBS:
        forms = {}
        if cls in ("1", "1x"):
            stem = dic[:-1] if dic.endswith("る") else dic
            _endings(_ichidan(stem), (), forms, 0, "1")
        elif cls in ("suru", "suru_x"):
            _endings(_suru(dic[:-2]), (), forms, 0, "suru")
        elif cls == "none":
            forms = {dic: ("V", ("neg",))}
        else:
            _endings(_godan(dic[:-1], cls), (), forms, 0, cls)
            if cls == "aru":
                forms.pop("あらない", None)
                forms.update({"ない": ("V", ("neg",)), "なかった": ("V", ("neg", "past")),
                              "なく": ("VC", ("neg",))})
        add(forms, lemma)
    # adjectives: dictionary, く, くない, かった, くなる (become …er)
    for dic, lemma in ADJECTIVES.items():
        stem = dic[:-1]
        for s, cat, feats in ((dic, "ADJ", ()), (stem + "く", "ADJC", ()), (stem + "くない", "ADJ", ("neg",)),
                              (stem + "かった", "ADJ", ("past",)), (stem + "くなる", "V", ("become",)),
                              (stem + "くなり", "VC", ("become",)), (stem + "くなった", "V", ("become", "past")),
                              (stem + "ければ", "VC", ("cond",)), (stem + "くて", "VC", ("te",))):
            if s not in out:
                out[s] = (cat, lemma, feats)
    return out


def all_nouns() -> dict[str, str]:
    words = {}
    for table in (CARD_TYPES, SUPERTYPES, COLORS, OBJECT_NOUNS, ZONES):
        words.update(table)
    for w in NOUNS:
        words.setdefault(w, w)
    for w in SURU:  # the verbal noun alone: "増殖を行う", "破壊" in "破壊されない" is a verb form
        words.setdefault(w, w)
    return words
