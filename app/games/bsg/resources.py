"""The four resource dials: changes are clamped to 0..15 (the loss is checked at the end of
every turn, see endgame.check_resources)."""

from __future__ import annotations

from typing import Any

from app.games.bsg.effects import op
from app.games.bsg.game import Game


@op("gain")
def _gain(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for resource, amount in p.items():
        g.gain(resource, amount)
