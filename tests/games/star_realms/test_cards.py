"""A scenario per card ability and per keyword (digest 10.1): each card put where it acts."""

from __future__ import annotations

import pytest

from app.games.star_realms.carddata import CARDS
from tests.games.star_realms.helpers import actions, board, do, ids, play, prompt, seat, uid_of

# trade, combat, authority each ship's primary gives when played alone
SHIP_GAINS = {
    "scout": (1, 0, 0), "viper": (0, 1, 0), "explorer": (2, 0, 0),
    "star_barge": (2, 0, 0), "lancer": (0, 4, 0), "falcon": (0, 2, 0), "gunship": (0, 5, 0),
    "aging_battleship": (0, 5, 0), "heavy_cruiser": (0, 4, 0),
    "emperors_dreadnaught": (0, 8, 0), "solar_skiff": (2, 0, 0), "trade_hauler": (3, 0, 0),
    "patrol_cutter": (2, 3, 0), "frontier_ferry": (3, 0, 4), "colony_seed_ship": (3, 3, 3),
    "peacekeeper": (0, 6, 6), "swarmer": (0, 3, 0), "predator": (0, 4, 0),
    "cargo_pod": (3, 0, 0), "ravager": (0, 6, 0), "moonwurm": (0, 8, 0),
    "leviathan": (0, 9, 0), "battle_bot": (0, 2, 0), "repair_bot": (2, 0, 0),
    "convoy_bot": (0, 4, 0), "mining_mech": (3, 0, 0), "mech_cruiser": (0, 6, 0),
    "the_wrecker": (0, 6, 0),
}
# base primaries that only gain, used at once when the base is played
BASE_GAINS = {
    "command_center": (2, 0, 0), "storage_silo": (0, 0, 2), "loyal_colony": (3, 3, 3),
    "stellar_reef": (1, 0, 0), "bioformer": (0, 3, 0), "plasma_vent": (0, 4, 0),
    "warning_beacon": (0, 2, 0),
}


def pools(state: dict, n: int = 0) -> tuple[int, int, int]:
    data = seat(state, n)
    return data["trade"], data["combat"], data["authority"] - 50


def test_every_ship_and_base_of_the_game_is_in_a_scenario_table_or_below() -> None:
    below = {"orbital_platform", "supply_depot", "imperial_palace", "central_station",
             "federation_shipyard", "factory_world", "parasite", "the_oracle", "stealth_tower",
             "frontier_station", "the_incinerator"}
    assert set(SHIP_GAINS) | set(BASE_GAINS) | below == set(CARDS)


@pytest.mark.parametrize("cid", sorted(SHIP_GAINS))
def test_a_ships_primary_gains(cid: str) -> None:
    state = board(hand0=[cid], row=["loyal_colony"] * 1 + ["scout"] * 0)
    state = play(state, cid)
    while prompt(state)["kind"] != "main":  # a "you may" of the primary: declined
        state = do(state, {"type": "done"})
    assert pools(state) == SHIP_GAINS[cid]


@pytest.mark.parametrize("cid", sorted(BASE_GAINS))
def test_a_bases_primary_that_only_gains_is_used_when_it_is_played(cid: str) -> None:
    state = play(board(hand0=[cid]), cid)
    assert pools(state) == BASE_GAINS[cid]
    assert ids(seat(state, 0)["bases"]) == [cid]


def test_draw_falcon_draws_the_top_card() -> None:
    state = board(hand0=["falcon"])
    top = seat(state, 0)["deck"][-1]
    state = play(state, "falcon")
    assert seat(state, 0)["hand"] == [top]


def test_opponent_discards_gunship_asks_the_opponent_which_card() -> None:
    state = play(board(hand0=["gunship"], hand1=["viper", "scout", "scout"]), "gunship")
    asked = prompt(state)
    assert (asked["seat"], asked["kind"]) == (1, "discard")
    assert [o["action"] for o in asked["options"]] == [
        {"type": "discard", "card": "viper"}, {"type": "discard", "card": "scout"}]
    state = do(state, {"type": "discard", "card": "scout"})
    assert ids(seat(state, 1)["discard"]) == ["scout"] and len(seat(state, 1)["hand"]) == 2
    assert prompt(state)["seat"] == 0


def test_opponent_discards_nothing_from_an_empty_hand() -> None:
    state = play(board(hand0=["gunship"]), "gunship")
    assert prompt(state)["kind"] == "main" and seat(state, 1)["discard"] == []


def test_opponent_discards_is_not_stopped_by_outposts() -> None:
    state = play(board(hand0=["gunship"], hand1=["scout"], bases1=["warning_beacon"]),
                 "gunship")
    assert prompt(state)["kind"] == "discard"


@pytest.mark.parametrize("cid, zones", [("battle_bot", ["hand"]), ("repair_bot", ["discard"]),
                                        ("convoy_bot", ["hand", "discard"])])
def test_scrap_from_hand_or_discard(cid: str, zones: list[str]) -> None:
    state = play(board(hand0=[cid, "viper"], discard0=["scout"]), cid)
    asked = actions(state)
    offered = {(a.get("card"), a.get("zone")) for a in asked}
    expect = {("viper", "hand"), ("scout", "discard")}
    assert offered == {e for e in expect if e[1] in zones} | {(None, None)}
    zone = zones[-1]
    card = "viper" if zone == "hand" else "scout"
    state = do(state, {"type": "scrap", "card": card, "zone": zone})
    assert ids(state["scrap_heap"]) == [card] and state["scrapped"] == 1
    assert prompt(state)["kind"] == "main", "up to 1"


def test_the_wrecker_scraps_up_to_two() -> None:
    state = play(board(hand0=["the_wrecker", "viper"], discard0=["scout", "scout"]),
                 "the_wrecker")
    state = do(state, {"type": "scrap", "card": "viper", "zone": "hand"})
    assert prompt(state)["kind"] == "scrap_from"
    state = do(state, {"type": "scrap", "card": "scout", "zone": "discard"})
    assert prompt(state)["kind"] == "main" and state["scrapped"] == 2


def test_a_card_scrapped_from_hand_does_not_use_its_own_scrap_ability() -> None:
    state = do(play(board(hand0=["battle_bot", "explorer"]), "battle_bot"),
               {"type": "scrap", "card": "explorer", "zone": "hand"})
    assert pools(state) == (0, 2, 0) and len(state["explorers"]) == 10


def test_swarmer_scraps_a_trade_row_card_and_the_row_refills() -> None:
    state = play(board(hand0=["swarmer"]), "swarmer")
    victim, top = state["trade_row"][2], state["trade_deck"][-1]
    state = do(state, {"type": "scrap", "card": victim})
    assert state["scrap_heap"] == [victim] and state["trade_row"][2] == top
    assert prompt(state)["kind"] == "main"


def test_ravager_scraps_a_second_card_after_seeing_the_refill() -> None:
    state = play(board(hand0=["ravager"]), "ravager")
    first = state["trade_row"][0]
    state = do(state, {"type": "scrap", "card": first})
    refill = state["trade_row"][0]
    assert {"type": "scrap", "card": refill} in actions(state)
    state = do(state, {"type": "scrap", "card": refill})
    assert state["scrap_heap"] == [first, refill] and prompt(state)["kind"] == "main"


def test_leviathan_may_destroy_a_base_but_outposts_come_first() -> None:
    state = play(board(hand0=["leviathan"], bases1=["bioformer", "warning_beacon"]),
                 "leviathan")
    bioformer, beacon = seat(state, 1)["bases"]
    offered = actions(state)
    assert {"type": "destroy", "seat": 1, "card": beacon} in offered
    assert {"type": "destroy", "seat": 1, "card": bioformer} not in offered
    assert {"type": "done"} in offered
    state = do(state, {"type": "destroy", "seat": 1, "card": beacon})
    assert seat(state, 1)["discard"] == [beacon] and seat(state, 0)["combat"] == 9


def test_mech_cruiser_ally_destroys_a_base_without_combat() -> None:
    state = board(hand0=["mech_cruiser"], bases0=["the_oracle"], bases1=["bioformer"])
    state = play(state, "mech_cruiser")
    cruiser = uid_of(state, 0, "ships", "mech_cruiser")
    state = do(state, {"type": "ability", "card": cruiser, "ability": "ally"})
    base = seat(state, 1)["bases"][0]
    assert actions(state) == [{"type": "destroy", "seat": 1, "card": base}], "mandatory"
    state = do(state, actions(state)[0])
    assert seat(state, 1)["bases"] == [] and seat(state, 0)["combat"] == 6 + 3


@pytest.mark.parametrize("cid", ["frontier_ferry", "plasma_vent"])
def test_scrap_to_destroy_a_base(cid: str) -> None:
    state = play(board(hand0=[cid], bases1=["stellar_reef"]), cid)
    uid = seat(state, 0)["ships" if cid == "frontier_ferry" else "bases"][0]
    state = do(state, {"type": "ability", "card": uid, "ability": "scrap"})
    state = do(state, actions(state)[0])
    assert seat(state, 1)["bases"] == [] and uid in state["scrap_heap"]


def test_a_destroy_with_no_base_to_target_asks_nothing() -> None:
    state = play(board(hand0=["frontier_ferry"]), "frontier_ferry")
    uid = seat(state, 0)["ships"][0]
    state = do(state, {"type": "ability", "card": uid, "ability": "scrap"})
    assert prompt(state)["kind"] == "main"


def test_frontier_station_chooses_trade_or_combat_and_says_so() -> None:
    state = play(board(hand0=["frontier_station"]), "frontier_station")
    station = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": station, "ability": "primary"})
    asked = prompt(state)
    assert asked["kind"] == "choose"
    assert [o["label"] for o in asked["options"]] == ["+2 Trade", "+3 Combat"]
    from app.core import act
    from app.games.star_realms.rules import RULES
    state, events = act(RULES, state, 0, {"type": "choose", "index": 1})
    assert pools(state) == (0, 3, 0)
    assert any(e["msg"]["key"] == "star_realms.ev.chose" and e["to"] is None for e in events)


def test_parasite_acquires_a_card_of_cost_6_or_less_for_free() -> None:
    state = play(board(hand0=["parasite"],
                       row=["peacekeeper", "loyal_colony", "lancer", "scout", "scout"][:3]
                       + ["predator", "bioformer"]), "parasite")
    state = do(state, {"type": "choose", "index": 1})
    offered = actions(state)
    row = state["trade_row"]
    assert {"type": "acquire", "card": row[0]} in offered, "cost 6"
    assert {"type": "acquire", "card": row[1]} not in offered, "cost 7"
    assert {"type": "acquire", "card": "explorer"} in offered
    state = do(state, {"type": "acquire", "card": row[0]})
    assert ids(seat(state, 0)["discard"]) == ["peacekeeper"] and pools(state) == (0, 0, 0)


def test_moonwurm_ally_takes_a_card_of_cost_2_or_less_into_the_hand() -> None:
    state = board(hand0=["moonwurm"], bases0=["stellar_reef"])
    state = play(state, "moonwurm")
    wurm = uid_of(state, 0, "ships", "moonwurm")
    state = do(state, {"type": "ability", "card": wurm, "ability": "ally"})
    assert all(a["card"] == "explorer" or a["card"] in state["trade_row"]
               for a in actions(state))
    state = do(state, {"type": "acquire", "card": "explorer"})
    assert "explorer" in ids(seat(state, 0)["hand"])


def test_federation_shipyard_ally_puts_the_next_acquired_card_on_top_of_the_deck() -> None:
    state = board(bases0=["federation_shipyard"], hand0=["trade_hauler"], trade0=2)
    state = play(state, "trade_hauler")
    yard = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": yard, "ability": "ally"})
    assert state["next_acquire"] == "top"
    state = do(state, {"type": "buy", "card": "explorer"})
    assert ids(seat(state, 0)["deck"][-1:]) == ["explorer"] and state["next_acquire"] is None
    state = do(state, {"type": "buy", "card": "explorer"})
    assert ids(seat(state, 0)["discard"]) == ["explorer"], "only the next card"


def test_factory_world_puts_the_next_acquired_card_into_the_hand() -> None:
    state = play(board(hand0=["factory_world"]), "factory_world")
    world = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": world, "ability": "primary"})
    assert pools(state) == (3, 0, 0)
    state = do(state, {"type": "buy", "card": "explorer"})
    assert ids(seat(state, 0)["hand"]) == ["explorer"]


def test_next_acquire_lapses_at_the_end_of_the_turn() -> None:
    state = play(board(hand0=["factory_world"]), "factory_world")
    world = seat(state, 0)["bases"][0]
    state = do(do(state, {"type": "ability", "card": world, "ability": "primary"}),
               {"type": "end_turn"})
    assert state["next_acquire"] is None


def test_orbital_platform_discards_a_card_to_draw_one() -> None:
    state = play(board(hand0=["orbital_platform", "viper"]), "orbital_platform")
    platform = seat(state, 0)["bases"][0]
    top = seat(state, 0)["deck"][-1]
    state = do(state, {"type": "ability", "card": platform, "ability": "primary"})
    assert {"type": "done"} in actions(state)
    state = do(state, {"type": "discard", "card": "viper"})
    assert ids(seat(state, 0)["discard"]) == ["viper"] and seat(state, 0)["hand"] == [top]


def test_supply_depot_pays_2_trade_or_2_combat_for_each_card_discarded() -> None:
    state = play(board(hand0=["supply_depot", "viper", "scout", "scout"]), "supply_depot")
    depot = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": depot, "ability": "primary"})
    state = do(do(state, {"type": "discard", "card": "viper"}), {"type": "choose", "index": 0})
    assert prompt(state)["kind"] == "discard_for"
    state = do(do(state, {"type": "discard", "card": "scout"}), {"type": "choose", "index": 1})
    assert pools(state) == (2, 2, 0) and prompt(state)["kind"] == "main"


def test_lancer_gains_2_more_when_an_opponent_has_a_base() -> None:
    assert pools(play(board(hand0=["lancer"], bases1=["stellar_reef"]), "lancer"))[1] == 6
    assert pools(play(board(hand0=["lancer"]), "lancer"))[1] == 4


def test_central_station_needs_three_bases_at_the_boundary() -> None:
    for others, gain in ((["stellar_reef"], 0), (["stellar_reef", "storage_silo"], 4)):
        state = play(board(hand0=["central_station"], bases0=others), "central_station")
        station = uid_of(state, 0, "bases", "central_station")
        before = seat(state, 0)["authority"]
        hand = len(seat(state, 0)["hand"])
        state = do(state, {"type": "ability", "card": station, "ability": "primary"})
        assert seat(state, 0)["authority"] - before == gain
        assert len(seat(state, 0)["hand"]) - hand == (1 if gain else 0)


def test_the_incinerator_ally_counts_cards_scrapped_from_hand_and_discard() -> None:
    state = board(hand0=["the_incinerator", "viper", "battle_bot"], discard0=["scout"])
    state = play(state, "the_incinerator")
    burner = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": burner, "ability": "primary"})
    state = do(state, {"type": "scrap", "card": "viper", "zone": "hand"})
    state = do(state, {"type": "scrap", "card": "scout", "zone": "discard"})
    state = play(state, "battle_bot")  # a Machine Cult ally; its hand is empty now
    state = do(state, {"type": "ability", "card": burner, "ability": "ally"})
    assert pools(state)[1] == 2 + 2 + 2 * 2


def test_stealth_tower_copies_a_base_with_its_faction_until_the_turn_ends() -> None:
    state = board(hand0=["stealth_tower", "predator"], bases1=["bioformer"])
    state = play(state, "stealth_tower")
    tower = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": tower, "ability": "primary"})
    bio = seat(state, 1)["bases"][0]
    state = do(state, {"type": "copy", "card": bio})
    assert state["copies"] == {tower: "bioformer"} and pools(state)[1] == 3
    top = seat(state, 0)["deck"][-1]
    state = play(state, "predator")  # Blob: the tower is a Blob ally now
    predator = seat(state, 0)["ships"][0]
    state = do(state, {"type": "ability", "card": predator, "ability": "ally"})
    assert top in seat(state, 0)["hand"], "Predator's ally: draw a card"
    assert {"type": "ability", "card": tower, "ability": "scrap"} in actions(state)
    state = do(state, {"type": "end_turn"})
    assert state["copies"] == {}


def test_command_center_gives_2_combat_for_each_star_empire_ship_played() -> None:
    state = board(bases0=["command_center"], hand0=["lancer", "viper"])
    state = play(play(state, "viper"), "lancer")
    assert pools(state) == (2, 1 + 4 + 2, 0)


@pytest.mark.parametrize("cid, ally", [("warning_beacon", "battle_bot"),
                                       ("emperors_dreadnaught", "star_barge"),
                                       ("plasma_vent", "swarmer"),
                                       ("colony_seed_ship", "solar_skiff")])
def test_a_card_of_the_faction_played_lets_the_bought_card_go_to_the_hand(cid: str,
                                                                          ally: str) -> None:
    state = board(row=[cid], hand0=[ally], trade0=8)
    uid = state["trade_row"][0]
    state = do(state, {"type": "buy", "card": uid})
    assert prompt(state)["kind"] == "main", "no card of its faction played yet"
    assert seat(state, 0)["discard"] == [uid]
    state = board(row=[cid], hand0=[ally], trade0=8)
    state = play(state, ally)
    while prompt(state)["kind"] != "main":
        state = do(state, {"type": "done"})
    state = do(state, {"type": "buy", "card": uid})
    assert prompt(state)["kind"] == "acquire_to_hand"
    state = do(state, {"type": "to", "where": "hand"})
    assert uid in seat(state, 0)["hand"] and uid not in seat(state, 0)["discard"]


def test_aging_battleship_scrap_gains_2_combat_and_draws_2() -> None:
    state = play(board(hand0=["aging_battleship"]), "aging_battleship")
    ship = seat(state, 0)["ships"][0]
    state = do(state, {"type": "ability", "card": ship, "ability": "scrap"})
    assert pools(state)[1] == 7 and len(seat(state, 0)["hand"]) == 2


def test_emperors_dreadnaught_draws_and_makes_the_opponent_discard() -> None:
    state = play(board(hand0=["emperors_dreadnaught"], hand1=["scout"]),
                 "emperors_dreadnaught")
    assert len(seat(state, 0)["hand"]) == 1 and prompt(state)["kind"] == "discard"


def test_imperial_palace_draws_and_makes_the_opponent_discard() -> None:
    state = play(board(hand0=["imperial_palace"], hand1=["scout"]), "imperial_palace")
    palace = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": palace, "ability": "primary"})
    assert len(seat(state, 0)["hand"]) == 1 and prompt(state)["seat"] == 1


def test_the_oracle_scraps_a_card_from_hand() -> None:
    state = play(board(hand0=["the_oracle", "viper"]), "the_oracle")
    oracle = seat(state, 0)["bases"][0]
    state = do(state, {"type": "ability", "card": oracle, "ability": "primary"})
    state = do(state, {"type": "scrap", "card": "viper", "zone": "hand"})
    assert ids(state["scrap_heap"]) == ["viper"]
