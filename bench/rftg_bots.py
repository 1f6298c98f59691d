"""Roll for the Galaxy's computer players: how long one answer takes, over whole seeded
two-player games of each pairing; prints the worst and the 99th percentile per bot, and the
worst whole decision behind the screen (every step of one Assign, the bot's time summed).
Asserts nothing.

    python -m bench.rftg_bots [--games 20] [--seed 1] [--repeat 1]

Each answer is timed apart from the engine (the core's driver builds the previewed view and
prompts between steps; that is not the bot's time). `--repeat N` asks each question N times and
keeps the fastest (the answer is the same each time): on a machine shared with other work, what
the others take only ever adds to a time.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import orjson

from app.bots.bot import Bot, seat_move
from app.bots.registry import bots_for
from app.core import act
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.rules import RULES
from bench.engine_figures import percentile

NAMES = ["Ann", "Bob"]
PAIRS = [("smart", "random"), ("smart", "greedy"), ("greedy", "random"), ("smart", "smart")]


def _timed(bot: Bot, times: list[float], repeat: int) -> Bot:
    def answer(view: dict[str, Any], prompts: list[Any], rng: random.Random) -> dict[str, Any]:
        fastest = float("inf")
        drawn = rng.getstate()
        for _ in range(repeat):
            rng.setstate(drawn)  # the random bot draws: each try gives the same answer
            started = time.perf_counter()
            action = bot.answer(view, prompts, rng)
            fastest = min(fastest, time.perf_counter() - started)
        times.append(fastest)
        return action
    return Bot(bot.name, bot.key, answer, bot.reads_view)


def run(games: int, seed: int, repeat: int = 1) -> dict[str, Any]:
    offered = bots_for(RULES)
    times: dict[str, list[float]] = {}
    decisions: dict[str, list[float]] = {}
    for first, second in PAIRS:
        for i in range(games):
            names = [first, second] if i % 2 == 0 else [second, first]
            state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed + i)
            order = random.Random(seed + i)
            version = 0
            while RULES.result(state) is None:
                prompts = RULES.prompts(state)
                open_ = answerable(prompts)
                seat = open_[order.randrange(len(open_))]["seat"]
                mine: list[float] = []
                bot = _timed(offered[names[seat]], mine, repeat)
                action = seat_move(RULES, state, seat, bot, seed + i, version, prompts)
                times.setdefault(bot.name, []).extend(mine)
                decisions.setdefault(bot.name, []).append(sum(mine))
                state, _ = act(RULES, state, seat, action, prompts)
                version += 1
    return {name: {"answers": len(t), "worst_ms": round(max(t) * 1000, 3),
                   "p99_ms": round(percentile(t, 99) * 1000, 3),
                   "worst_decision_ms": round(max(decisions[name]) * 1000, 3)}
            for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(orjson.dumps(run(args.games, args.seed, args.repeat)).decode())


if __name__ == "__main__":
    main()
