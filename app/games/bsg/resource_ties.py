"""Daybreak's "the highest (or lowest) resource" (DB-13.5): an effect that changes the resource
with the highest or lowest value; when several tie, the current player chooses which."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game


def extremes(g: Game, end: str) -> list[str]:
    """The resources at the highest (or lowest) value, in board order."""
    values = g.state["resources"]
    best = max(values.values()) if end == "highest" else min(values.values())
    return [r for r in catalog.RESOURCES if values[r] == best]


@op("gain_extreme_resource")
def _gain_extreme_resource(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    tied = extremes(g, p["end"])
    if len(tied) == 1:
        g.gain(tied[0], p["amount"])
        return
    g.push({"step": "resource_tie", "end": p["end"], "amount": p["amount"], "tied": tied})


@step("resource_tie")
def _resource_tie(g: Game, frame: Frame) -> Prompt | None:
    return ask(g.current, "resource_tie", msg("bsg.daybreak_turn.tied", end=frame["end"]),
               [option(msg("bsg.daybreak_turn.resource", resource=r), type="resource",
                       resource=r) for r in frame["tied"]], public=True)


@answer("resource_tie")
def _resource_tie_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    g.gain(action["resource"], frame["amount"])
