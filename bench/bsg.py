"""Battlestar Galactica engine benchmark: full random games, the cost of apply and view, and
the size of a state and a view. Prints figures; asserts nothing.

    python -m bench.bsg [--games 200] [--players 5] [--seed 1] [--json]
                        [--options '{"expansion": "daybreak"}']

`--options` takes a game's options as the API does; an expansion not yet offered to players
can be measured here all the same.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import orjson

from app.core import act
from app.core.pick import random_answer
from app.games.bsg.rules import RULES, checked_options


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def run(games: int, players: int, seed: int, chosen: dict[str, Any] | None = None
        ) -> dict[str, Any]:
    names = [f"Bot {i}" for i in range(players)]
    options = checked_options(chosen or {}, names)
    game_ms, apply_us, view_us, final_us = [], [], [], []
    state_bytes, view_bytes, final_bytes = [], [], []
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
    # views and sizes, sampled along fresh games (outside the timed games)
    for n in range(min(games, 20)):
        bots = random.Random(10_000 + n)
        state = RULES.new_game(options, names, 10_000 + n)
        while state["result"] is None:
            prompt = RULES.prompts(state)[0]
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
            seat = bots.randrange(players)
            t0 = time.perf_counter()
            view = RULES.view(state, seat)
            spent = (time.perf_counter() - t0) * 1e6
            if state["result"] is not None:  # the one everything-view at the end
                final_bytes.append(len(orjson.dumps(view)))
                final_us.append(spent)
                continue
            view_us.append(spent)
            if bots.random() < 0.05:
                state_bytes.append(len(orjson.dumps(state)))
                view_bytes.append(len(orjson.dumps(view)))
    return {
        "games": games,
        "players": players,
        "options": options,
        "actions": actions,
        "game_ms_median": round(statistics.median(game_ms), 1),
        "game_ms_p99": round(percentile(game_ms, 99), 1),
        "games_per_s": round(games / (sum(game_ms) / 1000), 1),
        "apply_us_median": round(statistics.median(apply_us), 1),
        "apply_us_p99": round(percentile(apply_us, 99), 1),
        "view_us_median": round(statistics.median(view_us), 1),
        "view_us_p99": round(percentile(view_us, 99), 1),
        "state_kb_max": round(max(state_bytes) / 1024, 1),
        "state_kb_median": round(statistics.median(state_bytes) / 1024, 1),
        "view_kb_max": round(max(view_bytes) / 1024, 1),
        "final_view_kb_max": round(max(final_bytes) / 1024, 1),
        "final_view_us_median": round(statistics.median(final_us), 1),
    }


TARGETS = {
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
    args = parser.parse_args()
    figures = run(args.games, args.players, args.seed, args.options)
    if args.json:
        print(orjson.dumps(figures).decode())
        return
    for key, value in figures.items():
        line = f"{key:>18}: {value}"
        if key in TARGETS:
            label, target, unit = TARGETS[key]
            line += f"   (target ≤ {target} {unit}: {'met' if value <= target else 'missed'})"
        print(line)


if __name__ == "__main__":
    main()
