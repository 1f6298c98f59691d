"""What each effect of the vocabulary (COMPONENTS.md) does, one named operation per effect.

The phases ask these functions; none of them knows a tile by name. Reassign powers are read by
assign.py (`reassign_powers`), immediate effects by build.py (`apply_immediate`).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import Any

from app.games.roll_for_the_galaxy.components import SETUP, SIDES, Side, side
from app.games.roll_for_the_galaxy.effects import with_defaults
from app.games.roll_for_the_galaxy.model import (
    Seat,
    add_credits,
    award_vp,
    developments_of,
    dice_of,
    power_values,
    powers,
    seats,
    tableau_sides,
    take_die,
    worlds_of,
)

State = dict[str, Any]


def _matches(allowed: Any, value: str | None) -> bool:
    return allowed == "any" or value in allowed


# ---- Develop / Settle: workers a tile needs ------------------------------------------------

def workers_needed(seat: Seat, tile_side: Side) -> int:
    """The printed cost less every discount, never below `min_workers_per_tile` (RG-10A.2).
    Discounts that stop at a floor above 1 (Free Trade Zone) come first."""
    need = tile_side.cost
    if tile_side.kind == "development":
        for d in powers(seat, "develop_discount"):
            d = with_defaults("develop_discount", d)
            if not d["reassign_only"] or tile_side.is_reassign:
                need -= d["by"]
    else:
        found = [with_defaults("settle_discount", d) for d in powers(seat, "settle_discount")]
        for d in sorted(found, key=lambda d: -d["not_below"]):
            if _matches(d["worlds"], tile_side.colour):
                need = max(min(need, d["not_below"]), need - d["by"])
    return max(SETUP.min_workers_per_tile, need)


# ---- completing a tile --------------------------------------------------------------------

def completion_credits(seat: Seat, done: Side) -> int:
    """`credits_per_completion` (tiles completed after the power's own) and
    `credits_per_completed_world`; `done` is not yet in the tableau when this is asked."""
    total = 0
    for p in powers(seat, "credits_per_completion"):
        if done.kind in p["kinds"]:
            total += p["amount"]
    if done.kind == "world":
        for p in powers(seat, "credits_per_completed_world"):
            if _matches(p["worlds"], done.colour):
                total += p["amount"]
    return total


def completers_to_cup(seat: Seat, done: Side, completers: list[str]) -> list[str]:
    """The dice that completed `done` and must go to the cup instead of the citizenry
    (`completers_to_cup` with "count: all" of a colour)."""
    left = list(completers)
    to_cup: list[str] = []
    for p in _to_cup_powers(seat, done):
        if p["count"] == "all":
            for c in [c for c in left if _matches([p["die_colour"]] if p["die_colour"] != "any"
                                                   else "any", c)]:
                left.remove(c)
                to_cup.append(c)
    return to_cup


def completers_may_go_to_cup(seat: Seat, done: Side) -> int:
    """How many of the dice that completed `done` the owner *may* send to the cup ("count: n":
    up to n, the owner's choice — the tile says "may", and a die in the citizenry can be worth
    more, e.g. to Space Piracy's or Galactic Religion's income; DECISIONS.md)."""
    return sum(p["count"] for p in _to_cup_powers(seat, done) if p["count"] != "all")


def _to_cup_powers(seat: Seat, done: Side) -> list[Any]:
    phase = "develop" if done.kind == "development" else "settle"
    found = [with_defaults("completers_to_cup", p) for p in powers(seat, "completers_to_cup")]
    return [p for p in found if p["phase"] == phase]


# ---- immediate effects ----------------------------------------------------------------------

def gain_dice(state: State, seat: Seat, world: Side, value: Any) -> None:
    for _ in range(value["count"]):
        if take_die(state, value["colour"]):
            seat["cup" if value["to"] == "cup" else "citizenry"].append(value["colour"])


def gain_good(state: State, seat: Seat, world: Side, value: Any) -> None:
    for _ in range(value):
        if world.colour and take_die(state, world.colour):
            seat["goods"].setdefault(world.id, []).append(world.colour)


def gain_credits(state: State, seat: Seat, world: Side, value: Any) -> None:
    add_credits(seat, value)


def start_credits(state: State, seat: Seat, world: Side, value: Any) -> None:
    seat["credits"] = value


IMMEDIATE: dict[str, Callable[[State, Seat, Side, Any], None]] = {
    "gain_dice": gain_dice, "gain_good": gain_good, "gain_credits": gain_credits,
    "start_credits": start_credits,
}
"""Every immediate effect but `remove_die`, which asks the owner (build.py)."""


def apply_immediate(state: State, seat: Seat, done: Side) -> None:
    for e in done.immediate:
        if e.name in IMMEDIATE:
            IMMEDIATE[e.name](state, seat, done, e.value)


def dice_to_remove(done: Side) -> int:
    return sum(e.value for e in done.immediate if e.name == "remove_die")


# ---- income at the end of a phase ---------------------------------------------------------

def _most_developments_alone(state: State, seat: Seat) -> bool:
    mine = len(developments_of(seat))
    others = [len(developments_of(s)) for s in seats(state) if s is not seat]
    return all(mine > n for n in others)


def _owns_costliest_worlds(state: State, seat: Seat) -> bool:
    every = [(w.cost, s is seat) for s in seats(state) for w in worlds_of(s)]
    top = max(cost for cost, _ in every)
    return all(mine for cost, mine in every if cost == top)


def _goods_on(seat: Seat, colours: Any) -> int:
    return sum(len(g) for wid, g in seat["goods"].items() if _matches(colours, side(wid).colour))


def phase_income(state: State, seat: Seat, phase: str) -> tuple[int, int]:
    """Credits and VP chips the seat's powers pay at the end of `phase` (RG-10A.3)."""
    credits = vp = 0
    held = power_values(seat)  # read only; asked for every seat at the end of every phase
    for p in held.get("phase_credits", ()):
        credits += p["amount"] if p["phase"] == phase else 0
    for p in held.get("phase_vp", ()):
        vp += p["amount"] if p["phase"] == phase else 0
    for p in held.get("phase_credits_per_good_on_worlds", ()):
        if p["phase"] == phase:
            credits += p["amount"] * _goods_on(seat, p["worlds"])
    for p in held.get("phase_credits_per_good_die", ()):
        if p["phase"] == phase:
            n = sum(g.count(p["die_colour"]) for g in seat["goods"].values())
            credits += p["amount"] * n
    for p in held.get("phase_credits_per_citizenry_dice", ()):
        if p["phase"] == phase:
            n = seat["citizenry"].count(p["die_colour"])
            credits += p["amount"] * ceil(n / p["per"])
    for p in held.get("phase_credits_if_most_developments", ()):
        if phase in p["phases"] and _most_developments_alone(state, seat):
            credits += p["amount"]
    for p in held.get("phase_credits_if_own_costliest_worlds", ()):
        if p["phase"] == phase and _owns_costliest_worlds(state, seat):
            credits += p["amount"]
    return credits, vp


def pay_phase_income(state: State, seat: Seat, phase: str) -> tuple[int, int]:
    credits, vp = phase_income(state, seat, phase)
    add_credits(seat, credits)
    award_vp(state, seat, vp)
    return credits, vp


# ---- Explore ---------------------------------------------------------------------------

def extra_workers(seat: Seat, phase: str) -> list[str]:
    return [p["die_colour"] for p in powers(seat, "extra_worker") if p["phase"] == phase]


def stock_credits(seat: Seat, colour: str) -> int:
    best = SETUP.stock_credits
    for p in powers(seat, "stock_credits_with"):
        if p["die_colour"] == colour:
            best = max(best, p["amount"])
    return best


def scout_to_top(seat: Seat) -> bool:
    return any(powers(seat, "scout_to_top"))


def may_rearrange(seat: Seat) -> bool:
    return any(powers(seat, "rearrange_construction"))


def rearranger(seat: Seat) -> str:
    """The side id whose power rearranges the construction zone (for the question's words):
    the first such side of the tableau, found among the few sides that have the power (the
    question is asked after every move of Advanced Logistics)."""
    return next(sid for sid in seat["tableau"] if sid in _REARRANGERS)


_REARRANGERS = frozenset(s.id for s in SIDES.values()
                         if any(e.name == "rearrange_construction" for e in s.powers))


def extra_tiles(seat: Seat) -> int:
    return sum(powers(seat, "keep_extra_tile"))


def scouted_credits(seat: Seat, colours: list[str]) -> int:
    return sum(p["amount"] for p in powers(seat, "credits_if_scouted_with")
               if p["die_colour"] in colours)


# ---- Ship ------------------------------------------------------------------------------

def trade_credits(seat: Seat, world: Side) -> int:
    total = SETUP.trade_credits[world.colour or ""]
    for p in powers(seat, "trade_bonus_credits"):
        p = with_defaults("trade_bonus_credits", p)
        total += p["amount"] if _matches(p["worlds"], world.colour) else 0
    return total


def consume_gains(seat: Seat, world: Side, good: str, shipper: str) -> tuple[int, int]:
    """VP chips and credits for consuming `good` from `world` with `shipper`: 1, +1 for each
    of good and shipper matching the world (purple always matches), and the powers' bonuses."""
    score = SETUP.consume_vp
    vp = score["always"]
    vp += score["good_matches"] if good in (world.colour, "purple") else 0
    vp += score["shipper_matches"] if shipper in (world.colour, "purple") else 0
    credits = 0
    for p in powers(seat, "consume_bonus_vp"):
        p = with_defaults("consume_bonus_vp", p)
        vp += p["amount"] if _matches(p["worlds"], world.colour) else 0
    for p in powers(seat, "consume_bonus_credits"):
        p = with_defaults("consume_bonus_credits", p)
        credits += p["amount"] if _matches(p["worlds"], world.colour) else 0
    return vp, credits


def vp_purchase(seat: Seat) -> tuple[int, int] | None:
    """(price, vp) of `buy_vp_after_trade`, if the seat has it."""
    found = powers(seat, "buy_vp_after_trade")
    return (found[0]["price"], found[0]["vp"]) if found else None


# ---- "6+" end bonus ---------------------------------------------------------------------

def _tiles(seat: Seat, which: str) -> list[Side]:
    every = tableau_sides(seat)
    return {
        "developments": [s for s in every if s.kind == "development"],
        "reassign_developments": [s for s in every if s.kind == "development" and s.is_reassign],
        "other_developments": [s for s in every
                               if s.kind == "development" and not s.is_reassign],
        "blue_worlds": [s for s in every if s.kind == "world" and s.colour == "blue"],
        "brown_worlds": [s for s in every if s.kind == "world" and s.colour == "brown"],
    }[which]


def _triangular(chips: int) -> int:
    k = 0
    while (k + 1) * (k + 2) // 2 <= chips:
        k += 1
    return k


def end_bonus(seat: Seat, bonus_side: Side) -> int:
    if bonus_side.end_bonus is None:
        return 0
    name, v = bonus_side.end_bonus.name, bonus_side.end_bonus.value
    dice = dice_of(seat)
    if name == "vp_per_dice_set":
        return v["vp"] * ceil(dice.count(v["die_colour"]) / v["set"])
    if name == "vp_per_die_colour_owned":
        return v * len(set(dice))
    if name == "vp_per_cost":
        return ceil(sum(s.cost for s in _tiles(seat, v["tiles"])) / v["divisor"])
    if name == "vp_per_tile":
        return v["vp"] * len(_tiles(seat, v["tiles"]))
    if name == "vp_triangular_chips":
        return _triangular(seat["vp"])
    if name == "vp_per_good":
        return v * sum(len(g) for g in seat["goods"].values())
    raise ValueError(name)
