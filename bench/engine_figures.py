"""What the engine benchmarks of every game share: views and sizes sampled along fresh random
games, the figures printed, and the targets said met or missed."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import orjson

from app.core import Rules, act
from app.core.pick import random_answer


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


Mover = Callable[[Rules, dict[str, Any], random.Random, int], tuple[int, dict[str, Any]]]
"""(rules, state, generator, actions so far) → (seat, action): a random player's next move."""


def first_prompt_move(rules: Rules, state: dict[str, Any], bots: random.Random, _: int
                      ) -> tuple[int, dict[str, Any]]:
    """A random answer to the first prompt."""
    prompt = rules.prompts(state)[0]
    return prompt["seat"], random_answer(prompt, bots)


def sampled_views(rules: Rules, options: dict[str, Any], names: list[str], games: int,
                  seats: list[int | None], sample: float,
                  move: Mover = first_prompt_move) -> dict[str, Any]:
    """The time of a view of a random seat of `seats` after every action of `games` fresh random
    games, and the sizes of a `sample` of states and views (outside the timed games)."""
    view_us, final_us = [], []
    state_bytes, view_bytes, final_bytes = [], [], []
    for n in range(games):
        bots = random.Random(10_000 + n)
        state = rules.new_game(options, names, 10_000 + n)
        actions = 0
        while rules.result(state) is None:
            who, action = move(rules, state, bots, actions)
            state, _ = act(rules, state, who, action)
            actions += 1
            seat = bots.choice(seats)
            t0 = time.perf_counter()
            view = rules.view(state, seat)
            spent = (time.perf_counter() - t0) * 1e6
            if rules.result(state) is not None:  # the one everything-view at the end
                final_bytes.append(len(orjson.dumps(view)))
                final_us.append(spent)
                continue
            view_us.append(spent)
            if bots.random() < sample:
                state_bytes.append(len(orjson.dumps(state)))
                view_bytes.append(len(orjson.dumps(view)))
    return {
        "view_us_median": round(statistics.median(view_us), 1),
        "view_us_p99": round(percentile(view_us, 99), 1),
        "state_kb_max": round(max(state_bytes) / 1024, 1),
        "state_kb_median": round(statistics.median(state_bytes) / 1024, 1),
        "view_kb_max": round(max(view_bytes) / 1024, 1),
        "final_view_kb_max": round(max(final_bytes) / 1024, 1),
        "final_view_us_median": round(statistics.median(final_us), 1),
    }


def timed_games(game_ms: list[float], apply_us: list[float]) -> dict[str, Any]:
    return {
        "game_ms_median": round(statistics.median(game_ms), 1),
        "game_ms_p99": round(percentile(game_ms, 99), 1),
        "games_per_s": round(len(game_ms) / (sum(game_ms) / 1000), 1),
        "apply_us_median": round(statistics.median(apply_us), 1),
        "apply_us_p99": round(percentile(apply_us, 99), 1),
    }


Targets = dict[str, tuple[str, float, str]]


def report(figures: dict[str, Any], targets: Targets, width: int = 18) -> list[str]:
    """One line per figure; a figure with a target says whether it is met."""
    lines = []
    for key, value in figures.items():
        line = f"{key:>{width}}: {value}"
        if key in targets:
            _, target, unit = targets[key]
            line += f"   (target ≤ {target} {unit}: {'met' if value <= target else 'missed'})"
        lines.append(line)
    return lines


def print_figures(figures: dict[str, Any], targets: Targets, as_json: bool, width: int = 18
                  ) -> None:
    """The figures as one JSON object (`--json`), or a line each against their targets."""
    print(orjson.dumps(figures).decode() if as_json else "\n".join(report(figures, targets, width)))
