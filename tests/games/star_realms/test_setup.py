"""Setup (SR-4): decks, Authority, Explorers, the Trade Row, the first player and hands."""

from __future__ import annotations

from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import every_card_once, ids

NAMES = ["Ann", "Bob"]


def new(seed: int) -> dict:
    return RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)


def test_each_player_starts_with_8_scouts_2_vipers_and_50_authority() -> None:
    state = new(3)
    for data in state["seats"]:
        cards = ids(data["deck"] + data["hand"])
        assert sorted(cards) == sorted(["scout"] * 8 + ["viper"] * 2)
        assert data["authority"] == 50
        assert data["trade"] == data["combat"] == 0
        assert data["discard"] == data["ships"] == data["bases"] == []
    assert every_card_once(state)


def test_ten_explorers_a_trade_row_of_five_and_the_rest_in_the_trade_deck() -> None:
    state = new(4)
    assert len(state["explorers"]) == 10
    assert len(state["trade_row"]) == 5
    assert len(state["trade_deck"]) == 75
    assert state["scrap_heap"] == []


def test_the_first_player_draws_3_and_the_second_5() -> None:
    firsts = set()
    for seed in range(20):
        state = new(seed)
        first = state["current"]
        firsts.add(first)
        assert len(state["seats"][first]["hand"]) == 3
        assert len(state["seats"][1 - first]["hand"]) == 5
        assert len(state["seats"][first]["deck"]) == 7
    assert firsts == {0, 1}, "the first player is chosen at random"


def test_the_first_player_is_asked_for_its_main_phase() -> None:
    state = new(5)
    prompts = RULES.prompts(state)
    assert [(p["seat"], p["kind"]) for p in prompts] == [(state["current"], "main")]


def test_setup_replays_bit_for_bit_from_the_seed() -> None:
    assert new(9) == new(9)
    assert new(9) != new(10)


def test_options_format_two_player_only() -> None:
    assert RULES.check_options({}, NAMES) == {"format": "two_player"}
    for bad in ({"format": "hydra"}, {"colour": 1}):
        try:
            RULES.check_options(bad, NAMES)
        except Exception as exc:  # IllegalOptions
            assert "star_realms.rules" in exc.msg["key"]
        else:
            raise AssertionError(bad)
    try:
        RULES.check_options({}, ["A", "B", "C"])
    except Exception as exc:
        assert exc.msg["key"] == "core.error.player_count"
    else:
        raise AssertionError("three players")
