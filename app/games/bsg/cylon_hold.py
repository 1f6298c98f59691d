"""Negotiations (a Daybreak Politics card): no Cylon ship launches or activates for the rest of
the turn it is played in. The turn is kept in the state only once the card is played (a
Daybreak card), so other games keep their state shape."""

from __future__ import annotations

from typing import Any

from app.core import msg
from app.games.bsg.effects import op
from app.games.bsg.game import Game

HOLD = "cylon_ships_hold_turn"
"""State field: the turn in which no Cylon ship launches or activates."""


@op("cylon_ships_hold")
def _cylon_ships_hold(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    g.state[HOLD] = g.state["turn"]
    g.log(msg("bsg.daybreak_cards.cylons_hold"), "activation")


def holding(g: Game) -> bool:
    """Whether Cylon ships may neither launch nor activate now."""
    return g.state.get(HOLD) == g.state["turn"]
