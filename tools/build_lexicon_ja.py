#!/usr/bin/env python3
"""Generate the Japanese vocabulary: ``src/cardlint/lang/ja/vocab.py`` and ``grammar/ja_lexicon.lark``.

Sources (vocabulary only, never per-card behaviour):
- keyword ability names: ``kb/keywords.yaml`` (ja names and aliases) plus the printed names of
  keywords the kb has no Japanese name for (listed below with their CR id);
- subtypes: the subtype halves ("— ゴブリン・戦士") of the Japanese type lines in
  ``../shared/corpus/mtg/ja.jsonl`` (a type line is vocabulary, like CR 205.3's lists);
- everything else: the curated tables in :mod:`cardlint.lang.ja.words`;
- the literal words of ``grammar/ja.lark`` itself, so the longest-match WORD terminal spells them.

The WORD terminal is a run of Japanese characters; the front end's post-lexer splits it into the
longest listed words by dictionary lookup (a regex over ~45,000 words took seconds to compile).

Run after the kb, the grammar's literals or ja_words change:  python tools/build_lexicon_ja.py
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cardlint.lang.ja import words as W  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "mtg" / "ja.jsonl"

#: printed Japanese keyword names the kb lacks (CR id → names)
EXTRA_KEYWORDS = {
    "banding": ["族系", "バンド"], "phasing": ["位相"], "fading": ["消散"], "amplify": ["増幅"],
    "provoke": ["挑発"], "absorb": ["吸収"], "frenzy": ["狂乱"], "poisonous": ["毒性"],
    "ingest": ["嚥下"], "myriad": ["無限"], "offering": ["献身"],
    "landwalk": ["島渡り", "沼渡り", "森渡り", "山渡り", "平地渡り", "土地渡り", "基本土地渡り",
                 "伝説の土地渡り", "氷雪土地渡り", "砂漠渡り", "平地渡り", "氷雪沼渡り", "氷雪森渡り",
                 "氷雪島渡り", "氷雪山渡り", "氷雪平地渡り", "非基本土地渡り"],
    "protection": ["プロテクション"], "enchant": ["エンチャント"], "equip": ["装備"],
    "cumulative_upkeep": ["累加アップキープ"], "level_up": ["Lvアップ", "レベル・アップ"],
    "partner": ["共闘"], "wither": ["萎縮", "委縮"], "hexproof": ["呪禁"], "split_second": ["刹那"],
    "encore": ["アンコール"], "disturb": ["降霊"], "decayed": ["消耗"], "blitz": ["速攻"],
    "training": ["訓練"], "umbra_armor": ["トーテム鎧"], "fear": ["畏怖"], "morph": ["変異", "大変異"],
    "cycling": ["サイクリング", "基本土地サイクリング", "平地サイクリング", "島サイクリング", "沼サイクリング",
                "山サイクリング", "森サイクリング", "土地サイクリング", "スリヴァーサイクリング", "ウィザードサイクリング"],
}


def keyword_names() -> dict[str, str]:
    names: dict[str, str] = {}
    kb = ROOT / "kb" / "keywords.yaml"
    if kb.exists():
        import yaml

        data = yaml.safe_load(kb.read_text(encoding="utf-8"))
        for k in data.get("keywords", []):
            ja = (k.get("names") or {}).get("ja")
            if ja:
                names.setdefault(unicodedata.normalize("NFKC", ja), k["id"])
            for a in ((k.get("aliases") or {}).get("ja") or []):
                names.setdefault(unicodedata.normalize("NFKC", a), k["id"])
    for kid, lst in EXTRA_KEYWORDS.items():
        for n in lst:
            names.setdefault(n, kid)
    return names


def subtypes() -> list[str]:
    out: set[str] = set()
    if not CORPUS.exists():
        return []
    for line in CORPUS.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        t = unicodedata.normalize("NFKC", json.loads(line).get("type", ""))
        m = re.split(r"\s*[—―]\s*-?\s*", t, maxsplit=1)
        if len(m) < 2:
            continue
        for s in re.split(r"[・\s]+", m[1]):
            s = s.strip(" -")
            if s and re.fullmatch(r"[\u3040-\u30ff\u4e00-\u9fff]{1,12}", s):
                out.add(s)
    return sorted(out)


#: a token's printed type in rules text: "緑の1/1の苗木・クリーチャー・トークン" (like a type line)
TOKEN_TYPES = re.compile(r"(?<=の)((?:[^\sの。、・()「」]{1,10}・)+)"
                         r"(?:クリーチャー|アーティファクト・クリーチャー|エンチャント・クリーチャー)・トークン")


def token_subtypes() -> set[str]:
    """Subtypes of tokens created by card text (Saproling, Scion, Servo…): no card has them on its
    type line, but the text prints the token's type line."""
    out: set[str] = set()
    if not CORPUS.exists():
        return out
    for line in CORPUS.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        t = unicodedata.normalize("NFKC", json.loads(line).get("text", ""))
        for m in TOKEN_TYPES.finditer(t):
            for s in m.group(1).strip("・").split("・"):
                if s and not any(s.endswith(ct) for ct in W.CARD_TYPES) and \
                        re.fullmatch(r"[\u3040-\u30ff\u4e00-\u9fff]{1,12}", s):
                    out.add(s)
    return out


def grammar_literals() -> set[str]:
    text = (ROOT / "grammar" / "ja.lark").read_text(encoding="utf-8")
    text = "\n".join(line.split("//", 1)[0] for line in text.split("\n"))
    lits = set()
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"', text):
        s = m.group(1)
        if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", s):
            lits.add(s)
    return lits


#: characters of Japanese words: a WORD token is a maximal run of them (the post-lexer splits it)
JA_CHARS = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff々〆"


def run_regex(words: set[str]) -> str:
    """A run of Japanese characters, plus the few listed words that contain other characters
    ("Lvアップ", "第1メイン・フェイズ").  The lexer only finds the run; :class:`cardlint.lang.ja.frontend.JaPostLex`
    splits it into the longest listed words with a dictionary lookup (no giant regex to compile)."""
    jch = re.compile("[" + JA_CHARS + "]")
    mixed = sorted((w for w in words if any(not jch.match(c) for c in w)), key=lambda w: (-len(w), w))
    alts = [re.escape(w) for w in mixed] + ["[" + JA_CHARS + "]"]
    return "(?:" + "|".join(alts) + ")+"


def main() -> None:
    kws = keyword_names()
    subs = [s for s in sorted(set(subtypes()) | token_subtypes()) if s not in kws and s not in W.CARD_TYPES]
    (ROOT / "src" / "cardlint" / "lang" / "ja" / "vocab.py").write_text(
        '"""GENERATED by tools/build_lexicon_ja.py — do not edit.  Japanese keyword names (→ kb id)\n'
        'and subtypes (from Japanese type lines)."""\n\n'
        f"KEYWORDS = {json.dumps(kws, ensure_ascii=False, indent=0, sort_keys=True)}\n\n"
        f"SUBTYPES = {json.dumps(subs, ensure_ascii=False, indent=0)}\n",
        encoding="utf-8")
    words: set[str] = set()
    words |= set(kws) | set(subs) | grammar_literals()
    words |= set(W.all_nouns()) | set(W.DETERMINERS) | set(W.ADVERBS) | set(W.SUBORDINATORS)
    words |= set(W.conjugate())
    words = {unicodedata.normalize("NFKC", w) for w in words if w}
    words = {w for w in words if not re.fullmatch(r"[\x00-\x7f]+", w) and not re.match(r"[0-9X{]", w) and "/" not in w}
    rx = run_regex(words)
    (ROOT / "grammar" / "ja_lexicon.lark").write_text(
        "// GENERATED by tools/build_lexicon_ja.py — do not edit.  WORD is a run of Japanese characters\n"
        f"// (or one of the listed words with other characters); the front end's post-lexer splits it into\n"
        f"// the longest words of its vocabulary ({len(words)} words at generation) and assigns categories.\n"
        f"WORD.5: /{rx}/\n", encoding="utf-8")
    print(f"{len(words)} words, {len(kws)} keyword names, {len(subs)} subtypes, regex {len(rx)} chars")


if __name__ == "__main__":
    main()
