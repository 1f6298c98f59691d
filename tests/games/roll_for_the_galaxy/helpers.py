"""Known states for Roll for the Galaxy scenarios: a game set up, then its seats given exactly
the tiles, dice and credits a rule needs; actions posted through the core (`act`), so every
one is checked against the options offered."""

from __future__ import annotations

from typing import Any

from app.core import act
from app.core.drafts import steps_action
from app.games.roll_for_the_galaxy import flow
from app.games.roll_for_the_galaxy.rules import RULES

State = dict[str, Any]


def names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cid", "Dee", "Eve"][:n]


def new(n: int = 2, seed: int = 1, first_game: bool = True) -> State:
    return RULES.new_game(RULES.check_options({"first_game": first_game}, names(n)), names(n),
                          seed)


def seat(state: State, i: int) -> dict[str, Any]:
    return state["seats"][i]


def give(state: State, i: int, **fields: Any) -> None:
    """Set a seat's fields (tableau, cup, credits ...) as a scenario needs them."""
    seat(state, i).update(fields)


def play(state: State, i: int, action: dict[str, Any]) -> tuple[State, list[Any]]:
    return act(RULES, state, i, action)


def steps(state: State, i: int, *actions: dict[str, Any]) -> State:
    """A decision behind the screen: its steps and "ready", posted as one action."""
    state, _ = act(RULES, state, i, steps_action([*actions, {"type": "ready"}]))
    return state


def roll_as(state: State, i: int, dice: list[tuple[str, str]]) -> None:
    """The seat's roll, as if the dice had come up so (wild dice wait to be placed)."""
    s = seat(state, i)
    s["rolled"] = [list(d) for d in dice]
    s["dice"] = [[c, f, None if f == "wild" else f] for c, f in dice]
    s.update(selector=None, selected=None, used=[], active=None, ready=False)


def options(state: State, i: int) -> list[dict[str, Any]]:
    return [o["action"] for p in RULES.prompts(state) if p["seat"] == i for o in p["options"]]


def prompt_of(state: State, i: int) -> dict[str, Any]:
    return next(p for p in RULES.prompts(state) if p["seat"] == i)


def start_phases(state: State, rows: list[dict[str, list[str]]], phases: list[str]) -> State:
    """Skip Assign: each seat's workers in the given rows, these phases played. A seat given
    no rows gets one white worker in each phase (with `table`'s tiles it stays asked, so the
    phase does not end under the scenario)."""
    state["step"] = "phases"
    state["phase"] = None
    state["phases"] = phases
    rows = rows + [{p: ["white"] for p in phases}] * (len(state["seats"]) - len(rows))
    for i, r in enumerate(rows):
        s = seat(state, i)
        s["dice"] = []
        s["rolled"] = []
        s["rows"] = {p: list(r.get(p, [])) for p in phases}
    flow.advance(state)
    return state


def idle(state: State) -> None:
    """Every seat without dice anywhere (a scenario then gives each what it needs)."""
    for s in state["seats"]:
        s.update(cup=[], citizenry=[], dev_dice=[], world_dice=[], goods={}, rows={},
                 work=[], vwork=[], dice=[], rolled=[])


def finish_manage(state: State) -> State:
    """Every seat asked in Manage recruits and reclaims the fewest dice it may."""
    while state["step"] == "manage":
        p = RULES.prompts(state)[0]
        least = p["pick"]["min"]
        state, _ = play(state, p["seat"], {"type": "pick", "picked": [
            o["action"] for o in p["options"][:least]]})
    return state
