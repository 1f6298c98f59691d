"""Memory a server process holds per cached finished game, and what building replays in the
server's thread pool leaves behind. Prints figures; asserts nothing.

    python -m bench.memory [--games 10] [--players 5] [--seed 1] [--builds 40]

1. Plays `--games` random 5-player BSG games to the end, empties the game cache, and then loads
   each game as a visitor would: every seat's and the spectator's state body, then its replay
   (`GET /api/games/{id}/replay`). Memory per cached finished game = what Python allocations
   (tracemalloc) grew by, divided by the games. The replay's bytes are counted apart.
2. Builds replays `--builds` times the way the server answers `GET /api/games/{id}/replay`
   (`GameService.replay`, Starlette's thread pool), four requests at a time for four different
   games, dropping the cached games before each round so each replay is built anew, and prints
   the process's RSS after every round.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import tracemalloc

from app.store.broadcast import LocalBroadcaster
from app.store.repository import Repository
from app.web.service import GameService
from bench.games import random_choices, temporary_repository

AT_ONCE = 4


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def play(repo: Repository, games: int, players: int, seed: int) -> list[str]:
    ids = []
    for n in range(games):
        created = repo.create("bsg", [f"P{i + 1}" for i in range(players)], seed=seed + n)
        live = repo.live(created.id)
        for seat, action in random_choices(live, seed + n):
            repo.act(created.id, seat, live.version, action, None)
        ids.append(created.id)
    return ids


def per_cached_game(repo: Repository, ids: list[str], players: int) -> dict[str, float]:
    """Python memory (tracemalloc) held by the cache after each game was read whole."""
    with repo._cache_lock:
        repo._cache.clear()
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    replay_bytes = 0
    for game_id in ids:
        live = repo.live(game_id)
        for seat in [*range(players), None]:
            repo.body_bytes(live, seat)
        replay_bytes += len(repo.replay_bytes(game_id))
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return {"kb_per_game": held / len(ids) / 1024,
            "replay_kb": replay_bytes / len(ids) / 1024}


def replay_builds(repo: Repository, ids: list[str], builds: int) -> list[tuple[int, int]]:
    """(builds so far, RSS in KB) after each round of `AT_ONCE` replay requests at once."""
    service = GameService(repo, LocalBroadcaster())
    games = ids[:AT_ONCE]

    async def rounds() -> list[tuple[int, int]]:
        marks = [(0, rss_kb())]
        done = 0
        while done < builds:
            with repo._cache_lock:
                repo._cache.clear()
            await asyncio.gather(*(service.replay(g) for g in games))
            done += len(games)
            gc.collect()
            marks.append((done, rss_kb()))
        return marks

    return asyncio.run(rounds())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--builds", type=int, default=40)
    args = parser.parse_args()
    with temporary_repository() as repo:
        ids = play(repo, args.games, args.players, args.seed)
        figures = per_cached_game(repo, ids, args.players)
        print(f"{args.games} finished {args.players}-player games, each read whole (every seat's "
              f"body, the spectator's, the replay):")
        print(f"  memory per cached finished game: {figures['kb_per_game']:,.0f} KB "
              f"(target < 1,024 KB)")
        print(f"  replay served: {figures['replay_kb']:,.0f} KB per game")
        marks = replay_builds(repo, ids, args.builds)
        print(f"replays built {AT_ONCE} at a time in the server's thread pool (RSS):")
        for n, kb in marks[::max(1, len(marks) // 8)] + marks[-1:]:
            print(f"  after {n:>3} builds: {kb / 1024:,.1f} MB")
        first, last = marks[1], marks[-1]
        grown = (last[1] - first[1]) / 1024 / max(1, last[0] - first[0])
        print(f"  growth after the first round: {grown:+.2f} MB per build")


if __name__ == "__main__":
    main()
