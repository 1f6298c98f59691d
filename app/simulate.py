"""Bots play whole games to the end, in process; one JSON line of totals comes out."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from app.bots.random_bot import choose
from app.core import IllegalOptions, Rules, act, msg


def play_one(rules: Rules, players: int, seed: int, max_actions: int = 100_000,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    names = [f"Bot {i + 1}" for i in range(players)]
    options = rules.check_options(dict(options or {}), names)
    state = rules.new_game(options, names, seed)
    bot_rng = random.Random(seed)
    actions = 0
    while rules.result(state) is None and actions < max_actions:
        prompts = rules.prompts(state)
        if not prompts:
            raise RuntimeError(f"seed {seed}: the game waits on nobody but has not ended")
        prompt = prompts[bot_rng.randrange(len(prompts))]
        state, _ = act(rules, state, prompt["seat"], choose(prompt, bot_rng))
        actions += 1
    return {"result": rules.result(state), "actions": actions}


def simulate(rules: Rules, players: int, games: int, seed: int,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """`options` as a game's creator sends them; the rules check them (and the player count)
    once before the first game."""
    if not rules.min_players <= players <= rules.max_players:
        raise IllegalOptions("core.error.player_count", game=msg(f"{rules.name}.title"),
                             min=rules.min_players, max=rules.max_players)
    rules.check_options(dict(options or {}), [f"Bot {i + 1}" for i in range(players)])
    started = time.perf_counter()
    winners: Counter[str] = Counter()
    finished = 0
    actions = 0
    for i in range(games):
        outcome = play_one(rules, players, seed + i, options=options)
        actions += outcome["actions"]
        result = outcome["result"]
        if result is not None:
            finished += 1
            winners[str(result.get("winner", "unknown"))] += 1
    return {
        "game": rules.name,
        "players": players,
        "options": dict(options or {}),
        "games": games,
        "finished": finished,
        "winners": dict(winners),
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 3),
    }
