"""``cardlint summary`` and the ``explain`` catalogs: complete in de/ja/zh_Hans, placeholders kept,
HTML autoescaped and rendering in headless Chromium when it is installed."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from cardlint.cli import main
from cardlint.summary import catalog


def run(capsys, *argv):
    from cardlint.i18n import set_lang

    try:
        code = main(list(argv))
    finally:
        set_lang("en")
    return code, capsys.readouterr().out


@pytest.mark.parametrize("locale", catalog.LOCALES)
def test_catalog_complete(locale):
    assert catalog.missing(locale) == []


@pytest.mark.parametrize("locale", catalog.LOCALES)
def test_catalog_placeholders(locale):
    cat = catalog.read(locale)
    ph = re.compile(r"%\(\w+\)s|\{\w+(?:!r)?\}")
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(ph.findall(ids[-1]))
        for s in strs:
            assert set(ph.findall(s)) == want, (m.id, s)


def test_catalog_loaded_not_null():
    from cardlint.i18n import translations

    for lang in ("de", "ja", "zh-Hans"):
        tr = translations(lang, "explain")
        assert tr.gettext("Effect : Layer : CDA") != "Effect : Layer : CDA"


TEXT = "Creatures you control get +1/+1.\nFlying"


@pytest.mark.parametrize("lang,expect", [("en", "static ability"), ("de", "statische Fähigkeit"),
                                         ("ja", "常在型能力"), ("zh-Hans", "静止式异能")])
def test_summary_localized(capsys, lang, expect):
    code, out = run(capsys, "summary", TEXT, "--lang", lang, "--text-lang", "en", "--format", "text")
    assert code == 0
    assert expect in out
    assert "7c" in out


def test_summary_plural_forms(capsys):
    _, out = run(capsys, "summary", "Flying", "--lang", "en")
    assert "1 clause" in out
    _, out = run(capsys, "summary", TEXT, "--lang", "de", "--text-lang", "en")
    assert "2 Sätze" in out


def test_summary_html_escapes(capsys):
    code, out = run(capsys, "summary", "<script>alert(1)</script>", "--format", "html", "--name", "<i>X</i>")
    assert code == 0
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "&lt;i&gt;X&lt;/i&gt;" in out


def test_summary_md_and_input(tmp_path, capsys):
    f = tmp_path / "cards.jsonl"
    f.write_text('{"name": "Glorious Anthem", "text": "Creatures you control get +1/+1."}\nnot json\n', encoding="utf-8")
    code, out = run(capsys, "summary", "--input", str(f), "--format", "md", "--lang", "ja", "--text-lang", "en")
    assert code == 2   # an unreadable line: the others are summarized, the exit status says so
    assert "## Glorious Anthem" in out and "エラー" in out


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium not installed")
def test_summary_html_renders_in_chromium(tmp_path, capsys):
    code, out = run(capsys, "summary", TEXT, "--format", "html", "--lang", "ja", "--text-lang", "en")
    page = tmp_path / "s.html"
    page.write_text(out, encoding="utf-8")
    proc = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                           page.as_uri()], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert "常在型能力" in proc.stdout and "<table>" in proc.stdout
