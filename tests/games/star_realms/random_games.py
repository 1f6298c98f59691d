"""Random two-player games: random offered options until the end (or a step count)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from app.core import act
from app.core.pick import random_answer
from app.games.star_realms.rules import RULES

NAMES = ["Ann", "Bob"]


def steps(seed: int, limit: int = 100_000) -> Iterator[tuple[dict[str, Any], list[Any]]]:
    """Each state of a random game after each action, with that action's events."""
    state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)
    bots = random.Random(seed)
    yield state, []
    for _ in range(limit):
        if state["result"] is not None:
            return
        prompts = RULES.prompts(state)
        prompt = bots.choice(prompts)
        state, events = act(RULES, state, prompt["seat"], random_answer(prompt, bots), prompts)
        yield state, events


def random_state(seed: int, actions: int) -> dict[str, Any]:
    *_, (last, _) = steps(seed, actions)
    return last
