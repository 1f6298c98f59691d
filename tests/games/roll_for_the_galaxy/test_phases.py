"""The five phases (RG-7.5), Manage (RG-7.6), the end and scoring (RG-8, RG-9): a scenario per
rule, numbers at their boundaries, and the tile powers of each kind."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import side
from app.games.roll_for_the_galaxy.manage import final_result, score
from app.games.roll_for_the_galaxy.rules import RULES
from tests.games.roll_for_the_galaxy.helpers import (
    finish_manage,
    give,
    idle,
    new,
    options,
    play,
    prompt_of,
    seat,
    start_phases,
)

BASE = ["space_piracy", "hidden_fortress", "new_sparta"]  # a grey home, no goods


def table(n: int = 2, **mine: Any) -> dict[str, Any]:
    """Seats with nothing but the base tiles and $1; seat 0 gets `mine`. The others hold a
    tile in each stack, an empty world and a good, so that a worker of theirs in any phase
    keeps that phase open while seat 0's scenario plays."""
    state = new(n, 7)
    idle(state)
    for i in range(n):
        give(state, i, tableau=[*BASE, "new_vinland", "asteroid_belt"], credits=1, vp=0,
             devs=[14], worlds=[45], goods={"new_vinland": ["blue"]})
    give(state, 0, **{"tableau": list(BASE), "devs": [], "worlds": [], "goods": {}, **mine})
    return state


# ---- Explore ---------------------------------------------------------------------------

@pytest.mark.parametrize(("credits", "after"), [(1, 3), (8, 10), (9, 10), (10, 10)])
def test_stock_pays_two_up_to_ten(credits: int, after: int) -> None:
    state = start_phases(table(credits=credits), [{"explore": ["white"]}], ["explore"])
    state, _ = play(state, 0, {"type": "stock", "die": "white", "virtual": False})
    assert seat(state, 0)["credits"] == after
    assert seat(state, 0)["citizenry"] == ["white"]  # a used explorer goes to the citizenry


def test_alien_archaeology_stocks_four_with_a_yellow_explorer() -> None:
    state = table(credits=1, tableau=[*BASE, "alien_archaeology"])
    state = start_phases(state, [{"explore": ["white", "yellow"]}], ["explore"])
    assert powers.stock_credits(seat(state, 0), "yellow") == 4
    state, _ = play(state, 0, {"type": "stock", "die": "yellow", "virtual": False})
    assert seat(state, 0)["credits"] == 5
    state, _ = play(state, 0, {"type": "stock", "die": "white", "virtual": False})
    assert seat(state, 0)["credits"] == 7


def test_scout_discards_k_and_draws_k_plus_one_to_the_bottom() -> None:
    state = table(devs=[40], worlds=[4])
    state = start_phases(state, [{"explore": ["white"]}], ["explore"])
    bag = len(state["bag"])
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "discard", "stack": "devs", "pos": 0})
    assert {"type": "draw"} in options(state, 0)
    state, events = play(state, 0, {"type": "draw"})
    drawn = seat(state, 0)["pend"]["tiles"]
    assert len(drawn) == 2 and len(state["bag"]) == bag - 2
    # no top placement without Improved Reconnaissance
    assert all(a["top"] is False for a in options(state, 0))
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "world", "top": False})
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "development",
                               "top": False})
    s = seat(state, 0)
    assert s["worlds"] == [4, drawn[0]] and s["devs"] == [drawn[1]]
    state, _ = play(state, 1, {"type": "stock", "die": "white", "virtual": False})
    # the end of Explore: the discard is back in the bag
    assert 40 in state["bag"] and len(state["bag"]) == bag - 1


def test_improved_reconnaissance_may_put_a_scouted_tile_on_top() -> None:
    state = table(worlds=[4], tableau=[*BASE, "improved_reconnaissance"])
    state = start_phases(state, [{"explore": ["white"]}], ["explore"])
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "draw"})
    number = seat(state, 0)["pend"]["tiles"][0]
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "world", "top": True})
    assert seat(state, 0)["worlds"] == [number, 4]


def test_major_research_lab_explores_with_no_die() -> None:
    state = table(tableau=[*BASE, "major_research_lab"])
    state = start_phases(state, [{}], ["explore"])
    assert {"type": "stock", "die": "white", "virtual": True} in options(state, 0)
    state, _ = play(state, 0, {"type": "stock", "die": "white", "virtual": True})
    assert seat(state, 0)["credits"] == 3 and seat(state, 0)["citizenry"] == []


def test_alien_research_team_draws_after_everyone_and_pays_for_a_yellow_scout() -> None:
    state = table(tableau=[*BASE, "alien_research_team"])
    state = start_phases(state, [{"explore": ["yellow"]},
                                 {"explore": ["white"], "develop": ["white"]}],
                         ["explore", "develop"])
    state, _ = play(state, 0, {"type": "scout", "die": "yellow", "virtual": False})
    state, _ = play(state, 0, {"type": "draw"})
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "world", "top": False})
    assert seat(state, 0)["pend"] is None
    state, _ = play(state, 1, {"type": "stock", "die": "white", "virtual": False})
    # everyone done: the extra tile, to be placed before Explore ends
    assert seat(state, 0)["pend"]["kind"] == "place"
    assert state["phase"] == "explore" and seat(state, 1)["pend"] is None
    state, _ = play(state, 0, {"type": "place_tile", "tile": 0, "as": "development",
                               "top": False})
    assert len(seat(state, 0)["devs"]) == 1 and len(seat(state, 0)["worlds"]) == 1
    assert seat(state, 0)["credits"] == 2  # +$1: scouted with a yellow explorer


def test_explore_goes_one_seat_at_a_time_when_the_bag_runs_low() -> None:
    state = table()
    state["bag"], spare = state["bag"][:3], state["bag"][3:]
    state["seats"][1]["devs"] = spare
    state = start_phases(state, [{"explore": ["white"]}, {"explore": ["white"]}], ["explore"])
    assert state["sequential"] is True
    first = state["order"][0]
    assert [p["seat"] for p in _prompts(state)] == [first]


def _prompts(state: dict[str, Any]) -> list[dict[str, Any]]:
    from app.games.roll_for_the_galaxy.rules import RULES
    return RULES.prompts(state)


# ---- Develop and Settle --------------------------------------------------------------------

def test_developers_complete_at_cost_and_the_rest_go_on_the_next_tile() -> None:
    # Public Works (1), then Investment Credits (4)
    state = table(devs=[40, 14])
    state = start_phases(state, [{"develop": ["white", "red"]}], ["develop"])
    state, events = play(state, 0, {"type": "build", "die": "white"})
    s = seat(state, 0)
    assert "public_works" in s["tableau"] and s["citizenry"] == ["white"]
    assert s["devs"] == [14]
    state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["dev_dice"] == ["red"]  # waits on Investment Credits


def test_workers_with_no_tile_go_back_to_the_cup() -> None:
    state = table(devs=[40])
    state = start_phases(state, [{"develop": ["white", "red"]}], ["develop"])
    state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["cup"] == ["white"] and seat(state, 0)["citizenry"] == ["red"]


def test_public_works_pays_for_each_later_development_in_its_own_phase() -> None:
    # Public Works (1), Advanced Logistics (1), Jumpdrive Research (1)
    state = table(devs=[40, 32, 23], credits=1)
    state = start_phases(state, [{"develop": ["white"] * 3}], ["develop"])
    for _ in range(3):
        state, _ = play(state, 0, {"type": "build", "die": "white"})
    assert seat(state, 0)["credits"] == 3


@pytest.mark.parametrize(("tableau", "number", "kind", "need"), [
    ([], 14, "development", 4),
    (["investment_credits"], 14, "development", 3),
    (["investment_credits"], 40, "development", 1),      # never below 1
    (["biological_adaptation"], 54, "development", 1),   # reassign developments only
    (["biological_adaptation"], 40, "development", 1),
    (["biological_adaptation"], 14, "development", 4),
    (["replicant_robots"], 7, "world", 1),
    (["free_trade_zone"], 45, "world", 2),               # grey 4 -> 2
    (["free_trade_zone"], 33, "world", 2),               # grey 3 -> 2
    (["free_trade_zone"], 5, "world", 2),                # grey 2 stays 2
    (["free_trade_zone", "replicant_robots"], 45, "world", 1),
    (["free_trade_zone", "replicant_robots"], 33, "world", 1),
    (["alien_uplift_blueprints"], 49, "world", 2),       # brown: no discount? see below
])
def test_discounts_and_their_floors(tableau: list[str], number: int, kind: str,
                                    need: int) -> None:
    from app.games.roll_for_the_galaxy.components import tile
    s = table(tableau=[*BASE, *tableau])["seats"][0]
    target = tile(number).side(kind)  # type: ignore[arg-type]
    expected = target.cost if tableau == ["alien_uplift_blueprints"] else need
    assert powers.workers_needed(s, target) == expected


def test_alien_uplift_blueprints_discounts_green_and_yellow_worlds() -> None:
    from app.games.roll_for_the_galaxy.components import tile
    s = table(tableau=[*BASE, "alien_uplift_blueprints"])["seats"][0]
    assert powers.workers_needed(s, tile(47).world) == 3  # green 4
    assert powers.workers_needed(s, tile(36).world) == 3  # yellow 4
    assert powers.workers_needed(s, tile(49).world) == 3  # brown 3: none


def test_a_settled_world_gives_its_die() -> None:
    # Spice World (blue 2): a blue die to the cup
    state = table(worlds=[7])
    state = start_phases(state, [{"settle": ["red", "red"]}], ["settle"])
    state, _ = play(state, 0, {"type": "build", "die": "red"})
    state, events = play(state, 0, {"type": "build", "die": "red"})
    s = seat(state, 0)
    assert "spice_world" in s["tableau"] and s["cup"] == ["blue"]
    assert s["citizenry"] == ["red", "red"]
    assert any(e["msg"]["key"] == "roll_for_the_galaxy.ev.complete" for e in events)


def test_a_world_that_gives_a_good_gets_one_of_its_colour() -> None:
    # Galactic Resort (tile 41, blue 3): a blue good
    state = table(worlds=[41])
    state = start_phases(state, [{"settle": ["red"] * 3}], ["settle"])
    for _ in range(3):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["goods"] == {"galactic_resort": ["blue"]}


def test_removing_a_die_comes_first_and_is_the_owners_choice() -> None:
    # Former Penal Colony (blue 1): remove one of your dice, then a red die to the cup
    state = table(worlds=[4], citizenry=["green"])
    state = start_phases(state, [{"settle": ["white"]}], ["settle"])
    state, _ = play(state, 0, {"type": "build", "die": "white"})
    p = prompt_of(state, 0)
    assert p["msg"]["key"] == "roll_for_the_galaxy.ask.remove"
    choices = options(state, 0)
    assert {"type": "remove", "from": "citizenry", "die": "green"} in choices
    assert seat(state, 0)["cup"] == []  # nothing added before the removal
    supply = state["supply"]["green"]
    state, _ = play(state, 0, {"type": "remove", "from": "citizenry", "die": "green"})
    s = seat(state, 0)
    assert s["citizenry"] == ["white"] and s["cup"] == ["red"]
    assert state["supply"]["green"] == supply + 1


def test_a_tile_filled_during_explore_completes_when_develop_starts() -> None:
    state = table(devs=[40], dev_dice=["white"])
    state = start_phases(state, [{}], ["develop"])
    assert "public_works" in seat(state, 0)["tableau"]


def test_galactic_federation_sends_two_developers_of_a_later_development_to_the_cup() -> None:
    state = table(devs=[14], tableau=[*BASE, "galactic_federation"])
    state = start_phases(state, [{"develop": ["white", "white", "red", "red"]}], ["develop"])
    for die in ("white", "white", "red", "red"):
        state, _ = play(state, 0, {"type": "build", "die": die})
    # "may send up to 2": the owner chooses, the most first (DECISIONS.md)
    assert options(state, 0) == [
        {"type": "to_cup", "dice": ["red", "red"]}, {"type": "to_cup", "dice": ["red", "white"]},
        {"type": "to_cup", "dice": ["white", "white"]}, {"type": "to_cup", "dice": ["red"]},
        {"type": "to_cup", "dice": ["white"]}, {"type": "to_cup", "dice": []}]
    state, _ = play(state, 0, {"type": "to_cup", "dice": ["red", "white"]})
    s = seat(state, 0)
    assert sorted(s["cup"]) == ["red", "white"] and sorted(s["citizenry"]) == ["red", "white"]
    assert s["pend"] is None


def test_new_galactic_order_sends_red_settlers_to_the_cup() -> None:
    state = table(worlds=[7], tableau=[*BASE, "new_galactic_order"])
    state = start_phases(state, [{"settle": ["red", "white"]}], ["settle"])
    state, _ = play(state, 0, {"type": "build", "die": "red"})
    state, _ = play(state, 0, {"type": "build", "die": "white"})
    s = seat(state, 0)
    assert sorted(s["cup"]) == ["blue", "red"] and s["citizenry"] == ["white"]


def test_terraforming_robots_pays_per_world_and_more_for_brown() -> None:
    # Radioactive World (tile 12, brown 2)
    state = table(worlds=[12], tableau=[*BASE, "terraforming_robots"], credits=1)
    state = start_phases(state, [{"settle": ["red", "red"]}], ["settle"])
    for _ in range(2):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["credits"] == 3


# ---- Produce and Ship ----------------------------------------------------------------------

def test_producers_go_one_to_a_coloured_world_and_the_rest_to_the_cup() -> None:
    state = table(tableau=[*BASE, "spice_world", "radioactive_world"])
    state = start_phases(state, [{"produce": ["white", "white", "blue"]}], ["produce"])
    worlds = {a["world"] for a in options(state, 0)}
    assert worlds == {"spice_world", "radioactive_world"}  # never a grey world
    state, _ = play(state, 0, {"type": "produce", "die": "white", "world": "spice_world"})
    assert {a["world"] for a in options(state, 0)} == {"radioactive_world"}
    state, _ = play(state, 0, {"type": "produce", "die": "blue", "world": "radioactive_world"})
    s = seat(state, 0)
    assert s["goods"] == {"spice_world": ["white"], "radioactive_world": ["blue"]}
    assert s["cup"] == ["white"]


def test_galactic_reserves_lets_a_world_hold_two_goods() -> None:
    state = table(tableau=[*BASE, "spice_world", "galactic_reserves"])
    state = start_phases(state, [{"produce": ["white", "white", "white"]}], ["produce"])
    for _ in range(2):
        state, _ = play(state, 0, {"type": "produce", "die": "white", "world": "spice_world"})
    assert seat(state, 0)["goods"]["spice_world"] == ["white", "white"]
    assert seat(state, 0)["cup"] == ["white"]


@pytest.mark.parametrize(("world", "price"), [("spice_world", 3), ("radioactive_world", 4),
                                              ("uplift_overseers", 5),
                                              ("alien_robot_scout_ship", 6)])
def test_trade_pays_by_the_worlds_colour(world: str, price: int) -> None:
    state = table(tableau=[*BASE, world], goods={world: ["white"]}, credits=1)
    state = start_phases(state, [{"ship": ["white"]}], ["ship"])
    state, _ = play(state, 0, {"type": "ship", "die": "white", "virtual": False,
                               "world": world, "good": "white", "how": "trade"})
    s = seat(state, 0)
    assert s["credits"] == 1 + price and s["citizenry"] == ["white", "white"]
    assert s["goods"] == {}


@pytest.mark.parametrize(("good", "shipper", "vp"), [
    ("white", "white", 1), ("blue", "white", 2), ("white", "blue", 2), ("blue", "blue", 3),
    ("purple", "purple", 3), ("purple", "white", 2), ("red", "purple", 2)])
def test_consume_scores_one_plus_a_vp_per_matching_die(good: str, shipper: str,
                                                       vp: int) -> None:
    state = table(tableau=[*BASE, "spice_world"], goods={"spice_world": [good]})
    pool = state["vp_pool"]
    state = start_phases(state, [{"ship": [shipper]}], ["ship"])
    state, _ = play(state, 0, {"type": "ship", "die": shipper, "virtual": False,
                               "world": "spice_world", "good": good, "how": "consume"})
    assert seat(state, 0)["vp"] == vp and state["vp_pool"] == pool - vp


def test_shippers_without_goods_go_back_to_the_cup() -> None:
    state = table(tableau=[*BASE, "spice_world"], goods={"spice_world": ["blue"]})
    state = start_phases(state, [{"ship": ["blue", "white"]}], ["ship"])
    state, _ = play(state, 0, {"type": "ship", "die": "blue", "virtual": False,
                               "world": "spice_world", "good": "blue", "how": "consume"})
    assert seat(state, 0)["cup"] == ["white"]


def test_ship_bonuses_per_good() -> None:
    s = table(tableau=[*BASE, "export_duties", "galactic_demand", "trade_levies",
                       "space_refineries", "mining_industry"])["seats"][0]
    assert powers.trade_credits(s, side("spice_world")) == 3 + 1 + 2
    assert powers.trade_credits(s, side("radioactive_world")) == 4 + 1
    assert powers.consume_gains(s, side("radioactive_world"), "white", "white") == (2, 2)
    assert powers.consume_gains(s, side("spice_world"), "white", "white") == (1, 1)


def test_galactic_bankers_buys_a_vp_after_a_trade() -> None:
    state = table(tableau=[*BASE, "spice_world", "galactic_bankers"],
                  goods={"spice_world": ["blue"]}, credits=1)
    state = start_phases(state, [{"ship": ["white"]}], ["ship"])
    state, _ = play(state, 0, {"type": "ship", "die": "white", "virtual": False,
                               "world": "spice_world", "good": "blue", "how": "trade_buy"})
    assert seat(state, 0)["credits"] == 1 + 3 - 1 and seat(state, 0)["vp"] == 1


def test_emptying_the_pool_ends_the_game_after_the_round() -> None:
    state = table(tableau=[*BASE, "spice_world"], goods={"spice_world": ["blue"]})
    state["vp_pool"] = 2
    state = start_phases(state, [{"ship": ["blue"]}, {}], ["ship"])
    state, _ = play(state, 0, {"type": "ship", "die": "blue", "virtual": False,
                               "world": "spice_world", "good": "blue", "how": "consume"})
    assert seat(state, 0)["vp"] == 3 and state["vp_pool"] == 0  # the full award (B4)
    assert state["pool_emptied"]
    # Manage still happens, then the game ends
    state = finish_manage(state)
    assert state["step"] == "over" and state["result"] is not None


# ---- income at the end of a phase ----------------------------------------------------------

def test_phase_income_is_paid_at_the_end_of_the_phase() -> None:
    state = table(tableau=[*BASE, "merchant_guild"], credits=1)
    state = start_phases(state, [{}, {}], ["produce"])
    assert seat(state, 0)["credits"] == 3


@pytest.mark.parametrize(("reds", "paid"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_space_piracy_pays_per_two_red_citizens_rounded_up(reds: int, paid: int) -> None:
    state = table(citizenry=["red"] * reds, credits=1)
    assert powers.phase_income(state, seat(state, 0), "ship") == (paid, 0)


def test_technology_unions_pays_only_the_one_with_most_developments() -> None:
    state = table(tableau=[*BASE, "technology_unions"])
    assert powers.phase_income(state, seat(state, 0), "explore") == (1, 0)
    give(state, 1, tableau=[*BASE, "public_works"])
    assert powers.phase_income(state, seat(state, 0), "explore") == (0, 0)


def test_space_tourism_needs_every_costliest_world() -> None:
    state = table(tableau=[*BASE, "space_tourism", "deserted_alien_library"])
    assert powers.phase_income(state, seat(state, 0), "ship") == (2, 0)
    give(state, 1, tableau=[*BASE, "alien_sentinels"])
    assert powers.phase_income(state, seat(state, 0), "ship") == (1, 0)


def test_genetics_lab_counts_green_dice_as_goods() -> None:
    state = table(tableau=[*BASE, "genetics_lab", "spice_world", "uplift_overseers"],
                  goods={"spice_world": ["green"], "uplift_overseers": ["white"]})
    assert powers.phase_income(state, seat(state, 0), "produce") == (2, 0)


# ---- Manage -----------------------------------------------------------------------------

def _to_manage(state: dict[str, Any]) -> dict[str, Any]:
    return start_phases(state, [{} for _ in state["seats"]], [])


@pytest.mark.parametrize(("credits", "citizens", "cup", "left"), [
    (3, 3, 3, 1), (4, 3, 3, 1), (5, 3, 3, 2), (1, 0, 0, 1)])
def test_recruit_pays_a_die_each_and_zero_becomes_one(credits: int, citizens: int, cup: int,
                                                      left: int) -> None:
    state = table(credits=credits, citizenry=["white"] * citizens)
    state = _to_manage(state)
    s = seat(state, 0)
    assert len(s["cup"]) == cup and s["credits"] == left


def test_recruit_short_of_credits_picks_which_dice() -> None:
    state = table(credits=2, citizenry=["white", "red", "blue"])
    state = _to_manage(state)
    p = prompt_of(state, 0)
    assert p["pick"] == {"min": 2, "max": 2}
    state, _ = play(state, 0, {"type": "pick", "picked": [
        {"type": "recruit", "die": "red"}, {"type": "recruit", "die": "blue"}]})
    s = seat(state, 0)
    assert sorted(s["cup"]) == ["blue", "red"] and s["citizenry"] == ["white"]
    assert s["credits"] == 1


def test_an_empty_cup_must_reclaim_one() -> None:
    state = table(devs=[14], dev_dice=["red"], tableau=[*BASE, "spice_world"],
                  goods={"spice_world": ["blue"]})
    state = _to_manage(state)
    p = prompt_of(state, 0)
    assert p["pick"] == {"min": 1, "max": 2}
    state, _ = play(state, 0, {"type": "pick", "picked": [
        {"type": "reclaim", "from": "good:spice_world", "die": "blue"}]})
    assert seat(state, 0)["cup"] == ["blue"] and seat(state, 0)["goods"] == {}


# ---- end and scoring ----------------------------------------------------------------------

TWELVE = [*BASE, "spice_world", "radioactive_world", "public_works", "gem_world",
          "space_port", "asteroid_belt", "pirate_world", "new_vinland"]


@pytest.mark.parametrize(("tiles", "ends"), [(11, False), (12, True)])
def test_twelve_tiles_end_the_game(tiles: int, ends: bool) -> None:
    tableau = [*TWELVE, "star_nomad_lair"][:tiles]
    state = table(tableau=tableau, cup=["white"])
    state = finish_manage(_to_manage(state))
    assert (state["step"] == "over") is ends


def test_score_is_chips_costs_and_six_plus_bonuses() -> None:
    state = table(tableau=[*BASE, "galactic_federation", "public_works", "new_galactic_order"],
                  vp=4, cup=["red"] * 4)
    sc = score(seat(state, 0))
    # costs: 0 + 2 + 2 + 6 + 1 + 6 = 17; Federation ⌈(0+6+1+6)/3⌉ = 5; Order 2 × ⌈4/3⌉ = 4
    assert sc == {"chips": 4, "tiles": 17, "bonus": 9, "total": 30, "tiebreak": 5}


@pytest.mark.parametrize(("chips", "bonus"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3),
                                               (10, 4)])
def test_galactic_renaissance_triangular(chips: int, bonus: int) -> None:
    s = table(tableau=["galactic_renaissance"], vp=chips)["seats"][0]
    assert powers.end_bonus(s, side("galactic_renaissance")) == bonus


def test_tiebreak_counts_cup_dice_and_credits_then_shares_the_win() -> None:
    state = table(tableau=list(BASE), cup=["white"], credits=3)
    give(state, 1, tableau=list(BASE), cup=["white", "white"], credits=1)
    assert final_result(state)["winners"] == [0]
    give(state, 1, credits=2)
    assert final_result(state)["winners"] == [0, 1]


def test_advanced_logistics_reorders_and_flips_construction_tiles() -> None:
    state = table(devs=[40, 14], worlds=[7], tableau=[*BASE, "advanced_logistics"])
    state = start_phases(state, [{"explore": ["white"]}], ["explore"])
    flip = {"type": "rearrange", "stack": "devs", "pos": 1, "to": "worlds", "top": True}
    assert flip in options(state, 0)
    # a tile already at the bottom of its own stack stays where it is
    assert {"type": "rearrange", "stack": "devs", "pos": 1, "to": "devs", "top": False} \
        not in options(state, 0)
    state, _ = play(state, 0, flip)
    assert seat(state, 0)["devs"] == [40] and seat(state, 0)["worlds"] == [14, 7]
    assert RULES.view(state, 1)["seats"][0]["worlds"]["top"] == "galactic_survey_headquarters"


def test_without_advanced_logistics_nothing_is_rearranged() -> None:
    state = table(devs=[40, 14])
    state = start_phases(state, [{"explore": ["white"]}], ["explore"])
    assert not any(a["type"] == "rearrange" for a in options(state, 0))


def test_a_world_that_pays_credits_and_gives_a_die() -> None:
    # Distant World (tile 28, green 4): +$1 and a green die to the cup
    state = table(worlds=[28], credits=1)
    state = start_phases(state, [{"settle": ["red"] * 4}], ["settle"])
    for _ in range(4):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["credits"] == 2 and seat(state, 0)["cup"] == ["green"]


def test_galactic_recycling_pays_for_later_worlds_and_developments() -> None:
    state = table(worlds=[7], devs=[40], tableau=[*BASE, "galactic_recycling"], credits=1)
    state = start_phases(state, [{"develop": ["white"], "settle": ["red", "red"]}],
                         ["develop", "settle"])
    state, _ = play(state, 0, {"type": "build", "die": "white"})
    assert seat(state, 0)["credits"] == 2
    state, _ = play(state, 1, {"type": "build", "die": "white"})  # the other seat's developer
    for _ in range(2):
        state, _ = play(state, 0, {"type": "build", "die": "red"})
    assert seat(state, 0)["credits"] == 3


def test_galactic_salon_takes_a_vp_chip_at_the_end_of_ship() -> None:
    state = table(tableau=[*BASE, "galactic_salon"])
    pool = state["vp_pool"]
    state = start_phases(state, [{}, {}], ["ship"])
    assert seat(state, 0)["vp"] == 1 and state["vp_pool"] == pool - 1


@pytest.mark.parametrize(("power", "goods", "paid"), [
    ("consumer_markets", {"spice_world": ["white"], "radioactive_world": ["blue"]}, 1),
    ("mining_league", {"spice_world": ["white"], "radioactive_world": ["blue"]}, 1),
    ("consumer_markets", {}, 0)])
def test_income_per_good_on_worlds_of_a_colour(power: str, goods: dict[str, list[str]],
                                               paid: int) -> None:
    state = table(tableau=[*BASE, power, "spice_world", "radioactive_world"], goods=goods)
    assert powers.phase_income(state, seat(state, 0), "produce") == (paid, 0)


def test_organic_shipyards_ships_with_a_virtual_green_worker() -> None:
    state = table(tableau=[*BASE, "organic_shipyards", "uplift_overseers"],
                  goods={"uplift_overseers": ["green"]})
    state = start_phases(state, [{}], ["ship"])
    offered = {(a["die"], a["virtual"]) for a in options(state, 0)}
    assert offered == {("white", True), ("green", True)}
    state, _ = play(state, 0, {"type": "ship", "die": "green", "virtual": True,
                               "world": "uplift_overseers", "good": "green", "how": "consume"})
    s = seat(state, 0)
    assert s["vp"] == 3 and s["citizenry"] == ["green"]  # the good only: no die shipped it
    assert s["vwork"] == []  # nothing left to ship: the white worker is gone too


@pytest.mark.parametrize(("bonus", "fields", "vp"), [
    ("galactic_exchange", {"cup": ["white", "red"], "citizenry": ["white", "blue"]}, 3),
    ("galactic_bankers", {}, 2),      # itself and the faction's development
    ("mining_league", {}, 2),         # 2 VP per brown world: Radioactive World
    ("galactic_reserves", {"goods": {"radioactive_world": ["blue", "red"]}}, 2),
    ("free_trade_association", {}, 1),  # ⌈blue worlds' cost 2 / 2⌉ (Spice World)
    ("system_diversification", {}, 4),  # ⌈(6 + 2) / 2⌉ with Local Subsidies
    ("new_economy", {}, 2),           # developments without reassign: itself, Space Piracy
])
def test_six_plus_bonuses(bonus: str, fields: dict[str, Any], vp: int) -> None:
    extra = ["local_subsidies"] if bonus == "system_diversification" else []
    s = table(tableau=[*BASE, bonus, "spice_world", "radioactive_world", *extra],
              **fields)["seats"][0]
    assert powers.end_bonus(s, side(bonus)) == vp
