"""The engine plays the same games as before its speed work (issue 16, point 8): seeded random
games of 2–5 players played as the benchmark plays them (a random seat of those asked; behind
the screen a random player decides step by step through `app.core.drafts.compose` and posts
the steps with "ready" as one action), and a digest of every state, every prompt (with its
English words), every posted action, every action's log lines and, after every action, the
view of one seat in turn (the spectator one of them), at the end every seat's, compared with
the digest the code gave before (commit 974a1fc, the start of the speed work). `apply` must
leave the state it was given as it was, and a seat's own prompts (`seat_prompts`) must be its
share of everyone's. A change that only makes the engine faster keeps these; a change of
rules, views or prompts must say so here, with the new digests. Changed since: the rule gaps
closed (the short bag's give-back, the completers and "up to 2 to the cup" asked, Advanced
Logistics through the whole Explore, the drawer's private line), the digests those the
rules gave before the speed work was merged with them; then "start over" (reset) offered
behind the screen only at a dead end (rftg-speed: the page's own "Start over" drops the
steps tried), which changes the random players' decisions and so every game."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from app.games.roll_for_the_galaxy.rules import RULES
from bench.roll_for_the_galaxy import NAMES, random_move
from tests.games.same_games import hash_game

GAMES = 3
"""Games per player count (a random 4-player game is about 800 posted actions)."""

DIGESTS = {
    2: "155b079bc8805036cc46282610d1ecf2f6ab9ae92992e7f94efa58858f4fe99c",
    3: "a80b0a293d650691bb28a7e87bb91ce7cd54f84ea0da3731f4aa455d57a7fa6b",
    4: "c853ae55e329e3d0a20c980e2c74191af018383159edb6530a051cf7dc519b99",
    5: "454df5828c6c09c7dbec051476c8d2f09b8675096f05c2107d1142acf33cbc3f",
}


def _own_prompts_are_their_share(state: dict[str, Any], prompts: list[Any]) -> None:
    own = getattr(RULES, "seat_prompts", None)
    if own is None:
        return
    for seat in range(len(state["seats"])):
        assert own(state, seat) == [p for p in prompts if p["seat"] == seat]


def digest(players: int, games: int = GAMES) -> str:
    names = NAMES[:players]
    options = RULES.check_options({}, names)
    h = hashlib.sha256()
    for n in range(games):
        seed = 100 * players + n
        state = RULES.new_game(options, names, seed)
        bots = random.Random(seed)

        def move(state: dict[str, Any], prompts: list[Any], actions: int,
                 bots: random.Random = bots) -> tuple[int, dict[str, Any]]:
            return random_move(RULES, state, bots, actions)

        hash_game(h, RULES, state, move, move_hashed=True, each=_own_prompts_are_their_share)
    return h.hexdigest()


@pytest.mark.parametrize("players", list(DIGESTS))
def test_the_same_games_as_before(players: int) -> None:
    assert digest(players) == DIGESTS[players]


if __name__ == "__main__":  # the digests of the code as it is, and whether they are the same
    for p in DIGESTS:
        now = digest(p)
        print(f'    {p}: "{now}",  # {now == DIGESTS[p]}')
