"""Parts of views remembered by what they show.

Every action builds every seat's view anew, though most of a view did not change. A part built
through a `PartMemo` is rebuilt only when its inputs changed: the inputs are serialized (a few
microseconds in C) and an unchanged part is the very object built before. That saves the
rebuilding, and it makes the diff the server sends cheap: a part that is the same object as in
the version before is skipped at a glance (`app/store/patch.py`).

Parts are shared by every view that shows the same thing, in any game: never change one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any, TypeVar

import orjson

T = TypeVar("T")
_MISSING = object()


class PartMemo:
    def __init__(self, size: int = 20_000) -> None:
        self._parts: dict[tuple[str, bytes], Any] = {}
        self._size = size

    def part(self, kind: str, inputs: Any, build: Callable[[], T]) -> T:
        """`build()`, or the part built before from equal `inputs` (plain JSON data that the
        part depends on, completely)."""
        key = (kind, orjson.dumps(inputs))
        found = self._parts.get(key, _MISSING)
        if found is _MISSING:
            if len(self._parts) >= self._size:
                forget_oldest(self._parts, self._size)
            found = self._parts[key] = build()
        return found  # type: ignore[no-any-return]


def forget_oldest(memo: dict[Any, Any], most: int) -> None:
    """A full memo forgets its oldest quarter at once. Forgetting one entry per new one
    (`del memo[next(iter(memo))]`) made every new entry pay a walk over all the deleted slots
    at the front of the dict, which only a resize clears: ~40 µs a call for the English words'
    memo, 7× the words' own cost, once a long run had said 65,536 messages."""
    for key in list(islice(memo, max(1, most // 4))):
        memo.pop(key, None)  # another thread may have forgotten it already
