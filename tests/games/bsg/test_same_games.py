"""The engine plays the same games as before its speed work (issue 14): seeded random games of
the base game (3 to 6 players) and of Daybreak (3 to 7 players, with a Cylon Leader, with
Search for Home), and a digest of every state, every prompt (with its English words), every
action's log entries (with theirs), after every action the view of one seat in turn (the
spectator one of them), at the end every seat's view, the everything-view and the result,
compared with the digest the code gave before (commit 4a3ff48, the start of the speed work);
`apply` must leave the state it was given as it was. A change that only makes the engine
faster keeps these; a change of rules, views, prompts or words must say so here, with the new
digests. `python -m tests.games.bsg.test_same_games` prints the digests of the code as it is,
and with `--every-view` also those of every seat's view after every action (slower)."""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import pytest

from app.core.pick import random_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES, checked_options
from tests.games.same_games import hash_game

DAYBREAK = {"expansion": "daybreak"}
GAMES: dict[str, tuple[dict[str, Any], bool, list[tuple[int, int]]]] = {
    # name: (options, a bot takes a Cylon Leader when offered, [(seed, players)])
    "base": ({}, False, [(1, 3), (2, 4), (3, 5), (4, 6)]),
    "daybreak": (DAYBREAK, False, [(5, 3), (6, 4), (7, 5), (8, 6)]),
    "daybreak_leader": (DAYBREAK, True, [(9, 5), (10, 7)]),
    "search_for_home": ({**DAYBREAK, "search_for_home": True}, True, [(11, 4)]),
}
ACTIONS = 1_500
"""Actions a game is followed for at most (these games end well within them)."""

DIGESTS = {
    "base": "261c3877ae87739c717930d939b5c2540bc6f969a0bc931deaed421fdafe0414",
    "daybreak": "b58f5496d1322e360c85e351740b4e22669f4cb3e8521111db9664e75ed73027",
    "daybreak_leader": "b5c6672ffe60f5684a1c421e7ac97ebe961ab5b50b8d7fcfed8881defa51474d",
    "search_for_home": "c83751d3af8678339f147b049f52584f92cf6acac59d1edcf667a8f54e46915b",
}
EVERY_VIEW_DIGESTS = {
    "base": "bde0bccd8f9bb8cca07b43e6fbaf91e2240d5db01074e91575c7f01f57b2e579",
    "daybreak": "d4a94866219d67a8a92bf7bd2e05f0a771877a9792534718d89b4afd68f3a586",
    "daybreak_leader": "3803512abd47c673c73b5c06c4daff832efb9a929b4c9cfa2e732c06f2b833bd",
    "search_for_home": "03d9449d1b755dc42ddf24f2d1a48ac2b65f24cfff46dad515890d7f78e1bc72",
}


def _answer(prompt: dict[str, Any], bots: random.Random, leader: bool) -> dict[str, Any]:
    if leader and prompt["kind"] == "character":
        leaders = [o for o in prompt["options"]
                   if catalog.CHARACTERS[o["action"]["character"]]["type"] == "cylon_leader"]
        if leaders:
            return bots.choice(leaders)["action"]
    return random_answer(prompt, bots)


def digest(name: str, every_view: bool = False) -> str:
    """The digest of the games of `name`; `every_view`: every seat's view after every action."""
    options, leader, games = GAMES[name]
    h = hashlib.sha256()
    for seed, players in games:
        names = [f"Bot {i}" for i in range(players)]
        state = RULES.new_game(checked_options(options, names), names, seed)
        bots = random.Random(seed)

        def move(state: dict[str, Any], prompts: list[Any], n: int,
                 bots: random.Random = bots) -> tuple[int, dict[str, Any]]:
            prompt = bots.choice(prompts)  # several seats asked at once answer in any order
            return prompt["seat"], _answer(prompt, bots, leader)

        hash_game(h, RULES, state, move, actions=ACTIONS, every_view=every_view)
    return h.hexdigest()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_games_as_before(name: str) -> None:
    assert digest(name) == DIGESTS[name]


if __name__ == "__main__":  # the digests of the code as it is, and whether they are the same
    for g in GAMES:
        now = digest(g)
        print(f'    "{g}": "{now}",  # {now == DIGESTS[g]}')
        if "--every-view" in sys.argv:
            every = digest(g, every_view=True)
            print(f'    "{g}": "{every}",  # every view: {every == EVERY_VIEW_DIGESTS[g]}')
