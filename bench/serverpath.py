"""The server's work per action without the network: `Repository.act` (check, apply, store) and
the pushes to every seat (views, diffs, messages), on random 5-player Battlestar Galactica games
in a temporary SQLite file. CPU time of this thread; prints figures, asserts nothing.

    python -m bench.serverpath [--games 6] [--players 5] [--seed 0] [--together 1]

`--together K` plays K games side by side and stores their actions as the game socket does
under load (`Repository.act_staged`): one action of each of the K games is written, then all
are committed at once (`commit_staged`), as the actions arriving in one pass of the server's
event loop are. The same games and actions whatever K is.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from typing import Any

from bench.games import random_choices, temporary_repository


def run(games: int, players: int, seed: int, together: int = 0) -> dict[str, float]:
    """`together` 0: `Repository.act`, one commit per action; K ≥ 1: `act_staged` on K games
    side by side, one commit per round of K actions."""
    acting = pushing = storing = 0.0
    actions = 0
    with temporary_repository() as repo:
        timed = "_store" if not together else "_steps"
        store = getattr(repo, timed)

        def timed_store(*args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal storing
            started = time.thread_time()
            try:
                return store(*args, **kwargs)
            finally:
                storing += time.thread_time() - started

        setattr(repo, timed, timed_store)
        commit = repo.commit_staged
        if together:
            def timed_commit() -> None:
                nonlocal storing
                started = time.thread_time()
                try:
                    commit()
                finally:
                    storing += time.thread_time() - started

            repo.commit_staged = timed_commit  # type: ignore[method-assign]
        playing: list[tuple[str, Any, dict[Any, bytes], Iterator[tuple[int, Any]]]] = []
        for n in range(games):
            created = repo.create("bsg", [f"P{i + 1}" for i in range(players)], seed=seed + n)
            live = repo.live(created.id)
            held = {s: repo.state_message(live, s)[0] for s in [*range(players), None]}
            playing.append((created.id, live, held, random_choices(live, seed + n)))
        if not together:
            for game_id, live, held, choices in playing:
                for seat, action in choices:
                    t0 = time.thread_time()
                    repo.act(game_id, seat, live.version, action, None)
                    t1 = time.thread_time()
                    for s in held:
                        held[s] = repo.push_bytes(live, s, held[s])[0]
                    acting += t1 - t0
                    pushing += time.thread_time() - t1
                    actions += 1
        for start in range(0, games if together else 0, max(together, 1)):
            group = playing[start:start + together]
            while group:
                t0 = time.thread_time()
                moved = []
                for one in group:
                    game_id, live, _, choices = one
                    step = next(choices, None)
                    if step is not None:
                        repo.act_staged(game_id, step[0], live.version, step[1], None,
                                        lambda _v: None, _raise)
                        moved.append(one)
                repo.commit_staged()
                t1 = time.thread_time()
                for _, live, held, _ in moved:
                    for s in held:
                        held[s] = repo.push_bytes(live, s, held[s])[0]
                acting += t1 - t0
                pushing += time.thread_time() - t1
                actions += len(moved)
                group = moved
    return {"actions": actions, "act_us": acting / actions * 1e6,
            "store_us": storing / actions * 1e6, "pushes_us": pushing / actions * 1e6,
            "seats_pushed": players + 1}


def _raise(exc: BaseException) -> None:
    raise exc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--together", type=int, default=0)
    args = parser.parse_args()
    f = run(args.games, args.players, args.seed, args.together)
    print(f"{f['actions']:,} actions: act {f['act_us']:.0f} µs (of which storing "
          f"{f['store_us']:.0f} µs), pushes to {f['seats_pushed']} seats {f['pushes_us']:.0f} µs "
          f"= {f['act_us'] + f['pushes_us']:.0f} µs of CPU per action")


if __name__ == "__main__":
    main()
