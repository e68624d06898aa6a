"""The ``cardlint`` gettext domain: every ``_()`` / ``ngettext()`` msgid under src/cardlint (the
explain-domain sources excluded) is translated in locales/{de,ja,zh_Hans}/LC_MESSAGES/cardlint.po,
with no empty or fuzzy entries and the same placeholders as the msgid; ``--lang de`` output uses
the German catalog.

Fix a failure with ``python tools/update_catalogs.py`` (re-extract and merge), then translate the
entries it reports as empty; ``python tools/update_catalogs.py --check`` lists the problems.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]
try:
    import cardlint  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "src"))

from cardlint.cli import main  # noqa: E402
from cardlint.i18n import set_lang, translations  # noqa: E402


def _load_tool():
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "tools" / "update_catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


uc = _load_tool()
LOCALES = uc.LOCALE_DIRS
NPLURALS = {"de": 2, "ja": 1, "zh_Hans": 1}


@pytest.fixture(scope="module")
def template() -> Catalog:
    return uc.extract()


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {loc: uc.read(uc.po_path(loc), loc) for loc in LOCALES}


@pytest.fixture
def english_after():
    yield
    set_lang("en")  # main() sets the language of this thread; don't leak it into other tests


# --- scope of the extraction ---------------------------------------------------------------------

def test_scope_excludes_the_explain_domain():
    files = {p.relative_to(uc.SRC).as_posix() for p in uc.source_files()}
    assert "cli.py" in files and "lint/deps.py" in files and "commands/kb.py" in files
    assert not any(f.startswith(("engine/", "summary/")) for f in files)
    assert "commands/explain.py" not in files and "commands/summary.py" not in files


def test_template_has_the_cli_messages(template):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert len(ids) > 200
    assert {"Layer", "Rule", "Name", "error"} <= ids
    for m in template:
        for path, _line in m.locations:
            assert "/engine/" not in path and "/summary/" not in path


def test_pot_file_is_current(template):
    """locales/cardlint.pot lists the msgids the sources have now."""
    pot = uc.read(uc.POT)
    key = lambda c: {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in c if m.id}  # noqa: E731
    assert key(pot) == key(template), "run python tools/update_catalogs.py"


# --- the catalogs --------------------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_is_complete(template, catalogs, locale):
    problems = uc.problems(template, catalogs[locale], locale)
    assert not problems, (f"{len(problems)} problem(s) in {uc.po_path(locale).relative_to(ROOT)} "
                          "(run python tools/update_catalogs.py, then translate):\n" + "\n".join(problems[:40]))


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_header(catalogs, locale):
    catalog = catalogs[locale]
    assert not catalog.fuzzy, "the header entry is fuzzy"
    assert catalog.num_plurals == NPLURALS[locale]
    assert str(catalog.locale) == locale


def test_checker_catches_problems():
    template = Catalog()
    for msgid in ("ok {n}", "missing", "empty", "fuzzy", "placeholder {name}", "percent %s"):
        template.add(msgid)
    template.add(("{n} card", "{n} cards"))
    catalog = Catalog(locale="de")
    catalog.add("ok {n}", "gut {n}")
    catalog.add("empty", "")
    catalog.add("fuzzy", "unscharf", flags=["fuzzy"])
    catalog.add("placeholder {name}", "Platzhalter {nom}")
    catalog.add("percent %s", "Prozent")
    catalog.add(("{n} card", "{n} cards"), ("{n} Karte", "Karten"))
    found = "\n".join(uc.problems(template, catalog))
    assert "'ok {n}'" not in found
    for needle in ("'missing': missing", "'empty': empty", "'fuzzy': fuzzy", "'placeholder {name}': placeholders",
                   "'percent %s': placeholders", "'{n} card': placeholders"):
        assert needle in found
    assert uc.placeholders("{a} {{literal}} {b!r} {c:.1f} %(d)s 100%%") == uc.placeholders("%(d)s {c:.1f} {b!r} {a}")


# --- at run time -----------------------------------------------------------------------------------

def test_runtime_reads_the_catalogs(catalogs):
    for locale in LOCALES:
        lang = locale.replace("_", "-")
        expected = catalogs[locale].get("Layer").string
        assert translations(lang).gettext("Layer") == expected != "Layer"


def test_kb_layers_prints_german_headers(catalogs, capsys, english_after):
    de = catalogs["de"]
    assert main(["kb", "layers", "--lang", "de", "--ui-lang", "de"]) == 0
    out = capsys.readouterr().out
    title = de.get("Layers of continuous effects (CR 613, current numbering)").string
    assert out.startswith(title)
    headers = [de.get(h).string for h in ("Layer", "Rule", "Name")]
    assert headers != ["Layer", "Rule", "Name"]
    assert any(line.split() == headers for line in out.splitlines()), out[:500]
    assert "Layers of continuous effects" not in out
