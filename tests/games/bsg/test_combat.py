"""Scenario tests of space combat: the attack table, the Cylon activation programs, the ten
Cylon Attack crisis cards, Galactica and basestar damage, component limits, the locations and
titles that fight (Command, Weapons Control, Communications, Hangar Deck, the Admiral's nuke),
piloting, jumping out of combat, and what the views show of space.

Every test builds a known position with `Scenario` on an empty board, runs one operation,
action or crisis, and checks the state exactly. Dice are scripted with the `dice` fixture;
damage tokens and civilian ships are stacked. A sentinel prompt (`helpers.halt`) marks the end
of each scenario, so a test sees that nothing else was pending.
Rule sources: the rulebook (shared/seeds/bsg-base-rules.ru.txt, "Бой" and the examples there)
and the digest (shared/rules/bsg-base.md §3.3, §6, §7, §8, §13.2, §14.1).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.core.events import visible_to
from app.core.pick import first_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES
from app.games.bsg.space import damaged_locations
from app.games.bsg.windows import WINDOW_NAMES
from tests.games.bsg.helpers import (
    ADAMA,
    AREA_NAMES,
    AT,
    BALTAR,
    BOOMER,
    FROM,
    KARA,
    START,
    TIGH,
    TO,
    action,
    activate_label,
    crisis_step,
    finished,
    ids,
    name,
    offers,
    pilot,
    prompt_is,
    run,
    stand,
    take_card,
)
from tests.games.bsg.scenario import Scenario

# seat 0 Adama: Admiral, in Admiral's Quarters; seat 1 Starbuck: a pilot, in Hangar Deck;
# seat 2 Tigh: in Command; seat 3 Baltar: President, in Research Lab.
CAST = [ADAMA, KARA, TIGH, BALTAR]
ADMIRAL, PILOT, OFFICER, PRESIDENT = 0, 1, 2, 3

TOKENS = ["critical_hit", "disabled_hangar", "disabled_weapons", "structural_damage"]

FRONT, FRONT_UPPER, REAR_UPPER, REAR, REAR_LOWER, FRONT_LOWER = (
    "front", "front_upper", "rear_upper", "rear", "rear_lower", "front_lower")
N = AREA_NAMES  # area id -> the name shown in prompts and logs


# ---- helpers -------------------------------------------------------------------------------


def new(cast: list[str] | None = None) -> Scenario:
    """A game after setup with an empty space: no ships in any area, all 8 vipers in the
    Reserves, all 12 civilian ships in their pile, the current player seat 0."""
    s = Scenario(cast or CAST)
    for area in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(area["civilians"])
        area.update(raider=0, heavy_raider=0, basestars=[], vipers=[], civilians=[])
    s.state["reserves"]["viper"] = 8
    s.state["current"] = 0
    for data in s.state["seats"]:
        # nobody plays cards in the reaction windows of die rolls, and the once-per-game
        # powers are spent: the scenarios see the combat rules alone
        data["once_used"] = True
    for seat in range(len(s.state["seats"])):
        s.always_pass(seat, *WINDOW_NAMES)
    assert len(s.state["decks"]["civilian_ship"]) == 12
    assert s.state["basestar_tokens"] == TOKENS
    return s


def civilian(s: Scenario, card_id: str) -> str:
    """Take a civilian ship with this definition id out of the pile."""
    return take_card(s.state["decks"]["civilian_ship"], card_id)


def put(s: Scenario, area: str, *, raiders: int = 0, heavies: int = 0,
        basestars: list[list[str]] | None = None, vipers: int = 0,
        civilians: list[str] | None = None) -> None:
    """Add ships to an area: `basestars` lists each basestar's damage tokens (taken out of the
    pool), `vipers` unmanned vipers from the Reserves, `civilians` civilian ship ids."""
    ships = s.state["space"][area]
    ships["raider"] += raiders
    ships["heavy_raider"] += heavies
    for damage in basestars or []:
        for token in damage:
            s.state["basestar_tokens"].remove(token)
        ships["basestars"].append({"damage": list(damage)})
    for _ in range(vipers):
        s.state["reserves"]["viper"] -= 1
        ships["vipers"].append({"pilot": None})
    for card_id in civilians or []:
        ships["civilians"].append(civilian(s, card_id))


def resolve(s: Scenario, *ops: dict[str, Any], seat: int = 0) -> None:
    """Resolve these effect operations now, with `seat` as the current player."""
    run(s, {"step": "effects", "ops": list(ops), "i": 0, "ctx": {"self": seat}}, current=seat)


def movement(s: Scenario, seat: int) -> None:
    run(s, {"step": "movement", "seat": seat}, current=seat)


def jump(s: Scenario) -> None:
    """The fleet reaches Auto-Jump; the Admiral takes Barren Planet (-2 fuel)."""
    s.state["jump_track"] = 4
    s.stack("destination", "barren_planet", "remote_planet")
    resolve(s, {"jump_track": {"steps": 1}})
    assert s.prompt["kind"] == "destination"
    s.do("Barren Planet", seat=ADMIRAL)


def ships(s: Scenario) -> dict[str, dict[str, int]]:
    """Every non-empty area: how many ships of each kind (the card data's setup format)."""
    out = {}
    for area, a in s.state["space"].items():
        counts = {"raider": a["raider"], "heavy_raider": a["heavy_raider"],
                  "basestar": len(a["basestars"]), "viper": len(a["vipers"]),
                  "civilian": len(a["civilians"])}
        counts = {k: v for k, v in counts.items() if v}
        if counts:
            out[area] = counts
    return out


def damage(s: Scenario, area: str, index: int = 0) -> list[str]:
    return s.state["space"][area]["basestars"][index]["damage"]


def in_play(s: Scenario) -> list[str]:
    return [catalog.card(e["uid"])["id"] for e in s.state["in_play"]]


def crisis_discards(s: Scenario) -> list[str]:
    return ids(s.state["discards"]["crisis"])


def seen_by(s: Scenario, seat: int) -> list[str]:
    return [e["text"] for e in s.events if visible_to(e, seat)]


# ---- the attack table (§7.1) ---------------------------------------------------------------


@pytest.mark.parametrize("roll, destroyed", [(1, False), (2, False), (3, True), (8, True)])
def test_viper_attacks_raider_destroys_on_3_to_8(dice: list[int], roll: int,
                                                 destroyed: bool) -> None:
    s = new()
    put(s, FRONT_LOWER, raiders=1, vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack a raider {AT[FRONT_LOWER]}", seat=0)
    assert ships(s) == {FRONT_LOWER: {"viper": 1} if destroyed else {"raider": 1, "viper": 1}}
    assert f"P0 (William Adama) rolled {roll} (viper attacks raider)" in s.log()
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, destroyed", [(1, False), (6, False), (7, True), (8, True)])
def test_viper_attacks_heavy_raider_destroys_on_7_to_8(dice: list[int], roll: int,
                                                       destroyed: bool) -> None:
    s = new()
    put(s, REAR_LOWER, heavies=1, vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack a heavy raider {AT[REAR_LOWER]}", seat=0)
    expected = {"viper": 1} if destroyed else {"heavy_raider": 1, "viper": 1}
    assert ships(s) == {REAR_LOWER: expected}
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(1, False), (7, False), (8, True)])
def test_viper_attacks_basestar_damages_on_8(dice: list[int], roll: int,
                                             damaged: bool) -> None:
    s = new()
    put(s, FRONT_LOWER, basestars=[[]], vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack the basestar {AT[FRONT_LOWER]}", seat=0)
    assert ships(s) == {FRONT_LOWER: {"basestar": 1, "viper": 1}}  # one hit never destroys
    assert len(damage(s, FRONT_LOWER)) == (1 if damaged else 0)
    assert sorted(damage(s, FRONT_LOWER) + s.state["basestar_tokens"]) == TOKENS
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, destroyed", [(1, False), (2, False), (3, True), (8, True)])
def test_galactica_attacks_raider_destroys_on_3_to_8(dice: list[int], roll: int,
                                                     destroyed: bool) -> None:
    s = new()
    put(s, REAR_UPPER, raiders=2)
    dice.append(roll)
    resolve(s, {"galactica_attack": {}})  # raiders, one target: fired at without asking
    assert ships(s) == {REAR_UPPER: {"raider": 1 if destroyed else 2}}
    assert f"P0 (William Adama) rolled {roll} (Galactica attacks raider)" in s.log()
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, destroyed", [(1, False), (6, False), (7, True), (8, True)])
def test_galactica_attacks_heavy_raider_destroys_on_7_to_8(dice: list[int], roll: int,
                                                           destroyed: bool) -> None:
    s = new()
    put(s, FRONT, heavies=1)
    dice.append(roll)
    resolve(s, {"galactica_attack": {}})  # the only target: fired at without asking
    assert ships(s) == ({} if destroyed else {FRONT: {"heavy_raider": 1}})
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(1, False), (4, False), (5, True), (8, True)])
def test_galactica_attacks_basestar_damages_on_5_to_8(dice: list[int], roll: int,
                                                      damaged: bool) -> None:
    s = new()
    put(s, REAR, basestars=[[]])
    dice.append(roll)
    resolve(s, {"galactica_attack": {}})  # the only target: fired at without asking
    assert ships(s) == {REAR: {"basestar": 1}}
    assert len(damage(s, REAR)) == (1 if damaged else 0)
    assert sorted(damage(s, REAR) + s.state["basestar_tokens"]) == TOKENS
    assert dice == [] and finished(s)


def test_galactica_fires_at_its_only_target_without_asking_and_asks_between_two(
        dice: list[int]) -> None:
    """The Cylon ships on the board are public: one target (three raiders in one area are one)
    is fired at without asking; a second kind of ship makes it a question."""
    s = new()
    put(s, FRONT, raiders=3)
    dice.append(8)
    resolve(s, {"galactica_attack": {}}, seat=OFFICER)
    assert ships(s) == {FRONT: {"raider": 2}}
    assert "P2 (Saul Tigh) rolled 8 (Galactica attacks raider)" in s.log()
    assert dice == [] and finished(s)  # the only prompt is the sentinel: nobody was asked
    put(s, FRONT, heavies=1)
    resolve(s, {"galactica_attack": {}}, seat=OFFICER)
    prompt_is(s, OFFICER, "attack")
    assert s.labels() == [f"Fire at a raider {AT[FRONT]}", f"Fire at a heavy raider {AT[FRONT]}"]
    dice.append(7)
    s.do("Fire at a heavy raider")
    assert ships(s) == {FRONT: {"raider": 2}}
    assert "P2 (Saul Tigh) rolled 7 (Galactica attacks heavy raider)" in s.log()
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, outcome", [(1, "missed"), (4, "missed"), (5, "damaged"),
                                           (7, "damaged"), (8, "destroyed")])
def test_raider_attacks_unmanned_viper_5_to_7_damaged_8_destroyed(
        dice: list[int], roll: int, outcome: str) -> None:
    s = new()
    put(s, FRONT, raiders=1, vipers=1)
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    expected = {"raider": 1, "viper": 1} if outcome == "missed" else {"raider": 1}
    assert ships(s) == {FRONT: expected}
    assert s.state["damaged_vipers"] == (1 if outcome == "damaged" else 0)
    assert s.state["destroyed"]["viper"] == (1 if outcome == "destroyed" else 0)
    assert s.state["reserves"]["viper"] == 7  # a hit viper never goes back to the Reserves
    assert f"P0 (William Adama) rolled {roll} (raider attacks viper)" in s.log()
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, outcome", [(4, "missed"), (5, "damaged"), (7, "damaged"),
                                           (8, "destroyed")])
def test_raider_vs_piloted_viper_sends_the_pilot_to_sickbay(dice: list[int], roll: int,
                                                            outcome: str) -> None:
    s = new()
    put(s, FRONT, raiders=1)
    pilot(s, PILOT, FRONT)
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    kara = s.state["seats"][PILOT]
    if outcome == "missed":
        assert ships(s) == {FRONT: {"raider": 1, "viper": 1}}
        assert (kara["viper"], kara["location"]) == (FRONT, None)
    else:
        assert ships(s) == {FRONT: {"raider": 1}}
        assert (kara["viper"], kara["location"]) == (None, "sickbay")
    assert s.state["damaged_vipers"] == (1 if outcome == "damaged" else 0)
    assert s.state["destroyed"]["viper"] == (1 if outcome == "destroyed" else 0)
    assert s.state["reserves"]["viper"] == 7
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(1, False), (7, False), (8, True)])
def test_raider_attacks_galactica_damages_on_8(dice: list[int], roll: int,
                                               damaged: bool) -> None:
    """No viper in its area and no civilian ship anywhere: the raider attacks Galactica."""
    s = new()
    put(s, FRONT, raiders=1)
    s.stack("galactica_damage", "damage_armory")
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert ships(s) == {FRONT: {"raider": 1}}
    assert ids(s.state["damage"]) == (["damage_armory"] if damaged else [])
    assert len(s.state["decks"]["galactica_damage"]) == (7 if damaged else 8)
    assert f"P0 (William Adama) rolled {roll} (raider attacks Galactica)" in s.log()
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(1, False), (3, False), (4, True), (8, True)])
def test_basestar_attacks_galactica_damages_on_4_to_8(dice: list[int], roll: int,
                                                      damaged: bool) -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    s.stack("galactica_damage", "damage_fuel")
    dice.append(roll)
    resolve(s, {"activate": {"icon": "activate_basestars"}})
    assert s.state["resources"]["fuel"] == (7 if damaged else 8)
    assert ids(s.state["removed"]) == (["damage_fuel"] if damaged else [])
    assert ships(s) == {FRONT: {"basestar": 1}}
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll", [1, 2])
def test_nuke_1_to_2_damages_the_basestar_twice(dice: list[int], roll: int) -> None:
    s = new()
    put(s, FRONT, basestars=[[]], raiders=4)
    put(s, REAR, basestars=[["critical_hit"]])  # the pool holds 3 tokens, none critical
    resolve(s, {"launch_nuke": {}}, seat=ADMIRAL)
    assert s.prompt["kind"] == "nuke"
    assert s.labels() == [f"Nuke the basestar {AT[FRONT]}",
                          f"Nuke the basestar {AT[REAR]} (Critical Hit)"]
    dice.append(roll)
    s.do(f"Nuke the basestar {AT[FRONT]}", seat=ADMIRAL)
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 4}, REAR: {"basestar": 1}}
    assert len(damage(s, FRONT)) == 2
    assert sorted(damage(s, FRONT) + s.state["basestar_tokens"]) == [
        "disabled_hangar", "disabled_weapons", "structural_damage"]
    assert s.state["nukes"] == 1
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, raiders_left", [(3, 4), (6, 4), (7, 1), (8, 1)])
def test_nuke_3_to_6_destroys_7_to_8_also_destroys_3_raiders(
        dice: list[int], roll: int, raiders_left: int) -> None:
    s = new()
    put(s, FRONT, basestars=[["disabled_hangar"]], raiders=4)
    put(s, FRONT_LOWER, raiders=2)
    dice.append(roll)
    resolve(s, {"launch_nuke": {}}, seat=ADMIRAL)  # the only basestar: nuked without asking
    assert ships(s) == {FRONT: {"raider": raiders_left}, FRONT_LOWER: {"raider": 2}}
    assert sorted(s.state["basestar_tokens"]) == TOKENS
    assert s.state["nukes"] == 1
    assert "The Admiral launches a nuke (1 left)" in s.log()
    assert dice == [] and finished(s)


def test_the_only_basestar_is_nuked_without_asking_and_two_are_asked(dice: list[int]) -> None:
    """Basestars are public: a lone one is the nuke's target without a question (raiders are
    no nuke target, so they make no second option); two basestars are asked."""
    s = new()
    put(s, REAR, basestars=[[]], raiders=2)
    dice.append(3)
    resolve(s, {"launch_nuke": {}}, seat=ADMIRAL)
    assert ships(s) == {REAR: {"raider": 2}}
    assert "The Admiral launches a nuke (1 left)" in s.log()
    assert "P0 (William Adama) rolled 3 (nuke)" in s.log()
    assert dice == [] and finished(s)  # the only prompt is the sentinel: nobody was asked
    s = new()
    put(s, REAR, basestars=[[]])
    put(s, FRONT_UPPER, basestars=[[]])
    resolve(s, {"launch_nuke": {}}, seat=ADMIRAL)
    prompt_is(s, ADMIRAL, "nuke")
    assert s.labels() == [f"Nuke the basestar {AT[FRONT_UPPER]}", f"Nuke the basestar {AT[REAR]}"]
    dice.append(3)
    s.do(f"Nuke the basestar {AT[REAR]}")
    assert ships(s) == {FRONT_UPPER: {"basestar": 1}} and s.state["nukes"] == 1
    assert dice == [] and finished(s)


# ---- activate raiders (§7.3, rulebook "Активация Рейдеров") ---------------------------------


def test_raider_attacks_an_unmanned_viper_before_a_manned_one(dice: list[int]) -> None:
    s = new()
    pilot(s, PILOT, FRONT)  # the piloted viper comes first in the area
    put(s, FRONT, raiders=1, vipers=1, civilians=["civilian_population_2"])
    dice.append(8)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": PILOT}]
    assert s.state["destroyed"]["viper"] == 1
    assert s.state["seats"][PILOT]["viper"] == FRONT
    assert ships(s) == {FRONT: {"raider": 1, "viper": 1, "civilian": 1}}  # the civilian waits
    assert s.state["resources"] == START
    assert dice == [] and finished(s)


def test_raider_facing_two_piloted_vipers_the_current_player_picks_the_target(
        dice: list[int]) -> None:
    s = new([ADAMA, KARA, BOOMER, BALTAR])
    pilot(s, 1, FRONT)
    pilot(s, 2, FRONT)
    put(s, FRONT, raiders=1)
    resolve(s, {"activate": {"icon": "activate_raiders"}}, seat=3)
    assert (s.prompt["seat"], s.prompt["kind"]) == (3, "raider_target")
    assert s.labels() == [f"{name(s, 1)}'s viper", f"{name(s, 2)}'s viper"]
    dice.append(5)
    s.do("Sharon")
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": 1}]
    assert (s.state["seats"][2]["viper"], s.state["seats"][2]["location"]) == (None, "sickbay")
    assert s.state["damaged_vipers"] == 1
    assert dice == [] and finished(s)


def test_raider_without_a_viper_destroys_a_civilian_ship_without_rolling(
        dice: list[int]) -> None:
    s = new()
    put(s, REAR, raiders=1, civilians=["civilian_population_1_fuel_1"])
    uid = s.state["space"][REAR]["civilians"][0]
    resolve(s, {"activate": {"icon": "activate_raiders"}})  # any roll would fail the test
    assert ships(s) == {REAR: {"raider": 1}}
    assert s.state["removed"] == [uid]
    assert s.state["resources"] == {**START, "population": 11, "fuel": 7}
    assert "A civilian ship is destroyed: lost 1 population, 1 fuel" in s.log()
    assert not any("rolled" in line for line in s.log())
    assert finished(s)


def test_raider_among_several_civilian_ships_the_current_player_picks_one() -> None:
    s = new()
    put(s, REAR, raiders=1, civilians=["civilian_no_loss", "civilian_population_2"])
    resolve(s, {"activate": {"icon": "activate_raiders"}}, seat=2)
    assert (s.prompt["seat"], s.prompt["kind"]) == (2, "raider_target")
    assert s.labels() == ["Civilian ship 1", "Civilian ship 2"]
    s.do("Civilian ship 2")
    assert ids(s.state["space"][REAR]["civilians"]) == ["civilian_no_loss"]
    assert ids(s.state["removed"]) == ["civilian_population_2"]
    assert s.state["resources"] == {**START, "population": 10}
    assert finished(s)


def test_with_the_civilian_pile_empty_the_current_player_picks_the_ship_destroyed() -> None:
    """"Draw a civilian ship and destroy it" takes the pile's top ship; the pile is empty: the
    current player (not the server) picks one of the ships in space."""
    s = new()
    put(s, REAR, civilians=["civilian_no_loss"])
    put(s, FRONT_UPPER, civilians=["civilian_population_2"])
    s.state["removed"] += s.state["decks"]["civilian_ship"]  # the other 10 are gone
    s.state["decks"]["civilian_ship"] = []
    resolve(s, {"destroy_civilians": {"count": 1}}, seat=2)
    prompt = prompt_is(s, 2, "destroy_civilian")
    assert prompt["text"] == ("The civilian ship pile is empty: choose the civilian ship in "
                              "space to destroy")
    assert s.labels() == [f"Civilian ship 1 {AT[FRONT_UPPER]}", f"Civilian ship 1 {AT[REAR]}"]
    s.do(f"Civilian ship 1 {AT[REAR]}")
    assert ids(s.state["space"][FRONT_UPPER]["civilians"]) == ["civilian_population_2"]
    assert s.state["space"][REAR]["civilians"] == []
    assert ids(s.state["removed"])[-1] == "civilian_no_loss"
    assert s.state["resources"] == START
    assert finished(s)


def test_with_one_civilian_ship_left_in_space_it_is_destroyed_without_asking() -> None:
    s = new()
    put(s, REAR, civilians=["civilian_population_2"])
    s.state["removed"] += s.state["decks"]["civilian_ship"]
    s.state["decks"]["civilian_ship"] = []
    resolve(s, {"destroy_civilians": {"count": 2}}, seat=2)
    assert ids(s.state["removed"])[-1] == "civilian_population_2"
    assert s.state["resources"] == {**START, "population": 10}
    assert finished(s)


@pytest.mark.parametrize("raider, civilian_areas, to", [
    (FRONT, [REAR_LOWER, REAR], FRONT_LOWER),  # nearest: 2 areas counter-clockwise
    (REAR, [FRONT_UPPER], REAR_UPPER),  # nearest: 2 areas counter-clockwise
    (FRONT, [REAR_UPPER, REAR_LOWER], FRONT_UPPER),  # both 2 away: clockwise
    (FRONT_UPPER, [REAR_LOWER], REAR_UPPER),  # straight across (3 either way): clockwise
    (FRONT_LOWER, [REAR_UPPER], FRONT),  # straight across: clockwise (6 -> 1)
])
def test_raider_moves_toward_the_nearest_civilian_ship_ties_clockwise(
        dice: list[int], raider: str, civilian_areas: list[str], to: str) -> None:
    s = new()
    put(s, raider, raiders=1)
    for area in civilian_areas:
        put(s, area, civilians=["civilian_population_1"])
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert s.state["space"][to]["raider"] == 1
    assert sum(a["raider"] for a in s.state["space"].values()) == 1
    assert f"A raider moves {FROM[raider]} to {AT[to]}" in s.log()
    assert s.state["resources"] == START
    assert dice == [] and finished(s)


def test_raiders_activate_area_by_area_in_the_current_players_order_each_once(
        dice: list[int]) -> None:
    """The raider that moves into a space area not yet resolved does not activate again."""
    s = new()
    put(s, FRONT, raiders=1)
    put(s, FRONT_UPPER, raiders=1)
    put(s, REAR_UPPER, civilians=["civilian_population_1"])
    resolve(s, {"activate": {"icon": "activate_raiders"}}, seat=1)
    assert (s.prompt["seat"], s.prompt["kind"]) == (1, "raider_order")
    assert s.labels() == [f"{N[FRONT]} (1 raider)", f"{N[FRONT_UPPER]} (1 raider)"]
    s.do(N[FRONT])
    assert ships(s) == {FRONT_UPPER: {"raider": 1}, REAR_UPPER: {"raider": 1, "civilian": 1}}
    assert s.state["resources"] == START
    assert dice == [] and finished(s)


def test_no_raiders_on_the_board_each_basestar_launches_2_that_do_not_activate(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT, basestars=[[]], vipers=1)
    put(s, REAR, basestars=[[]], civilians=["civilian_population_1"])
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 2, "viper": 1},
                        REAR: {"basestar": 1, "raider": 2, "civilian": 1}}
    assert s.state["resources"] == START
    assert dice == [] and finished(s)


def test_no_raiders_a_disabled_hangar_basestar_launches_none_and_without_basestars_nothing(
        ) -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    put(s, REAR, basestars=[["disabled_hangar"]])
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 2}, REAR: {"basestar": 1}}
    s2 = new()
    resolve(s2, {"activate": {"icon": "activate_raiders"}})
    assert ships(s2) == {}
    assert finished(s) and finished(s2)


# ---- launch raiders, heavy raiders, basestars ----------------------------------------------


def test_launch_raiders_3_per_basestar_none_from_a_disabled_hangar() -> None:
    s = new()
    put(s, FRONT, basestars=[[]], raiders=1)
    put(s, REAR_LOWER, basestars=[[]])
    resolve(s, {"activate": {"icon": "launch_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 4},
                        REAR_LOWER: {"basestar": 1, "raider": 3}}
    s.state["space"][REAR_LOWER]["basestars"][0]["damage"] = ["disabled_hangar"]
    resolve(s, {"activate": {"icon": "launch_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 7},
                        REAR_LOWER: {"basestar": 1, "raider": 3}}
    assert finished(s)


def test_heavy_raiders_centurions_advance_first_then_heavy_raiders_in_launch_areas_board(
        ) -> None:
    s = new()
    s.state["centurions"] = [0, 2]
    put(s, REAR_LOWER, heavies=1)
    put(s, FRONT_LOWER, heavies=1)
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert s.state["centurions"] == [1, 3, 0, 0]  # the new ones start on the first box
    assert ships(s) == {}
    assert s.log()[-3:] == ["The centurions advance on the Boarding Party track",
                            "A heavy raider lands its centurions aboard Galactica",
                            "A heavy raider lands its centurions aboard Galactica"]
    assert finished(s)


@pytest.mark.parametrize("start, to", [(FRONT, FRONT_LOWER), (FRONT_UPPER, FRONT),
                                       (REAR_UPPER, REAR), (REAR, REAR_LOWER)])
def test_heavy_raiders_move_toward_the_nearest_launch_area(start: str, to: str) -> None:
    """The paths of §3.3: SA1→SA6, SA2→SA1→SA6, SA3→SA4→SA5, SA4→SA5; no boarding on the
    activation that brings them to a launch area."""
    s = new()
    put(s, start, heavies=2)
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert ships(s) == {to: {"heavy_raider": 2}}
    assert s.state["centurions"] == []
    assert finished(s)


def test_a_centurion_reaching_the_end_of_the_boarding_track_wins_for_the_cylons() -> None:
    s = new()
    s.state["centurions"] = [3, 1]
    put(s, REAR_LOWER, heavies=1)
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert s.state["result"]["winner"] == "cylons"
    assert s.state["result"]["text"] == "The Cylons win: centurions took Galactica"
    assert s.state["centurions"] == [4, 2]


def test_no_heavy_raiders_each_basestar_launches_1_after_the_centurions_advance() -> None:
    s = new()
    s.state["centurions"] = [0]
    put(s, FRONT, basestars=[[]])
    put(s, REAR_UPPER, basestars=[["disabled_hangar"]])
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert s.state["centurions"] == [1]
    assert ships(s) == {FRONT: {"basestar": 1, "heavy_raider": 1}, REAR_UPPER: {"basestar": 1}}
    s.state["space"][FRONT]["heavy_raider"] = 0
    s.state["space"][REAR_UPPER]["basestars"][0]["damage"] = []
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "heavy_raider": 1},
                        REAR_UPPER: {"basestar": 1, "heavy_raider": 1}}
    assert s.state["centurions"] == [2]
    assert finished(s)


def test_basestars_attack_galactica_one_roll_each_not_with_disabled_weapons(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT, basestars=[["disabled_weapons"]])
    put(s, REAR, basestars=[[]])
    s.stack("galactica_damage", "damage_command")
    dice.append(6)
    resolve(s, {"activate": {"icon": "activate_basestars"}})
    assert ids(s.state["damage"]) == ["damage_command"]
    assert [line for line in s.log() if "rolled" in line] == [
        "P0 (William Adama) rolled 6 (basestar attacks Galactica)"]
    assert dice == [] and finished(s)


# ---- the rulebook's examples -----------------------------------------------------------------


def test_rulebook_example_raider_destroys_a_viper_then_the_next_raider_moves(
        dice: list[int]) -> None:
    """"Все Рейдеры (они все в одном секторе) активированы. Первый Рейдер атакует Вайпера в
    этом же секторе и уничтожает его. В результате, в этом секторе не осталось Вайперов или
    гражданских кораблей для второго Рейдера и он передвигается в смежный сектор (к
    ближайшему гражданскому кораблю)." """
    s = new()
    put(s, FRONT_LOWER, raiders=2, vipers=1)
    put(s, REAR, civilians=["civilian_population_1"])
    dice.append(8)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert ships(s) == {FRONT_LOWER: {"raider": 1}, REAR_LOWER: {"raider": 1},
                        REAR: {"civilian": 1}}
    assert s.state["destroyed"]["viper"] == 1
    assert dice == [] and finished(s)


def test_rulebook_example_raider_activation_picture(dice: list[int]) -> None:
    """The illustrated example: the current player picks a sector; its first raider rolls 5
    and damages the viper; the second has no viper to attack and destroys the civilian ship
    (2 population); in the next sector a lone raider moves toward the nearest civilian ship,
    clockwise."""
    s = new()
    put(s, FRONT_LOWER, raiders=2, vipers=1, civilians=["civilian_population_2"])
    put(s, REAR_UPPER, raiders=1)
    put(s, FRONT, civilians=["civilian_population_1"])
    put(s, REAR_LOWER, civilians=["civilian_no_loss"])
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert s.labels() == [f"{N[REAR_UPPER]} (1 raider)", f"{N[FRONT_LOWER]} (2 raiders)"]
    dice.append(5)
    s.do(N[FRONT_LOWER])
    assert ships(s) == {FRONT_LOWER: {"raider": 2}, REAR: {"raider": 1},
                        FRONT: {"civilian": 1}, REAR_LOWER: {"civilian": 1}}
    assert s.state["damaged_vipers"] == 1
    assert s.state["resources"] == {**START, "population": 10}
    assert dice == [] and finished(s)


def test_rulebook_example_starbuck_launches_from_hangar_deck_and_destroys_a_raider(
        dice: list[int]) -> None:
    """"Старбак использует действие в локации «Ангар», чтобы вылететь на Вайпере ... Затем
    она может совершить еще одно действие ... атакует Рейдера в этом секторе. Она бросает
    «3», что достаточно, чтобы уничтожить Рейдера." """
    s = new()
    put(s, FRONT_LOWER, raiders=1)
    action(s, PILOT)
    s.do(activate_label("hangar_deck"), seat=PILOT)
    assert (s.prompt["kind"], s.labels()) == ("launch", [N[REAR_LOWER], N[FRONT_LOWER]])
    s.do(N[FRONT_LOWER], seat=PILOT)
    kara = s.state["seats"][PILOT]
    assert (kara["location"], kara["viper"]) == (None, FRONT_LOWER)
    assert s.state["space"][FRONT_LOWER]["vipers"] == [{"pilot": PILOT}]
    assert s.state["reserves"]["viper"] == 7
    assert s.prompt["kind"] == "action"  # the Hangar Deck's extra action
    s.do("Activate your viper", seat=PILOT)
    assert s.labels() == [f"Move your viper {FROM[FRONT_LOWER]} to {AT[REAR_LOWER]}",
                          f"Move your viper {FROM[FRONT_LOWER]} to {AT[FRONT]}",
                          f"Attack a raider {AT[FRONT_LOWER]}", "Stop activating vipers"]
    dice.append(3)
    s.do("Attack a raider", seat=PILOT)
    assert ships(s) == {FRONT_LOWER: {"viper": 1}}
    assert dice == [] and finished(s)


# ---- the ten Cylon Attack crisis cards (§6.2) ----------------------------------------------
# Each card: step 1 activates the ships already there by its icon (before the new ships
# arrive), step 2 places exactly its ships, step 3 applies its special rule.


def test_ambush_places_its_ships_and_unmanned_vipers_attack_at_minus_2_until_the_jump(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT_UPPER, basestars=[[]])
    dice.append(3)  # only the basestar already there attacks Galactica (and misses)
    crisis_step(s, 0, "ambush")
    assert ships(s) == {FRONT: {"raider": 4}, FRONT_UPPER: {"basestar": 1},
                        REAR_UPPER: {"civilian": 1}, REAR: {"basestar": 1, "raider": 4},
                        REAR_LOWER: {"viper": 2, "civilian": 1}, FRONT_LOWER: {"civilian": 1}}
    assert s.state["reserves"]["viper"] == 6
    assert len(s.state["decks"]["civilian_ship"]) == 9
    assert in_play(s) == ["ambush"] and "ambush" not in crisis_discards(s)
    assert dice == [] and finished(s)
    # Training New Pilots: -2 to every attack roll of an unmanned viper
    put(s, REAR_LOWER, raiders=2)
    resolve(s, {"activate_vipers": {"count": 2}})
    dice.extend([4, 5])
    s.do(f"Attack a raider {AT[REAR_LOWER]}")  # 4 - 2 = 2: missed
    assert s.state["space"][REAR_LOWER]["raider"] == 2
    s.do(f"Attack a raider {AT[REAR_LOWER]}")  # 5 - 2 = 3: destroyed
    assert s.state["space"][REAR_LOWER]["raider"] == 1
    assert dice == [] and finished(s)
    # a piloted viper is not affected
    pilot(s, PILOT, FRONT)
    action(s, PILOT)
    s.do("Activate your viper", seat=PILOT)
    dice.append(3)
    s.do(f"Attack a raider {AT[FRONT]}", seat=PILOT)
    assert s.state["space"][FRONT]["raider"] == 3
    # the jump ends it
    jump(s)
    assert in_play(s) == [] and "ambush" in crisis_discards(s)
    put(s, FRONT_LOWER, raiders=1, vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(3)
    s.do(f"Attack a raider {AT[FRONT_LOWER]}")
    assert ships(s) == {FRONT_LOWER: {"viper": 1}}
    assert dice == [] and finished(s)


def test_besieged_the_4_new_raiders_activate_at_once(dice: list[int]) -> None:
    s = new()
    put(s, REAR_UPPER, raiders=1)
    s.stack("civilian_ship", "civilian_no_loss", "civilian_population_1",
            "civilian_population_2")
    # step 1: the lone raider finds no civilian ship anywhere and fires at Galactica (1);
    # special: raiders 1-3 attack the 2 new vipers (8 destroyed, 1 missed, 5 damaged),
    # raider 4 destroys the civilian ship there.
    dice.extend([1, 8, 1, 5])
    crisis_step(s, 0, "besieged")
    assert ships(s) == {FRONT: {"civilian": 1}, FRONT_UPPER: {"civilian": 1},
                        REAR_UPPER: {"raider": 1}, REAR: {"heavy_raider": 1},
                        REAR_LOWER: {"basestar": 1}, FRONT_LOWER: {"raider": 4}}
    assert ids(s.state["space"][FRONT]["civilians"]) == ["civilian_no_loss"]
    assert ids(s.state["space"][FRONT_UPPER]["civilians"]) == ["civilian_population_1"]
    assert ids(s.state["removed"]) == ["civilian_population_2"]
    assert s.state["resources"] == {**START, "population": 10}
    assert (s.state["reserves"]["viper"], s.state["destroyed"]["viper"],
            s.state["damaged_vipers"]) == (6, 1, 1)
    assert "besieged" in crisis_discards(s) and in_play(s) == []
    assert dice == [] and finished(s)


def test_boarding_parties_heavy_raiders_activate_before_4_arrive_and_no_vipers_come(
        ) -> None:
    s = new()
    s.state["centurions"] = [0]
    put(s, REAR_LOWER, heavies=1)
    crisis_step(s, 0, "boarding_parties")
    assert s.state["centurions"] == [1, 0]
    assert ships(s) == {FRONT: {"heavy_raider": 2}, FRONT_UPPER: {"basestar": 1, "raider": 4},
                        REAR_UPPER: {"heavy_raider": 2}, REAR: {"civilian": 1},
                        REAR_LOWER: {"civilian": 2}}
    assert s.state["reserves"]["viper"] == 8
    assert "boarding_parties" in crisis_discards(s)
    assert finished(s)


def test_cylon_swarm_basestars_launch_one_more_ship_until_the_jump(dice: list[int]) -> None:
    s = new()
    put(s, REAR_UPPER, basestars=[[]])
    dice.append(3)  # only the basestar already there attacks
    crisis_step(s, 0, "cylon_swarm")
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 5}, FRONT_UPPER: {"heavy_raider": 1},
                        REAR_UPPER: {"basestar": 1}, REAR: {"civilian": 1},
                        REAR_LOWER: {"viper": 1, "civilian": 1},
                        FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert in_play(s) == ["cylon_swarm"]
    assert dice == [] and finished(s)
    resolve(s, {"activate": {"icon": "launch_raiders"}})  # 3 + 1 each
    assert (s.state["space"][FRONT]["raider"], s.state["space"][REAR_UPPER]["raider"]) == (9, 4)
    s.state["space"][FRONT_UPPER]["heavy_raider"] = 0
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})  # 1 + 1 each
    assert (s.state["space"][FRONT]["heavy_raider"],
            s.state["space"][REAR_UPPER]["heavy_raider"]) == (2, 2)
    for area in s.state["space"].values():
        area["raider"] = 0
    resolve(s, {"activate": {"icon": "activate_raiders"}})  # none on the board: 2 + 1 each
    assert (s.state["space"][FRONT]["raider"], s.state["space"][REAR_UPPER]["raider"]) == (3, 3)
    jump(s)
    assert in_play(s) == [] and "cylon_swarm" in crisis_discards(s)
    put(s, FRONT, basestars=[[]])
    resolve(s, {"activate": {"icon": "launch_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 3}}
    assert dice == [] and finished(s)


def test_heavy_assault_raiders_activate_then_every_basestar_fires_at_galactica(
        dice: list[int]) -> None:
    s = new()
    put(s, REAR_UPPER, raiders=1)
    s.stack("galactica_damage", "damage_food")
    dice.extend([1, 4, 3])  # the raider at Galactica; then the 2 new basestars
    crisis_step(s, 0, "heavy_assault")
    assert ships(s) == {FRONT: {"basestar": 1}, FRONT_UPPER: {"basestar": 1},
                        REAR_UPPER: {"raider": 1}, REAR: {"civilian": 1},
                        REAR_LOWER: {"civilian": 1}, FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert [line for line in s.log() if "rolled" in line] == [
        "P0 (William Adama) rolled 1 (raider attacks Galactica)",
        "P0 (William Adama) rolled 4 (basestar attacks Galactica)",
        "P0 (William Adama) rolled 3 (basestar attacks Galactica)"]
    assert s.state["resources"] == {**START, "food": 7}
    assert "heavy_assault" in crisis_discards(s)
    assert dice == [] and finished(s)


def test_jammed_assault_communications_cannot_be_activated_until_the_jump(
        dice: list[int]) -> None:
    s = new()
    stand(s, OFFICER, "communications")
    action(s, OFFICER)
    assert offers(s, activate_label("communications"))
    put(s, FRONT, raiders=1)
    dice.append(1)
    crisis_step(s, 0, "jammed_assault")
    assert ships(s) == {FRONT: {"raider": 1, "civilian": 1}, FRONT_UPPER: {"raider": 4},
                        REAR_UPPER: {"basestar": 1, "heavy_raider": 2}, REAR: {"civilian": 1},
                        REAR_LOWER: {"viper": 1, "civilian": 1},
                        FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert in_play(s) == ["jammed_assault"]
    assert dice == [] and finished(s)
    action(s, OFFICER)
    assert not offers(s, activate_label("communications"))
    jump(s)
    assert in_play(s) == [] and "jammed_assault" in crisis_discards(s)
    action(s, OFFICER)
    assert offers(s, activate_label("communications"))


@pytest.mark.parametrize("track, after", [(2, 1), (0, 0)])
def test_raiding_party_moves_the_fleet_token_back_1(dice: list[int], track: int,
                                                    after: int) -> None:
    s = new()
    s.state["jump_track"] = track
    put(s, FRONT, raiders=1)
    dice.append(1)
    crisis_step(s, 0, "raiding_party")
    assert ships(s) == {FRONT: {"raider": 1}, REAR_UPPER: {"basestar": 1, "raider": 3},
                        REAR: {"heavy_raider": 2, "raider": 2}, REAR_LOWER: {"civilian": 1},
                        FRONT_LOWER: {"viper": 2, "civilian": 2}}
    assert s.state["jump_track"] == after
    assert dice == [] and finished(s)


def test_surrounded_the_current_player_discards_3(dice: list[int]) -> None:
    s = new()
    put(s, REAR, basestars=[[]])
    dice.append(3)
    crisis_step(s, ADMIRAL, "surrounded")
    assert ships(s) == {FRONT: {"raider": 4}, FRONT_UPPER: {"basestar": 1},
                        REAR_UPPER: {"heavy_raider": 1, "raider": 3},
                        REAR: {"basestar": 1, "civilian": 1},
                        REAR_LOWER: {"viper": 1, "civilian": 1},
                        FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert len(s.state["seats"][ADMIRAL]["hand"]) == 5
    assert (s.prompt["seat"], s.prompt["kind"]) == (ADMIRAL, "discard")
    assert s.prompt["pick"] == {"min": 3, "max": 3}  # the 3 cards: one decision
    s.do_action(ADMIRAL, first_answer(s.prompt))
    assert len(s.state["seats"][ADMIRAL]["hand"]) == 2
    assert dice == [] and finished(s)


def test_tactical_strike_damages_2_vipers_in_the_reserves(dice: list[int]) -> None:
    s = new()
    put(s, REAR_UPPER, raiders=1)  # a civilian ship arrives here only after it activated
    dice.append(1)
    crisis_step(s, 0, "tactical_strike")
    assert ships(s) == {FRONT: {"heavy_raider": 1}, REAR_UPPER: {"raider": 1, "civilian": 1},
                        REAR: {"civilian": 1}, REAR_LOWER: {"viper": 2, "civilian": 1},
                        FRONT_LOWER: {"basestar": 1, "raider": 5}}
    assert (s.state["reserves"]["viper"], s.state["damaged_vipers"]) == (4, 2)
    assert s.state["resources"] == START
    assert dice == [] and finished(s)


def test_thirty_three_stays_until_a_civilian_ship_is_destroyed(dice: list[int]) -> None:
    s = new()
    put(s, FRONT, raiders=1)
    dice.append(1)
    crisis_step(s, 0, "thirty_three")
    assert ships(s) == {FRONT: {"raider": 1, "basestar": 1}, REAR_UPPER: {"civilian": 1},
                        REAR: {"civilian": 1}, REAR_LOWER: {"viper": 1, "civilian": 1},
                        FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert in_play(s) == ["thirty_three"] and "thirty_three" not in crisis_discards(s)
    assert dice == [] and finished(s)
    s.state["space"][FRONT]["raider"] = 0
    put(s, REAR, raiders=1)
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert ships(s)[REAR] == {"raider": 1}
    assert in_play(s) == [] and "thirty_three" in crisis_discards(s)
    assert finished(s)


def test_thirty_three_leaves_when_a_basestar_is_destroyed(dice: list[int]) -> None:
    s = new()
    crisis_step(s, 0, "thirty_three")  # no raiders and no basestars yet: step 1 does nothing
    assert in_play(s) == ["thirty_three"]
    assert finished(s)
    dice.append(3)
    resolve(s, {"launch_nuke": {}}, seat=ADMIRAL)  # the only basestar: nuked without asking
    assert FRONT not in ships(s)
    assert in_play(s) == [] and "thirty_three" in crisis_discards(s)
    assert dice == [] and finished(s)


def test_thirty_three_is_shuffled_back_into_the_crisis_deck_if_the_fleet_jumps_first(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT, raiders=1)
    dice.append(1)
    crisis_step(s, 0, "thirty_three")
    assert in_play(s) == ["thirty_three"]
    jump(s)
    assert in_play(s) == []
    assert "thirty_three" in ids(s.state["decks"]["crisis"])
    assert "thirty_three" not in crisis_discards(s)


def test_thirty_three_goes_back_as_the_fleet_jumps_before_asteroid_field_destroys_a_ship(
        dice: list[int]) -> None:
    """The card leaves "if the fleet jumps first": the jump comes before the destination's
    effects, so the civilian ship Asteroid Field destroys does not discard it."""
    s = new()
    put(s, FRONT, raiders=1)
    dice.append(1)
    crisis_step(s, 0, "thirty_three")
    assert in_play(s) == ["thirty_three"]
    s.state["jump_track"] = 4
    s.stack("destination", "asteroid_field", "barren_planet")
    resolve(s, {"jump_track": {"steps": 1}})
    s.do("Asteroid Field", seat=ADMIRAL)
    assert len(s.state["removed"]) == 1  # a civilian ship drawn from the pile is destroyed
    assert in_play(s) == []
    assert "thirty_three" in ids(s.state["decks"]["crisis"])
    assert "thirty_three" not in crisis_discards(s)
    assert finished(s)


# ---- Galactica damage tokens (§7.6) --------------------------------------------------------

LOCATION_TOKENS = [
    ("damage_admirals_quarters", "admirals_quarters", OFFICER),
    ("damage_armory", "armory", OFFICER),
    ("damage_command", "command", OFFICER),
    ("damage_ftl_control", "ftl_control", OFFICER),
    ("damage_hangar_deck", "hangar_deck", PILOT),
    ("damage_weapons_control", "weapons_control", OFFICER),
]


@pytest.mark.parametrize("token, location, seat", LOCATION_TOKENS)
def test_a_damaged_location_sends_its_characters_to_sickbay_and_loses_its_action(
        token: str, location: str, seat: int) -> None:
    s = new()
    s.state["jump_track"] = 3  # FTL Control is usable on a blue space
    s.state["centurions"] = [0]
    put(s, REAR, raiders=1)  # Weapons Control is offered only with a target
    stand(s, seat, location)
    stand(s, PRESIDENT, location)
    action(s, seat)
    assert offers(s, activate_label(location))
    s.stack("galactica_damage", token)
    resolve(s, {"damage_galactica": {"count": 1}})
    assert ids(s.state["damage"]) == [token]
    assert damaged_locations(s.edit()) == {location}
    assert len(s.state["decks"]["galactica_damage"]) == 7
    assert s.state["seats"][seat]["location"] == "sickbay"
    assert s.state["seats"][PRESIDENT]["location"] == "sickbay"
    assert s.state["seats"][ADMIRAL]["location"] == (
        "sickbay" if location == "admirals_quarters" else "admirals_quarters")
    assert f"Galactica is damaged: {catalog.card(s.state['damage'][0])['name']}" in s.log()
    for viewer in range(4):
        assert RULES.view(s.state, viewer)["damaged_locations"] == [location]
    stand(s, seat, location)  # a damaged location may still be entered ...
    action(s, seat)
    assert not offers(s, activate_label(location))  # ... but not used
    assert s.prompt["kind"] == "action"


@pytest.mark.parametrize("token, resource", [("damage_fuel", "fuel"), ("damage_food", "food")])
def test_a_resource_token_costs_1_and_is_removed_from_the_game(token: str,
                                                               resource: str) -> None:
    s = new()
    s.stack("galactica_damage", token)
    resolve(s, {"damage_galactica": {"count": 1}})
    assert s.state["resources"] == {**START, resource: 7}
    assert ids(s.state["removed"]) == [token]
    assert s.state["damage"] == []
    assert len(s.state["decks"]["galactica_damage"]) == 7
    assert finished(s)


def test_six_damaged_locations_destroy_galactica() -> None:
    s = new()
    s.stack("galactica_damage", *[t for t, _, _ in LOCATION_TOKENS])
    resolve(s, {"damage_galactica": {"count": 5}})
    assert len(damaged_locations(s.edit())) == 5 and finished(s)
    resolve(s, {"damage_galactica": {"count": 1}})
    assert len(damaged_locations(s.edit())) == 6
    assert s.state["result"]["winner"] == "cylons"
    assert s.state["result"]["text"] == (
        "The Cylons win: Galactica was destroyed: six of its locations are damaged")


def test_five_damaged_locations_and_both_resource_tokens_do_not_destroy_galactica() -> None:
    s = new()
    s.stack("galactica_damage", "damage_fuel", *[t for t, _, _ in LOCATION_TOKENS[:5]],
            "damage_food")
    resolve(s, {"damage_galactica": {"count": 7}})
    assert len(damaged_locations(s.edit())) == 5
    assert s.state["result"] is None
    assert s.state["resources"] == {**START, "fuel": 7, "food": 7}
    assert finished(s)


# ---- basestar damage tokens (§7.7) ---------------------------------------------------------


def test_critical_hit_counts_2_so_one_more_hit_destroys_and_the_tokens_return(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT_LOWER, basestars=[["critical_hit"]], vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(8)
    s.do(f"Attack the basestar {AT[FRONT_LOWER]} (Critical Hit)")
    assert ships(s) == {FRONT_LOWER: {"viper": 1}}
    assert sorted(s.state["basestar_tokens"]) == TOKENS
    assert f"A basestar is destroyed {AT[FRONT_LOWER]}" in s.log()
    assert dice == [] and finished(s)


def test_three_damage_tokens_destroy_a_basestar(dice: list[int]) -> None:
    s = new()
    put(s, FRONT, raiders=1)  # a second target, so that the damage shows in the question
    put(s, REAR, basestars=[["disabled_hangar", "disabled_weapons"]])
    resolve(s, {"galactica_attack": {}})
    assert s.labels() == [f"Fire at a raider {AT[FRONT]}",
                          f"Fire at the basestar {AT[REAR]} (Disabled Hangar, "
                          "Disabled Weapons)"]
    dice.append(5)
    s.do("Fire at the basestar")
    assert ships(s) == {FRONT: {"raider": 1}}
    assert sorted(s.state["basestar_tokens"]) == TOKENS
    assert dice == [] and finished(s)


def test_an_effect_destroying_a_damaged_basestar_returns_its_tokens() -> None:
    """Whatever destroys a basestar, its damage tokens go back to the pool (§7.7): here an
    effect that destroys Cylon ships anywhere, the chooser picking the area."""
    s = new()
    put(s, REAR, basestars=[["disabled_hangar", "critical_hit"]])
    put(s, FRONT, basestars=[["structural_damage"]])
    resolve(s, {"destroy_ships": {"basestar": 1}})
    prompt_is(s, 0, "destroy_ships")
    s.do(f"{N[REAR]}")
    assert ships(s) == {FRONT: {"basestar": 1}}
    assert sorted(s.state["basestar_tokens"]) == ["critical_hit", "disabled_hangar",
                                                  "disabled_weapons"]
    assert f"A basestar is destroyed {AT[REAR]}" in s.log()
    assert finished(s)


@pytest.mark.parametrize("roll, damaged", [(5, False), (6, True)])
def test_structural_damage_adds_2_to_viper_attacks_against_the_basestar(
        dice: list[int], roll: int, damaged: bool) -> None:
    s = new()
    put(s, FRONT_LOWER, basestars=[["structural_damage"]], vipers=1)
    put(s, REAR, basestars=[["critical_hit"]])  # keeps the critical hit out of the pool
    resolve(s, {"activate_vipers": {"count": 1}})
    dice.append(roll)
    s.do(f"Attack the basestar {AT[FRONT_LOWER]} (Structural Damage)")
    assert len(damage(s, FRONT_LOWER)) == (2 if damaged else 1)
    assert damage(s, FRONT_LOWER)[0] == "structural_damage"
    assert dice == [] and finished(s)


@pytest.mark.parametrize("roll, damaged", [(2, False), (3, True)])
def test_structural_damage_adds_2_to_galactica_attacks_against_the_basestar(
        dice: list[int], roll: int, damaged: bool) -> None:
    s = new()
    put(s, FRONT, basestars=[["structural_damage"]])
    put(s, REAR, basestars=[["critical_hit"]])
    resolve(s, {"galactica_attack": {}})
    dice.append(roll)
    s.do(f"Fire at the basestar {AT[FRONT]}")
    assert len(damage(s, FRONT)) == (2 if damaged else 1)
    assert dice == [] and finished(s)


# ---- component limits (§13.1, §13.2) -------------------------------------------------------


def test_raiders_launch_only_while_the_16_last() -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    put(s, REAR, raiders=15)
    resolve(s, {"activate": {"icon": "launch_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 1}, REAR: {"raider": 15}}
    resolve(s, {"activate": {"icon": "launch_raiders"}})
    assert ships(s) == {FRONT: {"basestar": 1, "raider": 1}, REAR: {"raider": 15}}
    assert finished(s)


def test_too_few_raiders_to_launch_the_current_player_chooses_which_basestar_launches(
        ) -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    put(s, REAR, basestars=[[]])
    put(s, REAR_UPPER, raiders=14)
    resolve(s, {"activate": {"icon": "launch_raiders"}}, seat=2)
    assert (s.prompt["seat"], s.prompt["kind"]) == (2, "allocate")


def test_rulebook_example_a_card_with_2_basestars_and_1_left_the_current_player_picks(
        dice: list[int]) -> None:
    """"Взята карта кризиса атака Сайлонов, которая требует поместить два Базовых корабля
    ... На игровом поле уже есть один Базовый корабль ... Текущий игрок решает, какой из
    двух Базовых кораблей ... разместить." (Heavy Assault, with a basestar already behind
    Galactica: step 1 finds no raider, so that basestar launches 2.)"""
    s = new()
    put(s, REAR, basestars=[[]])
    crisis_step(s, 2, "heavy_assault")
    assert (s.prompt["seat"], s.prompt["kind"]) == (2, "allocate")
    assert s.labels() == [f"{N[FRONT]} (1 wanted)", f"{N[FRONT_UPPER]} (1 wanted)"]
    dice.extend([1, 2])  # Heavy Bombardment: both basestars fire and miss
    s.do(N[FRONT_UPPER])
    assert ships(s) == {FRONT_UPPER: {"basestar": 1}, REAR: {"basestar": 1, "raider": 2,
                                                              "civilian": 1},
                        REAR_LOWER: {"civilian": 1}, FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert dice == [] and finished(s)


def test_boarding_parties_with_2_heavy_raiders_left_the_current_player_places_them() -> None:
    s = new()
    put(s, FRONT_UPPER, heavies=2)  # step 1 moves them to the bow
    crisis_step(s, 1, "boarding_parties")
    assert (s.prompt["seat"], s.prompt["kind"]) == (1, "allocate")
    assert s.labels() == [f"{N[FRONT]} (2 wanted)", f"{N[REAR_UPPER]} (2 wanted)"]
    s.do(N[REAR_UPPER])
    assert s.labels() == [f"{N[FRONT]} (2 wanted)", f"{N[REAR_UPPER]} (1 wanted)"]
    s.do(N[FRONT])
    assert ships(s) == {FRONT: {"heavy_raider": 3}, FRONT_UPPER: {"basestar": 1, "raider": 4},
                        REAR_UPPER: {"heavy_raider": 1}, REAR: {"civilian": 1},
                        REAR_LOWER: {"civilian": 2}}
    assert finished(s)


def test_placing_raiders_short_of_the_16_the_current_player_chooses() -> None:
    s = new()
    put(s, REAR, raiders=14)
    resolve(s, {"place_ships": {FRONT: {"raider": 4}, REAR_UPPER: {"raider": 3}}}, seat=3)
    assert (s.prompt["seat"], s.prompt["kind"]) == (3, "allocate")
    assert s.labels() == [f"{N[FRONT]} (4 wanted)", f"{N[REAR_UPPER]} (3 wanted)"]
    s.do(N[REAR_UPPER])
    s.do(N[REAR_UPPER])
    assert ships(s) == {REAR: {"raider": 14}, REAR_UPPER: {"raider": 2}}
    assert finished(s)


def test_placing_vipers_short_of_the_reserves_the_current_player_chooses() -> None:
    s = new()
    s.state["reserves"]["viper"] = 1
    s.state["damaged_vipers"] = 7
    resolve(s, {"place_ships": {REAR_LOWER: {"viper": 1}, FRONT_LOWER: {"viper": 1}}})
    assert s.labels() == [f"{N[REAR_LOWER]} (1 wanted)", f"{N[FRONT_LOWER]} (1 wanted)"]
    s.do(N[FRONT_LOWER])
    assert ships(s) == {FRONT_LOWER: {"viper": 1}}
    assert s.state["reserves"]["viper"] == 0
    assert finished(s)
    resolve(s, {"place_ships": {REAR_LOWER: {"viper": 1}}})
    assert ships(s) == {FRONT_LOWER: {"viper": 1}}
    assert finished(s)


def test_heavy_raiders_launch_only_while_the_4_last() -> None:
    """(The Cylon Fleet's launch: 1 heavy raider from each basestar.)"""
    s = new()
    put(s, FRONT, basestars=[[]])
    put(s, REAR, basestars=[[]], heavies=3)
    resolve(s, {"launch_ships": {"heavy_raider": 1}})
    assert s.prompt["kind"] == "allocate"  # one left for two basestars: the current player picks
    s.do("Ahead of the bow")
    assert ships(s) == {FRONT: {"basestar": 1, "heavy_raider": 1},
                        REAR: {"basestar": 1, "heavy_raider": 3}}
    assert finished(s)


def test_no_basestar_is_placed_beyond_2_and_no_centurion_beyond_4() -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    put(s, REAR, basestars=[[]])
    resolve(s, {"place_ships": {REAR_UPPER: {"basestar": 1}}})
    assert ships(s) == {FRONT: {"basestar": 1}, REAR: {"basestar": 1}}
    assert finished(s)
    s.state["centurions"] = [0, 0, 1, 2]
    put(s, REAR_LOWER, heavies=1)
    resolve(s, {"activate": {"icon": "activate_heavy_raiders"}})
    assert s.state["centurions"] == [1, 1, 2, 3]
    assert ships(s)[REAR_LOWER] == {"heavy_raider": 1}  # it cannot board: it stays
    assert finished(s)


# ---- Command, Weapons Control, Communications ----------------------------------------------


def test_command_two_unmanned_viper_activations_launch_then_attack(dice: list[int]) -> None:
    """A launched viper may attack with the second activation; the raider beside a piloted
    viper cannot be attacked through Command."""
    s = new()
    put(s, REAR_LOWER, vipers=1)
    put(s, FRONT_LOWER, raiders=1)
    pilot(s, PILOT, FRONT_LOWER)
    action(s, OFFICER)  # Tigh stands in Command
    s.do(activate_label("command"), seat=OFFICER)
    assert (s.prompt["seat"], s.prompt["text"]) == (OFFICER, "Viper activations left: 2")
    assert s.labels() == [f"Launch a viper {TO[REAR_LOWER]}",
                          f"Launch a viper {TO[FRONT_LOWER]}",
                          f"Move a viper {FROM[REAR_LOWER]} to {AT[REAR]}",
                          f"Move a viper {FROM[REAR_LOWER]} to {AT[FRONT_LOWER]}",
                          "Stop activating vipers"]
    s.do(f"Launch a viper {TO[FRONT_LOWER]}")
    assert s.state["reserves"]["viper"] == 5
    assert s.prompt["text"] == "Viper activations left: 1"
    assert f"Attack a raider {AT[FRONT_LOWER]}" in s.labels()
    dice.append(3)
    s.do(f"Attack a raider {AT[FRONT_LOWER]}")
    assert ships(s) == {REAR_LOWER: {"viper": 1}, FRONT_LOWER: {"viper": 2}}
    assert s.state["space"][FRONT_LOWER]["vipers"] == [{"pilot": PILOT}, {"pilot": None}]
    assert dice == [] and finished(s)


def test_command_moves_the_same_viper_twice_or_stops_early() -> None:
    s = new()
    put(s, REAR_LOWER, vipers=1)
    action(s, OFFICER)
    s.do(activate_label("command"), seat=OFFICER)
    s.do(f"Move a viper {FROM[REAR_LOWER]} to {AT[REAR]}")
    s.do(f"Move a viper {FROM[REAR]} to {AT[REAR_UPPER]}")
    assert ships(s) == {REAR_UPPER: {"viper": 1}}
    assert finished(s)
    action(s, OFFICER)
    s.do(activate_label("command"), seat=OFFICER)
    s.do("Stop activating vipers")
    assert ships(s) == {REAR_UPPER: {"viper": 1}} and s.state["reserves"]["viper"] == 7
    assert finished(s)


def test_command_cannot_launch_with_the_reserves_empty() -> None:
    s = new()
    put(s, FRONT, raiders=1, vipers=1)
    s.state["damaged_vipers"] = s.state["reserves"]["viper"]
    s.state["reserves"]["viper"] = 0
    action(s, OFFICER)
    s.do(activate_label("command"), seat=OFFICER)
    assert s.labels() == [f"Move a viper {FROM[FRONT]} to {AT[FRONT_LOWER]}",
                          f"Move a viper {FROM[FRONT]} to {AT[FRONT_UPPER]}",
                          f"Attack a raider {AT[FRONT]}", "Stop activating vipers"]


def test_weapons_control_fires_at_any_cylon_ship_in_any_area_never_a_human_one(
        dice: list[int]) -> None:
    s = new()
    stand(s, OFFICER, "weapons_control")
    put(s, FRONT, raiders=2)
    put(s, REAR_UPPER, heavies=1)
    put(s, REAR, basestars=[["disabled_hangar"]])
    put(s, FRONT_LOWER, vipers=1, civilians=["civilian_population_1"])
    action(s, OFFICER)
    s.do(activate_label("weapons_control"), seat=OFFICER)
    assert (s.prompt["seat"], s.prompt["kind"]) == (OFFICER, "attack")
    assert s.labels() == [f"Fire at a raider {AT[FRONT]}",
                          f"Fire at a heavy raider {AT[REAR_UPPER]}",
                          f"Fire at the basestar {AT[REAR]} (Disabled Hangar)"]
    dice.append(7)
    s.do("Fire at a heavy raider")
    assert ships(s) == {FRONT: {"raider": 2}, REAR: {"basestar": 1},
                        FRONT_LOWER: {"viper": 1, "civilian": 1}}
    assert "P2 (Saul Tigh) rolled 7 (Galactica attacks heavy raider)" in s.log()
    assert dice == [] and finished(s)


def test_communications_looks_at_2_civilian_ships_in_private_and_may_move_them() -> None:
    s = new()
    stand(s, OFFICER, "communications")
    put(s, REAR, civilians=["civilian_population_2"])
    put(s, REAR_UPPER, civilians=["civilian_no_loss"])
    before = len(s.events)
    action(s, OFFICER)
    s.do(activate_label("communications"), seat=OFFICER)
    assert (s.prompt["seat"], s.prompt["kind"]) == (OFFICER, "civilians")
    assert s.labels() == [f"Civilian ship 1 {AT[REAR_UPPER]}", f"Civilian ship 1 {AT[REAR]}"]
    s.do(f"Civilian ship 1 {AT[REAR]}")
    assert s.labels() == ["Leave it there", f"Move it {TO[REAR_UPPER]}",
                          f"Move it {TO[REAR_LOWER]}"]
    s.do(f"Move it {TO[REAR_LOWER]}")
    # the ship already seen is not offered again: the other one is looked at without asking
    assert s.labels()[0] == "Leave it there"
    s.do("Leave it there")
    assert finished(s)
    assert ids(s.state["space"][REAR_LOWER]["civilians"]) == ["civilian_population_2"]
    assert ids(s.state["space"][REAR_UPPER]["civilians"]) == ["civilian_no_loss"]
    assert ships(s) == {REAR_UPPER: {"civilian": 1}, REAR_LOWER: {"civilian": 1}}
    # what was seen: the looker only
    events = s.events[before:]
    private = [e["text"] for e in events if e["to"] == [OFFICER]]
    assert private == [
        f"Civilian ship 1 {AT[REAR]}: Civilian ship (2 population)",
        f"Civilian ship 1 {AT[REAR_UPPER]}: Civilian ship (no loss)"]
    for other in (ADMIRAL, PILOT, PRESIDENT):
        seen = [e["text"] for e in events if visible_to(e, other)]
        assert seen == [
            "P2 (Saul Tigh) activates Communications",
            f"P2 (Saul Tigh) looks at a civilian ship {AT[REAR]}",
            f"P2 (Saul Tigh) moves a civilian ship {TO[REAR_LOWER]}",
            f"P2 (Saul Tigh) looks at a civilian ship {AT[REAR_UPPER]}"]
    for viewer in range(4):  # the looker knows them, in its own knowledge only
        view = RULES.view(s.state, viewer)
        known = [(n["cards"][0]["id"], n["area"]) for n in view["you"].pop("knowledge")]
        shown = json.dumps(view)
        assert "Civilian ship (" not in shown and "civilian_no_loss" not in shown
        assert known == ([("civilian_population_2", REAR_LOWER), ("civilian_no_loss", REAR_UPPER)]
                         if viewer == OFFICER else [])


def test_communications_looks_at_two_different_ships_never_one_twice() -> None:
    """"Look at 2 civilian ships": with one ship in space, it is looked at once, not twice."""
    s = new()
    put(s, REAR, civilians=["civilian_population_2"])
    before = len(s.events)
    resolve(s, {"inspect_civilians": {"count": 2, "move": False}}, seat=OFFICER)
    assert finished(s)
    assert [e["text"] for e in s.events[before:] if e["to"] == [OFFICER]] == [
        f"Civilian ship 1 {AT[REAR]}: Civilian ship (2 population)"]


def test_the_only_civilian_ship_in_space_is_looked_at_without_asking_which() -> None:
    """Where the civilian ships are is public (what they carry is not): with one in space the
    look takes it without asking which, logged as when asked; with two the looker is asked."""
    s = new()
    put(s, REAR, civilians=["civilian_population_2"])
    before = len(s.events)
    resolve(s, {"inspect_civilians": {"count": 1, "move": True}}, seat=OFFICER)
    prompt = prompt_is(s, OFFICER, "civilians")  # already looked: whether to move it
    assert prompt["text"] == "Move the civilian ship behind the stern?"
    events = s.events[before:]
    assert [e["text"] for e in events if e["to"] == [OFFICER]] == [
        f"Civilian ship 1 {AT[REAR]}: Civilian ship (2 population)"]
    assert [e["text"] for e in events if visible_to(e, PRESIDENT)] == [
        f"P2 (Saul Tigh) looks at a civilian ship {AT[REAR]}"]
    s.do("Leave it there")
    assert finished(s)
    put(s, FRONT, civilians=["civilian_no_loss"])
    resolve(s, {"inspect_civilians": {"count": 1, "move": True}}, seat=OFFICER)
    prompt = prompt_is(s, OFFICER, "civilians")
    assert prompt["text"] == "Communications: choose a civilian ship to look at"
    assert s.labels() == [f"Civilian ship 1 {AT[FRONT]}", f"Civilian ship 1 {AT[REAR]}"]
    s.do(f"Civilian ship 1 {AT[FRONT]}")
    s.do("Leave it there")
    assert finished(s)


# ---- Hangar Deck, piloting ---------------------------------------------------------------


def test_hangar_deck_with_the_reserves_empty_an_unmanned_viper_comes_back_first() -> None:
    s = new([ADAMA, KARA, BOOMER, BALTAR])
    pilot(s, 2, FRONT)  # Boomer's viper may not be taken
    put(s, REAR, vipers=1)
    s.state["damaged_vipers"] = s.state["reserves"]["viper"]
    s.state["reserves"]["viper"] = 0
    action(s, PILOT)
    s.do(activate_label("hangar_deck"), seat=PILOT)
    # one unmanned viper in space: it comes back without asking (where vipers are is public)
    assert s.state["reserves"]["viper"] == 1
    assert s.state["space"][REAR]["vipers"] == []
    assert s.prompt["kind"] == "launch"
    s.do(N[REAR_LOWER])
    assert s.state["reserves"]["viper"] == 0
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": 2}]
    assert s.state["space"][REAR_LOWER]["vipers"] == [{"pilot": PILOT}]
    assert ships(s) == {FRONT: {"viper": 1}, REAR_LOWER: {"viper": 1}}
    assert s.prompt["kind"] == "action"
    s.do("Do nothing", seat=PILOT)
    assert finished(s)


def test_hangar_deck_is_for_characters_with_piloting_only() -> None:
    s = new()
    stand(s, OFFICER, "hangar_deck")
    action(s, OFFICER)
    assert not offers(s, activate_label("hangar_deck"))
    action(s, PILOT)
    assert offers(s, activate_label("hangar_deck"))


def test_a_pilot_flies_to_an_adjacent_area_in_the_movement_step() -> None:
    s = new()
    pilot(s, PILOT, FRONT_LOWER)
    movement(s, PILOT)
    flights = [label for label in s.labels() if label.startswith("Fly")]
    assert flights == [f"Fly your viper {TO[REAR_LOWER]}", f"Fly your viper {TO[FRONT]}"]
    s.do(f"Fly your viper {TO[FRONT]}", seat=PILOT)
    assert s.state["space"][FRONT]["vipers"] == [{"pilot": PILOT}]
    assert s.state["seats"][PILOT]["viper"] == FRONT
    assert ships(s) == {FRONT: {"viper": 1}}
    assert finished(s)


def test_a_pilot_leaves_the_viper_for_a_location_by_discarding_1_card() -> None:
    s = new()
    pilot(s, PILOT, REAR_UPPER)
    hand = len(s.state["seats"][PILOT]["hand"])
    assert hand == 3
    movement(s, PILOT)
    assert "Leave your viper for Press Room (discard 1 skill card)" in s.labels()
    s.do("Leave your viper for Weapons Control (discard 1 skill card)", seat=PILOT)
    assert (s.prompt["seat"], s.prompt["kind"]) == (PILOT, "discard")
    s.do_action(PILOT, first_answer(s.prompt))
    kara = s.state["seats"][PILOT]
    assert (kara["location"], kara["viper"], len(kara["hand"])) == ("weapons_control", None, 2)
    assert ships(s) == {} and s.state["reserves"]["viper"] == 8
    assert finished(s)


def test_a_pilot_without_cards_can_only_stay_or_fly() -> None:
    s = new()
    pilot(s, PILOT, REAR_UPPER)
    s.empty_hands()
    movement(s, PILOT)
    assert s.labels() == ["Stay", f"Fly your viper {TO[FRONT_UPPER]}",
                          f"Fly your viper {TO[REAR]}"]


@pytest.mark.parametrize("to", ["sickbay", "brig"])
def test_a_pilot_sent_to_sickbay_or_the_brig_leaves_the_viper_in_the_reserves(to: str) -> None:
    """"Если игрока посылают в лазарет или на гауптвахту с Вайпера, он перемещается в
    соответствующую локацию, а его Вайпер возвращается в «Резерв»." """
    s = new()
    pilot(s, PILOT, FRONT)
    resolve(s, {"move_character": {"who": "self", "to": to}}, seat=PILOT)
    kara = s.state["seats"][PILOT]
    assert (kara["location"], kara["viper"]) == (to, None)
    assert ships(s) == {} and s.state["reserves"]["viper"] == 8
    assert (s.state["damaged_vipers"], s.state["destroyed"]["viper"]) == (0, 0)
    assert finished(s)


# ---- the Admiral's nuke ------------------------------------------------------------------


def test_the_admiral_launches_a_nuke_as_an_action_while_nukes_last(dice: list[int]) -> None:
    s = new()
    put(s, FRONT, basestars=[[]])
    action(s, ADMIRAL)
    assert "Admiral: launch a nuke" in s.labels()
    dice.append(4)
    s.do("Admiral: launch a nuke", seat=ADMIRAL)  # the only basestar: nuked without asking
    assert ships(s) == {} and s.state["nukes"] == 1
    assert "The Admiral launches a nuke (1 left)" in s.log()
    assert dice == [] and finished(s)
    s.state["nukes"] = 0
    put(s, FRONT, basestars=[[]])
    action(s, ADMIRAL)
    assert "Admiral: launch a nuke" not in s.labels()
    action(s, PILOT)  # nobody else has the action
    assert "Admiral: launch a nuke" not in s.labels()


# ---- jumping out of combat (§7.10; rulebook "Прыжок во время боя") -------------------------


def test_a_jump_clears_space() -> None:
    s = new()
    put(s, FRONT, basestars=[["disabled_weapons"]], raiders=3)
    put(s, FRONT_UPPER, civilians=["civilian_population_2"])
    put(s, REAR_UPPER, heavies=1, civilians=["civilian_no_loss"])
    put(s, REAR, basestars=[["critical_hit"]], vipers=1)
    put(s, REAR_LOWER, vipers=1, civilians=["civilian_population_1"])
    pilot(s, PILOT, FRONT_LOWER)
    s.state["centurions"] = [1]
    s.state["reserves"]["viper"] -= 1
    s.state["damaged_vipers"] = 1
    on_board = [u for a in s.state["space"].values() for u in a["civilians"]]
    s.state["jump_track"] = 4
    s.stack("destination", "barren_planet", "remote_planet")
    resolve(s, {"jump_track": {"steps": 1}})
    assert s.prompt["kind"] == "destination"  # the ships are already gone
    assert ships(s) == {}
    assert s.state["reserves"]["viper"] == 7 and s.state["damaged_vipers"] == 1
    kara = s.state["seats"][PILOT]
    assert (kara["location"], kara["viper"]) == ("hangar_deck", None)
    assert sorted(s.state["basestar_tokens"]) == TOKENS
    assert s.state["centurions"] == [1]
    pile = s.state["decks"]["civilian_ship"]
    assert len(pile) == 12 and set(on_board) <= set(pile)
    assert s.state["removed"] == []  # shuffled back, not destroyed
    assert s.state["resources"] == START
    s.do("Barren Planet", seat=ADMIRAL)
    assert s.state["jump_track"] == 0 and s.state["resources"] == {**START, "fuel": 6}
    assert finished(s)


# ---- what the views show (§14.1 I26, I27, I29) ---------------------------------------------


def test_every_seat_sees_the_ships_and_the_damage_but_only_civilian_ship_counts(
        dice: list[int]) -> None:
    s = new()
    put(s, FRONT, basestars=[["disabled_weapons"]], raiders=2)
    put(s, REAR, raiders=1, civilians=["civilian_population_2", "civilian_no_loss"])
    put(s, REAR_UPPER, heavies=1)
    pilot(s, PILOT, FRONT_LOWER)
    put(s, FRONT_LOWER, vipers=1)
    s.state["centurions"] = [2]
    s.stack("galactica_damage", "damage_armory")
    resolve(s, {"damage_galactica": {"count": 1}})
    expected = {
        FRONT: {"raider": 2, "heavy_raider": 0,
                "basestars": [{"damage": 1, "tokens": ["disabled_weapons"]}], "vipers": [],
                "civilians": 0},
        FRONT_UPPER: {"raider": 0, "heavy_raider": 0, "basestars": [], "vipers": [],
                      "civilians": 0},
        REAR_UPPER: {"raider": 0, "heavy_raider": 1, "basestars": [], "vipers": [],
                     "civilians": 0},
        REAR: {"raider": 1, "heavy_raider": 0, "basestars": [], "vipers": [], "civilians": 2},
        REAR_LOWER: {"raider": 0, "heavy_raider": 0, "basestars": [], "vipers": [],
                     "civilians": 0},
        FRONT_LOWER: {"raider": 0, "heavy_raider": 0, "basestars": [],
                      "vipers": [{"pilot": PILOT}, {"pilot": None}], "civilians": 0},
    }
    for viewer in (None, 0, 1, 2, 3):
        view = RULES.view(s.state, viewer)
        assert view["space"] == expected
        assert view["damaged_locations"] == ["armory"]
        assert view["centurions"] == [2]
        assert view["reserves"] == {"viper": 6, "raptor": 4}
        assert view["players"][PILOT]["viper"] == FRONT_LOWER
        assert "civilians" not in view
        assert "Civilian ship (" not in json.dumps(view)
    # a destroyed civilian ship is turned face up for everyone
    resolve(s, {"activate": {"icon": "activate_raiders"}})
    assert s.labels() == [f"{N[FRONT]} (2 raiders)", f"{N[REAR]} (1 raider)"]
    s.do(N[REAR])
    s.do("Civilian ship 1")
    for viewer in (None, 0, 1, 2, 3):
        view = RULES.view(s.state, viewer)
        assert view["space"][REAR]["civilians"] == 1
        assert view["removed"] == ["civilian_population_2"]


def test_every_seat_sees_which_damage_tokens_a_basestar_carries() -> None:
    s = new()
    put(s, FRONT, basestars=[["disabled_weapons"]])
    for viewer in (None, 0, 1, 2, 3):
        basestar = RULES.view(s.state, viewer)["space"][FRONT]["basestars"][0]
        assert "disabled_weapons" in json.dumps(basestar)
