"""Star Realms' bots answer from what their seat may see: two states that differ only in what
the seat cannot see (the other hand, every deck's order, the Trade Deck's order, the generator)
give the same answer, over states of random games and of games the bots play themselves."""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import seat_move
from app.bots.registry import bots_for
from app.core import act
from app.games.star_realms.rules import RULES
from tests.games.star_realms.random_games import NAMES, random_state
from tests.games.star_realms.test_views import perturb_hidden_from


def bot_game_states(seed: int, every: int = 17) -> list[dict[str, Any]]:
    """States along a smart-against-greedy game, one every `every` actions."""
    offered = bots_for(RULES)
    table = [offered["smart"], offered["greedy"]]
    state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)
    out = []
    version = 0
    while RULES.result(state) is None:
        prompts = RULES.prompts(state)
        seat = prompts[0]["seat"]
        if version % every == 0:
            out.append(state)
        action = seat_move(RULES, state, seat, table[seat], seed, version, prompts)
        state, _ = act(RULES, state, seat, action, prompts)
        version += 1
    return out


def test_a_bots_answer_does_not_change_with_what_its_seat_cannot_see() -> None:
    bots = [bots_for(RULES)[name] for name in ("greedy", "smart")]
    states = [random_state(seed, random.Random(seed).randrange(5, 400)) for seed in range(20)]
    for seed in range(3):
        states += bot_game_states(100 + seed)
    checked = 0
    for n, state in enumerate(states):
        if state["result"] is not None:
            continue
        for seat in sorted({p["seat"] for p in RULES.prompts(state)}):
            changed = perturb_hidden_from(state, seat, n + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat)
            for bot in bots:
                for version in (0, n):
                    mine = seat_move(RULES, state, seat, bot, n, version)
                    assert mine == seat_move(RULES, changed, seat, bot, n, version), (
                        n, seat, bot.name)
            checked += 1
    assert checked >= 40
