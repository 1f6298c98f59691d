"""Phase I, Explore (RG-7.5.1): each explorer Stocks ($2, or a power's amount) or Scouts
(discard any tiles of the construction zone, draw one more, lay each drawn tile on the side the
player chooses at the bottom of its stack — or on top with `scout_to_top`). Drawn tiles are the
drawer's secret until they show on top of a stack; discards go back to the bag at the end.
Alien Research Team's tile (`keep_extra_tile`) comes after every player is done."""

from __future__ import annotations

from typing import Any

from app.core import Event, Rng, event
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.model import (
    KIND_STACK,
    STACKS,
    Seat,
    add_credits,
    seats,
    stack_side,
)
from app.games.roll_for_the_galaxy.options import option, say

State = dict[str, Any]


def start(state: State, index: int) -> None:
    seat = seats(state)[index]
    seat["discards"] = []
    seat["scouted"] = []
    state["extra_given"] = False


OWN_SEAT_ONLY = frozenset({"stock", "scout", "discard", "rearrange", "place_tile"})
"""Explore actions that change nothing but the acting seat (`draw` takes from the bag, and
short of tiles from everyone's discards): while Explore goes on after one of them, the new
state shares the other seats with the one before (`RollForTheGalaxy.apply`)."""


def _workers(seat: Seat) -> list[tuple[str, bool]]:
    """Distinct (colour, virtual) among the workers still to act."""
    out = [(c, False) for c in dict.fromkeys(seat["work"])]
    return out + [(c, True) for c in dict.fromkeys(seat["vwork"])]


def options(state: State, index: int) -> tuple[Any, list[dict[str, Any]]]:
    seat = seats(state)[index]
    pend = seat["pend"]
    if pend and pend["kind"] == "place":
        opts = []
        tops = (False, True) if powers.scout_to_top(seat) else (False,)
        for k, number in enumerate(pend["tiles"]):
            for kind in ("development", "world"):
                for top in tops:
                    opts.append(option(state, say(
                        "roll_for_the_galaxy.opt.place_tile",
                        rfside=stack_side(number, KIND_STACK[kind]).id,
                        top="yes" if top else "no"),
                        {"type": "place_tile", "tile": k, "as": kind, "top": top}))
        return say("roll_for_the_galaxy.ask.place_tile", n=len(pend["tiles"])), opts
    if pend and pend["kind"] == "scout":
        opts = [option(state, say("roll_for_the_galaxy.opt.draw",
                                  n=len(pend["discarded"]) + 1), {"type": "draw"})]
        for stack in STACKS:
            for pos, number in enumerate(seat[stack]):
                opts.append(option(state, say("roll_for_the_galaxy.opt.discard",
                                              rfside=stack_side(number, stack).id),
                                   {"type": "discard", "stack": stack, "pos": pos}))
        return say("roll_for_the_galaxy.ask.scout"), opts
    opts = []
    for colour, virtual in _workers(seat):
        opts.append(option(state, say("roll_for_the_galaxy.opt.scout", rfcolour=colour),
                           {"type": "scout", "die": colour, "virtual": virtual}))
        opts.append(option(state, say("roll_for_the_galaxy.opt.stock", rfcolour=colour,
                                      n=powers.stock_credits(seat, colour)),
                           {"type": "stock", "die": colour, "virtual": virtual}))
    if powers.may_rearrange(seat):
        opts += _rearrangements(state, seat)
    n = len(seat["work"]) + len(seat["vwork"])
    return say("roll_for_the_galaxy.ask.explore", n=n), opts


def _rearrangements(state: State, seat: Seat) -> list[dict[str, Any]]:
    """Advanced Logistics: any construction tile to the top or bottom of either stack (the
    other stack flips it), as often as wanted while the seat still explores."""
    opts = []
    for stack in STACKS:
        for pos, number in enumerate(seat[stack]):
            for to in STACKS:
                for top in (True, False):
                    end = 0 if top else len(seat[to]) - 1
                    if to == stack and pos == end:
                        continue
                    opts.append(option(state, say(
                        "roll_for_the_galaxy.opt.rearrange", rfside=stack_side(number, stack).id,
                        rfside_to=stack_side(number, to).id, top="yes" if top else "no"),
                        {"type": "rearrange", "stack": stack, "pos": pos, "to": to,
                         "top": top}))
    return opts


def _use_worker(seat: Seat, colour: str, virtual: bool) -> None:
    if virtual:
        seat["vwork"].remove(colour)
    else:
        seat["work"].remove(colour)
        seat["citizenry"].append(colour)


def draw(state: State, n: int) -> list[int]:
    """n tiles from the bag; short of tiles, every discard of this Explore goes back first
    (FAQ); still short, the drawer gets what there is (DECISIONS.md)."""
    rng = Rng(state)
    if len(state["bag"]) < n:
        for seat in seats(state):
            state["bag"] += seat.get("discards", [])
            seat["discards"] = []
    out = []
    for _ in range(min(n, len(state["bag"]))):
        out.append(state["bag"].pop(rng.randbelow(len(state["bag"]))))
    return out


def apply(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    names = state["players"]
    kind = action["type"]
    if kind == "stock":
        _use_worker(seat, action["die"], action["virtual"])
        amount = powers.stock_credits(seat, action["die"])
        add_credits(seat, amount)
        return [event(say("roll_for_the_galaxy.ev.stock", seat=index, n=amount), "explore",
                      names=names)]
    if kind == "scout":
        _use_worker(seat, action["die"], action["virtual"])
        seat["scouted"].append(action["die"])
        seat["pend"] = {"kind": "scout", "discarded": []}
        return []
    if kind == "discard":
        number = seat[action["stack"]].pop(action["pos"])
        seat["discards"].append(number)
        seat["pend"]["discarded"].append(number)
        return []
    if kind == "draw":
        n = len(seat["pend"]["discarded"]) + 1
        tiles = draw(state, n)
        seat["pend"] = {"kind": "place", "tiles": tiles} if tiles else None
        return [event(say("roll_for_the_galaxy.ev.scout", seat=index,
                          n=len(tiles), discarded=n - 1), "explore",
                      names=names)]
    if kind == "rearrange":
        number = seat[action["stack"]].pop(action["pos"])
        seat[action["to"]].insert(0 if action["top"] else len(seat[action["to"]]), number)
        return []
    # place_tile
    pend = seat["pend"]
    number = pend["tiles"].pop(action["tile"])
    stack = KIND_STACK[action["as"]]
    if action["top"]:
        seat[stack].insert(0, number)
    else:
        seat[stack].append(number)
    if not pend["tiles"]:
        seat["pend"] = None
    return []


def is_done(seat: Seat) -> bool:
    return not seat["work"] and not seat["vwork"] and not seat["pend"]


def end(state: State) -> tuple[bool, list[Event]]:
    """(finished, events): first Alien Research Team's tiles, then the end of Explore."""
    names = state["players"]
    events: list[Event] = []
    if not state["extra_given"]:
        state["extra_given"] = True
        waiting = False
        for i in state["order"]:
            seat = seats(state)[i]
            n = powers.extra_tiles(seat)
            if n:
                tiles = draw(state, n)
                if tiles:
                    seat["pend"] = {"kind": "place", "tiles": tiles}
                    waiting = True
        if waiting:
            return False, events
    for i in state["order"]:
        seat = seats(state)[i]
        amount = powers.scouted_credits(seat, seat["scouted"])
        if amount:
            add_credits(seat, amount)
            events.append(event(say("roll_for_the_galaxy.ev.income", seat=index_of(state, seat),
                                    n=amount, vp=0), "explore", names=names))
        state["bag"] += seat["discards"]
        seat["discards"] = []
        seat["scouted"] = []
    return True, events


def index_of(state: State, seat: Seat) -> int:
    return next(i for i, s in enumerate(seats(state)) if s is seat)
