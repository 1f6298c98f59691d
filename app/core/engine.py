"""Game-agnostic driving of the Rules protocol: checked actions and replay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.core.drafts import (
    apply_action,
    check_steps,
    checked_apply,
    commits,
    is_draft,
    is_steps,
)
from app.core.pick import check_pick, is_pick
from app.core.protocol import Event, IllegalAction, Prompt, Rules, State


def views_of(rules: Rules, state: State, seats: list[int | None],
             before: tuple[State, dict[int | None, dict[str, Any]]] | None = None
             ) -> list[dict[str, Any]]:
    """Every listed seat's view (None: the spectator's), built together where the game can.
    `before`: the state this one was made from by an action and the views built of it (seat ->
    view, the spectator's among them), which a game's `views` may take parts from again."""
    together = getattr(rules, "views", None)
    if together is not None:
        return together(state, seats) if before is None else together(state, seats, before)
    return [rules.view(state, seat) for seat in seats]


def check_action(rules: Rules, state: State, seat: int, action: Any,
                 prompts: list[Prompt] | None = None) -> None:
    """Refuse anything that is not one of the options offered to this seat right now.

    Prompts are the single source of legal actions, so an offered option is never refused and
    an unoffered one never reaches the game's own apply. Whether a seat is being asked is public,
    so these messages reveal nothing. `prompts`: the state's prompts, if the caller has them.
    A decision made behind the screen (app/core/drafts.py) is checked step by step by `act`.
    """
    if rules.result(state) is not None:
        raise IllegalAction("core.error.game_over")
    if not isinstance(action, dict):
        raise IllegalAction("core.error.action_shape")
    if prompts is None:
        prompts = rules.prompts(state)
    first = None  # the seat's first prompt (for the refusal's words)
    for prompt in prompts:  # (no list of the seat's prompts made: this runs at every action)
        if prompt["seat"] != seat:
            continue
        if first is None:
            first = prompt
        if is_pick(prompt):
            check_pick(prompt, action)  # a seat asked to pick is asked nothing else
            _not_alone(prompt, action)
            return
        options = prompt["options"]
        if not prompt.get("draft"):  # any offered action equal to it answers (most prompts)
            for option in options:  # a loop: this runs for every action of every game
                offered = option["action"]
                if offered is action or offered == action:
                    return
            continue
        for option in options:  # a driver's action is an option's own object: no dict compared
            if option["action"] is action and option.get("commits"):
                return
        for option in options:
            offered = option["action"]
            if offered is action or offered == action:
                if not option.get("commits"):
                    raise IllegalAction("core.error.step_alone")
                return
    if first is None:
        raise IllegalAction("core.error.not_asked")
    raise IllegalAction("core.error.not_a_choice", asked=first.get("msg") or first["text"])


def _not_alone(prompt: Prompt, action: Any) -> None:
    """A step behind the screen is posted with the rest of the decision, never alone."""
    if is_draft(prompt) and not commits(prompt, action):
        raise IllegalAction("core.error.step_alone")


def act(rules: Rules, state: State, seat: int, action: Any,
        prompts: list[Prompt] | None = None) -> tuple[State, list[Event]]:
    if is_steps(action):
        if rules.result(state) is not None:
            raise IllegalAction("core.error.game_over")
        if prompts is None:
            prompts = rules.prompts(state)
        asked = [p for p in prompts if p["seat"] == seat]
        if not asked:
            raise IllegalAction("core.error.not_asked")
        return check_steps(rules, state, seat, action, asked)
    check_action(rules, state, seat, action, prompts)
    return checked_apply(rules)(state, seat, action)


def replay(
    rules: Rules,
    options: dict[str, Any],
    players: list[str],
    seed: int,
    actions: Iterable[tuple[int, dict[str, Any]]],
    state: State | None = None,
) -> State:
    """Rebuild a state from its log (optionally continuing from a snapshot `state`)."""
    if state is None:
        state = rules.new_game(options, players, seed)
    for seat, action in actions:
        state, _ = apply_action(rules, state, seat, action)
    return state
