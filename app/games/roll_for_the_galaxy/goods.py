"""Phases IV Produce and V Ship (RG-7.5.4, RG-7.5.5). A producer becomes a good on a coloured
world with room; a shipper takes one good and Trades it (credits by the world's colour) or
Consumes it (VP chips: 1, +1 if the good's die and +1 if the shipper's die matches the world,
purple always matching), with the powers' bonuses. Shipper and good go to the citizenry;
workers with nothing to do go back to the cup."""

from __future__ import annotations

from typing import Any

from app.core import Event, event
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import side
from app.games.roll_for_the_galaxy.model import (
    Seat,
    add_credits,
    award_vp,
    goods_room,
    seats,
    worlds_of,
)
from app.games.roll_for_the_galaxy.options import option, question, say

State = dict[str, Any]


# ---- Produce -------------------------------------------------------------------------------

def _open_worlds(seat: Seat) -> list[str]:
    return [w.id for w in worlds_of(seat) if goods_room(seat, w) > 0]


def produce_options(state: State, index: int) -> tuple[Any, list[dict[str, Any]]]:
    seat = seats(state)[index]
    opts = [option(state, say("roll_for_the_galaxy.opt.produce", rfcolour=c, rfside=w),
                   {"type": "produce", "die": c, "world": w})
            for c in dict.fromkeys(seat["work"]) for w in _open_worlds(seat)]
    return question(state, "roll_for_the_galaxy.ask.produce", n=len(seat["work"])), opts


def produce(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    seat["work"].remove(action["die"])
    seat["goods"].setdefault(action["world"], []).append(action["die"])
    return [event(say("roll_for_the_galaxy.ev.produce", seat=index, rfcolour=action["die"],
                      rfside=action["world"]), "produce", names=state["players"])]


def settle_producers(state: State, index: int) -> None:
    seat = seats(state)[index]
    if seat["work"] and not _open_worlds(seat):  # a settled seat may be shared: left alone
        seat["cup"] += seat["work"]
        seat["work"] = []


# ---- Ship ---------------------------------------------------------------------------------

def _goods(seat: Seat) -> list[tuple[str, str]]:
    return list(dict.fromkeys((w, c) for w, g in seat["goods"].items() for c in g))


def ship_options(state: State, index: int) -> tuple[Any, list[dict[str, Any]]]:
    seat = seats(state)[index]
    shippers = [(c, False) for c in dict.fromkeys(seat["work"])]
    shippers += [(c, True) for c in dict.fromkeys(seat["vwork"])]
    purchase = powers.vp_purchase(seat)
    opts = []
    for shipper, virtual in shippers:
        for world_id, good in _goods(seat):
            world = side(world_id)
            base = {"type": "ship", "die": shipper, "virtual": virtual, "world": world_id,
                    "good": good}
            credits = powers.trade_credits(seat, world)
            opts.append(option(state, say("roll_for_the_galaxy.opt.trade", rfcolour=shipper,
                                          rfcolour_good=good, rfside=world_id, n=credits),
                               {**base, "how": "trade"}))
            if purchase and min(10, seat["credits"] + credits) >= purchase[0]:
                opts.append(option(state, say("roll_for_the_galaxy.opt.trade_buy",
                                              rfcolour=shipper, rfcolour_good=good,
                                              rfside=world_id, n=credits, price=purchase[0],
                                              vp=purchase[1]),
                                   {**base, "how": "trade_buy"}))
            vp, bonus = powers.consume_gains(seat, world, good, shipper)
            opts.append(option(state, say("roll_for_the_galaxy.opt.consume", rfcolour=shipper,
                                          rfcolour_good=good, rfside=world_id, vp=vp,
                                          n=bonus), {**base, "how": "consume"}))
    n = len(seat["work"]) + len(seat["vwork"])
    return question(state, "roll_for_the_galaxy.ask.ship", n=n), opts


def ship(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    names = state["players"]
    shipper, good, world = action["die"], action["good"], side(action["world"])
    if action["virtual"]:
        seat["vwork"].remove(shipper)
    else:
        seat["work"].remove(shipper)
        seat["citizenry"].append(shipper)
    seat["goods"][world.id].remove(good)
    if not seat["goods"][world.id]:
        del seat["goods"][world.id]
    seat["citizenry"].append(good)
    if action["how"] == "consume":
        vp, credits = powers.consume_gains(seat, world, good, shipper)
        award_vp(state, seat, vp)
        add_credits(seat, credits)
        return [event(say("roll_for_the_galaxy.ev.consume", seat=index, rfside=world.id,
                          vp=vp, n=credits), "ship", names=names)]
    credits = powers.trade_credits(seat, world)
    add_credits(seat, credits)
    events = [event(say("roll_for_the_galaxy.ev.trade", seat=index, rfside=world.id,
                        n=credits), "ship", names=names)]
    purchase = powers.vp_purchase(seat)
    if action["how"] == "trade_buy" and purchase and seat["credits"] >= purchase[0]:
        add_credits(seat, -purchase[0])
        award_vp(state, seat, purchase[1])
        events.append(event(say("roll_for_the_galaxy.ev.bought_vp", seat=index,
                                n=purchase[0], vp=purchase[1]), "ship", names=names))
    return events


def settle_shippers(state: State, index: int) -> None:
    seat = seats(state)[index]
    if (seat["work"] or seat["vwork"]) and not seat["goods"]:  # a settled seat: left alone
        seat["cup"] += seat["work"]
        seat["work"] = []
        seat["vwork"] = []


def is_done(seat: Seat) -> bool:
    return not seat["work"] and not seat["vwork"]
