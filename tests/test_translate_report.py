"""The set-level report of check-translation (--format html / md): counts by verdict and code, each
card side by side, the differing clause highlighted, filters in inline JS (checked in headless
Chromium when one is installed)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

FIX = Path(__file__).parent / "fixtures" / "translate"
PAIRS = [
    {"name": "Glorious Anthem", "tname": "光荣圣歌", "en_text": "Creatures you control get +1/+1.", "text": "由你操控的生物得+1/+0。"},
    {"name": "Giant Growth", "tname": "巨化术", "en_text": "Target creature gets +3/+3 until end of turn.",
     "text": "目标生物得+3/+3直到回合结束。"},
    {"name": "Mystery", "en_text": "Creatures you control get +1/+1.", "text": "咕噜咕噜咕噜。"},
]


def _report(tmp_path, fmt, capsys, monkeypatch):
    import json

    from cardlint.cli import main

    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    src = tmp_path / "pairs.jsonl"
    src.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in PAIRS), encoding="utf-8")
    out = tmp_path / f"report.{fmt}"
    rc = main(["check-translation", "--input", str(src), "--lang", "zh-Hans", "--format", fmt, "-o", str(out)])
    capsys.readouterr()
    return rc, out


def test_html_report(tmp_path, capsys, monkeypatch):
    rc, out = _report(tmp_path, "html", capsys, monkeypatch)
    assert rc == 1                                  # a real difference was found
    html = out.read_text(encoding="utf-8")
    assert html.count('class="card"') == 3
    assert re.search(r'data-status="inconsistent"[^>]*data-codes="TR201"', html)
    assert 'data-status="undetermined"' in html and 'data-status="consistent"' in html
    assert "Noto Sans CJK" in html and "<script>" in html and "<mark>" not in html.split("<script>")[1]
    assert 'class="differs"' in html and "由你操控的生物得+1/+0。" in html and 'href="#rule-TR201"' in html
    assert 'id="rule-TR201"' in html


def test_md_report(tmp_path, capsys, monkeypatch):
    rc, out = _report(tmp_path, "md", capsys, monkeypatch)
    md = out.read_text(encoding="utf-8")
    assert rc == 1 and md.startswith("# ")
    assert "| **Creatures you control get +1/+1.** | **由你操控的生物得+1/+0。** |" in md
    assert "TR201" in md and "TR401" in md


CHROMIUM = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium installed")
def test_html_report_renders_in_chromium(tmp_path, capsys, monkeypatch):
    _rc, out = _report(tmp_path, "html", capsys, monkeypatch)
    dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", out.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    # the inline script ran: it counts the cards shown
    assert '<span id="shown" class="ref">3 / 3</span>' in dom
