"""Daybreak's Assault Raptors (DB-3.2, 3.9, DB-11 and its attack table rows): setup, gaining
one, counting as a viper (launch, move, activate, damage, destroy), never damaged, attacking,
the jump rule, never risked as a Raptor, and what the views show.

Each test builds a Daybreak game with an empty space (all vipers in the Reserves, one Assault
Raptor in the Reserves, three beside the board), runs one operation or step, and checks the
state. Dice are scripted with the `dice` fixture.
Rule sources: shared/seeds/bsg-daybreak-rules.ru.txt («Штурмовые Рапторы», the attack table)
and the digest shared/rules/bsg-daybreak.md §11.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.games.bsg.rules import RULES
from app.games.bsg.view import view
from app.games.bsg.windows import WINDOW_NAMES
from tests.games.bsg.helpers import (
    ADAMA,
    AT,
    BALTAR,
    KARA,
    TIGH,
    TO,
    finished,
    pilot,
    run,
    stand,
)
from tests.games.bsg.scenario import Scenario

CAST = [ADAMA, KARA, TIGH, BALTAR]
ADMIRAL, PILOT, OFFICER, PRESIDENT = 0, 1, 2, 3
FRONT, REAR, FRONT_LOWER = "front", "rear", "front_lower"
TOKENS = ["critical_hit", "disabled_hangar", "disabled_weapons", "structural_damage"]


def new(expansion: str = "daybreak") -> Scenario:
    s = Scenario(CAST, expansion=expansion)
    for area in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(area["civilians"])
        area.update(raider=0, heavy_raider=0, basestars=[], vipers=[], civilians=[])
    s.state["reserves"]["viper"] = 8
    s.state["current"] = 0
    for seat, data in enumerate(s.state["seats"]):
        data["once_used"] = True
        s.always_pass(seat, *WINDOW_NAMES)
    return s


def assault(s: Scenario, area: str, pilot_seat: int | None = None) -> None:
    """An Assault Raptor from the Reserves into `area` (flown by `pilot_seat`)."""
    s.state["reserves"]["assault_raptor"] -= 1
    s.state["space"][area]["vipers"].append({"pilot": pilot_seat, "assault": True})
    if pilot_seat is not None:
        stand(s, pilot_seat, "hangar_deck")
        s.state["seats"][pilot_seat].update(viper=area, location=None)


def resolve(s: Scenario, *ops: dict[str, Any], seat: int = 0) -> None:
    run(s, {"step": "effects", "ops": list(ops), "i": 0, "ctx": {"self": seat}}, current=seat)


def count(s: Scenario) -> int:
    """Every Assault Raptor, wherever it is: always four."""
    st = s.state
    in_space = sum(1 for a in st["space"].values() for v in a["vipers"] if v.get("assault"))
    return in_space + st["reserves"]["assault_raptor"] + st["destroyed"]["assault_raptor"] + \
        st["aside_assault_raptors"]


def assaults_in(s: Scenario, area: str) -> list[dict[str, Any]]:
    return [v for v in s.state["space"][area]["vipers"] if v.get("assault")]


# ---- setup (DB-3.2, 3.9, 11.1) -------------------------------------------------------------


def test_a_daybreak_game_starts_with_one_assault_raptor_in_the_reserves_and_three_aside() -> None:
    s = Scenario(CAST, expansion="daybreak")
    assert s.state["reserves"]["assault_raptor"] == 1
    assert s.state["aside_assault_raptors"] == 3
    assert s.state["destroyed"]["assault_raptor"] == 0
    # the setup's ships are ordinary vipers only
    assert not any(v.get("assault") for a in s.state["space"].values() for v in a["vipers"])


def test_a_base_game_has_no_assault_raptors_in_its_state() -> None:
    s = Scenario(CAST)
    assert "assault_raptor" not in s.state["reserves"]
    assert "assault_raptor" not in s.state["destroyed"]
    assert "aside_assault_raptors" not in s.state
    assert "aside_assault_raptors" not in view(s.state, 0)


# ---- gaining one (DB-11.2, A-21) -----------------------------------------------------------


def test_gaining_an_assault_raptor_moves_one_from_beside_the_board_to_the_reserves() -> None:
    s = new()
    resolve(s, {"gain_assault_raptor": {"destroy_raptor": False}})
    assert (s.state["aside_assault_raptors"], s.state["reserves"]["assault_raptor"]) == (2, 2)
    assert s.state["reserves"]["raptor"] == 4
    assert count(s) == 4 and finished(s)


def test_building_one_destroys_a_raptor_of_the_reserves() -> None:
    s = new()
    resolve(s, {"gain_assault_raptor": {"destroy_raptor": True}})
    assert s.state["reserves"]["raptor"] == 3 and s.state["destroyed"]["raptor"] == 1
    assert s.state["reserves"]["assault_raptor"] == 2
    assert count(s) == 4 and finished(s)


def test_without_a_raptor_in_the_reserves_none_can_be_built() -> None:
    s = new()
    s.state["reserves"]["raptor"] = 0
    s.state["destroyed"]["raptor"] = 4
    resolve(s, {"gain_assault_raptor": {"destroy_raptor": True}})
    assert s.state["reserves"]["assault_raptor"] == 1 and s.state["aside_assault_raptors"] == 3
    assert "No Raptor in the Reserves, so no Assault Raptor can be built" in s.log()
    assert finished(s)


def test_with_none_left_beside_the_board_nothing_is_gained() -> None:
    s = new()
    s.state["aside_assault_raptors"] = 0
    s.state["reserves"]["assault_raptor"] = 4
    resolve(s, {"gain_assault_raptor": {"destroy_raptor": True}})
    assert s.state["reserves"]["assault_raptor"] == 4 and s.state["reserves"]["raptor"] == 4
    assert count(s) == 4 and finished(s)


# ---- the attack table rows (DB-11.5, 11.6) -------------------------------------------------


@pytest.mark.parametrize("roll, destroyed", [(1, False), (6, False), (7, True), (8, True)])
def test_a_raider_destroys_an_unmanned_assault_raptor_on_7_to_8_and_never_damages_it(
        dice: list[int], roll: int, destroyed: bool) -> None:
    s = new()
    s.state["space"][FRONT]["raider"] = 1
    assault(s, FRONT)
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert len(assaults_in(s, FRONT)) == (0 if destroyed else 1)
    assert s.state["destroyed"]["assault_raptor"] == (1 if destroyed else 0)
    assert s.state["damaged_vipers"] == 0
    assert f"P0 (William Adama) rolled {roll} (raider attacks Assault Raptor)" in s.log()
    assert count(s) == 4 and dice == [] and finished(s)


@pytest.mark.parametrize("roll, destroyed", [(6, False), (7, True)])
def test_a_destroyed_piloted_assault_raptor_sends_its_pilot_to_sickbay(
        dice: list[int], roll: int, destroyed: bool) -> None:
    s = new()
    s.state["space"][FRONT]["raider"] = 1
    assault(s, FRONT, PILOT)
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    kara = s.state["seats"][PILOT]
    if destroyed:
        assert (kara["viper"], kara["location"]) == (None, "sickbay")
    else:
        assert (kara["viper"], kara["location"]) == (FRONT, None)
    assert s.state["destroyed"]["assault_raptor"] == (1 if destroyed else 0)
    assert count(s) == 4 and dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(1, False), (6, False), (7, True), (8, True)])
def test_an_assault_raptor_damages_a_basestar_on_7_to_8(dice: list[int], roll: int,
                                                        damaged: bool) -> None:
    s = new()
    s.state["space"][FRONT_LOWER]["basestars"].append({"damage": []})
    assault(s, FRONT_LOWER)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack with an Assault Raptor: the basestar {AT[FRONT_LOWER]}", seat=0)
    basestar = s.state["space"][FRONT_LOWER]["basestars"][0]
    assert len(basestar["damage"]) == (1 if damaged else 0)
    assert sorted(basestar["damage"] + s.state["basestar_tokens"]) == TOKENS
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(7, False), (8, True)])
def test_a_viper_still_damages_a_basestar_only_on_8_in_a_daybreak_game(
        dice: list[int], roll: int, damaged: bool) -> None:
    s = new()
    s.state["space"][FRONT_LOWER]["basestars"].append({"damage": []})
    s.state["reserves"]["viper"] -= 1
    s.state["space"][FRONT_LOWER]["vipers"].append({"pilot": None})
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack the basestar {AT[FRONT_LOWER]}", seat=0)
    assert len(s.state["space"][FRONT_LOWER]["basestars"][0]["damage"]) == (1 if damaged else 0)
    assert dice == [] and finished(s)


@pytest.mark.parametrize("kind, roll, destroyed", [
    ("raider", 2, False), ("raider", 3, True),
    ("heavy_raider", 6, False), ("heavy_raider", 7, True)])
def test_an_assault_raptor_attacks_raiders_and_heavy_raiders_as_a_viper_does(
        dice: list[int], kind: str, roll: int, destroyed: bool) -> None:
    s = new()
    s.state["space"][FRONT][kind] = 1
    assault(s, FRONT)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    name = "raider" if kind == "raider" else "heavy raider"
    s.do(f"Attack with an Assault Raptor: a {name} {AT[FRONT]}", seat=0)
    assert s.state["space"][FRONT][kind] == (0 if destroyed else 1)
    assert dice == [] and finished(s)


def test_a_piloted_assault_raptor_attacks_with_its_own_row(dice: list[int]) -> None:
    s = new()
    s.state["space"][FRONT]["basestars"].append({"damage": []})
    assault(s, FRONT, PILOT)
    run(s, {"step": "viper_activations", "seat": PILOT, "left": 1, "piloted": True},
        current=PILOT)
    dice.append(7)
    s.do(f"Attack with an Assault Raptor: the basestar {AT[FRONT]}", seat=PILOT)
    assert len(s.state["space"][FRONT]["basestars"][0]["damage"]) == 1
    assert dice == [] and finished(s)


# ---- a viper for every viper effect (DB-11.4) ----------------------------------------------


def test_a_viper_activation_may_launch_either_kind_from_the_reserves() -> None:
    s = new()
    resolve(s, {"activate_vipers": {"count": 1}})
    labels = s.labels()
    assert f"Launch a viper {TO[FRONT_LOWER]}" in labels
    assert f"Launch an Assault Raptor {TO[FRONT_LOWER]}" in labels
    s.do(f"Launch an Assault Raptor {TO[FRONT_LOWER]}", seat=0)
    assert assaults_in(s, FRONT_LOWER) == [{"pilot": None, "assault": True}]
    assert s.state["reserves"]["assault_raptor"] == 0 and s.state["reserves"]["viper"] == 8
    assert finished(s)


def test_an_unmanned_assault_raptor_moves_as_a_viper() -> None:
    s = new()
    assault(s, FRONT)
    s.state["reserves"]["viper"] -= 1
    s.state["space"][FRONT]["vipers"].append({"pilot": None})
    resolve(s, {"activate_vipers": {"count": 1}})
    s.do("Move an Assault Raptor", seat=0)
    assert len(assaults_in(s, FRONT)) == 0
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": None}]  # the viper stayed
    assert finished(s)


def test_a_pilot_launching_from_the_hangar_deck_may_take_the_assault_raptor() -> None:
    s = new()
    stand(s, PILOT, "hangar_deck")
    resolve(s, {"launch_and_pilot": {"who": "self"}}, seat=PILOT)
    s.do(f"Assault Raptor: {s.labels()[-1].split(': ')[-1]}", seat=PILOT)
    kara = s.state["seats"][PILOT]
    assert kara["viper"] is not None and kara["location"] is None
    assert assaults_in(s, kara["viper"]) == [{"pilot": PILOT, "assault": True}]
    assert s.state["reserves"]["assault_raptor"] == 0
    assert finished(s)


def test_a_pilot_leaving_space_returns_the_assault_raptor_to_its_reserves() -> None:
    s = new()
    assault(s, FRONT, PILOT)
    stand(s, PILOT, "command")
    assert s.state["reserves"]["assault_raptor"] == 1 and s.state["reserves"]["viper"] == 8


def test_damaging_a_viper_in_space_destroys_a_chosen_assault_raptor() -> None:
    s = new()
    assault(s, FRONT)
    s.state["reserves"]["viper"] -= 1
    s.state["space"][REAR]["vipers"].append({"pilot": None})
    resolve(s, {"damage_vipers": {"where": "space", "count": 1}})
    s.do("An unmanned Assault Raptor", seat=0)
    assert s.state["destroyed"]["assault_raptor"] == 1 and s.state["damaged_vipers"] == 0
    assert s.state["space"][REAR]["vipers"] == [{"pilot": None}]
    assert count(s) == 4 and finished(s)


def test_damaging_vipers_in_the_reserves_asks_which_kind_while_both_are_there() -> None:
    s = new()
    resolve(s, {"damage_vipers": {"where": "reserves", "count": 2}})
    assert s.prompt["kind"] == "damage_reserves"
    s.do("Assault Raptor", seat=0)  # destroyed, not damaged
    # only vipers are left in the Reserves: the second is damaged without asking
    assert s.state["destroyed"]["assault_raptor"] == 1
    assert s.state["damaged_vipers"] == 1 and s.state["reserves"]["viper"] == 7
    assert count(s) == 4 and finished(s)


def test_a_raider_facing_both_unmanned_kinds_lets_the_current_player_pick(
        dice: list[int]) -> None:
    s = new()
    s.state["space"][FRONT]["raider"] = 1
    s.state["reserves"]["viper"] -= 1
    s.state["space"][FRONT]["vipers"].append({"pilot": None})
    assault(s, FRONT)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert s.prompt["kind"] == "raider_target" and s.prompt["seat"] == 0
    assert s.labels() == ["An unmanned viper", "An unmanned Assault Raptor"]
    # each target with the odds of its own row of the attack table
    viper_odds, assault_odds = (o["facts"] for o in s.prompt["options"])
    assert viper_odds != assault_odds
    dice.append(7)
    s.do("An unmanned Assault Raptor", seat=0)
    assert s.state["destroyed"]["assault_raptor"] == 1
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": None}]
    assert dice == [] and finished(s)


def test_repairing_destroyed_vipers_brings_back_a_really_destroyed_assault_raptor() -> None:
    s = new()
    s.state["reserves"]["assault_raptor"] = 0
    s.state["destroyed"]["assault_raptor"] = 1
    resolve(s, {"repair_ships": {"vipers": 1, "destroyed": True}})
    assert s.state["reserves"]["assault_raptor"] == 1
    assert s.state["aside_assault_raptors"] == 3  # those beside the board are not destroyed
    assert count(s) == 4 and finished(s)


def test_an_assault_raptor_is_never_risked_as_a_raptor() -> None:
    s = new()
    s.state["reserves"]["raptor"] = 0
    s.state["destroyed"]["raptor"] = 4
    resolve(s, {"risk": {"ship": "raptor", "count": 1, "need": 3, "success": [],
                         "failure": []}})
    assert s.state["reserves"]["assault_raptor"] == 1  # no roll, nothing risked
    assert finished(s)


def test_destroying_raptors_never_takes_an_assault_raptor() -> None:
    s = new()
    s.state["reserves"]["raptor"] = 0
    s.state["destroyed"]["raptor"] = 4
    resolve(s, {"destroy_raptors": {"count": 1}})
    assert s.state["reserves"]["assault_raptor"] == 1 and finished(s)


# ---- the jump (DB-11.7) --------------------------------------------------------------------


def jump(s: Scenario) -> None:
    s.state["jump_track"] = 4
    s.stack("destination", "barren_planet", "remote_planet")
    resolve(s, {"jump_track": {"steps": 1}})


def test_at_a_jump_an_assault_raptor_pilot_may_stay_in_space() -> None:
    s = new()
    assault(s, FRONT, PILOT)
    jump(s)
    assert s.prompt["kind"] == "assault_jump" and s.prompt["seat"] == PILOT
    s.do("Stay", seat=PILOT)
    assert s.prompt["kind"] == "destination"
    kara = s.state["seats"][PILOT]
    assert (kara["viper"], kara["location"]) == (FRONT, None)
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": PILOT, "assault": True}]
    s.do("Barren Planet", seat=ADMIRAL)
    assert finished(s)


def test_at_a_jump_an_assault_raptor_pilot_may_go_back_to_the_hangar_deck() -> None:
    s = new()
    assault(s, FRONT, PILOT)
    jump(s)
    s.do("Return to the Reserves", seat=PILOT)
    kara = s.state["seats"][PILOT]
    assert (kara["viper"], kara["location"]) == (None, "hangar_deck")
    assert s.state["reserves"]["assault_raptor"] == 1
    s.do("Barren Planet", seat=ADMIRAL)
    assert finished(s)


def test_at_a_jump_the_current_player_decides_for_unmanned_assault_raptors() -> None:
    s = new()
    s.state["reserves"]["assault_raptor"] = 3
    s.state["aside_assault_raptors"] = 1
    assault(s, FRONT)
    assault(s, REAR)
    s.state["reserves"]["viper"] -= 1
    s.state["space"][REAR]["vipers"].append({"pilot": None})
    jump(s)
    assert s.prompt["kind"] == "assault_jump" and s.prompt["seat"] == 0
    s.do(f"The unmanned Assault Raptor {AT[REAR]} stays", seat=0)
    s.do("The other unmanned Assault Raptors return", seat=0)
    assert s.state["space"][REAR]["vipers"] == [{"pilot": None, "assault": True}]
    assert s.state["space"][FRONT]["vipers"] == []
    assert s.state["reserves"]["assault_raptor"] == 2 and s.state["reserves"]["viper"] == 8
    s.do("Barren Planet", seat=ADMIRAL)
    assert count(s) == 4 and finished(s)


def test_a_jump_without_assault_raptors_in_space_asks_nothing_more() -> None:
    s = new()
    pilot(s, PILOT, FRONT)
    jump(s)
    assert s.prompt["kind"] == "destination"
    assert s.state["seats"][PILOT]["location"] == "hangar_deck"


# ---- views ---------------------------------------------------------------------------------


def test_the_views_show_the_assault_raptors_to_everyone() -> None:
    s = new()
    assault(s, FRONT, PILOT)
    for seat in (0, PILOT, None):
        seen = view(s.state, seat)
        assert seen["space"][FRONT]["vipers"] == [{"pilot": PILOT, "assault": True}]
        assert seen["reserves"]["assault_raptor"] == 0
        assert seen["aside_assault_raptors"] == 3
        assert seen["destroyed"]["assault_raptor"] == 0
    assert RULES.prompts(s.state)  # the game goes on


def test_apollo_jumps_into_the_assault_raptor_just_launched_beside_an_unmanned_viper() -> None:
    from tests.games.bsg.helpers import APOLLO, empty_space
    from tests.games.bsg.helpers import Scenario as Declining

    s = Declining([TIGH, APOLLO, ADAMA], expansion="daybreak")
    s.want("Alert Viper Pilot")
    empty_space(s)
    stand(s, 1, "armory")
    s.state["reserves"]["viper"] -= 1
    s.state["space"]["front_lower"]["vipers"].append({"pilot": None})
    run(s, {"step": "viper_activations", "seat": 0, "left": 1, "piloted": False}, current=0)
    s.do(f"Launch an Assault Raptor {TO['front_lower']}", seat=0)
    s.do("Use Alert Viper Pilot", seat=1)
    assert s.state["space"]["front_lower"]["vipers"] == [{"pilot": None},
                                                         {"pilot": 1, "assault": True}]
