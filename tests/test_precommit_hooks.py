"""``.pre-commit-hooks.yaml``: each hook's declared entry runs as pre-commit would run it — the
entry, the hook's args, then the file names — and its exit status says pass (0) or fail (1).
With pre-commit installed, ``pre-commit try-repo`` runs the hooks from this checkout too."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
HOOKS = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
BIN = Path(sys.executable).parent


def _env(tmp_path):
    return dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", CARDLINT_NO_PROGRESS="1",
                PYTHONPATH=str(ROOT / "src"), CARDLINT_CACHE_DIR=os.environ.get("CARDLINT_CACHE_DIR", ""))


def run_hook(hook_id: str, files: list[Path], tmp_path, args: list[str] | None = None):
    hook = HOOKS[hook_id]
    argv = shlex.split(hook["entry"]) + list(hook.get("args", [])) + list(args or []) + [str(f) for f in files]
    if argv[0] == "python":
        argv[0] = sys.executable
    elif shutil.which(argv[0], path=str(BIN)):
        argv[0] = shutil.which(argv[0], path=str(BIN))
    else:  # an installed console script is what pre-commit runs; the module is the same program
        argv = [sys.executable, "-m", "cardlint", *argv[1:]]
    env = _env(tmp_path)
    if not env["CARDLINT_CACHE_DIR"]:
        env.pop("CARDLINT_CACHE_DIR")
    return subprocess.run(argv, capture_output=True, text=True, encoding="utf-8", cwd=tmp_path, env=env,
                          timeout=300)


def test_hooks_declared():
    assert set(HOOKS) == {"cardlint", "cardlint-check-translation"}
    for hook in HOOKS.values():
        assert hook["language"] == "python" and hook["entry"] and hook["files"]


def test_lint_hook_passes_clean_files_and_fails_findings(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"name": "Glorious Anthem", "type": "Enchantment", "text": "Creatures you control get +1/+1.",
                                "declared": [{"effects": [{"kind": "continuous", "layer": "7c"}]}]}) + "\n", encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"name": "Glorious Anthem", "type": "Enchantment", "text": "Creatures you control get +1/+1.",
                               "declared": [{"effects": [{"kind": "continuous", "layer": "7b"}]}]}) + "\n", encoding="utf-8")
    ok = run_hook("cardlint", [good], tmp_path, ["--isolated"])
    assert ok.returncode == 0, ok.stdout + ok.stderr
    failed = run_hook("cardlint", [good, bad], tmp_path, ["--isolated"])
    assert failed.returncode == 1 and "CL101" in failed.stdout and "bad.jsonl:1:" in failed.stdout


def test_check_translation_hook_runs_every_file(tmp_path):
    pair = {"name": "Glorious Anthem", "tname": "Glorreiche Hymne", "en_text": "Creatures you control get +1/+1."}
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(dict(pair, text="Kreaturen, die du kontrollierst, erhalten +1/+1."),
                               ensure_ascii=False) + "\n", encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(dict(pair, text="Kreaturen, die du kontrollierst, erhalten +2/+1."),
                              ensure_ascii=False) + "\n", encoding="utf-8")
    ok = run_hook("cardlint-check-translation", [good], tmp_path, ["--lang", "de"])
    assert ok.returncode == 0, ok.stdout + ok.stderr
    failed = run_hook("cardlint-check-translation", [good, bad], tmp_path, ["--lang", "de"])
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert failed.stdout.count("Glorious Anthem") == 2 and "TR201" in failed.stdout


@pytest.mark.skipif(shutil.which("pre-commit") is None and not (BIN / "pre-commit").exists(),
                    reason="pre-commit is not installed")
def test_pre_commit_try_repo(tmp_path):
    """pre-commit builds the hook environment from this checkout (needs the package index)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    exe = shutil.which("pre-commit") or str(BIN / "pre-commit")
    repo = tmp_path / "cards"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "cards.jsonl").write_text(json.dumps({"name": "Glorious Anthem", "type": "Enchantment",
                                                  "text": "Creatures you control get +1/+1."}) + "\n", encoding="utf-8")
    subprocess.run(["git", "add", "cards.jsonl"], cwd=repo, check=True)
    proc = subprocess.run([exe, "try-repo", str(ROOT), "cardlint", "--all-files"], cwd=repo, capture_output=True,
                          text=True, timeout=900, env=dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "home")))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "cardlint lint" in proc.stdout and "Passed" in proc.stdout
