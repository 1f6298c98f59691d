"""Hidden information (digest §14): other hands are counts, every deck (one's own too) and the
Trade Deck are counts; the rest is public; after the game, everything. A seat's view, and what
it reads of the others' prompts, must not change when anything it may not see changes."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from app.core import copy_state, visible_to
from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import board, do, play
from tests.games.star_realms.random_games import random_state, steps


def perturb_hidden_from(state: dict[str, Any], seat: int | None, seed: int) -> dict[str, Any]:
    """Change everything `seat` may not see, keeping everything it may see: another seat's hand
    swapped with cards of its deck, every deck's order, the Trade Deck's order, the generator."""
    pick = random.Random(seed)
    changed = copy_state(state)
    for n, data in enumerate(changed["seats"]):
        if n != seat:
            hand, deck = data["hand"], data["deck"]
            for i in range(len(hand)):
                if deck:
                    j = pick.randrange(len(deck))
                    hand[i], deck[j] = deck[j], hand[i]
        pick.shuffle(data["deck"])
    pick.shuffle(changed["trade_deck"])
    changed["rng"] = pick.getrandbits(63)
    return changed


def public_prompts(state: dict[str, Any], seat: int | None) -> list[Any]:
    """What `seat` learns of the prompts: its own whole, the others' seat, kind and words."""
    return [p if p["seat"] == seat else (p["seat"], p["kind"], p["msg"])
            for p in RULES.prompts(state)]


def test_views_and_prompts_do_not_depend_on_what_a_seat_cannot_see() -> None:
    checked = 0
    for seed in range(40):
        state = random_state(seed, random.Random(seed).randrange(1, 300))
        if state["result"] is not None:
            continue
        for seat in (None, 0, 1):
            changed = perturb_hidden_from(state, seat, seed + 1000)
            assert changed != state or not any(d["deck"] for d in state["seats"])
            assert RULES.view(state, seat) == RULES.view(changed, seat), (seed, seat)
            assert public_prompts(state, seat) == public_prompts(changed, seat), (seed, seat)
            checked += 1
    assert checked > 60


def test_each_seat_sees_its_own_hand_and_only_counts_of_the_rest() -> None:
    state = random_state(3, 40)
    for seat in (0, 1):
        mine = RULES.view(state, seat)
        assert mine["you"]["hand"] == state["seats"][seat]["hand"]
        for p in mine["players"]:
            assert "hand" not in p and "deck" not in p, "no hand, no deck, not even one's own"
            data = state["seats"][p["seat"]]
            assert (p["hand_size"], p["deck_size"]) == (len(data["hand"]), len(data["deck"]))
            assert p["discard"] == data["discard"], "discard piles are public"
        assert "trade_deck" not in mine
        assert mine["trade_deck_size"] == len(state["trade_deck"])
    spectator = RULES.view(state, None)
    assert "you" not in spectator
    text = orjson.dumps(spectator).decode()
    for data in state["seats"]:
        for uid in data["hand"] + data["deck"]:
            assert f'"{uid}"' not in text
    for uid in state["trade_deck"]:
        assert f'"{uid}"' not in text


def test_draws_are_told_to_the_drawer_and_counted_for_the_others() -> None:
    for _, events in steps(5, 200):
        for ev in events:
            if ev["kind"] == "draw":
                assert ev["to"] is not None or ev.get("not_to") is not None
                if ev["to"] is not None:
                    assert ev["msg"]["key"] == "star_realms.ev.drew_own"
                else:
                    assert "srcard" not in ev["msg"]["params"]
    seen = [ev for ev in events if visible_to(ev, None)]
    assert all(ev["to"] is None for ev in seen)


def test_a_discard_asked_of_the_opponent_shows_its_hand_only_to_it() -> None:
    state = play(board(hand0=["gunship"], hand1=["viper", "scout"]), "gunship")
    prompts = RULES.prompts(state)
    assert [p["seat"] for p in prompts] == [1]
    assert RULES.view(state, 0) == RULES.view(perturb_hidden_from(state, 0, 1), 0)
    assert "you" not in RULES.view(state, None)
    state = do(state, {"type": "discard", "card": "viper"})
    assert RULES.view(state, 0)["players"][1]["discard"][-1].startswith("viper:")


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_after_the_game_everyone_sees_everything(seat: int | None) -> None:
    *_, (state, _) = steps(2)
    assert state["result"] is not None
    seen = RULES.view(state, seat)
    for p in seen["players"]:
        data = state["seats"][p["seat"]]
        assert p["hand"] == data["hand"] and p["deck"] == data["deck"]
    assert seen["trade_deck"] == state["trade_deck"]
    assert RULES.view_all(state)["trade_deck"] == state["trade_deck"]
