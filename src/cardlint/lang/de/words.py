"""German morphology over the German rules vocabulary of ``kb/vocab/de.yaml``.

The word tables (card types, game nouns, verbs, adjectives, function words) are data, read by
:mod:`cardlint.vocab`; this module gives them to the front end and builder as attributes
(``W.TYPE_STEMS``, ``W.COLORS`` …) and spells out the inflected forms.  ``tools/build_lexicon_de.py``
turns them into the regex terminals of ``grammar/de_lexicon.lark``.

German morphology handled here:
- adjective declension endings (-e/-en/-em/-er/-es) on every adjective stem;
- noun plural/case endings and compounds (``Kreaturenspielstein``, ``Nichtstandardländer``,
  ``Goblin-Kreaturen``, ``+1/+1-Marke``) — a noun is one or more known stems joined directly or by
  a hyphen, optionally with a linking/inflection ending and a ``nicht``/``nicht-`` prefix;
- verb conjugation: imperative, 2nd/3rd person, plural, infinitive, participle, ``zu``-infinitive,
  and separable verbs (``bringe … zurück`` / ``zurückbringen`` / ``zurückgebracht``).
"""

from __future__ import annotations

import re

from cardlint import vocab

_T = vocab.table("de")

ADJ_ENDINGS = tuple(_T["adjective_endings"])

# ------------------------------------------------------------------ card types and nouns
#: noun stem → canonical IR value; the stem is the form used inside compounds
TYPE_STEMS, BASIC_LAND_TYPES, SUPERTYPE_STEMS, OBJ_NOUNS, PLAYER_NOUNS, ZONE_NOUNS = (
    _T[k] for k in ("types", "basic_land_types", "supertypes", "object_nouns", "player_nouns", "zone_nouns"))
OTHER_NOUN_STEMS: list[str] = _T["other_nouns"]
COUNTER_SUFFIX = tuple(_T["counter_suffixes"])

# ------------------------------------------------------------------ colours, adjectives
COLORS: dict[str, str] = _T["colors"]
ADJ_STEMS: dict[str, str] = _T["adjectives"]
ADJ_SUFFIXES = tuple(_T["adjective_suffixes"])
RULES_STATE_ADJ: dict[str, str] = _T["rules_state_adjectives"]


# ------------------------------------------------------------------ verbs
def _weak(stem: str, ge: bool = True, inf_e: bool = True) -> list[str]:
    e = "e" if re.search(r"(t|d|chn|ffn|gn)$", stem) else ""
    # past tense -te/-ten is left out: it coincides with the declined participle ("verzauberte"),
    # which the lexicon lists as an adjective (participle_adjectives)
    # "opfer-n", "wechsel-n", but "kontrollier-en"
    inf = "n" if stem.endswith(("er", "el")) and not stem.endswith("ier") else ("en" if inf_e else "n")
    forms = [stem + "e", stem + e + "st", stem + e + "t", stem + inf,
             stem + "est", stem + "et"]
    if stem.endswith("el"):
        forms.append(stem[:-2] + "le")  # "wechsle", "verdopple"
    if inf == "n":
        forms.append(stem + "en")  # also the regular spelling where it occurs ("opferen" never does: harmless)
    if ge:
        forms.append("ge" + stem + e + "t")
    else:
        forms.append(stem + e + "t")
    return forms


def _spec_forms(spec) -> list[str]:
    """A base verb of the vocabulary file: ``{weak: stem}``, ``{weak_no_ge: stem}`` or its forms."""
    if isinstance(spec, dict):
        (kind, stem), = spec.items()
        return _weak(stem, ge=kind == "weak")
    return list(spec)


#: german lemma → (english lemma, forms).  A lemma the vocabulary lists again (as a weak and an
#: irregular verb) is keyed with a "2" so that both form lists count (verb_forms strips it).
VERB_SPECS: dict[str, tuple[str, list[str]]] = {}


def _v(lemma: str, en: str, forms: list[str]) -> None:
    while lemma in VERB_SPECS:
        lemma += "2"
    VERB_SPECS[lemma] = (en, forms)


for _lem, _en, _stem in _T["weak_verbs"]:
    _v(_lem, _en, _weak(_stem))
for _lem, _en, _stem in _T["weak_verbs_no_ge"]:
    _v(_lem, _en, _weak(_stem, ge=False))
for _lem, _en, _forms in _T["irregular_verbs"]:
    _v(_lem, _en, list(_forms))

PARTICLES = tuple(_T["particles"])
#: (particle, verb lemma) → english lemma for separable verbs; joined forms are generated
SEPARABLE: dict[tuple[str, str], str] = {(p, v): en for p, v, en in _T["separable"]}
_EXTRA_BASES = {lemma: _spec_forms(spec) for lemma, spec in _T["separable_bases"].items()}

def verb_forms() -> dict[str, str]:
    """All verb forms → german lemma (joined separable forms → 'particle+lemma')."""
    out: dict[str, str] = {}
    for lemma, (_en, forms) in VERB_SPECS.items():
        base = lemma.rstrip("2")
        for f in forms:
            out.setdefault(f.replace("_v", ""), base)
    bases = {lem.rstrip("2"): forms for lem, (_en, forms) in VERB_SPECS.items()}
    bases.update(_EXTRA_BASES)
    for (part, lemma), _en in SEPARABLE.items():
        forms = bases.get(lemma, [])
        inf = lemma
        joined = {part + f for f in forms if not f.startswith("ge")}
        joined |= {part + f for f in forms if f.startswith("ge")}  # abgeworfen, zurückgebracht
        joined.add(part + "zu" + inf)
        for f in joined:
            out[f] = part + "+" + lemma
        for f in forms:
            out.setdefault(f, lemma)
    return out


def english_lemma(german: str) -> str:
    """german lemma ('zurück+bringen' or 'zerstören') → english lemma."""
    if "+" in german:
        part, lem = german.split("+", 1)
        return SEPARABLE.get((part, lem), lem)
    spec = VERB_SPECS.get(german) or VERB_SPECS.get(german + "2")
    return spec[0] if spec else german


for _lem, _forms in _T["short_imperatives"].items():
    VERB_SPECS[_lem][1].extend(_forms)

ABILITY_WORDS = tuple(_T["ability_words"])
ABILITY_WORD_CONDITIONS: dict[str, str] = _T["ability_word_conditions"]
KEYWORD_ACTIONS: dict[str, str] = _T["keyword_actions"]

# ------------------------------------------------------------------ function words
ARTICLES: list[str] = _T["articles"]
DETERMINERS: list[str] = _T["determiners"]
NUMBERS: dict[str, int | None] = _T["numbers"]
PRONOUNS: list[str] = _T["pronouns"]
PREPOSITIONS: list[str] = _T["prepositions"]
CONJUNCTIONS: list[str] = _T["conjunctions"]
SUBORDINATORS: list[str] = _T["subordinators"]
ADVERBS: list[str] = _T["adverbs"]


def participle_adjectives() -> set[str]:
    """Declined participles of the known verbs ("verzauberte", "geopferten", "abgeworfene")."""
    out: set[str] = set()
    for form, lemma in verb_forms().items():
        if (form.startswith("ge") or "+" in lemma or lemma.endswith("ieren") or lemma.startswith(("be", "ver", "er", "ent", "zer", "über"))) \
                and form.endswith("t") and len(form) > 4:
            for e in ("e", "en", "em", "er", "es"):
                out.add(form + e)
    for lemma, (_en, forms) in VERB_SPECS.items():
        for f in forms:
            if f.startswith("ge") and f.endswith("en"):
                for e in ("e", "en", "em", "er", "es"):
                    out.add(f[:-2] + "en" + e if False else f + e)
    return out
