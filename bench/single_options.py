"""How often a person is asked a question with only one answer: random-bot Battlestar Galactica
games, counting the answers given to prompts that offered a single choice (one option, or a
"pick" prompt that must pick every option it offers). Prints figures; asserts nothing.

    python -m bench.single_options [--games 50] [--players 5] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

import orjson

from app.bots.random_bot import choose
from app.core import act
from app.games.bsg.rules import RULES


def single(prompt: dict[str, Any]) -> bool:
    """Whether the prompt left its seat one possible answer."""
    bounds = prompt.get("pick")
    if bounds is not None:
        return bounds["min"] == bounds["max"] == len(prompt["options"])
    return len(prompt["options"]) == 1


def run(games: int, players: int, seed: int) -> dict[str, Any]:
    names = [f"Bot {i}" for i in range(players)]
    options = RULES.check_options({}, names)
    actions = 0
    singles: Counter[str] = Counter()
    discards = 0
    for n in range(games):
        bots = random.Random(seed + n)
        state = RULES.new_game(options, names, seed + n)
        while state["result"] is None:
            prompts = RULES.prompts(state)
            prompt = prompts[bots.randrange(len(prompts))]
            if single(prompt):
                singles[prompt["kind"]] += 1
            if prompt["kind"] == "discard":
                discards += 1
            state, _ = act(RULES, state, prompt["seat"], choose(prompt, bots))
            actions += 1
    return {"games": games, "players": players, "seeds": [seed, seed + games - 1],
            "actions": actions, "single_option_answers": sum(singles.values()),
            "by_kind": dict(singles.most_common()), "discard_answers": discards}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.games, args.players, args.seed)
    if args.json:
        print(orjson.dumps(figures).decode())
        return
    print(f"{figures['games']} random {figures['players']}-player games, seeds "
          f"{figures['seeds'][0]}-{figures['seeds'][1]}: {figures['actions']} answers")
    print(f"  answers to a single-choice question: {figures['single_option_answers']} "
          f"({100 * figures['single_option_answers'] / max(1, figures['actions']):.1f} %)")
    for kind, count in figures["by_kind"].items():
        print(f"    {kind}: {count}")
    print(f"  answers to a discard question: {figures['discard_answers']}")


if __name__ == "__main__":
    main()
