"""Partial parses (``Frontend.unparsed``) do not parse the first sentence again when the failed parse of
the whole clause stopped inside it, before its full stop: the result must be the same as parsing it.
Over every language's clause fixtures, each clause is made to fail inside its first sentence (a word
no grammar knows, after its first word or characters) and followed by the next fixture clause; the
clause IR with the failure's ``reach`` must equal the IR without it (the first sentence parsed alone)."""

from __future__ import annotations

import dataclasses

import pytest

from clause_fixtures import FOLDERS, load
from cardlint.lang.frontend import frontend
from cardlint.text.segment import Segment
from cardlint.text.sentences import split_sentences

#: a word no grammar reads, put inside the first sentence
ODD = {"en": " zqxv", "de": " zqxv", "ja": "ゞゞ", "zh-Hans": "ゞゞ"}


def _cases(lang: str) -> list[str]:
    fe = frontend(lang)
    texts = [c["text"] for c in load(lang) if "\n" not in c["text"]]
    out = []
    for a, b in zip(texts, texts[1:]):
        norm_a = fe.normalize(a, None)
        cut = norm_a.find(" ") if lang in ("en", "de") else 2
        if cut <= 0:
            continue
        broken = norm_a[:cut] + ODD[lang] + norm_a[cut:]
        sep = " " if lang in ("en", "de") else ""
        out.append(broken + sep + fe.normalize(b, None))
        out.append(norm_a + sep + fe.normalize(b, None))  # as it is: it may fail inside its first sentence too
    return out


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_first_sentence_is_not_parsed_again(lang):
    fe = frontend(lang)
    shortcut = 0
    for norm in _cases(lang):
        hit = fe._parse(norm)
        reach = getattr(hit, "reach", None)
        if hit[1] is None or reach is None:
            continue
        sentences = split_sentences(norm, fe.sentence_stops, fe.sentence_space_after)
        if len(sentences) < 2 or sentences[0][0] != 0 or reach >= len(sentences[0][1]) - 1:
            continue
        shortcut += 1
        seg = Segment(text=norm, body=norm, line=1)
        fast = fe.unparsed(seg, norm, hit[1], hit[2], reach)
        slow = fe.unparsed(seg, norm, hit[1], hit[2], None)
        assert dataclasses.asdict(fast) == dataclasses.asdict(slow), norm
    assert shortcut >= 50, f"only {shortcut} clauses fail inside their first sentence"
