"""200 random games of each multiplayer format (digest §11), their player counts in turn, with
the invariants checked after every action: every card in exactly one place (one Trade Deck,
the starting cards and Explorers of 2 or 3 boxes, cards out of the game), pools and played
ships only on the sides of the seats in their main phase, a Hydra team's one Authority,
eliminated players holding no card, and a result that follows the format's win. Every game is
played to its end (random players of six take hundreds of turns: `hurried` players mostly play
their cards and attack with all of their pool, and each game changes one state in place)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.star_realms.carddata import uids_in_game
from app.games.star_realms.formats import FORMATS, sets
from tests.games.star_realms.format_games import steps
from tests.games.star_realms.format_invariants import check
from tests.games.star_realms.test_simulation import worded

GAMES = 200
MULTI = [f for f in FORMATS if f != "two_player"]


@pytest.mark.parametrize("fmt", MULTI)
def test_random_games_keep_the_invariants(fmt: str) -> None:
    low, high = FORMATS[fmt]["players"]
    for seed in range(GAMES):
        players = low + seed % (high - low + 1)
        cards = uids_in_game(players, sets(players))
        every = set(cards)
        assert len(every) == len(cards)
        state: dict[str, Any] = {}
        for state, events in steps(fmt, players, seed, fresh=False):
            check(state, every)
            if seed < 3:
                for ev in events:
                    worded(ev["msg"])
        assert state["result"] is not None, (fmt, seed)
