"""Random games for 2-5 players to the end, with the invariants after every action
(random_games.py). The suite plays GAMES per player count; `python -m
tests.games.roll_for_the_galaxy.random_games_run 200` plays more."""

from __future__ import annotations

import pytest

from tests.games.roll_for_the_galaxy.random_games import play_checked

GAMES = 25


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_die_and_tile_and_end(players: int) -> None:
    for seed in range(GAMES):
        state, actions = play_checked(players, 1000 * players + seed,
                                      first_game=seed % 2 == 0)
        result = state["result"]
        assert result["winners"] and actions > 0
        assert state["round"] >= 2
