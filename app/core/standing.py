"""Standing choices: answers a seat gives in advance ("always pass at this kind of window",
"play Evasive Maneuvers when my viper is attacked").

They are the seat's own preferences, kept beside the game, not in its state: turning one on or
off changes no version and shows in no other seat's view, so nobody learns *when* a player
changed one (right after a draw, that would hint at what was drawn). A game offers them
(`Rules.standing_choices()`) and marks each option with the keys of the standing choices that
would answer it (`Option["standing"]`); whoever serves the game answers a prompt for its seat
as soon as one of the seat's standing choices marks one of its options, as an ordinary action of
that seat. The game's rules decide which options are marked, from what that seat may know, so
the answer depends only on that and on the seat's own preferences.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypedDict

from app.core.messages import Msg
from app.core.protocol import Prompt, Rules, State


class StandingChoice(TypedDict):
    """One standing choice a game offers: `key` is what a seat turns on, `msg` says it."""

    key: str
    msg: Msg


def standing_choices(rules: Rules) -> list[StandingChoice]:
    """Every standing choice `rules` offers (none for a game that offers none)."""
    offered: Callable[[], list[StandingChoice]] | None = getattr(rules, "standing_choices", None)
    return list(offered()) if offered is not None else []


def standing_answer(prompt: Prompt, chosen: Collection[str]) -> dict[str, Any] | None:
    """The action of the first option (in the prompt's order) that one of `chosen` marks."""
    if not chosen:
        return None
    for option in prompt["options"]:
        if any(key in chosen for key in option.get("standing", ())):
            return option["action"]
    return None


def next_standing_answer(rules: Rules, state: State, chosen: Mapping[int, Collection[str]]
                         ) -> tuple[int, dict[str, Any]] | None:
    """The first (seat, action) that a seat's standing choices give for what `state` asks, or
    None when no prompt is answered so. Apply it and ask again until None."""
    if not any(chosen.values()):
        return None
    return first_standing_answer(rules.prompts(state), chosen)


def first_standing_answer(prompts: Iterable[Prompt], chosen: Mapping[int, Collection[str]]
                          ) -> tuple[int, dict[str, Any]] | None:
    """The first (seat, action) that a seat's standing choices give to one of `prompts`."""
    for prompt in prompts:
        action = standing_answer(prompt, chosen.get(prompt["seat"], ()))
        if action is not None:
            return prompt["seat"], action
    return None
