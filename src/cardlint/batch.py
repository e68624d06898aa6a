"""Batch runs: one result per input item, in input order, over several processes, with a result cache.

``classify --input``, ``check-translation --input`` and ``lint`` hand their records to
:func:`run_batch` with a top-level work function.  Items are taken from the input lazily in chunks of
consecutive records (so each worker's per-process memo of repeated clause texts keeps working, and
memory stays flat however long the input is: at most ``2 × jobs`` chunks are in flight), and
results come back in input order.  ``jobs=1`` runs in this process, as before.

A result already in the :class:`ResultCache` is not computed again.  Its key is the item's content
(the work function names what counts: text, language, name, type line …) plus the digest of
cardlint's code and data (:func:`code_digest`): a result depends on nothing else, so an unchanged
record gives the same answer from the cache as from the parser.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

#: records per chunk sent to a worker
CHUNK = 256
#: results kept in the cache (the oldest are dropped first)
CACHE_MAX_ROWS = 300_000


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def add_batch_options(parser) -> None:
    """``--jobs N`` and ``--no-cache`` for a command that runs a batch."""
    from cardlint.i18n import _

    parser.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                        help=_("worker processes (default: the number of cores; 1: no workers)"))
    parser.add_argument("--no-cache", action="store_true",
                        help=_("neither read nor write the result cache (in the user cache directory)"))


def _jobs(value: str) -> int:
    import argparse

    from cardlint.i18n import _

    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(_("expected a whole number ≥ 1, got {value!r}").format(value=value))
    return n


# --- code digest -----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of everything a result is computed from besides its input: cardlint's and Lark's
    versions, cardlint's Python sources, grammars, knowledge base and message catalogs (results
    carry messages)."""
    import cardlint
    from cardlint.paths import grammar_dir, kb_dir, locales_dir

    import lark

    # Lark builds the parse tables and runs them: another version may parse differently
    digest = hashlib.sha256(f"cardlint {cardlint.__version__} lark {lark.__version__}".encode())
    roots = [Path(cardlint.__file__).resolve().parent]
    for getter in (grammar_dir, kb_dir, locales_dir):
        try:
            roots.append(getter())
        except FileNotFoundError:
            pass
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".lark", ".yaml", ".yml", ".po", ".tsv", ".json", ".j2", ".html", ".jinja2") \
                    and "_tables" not in path.parts and path.is_file():
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def content_key(*parts: Any) -> str:
    """The cache key of a result computed from ``parts`` (strings, numbers, None, and lists, tuples
    or dicts of them — their ``repr`` is their content) by the current code.  A string goes in with
    its length (no escaping to pay for on long card texts), anything else as its ``repr``."""
    blob = "\0".join([code_digest(), *(f"s{len(p)}:{p}" if p.__class__ is str else f"r{p!r}" for p in parts)])
    return hashlib.blake2b(blob.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


class Stored(str):
    """A result as its JSON text (``json.dumps(result, ensure_ascii=False)``) — read from the cache,
    or encoded by the worker that computed it (``run_batch(encode=…)``) — parsed only when asked
    (:func:`row`): a JSONL writer copies it as it is.  ``ok``: the result may be stored (a stored
    one always could)."""

    ok = True


def row(result) -> Any:
    """The result itself (a stored one parsed)."""
    return json.loads(result) if isinstance(result, Stored) else result


def dumps(result) -> str:
    """The result as one line of JSON, as ``json.dumps(result, ensure_ascii=False)`` writes it."""
    return str(result) if isinstance(result, Stored) else json.dumps(result, ensure_ascii=False)


# --- result cache ----------------------------------------------------------------------------------

class ResultCache:
    """Results by key in an SQLite file in the user cache directory, as JSON text.  Bounded:
    past :data:`CACHE_MAX_ROWS` results the oldest written are dropped.  Any failure to open, read
    or write it costs speed only (one warning)."""

    def __init__(self, path: Path | None = None) -> None:
        self.db = None
        self.pending: list[tuple[str, bytes]] = []
        try:
            if path is None:
                from cardlint.paths import cache_dir

                path = cache_dir() / "results.sqlite3"
            self.path = path
            self.db = sqlite3.connect(str(path), timeout=30, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        except (OSError, sqlite3.Error) as exc:
            self._fail(exc)

    def _fail(self, exc) -> None:
        from cardlint.i18n import _
        from cardlint.paths import warn_once

        warn_once(_("cardlint: warning: result cache not used ({error})").format(error=exc))
        self._close()

    def _close(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
        self.db = None

    def get_many(self, keys: list[str]) -> dict[str, Stored]:
        if self.db is None or not keys:
            return {}
        found = {}
        try:
            for i in range(0, len(keys), 500):
                part = keys[i:i + 500]
                rows = self.db.execute(f"SELECT key, value FROM results WHERE key IN ({','.join('?' * len(part))})",
                                       part).fetchall()
                for key, value in rows:
                    if isinstance(value, str):
                        found[key] = Stored(value)
        except sqlite3.Error as exc:
            self._fail(exc)
            return {}
        return found

    def put(self, key: str, value: Any) -> None:
        if self.db is None:
            return
        self.pending.append((key, dumps(value)))
        if len(self.pending) >= 2048:
            self.flush()

    def flush(self) -> None:
        if self.db is None or not self.pending:
            self.pending.clear()
            return
        try:
            with self.db:
                self.db.execute("BEGIN")
                self.db.executemany("INSERT OR REPLACE INTO results (key, value) VALUES (?, ?)", self.pending)
            self.pending.clear()
            self._trim()
        except sqlite3.Error as exc:
            self._fail(exc)

    def _trim(self) -> None:
        (n,) = self.db.execute("SELECT max(rowid) - min(rowid) FROM results").fetchone()
        if n is not None and n > CACHE_MAX_ROWS * 1.1:
            (count,) = self.db.execute("SELECT count(*) FROM results").fetchone()
            if count > CACHE_MAX_ROWS:
                self.db.execute("DELETE FROM results WHERE rowid IN (SELECT rowid FROM results ORDER BY rowid LIMIT ?)",
                                (count - CACHE_MAX_ROWS,))

    def close(self) -> None:
        self.flush()
        self._close()


# --- the runner ------------------------------------------------------------------------------------

def _work_chunk(work: Callable, params: tuple, items: list, ui_lang: str | None = None, encode=None) -> list:
    if ui_lang is not None:  # the message language, in a worker process
        from cardlint.i18n import set_lang

        set_lang(ui_lang)
    results = [work(item, *params) for item in items]
    if encode is not None:
        # JSON text is cheaper to send back than the objects, and the encoding is done in parallel
        results = [(dumps(r), encode(r)) for r in results]
    return results


def _stored(text: str, ok: bool) -> Stored:
    out = Stored(text)
    out.ok = ok
    return out


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batch(items: Iterable, work: Callable, params: tuple = (), *, jobs: int | None = 1,
              key: Callable[[Any], str | None] | None = None, cache: ResultCache | None = None,
              store: Callable[[Any], bool] | None = None, encode: bool = False, chunk: int = CHUNK,
              stored: Callable[[Any], Any] | None = None, pairs: bool = False,
              prepare: Callable[[], Any] | None = None) -> Iterator:
    """``work(item, *params)`` for each item, in input order.  ``work`` must be a module-level
    function (workers are forked processes; the items, params and results are pickled).  With
    ``key`` and ``cache``: an item whose ``key(item)`` is in the cache is not computed — its result
    comes back :class:`Stored` (see :func:`row`, :func:`dumps`); a computed result is stored under
    its key when ``store(result)`` allows (``key`` may return None: not cached).  A result must be
    JSON-serialisable to be cached — or ``stored(result)`` must be: what is cached of it (a result
    may carry more for this run than a later run needs).  ``encode``: every result comes back
    :class:`Stored`, encoded where it was computed (``store`` is then called there too: a
    module-level function).  ``pairs``: ``(item, key, result)`` for each item instead of the result
    (the key None when not cached).  ``prepare()`` runs once, before the first item that is not in the
    cache is computed (and before workers fork, so they share what it loaded): a run the cache
    answers whole loads no parser."""
    from cardlint.i18n import get_lang

    jobs = default_jobs() if jobs is None else max(1, jobs)
    ui_lang = get_lang()
    use_cache = cache is not None and cache.db is not None and key is not None
    pool = None
    chunks = _chunks(items, chunk)
    first = [part for _, part in zip(range(2), chunks)]
    if len(first) < 2:
        jobs = 1  # one chunk: no worker would run beside this process
    prepared = False

    def start() -> None:
        nonlocal pool, prepared
        prepared = True
        if prepare is not None:
            prepare()
        if jobs > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            pool = ProcessPoolExecutor(jobs, mp_context=ctx)

    try:
        window: deque = deque()

        def finish(entry) -> list:
            chunk_items, keys, known, future = entry
            computed = iter(future.result() if pool is not None and future is not None else (future or []))
            out = []
            for item, k in zip(chunk_items, keys):
                if k is not None and k in known:
                    out.append((item, k, known[k]) if pairs else known[k])
                    continue
                value = next(computed)
                if encode:
                    value = _stored(*value)
                    ok = value.ok
                else:
                    ok = store is None or store(value)
                if use_cache and k is not None and ok:
                    cache.put(k, value if stored is None else stored(value))
                out.append((item, k if use_cache else None, value) if pairs else value)
            return out

        coder = (store or _always) if encode else None

        import itertools

        for part in itertools.chain(first, chunks):
            keys = [key(item) for item in part] if use_cache else [None] * len(part)
            known = cache.get_many([k for k in keys if k is not None]) if use_cache else {}
            todo = [item for item, k in zip(part, keys) if k is None or k not in known]
            if todo and not prepared:
                start()
            if not todo:
                future = None
            elif pool is not None:
                future = pool.submit(_work_chunk, work, params, todo, ui_lang, coder)
            else:
                future = _work_chunk(work, params, todo, None, coder)
            window.append((part, keys, known, future))
            while window and (len(window) > 2 * jobs or pool is None):
                yield from finish(window.popleft())
        while window:
            yield from finish(window.popleft())
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if cache is not None:
            cache.flush()


def _always(result) -> bool:
    return True


def open_cache(args) -> ResultCache | None:
    """The result cache for a command's ``args`` (None with ``--no-cache``)."""
    if getattr(args, "no_cache", False):
        return None
    return ResultCache()
