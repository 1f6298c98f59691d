"""Where characters stand, and moving them by effects (to the Brig, Sickbay, any location)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import acts_as_cylon
from app.games.bsg.overlays import board_locations, game_location
from app.games.bsg.who import who, who_one
from app.games.bsg.words import said


def ship_of(location: str | None) -> str | None:
    return None if location is None else catalog.LOCATIONS[location]["ship"]


def locations_of(g: Game, ship: str, hazardous: bool = False) -> list[str]:
    """The locations of a ship on this game's board (Daybreak's overlays, DB-12); hazardous
    ones only when asked (nobody moves into them by choice, DB-13.12)."""
    return [lid for lid in board_locations(g.state)
            if catalog.LOCATIONS[lid]["ship"] == ship
            and (hazardous or not catalog.LOCATIONS[lid]["hazardous"])]


def cannot_move(g: Game, seat: int, to: str, out_of_brig: bool = False) -> str | None:
    """The rule that keeps `seat` from being put on `to` (a location, or a ship meaning one of
    its locations), or None when nothing does:

    - "stranded": a stranded character can neither move nor be moved until placed;
    - "brig": the Brig is left only by passing its own check or by an effect that names the
      Brig (`out_of_brig`: the Brig's check, Presidential Pardon, revealing as a Cylon); being
      sent to Sickbay or anywhere else leaves them in the Brig (docs/rulings.md);
    - "revealed": a revealed Cylon is never sent to the Brig or Sickbay."""
    data = g.seat_as_is(seat)  # only read
    if data.get("stranded"):
        return "stranded"
    if data["location"] == "brig" and to != "brig" and not out_of_brig:
        return "brig"
    if acts_as_cylon(g, seat) and to in ("brig", "sickbay"):
        return "revealed"
    return None


def place(g: Game, seat: int, location: str, out_of_brig: bool = False) -> bool:
    """Put a character on a location (leaving any viper they pilot: it returns to the
    Reserves), unless a rule keeps them where they are (`cannot_move`); False then. An Admiral
    put in the Brig loses the title."""
    data = g.seat(seat)
    location = game_location(g.state, location) or location
    held = cannot_move(g, seat, location, out_of_brig)
    if held is not None:
        _log_held(g, seat, held)
        return False
    if data["viper"] is not None:
        from app.games.bsg.space import leave_viper

        leave_viper(g, seat)
    data["location"] = location
    g.log(msg("bsg.places.now_in", seat=seat, location=location), "move", seat=seat,
          location=location)
    if location == "brig" and g.state["admiral"] == seat:
        from app.games.bsg.titles import pass_title_on

        pass_title_on(g, "admiral")
    if location == "brig":
        from app.games.bsg.mutiny import enforce_brig_limit

        enforce_brig_limit(g, seat)
    if data.get("leader"):
        from app.games.bsg.infiltration import arrived

        arrived(g, seat, location)
    return True


def _log_held(g: Game, seat: int, held: str) -> None:
    if held == "stranded":
        g.log(msg("bsg.places.stranded_not_moved", seat=seat), "move", seat=seat)
    elif held == "brig":
        g.log(msg("bsg.places.stays_in_brig", seat=seat), "move", seat=seat)
    # a revealed Cylon simply is not affected: nothing to say


@op("move_character")
def _move_character(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    out_of_brig = bool(p.get("out_of_brig"))
    for seat in reversed(who(g, p["who"], ctx)):
        target = p["to"]
        if target in catalog.LOCATIONS:
            place(g, seat, target, out_of_brig)
            continue
        held = cannot_move(g, seat, target, out_of_brig)
        if held is not None:  # nobody is asked where to put someone who stays
            _log_held(g, seat, held)
            continue
        picker = who_one(g, p["chooser"], ctx) if p.get("chooser") else seat
        g.push({"step": "pick_location", "seat": seat, "chooser": picker, "ship": target,
                "out_of_brig": out_of_brig})


@step("pick_location")
def _pick_location(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    choices = [loc for loc in locations_of(g, frame["ship"])
               if loc != g.seat_as_is(seat)["location"]]
    return ask(frame["chooser"], "location", msg("bsg.places.choose_where", seat=seat),
               [option(said(catalog.LOCATIONS[loc]), type="location", location=loc)
                for loc in choices], public=True)


@answer("pick_location")
def _pick_location_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    place(g, frame["seat"], action["location"], frame.get("out_of_brig", False))


@op("move_characters")
def _move_characters(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    source = p["from"]
    for seat in g.seats_range():
        location = g.seat_as_is(seat)["location"]  # only read: `place` reaches the seat
        if location is None or g.is_revealed(seat):
            continue
        if location == source or catalog.LOCATIONS[location]["ship"] == source:
            place(g, seat, p["to"])
