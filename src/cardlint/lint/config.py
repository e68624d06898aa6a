"""Rule selection: ``[tool.cardlint]`` in the nearest pyproject.toml, then ``--select``/``--ignore``.

Keys (ruff style)::

    [tool.cardlint]
    select = ["CL"]            # codes, prefixes ("CL1", "CL30") or rule names ("dependency.loop")
    ignore = ["CL401"]
    max-set-size = 5000        # optional: skip the dependency analysis (CL3xx) of larger files (default: no limit)
    lang = "en"                # the card text's language when --lang is not given

Every key is honoured or rejected: an unknown key (a sub-table too), a value of the wrong type, an
unknown language and a code that names no rule (``--select CL9``) are input errors (exit 2).

A code is enabled when its longest matching ``select`` entry is longer than its longest matching
``ignore`` entry (so ``select = ["CL"]``, ``ignore = ["CL4"]``, ``select`` on the command line
``CL401`` → only CL401).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardlint.errors import InputError
from cardlint.i18n import _

def _toml_key_place(text: str, key) -> tuple[int | None, int | None]:
    """Line and column of ``key = …`` in the [tool.cardlint] table (tomllib gives no positions)."""
    import re

    m = re.search(r"^\[tool\.cardlint\]", text, re.M)
    start = m.end() if m else 0
    if key is None:
        return (text.count("\n", 0, m.start()) + 1, 1) if m else (None, None)
    k = re.search(r'^[ \t]*"?' + re.escape(str(key)) + r'"?[ \t]*=', text[start:], re.M)
    if not k:
        return None, None
    i = start + k.start()
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


@dataclass
class LintConfig:
    select: list[str] = field(default_factory=lambda: ["CL"])
    ignore: list[str] = field(default_factory=list)
    max_set_size: int | None = None      # None: the dependency check runs on sets of any size
    lang: str | None = None
    source: str | None = None            # the pyproject.toml that was read

    def enabled(self, code: str, name: str | None = None) -> bool:
        def best(prefixes):
            n = 0
            for p in prefixes:
                if code.startswith(p) or (name and (name == p or name.startswith(p + "."))):
                    n = max(n, len(p) if code.startswith(p) else len(code) + 1)
            return n
        return best(self.select) > best(self.ignore)


def find_pyproject(start: Path) -> Path | None:
    start = start.resolve()
    for d in [start, *start.parents] if start.is_dir() else [start.parent, *start.parent.parents]:
        p = d / "pyproject.toml"
        if p.is_file():
            return p
    return None


def load_config(paths: list[str], select: list[str] | None = None, ignore: list[str] | None = None,
                config_file: str | None = None, isolated: bool = False) -> LintConfig:
    cfg = LintConfig()
    file = Path(config_file) if config_file else None
    if file is None and not isolated:
        for start in [Path(p) for p in paths] + [Path.cwd()]:
            if start.exists():
                file = find_pyproject(start)
                if file:
                    break
    if file is not None and not isolated:
        from cardlint.io.decode import load_toml, read_text
        from cardlint.io.schema import check

        data = load_toml(str(file))
        tool = data.get("tool", {})
        section = tool.get("cardlint", {}) if isinstance(tool, dict) else {}
        text = read_text(str(file))
        if not isinstance(section, dict):
            line = next((i for i, ln in enumerate(text.splitlines(), 1) if ln.strip().startswith("cardlint")), None)
            raise InputError(_("[tool.cardlint] must be a table"), path=str(file), line=line, column=1 if line else None)
        # a sub-table nobody reads is an unknown key too
        check(section, "config", str(file), lambda _c, key: _toml_key_place(text, key))
        cfg.select = list(section.get("select", cfg.select)) + list(section.get("extend-select", []))
        cfg.ignore = list(section.get("ignore", []))
        for key in ("select", "ignore", "extend-select"):
            bad = unknown_codes(section.get(key) or [])
            if bad:
                raise InputError(_("[tool.cardlint] {key}: {code!r} names no rule; see cardlint rule --all").format(
                    key=key, code=bad[0]), path=str(file))
        if "max-set-size" in section:
            v = section["max-set-size"]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError(_("[tool.cardlint] max-set-size must be a whole number"), path=str(file))
            cfg.max_set_size = v
        if section.get("lang") is not None:
            from cardlint.i18n import normalize_lang

            try:
                cfg.lang = normalize_lang(str(section["lang"]))
            except ValueError:
                raise InputError(_("[tool.cardlint] lang: unsupported language {lang!r}").format(
                    lang=section["lang"]), path=str(file)) from None
        cfg.source = str(file)
    for option, values in (("--select", select), ("--ignore", ignore)):
        bad = unknown_codes(_split(values or []))
        if bad:
            raise InputError(_("{option}: {code!r} names no rule; see cardlint rule --all").format(
                option=option, code=bad[0]))
    if select:
        cfg.select = _split(select)
    if ignore:
        cfg.ignore = cfg.ignore + _split(ignore)
    return cfg


def unknown_codes(entries: list[str]) -> list[str]:
    """Entries that select no rule: a code or prefix ("CL3", "CL301") or a rule name or name prefix
    ("dependency", "dependency.loop") must match at least one rule, as :meth:`LintConfig.enabled`
    compares them (case-sensitively)."""
    from cardlint.lint.registry import RULES

    rules = list(RULES.values())
    bad = []
    for entry in entries:
        if not any(r.code.startswith(entry) or r.name == entry or r.name.startswith(entry + ".") for r in rules):
            bad.append(entry)
    return bad


def _split(values: list[str]) -> list[str]:
    return [v.strip() for item in values for v in item.split(",") if v.strip()]
