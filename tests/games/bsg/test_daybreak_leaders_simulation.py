"""Random Daybreak games with a Cylon Leader (4 to 6 players, where a bot takes one as soon as
it is offered) and with 7 players: every card, Motives included, in exactly one place after
every action, and every game ends with the Leader settled in the result; every other game plays
Search for Home as well."""

from __future__ import annotations

import random

import pytest

from app.core import act
from app.core.pick import random_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES, checked_options
from tests.games.bsg.invariants import check, check_hand_limits
from tests.games.bsg.rendering import Heard, check_heard

GAMES = 20  # per player count; every other one with Search for Home
MAX_ACTIONS = 20_000


def _answer(prompt: dict, bots: random.Random) -> dict:
    if prompt["kind"] == "character":
        leaders = [o for o in prompt["options"]
                   if catalog.CHARACTERS[o["action"]["character"]]["type"] == "cylon_leader"]
        if leaders:
            return bots.choice(leaders)["action"]
    return random_answer(prompt, bots)


def play_with_leader(seed: int, players: int, heard: Heard, search_for_home: bool = False
                     ) -> dict:
    names = [f"Bot {i}" for i in range(players)]
    options = {"expansion": "daybreak", **({"search_for_home": True} if search_for_home else {})}
    state = RULES.new_game(checked_options(options, names), names, seed)
    heard.state(state, RULES.prompts(state), [])
    bots = random.Random(seed)
    turn = 0
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None:
            return state
        prompts = RULES.prompts(state)
        prompt = bots.choice(prompts)
        state, events = act(RULES, state, prompt["seat"], _answer(prompt, bots))
        check(state)
        heard.state(state, RULES.prompts(state), events)
        if state["turn"] != turn and state["result"] is None:
            turn = state["turn"]
            check_hand_limits(state)
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")


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
