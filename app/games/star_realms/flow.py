"""Driving the game: the stack of steps (ENGINE-NOTES "Flow as a stack of steps"), who is
asked what now, and answering.

The state's `stack` holds the steps under way, the top last. `effects` and `play_all` run by
themselves; every other step asks its seat (steps.py). With nothing on the stack the current
seat is asked for its main phase. `asks` returns a list so that formats where several seats
act at once (Hydra) may ask them together. The state keeps what it asks (`state["asks"]`,
made at the end of each action), so that showing the prompts and checking an answer cost
nothing more."""

from __future__ import annotations

from typing import Any

from app.core import IllegalAction
from app.games.star_realms import main_phase
from app.games.star_realms.abilities import use_gains
from app.games.star_realms.game import Game
from app.games.star_realms.resolve import next_effect
from app.games.star_realms.steps import STEPS

Ask = list[Any]  # [seat, kind, words, options]: JSON's shape, kept in the state


def advance(g: Game) -> None:
    """Run the steps that ask nobody, and pass over those with nothing to choose, until a seat
    must answer or the game is over; then use the current seat's abilities that only gain."""
    run_steps(g)
    lanes = g.state.get("lanes")
    if lanes is None:  # no team turns: one stack, one seat at work
        state = g.state
        if state["gains_due"] and not state["stack"] and state["result"] is None:
            state["gains_due"] = False
            active = state["active"]
            for seat in active:
                use_gains(g, seat)
            if len(active) > 1:
                g.usable = None  # what was found is the last seat's only
        return
    if lanes:
        # a teammate's action may have left another member's question with nothing to choose
        for key in list(lanes):
            g.use_lane(int(key))
            run_steps(g)
            if not lanes[key]:
                del lanes[key]
        g.use_lane(None)
    if g.state["gains_due"] and not g.state["stack"] and g.state["result"] is None:
        # only a card come into play or a new turn may make an ability that gains usable; a
        # Hydra member in the middle of a question uses theirs once it is answered
        active = g.state["active"]
        waiting = [seat for seat in active if lanes and lanes.get(str(seat))]
        g.state["gains_due"] = bool(waiting)
        for seat in active:
            if seat not in waiting:
                g.use_lane(seat if lanes is not None else None)
                use_gains(g, seat)
        g.use_lane(None)
        if len(active) > 1:
            g.usable = None  # what was found is the last seat's only
    if lanes:
        for key in [k for k, lane in lanes.items() if not lane]:
            del lanes[key]


def run_steps(g: Game) -> None:
    stack = g.stack
    while stack and g.state["result"] is None:
        top = stack[-1]
        step = top["step"]
        if step == "effects":
            next_effect(g, top)
        elif step == "play_all":
            main_phase.play_next(g, top)
        elif not STEPS[step].options(g, top):
            stack.pop()
        else:
            return


def asks(g: Game) -> list[Ask]:
    if g.state["result"] is not None:
        return []
    stack = g.state["stack"]
    if stack:
        top = stack[-1]
        step = STEPS[top["step"]]
        return [[top["seat"], step.kind, step.ask(g, top), step.options(g, top)]]
    # several seats at once in Hydra's team turns (SR-11.4.5); the server applies one action
    # at a time, and every seat's options are made anew after each. A member's question under
    # way (their lane) asks them, or an opponent (a discard), instead of their main phase; an
    # opponent already asked by a teammate's lane is asked the next question after that one.
    out: list[Ask] = []
    asked: set[int] = set()
    lanes = g.state.get("lanes")
    if lanes:
        for member, top in _lane_tops(g, lanes):
            step = STEPS[top["step"]]
            g.use_lane(member)
            out.append([top["seat"], step.kind, step.ask(g, top), step.options(g, top)])
            asked.add(top["seat"])
        g.use_lane(None)
    out += [[seat, "main", main_phase.ASK_MAIN, main_phase.options(g, seat)]
            for seat in g.state["active"] if seat not in asked and not (lanes or {}).get(str(seat))]
    return out


def _lane_tops(g: Game, lanes: dict[str, list[Any]]) -> list[tuple[int, dict[str, Any]]]:
    """(member, the step their lane asks now), in the order of play: one question per seat."""
    out = []
    asked: set[int] = set()
    for member in g.state["active"]:
        lane = lanes.get(str(member))
        if lane and lane[-1]["seat"] not in asked:
            out.append((member, lane[-1]))
            asked.add(lane[-1]["seat"])
    return out


def _lane_answered(g: Game, seat: int) -> int | None:
    """Hydra: the lane an answer of `seat` belongs to — the lane whose question asks it, else
    the seat's own (its main phase); None outside the team turns' lanes."""
    lanes = g.state.get("lanes")
    if lanes is None or g.state["stack"]:
        return None
    for member, top in _lane_tops(g, lanes):
        if top["seat"] == seat:
            return member
    return seat


def check(asked: list[Ask], seat: int, action: Any) -> None:
    """Only an option offered to `seat` may be played; anything else is refused."""
    for who, _, _, options in asked:
        if who == seat:
            for o in options:
                offered = o["action"]
                if offered is action or offered == action:
                    return
    raise IllegalAction("star_realms.error.not_offered")


def answer(g: Game, seat: int, action: Any, checked: bool = False) -> None:
    """Apply one of the options offered to `seat` (`checked`: the caller checked it)."""
    if not checked:
        check(asks(g), seat, action)
    lanes = "lanes" in g.state
    if lanes:
        g.use_lane(_lane_answered(g, seat))
    if g.stack:  # a question under way holds the teammates' main phases until answered
        top = g.stack[-1]
        STEPS[top["step"]].answer(g, top, action)
    else:
        main_phase.answer(g, seat, action)
    advance(g)
    if lanes:
        g.use_lane(None)
