"""Roll for the Galaxy engine benchmark: whole random games (4 players by default), the cost of
each posted action and of a view, and the size of a state and a view. Prints figures and
whether each target is met; asserts nothing.

    python -m bench.roll_for_the_galaxy [--games 100] [--players 4] [--seed 1] [--repeat 1] [--json]

A random player answers one step at a time, as a person does: behind the screen (Assign) it
tries steps out and posts them with "ready" as one action (`app.core.drafts.compose`, what the
server does for a computer seat), so a game's time holds those previews too; `engine_ms` is the
time of the posted actions alone (`act`). `--repeat N` keeps each game's fastest of N plays.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.core import Prompt, Rules, act
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.rules import RULES
from bench.engine_figures import Targets, print_figures, sampled_views, timed_games

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def random_move(rules: Rules, state: dict[str, Any], bots: random.Random, actions: int,
                prompts: list[Prompt] | None = None) -> tuple[int, dict[str, Any]]:
    """A random seat of those asked (not a ready one) and its random answer. `prompts`: the
    state's prompts, if the caller has them (a server builds them once per version)."""
    if prompts is None:
        prompts = rules.prompts(state)
    seat = bots.choice(answerable(prompts))["seat"]
    return seat, seat_move(rules, state, seat, RANDOM, bots.randrange(1 << 30), actions, prompts)


def run(games: int, players: int, seed: int, repeat: int = 1) -> dict[str, Any]:
    names = NAMES[:players]
    options = RULES.check_options({}, names)
    game_ms, engine_ms, apply_us, lengths = [], [], [], []
    for n in range(games):
        fastest = fastest_engine = float("inf")
        for attempt in range(repeat):
            bots = random.Random(seed + n)
            started = time.perf_counter()
            state = RULES.new_game(options, names, seed + n)
            engine = time.perf_counter() - started
            actions = 0
            while RULES.result(state) is None:
                prompts = RULES.prompts(state)
                seat, action = random_move(RULES, state, bots, actions, prompts)
                t0 = time.perf_counter()
                state, _ = act(RULES, state, seat, action, prompts)
                spent = time.perf_counter() - t0
                engine += spent
                if attempt == 0:
                    apply_us.append(spent * 1e6)
                actions += 1
            fastest = min(fastest, (time.perf_counter() - started) * 1000)
            fastest_engine = min(fastest_engine, engine * 1000)
        game_ms.append(fastest)
        engine_ms.append(fastest_engine)
        lengths.append(actions)
    return {"games": games, "players": players, "repeat": repeat,
            "actions_median": statistics.median(lengths), "actions_max": max(lengths),
            **timed_games(game_ms, apply_us),
            "engine_ms_median": round(statistics.median(engine_ms), 1),
            **sampled_views(RULES, options, names, min(games, 10), [None, *range(players)], 0.1,
                            move=random_move)}


TARGETS: Targets = {
    "game_ms_median": ("whole random game, median", 50, "ms"),
    "apply_us_p99": ("apply, p99", 1000, "µs"),
    "view_us_p99": ("view, p99", 1000, "µs"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.games, args.players, args.seed, args.repeat)
    print_figures(figures, TARGETS, args.json, width=22)


if __name__ == "__main__":
    main()
