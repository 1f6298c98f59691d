"""`python -m tests.games.roll_for_the_galaxy.random_games_run [GAMES]`: the invariant
simulation at full size (200 games per player count by default), with its figures."""

from __future__ import annotations

import sys
import time

from tests.games.roll_for_the_galaxy.random_games import play_checked


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for players in (2, 3, 4, 5):
        started = time.perf_counter()
        actions = rounds = 0
        for seed in range(games):
            state, n = play_checked(players, seed, first_game=seed % 2 == 0)
            actions += n
            rounds += state["round"]
        took = time.perf_counter() - started
        print(f"{players} players: {games} games, all ended, invariants held; "
              f"{took:.1f} s, {games / took:.2f} games/s, {actions / games:.0f} actions and "
              f"{rounds / games:.1f} rounds a game", flush=True)


if __name__ == "__main__":
    main()
