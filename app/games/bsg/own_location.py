"""Activating the location one stands in outside one's Action step (Daybreak's alternate Lee
Adama, Forward Thinker), and the moment it comes at: once the player an Executive Order was
given to has finished moving and taking their actions."""

from __future__ import annotations

from typing import Any

from app.core import Prompt
from app.games.bsg.actions import activate_location, location_action
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, step
from app.games.bsg.game import Game
from app.games.bsg.who import who, who_one


@condition("can_activate_own_location")
def _can_activate_own_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and location_action(g, seat) is not None


@op("activate_own_location")
def _activate_own_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        if location_action(g, seat) is not None:
            activate_location(g, seat, g.seat(seat)["location"])


def after_granted(by: int) -> Frame:
    """The frame that follows the actions an Executive Order gave (Daybreak games only, so a
    base game's flow keeps its frames)."""
    return {"step": "after_executive_order", "seat": by}


@step("after_executive_order")
def _after_executive_order(g: Game, frame: Frame) -> Prompt | None:
    from app.games.bsg.abilities import offer

    g.pop(frame)
    offer(g, "after_executive_order", [frame["seat"]])
    return None
