"""The game state's shape and the small questions every rule asks of it: whose tiles are
where, how many dice of which colour lie where, credits with their cap, VP chips from the pool.

A state is plain data. Per seat (`state["seats"][i]`): `faction`, `home`, `tableau` (side ids),
`devs` / `worlds` (construction stacks, tile numbers, top first) with `dev_dice` / `world_dice`
(die colours lying on the top tile), `cup`, `citizenry` (die colours), `goods` (world side id →
die colours), `credits`, `vp`; during Assign `dice` ([colour, face, row] each), `selector`,
`used`, `active`, `ready`; during a phase `rows` (phase → colours), `work` / `vwork` (the real
and virtual workers still to act), `pend` (a decision under way) and `done`.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.games.roll_for_the_galaxy.components import DICE, SETUP, TILES, Side, side, tile
from app.games.roll_for_the_galaxy.effects import PHASES

Seat = dict[str, Any]
STACKS = ("devs", "worlds")
STACK_DICE = {"devs": "dev_dice", "worlds": "world_dice"}
STACK_KIND = {"devs": "development", "worlds": "world"}
KIND_STACK = {"development": "devs", "world": "worlds"}
PHASE_STACK = {"develop": "devs", "settle": "worlds"}


def seats(state: dict[str, Any]) -> list[Seat]:
    return state["seats"]


_SCALARS = frozenset({"faction", "home", "credits", "vp", "selector", "selected", "ready",
                      "arranging", "owes_tile"})
_FLAT_LISTS = ("tableau", "devs", "worlds", "dev_dice", "world_dice", "cup", "citizenry",
               "work", "vwork", "used", "discards", "scouted")
_SHAPED = frozenset({*_SCALARS, *_FLAT_LISTS, "goods", "rows", "dice", "rolled", "pend",
                     "active", "revealed"})


def copied_seat(seat: Seat) -> Seat:
    """A whole copy of a seat, made by its shape (the module docstring): the lists of plain
    values by a slice, the dicts of such lists one level deeper, sharing only the plain values
    (strings and numbers are never changed) and what is never changed in place (each die
    behind the screen, the roll, the revealed assignment: see below). Cheaper than an `orjson`
    round trip, which makes every string anew, and so spares every later comparison and lookup
    of those strings their identity shortcut; a seat with a key of another shape is copied by
    the round trip. Keys keep their order (a state is hashed as it is)."""
    if not seat.keys() <= _SHAPED:
        return orjson.loads(orjson.dumps(seat))  # type: ignore[no-any-return]
    out = dict(seat)
    try:  # every seat has these from setup on (written out: 7 % fewer instructions than a loop)
        out["tableau"] = seat["tableau"][:]
        out["devs"] = seat["devs"][:]
        out["worlds"] = seat["worlds"][:]
        out["dev_dice"] = seat["dev_dice"][:]
        out["world_dice"] = seat["world_dice"][:]
        out["cup"] = seat["cup"][:]
        out["citizenry"] = seat["citizenry"][:]
        out["work"] = seat["work"][:]
        out["vwork"] = seat["vwork"][:]
        out["used"] = seat["used"][:]
        out["discards"] = seat["discards"][:]
        out["scouted"] = seat["scouted"][:]
    except KeyError:  # a seat made by hand (tests) may lack some
        for key in _FLAT_LISTS:
            value = seat.get(key)
            if value is not None:
                out[key] = value[:]
    # (a comprehension is a call of its own: the empty ones — goods early, rows behind the
    # screen — are made without it)
    goods, rows, dice = seat["goods"], seat["rows"], seat["dice"]
    out["goods"] = {k: v[:] for k, v in goods.items()} if goods else {}
    out["rows"] = {k: v[:] for k, v in rows.items()} if rows else {}
    out["dice"] = dice[:]  # (a step behind the screen moves a die by a new list: never changed)
    pend = seat["pend"]
    if pend is not None:  # plain values or lists of them (tiles, dice, discarded)
        out["pend"] = {k: v[:] if type(v) is list else v for k, v in pend.items()}
    if seat["active"] is not None:  # plain values
        out["active"] = dict(seat["active"])
    # `rolled` and `revealed` are shared, not copied: nothing changes them in place once made
    # (a roll makes `rolled` anew, Reveal `revealed` from the dice it takes off the seat; the
    # steps behind the screen change `dice`, made anew from `rolled` by `_start_over`), as the
    # part copies of Explore, Manage and the steps already share them
    return out


def tableau_sides(seat: Seat) -> list[Side]:
    return [side(s) for s in seat["tableau"]]


def powers(seat: Seat, name: str) -> list[Any]:
    """The values of every power called `name` on the seat's tableau."""
    return list(_powers_of(seat["tableau"]).get(name, ()))


def power_values(seat: Seat) -> dict[str, list[Any]]:
    """Every power's values by name, as kept for the seat's tableau: read it, never change it."""
    return _powers_of(seat["tableau"])


_POWERS: dict[tuple[str, ...], dict[str, list[Any]]] = {}
_KEEP_AT_MOST = 8192


def _powers_of(tableau: list[str]) -> dict[str, list[Any]]:
    """A tableau's power values by name, kept by the tableau: they are asked for at every
    action (incomes, workers, options) and a tableau changes a few times a game."""
    key = tuple(tableau)
    found = _POWERS.get(key)
    if found is None:
        if len(_POWERS) >= _KEEP_AT_MOST:
            _POWERS.clear()
        found = {}
        for s in key:
            for e in side(s).powers:
                found.setdefault(e.name, []).append(e.value)
        _POWERS[key] = found
    return found


def has_power(seat: Seat, name: str) -> bool:
    return name in _powers_of(seat["tableau"])


def worlds_of(seat: Seat) -> list[Side]:
    return [s for s in tableau_sides(seat) if s.kind == "world"]


def developments_of(seat: Seat) -> list[Side]:
    return [s for s in tableau_sides(seat) if s.kind == "development"]


def tableau_count(seat: Seat) -> int:
    """Tiles for the end condition: the faction tile counts 2, every other side 1 (RG-7.6)."""
    return len(seat["tableau"])  # the faction's two halves are two entries


def stack_side(number: int, stack: str) -> Side:
    return tile(number).side(STACK_KIND[stack])  # type: ignore[arg-type]


def top_side(seat: Seat, stack: str) -> Side | None:
    return stack_side(seat[stack][0], stack) if seat[stack] else None


def goods_room(seat: Seat, world: Side) -> int:
    """Goods this world can still take (Galactic Reserves adds to every coloured world)."""
    if not world.holds_goods:
        return 0
    limit = SETUP.goods_per_world + sum(powers(seat, "extra_goods_per_world"))
    return limit - len(seat["goods"].get(world.id, []))


def add_credits(seat: Seat, amount: int) -> None:
    seat["credits"] = max(0, min(SETUP.max_credits, seat["credits"] + amount))


def award_vp(state: dict[str, Any], seat: Seat, amount: int) -> None:
    """VP chips from the pool; once it is empty the 10-VP chips pay on without limit, and the
    emptying ends the game after this round (RG-7.5.5, B4)."""
    if amount <= 0:
        return
    seat["vp"] += amount
    if state["vp_pool"] > 0:
        state["vp_pool"] = max(0, state["vp_pool"] - amount)
        if state["vp_pool"] == 0:
            state["pool_emptied"] = True


def take_die(state: dict[str, Any], colour: str) -> bool:
    """A new die of this colour from the common supply; False when none is left (B5)."""
    if state["supply"][colour] <= 0:
        return False
    state["supply"][colour] -= 1
    return True


def dice_of(seat: Seat) -> list[str]:
    """Every die the seat owns, wherever it lies (for counting and "6+" bonuses)."""
    out = [*seat["cup"], *seat["citizenry"], *seat["dev_dice"], *seat["world_dice"],
           *seat.get("work", [])]
    for row in seat.get("rows", {}).values():
        out += row
    out += [d[0] for d in seat.get("dice", [])]
    for goods in seat["goods"].values():
        out += goods
    return out


def dice_total(state: dict[str, Any]) -> dict[str, int]:
    """Dice by colour over all seats and the supply: always the box's count."""
    out = dict(state["supply"])
    for seat in seats(state):
        for colour in dice_of(seat):
            out[colour] += 1
    return out


def tiles_total(state: dict[str, Any]) -> list[int]:
    """Every game tile's number wherever it is (bag, stacks, tableaus, hands, discards)."""
    out = list(state["bag"])
    for seat in seats(state):
        out += seat["devs"] + seat["worlds"] + seat.get("discards", [])
        out += [TILE_NUMBER[s] for s in seat["tableau"] if s in TILE_NUMBER]
        pend = seat.get("pend")
        if pend and pend.get("tiles"):
            out += pend["tiles"]
    return sorted(out)


TILE_NUMBER = {s.id: t.number for t in TILES.values() for s in (t.development, t.world)}
DIE_COUNT = {c: d.count for c, d in DICE.items()}
__all__ = ["PHASES"]
