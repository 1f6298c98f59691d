"""The invariant simulation of issue 16 (point 7): 200 random games for each of 2-5 players
to the end, with the invariants after every action (random_games.py: every die and tile in
exactly one place, a real end every time). The games of a player count are split into CHUNKS
test functions so that xdist spreads them over its workers; `python -m
tests.games.roll_for_the_galaxy.random_games_run` plays the same games with their figures."""

from __future__ import annotations

import pytest

from tests.games.roll_for_the_galaxy.random_games import GAMES, PLAYERS, play_numbered

CHUNKS = 4
"""Test functions per player count (each plays every CHUNKS-th game)."""


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_every_die_and_tile_and_end(players: int, chunk: int) -> None:
    for n in range(chunk, GAMES, CHUNKS):
        state, actions = play_numbered(players, n)
        result = state["result"]
        assert result["winners"] and actions > 0
        assert state["round"] >= 2
