"""Reaction windows in random-bot games: how often a player is asked at a window, and passes.

    python -m bench.windows [--games 50] [--players 5] [--seed 1] [--json]

Bots choose uniformly among a prompt's options plus, for each standing-choice key an option
carries (`option["standing"]`), one "always" choice that turns that key on for the seat and
answers with the option (as bots picked an "always pass" option when it was one of the
options). Standing answers are then given as the server gives them
(`app.core.standing.next_standing_answer`) and counted apart: nobody clicked them.

Counted, per game and in all: clicks (`actions`), clicks at a window prompt (`window_prompts`:
each is a window prompt someone had to answer), clicks that passed at a window
(`window_passes`, an "always pass" choice included), clicks on a prompt with a single option
(`single_option`), and answers given by standing choices (`standing_answers`). The script runs
unchanged on an engine without standing keys (then nothing is answered in advance).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

import orjson

from app.core import act
from app.core.pick import is_pick, random_answer
from app.core.standing import next_standing_answer
from app.games.bsg.rules import RULES

MAX_ACTIONS = 50_000
PASSING = ("pass", "autopass")  # "autopass": the older engine's "pass, and always pass"


def play(seed: int, players: int) -> Counter[str]:
    names = [f"Bot {i}" for i in range(players)]
    state = RULES.new_game(RULES.check_options({}, names), names, seed)
    bots = random.Random(seed)
    chosen: dict[int, set[str]] = {seat: set() for seat in range(players)}
    counts: Counter[str] = Counter()
    while state["result"] is None and counts["actions"] < MAX_ACTIONS:
        found = next_standing_answer(RULES, state, chosen)
        if found is not None:
            state, _ = act(RULES, state, *found)
            counts["standing_answers"] += 1
            continue
        prompt = RULES.prompts(state)[0]
        options = prompt["options"]
        if is_pick(prompt):  # several cards chosen at once: one answer, never a window
            counts["actions"] += 1
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
            continue
        choices: list[tuple[dict[str, Any], str | None]] = [(o, None) for o in options]
        choices += [(o, key) for o in options for key in o.get("standing", [])]
        picked, key = bots.choice(choices)
        if key is not None:
            chosen[prompt["seat"]].add(key)
        counts["actions"] += 1
        counts["single_option"] += len(options) == 1
        if prompt["kind"] == "window":
            counts["window_prompts"] += 1
            counts["window_passes"] += picked["action"].get("type") in PASSING
        state, _ = act(RULES, state, prompt["seat"], picked["action"])
    counts["finished"] += state["result"] is not None
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    per_game = {seed: play(seed, args.players)
                for seed in range(args.seed, args.seed + args.games)}
    total: Counter[str] = Counter()
    for counts in per_game.values():
        total.update(counts)
    first = per_game[args.seed]
    report = {"games": args.games, "players": args.players, "seeds": [args.seed,
                                                                       args.seed + args.games - 1],
              "total": dict(total), "first_seed": {"seed": args.seed, **first}}
    if args.json:
        print(orjson.dumps(report).decode())
        return
    print(f"{args.games} games of {args.players} (seeds {args.seed}-{args.seed + args.games - 1})"
          f", {total['finished']} finished")
    for name in ("actions", "window_prompts", "window_passes", "single_option",
                 "standing_answers"):
        share = f" ({total[name] / total['actions']:.1%} of actions)" if total["actions"] else ""
        print(f"  {name:17} {total[name]:8}{share}")
    print(f"  seed {args.seed}: {first['window_passes']} window passes of {first['actions']} "
          f"actions ({first['window_prompts']} window prompts, "
          f"{first['standing_answers']} standing answers)")


if __name__ == "__main__":
    main()
