"""Who an effect means: the current player, a title holder, the user, the chosen one, each."""

from __future__ import annotations

from typing import Any

from app.games.bsg.game import Game
from app.games.bsg.leaders import counts_as_human


def who(g: Game, spec: str, ctx: dict[str, Any]) -> list[int]:
    """Seats meant by `spec`. Revealed Cylons are not affected by crisis effects."""
    if spec == "current":
        seats = [g.current]
    elif spec in ("president", "admiral"):
        holder = g.state[spec]
        seats = [] if holder is None else [holder]
    elif spec == "self":
        seats = [] if ctx.get("self") is None else [ctx["self"]]
    elif spec == "chosen":
        seats = [] if ctx.get("chosen") is None else [ctx["chosen"]]
    elif spec == "each":
        seats = g.clockwise_from(g.current)
    elif spec == "each_human":
        seats = [s for s in g.clockwise_from(g.current) if counts_as_human(g, s)]
    elif spec == "president_and_admiral":
        seats = [g.state[t] for t in ("president", "admiral") if g.state[t] is not None]
    else:
        raise ValueError(f"unknown who {spec!r}")
    if ctx.get("crisis") or ctx.get("against_humans"):  # the latter: Daybreak's Treachery
        seats = [s for s in seats if counts_as_human(g, s)]
    return seats


def who_one(g: Game, spec: str, ctx: dict[str, Any]) -> int | None:
    seats = who(g, spec, {**ctx, "crisis": False})
    return seats[0] if seats else None


def chooser(g: Game, spec: str, ctx: dict[str, Any]) -> int:
    """The seat that makes a choice: a crisis choice of the current player goes to the current
    player even when that player is a revealed Cylon (Caprica)."""
    seat = who_one(g, spec, ctx)
    return g.current if seat is None else seat
