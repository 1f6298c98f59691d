"""Rulings once left open by the engine (DECISIONS.md, "Rule gaps closed"): which dice complete
a tile that holds too many, "may send up to 2 to the cup", Advanced Logistics after the last
explorer, and the bag running short while Scouting. A scenario each, numbers at their
boundary."""

from __future__ import annotations

import random
from typing import Any

from app.games.roll_for_the_galaxy.rules import RULES
from tests.games.roll_for_the_galaxy.helpers import options, play, prompt_of, seat, start_phases
from tests.games.roll_for_the_galaxy.test_phases import BASE, table

# ---- a tile holding more dice than it needs (rulebook, Develop and Settle) -----------------

def test_the_owner_chooses_which_dice_complete_an_overfilled_tile() -> None:
    # Public Works (cost 1) holds a white and a red die; Investment Credits (4) lies under it
    state = table(devs=[40, 14], dev_dice=["white", "red"])
    state = start_phases(state, [{}], ["develop"])
    assert options(state, 0) == [{"type": "completers", "dice": ["red"]},
                                 {"type": "completers", "dice": ["white"]}]
    assert "public_works" not in seat(state, 0)["tableau"]
    state, _ = play(state, 0, {"type": "completers", "dice": ["red"]})
    s = seat(state, 0)
    assert "public_works" in s["tableau"] and s["devs"] == [14]
    assert s["citizenry"] == ["red"] and s["dev_dice"] == ["white"]
    assert 0 not in [p["seat"] for p in RULES.prompts(state)]


def test_dice_all_of_one_colour_complete_a_tile_without_a_question() -> None:
    state = table(devs=[40, 14], dev_dice=["white", "white"])
    state = start_phases(state, [{}], ["develop"])
    s = seat(state, 0)
    assert "public_works" in s["tableau"] and s["dev_dice"] == ["white"] and s["pend"] is None


def test_exactly_enough_dice_of_two_colours_ask_nothing() -> None:
    # Spice World (cost 2) with exactly 2 dice: every die completes it
    state = table(worlds=[7, 45], world_dice=["white", "red"])
    state = start_phases(state, [{}], ["settle"])
    s = seat(state, 0)
    assert "spice_world" in s["tableau"] and s["world_dice"] == [] and s["pend"] is None


# ---- "may send up to 2 of its workers to the cup" (Galactic Federation / Exchange) ----------

def test_galactic_exchange_asks_how_many_settlers_go_to_the_cup() -> None:
    # Radioactive World (brown 2): its brown die goes to the cup after the choice
    state = table(worlds=[12], tableau=[*BASE, "galactic_exchange"])
    state = start_phases(state, [{"settle": ["red", "red"]}], ["settle"])
    for _ in range(2):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert prompt_of(state, 0)["msg"]["key"] == "roll_for_the_galaxy.ask.to_cup"
    assert options(state, 0) == [{"type": "to_cup", "dice": ["red", "red"]},
                                 {"type": "to_cup", "dice": ["red"]},
                                 {"type": "to_cup", "dice": []}]
    state, _ = play(state, 0, {"type": "to_cup", "dice": ["red"]})
    s = seat(state, 0)
    assert s["cup"] == ["red", "brown"] and s["citizenry"] == ["red"]


def test_new_galactic_order_goes_first_then_exchange_chooses_among_the_rest() -> None:
    # Spice World (blue 2) settled by a red and a white die: red to the cup by force,
    # the white one by choice (up to 2, only one left)
    state = table(worlds=[7], tableau=[*BASE, "new_galactic_order", "galactic_exchange"])
    state = start_phases(state, [{"settle": ["red", "white"]}], ["settle"])
    for die in ("red", "white"):
        state, _ = play(state, 0, {"type": "build", "die": die})
    assert options(state, 0) == [{"type": "to_cup", "dice": ["white"]},
                                 {"type": "to_cup", "dice": []}]
    state, _ = play(state, 0, {"type": "to_cup", "dice": []})
    s = seat(state, 0)
    assert sorted(s["cup"]) == ["blue", "red"] and s["citizenry"] == ["white"]


def test_without_the_power_no_question_follows_a_completion() -> None:
    state = table(worlds=[12])
    state = start_phases(state, [{"settle": ["red", "red"]}], ["settle"])
    for _ in range(2):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["citizenry"] == ["red", "red"] and seat(state, 0)["pend"] is None


# ---- Advanced Logistics during the whole Explore (FAQ) ------------------------------------

def _logistics(**mine: Any) -> dict[str, Any]:
    return table(**{"devs": [40, 14], "worlds": [7], "tableau": [*BASE, "advanced_logistics"],
                    **mine})


def test_advanced_logistics_works_with_no_explorer_until_the_owner_is_done() -> None:
    state = start_phases(_logistics(), [{}], ["explore"])
    assert options(state, 0)[0] == {"type": "rearranged"}
    flip = {"type": "rearrange", "stack": "devs", "pos": 1, "to": "worlds", "top": True}
    state, _ = play(state, 0, flip)
    assert seat(state, 0)["worlds"] == [14, 7]
    state, _ = play(state, 0, {"type": "rearranged"})
    assert 0 not in [p["seat"] for p in RULES.prompts(state)]


def test_advanced_logistics_stays_open_after_the_last_explorer() -> None:
    state = start_phases(_logistics(), [{"explore": ["white"]}], ["explore"])
    state, _ = play(state, 0, {"type": "stock", "die": "white", "virtual": False})
    assert {"type": "rearranged"} in options(state, 0)
    assert not any(a["type"] in ("scout", "stock") for a in options(state, 0))


def test_advanced_logistics_with_no_construction_tile_asks_nothing() -> None:
    state = table(tableau=[*BASE, "advanced_logistics"])
    state = start_phases(state, [{}], ["explore"])
    assert 0 not in [p["seat"] for p in RULES.prompts(state)]


def test_alien_research_teams_tile_comes_after_advanced_logistics_is_done() -> None:
    state = _logistics(tableau=[*BASE, "advanced_logistics", "alien_research_team"])
    state = start_phases(state, [{}, {"explore": ["white"]}], ["explore"])
    state, _ = play(state, 1, {"type": "stock", "die": "white", "virtual": False})
    assert seat(state, 0)["pend"] is None  # the extra tile waits for the owner to be done
    state, events = play(state, 0, {"type": "rearranged"})
    assert seat(state, 0)["pend"]["kind"] == "place"
    drew = [e for e in events if e["msg"]["key"] == "roll_for_the_galaxy.ev.drew_tile"]
    assert len(drew) == 1 and drew[0]["to"] == [0]  # the extra tile is the drawer's own too
    assert not any(a["type"] == "rearrange" for a in options(state, 0))


# ---- the bag runs short while Scouting (FAQ, Explore) ---------------------------------------

def _short_bag() -> dict[str, Any]:
    """An empty bag; seat 0 (3 tiles) scouts; seat 1 holds 3 construction tiles, seat 2 two."""
    state = table(3, devs=[40, 14], worlds=[7])
    seat(state, 1).update(devs=[16, 17], worlds=[45])
    state["bag"] = []
    return start_phases(state, [{"explore": ["white"]}, {}, {}], ["explore"])


def _asked(state: dict[str, Any]) -> list[int]:
    return sorted(p["seat"] for p in RULES.prompts(state))


def test_short_bag_players_with_three_tiles_give_one_back_then_the_scout_draws() -> None:
    state = _short_bag()
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "discard", "stack": "devs", "pos": 0})
    state, _ = play(state, 0, {"type": "draw"})  # 2 wanted: only the discard is there
    assert seat(state, 0)["pend"]["tiles"] == [40]
    state, events = play(state, 0, {"type": "place_tile", "tile": 0, "as": "development",
                                    "top": False})
    assert [e["msg"]["key"] for e in events] == ["roll_for_the_galaxy.ev.bag_short"]
    # seats 0 and 1 hold 3 tiles each, seat 2 only 2: both 3s asked at once, nobody else
    assert _asked(state) == [0, 1]
    assert {a["type"] for a in options(state, 0)} == {"give_back"}
    assert RULES.view(state, 2)["seats"][1]["owes_tile"] is True
    state, _ = play(state, 1, {"type": "give_back", "stack": "devs", "pos": 0})
    assert _asked(state) == [0] and sorted(state["bag"]) == [16]
    state, events = play(state, 0, {"type": "give_back", "stack": "worlds", "pos": 0})
    drawn = seat(state, 0)["pend"]["tiles"]
    assert len(drawn) == 1 and drawn[0] in (7, 16) and len(state["bag"]) == 1
    assert all(e["to"] is None and "rfside" not in str(e["msg"]["params"])
               for e in events if e["msg"]["key"] == "roll_for_the_galaxy.ev.gave_back")
    keys = [e["msg"]["key"] for e in events]
    assert keys == ["roll_for_the_galaxy.ev.gave_back", "roll_for_the_galaxy.ev.scout_more",
                    "roll_for_the_galaxy.ev.drew_tile"]
    assert events[-1]["to"] == [0]
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "world", "top": False})
    assert state["phase"] != "explore" or not _asked(state)


def test_short_bag_with_nobody_at_three_tiles_the_scout_gets_what_there_was() -> None:
    state = table(2, devs=[40], worlds=[7])  # 2 tiles; seat 1 holds 2 as well
    state["bag"] = []
    state = start_phases(state, [{"explore": ["white"]}, {}], ["explore"])
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "discard", "stack": "devs", "pos": 0})
    state, _ = play(state, 0, {"type": "draw"})
    state, events = play(state, 0, {"type": "place_tile", "tile": 0, "as": "development",
                                    "top": False})
    assert events == [] or all(e["msg"]["key"] != "roll_for_the_galaxy.ev.bag_short"
                               for e in events)
    assert seat(state, 0)["devs"] == [40] and not any(s.get("owes_tile")
                                                      for s in state["seats"])


def test_smart_bot_gives_back_its_dearest_covered_tile() -> None:
    state = _short_bag()
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "discard", "stack": "devs", "pos": 0})
    state, _ = play(state, 0, {"type": "draw"})
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "development",
                               "top": False})
    smart = next(b for b in RULES.bots() if b.name == "smart")
    answer = smart.answer(RULES.view(state, 1), [prompt_of(state, 1)], random.Random(1))
    # seat 1, no dice on its stacks: Galactic Reserves (6) over Export Duties (2), and
    # Transport Hub (4)
    assert answer == {"type": "give_back", "stack": "devs", "pos": 0}


def test_in_sequential_explore_advanced_logistics_keeps_the_owners_turn_until_done() -> None:
    state = _logistics()
    state["bag"] = state["bag"][:1]  # fewer than 2 tiles per explorer: one seat at a time
    state = start_phases(state, [{"explore": ["white"]}, {"explore": ["white"]}], ["explore"])
    assert state["sequential"] is True
    if state["order"][0] != 0:  # the other seat's turn first: no rearranging meanwhile
        assert _asked(state) == [1]
        state, _ = play(state, 1, {"type": "stock", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "stock", "die": "white", "virtual": False})
    assert _asked(state) == [0] and {"type": "rearranged"} in options(state, 0)
    state, _ = play(state, 0, {"type": "rearranged"})
    assert 0 not in _asked(state)
