"""Random full games played by bots, with the invariants checked after every action."""

from __future__ import annotations

import random

import pytest

from app.core import act
from app.core.pick import random_answer
from app.games.bsg.rules import RULES
from tests.games.bsg.random_games import play
from tests.games.bsg.rendering import Heard, check_heard

GAMES = 200
DAYBREAK_GAMES = 60  # 15 per player count, and as many with Search for Home: with the games
# with a Cylon Leader (test_daybreak_leaders_simulation.py), 200 Daybreak games


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_invariants_kept(players: int) -> None:
    """... and every prompt, option, log entry and result they met is said in English, Russian
    and Polish without a missing key, parameter, name or form, and with no English word left."""
    winners = set()
    heard = Heard()
    for seed in range(GAMES // 4):
        state = play(seed * 4 + players, players, heard)
        result = state["result"]
        assert result["winner"] in ("humans", "cylons")
        assert set(result["cylons"]) | set(result["humans"]) == set(range(players))
        assert RULES.prompts(state) == []
        winners.add(result["winner"])
    assert winners
    assert check_heard(heard, [f"Bot {i}" for i in range(players)]) > 100


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_daybreak_games_end_with_invariants_kept(players: int) -> None:
    """The same with the Daybreak expansion on: its cards in exactly one place each."""
    heard = Heard()
    for seed in range(DAYBREAK_GAMES // 4):
        state = play(seed * 4 + players, players, heard, {"expansion": "daybreak"})
        assert state["result"]["winner"] in ("humans", "cylons")
        assert RULES.prompts(state) == []
    assert check_heard(heard, [f"Bot {i}" for i in range(players)]) > 100


SEARCH_FOR_HOME = {"expansion": "daybreak", "search_for_home": True}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_search_for_home_games_end_with_invariants_kept(players: int) -> None:
    """Daybreak with Search for Home (DB-15): Missions in exactly one place each (the deck,
    Active Mission, the discards or beside Earth), and every game ends."""
    heard = Heard()
    missions = 0
    for seed in range(DAYBREAK_GAMES // 4):
        state = play(seed * 4 + players, players, heard, SEARCH_FOR_HOME)
        assert state["result"]["winner"] in ("humans", "cylons")
        assert RULES.prompts(state) == []
        missions += 8 - len(state["decks"]["mission"])
        assert not state["kobol_reached"] or state["distance"] >= 10  # Earth's, not Kobol's 8
    assert missions  # the bots went to the Bridge
    assert check_heard(heard, [f"Bot {i}" for i in range(players)]) > 100


def test_a_game_replays_bit_for_bit() -> None:
    names = ["A", "B", "C", "D", "E"]
    options = RULES.check_options({}, names)
    state = RULES.new_game(options, names, 77)
    bots = random.Random(77)
    log = []
    while state["result"] is None:
        prompt = bots.choice(RULES.prompts(state))
        action = random_answer(prompt, bots)
        log.append((prompt["seat"], action))
        state, _ = act(RULES, state, prompt["seat"], action)
    replayed = RULES.new_game(options, names, 77)
    for seat, action in log:
        replayed, _ = RULES.apply(replayed, seat, action)
    assert replayed == state
