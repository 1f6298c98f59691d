"""`python -m tests.games.roll_for_the_galaxy.random_games_run [GAMES]`: the invariant
simulation the suite plays (test_random_games.py: 200 games per player count by default), in
one process with its figures (CPU time)."""

from __future__ import annotations

import sys
import time

from tests.games.roll_for_the_galaxy.random_games import GAMES, PLAYERS, play_numbered


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    total = 0.0
    for players in PLAYERS:
        started = time.process_time()
        actions = rounds = 0
        for n in range(games):
            state, played = play_numbered(players, n)
            actions += played
            rounds += state["round"]
        took = time.process_time() - started
        total += took
        print(f"{players} players: {games} games, all ended, invariants held; "
              f"{took:.1f} s CPU, {games / took:.2f} games/s, {actions / games:.0f} actions and "
              f"{rounds / games:.1f} rounds a game", flush=True)
    print(f"all: {total:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
