"""Daybreak's Miracle tokens (rules digest DB-3.4, DB-6, DB-13.8; Russian rulebook «Жетоны
Чуда»): one token each after choosing characters, a supply of 10, at most 1 token a player, a
once-per-game ability that becomes a Miracle ability costing a token, a revealed Cylon losing
its tokens for good. A base game keeps its once-per-game rule and has no tokens at all."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.bsg import catalog
from app.games.bsg.loyalty import become_revealed
from app.games.bsg.miracles import SUPPLY
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    BALTAR,
    HELO,
    KARA,
    ROSLIN,
    TIGH,
    TYROL,
    ZAREK,
    Scenario,
    action,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    hand,
    name,
    new,
    no_cards,
    prompt_is,
    run,
    set_destiny,
    stand,
)


def daybreak(cast: list[str]) -> Scenario:
    s = Scenario(cast, expansion="daybreak")
    no_cards(s)
    return s


def tokens(s: Scenario) -> list[int]:
    return [seat["miracles"] for seat in s.state["seats"]]


def effects(*ops: dict[str, Any], ctx: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0, "ctx": dict(ctx or {})}


def miracle_label(character: str) -> str:
    ability = catalog.CHARACTERS[character]["once_per_game"]
    return f"{ability['name']} (Miracle ability, discard 1 token): {ability['text']}"


# ---- setup (DB-3.4) ------------------------------------------------------------------------


@pytest.mark.parametrize("cast", [[TIGH, ADAMA, ROSLIN],
                                  [TIGH, ADAMA, ROSLIN, ZAREK, KARA, TYROL]])
def test_every_player_takes_1_token_after_choosing_the_rest_stays_in_the_supply_of_10(
        cast: list[str]) -> None:
    s = daybreak(cast)
    assert tokens(s) == [1] * len(cast)
    assert s.state["miracle_supply"] == SUPPLY - len(cast) == 10 - len(cast)
    left = 10 - len(cast)
    assert (f"Every player puts a Miracle token on their character sheet; {left} tokens are "
            "left in the supply") in s.log()


def test_tokens_are_given_after_the_characters_are_chosen() -> None:
    """Played through the prompts: nobody has a token while characters are being chosen."""
    from app.games.bsg.rules import checked_options

    names = ["A", "B", "C"]
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, 3)
    assert state["asks"][0]["kind"] == "character"
    assert [seat["miracles"] for seat in state["seats"]] == [0, 0, 0]
    assert state["miracle_supply"] == 10


def test_a_base_game_has_no_tokens_and_keeps_once_per_game() -> None:
    s = new([TIGH, ADAMA, ROSLIN])
    assert "miracle_supply" not in s.state
    assert all("miracles" not in seat for seat in s.state["seats"])
    for seat in (None, 0, 1):
        view = RULES.view(s.state, seat)
        assert "miracle_supply" not in view
        assert all("miracles" not in p for p in view["players"])
    empty_space(s)
    stand(s, 0, "sickbay")
    action(s, 0)
    assert s.labels()[0].startswith("Declare Martial Law (once per game): ")


# ---- the Miracle ability (DB-6.1, DB-6.2) --------------------------------------------------


def test_an_action_miracle_ability_costs_1_token_and_comes_back_with_a_new_token() -> None:
    s = daybreak([TIGH, ADAMA, ROSLIN])
    assert (s.state["president"], s.state["admiral"]) == (2, 1)
    empty_space(s)
    stand(s, 0, "sickbay")  # no location action
    action(s, 0)
    assert s.labels() == [miracle_label(TIGH), "Do nothing"]
    s.do("Declare Martial Law")
    st = s.state
    assert (st["president"], st["admiral"]) == (1, 1)
    assert tokens(s) == [0, 1, 1] and st["miracle_supply"] == 8
    assert st["seats"][0]["once_used"] is False  # no once-per-game flag in Daybreak
    assert f"{name(s, 0)} discards a Miracle token" in s.log()
    assert finished(s)
    # no token: no Miracle ability
    action(s, 0)
    assert s.labels() == ["Do nothing"]
    s.do("Do nothing")
    # a new token: the ability may be used again, it is not once per game any more
    run(s, effects({"gain_miracle": {"who": "current"}}), current=0)
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert f"{name(s, 0)} gains a Miracle token (now 1 token)" in s.log()
    action(s, 0)
    assert s.labels() == [miracle_label(TIGH), "Do nothing"]


def test_an_offered_miracle_ability_says_its_cost_and_discards_the_token() -> None:
    s = daybreak([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.want("Command Authority")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    s.give_cards(0, "strategic_planning_3")
    crisis_step(s, 0, "security_breach")
    contribute(s, {0: ["Strategic Planning"]})
    assert check_result(s)["outcome"] == "pass"
    prompt = prompt_is(s, 1, "ability")
    ability = catalog.CHARACTERS[ADAMA]["once_per_game"]
    assert prompt["text"] == (f"Use {ability['name']} (Miracle ability, discard 1 token)? "
                              f"{ability['text']}")
    s.do("Use Command Authority")
    assert hand(s, 1) == ["executive_order_2", "launch_scout_2", "strategic_planning_3"]
    assert tokens(s) == [1, 0, 1] and s.state["miracle_supply"] == 8
    assert finished(s)
    # without a token the next check's cards go away without asking
    set_destiny(s, "executive_order_1", "launch_scout_1")
    crisis_step(s, 0, "security_breach")
    contribute(s, {})
    assert not any("Command Authority" in text for text in s.declined)
    assert finished(s)


def test_without_a_token_an_offered_miracle_ability_is_not_asked() -> None:
    s = daybreak([ZAREK, ADAMA, TYROL])
    s.state["seats"][1]["miracles"] = 0
    s.state["miracle_supply"] += 1
    empty_space(s)
    s.want("Command Authority")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 0, "security_breach")
    contribute(s, {})
    assert finished(s)


# ---- gaining tokens (DB-6.3, DB-6.4, A-20) -------------------------------------------------


def test_a_player_who_has_a_token_gains_none_the_limit_is_1() -> None:
    s = daybreak([TIGH, ADAMA, ROSLIN])
    s.state["seats"][1]["miracles"] = 0
    s.state["miracle_supply"] += 1
    run(s, effects({"gain_miracle": {"who": "each"}}), current=0)
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert [t for t in s.log() if "gains a Miracle token" in t] == [
        f"{name(s, 1)} gains a Miracle token (now 1 token)"]


def test_everyone_has_a_token_nobody_gains_one() -> None:
    s = daybreak([TIGH, ADAMA, ROSLIN])
    run(s, effects({"gain_miracle": {"who": "each"}}), current=0)
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert not any("gains a Miracle token" in t for t in s.log())


@pytest.mark.parametrize(("supply", "after"), [(0, [0, 0, 0]), (1, [0, 1, 0]), (2, [0, 1, 1])])
def test_the_supply_of_10_runs_out_then_nobody_gains(supply: int, after: list[int]) -> None:
    """10 tokens in all (A-20): with the supply empty nobody gains one; gains are made from the
    current player on, in seat order."""
    s = daybreak([TIGH, ADAMA, ROSLIN])
    for seat in s.state["seats"]:
        seat["miracles"] = 0
    s.state["miracle_supply"] = supply
    run(s, effects({"gain_miracle": {"who": "each"}}), current=1)
    assert tokens(s) == after
    assert s.state["miracle_supply"] == 0


def test_choosing_a_player_to_gain_a_token_offers_only_players_without_one() -> None:
    s = daybreak([TIGH, ADAMA, ROSLIN])
    s.state["seats"][2]["miracles"] = 0
    s.state["miracle_supply"] += 1
    choose = {"choose_character": {"who": "admiral", "among": ["other", "can_gain_miracle"],
                                   "effects": [{"gain_miracle": {"who": "chosen"}}]}}
    run(s, effects(choose), current=0)
    # only Roslin may gain: the only candidate is taken without asking
    assert tokens(s) == [1, 1, 1]
    assert finished(s)


def test_choosing_a_player_to_gain_a_token_when_all_have_one_gains_nobody() -> None:
    s = daybreak([TIGH, ADAMA, ROSLIN])
    choose = {"choose_character": {"who": "admiral", "among": ["other", "can_gain_miracle"],
                                   "effects": [{"gain_miracle": {"who": "chosen"}}]}}
    run(s, effects(choose), current=0)
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert finished(s)


# ---- revealed Cylons (DB-6.5, DB-13.8) -----------------------------------------------------


def test_a_revealed_cylon_discards_their_token_and_never_gains_one() -> None:
    s = daybreak([TIGH, ADAMA, BALTAR])
    become_revealed(s.edit(), 2, super_crisis=False, cylon_fleet=True)
    assert tokens(s) == [1, 1, 0] and s.state["miracle_supply"] == 8
    s.state["seats"][0]["miracles"] = 0
    s.state["miracle_supply"] += 1
    run(s, effects({"gain_miracle": {"who": "each"}}), current=2)
    assert tokens(s) == [1, 1, 0] and s.state["miracle_supply"] == 8
    choose = {"choose_character": {"who": "current", "among": ["can_gain_miracle"],
                                   "effects": [{"gain_miracle": {"who": "chosen"}}]}}
    run(s, effects(choose), current=2)
    assert tokens(s) == [1, 1, 0]


# ---- views (section 21: Miracle tokens are public) -----------------------------------------


def test_every_seat_and_spectator_sees_every_players_tokens_and_the_supply() -> None:
    s = daybreak([TIGH, ADAMA, HELO])
    s.state["seats"][1]["miracles"] = 0
    s.state["miracle_supply"] += 1
    for seat in (None, 0, 1, 2):
        view = RULES.view(s.state, seat)
        assert [p["miracles"] for p in view["players"]] == [1, 0, 1]
        assert view["miracle_supply"] == 8
