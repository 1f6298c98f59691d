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
from app.games.star_realms.formats import FORMATS, HYDRA, sets
from tests.games.star_realms.format_games import steps
from tests.games.star_realms.test_simulation import worded

GAMES = 200
MULTI = [f for f in FORMATS if f != "two_player"]


def zones(state: dict[str, Any]) -> list[str]:
    out = state["trade_deck"] + state["trade_row"] + state["explorers"] + \
        state["scrap_heap"] + state["removed"]
    for d in state["seats"]:
        out += d["deck"] + d["hand"] + d["discard"] + d["ships"] + d["bases"]
    return out


def check(state: dict[str, Any], every: set[str]) -> None:
    """`every`: the game's cards. As many cards placed as the game has, every one of them among
    them: each card in exactly one place."""
    placed = zones(state)
    assert len(placed) == len(every) and every.issubset(placed)
    seats = state["seats"]
    active = state["active"]
    for n, d in enumerate(seats):
        assert d["trade"] >= 0 and d["combat"] >= 0
        if n not in active:
            assert d["trade"] == d["combat"] == 0 and d["ships"] == []
        if d["out"]:
            assert not any(d[z] for z in ("deck", "hand", "discard", "ships", "bases")) \
                or state["result"] is not None or any(f["seat"] == n for f in state["stack"])
    if state["format"] in HYDRA:
        for team in (0, 1):
            assert len({d["authority"] for d in seats if d["team"] == team}) == 1
    result = state["result"]
    if result is None:
        assert all(d["authority"] > 0 for d in seats if not d["out"])
        assert all(not seats[s]["out"] for s in active)
        assert len(state["trade_row"]) == 5 or not state["trade_deck"]
        return
    winners = result["winners"]
    key = result["msg"]["key"].rsplit(".", 1)[1]
    if key == "last_standing":
        assert [n for n, d in enumerate(seats) if not d["out"]] == winners
    elif key == "team_won":
        teams = {seats[w]["team"] for w in winners}
        assert len(teams) == 1 and all(d["team"] in teams for d in seats
                                       if d["team"] in teams)
    elif key == "raiders_won":
        assert seats[0]["out"] and 0 not in winners
    elif key == "boss_won":
        assert winners == [0] and all(d["out"] for d in seats[1:])
    else:
        assert state["turn"] > 600


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
