"""Random games of any format: random offered options until the end (or a step count)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from app.core.pick import random_answer
from app.games.star_realms.rules import RULES

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def hurried(prompt: dict[str, Any], bots: random.Random) -> dict[str, Any]:
    """A random offered option, but mostly playing cards and attacking players with all of the
    pool when offered: random players who hold back take hundreds of turns to end a game of
    six."""
    if bots.random() < 0.8:
        found: dict[str, list[dict[str, Any]]] = {"play_all": [], "play": [], "attack": []}
        for o in prompt["options"]:
            action = o["action"]
            if action["type"] in found:
                found[action["type"]].append(action)
        for kind in ("play_all", "play"):
            if found[kind]:
                return bots.choice(found[kind])
        if found["attack"]:
            most = max(a["amount"] for a in found["attack"])
            return bots.choice([a for a in found["attack"] if a["amount"] == most])
    return random_answer(prompt, bots)


def new_game(fmt: str, players: int, seed: int) -> dict[str, Any]:
    names = NAMES[:players]
    return RULES.new_game(RULES.check_options({"format": fmt}, names), names, seed)


def steps(fmt: str, players: int, seed: int, limit: int = 100_000, fresh: bool = True
          ) -> Iterator[tuple[dict[str, Any], list[Any]]]:
    """Each state of a random game after each action, with that action's events (`fresh`:
    each a new state, through `apply`; else the one state changed in place)."""
    state = new_game(fmt, players, seed)
    bots = random.Random(seed)
    yield state, []
    for _ in range(limit):
        if state["result"] is not None:
            return
        prompts = RULES.prompts(state)
        prompt = bots.choice(prompts)
        step = RULES.apply if fresh else RULES.apply_in_place
        state, events = step(state, prompt["seat"], hurried(prompt, bots))
        yield state, events
