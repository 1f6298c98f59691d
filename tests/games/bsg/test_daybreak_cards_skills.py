"""The last Daybreak skill cards (rules digest DB-10.1, DB-11.2, Appendix B.6; the Russian
rulebook's «Карты Навыков» and «Штурмовые Рапторы»): Popular Influence, Negotiations, Combat
Veteran, Launch Reserves, and Raptor Specialist offering only what it can do."""

from __future__ import annotations

from typing import Any

from app.games.bsg import carddata, catalog
from app.games.bsg.space import on_board
from tests.games.bsg.helpers import (
    Scenario,
    action,
    empty_space,
    finished,
    ids,
    name,
    offers,
    pilot,
    prompt_is,
    run,
)
from tests.games.bsg.test_daybreak_skill_check_abilities import daybreak, give


def effects(*ops: dict[str, Any]) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0, "ctx": {}}


def raptor_specialist(s: Scenario) -> None:
    give(s, 0, "raptor_specialist_3")
    action(s, 0)


# ---- Raptor Specialist (DB-11.2) -------------------------------------------------------------


def test_raptor_specialist_offers_both_when_both_can_be_done() -> None:
    s = daybreak()
    s.state["reserves"]["raptor"] -= 1
    s.state["destroyed"]["raptor"] += 1
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert s.labels() == ["Destroy a raptor to gain an Assault Raptor",
                          "Bring a destroyed raptor back to the Reserves"]


def test_raptor_specialist_without_a_raptor_in_the_reserves_only_brings_one_back() -> None:
    """DB-11.2: no Raptor in the Reserves, no Assault Raptor can be built; the other option,
    the only one left, is taken unasked."""
    s = daybreak()
    s.state["destroyed"]["raptor"] += s.state["reserves"]["raptor"]
    s.state["reserves"]["raptor"] = 0
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert finished(s)
    assert (s.state["reserves"]["raptor"], s.state["reserves"]["assault_raptor"]) == (1, 1)


def test_raptor_specialist_with_no_assault_raptor_left_beside_the_board() -> None:
    s = daybreak()
    s.state["reserves"]["assault_raptor"] += s.state["aside_assault_raptors"]
    s.state["aside_assault_raptors"] = 0
    s.state["reserves"]["raptor"] -= 1
    s.state["destroyed"]["raptor"] += 1
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert finished(s)
    assert s.state["destroyed"]["raptor"] == 0  # brought back: the only thing it could do


def test_raptor_specialist_is_not_offered_when_it_can_do_nothing() -> None:
    """No destroyed Raptor and no Assault Raptor left to gain: the card is not offered."""
    s = daybreak()
    s.state["destroyed"]["raptor"], s.state["reserves"]["raptor"] = 0, 4
    s.state["aside_assault_raptors"], s.state["reserves"]["assault_raptor"] = 0, 4
    raptor_specialist(s)
    assert not offers(s, "Play Raptor Specialist")


def test_raptor_specialist_options_require_what_they_use() -> None:
    card = next(c for c in carddata.cards_of("skill") if c["id"] == "raptor_specialist_4")
    build, back = card["ability"]["effects"][0]["choose"]["options"]
    assert build["requires"] == [{"raptor_in_reserves": {}}, {"assault_raptor_aside": {}}]
    assert back["requires"] == [{"raptor_destroyed": {}}]


# ---- Popular Influence (B.6) -----------------------------------------------------------------


def popular_influence(s: Scenario, *quorum: str) -> None:
    s.stack("quorum", *quorum)
    give(s, 0, "popular_influence_3")
    action(s, 0)
    s.do("Play Popular Influence")


def test_popular_influence_gives_one_to_the_president_and_plays_the_other() -> None:
    s = daybreak()
    president = s.state["president"]
    assert president == 2  # Zarek
    hand_before = len(s.state["quorum_hand"])
    popular_influence(s, "arrest_order", "food_rationing")
    prompt_is(s, 0, "quorum_share")
    s.do("Food Rationing")
    assert len(s.state["quorum_hand"]) == hand_before + 1
    assert ids(s.state["quorum_hand"])[-1] == "food_rationing"
    assert s.labels() == ["Play Arrest Order", "Discard Arrest Order"]
    s.do("Play Arrest Order")
    s.do(name(s, 2))  # the player of Popular Influence makes the card's choices
    assert finished(s)
    assert s.state["seats"][2]["location"] == "brig"
    assert ids(s.state["discards"]["quorum"]) == ["arrest_order"]


def test_popular_influence_the_other_card_may_be_discarded() -> None:
    s = daybreak()
    popular_influence(s, "food_rationing", "arrest_order")
    s.do("Arrest Order")
    s.do("Discard Food Rationing")
    assert finished(s)
    assert ids(s.state["discards"]["quorum"]) == ["food_rationing"]


def test_popular_influence_a_card_that_cannot_be_played_is_discarded_but_still_asked() -> None:
    """Presidential Pardon with nobody in the Brig cannot be played: the only option is to
    discard it, and the player is asked all the same (the card is theirs to know)."""
    s = daybreak()
    popular_influence(s, "presidential_pardon", "food_rationing")
    s.do("Food Rationing")
    prompt_is(s, 0, "quorum_share")
    assert s.labels() == ["Discard Presidential Pardon"]
    s.do("Discard")
    assert finished(s)


def test_popular_influence_only_the_player_and_the_president_see_the_given_card() -> None:
    s = daybreak()
    popular_influence(s, "arrest_order", "food_rationing")
    s.do("Food Rationing")
    said = [e for e in s.events if "gives the President" in e["text"]]
    assert any("Food Rationing" in e["text"] and e["to"] == [0, 2] for e in said)
    assert any("Food Rationing" not in e["text"] and e["not_to"] == [0, 2] for e in said)


# ---- Negotiations ----------------------------------------------------------------------------


def test_negotiations_places_a_basestar_draws_politics_and_holds_the_cylons() -> None:
    s = daybreak()
    basestars = len(s.state["space"]["front"]["basestars"])
    raiders = on_board(s.edit(), "raider")
    give(s, 0, "negotiations_5")
    action(s, 0)
    s.do("Play Negotiations")
    assert finished(s)
    assert len(s.state["space"]["front"]["basestars"]) == basestars + 1
    assert [catalog.skill_type(u) for u in s.state["seats"][0]["hand"]] == ["politics"]
    run(s, effects({"activate": {"icon": "launch_raiders"}},
                   {"launch_ships": {"raider": 2}}), current=0)
    assert finished(s)
    assert on_board(s.edit(), "raider") == raiders  # nothing launched, nothing moved


def test_negotiations_lasts_only_the_turn_it_is_played_in() -> None:
    s = daybreak()
    give(s, 0, "negotiations_5")
    action(s, 0)
    s.do("Play Negotiations")
    raiders = on_board(s.edit(), "raider")
    s.state["turn"] += 1
    run(s, effects({"launch_ships": {"raider": 1}}), current=1)
    assert on_board(s.edit(), "raider") > raiders


# ---- Combat Veteran --------------------------------------------------------------------------


def test_combat_veteran_launches_a_reserve_viper_and_activates_it_twice_more() -> None:
    s = daybreak()
    empty_space(s)
    give(s, 0, "combat_veteran_3")
    action(s, 0)
    s.do("Play Combat Veteran")
    prompt_is(s, 0, "one_viper")
    s.do("A viper in the Reserves")
    s.do(s.labels()[0])  # where it launches
    for _ in range(2):
        prompt_is(s, 0, "vipers")
        s.do("Move")
    assert finished(s)  # launching was the first of its 3 activations


def test_combat_veteran_activates_a_viper_in_space_up_to_3_times() -> None:
    s = daybreak()
    empty_space(s)
    s.state["reserves"]["viper"] -= 1
    s.state["space"]["front"]["vipers"].append({"pilot": None})
    s.state["space"]["front"]["raider"] = 3
    give(s, 0, "combat_veteran_4")
    action(s, 0)
    s.do("Play Combat Veteran")
    s.do("An unmanned viper")
    for _ in range(3):
        prompt_is(s, 0, "vipers")
        assert all("launch" not in lab.lower() for lab in s.labels())  # only that viper acts
        s.do("Move")
    assert finished(s)


def test_combat_veteran_is_not_offered_without_an_unmanned_viper() -> None:
    s = daybreak()
    empty_space(s)
    s.state["damaged_vipers"] += s.state["reserves"]["viper"]
    s.state["reserves"]["viper"] = 0
    s.state["destroyed"]["assault_raptor"] += s.state["reserves"]["assault_raptor"]
    s.state["reserves"]["assault_raptor"] = 0
    give(s, 0, "combat_veteran_3")
    action(s, 0)
    assert not offers(s, "Play Combat Veteran")


# ---- Launch Reserves -------------------------------------------------------------------------


def test_launch_reserves_puts_2_vipers_beside_a_pilot_and_activates_each() -> None:
    s = daybreak()
    empty_space(s)
    pilot(s, 1, "front")
    reserves = s.state["reserves"]["viper"]
    give(s, 0, "launch_reserves_5")
    action(s, 0)
    s.do("Play Launch Reserves")
    prompt_is(s, 0, "launch_beside_pilot")  # the one area with a pilot is taken unasked
    s.do("Place a viper from the Reserves")
    s.do("Place a viper from the Reserves")
    assert len(s.state["space"]["front"]["vipers"]) == 3
    assert s.state["reserves"]["viper"] == reserves - 2
    for _ in range(2):
        prompt_is(s, 0, "vipers")
        s.do("Move")
    assert finished(s)


def test_launch_reserves_may_place_only_one() -> None:
    s = daybreak()
    empty_space(s)
    pilot(s, 1, "front")
    give(s, 0, "launch_reserves_5")
    action(s, 0)
    s.do("Play Launch Reserves")
    assert not offers(s, "Place no more")  # at least one
    s.do("Place a viper")
    s.do("Place no more")
    prompt_is(s, 0, "vipers")
    s.do("Stop")
    assert finished(s)
    assert len(s.state["space"]["front"]["vipers"]) == 2


def test_launch_reserves_needs_a_piloted_viper_in_space() -> None:
    s = daybreak()
    empty_space(s)
    give(s, 0, "launch_reserves_5")
    action(s, 0)
    assert not offers(s, "Play Launch Reserves")
