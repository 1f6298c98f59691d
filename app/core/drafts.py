"""Decisions made behind a screen: several seats decide at once, each in several steps, and
nobody learns anything of another's decision — not even whether they have begun — until the
last of them is ready (Roll for the Galaxy's Assign; any game's "everyone decides at once").

A game marks such a question `draft: true`. Its options are steps of the seat's decision (move
a die to a row, take it back ...); the ones that finish it carry `commits: true` ("ready"). The
steps before the committing one are never posted alone: each posted action is a version every
seat sees, and a version that moved would tell the others that someone has begun. A seat tries
its steps out with a preview (`preview`: the seat's view and prompts after them, nothing
stored, nothing sent to anyone else) and posts them all at once with the committing step, as
one action `{"type": "steps", "steps": [...]}` that is one version of the game. A committing
option may also be posted alone (ready with nothing changed).

A seat that is ready is asked a prompt marked `ready: true` whose options take "ready" back (an
ordinary action: who is ready is public, as at a table). Nobody has to answer it, so drivers
(computer players, simulations) leave ready prompts alone.

The game itself applies the steps one by one as usual; how it keeps a seat's choices out of
the others' views until the reveal is its own business (the non-interference tests check it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.pick import answers, is_pick
from app.core.protocol import Event, IllegalAction, Prompt, Rules, State

STEPS = "steps"

MAX_STEPS = 400
"""Steps one posted decision may hold: far more than any decision needs, few enough that a
malicious post cannot keep the server busy."""

DRIVER_STEPS = 60
"""Steps a driver (computer player, simulation) takes behind the screen before it commits with
the first committing option offered: a random player would otherwise wander long."""


def is_draft(prompt: Prompt) -> bool:
    return bool(prompt.get("draft"))


def is_ready(prompt: Prompt) -> bool:
    return bool(prompt.get("ready"))


def answerable(prompts: list[Prompt]) -> list[Prompt]:
    """The prompts a driver answers: all but those of seats that are ready."""
    return [p for p in prompts if not is_ready(p)]


def is_steps(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") == STEPS


def steps_action(steps: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": STEPS, "steps": list(steps)}


def commits(prompt: Prompt, action: Any) -> bool:
    """Whether `action` is one of the prompt's committing options."""
    return any(o.get("commits") and o["action"] == action for o in prompt["options"])


def committing(prompts: list[Prompt]) -> dict[str, Any] | None:
    """The first committing option's action among these prompts, if any."""
    for prompt in prompts:
        for option in prompt["options"]:
            if option.get("commits"):
                return option["action"]
    return None


def _steps_of(action: Any) -> list[dict[str, Any]]:
    if not isinstance(action, dict) or set(action) != {"type", "steps"} or not is_steps(action):
        raise IllegalAction("core.error.steps_shape")
    steps = action["steps"]
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        raise IllegalAction("core.error.steps_shape")
    if len(steps) > MAX_STEPS:
        raise IllegalAction("core.error.steps_too_many", n=MAX_STEPS)
    return steps


def _seat_prompts(rules: Rules, state: State, seat: int) -> list[Prompt]:
    """What one seat is asked: through the game's `seat_prompts(state, seat)` where it has one
    (the others' questions are not built at every step), else its share of `prompts`."""
    if rules.result(state) is not None:
        return []
    own = getattr(rules, "seat_prompts", None)
    if own is not None:
        return own(state, seat)
    return [p for p in rules.prompts(state) if p["seat"] == seat]


def checked_apply(rules: Rules) -> Callable[[State, int, dict[str, Any]],
                                          tuple[State, list[Event]]]:
    """The game's `apply` for an action already checked against the seat's prompts: its
    `apply_checked` where it has one (it does not check the action a second time)."""
    return getattr(rules, "apply_checked", rules.apply)


def walk(rules: Rules, state: State, seat: int, steps: list[dict[str, Any]],
         asked: list[Prompt], must_commit: bool, asked_after: bool = True
         ) -> tuple[State, list[Event], list[Prompt]]:
    """Apply `steps` one by one, each checked against what the seat is asked then: every step
    answers a question behind the screen; with `must_commit`, the last one commits it. Returns
    the state, the events and the seat's prompts after them (with `asked_after` False, `[]`:
    a caller that drops them spares the game building them)."""
    events: list[Event] = []
    apply = checked_apply(rules)
    count = len(steps)
    for number, step in enumerate(steps, start=1):
        if not asked:
            raise IllegalAction("core.error.step_not_asked", n=number)
        answered, committed = _matched(asked, step)
        if answered is None:
            raise IllegalAction("core.error.step_not_offered", n=number)
        if not is_draft(answered):
            raise IllegalAction("core.error.step_not_behind_screen", n=number)
        last = number == count
        if must_commit and last and not committed:
            raise IllegalAction("core.error.steps_not_committed")
        tried = _TRIED.pop(id(state), None)
        if tried is not None and tried[0] is state and tried[1] == seat and tried[2] == step:
            _, _, _, state, more, asked = tried  # `compose` has just applied this very step
        else:
            state, more = apply(state, seat, step)
            asked = _seat_prompts(rules, state, seat) if asked_after or not last else []
        events += more
    return state, events, asked


def check_steps(rules: Rules, state: State, seat: int, action: Any,
                asked: list[Prompt]) -> tuple[State, list[Event]]:
    """The state and events after a posted decision, or IllegalAction saying which step is
    wrong (by number: the steps are the seat's own, so naming them reveals nothing)."""
    state, events, _ = walk(rules, state, seat, _steps_of(action), asked, must_commit=True,
                            asked_after=False)
    return state, events


def preview(rules: Rules, state: State, seat: int, steps: Any,
            asked: list[Prompt]) -> tuple[State, list[Prompt]]:
    """The state after steps the seat is trying out behind the screen (none committing: a
    decision is made by posting it), and what the seat is asked then."""
    if steps == []:
        return state, asked
    steps = _steps_of(steps_action(steps) if isinstance(steps, list) else steps)
    for number, step in enumerate(steps, start=1):
        if _matched(asked, step)[1]:
            raise IllegalAction("core.error.step_commits", n=number)
        state, _, asked = walk(rules, state, seat, [step], asked, must_commit=False)
    return state, asked


def apply_action(rules: Rules, state: State, seat: int,
                 action: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply an action already checked (a stored one, being replayed): a decision made behind
    the screen is its steps, one by one."""
    if not is_steps(action):
        return rules.apply(state, seat, action)
    events: list[Event] = []
    for step in action["steps"]:
        state, more = rules.apply(state, seat, step)
        events += more
    return state, events


Chooser = Callable[[dict[str, Any], list[Prompt]], dict[str, Any]]
"""(the seat's view, the seat's prompts) → one action answering one of them."""


def compose(rules: Rules, state: State, seat: int, asked: list[Prompt],
            choose: Chooser, reads_view: bool = True) -> dict[str, Any]:
    """A driver's decision behind the screen, made step by step from what the seat sees after
    each step (its view and prompts, as the preview gives a person), posted as one action.
    `reads_view`: False for a driver that never looks at the view (it gets `{}`, and no view
    is built at every step)."""
    steps: list[dict[str, Any]] = []
    apply = checked_apply(rules)
    _TRIED.clear()
    while True:
        if len(steps) >= DRIVER_STEPS:
            done = committing(asked)
            if done is not None:
                return steps_action([*steps, done])
        step = choose(rules.view(state, seat) if reads_view else {}, asked)
        answered, committed = _matched(asked, step)
        if answered is None or not is_draft(answered):
            raise ValueError(f"a driver answered a question behind the screen with {step!r}")
        steps.append(step)
        if committed:
            return steps[0] if len(steps) == 1 else steps_action(steps)
        # what `walk` does for one step, its checks just made
        before = state
        state, events = apply(state, seat, step)
        asked = _seat_prompts(rules, state, seat)
        _TRIED[id(before)] = (before, seat, step, state, events, asked)


_TRIED: dict[int, tuple[State, int, dict[str, Any], State, list[Event], list[Prompt]]] = {}
"""The steps of the last decision `compose` made, by the state each was applied to (kept with
it, so the id stays its own): when the same decision is posted from the same state object
(a driver posts what it has just composed), `walk` still checks every step against the seat's
prompts but takes the step's state, events and next prompts from here instead of applying it
a second time. States are never changed once made and `apply` is a function of the state, the
seat and the step, so what is taken is what applying again would give. Each is taken once (the
events are handed out once); the next `compose` drops what is left."""


def _matched(asked: list[Prompt], step: Any) -> tuple[Prompt | None, bool]:
    """The first prompt `step` answers and whether it commits it (`answers` and `commits` in
    one pass over the options: a driver asks at every step)."""
    for prompt in asked:
        if is_pick(prompt):
            if answers(prompt, step):
                return prompt, commits(prompt, step)
            continue
        options = prompt["options"]
        for option in options:
            if option["action"] is step:  # a driver's step: an option's own action object;
                for other in options:  # it commits if an equal option commits
                    if other.get("commits") and other["action"] == step:
                        return prompt, True
                return prompt, False
        found = False
        for option in options:
            if option["action"] == step:
                if option.get("commits"):
                    return prompt, True
                found = True
        if found:
            return prompt, False
    return None, False
