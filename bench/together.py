"""The server's work per action with many games side by side, as under load A, without sockets:
20 Battlestar Galactica games, each step a random one of them acting (a parsed copy of a random
offered option, as a client's arrives), the pushes to its five seats and the spectator, the
refusals of the other seats asked at the same version (409s), a commit every 12 actions, and the
server's collector settings with a freeze every 700 actions. CPU time of the process per action;
prints figures, asserts nothing.

    python -m bench.together [--games 20] [--actions 3000] [--seed 0]

Unlike `bench.serverpath`, which plays one game after the other, the caches here see what the
server's see: between two actions of a game the other games' work has passed through them.
Its figure swings with other load on the machine; under `valgrind --tool=cachegrind` it counts.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

import orjson

from app.core.pick import random_answer
from app.store.errors import StaleVersion
from app.store.repository import Repository
from app.web.app import GC_THRESHOLDS
from app.web.ws import _error
from bench.games import temporary_repository

PLAYERS = 5


def _new_game(repo: Repository, seed: int) -> list[Any]:
    created = repo.create("bsg", [f"P{i + 1}" for i in range(PLAYERS)], seed=seed)
    live = repo.live(created.id)
    held = {s: repo.state_message(live, s)[0] for s in [*range(PLAYERS), None]}
    return [created.id, live, held, random.Random(seed)]


def run(games: int, actions: int, seed: int, per_commit: int = 12) -> dict[str, float]:
    gc.set_threshold(*GC_THRESHOLDS)
    pick = random.Random(seed)
    cpu = 0.0
    done = stale = 0
    with temporary_repository() as repo:
        repo.batch.start(lambda durable: None)  # committed below instead of by a loop
        table = [_new_game(repo, seed * 1000 + n) for n in range(games)]
        made = games
        gc.collect()
        gc.freeze()
        started = time.process_time()
        while done < actions:
            i = pick.randrange(games)
            game_id, live, held, bots = table[i]
            if live.head.status != "active":  # replaced, as load A does (not counted)
                cpu += time.process_time() - started
                table[i] = _new_game(repo, seed * 1000 + made)
                made += 1
                started = time.process_time()
                continue
            version, asked = live.version, live.head.prompts
            prompt = bots.choice(asked)
            action = orjson.loads(orjson.dumps(random_answer(prompt, bots)))
            repo.act(game_id, prompt["seat"], version, action, f"c{done}")
            if (done + 1) % per_commit == 0:
                repo.batch.durable()
            for s in held:
                held[s] = repo.push_bytes(live, s, held[s])[0]
            repo.pushed(game_id)
            for other in {p["seat"] for p in asked} - {prompt["seat"]}:
                try:
                    repo.act(game_id, other, version, action, f"s{done}-{other}")
                except StaleVersion as exc:
                    _error(409, exc.msg, version=exc.version, client_id=f"s{done}-{other}")
                    stale += 1
            done += 1
            if done % 700 == 0:
                gc.collect(1)
                gc.freeze()
        cpu += time.process_time() - started
        repo.batch.stop()
    return {"actions": done, "cpu_us": cpu / done * 1e6, "stale_per_action": stale / done}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    f = run(args.games, args.actions, args.seed)
    print(f"{f['actions']:,} actions in {args.games} games side by side: {f['cpu_us']:.0f} µs of "
          f"CPU per action ({f['stale_per_action']:.2f} refused acts per action)")


if __name__ == "__main__":
    main()
