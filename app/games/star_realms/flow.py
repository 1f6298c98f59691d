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
    if g.state["gains_due"] and not g.stack and g.state["result"] is None:
        # only a card come into play or a new turn may make an ability that gains usable
        g.state["gains_due"] = False
        active = g.state["active"]
        for seat in active:
            use_gains(g, seat)
        if len(active) > 1:
            g.usable = None  # what was found is the last seat's only


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
    if g.stack:
        top = g.stack[-1]
        step = STEPS[top["step"]]
        return [[top["seat"], step.kind, step.ask(g, top), step.options(g, top)]]
    # several seats at once in Hydra's team turns (SR-11.4.5); the server applies one action
    # at a time, and every seat's options are made anew after each
    return [[seat, "main", main_phase.ask(g, seat), main_phase.options(g, seat)]
            for seat in g.state["active"]]


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
    if g.stack:  # a question under way holds the teammates' main phases until answered
        top = g.stack[-1]
        STEPS[top["step"]].answer(g, top, action)
    else:
        main_phase.answer(g, seat, action)
    advance(g)
