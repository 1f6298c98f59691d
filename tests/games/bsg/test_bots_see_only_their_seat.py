"""A bot's answer depends only on what its seat may see: two states that differ only in what
the seat cannot see (other hands and loyalty, every deck's order, the RNG) give the seat the
same view and the same prompts, and so the same answer, over random Battlestar Galactica games."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import orjson
import pytest

from app.bots.bot import Bot, seat_move
from app.bots.registry import bots_for
from app.games.bsg.rules import RULES
from tests.games.bsg.test_views import perturb_hidden_from, random_state


def _by_the_view(view: dict[str, Any], prompts: list[Any], rng: random.Random) -> dict[str, Any]:
    """A bot that reads everything it is given: any difference in its view changes its answer."""
    options = prompts[0]["options"]
    seen = orjson.dumps(view, option=orjson.OPT_SORT_KEYS) + orjson.dumps(prompts)
    if "pick" in prompts[0]:
        low = prompts[0]["pick"]["min"]
        return {"type": "pick", "picked": [o["action"] for o in options[:low]]}
    digest = int.from_bytes(hashlib.sha256(seen).digest()[:4], "big")
    return options[(digest ^ rng.getrandbits(16)) % len(options)]["action"]


READER = Bot(name="reader", key="core.bot.random", answer=_by_the_view)


@pytest.mark.parametrize("players", [3, 5])
def test_a_bots_answer_does_not_change_with_what_its_seat_cannot_see(players: int) -> None:
    bots = [*bots_for(RULES).values(), READER]
    checked = 0
    for seed in range(30):
        state = random_state(players, random.Random(seed).randrange(5, 300), seed)
        if state["result"] is not None:
            continue
        for seat in sorted({p["seat"] for p in RULES.prompts(state)}):
            changed = perturb_hidden_from(state, seat, seed + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat)
            assert [p for p in RULES.prompts(state) if p["seat"] == seat] == [
                p for p in RULES.prompts(changed) if p["seat"] == seat]
            for bot in bots:
                for version in (0, seed):
                    mine = seat_move(RULES, state, seat, bot, seed, version)
                    assert mine == seat_move(RULES, changed, seat, bot, seed, version), (
                        seed, seat, bot.name)
            checked += 1
    assert checked >= 20
