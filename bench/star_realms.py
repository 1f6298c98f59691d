"""Star Realms: Colony Wars engine benchmark: whole random two-player games, the cost of apply
and view, and the size of a state and a view. Prints figures and whether each target is met;
asserts nothing.

    python -m bench.star_realms [--games 200] [--seed 1] [--repeat 1] [--json]

`--repeat N` plays each game N times and keeps its fastest time (on a machine shared with
other work, what the others take only ever adds to a game's time); `apply` is timed on the
first play.
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
from app.games.star_realms.rules import RULES
from bench.bsg import percentile

NAMES = ["Ann", "Bob"]


def run(games: int, seed: int, repeat: int = 1) -> dict[str, Any]:
    options = RULES.check_options({}, NAMES)
    game_ms, apply_us, view_us, final_us = [], [], [], []
    state_bytes, view_bytes, final_bytes, lengths = [], [], [], []
    for n in range(games):
        fastest = float("inf")
        for attempt in range(repeat):
            bots = random.Random(seed + n)
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
        game_ms.append(fastest)
        lengths.append(actions)
    # views and sizes, sampled along fresh games (outside the timed games)
    for n in range(min(games, 20)):
        bots = random.Random(10_000 + n)
        state = RULES.new_game(options, NAMES, 10_000 + n)
        while state["result"] is None:
            prompt = RULES.prompts(state)[0]
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
            seat = bots.choice([None, 0, 1])
            t0 = time.perf_counter()
            view = RULES.view(state, seat)
            spent = (time.perf_counter() - t0) * 1e6
            if state["result"] is not None:  # the one everything-view at the end
                final_bytes.append(len(orjson.dumps(view)))
                final_us.append(spent)
                continue
            view_us.append(spent)
            if bots.random() < 0.1:
                state_bytes.append(len(orjson.dumps(state)))
                view_bytes.append(len(orjson.dumps(view)))
    return {
        "games": games,
        "repeat": repeat,
        "actions_median": statistics.median(lengths),
        "actions_max": max(lengths),
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
    "game_ms_median": ("whole random game, median", 20, "ms"),
    "apply_us_p99": ("apply, p99", 1000, "µs"),
    "view_us_p99": ("view, p99", 1000, "µs"),
}


def report(figures: dict[str, Any]) -> list[str]:
    lines = []
    for key, value in figures.items():
        line = f"{key:>22}: {value}"
        if key in TARGETS:
            _, target, unit = TARGETS[key]
            line += f"   (target ≤ {target} {unit}: {'met' if value <= target else 'missed'})"
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.games, args.seed, args.repeat)
    if args.json:
        print(orjson.dumps(figures).decode())
        return
    print("\n".join(report(figures)))


if __name__ == "__main__":
    main()
