"""Assault Raptors (Daybreak, DB-11): where they are, gaining one, and the jump rule.

An Assault Raptor in space is a viper entry of its space area marked `"assault": True`, so
that every effect on vipers (launch, move, activate, destroy, damage) reaches it; the few
places where it differs (the attack table, never damaged, the Reserves it returns to, the jump)
ask `ship_kind`. Only Daybreak games carry `reserves["assault_raptor"]`,
`destroyed["assault_raptor"]` and `aside_assault_raptors`: base games keep their state shape.
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game

ASSAULT = "assault_raptor"
VIPER_KINDS = ("viper", ASSAULT)
FIGURES = 4  # DB-1.2: the box holds four; none left beside the board means none to gain
IN_RESERVES_AT_START = 1  # DB-3.2: the other three wait beside the board


def setup_state(state: dict[str, Any]) -> None:
    """DB-3.2 / DB-11.1: one in the Reserves, the others beside the board (not destroyed)."""
    state["reserves"][ASSAULT] = IN_RESERVES_AT_START
    state["destroyed"][ASSAULT] = 0
    state["aside_assault_raptors"] = FIGURES - IN_RESERVES_AT_START


def in_game(g: Game) -> bool:
    return ASSAULT in dict.__getitem__(g.state, "reserves")  # only read: not copied


def ship_kind(ship: dict[str, Any]) -> str:
    return ASSAULT if ship.get("assault") else "viper"


def new_ship(kind: str, pilot: int | None = None) -> dict[str, Any]:
    """A viper entry for a space area; the mark is only written for an Assault Raptor, so a
    base game's vipers stay `{"pilot": ...}`."""
    return {"pilot": pilot, "assault": True} if kind == ASSAULT else {"pilot": pilot}


def in_reserves(g: Game, kind: str) -> int:
    return dict.__getitem__(g.state, "reserves").get(kind, 0)  # only read: not copied


def reserve_kinds(g: Game) -> list[str]:
    """Which kinds of "viper" can be launched from the Reserves now (DB-11.4)."""
    return [k for k in VIPER_KINDS if in_reserves(g, k) > 0]


def pilot_ship(g: Game, seat: int) -> dict[str, Any] | None:
    """The ship `seat` pilots, to read only: the seat and space as they stand (not copied
    under an action; `_ship_to_change` is the way to change it)."""
    area = g.seat_as_is(seat)["viper"]
    if area is None:
        return None
    vipers = dict.__getitem__(g.state, "space")[area]["vipers"]
    return next((v for v in vipers if v["pilot"] == seat), None)


def _ship_to_change(g: Game, seat: int) -> dict[str, Any]:
    """The ship `seat` pilots, reached to be changed."""
    area = g.seat_as_is(seat)["viper"]
    return next(v for v in g.state["space"][area]["vipers"] if v["pilot"] == seat)


def pilot_kind(g: Game, seat: int) -> str:
    ship = pilot_ship(g, seat)
    return "viper" if ship is None else ship_kind(ship)


def kind_key(kind: str) -> dict[str, str]:
    """What an option adds to name an Assault Raptor; nothing for a viper, so a base game's
    options keep their shape."""
    return {"ship": ASSAULT} if kind == ASSAULT else {}


def on_board(g: Game) -> int:
    return sum(1 for a in g.state["space"].values() for v in a["vipers"] if v.get("assault"))


# ---- gaining one (DB-11.2) -----------------------------------------------------------------

@op("gain_assault_raptor")
def _gain_assault_raptor(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    gain_assault_raptor(g, bool(p.get("destroy_raptor")))


def gain_assault_raptor(g: Game, destroy_raptor: bool) -> bool:
    """Put one from beside the board into the Reserves; when the effect builds it out of a
    Raptor, that Raptor must come from the Reserves, and without one nothing is built."""
    if not in_game(g) or g.state["aside_assault_raptors"] <= 0:
        g.log(msg("bsg.assault.none_left"), "ships")
        return False
    if destroy_raptor:
        if g.state["reserves"]["raptor"] <= 0:
            g.log(msg("bsg.assault.no_raptor"), "ships")
            return False
        g.state["reserves"]["raptor"] -= 1
        g.state["destroyed"]["raptor"] += 1
    g.state["aside_assault_raptors"] -= 1
    g.state["reserves"][ASSAULT] += 1
    g.log(msg("bsg.assault.gained", raptor=destroy_raptor), "ships")
    return True


# ---- the jump (DB-11.7) --------------------------------------------------------------------

def ask_to_stay(g: Game) -> bool:
    """Before the ships leave at a jump: push the questions of who stays, if any Assault
    Raptor is in space. Returns whether anything was pushed."""
    if not in_game(g) or not on_board(g):
        return False
    pilots = [s for s in g.clockwise_from(g.current)
              if pilot_ship(g, s) is not None and pilot_kind(g, s) == ASSAULT]
    g.push({"step": "assault_jump", "pilots": pilots, "i": 0})
    return True


def _unmanned(g: Game) -> list[tuple[str, int]]:
    return [(a, i) for a, ships in g.state["space"].items()
            for i, v in enumerate(ships["vipers"])
            if v.get("assault") and v["pilot"] is None and not v.get("stays")]


@step("assault_jump")
def _assault_jump(g: Game, frame: Frame) -> Prompt | None:
    if frame["i"] < len(frame["pilots"]):
        seat = frame["pilots"][frame["i"]]
        return ask(seat, "assault_jump", msg("bsg.assault.pilot_stay"),
                   [option(msg("bsg.assault.stay", area=g.seat(seat)["viper"]), type="stay"),
                    option(msg("bsg.assault.go_back"), type="return")], public=True)
    unmanned = _unmanned(g)
    if frame.get("unmanned_done") or not unmanned:
        g.pop(frame)
        return None
    options = [option(msg("bsg.assault.stay_unmanned", area=a), type="stay", area=a, index=i)
               for a, i in unmanned]
    options.append(option(msg("bsg.assault.rest_return"), type="return"))
    return ask(g.current, "assault_jump", msg("bsg.assault.unmanned_stay"), options,
               public=True)


@answer("assault_jump")
def _assault_jump_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if frame["i"] < len(frame["pilots"]):
        seat = frame["pilots"][frame["i"]]
        frame["i"] += 1
        if action["type"] == "stay":
            _ship_to_change(g, seat)["stays"] = True
            g.log(msg("bsg.assault.pilot_stays", seat=seat, area=g.seat(seat)["viper"]),
                  "ships")
        return
    if action["type"] == "return":
        frame["unmanned_done"] = True
        return
    g.state["space"][action["area"]]["vipers"][action["index"]]["stays"] = True
    g.log(msg("bsg.assault.unmanned_stays", area=action["area"]), "ships")


def keeps_place(ship: dict[str, Any]) -> bool:
    """At a jump, whether this ship stays in its space area (and forget the mark)."""
    return bool(ship.pop("stays", False))


# ---- damaging "vipers" in the Reserves -----------------------------------------------------

@step("damage_reserves")
def _damage_reserves(g: Game, frame: Frame) -> Prompt | None:
    """Each damaged "viper" of the Reserves: the acting player picks a Viper (damaged) or an
    Assault Raptor (destroyed) while both are there."""
    kinds = reserve_kinds(g)
    if frame["left"] <= 0 or not kinds:
        g.pop(frame)
        return None
    if len(kinds) == 1:
        frame["left"] -= 1
        damage_in_reserves(g, kinds[0])
        return None
    return ask(frame["seat"], "damage_reserves", msg("bsg.assault.damage_which_reserve"),
               [option(msg("bsg.assault.reserve_ship", ship=k), type="ship", ship=k)
                for k in kinds], public=True)


@answer("damage_reserves")
def _damage_reserves_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    frame["left"] -= 1
    damage_in_reserves(g, action["ship"])


def damage_in_reserves(g: Game, kind: str) -> None:
    g.state["reserves"][kind] -= 1
    if kind == ASSAULT:
        g.state["destroyed"][ASSAULT] += 1
        g.log(msg("bsg.assault.destroyed_in_reserves"), "ships")
    else:
        g.state["damaged_vipers"] += 1
        g.log(msg("bsg.combat.reserves_damaged", n=1), "ships")
