"""Star Realms: Colony Wars engine benchmark: whole random two-player games, the cost of apply
and view, and the size of a state and a view. Prints figures and whether each target is met;
asserts nothing.

    python -m bench.star_realms [--games 200] [--seed 1] [--repeat 1] [--json]

`--repeat N` plays each game N times and keeps its fastest time (on a machine shared with
other work, what the others take only ever adds to a game's time); `apply` is timed on the
first play. `game_cpu_ms_median` is the CPU time of the thread that plays (the time the game
took on one core, without the time other programs had the core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from app.core import act
from app.core.pick import random_answer
from app.games.star_realms.rules import RULES
from bench.engine_figures import Targets, print_figures, sampled_views, timed_games

NAMES = ["Ann", "Bob"]


def run(games: int, seed: int, repeat: int = 1) -> dict[str, Any]:
    options = RULES.check_options({}, NAMES)
    game_ms, cpu_ms, apply_us, lengths = [], [], [], []
    for n in range(games):
        fastest = fastest_cpu = float("inf")
        for attempt in range(repeat):
            bots = random.Random(seed + n)
            cpu = time.thread_time()
            started = time.perf_counter()
            state = RULES.new_game(options, NAMES, seed + n)
            actions = 0
            while state["result"] is None:
                prompts = RULES.prompts(state)
                prompt = prompts[0]
                action = random_answer(prompt, bots)
                t0 = time.perf_counter()
                # the prompts as the server holds them with its state (app/store/live.py)
                state, _ = act(RULES, state, prompt["seat"], action, prompts)
                if attempt == 0:
                    apply_us.append((time.perf_counter() - t0) * 1e6)
                actions += 1
            fastest = min(fastest, (time.perf_counter() - started) * 1000)
            fastest_cpu = min(fastest_cpu, (time.thread_time() - cpu) * 1000)
        game_ms.append(fastest)
        cpu_ms.append(fastest_cpu)
        lengths.append(actions)
    return {"games": games, "repeat": repeat, "actions_median": statistics.median(lengths),
            "actions_max": max(lengths), **timed_games(game_ms, apply_us),
            "game_cpu_ms_median": round(statistics.median(cpu_ms), 1),
            **sampled_views(RULES, options, NAMES, min(games, 20), [None, 0, 1], 0.1)}


TARGETS: Targets = {
    "game_ms_median": ("whole random game, median", 20, "ms"),
    "game_cpu_ms_median": ("whole random game, CPU time on one core, median", 20, "ms"),
    "apply_us_p99": ("apply, p99", 1000, "µs"),
    "view_us_p99": ("view, p99", 1000, "µs"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.games, args.seed, args.repeat)
    print_figures(figures, TARGETS, args.json, width=22)


if __name__ == "__main__":
    main()
