"""A seat's view must not change when only what that seat may not see changes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core import act
from app.core.pick import random_answer
from tests.secretcards import RULES


def random_state(players: int, steps: int, seed: int) -> dict:
    names = [f"P{i}" for i in range(players)]
    state = RULES.new_game(RULES.check_options({"rounds": 50}, names), names, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        prompt = RULES.prompts(state)[0]
        state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, pick))
    return state


def perturb_hidden_from(state: dict, seat: int, seed: int) -> dict:
    """Reshuffle every card `seat` cannot see (other hands, the deck), keeping sizes, and
    re-deal the other seats' colours and the RNG."""
    pick = random.Random(seed)
    changed = {**state, "hands": [list(h) for h in state["hands"]], "deck": list(state["deck"])}
    hidden = list(changed["deck"])
    for s, hand in enumerate(changed["hands"]):
        if s != seat:
            hidden.extend(hand)
    pick.shuffle(hidden)
    for s, hand in enumerate(changed["hands"]):
        if s != seat:
            changed["hands"][s] = [hidden.pop() for _ in hand]
    changed["deck"] = hidden
    changed["colours"] = [
        c if s == seat else pick.choice(["red", "blue"]) for s, c in enumerate(state["colours"])
    ]
    changed["rng"] = pick.getrandbits(64)
    return changed


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 6),
    steps=st.integers(0, 40),
    seed=st.integers(0, 2**32),
    other=st.integers(0, 2**32),
)
def test_views_do_not_depend_on_hidden_information(players, steps, seed, other) -> None:
    state = random_state(players, steps, seed)
    for seat in [None, *range(players)]:
        changed = perturb_hidden_from(state, -1 if seat is None else seat, other)
        assert RULES.view(state, seat) == RULES.view(changed, seat)
        if seat is not None:
            mine = [p for p in RULES.prompts(state) if p["seat"] == seat]
            assert mine == [p for p in RULES.prompts(changed) if p["seat"] == seat]
