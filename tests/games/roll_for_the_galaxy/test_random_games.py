"""The invariant simulation of issue 16 (point 7): random games for each of 2-5 players to
the end, with the invariants after every action (random_games.py: every die and tile in
exactly one place, a real end every time): the 200 games per player count the issue asks for
(the 800 cost about 220-230 s of CPU, under two minutes of the suite's time on two cores);
`python -m tests.games.roll_for_the_galaxy.random_games_run` plays the same games with their
figures. The games of a player count are split into CHUNKS test functions so that xdist spreads
them over its workers."""

from __future__ import annotations

import pytest

from tests.games.roll_for_the_galaxy.random_games import PLAYERS, play_numbered

IN_SUITE = 200
"""Games per player count played by the suite (of random_games.GAMES, 200)."""
CHUNKS = 5
"""Test functions per player count (each plays every CHUNKS-th game)."""


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_every_die_and_tile_and_end(players: int, chunk: int) -> None:
    for n in range(chunk, IN_SUITE, CHUNKS):
        state, actions = play_numbered(players, n)
        result = state["result"]
        assert result["winners"] and actions > 0
        assert state["round"] >= 2
