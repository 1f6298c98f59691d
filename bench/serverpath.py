"""The server's work per action without the network: `Repository.act` (check, apply, store) and
the pushes to every seat (views, diffs, messages), on random 5-player Battlestar Galactica games
in a temporary SQLite file. CPU time of this thread; prints figures, asserts nothing.

    python -m bench.serverpath [--games 6] [--players 5] [--seed 0] [--per-commit 12]

The server's event loop commits the actions of one pass together (app/store/batch.py): about a
dozen under load A. `--per-commit N` commits after every N actions (counted in acting and
storing); 0 stores as a worker thread does, one commit per action.
"""

from __future__ import annotations

import argparse
import time

from bench.games import random_choices, temporary_repository


def run(games: int, players: int, seed: int, per_commit: int = 12) -> dict[str, float]:
    acting = pushing = storing = 0.0
    actions = 0
    with temporary_repository() as repo:
        store = repo._store

        def timed_store(*args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal storing
            started = time.thread_time()
            try:
                return store(*args, **kwargs)
            finally:
                storing += time.thread_time() - started

        repo._store = timed_store  # type: ignore[method-assign]
        if per_commit:
            repo.batch.start(lambda durable: None)  # committed below instead of by a loop
        for n in range(games):
            created = repo.create("bsg", [f"P{i + 1}" for i in range(players)], seed=seed + n)
            live = repo.live(created.id)
            held = {s: repo.state_message(live, s)[0] for s in [*range(players), None]}
            for seat, action in random_choices(live, seed + n):
                t0 = time.thread_time()
                repo.act(created.id, seat, live.version, action, None)
                if per_commit and (actions + 1) % per_commit == 0:
                    committing = time.thread_time()
                    repo.batch.durable()
                    storing += time.thread_time() - committing
                t1 = time.thread_time()
                for s in held:
                    held[s] = repo.push_bytes(live, s, held[s])[0]
                repo.pushed(created.id)  # as GameService._moved does once the sockets have it
                t2 = time.thread_time()
                acting += t1 - t0
                pushing += t2 - t1
                actions += 1
        repo.batch.stop()
    return {"actions": actions, "act_us": acting / actions * 1e6,
            "store_us": storing / actions * 1e6, "pushes_us": pushing / actions * 1e6,
            "seats_pushed": players + 1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-commit", type=int, default=12)
    args = parser.parse_args()
    f = run(args.games, args.players, args.seed, args.per_commit)
    print(f"{f['actions']:,} actions: act {f['act_us']:.0f} µs (of which storing "
          f"{f['store_us']:.0f} µs), pushes to {f['seats_pushed']} seats {f['pushes_us']:.0f} µs "
          f"= {f['act_us'] + f['pushes_us']:.0f} µs of CPU per action")


if __name__ == "__main__":
    main()
