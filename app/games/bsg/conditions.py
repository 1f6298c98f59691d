"""Conditions of the card data (`requires`, `conditions`, `if`), evaluated on the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.overlays import base_of
from app.games.bsg.who import who_one

Check = Callable[[Game, dict[str, Any], dict[str, Any]], bool]
CONDITIONS: dict[str, Check] = {}


def condition(name: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CONDITIONS[name] = fn
        return fn

    return register


def holds(g: Game, conditions: list[dict[str, Any]] | None, ctx: dict[str, Any]) -> bool:
    for cond in conditions or []:
        ((name, params),) = cond.items()
        if not CONDITIONS[name](g, params or {}, ctx):
            return False
    return True


def in_place(g: Game, seat: int | None, place: str) -> bool:
    if seat is None:
        return False
    location = g.seat_as_is(seat)["location"]
    if location is None:
        return False
    if place in catalog.LOCATIONS:  # an overlay location is the one it covers (DB-12)
        return base_of(location) == base_of(place)
    return catalog.LOCATIONS[location]["ship"] == place


@condition("has_nukes")
def _has_nukes(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["nukes"] > 0


@condition("resource_below")
def _resource_below(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["resources"][p["resource"]] < p["value"]


@condition("resource_in_red")
def _resource_in_red(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return any(g.in_red(r) for r in catalog.RESOURCES)


@condition("in_location")
def _in_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return in_place(g, who_one(g, p["who"], ctx), p["place"])


@condition("not_in_location")
def _not_in_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return not in_place(g, who_one(g, p["who"], ctx), p["place"])


@condition("piloting")
def _piloting(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and g.seat_as_is(seat)["viper"] is not None


@condition("has_skill")
def _has_skill(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return False
    return any(p["type"] in entry["types"] for entry in g.character(seat)["skills"])


@condition("hand_size")
def _hand_size(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and len(g.seat_as_is(seat)["hand"]) == p["equals"]


@condition("has_title")
def _has_title(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and g.state[p["title"]] == seat


@condition("lacks_title")
def _lacks_title(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return not _has_title(g, p, ctx)


@condition("may_hold_title")
def _may_hold_title(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and not g.is_revealed(seat)  # a Leader is revealed from the start


@condition("holds_super_crisis")
def _holds_super_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and bool(g.seat_as_is(seat)["super_crises"])


@condition("distance_at_most")
def _distance_at_most(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["distance"] <= p["value"]


@condition("jump_track_blue")
def _jump_track_blue(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    space = catalog.BOARD["jump_track"][g.state["jump_track"]]
    return space["zone"] == "blue"


@condition("own_turn")
def _own_turn(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return ctx.get("self") == g.current


@condition("location_damaged")
def _location_damaged(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    from app.games.bsg.space import damaged_locations

    seat = who_one(g, p["who"], ctx)
    return seat is not None and g.seat_as_is(seat)["location"] in damaged_locations(g)


@condition("vipers_damaged")
def _vipers_damaged(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["damaged_vipers"] > 0


@condition("anyone_in")
def _anyone_in(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return any(in_place(g, s, p["place"]) for s in g.seats_range())


@condition("shares_location")
def _shares_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    here = None if seat is None else g.seat_as_is(seat)["location"]
    return here is not None and any(g.seat_as_is(s)["location"] == here
                                    for s in g.seats_range() if s != seat)


@condition("hand_at_least")
def _hand_at_least(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and len(g.seat_as_is(seat)["hand"]) >= p["count"]


@condition("assault_raptor_aside")
def _assault_raptor_aside(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state.get("aside_assault_raptors", 0) > 0


@condition("viper_in_space")
def _viper_in_space(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return any(area["vipers"] for area in g.state["space"].values())


@condition("raptor_in_reserves")
def _raptor_in_reserves(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["reserves"]["raptor"] > 0


@condition("raptor_destroyed")
def _raptor_destroyed(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return g.state["destroyed"]["raptor"] > 0


def _vipers_in_reserves(g: Game) -> int:
    return g.state["reserves"]["viper"] + g.state["reserves"].get("assault_raptor", 0)


@condition("viper_in_reserves")
def _viper_in_reserves(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return _vipers_in_reserves(g) > 0


@condition("unmanned_viper_available")
def _unmanned_viper_available(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return _vipers_in_reserves(g) > 0 or any(
        v["pilot"] is None for area in g.state["space"].values() for v in area["vipers"])


@condition("piloted_viper_in_space")
def _piloted_viper_in_space(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return any(v["pilot"] is not None for area in g.state["space"].values()
               for v in area["vipers"])
