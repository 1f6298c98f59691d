"""Star Realms' computer players: how long one answer takes (the view and prompts given, the
answer timed), over whole seeded two-player games of each pairing; prints the worst and the
99th percentile per bot. Asserts nothing.

    python -m bench.star_realms_bots [--games 100] [--seed 1] [--repeat 1]

`--repeat N` asks each question N times and keeps the fastest (the answer is the same each
time): on a machine shared with other work, what the others take only ever adds to a time.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import orjson

from app.bots.bot import bot_rng
from app.bots.registry import bots_for
from app.core import act
from app.games.star_realms.rules import RULES
from bench.engine_figures import percentile

NAMES = ["Ann", "Bob"]
PAIRS = [("smart", "random"), ("smart", "greedy"), ("greedy", "random"), ("smart", "smart")]


def run(games: int, seed: int, repeat: int = 1) -> dict[str, Any]:
    offered = bots_for(RULES)
    times: dict[str, list[float]] = {}
    for first, second in PAIRS:
        for i in range(games):
            table = [offered[first], offered[second]]
            if i % 2:
                table.reverse()
            state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed + i)
            version = 0
            while RULES.result(state) is None:
                prompts = RULES.prompts(state)
                seat = prompts[0]["seat"]
                bot = table[seat]
                view = RULES.view(state, seat)
                asked = [p for p in prompts if p["seat"] == seat]
                fastest = float("inf")
                for _ in range(repeat):
                    rng = bot_rng(seed + i, seat, version)
                    started = time.perf_counter()
                    action = bot.answer(view, asked, rng)
                    fastest = min(fastest, time.perf_counter() - started)
                times.setdefault(bot.name, []).append(fastest)
                state, _ = act(RULES, state, seat, action, prompts)
                version += 1
    return {name: {"answers": len(t), "worst_ms": round(max(t) * 1000, 3),
                   "p99_ms": round(percentile(t, 99) * 1000, 3)}
            for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(orjson.dumps(run(args.games, args.seed, args.repeat)).decode())


if __name__ == "__main__":
    main()
