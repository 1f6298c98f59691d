"""Random games to the end with the invariants checked after every action: every die and every
tile in exactly one place, credits within 0..$10, VP never negative, every prompt with
something to choose, and a real end (a result) every time."""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.core import act
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.model import DIE_COUNT, dice_total, tiles_total
from app.games.roll_for_the_galaxy.rules import RULES

MAX_ACTIONS = 20_000
GAMES = 200
"""Games per player count in the invariant simulation (issue 16, point 7)."""
PLAYERS = (2, 3, 4, 5)


def check_invariants(state: dict[str, Any]) -> None:
    assert dice_total(state) == DIE_COUNT
    assert tiles_total(state) == list(range(1, 56))
    for s in state["seats"]:
        assert 0 <= s["credits"] <= 10
        assert s["vp"] >= 0
    assert state["vp_pool"] >= 0


def play_checked(players: int, seed: int, first_game: bool = False) -> tuple[dict[str, Any], int]:
    names = [f"P{i}" for i in range(players)]
    state = RULES.new_game(RULES.check_options({"first_game": first_game}, names), names, seed)
    order = random.Random(seed)
    actions = 0
    while RULES.result(state) is None:
        assert actions < MAX_ACTIONS, f"seed {seed}: no end after {actions} actions"
        check_invariants(state)
        prompts = RULES.prompts(state)
        assert prompts and all(p["options"] for p in prompts), (seed, state["step"])
        open_ = answerable(prompts)
        seat = open_[order.randrange(len(open_))]["seat"]
        action = seat_move(RULES, state, seat, RANDOM, seed, actions, prompts)
        state, _ = act(RULES, state, seat, action, prompts)
        actions += 1
    check_invariants(state)
    return state, actions


def play_numbered(players: int, n: int) -> tuple[dict[str, Any], int]:
    """Game `n` of the simulation for `players` (its seed, and "first game" every other game)."""
    return play_checked(players, 1000 * players + n, first_game=n % 2 == 0)
