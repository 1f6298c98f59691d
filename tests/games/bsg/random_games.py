"""A random game played by bots to its end, with the invariants checked after every action."""

from __future__ import annotations

import random
from collections.abc import Callable

from app.core import act
from app.core.pick import random_answer
from app.games.bsg.rules import RULES, checked_options
from tests.games.bsg.invariants import check, check_hand_limits
from tests.games.bsg.rendering import Heard

MAX_ACTIONS = 20_000


Answer = Callable[[dict, random.Random], dict]


def play(seed: int, players: int, heard: Heard | None = None,
         options: dict | None = None, answer: Answer = random_answer) -> dict:
    """A random game to its end, the invariants checked after every action; `answer` picks a
    bot's answer to a prompt (by default any offered option)."""
    names = [f"Bot {i}" for i in range(players)]
    state = RULES.new_game(checked_options(options or {}, names), names, seed)
    check(state)
    if heard is not None:
        heard.state(state, RULES.prompts(state), [])
    bots = random.Random(seed)
    turn = 0
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None:
            return state
        prompts = RULES.prompts(state)
        assert len({p["seat"] for p in prompts}) == len(prompts) >= 1
        prompt = bots.choice(prompts)  # several seats asked at once answer in any order
        state, events = act(RULES, state, prompt["seat"], answer(prompt, bots))
        check(state)
        if heard is not None:
            heard.state(state, RULES.prompts(state), events)
        if state["turn"] != turn and state["result"] is None:
            turn = state["turn"]
            check_hand_limits(state)
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
