"""Search for Home's ships: Demetrius's locations and moving onto it (DB-15.4), the Rebel
Basestar by its Allegiance marker's side (DB-15.13-15.17, A-13, A-31): who may move onto it
and within it, at what cost, who may use its locations, and what each of them does.

The standard position is test_daybreak_home's: a Daybreak game with Search for Home, Tom
Zarek (seat 0), William Adama (1), Kara Thrace (2), Galen Tyrol (3), every hand empty.
"""

from __future__ import annotations

import pytest

from app.games.bsg import catalog
from app.games.bsg.rebel_basestar import may_board
from tests.games.bsg.helpers import (
    action,
    activate_label,
    empty_space,
    finished,
    give_any,
    run,
    stand,
)
from tests.games.bsg.test_daybreak_home import new
from tests.games.bsg.test_revealed_cylons import revealed

REBEL = ["hybrid_tank", "datastream", "raider_bay"]
SUPER_CRISIS = catalog.carddata.cards_of("super_crisis")[0]["id"]


def movement(s, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    run(s, {"step": "movement", "seat": seat}, current=seat)
    return s.labels()


def moves(labels: list[str], location: str) -> list[str]:
    name = catalog.LOCATIONS[location]["name"]
    return [label for label in labels if label.startswith(f"Move to {name}")]


# ---- Demetrius (DB-15.4) ------------------------------------------------------------------------


def test_moving_onto_demetrius_costs_a_skill_card_and_within_it_nothing() -> None:
    s = new()
    give_any(s, 0, "politics", 2)
    stand(s, 0, "command")
    assert moves(movement(s, 0), "bridge") == ["Move to Bridge (discard 1 skill card)"]
    s.do("Move to Bridge")
    s.do("Discard")
    assert finished(s)
    assert s.state["seats"][0]["location"] == "bridge"
    assert len(s.state["seats"][0]["hand"]) == 1
    assert moves(movement(s, 0), "tactical_plot") == ["Move to Tactical Plot"]


def test_without_a_card_nobody_moves_onto_demetrius() -> None:
    s = new()
    stand(s, 0, "command")
    assert moves(movement(s, 0), "bridge") == []


def test_a_revealed_cylon_may_neither_move_onto_demetrius_nor_use_it() -> None:
    s = new()
    revealed(s, 0)
    give_any(s, 0, "politics", 2)
    assert moves(movement(s, 0), "bridge") == []


def test_tactical_plot_looks_at_the_top_mission_and_may_put_it_on_the_bottom() -> None:
    s = new()
    s.stack("mission", "rescue_hera")
    stand(s, 0, "tactical_plot")
    action(s, 0)
    s.do(activate_label("tactical_plot"))
    assert s.labels() == ["Leave Rescue Hera on top", "Put Rescue Hera on the bottom"]
    for seat in (None, 1, 2, 3):  # the card is named to the looking seat only
        from app.games.bsg.rules import RULES

        assert "rescue_hera" not in repr(RULES.view(s.state, seat))
    s.do("Put Rescue Hera on the bottom")
    assert catalog.card(s.state["decks"]["mission"][0])["id"] == "rescue_hera"


def test_captains_cabin_gives_every_player_a_card_of_the_named_type() -> None:
    s = new()
    revealed(s, 3)
    s.state["seats"][3]["hand"] = []
    stand(s, 0, "captains_cabin")
    action(s, 0)
    s.do(activate_label("captains_cabin"))
    s.do("Engineering")
    assert finished(s)
    for seat in range(4):  # Cylon players included
        assert [catalog.skill_type(u) for u in s.state["seats"][seat]["hand"]] == ["engineering"]


def test_demetrius_locations_are_never_damaged() -> None:
    named = {catalog.card(u).get("location") for u in catalog.UIDS["galactica_damage"]}
    assert not named & {"bridge", "tactical_plot", "captains_cabin", *REBEL}


# ---- the Rebel Basestar: who may go there (DB-15.14-15.15, A-13) -----------------------------


def test_before_cylon_civil_war_nobody_may_move_onto_the_rebel_basestar() -> None:
    s = new()
    give_any(s, 0, "politics", 2)
    stand(s, 0, "command")
    assert not any(moves(movement(s, 0), loc) for loc in REBEL)


def test_human_side_human_players_move_onto_it_and_within_it_for_a_card() -> None:
    s = new()
    s.state["rebel_basestar"] = "human"
    give_any(s, 0, "politics", 3)
    stand(s, 0, "command")
    assert moves(movement(s, 0), "raider_bay") == ["Move to Raider Bay (discard 1 skill card)"]
    s.do("Move to Raider Bay")
    s.do("Discard")
    assert s.state["seats"][0]["location"] == "raider_bay"
    assert moves(movement(s, 0), "datastream") == ["Move to Datastream (discard 1 skill card)"]
    s.do("Move to Datastream")
    s.do("Discard")
    assert s.state["seats"][0]["location"] == "datastream"
    assert len(s.state["seats"][0]["hand"]) == 1


def test_human_side_cylon_players_may_not_go_there_nor_use_it() -> None:
    s = new()
    s.state["rebel_basestar"] = "human"
    revealed(s, 0)
    give_any(s, 0, "politics", 2)
    assert not any(moves(movement(s, 0), loc) for loc in REBEL)
    assert not may_board(s.edit(), 0)


def test_cylon_side_cylon_players_move_there_from_the_cylon_locations_for_a_card() -> None:
    s = new()
    s.state["rebel_basestar"] = "cylon"
    revealed(s, 0)
    give_any(s, 0, "politics", 2)
    assert moves(movement(s, 0), "hybrid_tank") == ["Move to Hybrid Tank (discard 1 skill card)"]
    s.do("Move to Hybrid Tank")
    s.do("Discard")
    assert s.state["seats"][0]["location"] == "hybrid_tank"
    labels = movement(s, 0)
    assert moves(labels, "raider_bay") == ["Move to Raider Bay (discard 1 skill card)"]
    assert moves(labels, "daybreak_caprica") == ["Move to Caprica"]


def test_cylon_side_human_players_may_not_go_there_nor_use_it() -> None:
    s = new()
    s.state["rebel_basestar"] = "cylon"
    give_any(s, 0, "politics", 2)
    stand(s, 0, "command")
    assert not any(moves(movement(s, 0), loc) for loc in REBEL)
    stand(s, 1, "raider_bay")  # left there when the marker turned
    action(s, 1)
    assert not any(label.startswith(activate_label("raider_bay")) for label in s.labels())


@pytest.mark.parametrize("side", ["human", "cylon"])
def test_each_side_uses_the_locations_by_paying_a_miracle_or_a_super_crisis(side: str) -> None:
    s = new()
    s.state["rebel_basestar"] = side
    seat = 0
    if side == "cylon":
        revealed(s, seat, location="raider_bay", holding=SUPER_CRISIS)
    stand(s, seat, "raider_bay")
    action(s, seat)
    assert any(label.startswith(activate_label("raider_bay")) for label in s.labels())


def test_without_a_miracle_or_super_crisis_the_locations_are_closed() -> None:
    s = new()
    s.state["rebel_basestar"] = "human"
    s.state["seats"][0]["miracles"] = 0
    stand(s, 0, "hybrid_tank")
    action(s, 0)
    assert not any(label.startswith(activate_label("hybrid_tank")) for label in s.labels())


# ---- the Rebel Basestar's locations (DB-15.16, DB-15.17, B.10) --------------------------------


def raider_bay(s, ships: str) -> None:  # type: ignore[no-untyped-def]
    empty_space(s)
    s.state["rebel_basestar"] = "human"
    stand(s, 0, "raider_bay")
    action(s, 0)
    s.do(activate_label("raider_bay"))
    s.do("Ahead of the bow")
    s.do(ships)


def test_raider_bay_places_2_raiders_and_activates_only_them() -> None:
    s = new()
    s.state["space"]["rear"]["raider"] = 1
    raider_bay(s, "2 raiders")
    assert finished(s)
    assert s.state["space"]["front"]["raider"] == 2
    assert s.state["seats"][0]["miracles"] == 0  # the price
    attacks = [line for line in s.log() if "raider attacks" in line]
    assert len(attacks) == 2  # the raider already behind the stern did nothing


def test_raider_bay_places_4_unmanned_vipers_and_activates_each_once() -> None:
    s = new()
    empty_space(s)
    reserves = s.state["reserves"]["viper"]
    raider_bay(s, "4 vipers")
    asked = 0
    while not finished(s):
        assert s.prompt["kind"] == "vipers"
        assert s.labels()[0].startswith("Move a viper from ahead of the bow")
        s.do("Move a viper from ahead of the bow to below the bow")
        asked += 1
    assert asked == 4
    assert len(s.state["space"]["front_lower"]["vipers"]) == 4
    assert s.state["reserves"]["viper"] == reserves - 4


def test_hybrid_tank_puts_the_top_5_crises_back_on_top_in_any_order() -> None:
    s = new()
    s.state["rebel_basestar"] = "human"
    top = s.state["decks"]["crisis"][-5:]
    stand(s, 0, "hybrid_tank")
    action(s, 0)
    s.do(activate_label("hybrid_tank"))
    assert s.prompt["kind"] == "peek"
    assert not any("bottom" in label for label in s.labels())
    while not finished(s):
        s.do(s.labels()[-1])
    assert sorted(s.state["decks"]["crisis"][-5:]) == sorted(top)


def test_datastream_takes_3_cards_from_a_deck_and_its_discards_then_shuffles_them() -> None:
    s = new()
    s.state["rebel_basestar"] = "human"
    discards = s.state["discards"]["skill:tactics"]
    discards.append(s.state["decks"]["skill:tactics"].pop())
    cards = len(s.state["decks"]["skill:tactics"]) + 1
    stand(s, 0, "datastream")
    action(s, 0)
    s.do(activate_label("datastream"))
    s.do("The Tactics deck")
    for _ in range(3):
        s.do("Take ")
    assert finished(s)
    assert len(s.state["seats"][0]["hand"]) == 3
    assert s.state["discards"]["skill:tactics"] == []
    assert len(s.state["decks"]["skill:tactics"]) == cards - 3


def test_a_revealed_cylon_pays_with_a_super_crisis_card() -> None:
    s = new()
    s.state["rebel_basestar"] = "cylon"
    revealed(s, 0, location="hybrid_tank", holding=SUPER_CRISIS)
    held = list(s.state["seats"][0]["super_crises"])
    stand(s, 0, "hybrid_tank")
    action(s, 0)
    s.do(activate_label("hybrid_tank"))
    if s.prompt["kind"] == "pay":
        s.do("Discard the Super Crisis card")
    assert len(s.state["seats"][0]["super_crises"]) == len(held) - 1
    assert s.state["discards"]["super_crisis"]


def test_an_infiltrating_leader_boards_on_the_human_side_only() -> None:
    """DB-13.6: a Cylon Leader is a human player while Infiltrating (seat fields `leader`,
    `infiltrating`, as the Leaders' part sets them)."""
    s = new()
    s.state["seats"][0].update(revealed=True, leader=True, infiltrating=True)
    s.state["rebel_basestar"] = "human"
    assert may_board(s.edit(), 0)
    s.state["rebel_basestar"] = "cylon"
    assert not may_board(s.edit(), 0)
    s.state["seats"][0]["infiltrating"] = False
    assert may_board(s.edit(), 0)


def test_apollo_may_pilot_a_viper_raider_bay_placed_and_it_is_not_activated_then() -> None:
    """DB-15.17, D42: the original Lee Adama's Alert Viper Pilot interrupts Raider Bay; the
    viper he pilots is not one of the user's activations."""
    from tests.games.bsg.helpers import Scenario, no_cards

    s = Scenario(["tom_zarek", "lee_adama", "kara_thrace", "galen_tyrol"],
                 expansion="daybreak", search_for_home=True)
    no_cards(s)
    for data in s.state["seats"]:
        s.state["decks"]["mutiny"] += data["mutiny"]
        data["mutiny"] = []
    stand(s, 1, "command")  # out of his starting viper
    empty_space(s)
    s.state["rebel_basestar"] = "human"
    s.want("Alert Viper Pilot")
    raider_bay(s, "4 vipers")
    s.do("Use Alert Viper Pilot")
    assert s.state["seats"][1]["viper"] == "front"
    s.do("Do nothing")  # his 1 action
    while s.prompt["kind"] == "ability":
        s.do("Do not use it")
    asked = 0
    while not finished(s):
        assert s.prompt["seat"] == 0 and s.prompt["kind"] == "vipers"
        assert not any(label.startswith("Move your viper") for label in s.labels())
        s.do("Move a viper from ahead of the bow to below the bow")
        asked += 1
    assert asked == 3
    assert [v["pilot"] for v in s.state["space"]["front"]["vipers"]] == [1]
