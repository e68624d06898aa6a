"""Fuzz the batch commands with generated input and print what went wrong.

    python tools/fuzz.py --count 100000            # or --minutes N
    python tools/fuzz.py --minutes 5 --seed 7 --batch 200 --determinism-every 50

Each batch is one JSONL file of ``--batch`` lines for one (command, game, language): ``classify``
over en/de/ja/zh-Hans and ``--game ygo``, ``check-translation`` over de/ja/zh-Hans.  Lines are
mutated corpus clauses (``tests/fixtures/fuzz/seeds.jsonl``), random Unicode (lone surrogates,
controls, bidi marks, U+2028, BOMs, CJK, combining marks), extreme sizes (nested brackets, digit
and comma runs, megabyte-scale whitespace) and JSON junk (bad bytes, truncation, wrong types,
deep nesting, huge integers, NaN, duplicate keys, blank lines).  The CLI runs in-process; every
``--lint-every`` batches the same file also goes through ``lint`` and ``summary``, and every
``--determinism-every`` batches it runs in two child processes with different ``PYTHONHASHSEED``
whose outputs must be byte-identical.

Figures: inputs, tracebacks (an exception out of the command, or a record answered with
"internal error"), lost or misordered records (output line count or names not matching the input
lines), invalid output lines (not UTF-8 or not JSON), records over 1 s (timed per record inside
the command), determinism mismatches.  Exit 1 when any of them is not 0.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
SEEDS = ROOT / "tests" / "fixtures" / "fuzz" / "seeds.jsonl"

#: (command, game, lang)
CONFIGS = [("classify", "mtg", lang) for lang in ("en", "de", "ja", "zh-Hans")] + \
          [("classify", "ygo", lang) for lang in ("en", "de", "ja", "zh-Hans")] + \
          [("check-translation", "mtg", lang) for lang in ("de", "ja", "zh-Hans")]

ODD = ["\ud800", "\udc80", "\udfff", "\x00", "\x01", "\x1b", "\x7f", "\u202e", "\u202d", "\u2066", "\u2069", "\u200f",
       "\u2028", "\u2029", "\ufeff", "\u200b", "\u0301", "\u0308", "\ufb01", "\u337b", "\uff11", "\uff0c", "\u3000",
       "\U0001F600", "\U0010FFFF", "\ufffd", "\r", "\t", "\n", "\\", '"', "{", "}", "[", "]", "(", ")", "「", "」",
       "，", "、", "。", "：", "●", "①", "—", "−", "+", "/", "*", "X", "'", "’", "“", "”"]


def load_seeds() -> list[dict]:
    return [json.loads(line) for line in SEEDS.read_text(encoding="utf-8").splitlines() if line.strip()]


def random_unicode(rng: random.Random, n: int) -> str:
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.3:
            out.append(rng.choice(ODD))
        elif r < 0.5:
            out.append(chr(rng.randint(0x20, 0x7e)))
        elif r < 0.65:
            out.append(chr(rng.randint(0x4e00, 0x9fff)))
        elif r < 0.75:
            out.append(chr(rng.randint(0x3040, 0x30ff)))
        else:
            cp = rng.randint(0, 0x10FFFF)
            out.append(chr(cp))
    return "".join(out)


def extreme(rng: random.Random) -> str:
    n = rng.choice([200, 1000, 3000, 10000, 25000])
    return rng.choice([
        lambda: "{" * n + "}" * n, lambda: "[" * n + "]" * n, lambda: "(" * n + ")" * n, lambda: "「" * n + "」" * n,
        lambda: ", " + "1" * min(n, 400), lambda: "Flying, " + "9" * min(n, 400), lambda: "a, " * n,
        lambda: " " * n, lambda: "\n" * n, lambda: " \n" * n, lambda: "x" * n, lambda: "1" * n,
        lambda: "+1/+1 " * (n // 6), lambda: "、" * n, lambda: "。" * n, lambda: "●" * n,
        lambda: "If this card is sent to the GY: " + " " * n,
    ])()


def mutate(rng: random.Random, text: str, others: list[str]) -> str:
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(12)
        i = rng.randint(0, len(text)) if text else 0
        j = min(len(text), i + rng.randint(0, 30))
        if op == 0:
            text = text[:i] + random_unicode(rng, rng.randint(1, 5)) + text[i:]
        elif op == 1:
            text = text[:i] + text[j:]
        elif op == 2:
            text = text[:i] + text[i:j] * rng.randint(2, 40) + text[j:]
        elif op == 3:
            text = text[:i] + ", " + "1" * rng.randint(1, 400) + text[i:]
        elif op == 4:
            k = rng.randint(1, 60)
            text = text[:i] + rng.choice("{[(「『") * k + text[i:j] + rng.choice("}])」』") * k + text[j:]
        elif op == 5:
            text = text + rng.choice(["\n", " ", ". ", "。", "："]) + rng.choice(others)
        elif op == 6:
            text = text[:i]
        elif op == 7:
            text = text.upper() if rng.random() < 0.5 else text.lower()
        elif op == 8:
            text = text[:i] + "\n" + text[i:]
        elif op == 9:
            text = text[:i] + rng.choice(ODD) + text[i:]
        elif op == 10:
            text = text.replace(" ", rng.choice(["  ", "\u3000", "\t", ""]))
        else:
            parts = text.split(". ")
            rng.shuffle(parts)
            text = ". ".join(parts)
    return text


def _encode(rng: random.Random, obj) -> bytes:
    text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    return text.encode("utf-8", "surrogatepass")     # a raw surrogate becomes invalid UTF-8, on purpose


def junk(rng: random.Random, idx: int) -> tuple[bytes, str | None]:
    name = f"r{idx}"
    k = rng.randrange(16)
    if k == 0:
        return b"", None
    if k == 1:
        return b"   \t", None
    if k == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))), None
    if k == 3:
        return json.dumps({"name": name, "text": "Flying"}).encode()[:rng.randint(1, 20)], None
    if k == 4:
        return json.dumps({"name": name, "text": rng.choice([1, 2.5, True, None, [], {}, ["a"]])}).encode(), name
    if k == 5:
        d = rng.randint(100, 5000)
        return ("[" * d + "]" * d).encode(), None
    if k == 6:
        return ('{"name": "%s", "text": %s}' % (name, "9" * rng.randint(4301, 9000))).encode(), None
    if k == 7:
        return ('{"name": "%s", "text": "x", "power": %s}' % (name, rng.choice(["NaN", "Infinity", "-Infinity", "1e999"]))).encode(), None
    if k == 8:
        return ('{"name": "%s", "text": "a", "text": "b"}' % name).encode(), None
    if k == 9:
        return ('\ufeff{"name": "%s", "text": "Flying"}' % name).encode(), None
    if k == 10:
        return rng.choice([b"null", b"[]", b"1", b'"text"', b"true", b"{}"]), None
    if k == 11:
        return ('{"name": "%s", "text": "Flying", "%s": 1}' % (name, random_unicode(rng, 3).replace('"', "").replace("\\", ""))).encode(
            "utf-8", "surrogatepass"), None
    if k == 12:
        return ('{"name": "%s", "text": "\\ud83d"}' % name).encode(), None
    if k == 13:
        return ('{"name": {"a": [1, 2]}, "text": "x"}').encode(), None
    if k == 14:
        return b'{"name": "' + name.encode() + b'", "text": "ok\xff\xfe"}', None
    return ('{"name": "%s", "text": "%s' % (name, "x" * rng.randint(0, 100))).encode(), None


def gen_line(rng: random.Random, seeds: list[dict], config, idx: int) -> tuple[bytes, str | None]:
    """One input line and the name its output row must carry (None: not checked)."""
    cmd, game, lang = config
    pool = [s for s in seeds if s["game"] == game and s["lang"] == lang] or seeds
    others = [s["text"] for s in pool]
    r = rng.random()
    if r < 0.2:
        return junk(rng, idx)
    name = f"r{idx}"
    if r < 0.7:
        seed = rng.choice(pool)
        text = mutate(rng, seed["text"], others)
        en = mutate(rng, seed.get("en_text") or rng.choice(others), others) if rng.random() < 0.5 else seed.get("en_text", "")
    elif r < 0.9:
        text = random_unicode(rng, rng.randint(0, 300))
        en = random_unicode(rng, rng.randint(0, 100))
    else:
        text, en = extreme(rng), extreme(rng) if rng.random() < 0.3 else rng.choice(others)
    row = {"name": name, "text": text}
    if rng.random() < 0.2:
        row["type"] = rng.choice(["Creature — Elf", "Instant", "Effect Monster", "Normal Trap", "Fusion Monster", "Kreatur"])
    if cmd == "check-translation":
        row["en_text"] = en
    data = _encode(rng, row)
    return data, (name if _valid_utf8(data) and not _has_surrogate(row) else None)


def _valid_utf8(b: bytes) -> bool:
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _has_surrogate(row: dict) -> bool:
    return any(isinstance(v, str) and any("\ud800" <= c <= "\udfff" for c in v) for v in row.values())


# ------------------------------------------------------------------ running

class Figures:
    def __init__(self):
        self.inputs = self.batches = self.tracebacks = self.lost = self.misordered = 0
        self.invalid_lines = self.over_1s = self.nondeterministic = self.determinism_runs = 0
        self.max_record_s = 0.0
        self.by_config: dict[str, int] = {}
        self.examples: list[str] = []
        self.slow_inputs: list[dict] = []
        self.still_over_1s = 0

    def note(self, kind: str, detail: str) -> None:
        if len(self.examples) < 20:
            self.examples.append(f"{kind}: {detail}")
            print(f"!! {kind}: {detail}", flush=True)

    def bad(self) -> int:
        return self.tracebacks + self.lost + self.misordered + self.invalid_lines + self.over_1s + self.nondeterministic

    def report(self, elapsed: float) -> str:
        lines = [f"inputs: {self.inputs}  batches: {self.batches}  elapsed: {elapsed:.0f} s",
                 "  " + "  ".join(f"{k}: {v}" for k, v in sorted(self.by_config.items())),
                 f"tracebacks: {self.tracebacks}",
                 f"lost records: {self.lost}",
                 f"misordered records: {self.misordered}",
                 f"invalid output lines: {self.invalid_lines}",
                 f"records over 1 s: {self.over_1s}  (slowest record: {self.max_record_s:.2f} s; "
                 f"{self.still_over_1s} still over 1 s when timed again alone)",
                 f"determinism: {self.nondeterministic} mismatches in {self.determinism_runs} runs"]
        lines += ["  " + e for e in self.examples]
        return "\n".join(lines)


_TIMES: list[tuple[str, float]] = []     # (file:line, seconds) per record


def _install_timer() -> None:
    """Time every record where the commands run it (``commands.common.guarded``)."""
    import cardlint.commands.check_translation as ct
    import cardlint.commands.classify as cl
    import cardlint.commands.common as common

    real = common.guarded

    def timed(fn, seconds, where):
        t = time.perf_counter()
        try:
            return real(fn, seconds, where)
        finally:
            _TIMES.append((where, time.perf_counter() - t))

    for mod in (cl, ct):
        mod.guarded = timed


def retime(config, data: bytes, line: int) -> float:
    """Seconds the record takes when run again alone in this (warm) process: tells a slow input
    from a moment when the shared machine was busy."""
    from cardlint.commands.check_translation import check_record
    from cardlint.commands.classify import _classify
    from cardlint.io.jsonl import read_line, validate
    from cardlint.translate.readers import pair_from_dict

    cmd, game, lang = config
    rec = validate(read_line(data, "fuzz", line), "card record" if cmd == "classify" else "translation record", "fuzz")
    if rec.error:
        return 0.0
    t = time.perf_counter()
    if cmd == "classify":
        _classify((rec.data.get("text") or "") + " ", lang, None, rec.data.get("type"), game)   # " ": past any memo
    else:
        pair = pair_from_dict(rec.data, "fuzz", line)
        if pair.error:
            return 0.0
        pair.text += " "
        check_record(pair, lang)
    return time.perf_counter() - t


def argv_for(config, path: str, out: str) -> list[str]:
    cmd, game, lang = config
    argv = [cmd, "--input", path, "--lang", lang, "--format", "jsonl", "-o", out]
    if game == "ygo":
        argv += ["--game", "ygo"]
    return argv


def run_cli(argv: list[str]) -> tuple[int | None, str]:
    """(exit status, traceback text or "") of the CLI run in-process."""
    from cardlint.cli import main

    sink = io.StringIO()
    try:
        with redirect_stdout(sink), redirect_stderr(sink):
            rc = main(argv)
        return rc, ""
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2, ""
    except BaseException:  # noqa: BLE001 - what we count
        return None, traceback.format_exc()


def check_output(raw: bytes, expected: list[str | None], figs: Figures, label: str) -> None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        figs.invalid_lines += 1
        figs.note("invalid", f"{label}: not UTF-8 at byte {exc.start}")
        return
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    if len(rows) != len(expected):
        figs.lost += abs(len(expected) - len(rows))
        figs.note("lost", f"{label}: {len(expected)} lines in, {len(rows)} out")
    for i, (line, name) in enumerate(zip(rows, expected)):
        try:
            row = json.loads(line, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
        except ValueError as exc:
            figs.invalid_lines += 1
            figs.note("invalid", f"{label} line {i + 1}: {exc}")
            continue
        if not isinstance(row, dict):
            figs.invalid_lines += 1
            continue
        if "internal error" in str(row.get("error", "")):
            figs.tracebacks += 1
            figs.note("traceback", f"{label} line {i + 1}: {row['error'][:300]}")
        if name is not None and row.get("name") != name:
            figs.misordered += 1
            figs.note("misordered", f"{label} line {i + 1}: expected {name}, got {row.get('name')!r}")


def determinism(path: str, config, figs: Figures) -> None:
    outs = []
    for seed in ("1", "4242"):
        with tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False) as fh:
            out = fh.name
        env = dict(os.environ, PYTHONHASHSEED=seed, CARDLINT_NO_PROGRESS="1")
        subprocess.run([sys.executable, "-m", "cardlint", *argv_for(config, path, out)], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=3600)
        outs.append(Path(out).read_bytes())
        os.unlink(out)
    figs.determinism_runs += 1
    if outs[0] != outs[1]:
        figs.nondeterministic += 1
        figs.note("nondeterministic", f"{config}: outputs differ under PYTHONHASHSEED 1 and 4242")


def run_batch(rng: random.Random, seeds, config, size: int, figs: Figures, workdir: str, start_idx: int,
              extra: bool = False, check_determinism: bool = False) -> None:
    lines, expected = [], []
    for i in range(size):
        data, name = gen_line(rng, seeds, config, start_idx + i)
        data = data.replace(b"\n", b"\\n").replace(b"\r", b"\\r") if data else data
        lines.append(data)
        expected.append(name)
    path = os.path.join(workdir, "in.jsonl")
    out = os.path.join(workdir, "out.jsonl")
    with open(path, "wb") as fh:
        fh.write(b"\n".join(lines) + b"\n")
    label = "/".join(config)
    _TIMES.clear()
    rc, tb = run_cli(argv_for(config, path, out))
    figs.inputs += size
    figs.batches += 1
    figs.by_config[label] = figs.by_config.get(label, 0) + size
    for where, t in _TIMES:
        figs.max_record_s = max(figs.max_record_s, t)
        if t > 1.0:
            figs.over_1s += 1
            line = int(where.rsplit(":", 1)[1])
            again = retime(config, lines[line - 1], line)
            if again > 1.0:
                figs.still_over_1s += 1
            figs.slow_inputs.append({"config": list(config), "seconds": round(t, 2), "again": round(again, 2),
                                     "line": lines[line - 1].decode("utf-8", "replace")})
            keep = ROOT / "reports" / "fuzz-slow.jsonl"
            keep.parent.mkdir(exist_ok=True)
            with open(keep, "a", encoding="utf-8") as fh:      # at once: a long run may be stopped
                fh.write(json.dumps(figs.slow_inputs[-1], ensure_ascii=False) + "\n")
            figs.note("slow", f"{label} line {line}: {t:.2f} s, {again:.2f} s timed again alone "
                              "(kept in reports/fuzz-slow.jsonl)")
    if tb:
        figs.tracebacks += 1
        figs.note("traceback", f"{label}: {tb.strip().splitlines()[-1]}")
        return
    check_output(Path(out).read_bytes() if os.path.exists(out) else b"", expected, figs, label)
    if extra:
        cmd, game, lang = config
        for argv in (["lint", path, "--isolated", "--format", "json", "--lang", lang, "-o", out]
                     + (["--game", "ygo"] if game == "ygo" else []),
                     ["summary", "--input", path, "--lang", "en", "--text-lang", lang, "-o", out]):
            if game == "ygo" and argv[0] == "summary":
                continue
            rc, tb = run_cli(argv)
            if tb:
                figs.tracebacks += 1
                figs.note("traceback", f"{argv[0]} {label}: {tb.strip().splitlines()[-1]}")
            elif argv[0] == "lint":
                try:
                    json.loads(Path(out).read_bytes().decode("utf-8"))
                except ValueError as exc:
                    figs.invalid_lines += 1
                    figs.note("invalid", f"lint {label}: {exc}")
    if check_determinism:
        determinism(path, config, figs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, help="stop after this many generated input lines")
    ap.add_argument("--minutes", type=float, help="stop after this many minutes")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--lint-every", type=int, default=10)
    ap.add_argument("--determinism-every", type=int, default=100)
    ap.add_argument("--commands", default="classify,check-translation", help="comma-separated subset to fuzz")
    args = ap.parse_args(argv)
    configs = [c for c in CONFIGS if c[0] in args.commands.split(",")]
    if not args.count and not args.minutes:
        args.count = 2000
    os.environ["CARDLINT_NO_PROGRESS"] = "1"
    _install_timer()
    seeds = load_seeds()
    rng = random.Random(args.seed)
    figs = Figures()
    start = time.monotonic()
    n = 0
    with tempfile.TemporaryDirectory(prefix="cardlint-fuzz-") as workdir:
        while True:
            if args.count and figs.inputs >= args.count:
                break
            if args.minutes and time.monotonic() - start > args.minutes * 60:
                break
            config = configs[n % len(configs)]
            n += 1
            size = args.batch if not args.count else min(args.batch, args.count - figs.inputs)
            run_batch(rng, seeds, config, size, figs, workdir, figs.inputs,
                      extra=args.lint_every > 0 and n % args.lint_every == 0,
                      check_determinism=args.determinism_every > 0 and n % args.determinism_every == 1)
            if n % 20 == 0:
                print(f"... {figs.inputs} inputs, {figs.bad()} problems, {time.monotonic() - start:.0f} s", flush=True)
    print(figs.report(time.monotonic() - start))
    return 1 if figs.bad() else 0


if __name__ == "__main__":
    raise SystemExit(main())
