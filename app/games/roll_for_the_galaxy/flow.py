"""The order of a round (RG-4.1): Roll and Assign, Reveal, the selected phases I → V (each
seat's workers one by one, every seat asked at once; Explore one seat at a time while the bag
runs low, RG-4.3), Manage, the end check. `advance` moves the game on as far as it goes
without asking anyone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from app.core import Event, event
from app.games.roll_for_the_galaxy import assign, build, explore, goods, manage, powers
from app.games.roll_for_the_galaxy.model import Seat, seats
from app.games.roll_for_the_galaxy.options import say

State = dict[str, Any]

LOW_BAG_PER_EXPLORER = 2
"""Explore is played one seat at a time when the bag holds fewer tiles than this many per
explorer still to act (RG-4.3, DECISIONS.md)."""


class PhaseRules(NamedTuple):
    start: Callable[[State, int], Any]
    options: Callable[[State, int], tuple[Any, list[dict[str, Any]]]]
    apply: Callable[[State, int, dict[str, Any]], list[Event]]
    settle: Callable[[State, int], None]
    is_done: Callable[[Seat], bool]


def _nothing(state: State, index: int) -> None:
    return None


PHASE_RULES: dict[str, PhaseRules] = {
    "explore": PhaseRules(explore.start, explore.options, explore.apply, _nothing,
                          explore.is_done),
    "develop": PhaseRules(build.start, build.options, build.apply, build.settle_seat,
                          build.is_done),
    "settle": PhaseRules(build.start, build.options, build.apply, build.settle_seat,
                         build.is_done),
    "produce": PhaseRules(_nothing, goods.produce_options, goods.produce,
                          goods.settle_producers, goods.is_done),
    "ship": PhaseRules(_nothing, goods.ship_options, goods.ship, goods.settle_shippers,
                       goods.is_done),
}


def phase_rules(state: State) -> PhaseRules:
    return PHASE_RULES[state["phase"]]


_LAST: tuple[State | None, list[int]] = (None, [])


def settled(state: State, acting: list[int]) -> list[int]:
    """Remember a finished state's acting seats (an action's new state, which `apply` has just
    asked about, is asked again at once for its prompts). Only for a state that nothing will
    change any more when some seat is acting (else the action goes on to `advance`); the state
    is held, so compared by identity."""
    global _LAST
    if acting:
        _LAST = (state, acting)
    return acting


def acting_seats(state: State) -> list[int]:
    """Seats asked in the current phase: all not done, or in sequential Explore the first of
    them in faction order."""
    last = _LAST
    if last[0] is state:
        return last[1]
    if state.get("short"):  # the bag ran short: only those giving a tile back are asked
        owing = explore.owing(state)
        if owing:
            return owing
    is_done, all_seats = PHASE_RULES[state["phase"]].is_done, state["seats"]
    open_ = [i for i in state["order"] if not is_done(all_seats[i])]
    return open_[:1] if state["phase"] == "explore" and state["sequential"] else open_


def acting_after_own_move(before: State, after: State, index: int) -> list[int]:
    """`acting_seats(after)` for a state where only seat `index` changed since `before`, in
    the same phase: the others' being done depends on their own data alone (every phase's
    `is_done`), so the seats acting before are kept and only the mover is asked again
    (`before`'s are remembered by `settled`: it is the state the action was applied to).
    Sequential Explore, a short bag, or a mover not acting before are worked out whole."""
    if before.get("short") or after.get("short") or index not in (was := acting_seats(before)):
        return acting_seats(after)
    if not PHASE_RULES[after["phase"]].is_done(after["seats"][index]):
        return was
    if after["phase"] == "explore" and after["sequential"]:
        return acting_seats(after)  # the next seat in order acts now
    return [i for i in was if i != index]


def _start_phase(state: State, phase: str) -> list[Event]:
    state["phase"] = phase
    events = [event(say("roll_for_the_galaxy.ev.phase", rfphase=phase), "phase",
                    names=state["players"])]
    for seat in seats(state):
        seat["work"] = seat["rows"].pop(phase, [])
        seat["vwork"] = powers.extra_workers(seat, phase) if phase in ("explore", "ship") else []
        seat["pend"] = None
    if phase == "explore":
        explorers = sum(len(s["work"]) + len(s["vwork"]) for s in seats(state))
        state["sequential"] = len(state["bag"]) < LOW_BAG_PER_EXPLORER * explorers
    rules = PHASE_RULES[phase]
    for i in range(len(seats(state))):
        events += rules.start(state, i) or []
        rules.settle(state, i)
    return events


def _end_phase(state: State) -> tuple[bool, list[Event]]:
    events: list[Event] = []
    phase = state["phase"]
    if phase == "explore":
        finished, events = explore.end(state)
        if not finished:
            return False, events
    for i in state["order"]:
        credits, vp = powers.pay_phase_income(state, seats(state)[i], phase)
        if credits or vp:
            events.append(event(say("roll_for_the_galaxy.ev.income", seat=i, n=credits, vp=vp),
                                phase, names=state["players"]))
    return True, events


def settle_all(state: State) -> None:
    rules = phase_rules(state)
    for i in range(len(seats(state))):
        rules.settle(state, i)


def advance(state: State) -> list[Event]:
    events: list[Event] = []
    while True:
        step = state["step"]
        if step == "setup":
            if any(s["pend"] for s in seats(state)):
                return events
            assign.roll(state)
            return events
        if step == "assign":
            if not assign.everyone_ready(state):
                return events
            events += assign.reveal(state)
            state["step"] = "phases"
            state["phase"] = None
            continue
        if step == "phases":
            if state["phase"] is not None:
                settle_all(state)
                if settled(state, acting_seats(state)):  # (`advance` is an action's last word)
                    return events
                finished, more = _end_phase(state)
                events += more
                if not finished:
                    continue
            later = [p for p in state["phases"]
                     if state["phase"] is None or
                     state["phases"].index(p) > state["phases"].index(state["phase"])]
            if later:
                events += _start_phase(state, later[0])
                continue
            state["step"] = "manage"
            state["phase"] = None
            for seat in seats(state):
                seat["rows"] = {}
            events += manage.start(state)
            continue
        if step == "manage":
            if manage.waiting(state):
                return events
            events += _end_round(state)
            return events
        return events


def _end_round(state: State) -> list[Event]:
    names = state["players"]
    state["phases"] = []
    state["extra_die"] = None
    if manage.game_ends(state):
        state["step"] = "over"
        state["result"] = manage.final_result(state)
        return [event(state["result"]["msg"], "result", names=names)]
    state["round"] += 1
    assign.roll(state)
    return [event(say("roll_for_the_galaxy.ev.round", n=state["round"]), "round", names=names)]
