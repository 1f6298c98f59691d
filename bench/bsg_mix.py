"""Battlestar Galactica's rules as a server under load A runs them, without the server: 20 base
games of 5 players side by side, each step a random one of them acting (a parsed copy of a
random offered option, as a client's arrives) through `act` with the head's prompts, then the
head made again (`result`, `prompts`), as `app/store/live.make_head` does. Games that end are
replaced. CPU time per action of the last `--actions`, after `--warm` actions; prints it,
asserts nothing.

    python -m bench.bsg_mix [--warm 1500] [--actions 3000]

Unlike `bench.bsg` (one game after the other), whatever the rules remember of the game they
last saw (names, prompts) sees what a server's sees: between two actions of a game, the other
games' actions. Under `valgrind --tool=cachegrind` the instructions of the measured actions
are the count of `--warm W --actions N` less that of `--warm W --actions 0` (deterministic
with `PYTHONHASHSEED=0`).
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
from app.web.app import GC_THRESHOLDS

GAMES, PLAYERS = 20, 5


def _new(n: int) -> list[Any]:
    names = [f"Player {n}-{i}" for i in range(PLAYERS)]
    state = RULES.new_game(checked_options({}, names), names, 1000 + n)
    return [state, RULES.prompts(state), random.Random(n)]


def run(warm: int, actions: int) -> float:
    """CPU µs per action of the `actions` after the first `warm`."""
    gc.set_threshold(*GC_THRESHOLDS)
    pick = random.Random(0)
    table = [_new(n) for n in range(GAMES)]
    made = GAMES
    done = 0
    started = time.process_time()
    while done < warm + actions:
        if done == warm:
            started = time.process_time()
        i = pick.randrange(GAMES)
        state, prompts, bots = table[i]
        if RULES.result(state) is not None:
            table[i] = _new(made)
            made += 1
            continue
        prompt = bots.choice(prompts)
        action = orjson.loads(orjson.dumps(random_answer(prompt, bots)))
        state, _ = act(RULES, state, prompt["seat"], action, prompts)
        prompts = RULES.prompts(state) if RULES.result(state) is None else []
        table[i][0], table[i][1] = state, prompts
        done += 1
    return (time.process_time() - started) / max(actions, 1) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warm", type=int, default=1500)
    parser.add_argument("--actions", type=int, default=3000)
    args = parser.parse_args()
    per_action = run(args.warm, args.actions)
    print(f"{args.actions:,} actions in {GAMES} games side by side (after {args.warm:,}): "
          f"{per_action:.1f} µs of CPU per action")


if __name__ == "__main__":
    main()
