"""Setup (RG-3): the VP pool, a random faction tile and home world each with the dice and
goods they show, 3 white dice in the cup and 2 in the citizenry, $1 (Doomed World: $8), and
two tiles from the bag for the construction zone — one as a development, the other as a world,
which the player chooses, or, with the first-game option, the cheaper sides face up (B3)."""

from __future__ import annotations

from typing import Any

from app.core import Rng
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import (
    FACTIONS,
    HOME_WORLDS,
    SETUP,
    TILES,
    tile,
    vp_pool,
)
from app.games.roll_for_the_galaxy.model import DIE_COUNT, take_die

State = dict[str, Any]


def new_state(options: dict[str, Any], players: list[str], seed: int) -> State:
    n = len(players)
    state: State = {
        "players": list(players), "options": dict(options), "rng": seed & ((1 << 64) - 1),
        "round": 1, "step": "setup", "phase": None, "phases": [], "extra_die": None,
        "sequential": False, "extra_given": False, "vp_pool": vp_pool(n),
        "pool_emptied": False, "bag": sorted(TILES), "supply": dict(DIE_COUNT), "seats": [],
        "order": [], "result": None}
    rng = Rng(state)
    factions, homes = sorted(FACTIONS), sorted(HOME_WORLDS)
    rng.shuffle(factions)
    rng.shuffle(homes)
    for i in range(n):
        seat: dict[str, Any] = {
            "faction": factions[i], "home": homes[i], "tableau": [], "devs": [], "worlds": [],
            "dev_dice": [], "world_dice": [], "cup": [], "citizenry": [], "goods": {},
            "credits": SETUP.start_credits, "vp": 0, "rows": {}, "work": [], "vwork": [],
            "pend": None, "dice": [], "rolled": [], "selector": None, "selected": None,
            "used": [], "active": None, "ready": False, "revealed": None, "discards": [],
            "scouted": []}
        for place, dice in (("cup", SETUP.start_cup), ("citizenry", SETUP.start_citizenry)):
            for colour, count in dice.items():
                for _ in range(count):
                    if take_die(state, colour):
                        seat[place].append(colour)
        starting = [*FACTIONS[factions[i]].halves, HOME_WORLDS[homes[i]]]
        for s in starting:
            seat["tableau"].append(s.id)
            powers.apply_immediate(state, seat, s)
        drawn = [state["bag"].pop(rng.randbelow(len(state["bag"])))
                 for _ in range(SETUP.start_construction_tiles)]
        seat["pend"] = {"kind": "setup", "tiles": drawn}
        state["seats"].append(seat)
    state["order"] = sorted(range(n), key=lambda i: state["seats"][i]["faction"])
    if options.get("first_game"):
        for seat in state["seats"]:
            place_start_tiles(seat, *first_game_choice(seat["pend"]["tiles"]))
    return state


def first_game_choice(tiles: list[int]) -> tuple[int, int]:
    """(development, world) for a first game: the cheaper development and the cheaper world
    face up; when both are on one tile, the way round that needs fewer workers in all, then the
    cheaper development (B3, DECISIONS.md)."""
    a, b = tiles

    def cost(dev: int, world: int) -> tuple[int, int]:
        return (tile(dev).development.cost + tile(world).world.cost, tile(dev).development.cost)
    return (a, b) if cost(a, b) <= cost(b, a) else (b, a)


def place_start_tiles(seat: dict[str, Any], development: int, world: int) -> None:
    seat["devs"] = [development]
    seat["worlds"] = [world]
    seat["pend"] = None
