"""Phase I, Explore (RG-7.5.1): each explorer Stocks ($2, or a power's amount) or Scouts
(discard any tiles of the construction zone, draw one more, lay each drawn tile on the side the
player chooses at the bottom of its stack — or on top with `scout_to_top`). Drawn tiles are the
drawer's secret until they show on top of a stack; discards go back to the bag at the end.
Alien Research Team's tile (`keep_extra_tile`) comes after every player is done.

Seat keys of this phase: `discards`, `scouted`, `arranging` (Advanced Logistics not yet said
done), `owes_tile` (a tile to give back to a short bag); `state["short"]` is the short-bag step
under way (`{scout, missing}`)."""

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
from app.games.roll_for_the_galaxy.options import option, question, say

State = dict[str, Any]


def start(state: State, index: int) -> None:
    seat = seats(state)[index]
    seat["discards"] = []
    seat["scouted"] = []
    seat["arranging"] = powers.may_rearrange(seat)
    state["extra_given"] = False


OWN_SEAT_ONLY = frozenset({"stock", "scout", "discard", "rearrange", "rearranged",
                           "place_tile"})
"""Explore actions that change nothing but the acting seat (`draw` takes from the bag, and
short of tiles from everyone's discards; `give_back` puts a tile into it): while Explore goes
on after one of them, the new state shares the other seats with the one before
(`RollForTheGalaxy.apply`). The last tile placed from a short draw is not one of them
(`own_seat_only`): the other players may owe the bag a tile then."""


def own_seat_only(state: State, index: int, action: dict[str, Any]) -> bool:
    """Whether `action` changes nothing but the seat's own data (see OWN_SEAT_ONLY)."""
    kind = action.get("type")
    if kind not in OWN_SEAT_ONLY:
        return False
    if kind == "place_tile":
        pend = seats(state)[index]["pend"]
        return len(pend["tiles"]) > 1 or not pend.get("missing")
    return True


def seat_and_bag_only(state: State, index: int, action: dict[str, Any]) -> bool:
    """Whether `action` is a draw that changes nothing but the seat and the bag: the bag holds
    enough (`draw`: short, it takes everyone's discards back first)."""
    if action.get("type") != "draw":
        return False
    pend = seats(state)[index]["pend"]
    return len(state["bag"]) >= len(pend["discarded"]) + 1


_CHANGED_LISTS = {
    "stock": ("work", "vwork", "citizenry"),
    "scout": ("work", "vwork", "citizenry", "scouted"),
    "discard": ("devs", "worlds", "discards"),
    "rearrange": ("devs", "worlds"),
    "rearranged": (),
    "place_tile": ("devs", "worlds"),
}
"""The lists of the seat each OWN_SEAT_ONLY action changes in place (`apply`); a scout and a
discard also change the decision under way, a placed tile its tiles."""


def copied_seat(seat: Seat, action: dict[str, Any]) -> Seat:
    """The seat with what an OWN_SEAT_ONLY `action` changes copied (the lists it changes in
    place, and the decision under way for a discard or a placed tile, a dict of flat lists);
    the rest is replaced whole (credits, flags, a new decision) or not changed, so shared."""
    out = dict(seat)
    kind = action["type"]
    for key in _CHANGED_LISTS[kind]:
        if key in seat:  # (a seat made by hand, in tests, may lack some)
            out[key] = seat[key][:]
    pend = seat["pend"]
    if pend is not None and kind in ("discard", "place_tile"):
        out["pend"] = {k: v[:] if type(v) is list else v for k, v in pend.items()}
    return out


def _workers(seat: Seat) -> list[tuple[str, bool]]:
    """Distinct (colour, virtual) among the workers still to act."""
    out = [(c, False) for c in dict.fromkeys(seat["work"])]
    return out + [(c, True) for c in dict.fromkeys(seat["vwork"])]


def options(state: State, index: int) -> tuple[Any, list[dict[str, Any]]]:
    seat = seats(state)[index]
    pend = seat["pend"]
    if seat.get("owes_tile"):
        return question(state, "roll_for_the_galaxy.ask.give_back"), [
            option(state, say("roll_for_the_galaxy.opt.give_back",
                              rfside=stack_side(number, stack).id),
                   {"type": "give_back", "stack": stack, "pos": pos})
            for stack in STACKS for pos, number in enumerate(seat[stack])]
    if pend and pend["kind"] == "place":
        opts = []
        tops = (False, True) if powers.scout_to_top(seat) else (False,)
        kept = _kept_options(state)
        for k, number in enumerate(pend["tiles"]):
            for kind in ("development", "world"):
                for top in tops:
                    found = kept.get(("place", k, number, kind, top))
                    if found is None:
                        found = kept["place", k, number, kind, top] = option(state, say(
                            "roll_for_the_galaxy.opt.place_tile",
                            rfside=stack_side(number, KIND_STACK[kind]).id,
                            top="yes" if top else "no"),
                            {"type": "place_tile", "tile": k, "as": kind, "top": top})
                    opts.append(found)
        return question(state, "roll_for_the_galaxy.ask.place_tile", n=len(pend["tiles"])), opts
    if pend and pend["kind"] == "scout":
        kept = _kept_options(state)
        n = len(pend["discarded"]) + 1
        found = kept.get(("draw", n))
        if found is None:
            found = kept["draw", n] = option(state, say("roll_for_the_galaxy.opt.draw", n=n),
                                             {"type": "draw"})
        opts = [found]
        for stack in STACKS:
            for pos, number in enumerate(seat[stack]):
                found = kept.get(("discard", number, stack, pos))
                if found is None:
                    found = kept["discard", number, stack, pos] = option(state, say(
                        "roll_for_the_galaxy.opt.discard", rfside=stack_side(number, stack).id),
                        {"type": "discard", "stack": stack, "pos": pos})
                opts.append(found)
        return question(state, "roll_for_the_galaxy.ask.scout"), opts
    if not seat["work"] and not seat["vwork"]:
        # Advanced Logistics after the last explorer, or with none (FAQ: any number of times
        # during Explore; a power works with no worker in its phase)
        kept = _kept_options(state)
        found = kept.get(("rearranged",))
        if found is None:
            found = kept["rearranged",] = option(state, say("roll_for_the_galaxy.opt.rearranged"),
                                                 {"type": "rearranged"})
        return question(state, "roll_for_the_galaxy.ask.rearrange",
                        rfside=powers.rearranger(seat)), [found, *_rearrangements(state, seat)]
    opts = []
    kept = _kept_options(state)
    for colour, virtual in _workers(seat):
        credits = powers.stock_credits(seat, colour)
        found = kept.get(("worker", colour, virtual, credits))
        if found is None:
            found = kept["worker", colour, virtual, credits] = (
                option(state, say("roll_for_the_galaxy.opt.scout", rfcolour=colour),
                       {"type": "scout", "die": colour, "virtual": virtual}),
                option(state, say("roll_for_the_galaxy.opt.stock", rfcolour=colour,
                                  n=credits),
                       {"type": "stock", "die": colour, "virtual": virtual}))
        opts += found
    if powers.may_rearrange(seat):
        opts += _rearrangements(state, seat)
    n = len(seat["work"]) + len(seat["vwork"])
    return question(state, "roll_for_the_galaxy.ask.explore", n=n), opts


def _rearrangements(state: State, seat: Seat) -> list[dict[str, Any]]:
    """Advanced Logistics: any construction tile to the top or bottom of either stack (the
    other stack flips it), as often as wanted during Explore, before and after the seat's
    explorers, until the seat says it is done (and before Alien Research Team's tile). The
    list is kept: read it, never change it."""
    kept = _kept_options(state)
    # the whole list is kept by the construction zone too: the seat moves one tile at a time
    # and comes back to arrangements it had
    zone = ("rearrangements", tuple(seat["devs"]), tuple(seat["worlds"]))
    whole = kept.get(zone)
    if whole is not None:
        return whole  # type: ignore[no-any-return]
    opts = kept[zone] = []
    for stack in STACKS:
        last = len(seat[stack]) - 1
        for pos, number in enumerate(seat[stack]):
            # a tile's moves depend on where it lies (the top of its own stack is no move for
            # its first tile, the bottom none for its last)
            key = ("rearrange", number, stack, pos, pos == last)
            found = kept.get(key)
            if found is None:
                found = kept[key] = _tile_rearrangements(state, number, stack, pos,
                                                         pos == last)
            opts += found
    return opts


def _tile_rearrangements(state: State, number: int, stack: str, pos: int, last: bool
                         ) -> list[dict[str, Any]]:
    opts = []
    for to in STACKS:
        for top in (True, False):
            if to == stack and (pos == 0 if top else last):
                continue
            opts.append(option(state, say(
                "roll_for_the_galaxy.opt.rearrange", rfside=stack_side(number, stack).id,
                rfside_to=stack_side(number, to).id, top="yes" if top else "no"),
                {"type": "rearrange", "stack": stack, "pos": pos, "to": to, "top": top}))
    return opts


_KEPT: dict[tuple[str, ...], dict[tuple[Any, ...], Any]] = {}
_KEEP_AT_MOST = 20000


def _kept_options(state: State) -> dict[tuple[Any, ...], Any]:
    """Explore's options built so far for these names, by what each depends on (a worker's
    colour and credits, a tile and its place, the tiles to draw): a seat is asked again after
    every move with nearly the same options, so only the question is worded anew (kept for a
    few sets of names only)."""
    names = tuple(state["players"])
    found = _KEPT.get(names)
    if found is None or len(found) >= _KEEP_AT_MOST:
        if len(_KEPT) >= 8:
            _KEPT.clear()
        found = _KEPT[names] = {}
    return found


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


def drawn_lines(state: State, index: int, tiles: list[int]) -> list[Event]:
    """The drawer's own log lines naming each tile drawn (both sides); everyone else's line
    says only how many (digest §13: drawn tiles are the drawer's until they show)."""
    return [event(say("roll_for_the_galaxy.ev.drew_tile", seat=index,
                      rfside_dev=stack_side(n, "devs").id,
                      rfside_world=stack_side(n, "worlds").id),
                  "explore", to=[index], names=state["players"]) for n in tiles]


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
        seat["pend"] = {"kind": "place", "tiles": tiles, "missing": n - len(tiles)}
        events = [event(say("roll_for_the_galaxy.ev.scout", seat=index,
                            n=len(tiles), discarded=n - 1), "explore",
                        names=names), *drawn_lines(state, index, tiles)]
        if not tiles:
            events += _bag_short(state, index)
        return events
    if kind == "give_back":
        return _give_back(state, index, action)
    if kind == "rearranged":
        seat["arranging"] = False
        return []
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
        return _bag_short(state, index)
    return []


# ---- the bag runs short while Scouting (FAQ, Explore) ---------------------------------------

def _bag_short(state: State, index: int) -> list[Event]:
    """The scout has placed every tile there was (the discards went back to the bag first);
    if some are still missing, each player with 3 or more construction tiles (the scout too)
    puts one of them back into the bag — all at once, each choosing their own — and then the
    scout draws the missing number (what there is, if still short)."""
    seat = seats(state)[index]
    missing = seat["pend"].get("missing", 0)
    seat["pend"] = None
    owing = [i for i in state["order"] if len(seats(state)[i]["devs"]) +
             len(seats(state)[i]["worlds"]) >= BAG_SHORT_TILES]
    if not missing or not owing:
        return []
    state["short"] = {"scout": index, "missing": missing}
    for i in owing:
        seats(state)[i]["owes_tile"] = True
    return [event(say("roll_for_the_galaxy.ev.bag_short", n=missing, k=BAG_SHORT_TILES),
                  "explore", names=state["players"])]


BAG_SHORT_TILES = 3
"""A player with this many construction tiles or more gives one back when the bag runs short."""


def owing(state: State) -> list[int]:
    """The seats still to give a tile back to the bag (they alone are asked meanwhile)."""
    if not state.get("short"):
        return []
    return [i for i in state["order"] if seats(state)[i].get("owes_tile")]


def _give_back(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    state["bag"].append(seat[action["stack"]].pop(action["pos"]))
    seat["owes_tile"] = False
    events = [event(say("roll_for_the_galaxy.ev.gave_back", seat=index), "explore",
                    names=state["players"])]
    if owing(state):
        return events
    scout, missing = state["short"]["scout"], state["short"]["missing"]
    state["short"] = None
    tiles = draw(state, missing)
    if tiles:
        seats(state)[scout]["pend"] = {"kind": "place", "tiles": tiles}
    return events + [event(say("roll_for_the_galaxy.ev.scout_more", seat=scout, n=len(tiles)),
                           "explore", names=state["players"]),
                     *drawn_lines(state, scout, tiles)]


def is_done(seat: Seat) -> bool:
    """No explorer left, no Scout under way, and Advanced Logistics (if any) said done — or
    with no construction tile, nothing to rearrange, so nothing asked."""
    return (not seat["work"] and not seat["vwork"] and not seat["pend"]
            and not seat.get("owes_tile")
            and not (seat.get("arranging") and (seat["devs"] or seat["worlds"])))


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
                    events += drawn_lines(state, i, tiles)
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
