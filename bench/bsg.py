"""Battlestar Galactica engine benchmark: full random games, the cost of apply and view, and
the size of a state and a view. Prints figures; asserts nothing.

    python -m bench.bsg [--games 200] [--players 5] [--seed 1] [--json]
                        [--options '{"expansion": "daybreak"}'] [--server-gc]

`--options` takes a game's options as the API does; an expansion not yet offered to players
can be measured here all the same. `--server-gc`: the collector as the server runs it (its
thresholds, and what is loaded before the games frozen out of the collector's sight, as the
server freezes its long-lived objects every second); by default Python's own, under which the
collector takes about a seventh of a Daybreak game's time.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

import orjson

from app.core import act
from app.core.pick import random_answer
from app.games.bsg.rules import RULES, checked_options
from bench.engine_figures import Targets, print_figures, sampled_views, timed_games


def run(games: int, players: int, seed: int, chosen: dict[str, Any] | None = None
        ) -> dict[str, Any]:
    names = [f"Bot {i}" for i in range(players)]
    options = checked_options(chosen or {}, names)
    game_ms, apply_us = [], []
    actions = 0
    for n in range(games):
        bots = random.Random(seed + n)
        started = time.perf_counter()
        state = RULES.new_game(options, names, seed + n)
        while state["result"] is None:
            prompts = RULES.prompts(state)
            prompt = prompts[0]
            action = random_answer(prompt, bots)
            t0 = time.perf_counter()
            # the prompts as the server holds them with its state (app/store/live.py)
            state, _ = act(RULES, state, prompt["seat"], action, prompts)
            apply_us.append((time.perf_counter() - t0) * 1e6)
            actions += 1
        game_ms.append((time.perf_counter() - started) * 1000)
    return {"games": games, "players": players, "options": options, "actions": actions,
            **timed_games(game_ms, apply_us),
            **sampled_views(RULES, options, names, min(games, 20), list(range(players)), 0.05)}


TARGETS: Targets = {
    "game_ms_median": ("full random game, median", 100, "ms"),
    "apply_us_p99": ("apply, p99", 1000, "µs"),
    "view_us_p99": ("view, p99", 1000, "µs"),
    "state_kb_max": ("saved state, largest", 64, "KB"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--options", type=orjson.loads, default={},
                        help="the game's options as JSON, e.g. '{\"expansion\": \"daybreak\"}'")
    parser.add_argument("--server-gc", action="store_true",
                        help="the collector's thresholds as the server sets them, and what is "
                             "loaded before the games frozen, as the server does")
    args = parser.parse_args()
    if args.server_gc:
        from app.web.app import GC_THRESHOLDS

        RULES.new_game(checked_options(args.options, ["a", "b", "c"]), ["a", "b", "c"], 0)
        gc.set_threshold(*GC_THRESHOLDS)
        gc.collect()
        gc.freeze()
    figures = run(args.games, args.players, args.seed, args.options)
    print_figures(figures, TARGETS, args.json)

if __name__ == "__main__":
    main()
