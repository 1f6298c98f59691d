"""The engine plays the same games as before its speed work: 50 seeded random games of every
format, and a digest of every state, every action's log lines, every prompt (with its English
words) and, after every action, the view of one seat in turn (the spectator one of them), at
the end every seat's, compared with the digest the code gave before (commit 00ec015, the start
of the speed work); `apply` must leave the state it was given as it was. A change that only
makes the engine faster keeps these; a change of rules, views or prompts must say so here,
with the new digests. Changed since: Hydra's lanes (a member's question holds no teammate),
the new Hydra digests the same as those of the lanes before the speed work."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from app.core.pick import random_answer
from app.games.star_realms.formats import FORMATS
from app.games.star_realms.rules import RULES
from tests.games.same_games import hash_game
from tests.games.star_realms.format_games import NAMES, hurried

GAMES = 50
ACTIONS = 400
"""Actions a game is followed for at most (most games end within them)."""

DIGESTS = {
    "two_player": "bacb9370520775618f3f3db07c5e9b3db7ab46d73af249678a40490372e81413",
    "free_for_all": "eb3b23b619ba7bffacf736f0a2ed2df6c6a78571fb334d9a49ece5ba1763edc5",
    "hunter": "c40c658880dfe198ca0b980ed9449d6b388bacb248a1974095c36a2ad6f1e5b1",
    "hydra_two_headed": "9d88ff61fdd256e6ce6fde6be2e119406a8aaeab9714ab36b853f67684bb13ae",
    "hydra_three_headed": "3c81cb055c1fed49f5ac588ce52fad685b8e4a291a5cead7c42bf237c2114f98",
    "emperor": "d772dfa65d94feea666ad3d028178499bced4094e500d6c255575ce95293f9c9",
    "raid": "4964d6f0068300b5f7055e504d959174e3a50c470eb0950978b826db5ae3637f",
}
EVERY_VIEW_DIGESTS = {
    "two_player": "c1008fc99edd7490c9e8ac1b7b67c395de058612bb70f9f428e9a2d578e3c280",
    "free_for_all": "bd5f214face96c70da511ec230283102447145aeea368c2342c06732df5df7ea",
    "hunter": "4b4203d64e8e5509010422ddf8c4e19d4c62806ffd69515ba65f073c1a866156",
    "hydra_two_headed": "09b6b5b752fe82137e32cd3bf1ae027229fa7abc84f450ac07142aa8d96ec950",
    "hydra_three_headed": "5e39a0c27ce43297979be02c31ea0ab2d4059906fef6b2b9cf4d8fc0da688281",
    "emperor": "c3a1646a884793322c5a6891ea4119ecd155e6e60e387dbd47ae191bb8905fd9",
    "raid": "a668142d6a9324eb52bf0c4aa942533c479421f37bae6e9171b665b776e6873d",
}


def digest(fmt: str, games: int = GAMES, every_view: bool = False) -> str:
    """The digest of `games` seeded random games of `fmt` (random options in two-player
    games, `hurried` ones in the others, so that they end); `every_view`: every seat's view
    after every action (five times slower: run by hand, `python -m` this file)."""
    low, high = FORMATS[fmt]["players"]
    pick = random_answer if fmt == "two_player" else hurried
    h = hashlib.sha256()
    for seed in range(games):
        names = NAMES[:low + seed % (high - low + 1)]
        state = RULES.new_game(RULES.check_options({"format": fmt}, names), names, seed)
        bots = random.Random(seed)

        def move(state: dict[str, Any], prompts: list[Any], n: int,
                 bots: random.Random = bots) -> tuple[int, dict[str, Any]]:
            prompt = bots.choice(prompts)
            return prompt["seat"], pick(prompt, bots)

        hash_game(h, RULES, state, move, actions=ACTIONS, every_view=every_view)
    return h.hexdigest()


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_same_games_as_before(fmt: str) -> None:
    assert digest(fmt) == DIGESTS[fmt]


if __name__ == "__main__":  # the digests of the code as it is, and whether they are the same
    for f in FORMATS:
        now, every = digest(f), digest(f, every_view=True)
        print(f'    "{f}": "{now}",  # {now == DIGESTS[f]}')
        print(f'    "{f}": "{every}",  # every view: {every == EVERY_VIEW_DIGESTS[f]}')
