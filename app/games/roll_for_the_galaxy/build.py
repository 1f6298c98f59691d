"""Phases II Develop and III Settle (RG-7.5.2, RG-7.5.3): each worker goes, one at a time, onto
the top tile of its stack; a tile holding as many workers as it needs (printed cost less the
discounts, at least 1) is completed — into the tableau, its workers to the citizenry (or the
cup, by a power), its power working at once, its immediate effect applied (a die removed
first, asked of the owner: "remove, then add"). A tile that got enough dice during Explore is
completed at the start of the next such phase (B8)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from app.core import Event, event
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import side
from app.games.roll_for_the_galaxy.effects import PHASES
from app.games.roll_for_the_galaxy.model import (
    PHASE_STACK,
    STACK_DICE,
    Seat,
    add_credits,
    seats,
    top_side,
)
from app.games.roll_for_the_galaxy.options import option, question, say

State = dict[str, Any]


def start(state: State, index: int) -> list[Event]:
    return complete_ready(state, index, PHASE_STACK[state["phase"]])


def complete_ready(state: State, index: int, stack: str) -> list[Event]:
    """Complete the top tile while it holds enough workers (several a phase, RG-7.5.2). A tile
    holding more dice than it needs, of more than one colour, asks the owner which dice
    complete it (the rest wait on the next tile; rulebook, Develop/Settle)."""
    seat = seats(state)[index]
    events: list[Event] = []
    while not seat["pend"]:
        top = top_side(seat, stack)
        dice = seat[STACK_DICE[stack]]
        need = 0 if top is None else powers.workers_needed(seat, top)
        if top is None or len(dice) < need:
            break
        if len(dice) > need and len(set(dice)) > 1:
            seat["pend"] = {"kind": "completers", "side": top.id, "need": need}
            break
        events += _complete(state, index, stack, top)
    return events


def _complete(state: State, index: int, stack: str, done: Any) -> list[Event]:
    seat = seats(state)[index]
    need = powers.workers_needed(seat, done)
    dice = seat[STACK_DICE[stack]]
    completers, seat[STACK_DICE[stack]] = dice[:need], dice[need:]
    seat[stack].pop(0)
    credits = powers.completion_credits(seat, done)
    to_cup = powers.completers_to_cup(seat, done, completers)
    for c in to_cup:
        completers.remove(c)
    may_send = min(powers.completers_may_go_to_cup(seat, done), len(completers))
    seat["cup"] += to_cup
    seat["citizenry"] += completers
    seat["tableau"].append(done.id)
    add_credits(seat, credits)
    events = [event(say("roll_for_the_galaxy.ev.complete", seat=index, rfside=done.id),
                    state["phase"], names=state["players"])]
    if may_send:
        seat["pend"] = {"kind": "to_cup", "side": done.id, "n": may_send, "dice": completers}
        return events
    return events + _immediate(state, index, done)


def _immediate(state: State, index: int, done: Any) -> list[Event]:
    """The completed tile's immediate effect: a die to remove is asked first (FAQ)."""
    seat = seats(state)[index]
    remove = powers.dice_to_remove(done)
    if remove and _removable(seat):
        seat["pend"] = {"kind": "remove", "n": remove, "side": done.id}
    else:
        powers.apply_immediate(state, seat, done)
    return []


# ---- which dice complete a tile, and which of them go to the cup ---------------------------

def completer_options(state: State, index: int) -> list[dict[str, Any]]:
    """Each different set of colours that can complete the tile (dice of one colour are
    alike, so only the sets that differ are offered)."""
    seat = seats(state)[index]
    pend = seat["pend"]
    dice = seat[STACK_DICE[PHASE_STACK[state["phase"]]]]
    sets = sorted({tuple(sorted(c)) for c in combinations(dice, pend["need"])})
    return [option(state, say("roll_for_the_galaxy.opt.completers", rfside=pend["side"],
                              rfcolour_dice=list(c)), {"type": "completers", "dice": list(c)})
            for c in sets]


def to_cup_options(state: State, index: int) -> list[dict[str, Any]]:
    """Up to n of the completers to the cup: every different choice, the most first."""
    pend = seats(state)[index]["pend"]
    sets = {tuple(sorted(c)) for k in range(pend["n"] + 1)
            for c in combinations(pend["dice"], k)}
    return [option(state, say("roll_for_the_galaxy.opt.to_cup", n=len(c),
                              rfcolour_dice=list(c)),
                   {"type": "to_cup", "dice": list(c)})
            for c in sorted(sets, key=lambda c: (-len(c), c))]


def apply_completers(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    stack = PHASE_STACK[state["phase"]]
    rest = list(seat[STACK_DICE[stack]])
    for c in action["dice"]:
        rest.remove(c)
    seat[STACK_DICE[stack]] = [*action["dice"], *rest]
    seat["pend"] = None
    top = top_side(seat, stack)
    assert top is not None
    return _complete(state, index, stack, top) + complete_ready(state, index, stack)


def apply_to_cup(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    done = side(seat["pend"]["side"])
    for c in action["dice"]:
        seat["citizenry"].remove(c)
        seat["cup"].append(c)
    seat["pend"] = None
    events = _immediate(state, index, done)
    if state["phase"] in PHASE_STACK:
        events += complete_ready(state, index, PHASE_STACK[state["phase"]])
    return events


# ---- "remove one of your dice" ------------------------------------------------------------

def _removable(seat: Seat) -> list[tuple[str, str]]:
    """Distinct (place, colour) of the seat's dice, anywhere (RG-7.5.3)."""
    places: list[tuple[str, list[str]]] = [
        ("cup", seat["cup"]), ("citizenry", seat["citizenry"]), ("devs", seat["dev_dice"]),
        ("worlds", seat["world_dice"]), ("work", seat["work"])]
    places += [(f"row:{p}", seat["rows"].get(p, [])) for p in PHASES]
    places += [(f"good:{w}", g) for w, g in seat["goods"].items()]
    return list(dict.fromkeys((place, c) for place, dice in places for c in dice))


def _dice_at(seat: Seat, place: str) -> list[str]:
    if place.startswith("row:"):
        return seat["rows"][place[4:]]
    if place.startswith("good:"):
        return seat["goods"][place[5:]]
    return seat[{"devs": "dev_dice", "worlds": "world_dice"}.get(place, place)]


def _remove_option(state: State, place: str, colour: str) -> dict[str, Any]:
    action = {"type": "remove", "from": place, "die": colour}
    if place.startswith("row:"):
        said = say("roll_for_the_galaxy.opt.remove_row", rfcolour=colour, rfphase=place[4:])
    elif place.startswith("good:"):
        said = say("roll_for_the_galaxy.opt.remove_good", rfcolour=colour, rfside=place[5:])
    else:
        said = say("roll_for_the_galaxy.opt.remove", rfcolour=colour, where=place)
    return option(state, said, action)


def remove_options(state: State, index: int) -> list[dict[str, Any]]:
    return [_remove_option(state, place, c) for place, c in _removable(seats(state)[index])]


def apply_remove(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    _dice_at(seat, action["from"]).remove(action["die"])
    if action["from"].startswith("good:") and not seat["goods"][action["from"][5:]]:
        del seat["goods"][action["from"][5:]]
    state["supply"][action["die"]] += 1
    pend = seat["pend"]
    pend["n"] -= 1
    events = [event(say("roll_for_the_galaxy.ev.removed", seat=index, rfcolour=action["die"]),
                    state["phase"], names=state["players"])]
    if pend["n"] == 0 or not _removable(seat):
        seat["pend"] = None
        powers.apply_immediate(state, seat, side(pend["side"]))
        if state["phase"] in PHASE_STACK:
            events += complete_ready(state, index, PHASE_STACK[state["phase"]])
    return events


# ---- the phase ----------------------------------------------------------------------------

def options(state: State, index: int) -> tuple[Any, list[dict[str, Any]]]:
    seat = seats(state)[index]
    pend = seat["pend"]
    if pend and pend["kind"] == "completers":
        return (question(state, "roll_for_the_galaxy.ask.completers", rfside=pend["side"],
                         n=pend["need"]),
                completer_options(state, index))
    if pend and pend["kind"] == "to_cup":
        return (question(state, "roll_for_the_galaxy.ask.to_cup", rfside=pend["side"], n=pend["n"]),
                to_cup_options(state, index))
    if pend:
        return question(state, "roll_for_the_galaxy.ask.remove"), remove_options(state, index)
    phase = state["phase"]
    top = top_side(seat, PHASE_STACK[phase])
    assert top is not None  # settle_seat sends workers with no tile back to the cup
    opts = [option(state, say("roll_for_the_galaxy.opt.build", rfcolour=c, rfside=top.id),
                   {"type": "build", "die": c}) for c in dict.fromkeys(seat["work"])]
    return question(state, "roll_for_the_galaxy.ask.build", rfphase=phase,
                    n=len(seat["work"])), opts


def apply(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    if action["type"] == "remove":
        return apply_remove(state, index, action)
    if action["type"] == "completers":
        return apply_completers(state, index, action)
    if action["type"] == "to_cup":
        return apply_to_cup(state, index, action)
    seat = seats(state)[index]
    stack = PHASE_STACK[state["phase"]]
    seat["work"].remove(action["die"])
    seat[STACK_DICE[stack]].append(action["die"])
    return complete_ready(state, index, stack)


def settle_seat(state: State, index: int) -> None:
    """Workers left with no tile to work on go back to the cup (RG-7.5.2 item 4), and so do
    dice lying on a stack that Scouting emptied (B9)."""
    seat = seats(state)[index]
    stack = PHASE_STACK[state["phase"]]
    if not seat["pend"] and not seat[stack] and (seat["work"] or seat[STACK_DICE[stack]]):
        # (a settled seat is left as it is: it may be shared with the state before)
        seat["cup"] += seat["work"] + seat[STACK_DICE[stack]]
        seat["work"] = []
        seat[STACK_DICE[stack]] = []


def is_done(seat: Seat) -> bool:
    return not seat["work"] and not seat["pend"]
