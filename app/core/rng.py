"""A seeded random generator whose whole state is one integer kept inside the game state.

SplitMix64: tiny, fast in pure Python and good enough for shuffling cards. Keeping the state in
the game state (not in a global) is what lets a game replay bit for bit from seed and actions.
"""

from __future__ import annotations

from typing import Any, TypeVar

from app.core.protocol import State

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
T = TypeVar("T")


class Rng:
    """A view on `state[key]`; every draw advances the integer stored there."""

    def __init__(self, state: State, key: str = "rng") -> None:
        self._state = state
        self._key = key

    def _next64(self) -> int:
        x = (self._state[self._key] + _GOLDEN) & _MASK
        self._state[self._key] = x
        x = ((x ^ (x >> 30)) * _MIX1) & _MASK
        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
        return x ^ (x >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 8) -> int:
        return self.randbelow(sides) + 1

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place: `randbelow(i + 1)` for each i from the end, written out in
        one loop (the same draws in half the time: a deck is reshuffled every turn or
        two)."""
        x = self._state[self._key]
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK % n)
            while True:
                x = (x + _GOLDEN) & _MASK
                z = ((x ^ (x >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state[self._key] = x

    def choice(self, items: list[T]) -> T:
        return items[self.randbelow(len(items))]
