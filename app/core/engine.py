"""Game-agnostic driving of the Rules protocol: checked actions and replay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.core.protocol import Event, IllegalAction, Rules, State


def check_action(rules: Rules, state: State, seat: int, action: Any) -> None:
    """Refuse anything that is not one of the options offered to this seat right now.

    Prompts are the single source of legal actions, so an offered option is never refused and
    an unoffered one never reaches the game's own apply. Whether a seat is being asked is public,
    so these messages reveal nothing.
    """
    if rules.result(state) is not None:
        raise IllegalAction("core.error.game_over")
    if not isinstance(action, dict):
        raise IllegalAction("core.error.action_shape")
    asked = [p for p in rules.prompts(state) if p["seat"] == seat]
    if not asked:
        raise IllegalAction("core.error.not_asked")
    for prompt in asked:
        if any(option["action"] == action for option in prompt["options"]):
            return
    raise IllegalAction("core.error.not_a_choice", asked=asked[0].get("msg") or asked[0]["text"])


def act(rules: Rules, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
    check_action(rules, state, seat, action)
    return rules.apply(state, seat, action)


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
        state, _ = rules.apply(state, seat, action)
    return state
