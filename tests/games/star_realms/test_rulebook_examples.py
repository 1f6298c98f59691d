"""The rulebook's own examples and edge cases, said the way the rulebook says them."""

from __future__ import annotations

from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import actions, board, do, ids, refresh, seat


def test_the_setup_picture_first_player_3_cards_second_5_authority_50_row_of_5() -> None:
    """«Пример начального расклада»: each side 50 Authority, hands of 3 and 5, the Explorers
    face up, the Trade Deck with the Trade Row of 5 beside it, room for the scrap heap."""
    state = RULES.new_game({"format": "two_player"}, ["Ann", "Bob"], 11)
    first = state["current"]
    hands = [len(d["hand"]) for d in state["seats"]]
    assert hands[first] == 3 and hands[1 - first] == 5
    view = RULES.view(state, None)
    assert [p["authority"] for p in view["players"]] == [50, 50]
    assert view["explorers"] == 10 and len(view["trade_row"]) == 5 and view["scrap_heap"] == []


def test_three_cards_left_at_the_draw_phase_then_two_from_the_reshuffled_discard() -> None:
    """«к началу фазы добора в личной колоде осталось 3 карты»: draw those 3, shuffle the
    discard pile into a new deck, draw 2 from it."""
    state = board()
    data = state["seats"][0]
    data["discard"], data["deck"] = data["deck"][:-3], data["deck"][-3:]
    left = list(data["deck"])
    state = do(refresh(state), {"type": "end_turn"})
    hand = seat(state, 0)["hand"]
    assert hand[:3] == left[::-1] and len(hand) == 5
    assert len(seat(state, 0)["deck"]) == 5 and seat(state, 0)["discard"] == []


def test_destroying_a_base_subtracts_its_defense_from_the_combat_pool() -> None:
    """«Если результат получился не ниже 0, база считается уничтоженной»: 6 combat against a
    defense of 5 leaves 1, the base goes to its owner's discard pile."""
    state = board(bases1=["plasma_vent"], combat0=6)
    vent = seat(state, 1)["bases"][0]
    state = do(state, {"type": "attack_base", "seat": 1, "card": vent})
    assert seat(state, 0)["combat"] == 1 and seat(state, 1)["discard"] == [vent]


def test_with_the_trade_deck_and_row_empty_play_goes_on_without_buying() -> None:
    """«когда в торговой колоде и в торговом ряду закончатся карты, просто продолжайте
    играть картами из своих личных колод, не покупая новых» (Explorers stay buyable)."""
    state = board(trade0=5)
    state["scrap_heap"] += state["trade_deck"] + state["trade_row"][1:]
    state["trade_deck"], state["trade_row"] = [], state["trade_row"][:1]
    last = state["trade_row"][0]
    state = refresh(state)
    if {"type": "buy", "card": last} in actions(state):
        state = do(state, {"type": "buy", "card": last})
        assert state["trade_row"] == []
    assert all(a["type"] != "buy" or a["card"] == "explorer" for a in actions(state))
    state = do(do(state, {"type": "end_turn"}), {"type": "end_turn"})
    assert state["result"] is None and len(seat(state, 0)["hand"]) == 5


def test_buying_is_not_playing() -> None:
    """«Покупка карты не считается её розыгрышем»: a bought Command Center gives nothing."""
    state = board(row=["command_center"], trade0=4)
    state = do(state, {"type": "buy", "card": state["trade_row"][0]})
    assert seat(state, 0)["trade"] == 0 and ids(seat(state, 0)["discard"]) == ["command_center"]
