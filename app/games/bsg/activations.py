"""Activating locations by a character sheet rather than by standing there (Daybreak: Louis
Hoshi's Dutiful activates the location just used once more; Organized activates up to 3
different undamaged non-Cylon locations from anywhere)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.overlays import board_locations
from app.games.bsg.who import who_one
from app.games.bsg.words import said


def _activate(g: Game, seat: int, location: str) -> None:
    spec = catalog.LOCATIONS[location]
    g.log(msg("bsg.actions.activates", seat=seat, location=location), "action",
          location=location)
    push_effects(g, spec["action"]["effects"],
                 {"self": seat, "title": said(spec), "location": location})


def may_activate(g: Game, seat: int, location: str, cylon_too: bool = False) -> bool:
    """Whether `seat` may take `location`'s action from wherever they stand (an ability that
    activates locations at a distance): undamaged, not forbidden to them, usable now; a Cylon
    location only with `cylon_too`."""
    from app.games.bsg.actions import usable
    from app.games.bsg.rebel_basestar import may_board
    from app.games.bsg.space import damaged_locations
    from app.games.bsg.statics import forbidden

    spec = catalog.LOCATIONS[location]
    if spec["ship"] == "rebel_basestar" and not may_board(g, seat):
        return False  # its marker's side only (DB-15.14-15.15)
    return (spec.get("action") is not None and (cylon_too or spec["ship"] != "cylon")
            and location not in damaged_locations(g)
            and not forbidden(g, seat, "activate_location", location=location)
            and usable(g, spec["action"], seat))


@condition("activated_location")
def _activated_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return ctx.get("location") in p["locations"]


@op("activate_again")
def _activate_again(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat, location = ctx.get("self"), ctx.get("location")
    if seat is not None and location is not None and may_activate(g, seat, location):
        _activate(g, seat, location)


@op("activate_locations")
def _activate_locations(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "activate_locations", "seat": seat, "left": p["count"], "done": []})


@step("activate_locations")
def _activate_locations_run(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    choices = [loc for loc in board_locations(g.state)  # this game's board, nothing covered
               if loc not in frame["done"] and may_activate(g, seat, loc)]
    if frame["left"] <= 0 or not choices:
        g.pop(frame)
        return None
    return ask(seat, "activate_locations", msg("bsg.activations.choose", n=frame["left"]),
               [option(msg("bsg.actions.activate", location=loc,
                           text=said(catalog.LOCATIONS[loc], "text")),
                       type="location", location=loc) for loc in choices]
               + [option(msg("bsg.activations.stop"), type="stop")], public=True)


@answer("activate_locations")
def _activate_locations_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "stop":
        g.pop(frame)
        return
    frame["left"] -= 1
    frame["done"].append(action["location"])
    _activate(g, frame["seat"], action["location"])
