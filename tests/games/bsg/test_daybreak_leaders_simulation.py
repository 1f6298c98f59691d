"""Random Daybreak games with a Cylon Leader (4 to 6 players, where a bot takes one as soon as
it is offered) and with 7 players: every card, Motives included, in exactly one place after
every action, and every game ends with the Leader settled in the result; every other game plays
Search for Home as well."""

from __future__ import annotations

import random

import pytest

from app.core.pick import random_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES
from tests.games.bsg.random_games import play
from tests.games.bsg.rendering import Heard, check_heard

GAMES = 20  # per player count; every other one with Search for Home


def _answer(prompt: dict, bots: random.Random) -> dict:
    if prompt["kind"] == "character":
        leaders = [o for o in prompt["options"]
                   if catalog.CHARACTERS[o["action"]["character"]]["type"] == "cylon_leader"]
        if leaders:
            return bots.choice(leaders)["action"]
    return random_answer(prompt, bots)


def play_with_leader(seed: int, players: int, heard: Heard, search_for_home: bool = False
                     ) -> dict:
    options = {"expansion": "daybreak", **({"search_for_home": True} if search_for_home else {})}
    return play(seed, players, heard, options, answer=_answer)


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_games_with_a_leader_end_with_invariants_kept(players: int) -> None:
    heard = Heard()
    for seed in range(GAMES):
        state = play_with_leader(seed * 8 + players, players, heard, search_for_home=seed % 2 == 1)
        result = state["result"]
        leaders = [s for s, d in enumerate(state["seats"]) if d.get("leader")]
        assert len(leaders) == 1
        assert [x["seat"] for x in result["leaders"]] == leaders
        others = set(result["cylons"]) | set(result["humans"])
        assert others == set(range(players)) - set(leaders)
        won = result["leaders"][0]["won"]
        assert (leaders[0] in result["winners"]) == won
        assert RULES.prompts(state) == []
    assert check_heard(heard, [f"Bot {i}" for i in range(players)]) > 100
