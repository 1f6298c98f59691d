"""Hidden information in every multiplayer format (digest §14, A11): a seat's view and what it
reads of the others' prompts do not change when anything it may not see changes. Raid's
Raiders see one another's hands (SR-11.6.6), not the Boss's; teammates' hands in Hydra and
Emperor stay private."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.core import copy_state
from app.games.star_realms.formats import FORMATS
from app.games.star_realms.rules import RULES
from tests.games.star_realms.format_games import steps
from tests.games.star_realms.test_views import public_prompts

MULTI = [f for f in FORMATS if f != "two_player"]


def perturb_hidden_from(state: dict[str, Any], seat: int | None, seed: int) -> dict[str, Any]:
    """As in test_views, for any format: the hands `seat` may not see swapped with deck cards,
    every deck, the Trade Deck and the cards out of the game reordered, the generator."""
    pick = random.Random(seed)
    changed = copy_state(state)
    raider = seat is not None and state["seats"][seat]["role"] == "raider"
    for n, data in enumerate(changed["seats"]):
        if n != seat and not (raider and data["role"] == "raider"):
            hand, deck = data["hand"], data["deck"]
            for i in range(len(hand)):
                if deck:
                    j = pick.randrange(len(deck))
                    hand[i], deck[j] = deck[j], hand[i]
        pick.shuffle(data["deck"])
    pick.shuffle(changed["trade_deck"])
    pick.shuffle(changed["removed"])
    changed["rng"] = pick.getrandbits(63)
    return changed


def random_state(fmt: str, seed: int) -> dict[str, Any]:
    low, high = FORMATS[fmt]["players"]
    players = low + seed % (high - low + 1)
    limit = random.Random(seed).randrange(1, 200)
    *_, (last, _) = steps(fmt, players, seed, limit, fresh=False)
    return last


@pytest.mark.parametrize("fmt", MULTI)
def test_views_and_prompts_do_not_depend_on_what_a_seat_cannot_see(fmt: str) -> None:
    checked = 0
    for seed in range(12):
        state = random_state(fmt, seed)
        if state["result"] is not None:
            continue
        for seat in [None, *range(len(state["seats"]))]:
            changed = perturb_hidden_from(state, seat, seed + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat), (seed, seat)
            assert public_prompts(state, seat) == public_prompts(changed, seat), (seed, seat)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("fmt", ["hydra_two_headed", "emperor", "raid"])
def test_whose_hands_a_seat_sees(fmt: str) -> None:
    state = next(s for s in (random_state(fmt, seed) for seed in range(5, 40))
                 if s["result"] is None)
    seats = state["seats"]
    for seat, data in enumerate(seats):
        view = RULES.view(state, seat)
        assert view["you"]["hand"] == data["hand"]
        for p in view["players"]:
            other = seats[p["seat"]]
            sees = fmt == "raid" and data["role"] == other["role"] == "raider" \
                and p["seat"] != seat
            assert ("hand" in p) == sees, (seat, p["seat"])
            if sees:
                assert p["hand"] == other["hand"]
            assert "deck" not in p
