"""Shared CLI plumbing: options, output, progress bars, the per-record time budget."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Iterable, Iterator

from cardlint.errors import InputError
from cardlint.i18n import LANGS, _


def add_lang(parser, help_text: str | None = None, default: str | None = "en") -> None:
    """``--lang``: the language of the card text, in every command (messages follow ``--ui-lang``)."""
    parser.add_argument("--lang", default=default, choices=list(LANGS),
                        help=help_text or _("language of the card text (messages: --ui-lang)"))


def add_format(parser, choices: list[str], default: str | None = "text") -> None:
    parser.add_argument("--format", choices=choices, default=default, help=_("output format"))


def add_time_limit(parser) -> None:
    from cardlint.budget import DEFAULT_SECONDS

    parser.add_argument("--time-limit", type=float, default=DEFAULT_SECONDS, metavar="SECONDS",
                        help=_("batch runs: a record that takes longer gets an error result (0: no limit)"))


#: one parsed and one unparsed clause per language: a batch classifies them before its first time
#: budget starts, so that no record pays (or is stopped in) the one-time grammar and lexer loading
WARM_UP = {
    "mtg": {"en": "When this creature enters, draw a card.\nFlying, qqq zzz.",
            "de": "Wenn diese Kreatur ins Spiel kommt, ziehe eine Karte.\nFliegend, qqq zzz.",
            "ja": "このクリーチャーが戦場に出たとき、カードを１枚引く。\n飛行、ｑｑｑ。",
            "zh-Hans": "当此生物进战场时，抓一张牌。\n飞行，ｑｑｑ。"},
    "ygo": {"en": "If this card is sent to the GY: You can draw 1 card. qqq zzz.",
            "de": "Wenn diese Karte auf den Friedhof gelegt wird: Du kannst 1 Karte ziehen. qqq zzz.",
            "ja": "①：このカードが墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。ｑｑｑ。",
            "zh-Hans": "①：这张卡被送去墓地的场合才能发动。自己从卡组抽1张。ｑｑｑ。"},
}


def warm_up_text(game: str, lang: str) -> str:
    from cardlint.i18n import normalize_lang

    table = WARM_UP.get(game, WARM_UP["mtg"])
    return table.get(normalize_lang(lang), table["en"])


def guarded(fn, seconds: float | None, where: str):
    """``(fn(), None)``, or ``(None, message)`` when the record ran over its time budget or the
    program failed on it (an internal error, reported as such: one record never loses the others)."""
    from cardlint.budget import BudgetExceeded, time_budget

    try:
        with time_budget(seconds):
            return fn(), None
    except BudgetExceeded:
        return None, f"{where}: " + _("stopped after {seconds} s (the time limit per record, --time-limit)").format(
            seconds=f"{seconds:g}")
    except RecursionError:
        return None, f"{where}: " + _("the text is nested too deeply to analyse")
    except Exception as exc:  # noqa: BLE001 - one bad record never loses the others
        return None, f"{where}: " + _("internal error ({error}); please report this input").format(
            error=f"{type(exc).__name__}: {exc}")


@contextlib.contextmanager
def open_output(path: str | None):
    if not path:
        yield sys.stdout
        return
    try:
        from cardlint.io.output import open_text_output

        fh = open_text_output(path)
    except OSError as exc:
        raise InputError(_("cannot write output: {error}").format(error=exc.strerror), path=path) from exc
    with fh:
        yield fh


def progress(items: Iterable, label: str = "", total: int | None = None) -> Iterator:
    """Yield items; on a terminal, draw a progress bar on standard error (:mod:`cardlint.console`)."""
    from cardlint.console import progress_wanted, track

    if not progress_wanted():
        yield from items
        return
    if total is None and label and os.path.isfile(label):
        try:
            with open(label, "rb") as fh:
                total = sum(1 for _line in fh)
        except OSError:
            total = None
    yield from track(items, total)
