"""cardlint.text.quotes: the first target character outside quotes."""

from cardlint.text.quotes import first_outside


def test_target_inside_a_quote_is_skipped():
    assert first_outside("「{T}:ドローする。」を持つ。{1}:", ":") == 19
    assert first_outside("具有「{T}:抓一张牌。」。", "。:") == 13


def test_nested_quotes_and_stray_closing_marks():
    assert first_outside("「a「b:」c:」d:", ":") == 10
    assert first_outside("」a:", ":") == 2


def test_without_quotes_the_first_of_several_targets():
    assert first_outside("ab。c:", "。:") == 2
    assert first_outside("ab:c。", "。:") == 2
    assert first_outside("abc", ":") == -1
    assert first_outside("「abc:", ":") == -1
