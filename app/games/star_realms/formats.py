"""Formats: who plays, how each seat starts, and whom a seat may attack or target (SR-4, SR-11).

Only `two_player` is offered; FORMATS.md says how the multiplayer formats plug in here."""

from __future__ import annotations

from typing import Any

from app.core import State

FORMATS: dict[str, dict[str, Any]] = {
    # SR-4.1, SR-4.7: 50 Authority each; the first player draws 3, the second 5
    "two_player": {"players": (2, 2), "authority": 50, "opening_hands": (3, 5)},
}
HAND_SIZE = 5
"""Cards drawn in each draw phase (SR-8.1)."""


def opening_hand(fmt: str, position: int) -> int:
    """Cards drawn at setup by the seat `position` places after the first player."""
    hands = FORMATS[fmt]["opening_hands"]
    return hands[min(position, len(hands) - 1)]


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """The seats `seat` may attack or target, as players (two players: the other)."""
    return _OTHERS[len(state["seats"])][seat]


_OTHERS = {n: [tuple(s for s in range(n) if s != seat) for seat in range(n)]
           for n in range(1, 9)}
