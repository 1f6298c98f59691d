"""Replays of finished games: built step by step straight into gzip, on one thread of their own.

A replay is the largest thing the server makes (megabytes for a long game), so it is never held
whole: each step is serialized and compressed as it is made, and the game cache keeps only the
compressed bytes (about a tenth), which the API sends as they are to clients that accept gzip.
Building always runs on the same single thread, so the memory a build frees is reused by the
next build instead of being left behind in the allocator arena of whichever pool thread ran it;
after each build the allocator gives free pages back (`malloc_trim`, where glibc has it).
bench/memory.py measures both.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gzip
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import orjson

from app.core import Rules
from app.core.drafts import apply_action
from app.store import patch

T = TypeVar("T")
Row = tuple[int, int, Any, list[dict[str, Any]]]
"""(seq, seat, action, events) of one stored action."""

_CHUNK = 1 << 16


def _replay_event(event: dict[str, Any]) -> dict[str, Any]:
    """An event as a replay carries it: `to` only when it was private (null said nothing)."""
    if "to" in event and event["to"] is None:
        return {k: v for k, v in event.items() if k != "to"}
    return event


def steps(rules: Rules, options: dict[str, Any], players: list[str], seed: int,
          rows: Iterable[Row]) -> Iterable[dict[str, Any]]:
    """The replay's steps one by one: the everything-view after setup, then for each action the
    JSON Patch from the step before's view to its own (a tenth of the bytes of a view)."""
    state = rules.new_game(options, players, seed)
    view = rules.view_all(state)
    yield {"seq": 0, "seat": None, "action": None, "events": [], "view": view}
    for seq, seat, action, events in rows:
        state, _ = apply_action(rules, state, seat, action)
        before, view = view, rules.view_all(state)
        yield {"seq": seq, "seat": seat, "action": action,
               "events": [_replay_event(e) for e in events], "patch": patch.diff(before, view)}


def gzipped(head: dict[str, Any], parts: Iterable[dict[str, Any]]) -> bytes:
    """gzip of `orjson.dumps({**head, "steps": [*parts]})`, byte for byte, without ever holding
    the whole document."""
    opening = orjson.dumps({**head, "steps": []})
    assert opening.endswith(b"[]}")
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)  # 31: the gzip container
    out: list[bytes] = []
    pending = [opening[:-2]]
    size = len(pending[0])
    for n, part in enumerate(parts):
        piece = orjson.dumps(part)
        pending.append(b"," + piece if n else piece)
        size += len(piece) + 1
        if size >= _CHUNK:
            out.append(packer.compress(b"".join(pending)))
            pending, size = [], 0
    pending.append(b"]}")
    out.append(packer.compress(b"".join(pending)))
    out.append(packer.flush())
    return b"".join(out)


def unzipped(data: bytes) -> bytes:
    return gzip.decompress(data)


def _malloc_trim() -> Callable[[], None]:
    name = ctypes.util.find_library("c")
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        trim = None
    if trim is None:
        return lambda: None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


class ReplayBuilder:
    """Runs replay builds one at a time on its own thread; callers wait for their result."""

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replays")
        self._trim = _malloc_trim()

    def run(self, build: Callable[[], T]) -> T:
        return self._thread.submit(self._build, build).result()

    def _build(self, build: Callable[[], T]) -> T:
        try:
            return build()
        finally:
            self._trim()

    def close(self) -> None:
        self._thread.shutdown(wait=True, cancel_futures=True)
