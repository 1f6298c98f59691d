"""A game replays bit for bit from its seed and actions, and `apply` never changes the state it
is given (house rules: a pure, deterministic engine)."""

from __future__ import annotations

import random

import orjson

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.core import act, replay
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.rules import RULES


def test_a_random_game_replays_bit_for_bit_and_apply_changes_no_input() -> None:
    names = ["Ann", "Bob", "Cid"]
    options = RULES.check_options({}, names)
    state = RULES.new_game(options, names, 42)
    order = random.Random(42)
    log = []
    while RULES.result(state) is None:
        prompts = RULES.prompts(state)
        open_ = answerable(prompts)
        seat = open_[order.randrange(len(open_))]["seat"]
        action = seat_move(RULES, state, seat, RANDOM, 42, len(log), prompts)
        before = orjson.dumps(state)
        state_after, _ = act(RULES, state, seat, action, prompts)
        assert orjson.dumps(state) == before
        state = state_after
        log.append((seat, action))
    again = replay(RULES, options, names, 42, log)
    assert orjson.dumps(again) == orjson.dumps(state)
