"""Daybreak's Search for Home variant (DB-15): the option, its setup (Earth instead of Kobol,
the Mission deck, Demetrius), the Bridge and its Crisis rule, every Mission passed and
failed, distance Missions and the Active Mission at the jump, Earth's milestones, and what
the views show of it.

The standard position: Tom Zarek (seat 0), William Adama (seat 1), Kara Thrace (seat 2),
Galen Tyrol (seat 3), a Daybreak game with Search for Home, every hand empty.
Rule sources: shared/seeds/bsg-daybreak-rules.ru.txt («Поиск Дома»), the digest
shared/rules/bsg-daybreak.md §15, A-12, A-14 and Appendix B.4 (Mission cards).
"""

from __future__ import annotations

import pytest

from app.core import IllegalOptions
from app.games.bsg import catalog
from app.games.bsg.jump import add_distance
from app.games.bsg.missions import clear_active_mission
from app.games.bsg.overlays import board_locations
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.space import supply
from tests.games.bsg.helpers import (
    Scenario,
    action,
    activate_label,
    damage_token,
    empty_space,
    finished,
    no_cards,
    run,
    set_destiny,
    stand,
)

CAST = ["tom_zarek", "william_adama", "kara_thrace", "galen_tyrol"]
NAMES = ["A", "B", "C", "D"]
DEMETRIUS = ["bridge", "tactical_plot", "captains_cabin"]
WEAK = {"politics": "consolidate_power_1", "leadership": "executive_order_1",
        "tactics": "launch_scout_1", "piloting": "evasive_maneuvers_1",
        "engineering": "repair_1"}


def new() -> Scenario:
    s = Scenario(CAST, expansion="daybreak", search_for_home=True)
    no_cards(s)
    for data in s.state["seats"]:  # no Mutiny card from a Mutineer dealt at setup
        s.state["decks"]["mutiny"] += data["mutiny"]
        data["mutiny"] = []
    return s


def mission_uid(s: Scenario, card_id: str) -> str:
    return next(u for u in catalog.UIDS["mission"] if catalog.card(u)["id"] == card_id)


def give_strength(s: Scenario, seat: int, skill: str, total: int) -> None:
    """Give `seat` the strongest cards of a skill deck until their strengths reach `total`."""
    deck = s.state["decks"][f"skill:{skill}"]
    deck.sort(key=catalog.strength)
    while total > 0:
        uid = deck.pop()
        s.state["seats"][seat]["hand"].append(uid)
        total -= catalog.strength(uid)


def bridge(s: Scenario, card_id: str, passes: bool, seat: int = 0) -> None:
    """`seat` activates the Bridge with `card_id` on top of the Mission deck; the Destiny
    cards add 2 to the check's first skill, and `seat` adds enough strength to pass it (or
    nothing)."""
    check = catalog.card(mission_uid(s, card_id))["check"]
    skill = check["skills"][0]
    set_destiny(s, WEAK[skill], WEAK[skill])
    if passes:
        give_strength(s, seat, skill, check["difficulty"] - 2)
    s.stack("mission", card_id)
    stand(s, seat, "bridge")
    action(s, seat)
    s.do(activate_label("bridge"))
    while s.prompt["kind"] == "skill_check":
        s.do("Add ")


def outcome(s: Scenario) -> str:
    return next(e for e in reversed(s.events) if e["kind"] == "check_result")["data"]["outcome"]


# ---- the option (DB-2, D1) ------------------------------------------------------------------


def test_the_option_is_stored_only_when_chosen_with_daybreak() -> None:
    chosen = checked_options({"expansion": "daybreak", "search_for_home": True}, NAMES)
    assert chosen == {"difficulty": "standard", "expansion": "daybreak", "search_for_home": True}
    assert checked_options({"expansion": "daybreak", "search_for_home": False}, NAMES) == \
        {"difficulty": "standard", "expansion": "daybreak"}
    assert checked_options({"search_for_home": False}, NAMES) == {"difficulty": "standard"}


@pytest.mark.parametrize("options", [{"search_for_home": True},
                                     {"expansion": "daybreak", "search_for_home": "yes"}])
def test_the_option_is_refused_without_daybreak_or_when_not_a_boolean(options: dict) -> None:
    with pytest.raises(IllegalOptions):
        checked_options(options, NAMES)


def test_the_home_page_offers_search_for_home_only_with_daybreak() -> None:
    fields = {f["name"]: f for f in RULES.option_fields}
    assert list(fields) == ["difficulty", "expansion", "search_for_home",
                            "drop_unpicked_versions"]
    assert fields["search_for_home"]["type"] == "bool" and not fields["search_for_home"]["default"]
    assert fields["search_for_home"]["when"] == {"expansion": ["daybreak"]}


# ---- setup (DB-3.8, DB-15.1-15.2) -------------------------------------------------------------


def test_setup_shuffles_the_mission_deck_and_puts_demetrius_on_the_table() -> None:
    s = new()
    assert sorted(s.state["decks"]["mission"]) == sorted(catalog.UIDS["mission"])
    assert len(s.state["decks"]["mission"]) == 8
    assert s.state["discards"]["mission"] == []
    assert s.state["mission_active"] is None
    assert s.state["earth_missions"] == []
    assert s.state["rebel_basestar"] is None  # not until Cylon Civil War (DB-15.1)
    on_board = board_locations(s.state)
    assert all(loc in on_board for loc in DEMETRIUS)
    assert not any(catalog.LOCATIONS[loc]["ship"] == "rebel_basestar" for loc in on_board)


def test_a_daybreak_game_without_the_variant_has_none_of_it() -> None:
    s = Scenario(CAST, expansion="daybreak")
    for key in ("mission_active", "earth_missions", "rebel_basestar", "mission_bridge_turn"):
        assert key not in s.state
    assert "mission" not in s.state["decks"]
    assert not set(DEMETRIUS) & set(board_locations(s.state))
    view = RULES.view(s.state, 0)
    assert "mission" not in view and "rebel_basestar" not in view


# ---- Earth (DB-15.3, A-14) ----------------------------------------------------------------------


def test_earth_calls_the_sleeper_agent_phase_at_5_not_at_4() -> None:
    s = new()
    g = s.edit()
    add_distance(g, 4)
    assert not s.state["sleeper_done"]
    add_distance(g, 1)
    assert s.state["sleeper_done"]


def test_earth_is_within_reach_at_10_not_at_8() -> None:
    s = new()
    g = s.edit()
    add_distance(g, 9)
    assert not s.state["kobol_reached"]
    add_distance(g, 1)
    assert s.state["kobol_reached"]


# ---- the Bridge (DB-15.5, DB-15.6, A-12) ---------------------------------------------------------


def test_the_bridge_turns_the_top_mission_face_up_and_resolves_its_check() -> None:
    s = new()
    bridge(s, "rescue_hera", passes=False)
    active = s.state["mission_active"]
    assert active == {"uid": mission_uid(s, "rescue_hera"), "face_up": True}
    assert outcome(s) == "fail"
    assert len(s.state["decks"]["mission"]) == 7


def test_the_bridge_cannot_be_activated_while_a_card_lies_on_active_mission() -> None:
    s = new()
    uid = s.state["decks"]["mission"].pop()
    s.state["mission_active"] = {"uid": uid, "face_up": False}
    stand(s, 0, "bridge")
    action(s, 0)
    assert not any(label.startswith(activate_label("bridge")) for label in s.labels())


def test_an_empty_mission_deck_is_rebuilt_from_its_discards() -> None:
    s = new()
    s.state["discards"]["mission"] = s.state["decks"]["mission"]
    s.state["decks"]["mission"] = []
    bridge(s, "needs_of_the_people", passes=False)
    assert len(s.state["decks"]["mission"]) + len(s.state["discards"]["mission"]) == 7


def test_no_crisis_card_is_drawn_in_a_turn_in_which_the_bridge_was_activated() -> None:
    s = new()
    s.stack("mission", "needs_of_the_people")
    stand(s, 0, "bridge")
    crises = len(s.state["decks"]["crisis"])
    run(s, {"step": "action", "seat": 0, "left": 1}, {"step": "crisis"}, current=0)
    s.do(activate_label("bridge"))
    assert finished(s)
    assert len(s.state["decks"]["crisis"]) == crises
    assert any("draws no Crisis card" in line for line in s.log())


def test_the_bridge_activated_by_another_player_spares_the_current_player_the_crisis() -> None:
    s = new()
    s.stack("mission", "needs_of_the_people")
    stand(s, 2, "bridge")
    crises = len(s.state["decks"]["crisis"])
    run(s, {"step": "action", "seat": 2, "left": 1}, {"step": "crisis"}, current=0)
    s.do(activate_label("bridge"))
    assert finished(s)
    assert len(s.state["decks"]["crisis"]) == crises


def test_a_turn_without_the_bridge_draws_its_crisis_card() -> None:
    s = new()
    crises = len(s.state["decks"]["crisis"])
    s.state["mission_bridge_turn"] = s.state["turn"] - 1  # the Bridge was used last turn
    run(s, {"step": "crisis"}, current=0)
    assert len(s.state["decks"]["crisis"]) < crises


# ---- the Mission check (DB-15.9, DB-15.10) ----------------------------------------------------


def test_investigative_committee_and_declare_emergency_are_not_offered_in_a_mission_check(
) -> None:
    s = new()
    s.answer_windows = True
    hand = s.give_cards(1, "investigative_committee_3", "declare_emergency_3",
                        "scientific_research_3")
    assert len(hand) == 3
    s.stack("mission", "rescue_hera")  # Engineering counts minus: Scientific Research matters
    stand(s, 0, "bridge")
    action(s, 0)
    s.do(activate_label("bridge"))
    offered: list[str] = []
    while not finished(s):
        prompt = s.prompt
        if prompt["kind"] == "window":
            offered += [o["label"] for o in prompt["options"]]
        s.do_action(prompt["seat"], prompt["options"][-1]["action"])
    assert any("Scientific Research" in label for label in offered)
    assert not [label for label in offered if "Investigative Committee" in label
                or "Declare Emergency" in label]


def test_skill_check_abilities_do_not_resolve_in_a_mission_check() -> None:
    s = new()
    s.give_cards(0, "quick_thinking_0")
    s.stack("mission", "needs_of_the_people")
    stand(s, 0, "bridge")
    action(s, 0)
    s.do(activate_label("bridge"))
    while s.prompt["kind"] == "skill_check":
        s.do("Add ")
    assert not any("Skill Check abilities" in line for line in s.log())


def test_a_player_in_the_brig_adds_at_most_one_card_to_a_mission_check() -> None:
    s = new()
    give_strength(s, 1, "politics", 10)
    stand(s, 1, "brig")
    s.stack("mission", "needs_of_the_people")
    stand(s, 0, "bridge")
    action(s, 0)
    s.do(activate_label("bridge"))
    while s.prompt["kind"] == "skill_check":
        s.do("Add ")
    check = next(e for e in reversed(s.events) if e["kind"] == "check_result")
    assert len(check["data"]["cards"]) == 3  # 2 Destiny cards and 1 from the Brig


# ---- each Mission, passed and failed (B.4) ----------------------------------------------------


def test_attack_on_the_colony_passed_clears_the_basestars_and_removes_one_for_good() -> None:
    s = new()
    empty_space(s)
    s.state["space"]["front"]["basestars"].append({"damage": ["critical_hit"]})
    s.state["basestar_tokens"].remove("critical_hit")
    bridge(s, "attack_on_the_colony", passes=True)
    assert outcome(s) == "pass"
    assert all(not a["basestars"] for a in s.state["space"].values())
    assert "critical_hit" in s.state["basestar_tokens"]
    assert s.state["cylons_removed"] == {"basestar": 1}


def test_attack_on_the_colony_failed_brings_a_basestar_and_damages_galactica() -> None:
    s = new()
    empty_space(s)
    damage = len(s.state["damage"]) + len(s.state["removed"])
    bridge(s, "attack_on_the_colony", passes=False)
    assert len(s.state["space"]["front"]["basestars"]) == 1
    assert len(s.state["damage"]) + len(s.state["removed"]) == damage + 1


@pytest.mark.parametrize(("passes", "side"), [(True, "human"), (False, "cylon")])
def test_cylon_civil_war_brings_the_rebel_basestar_on_the_side_of_its_result(
        passes: bool, side: str) -> None:
    s = new()
    bridge(s, "cylon_civil_war", passes=passes)
    assert s.state["rebel_basestar"] == side
    on_board = board_locations(s.state)
    assert {"hybrid_tank", "datastream", "raider_bay"} <= set(on_board)
    assert RULES.view(s.state, None)["rebel_basestar"] == side


def test_the_board_of_a_view_follows_the_rebel_basestar_of_its_own_game() -> None:
    """Views remember their parts by what they show: a game with the Rebel Basestar in play
    must not lend its board to another game (same options, same overlays) without it."""
    with_it, without = new(), new()
    with_it.state["rebel_basestar"] = "human"
    assert "rebel_basestar" in RULES.view(with_it.state, None)["locations"]
    assert "rebel_basestar" not in RULES.view(without.state, None)["locations"]


def test_destroy_the_hub_passed_turns_the_cylon_overlay() -> None:
    s = new()
    bridge(s, "destroy_the_hub", passes=True)
    assert s.state["flipped"] == ["hub_destroyed"]


def test_destroy_the_hub_failed_costs_population_and_two_vipers() -> None:
    s = new()
    empty_space(s)
    s.state["reserves"]["viper"] -= 1
    s.state["space"]["rear"]["vipers"].append({"pilot": None})
    population = s.state["resources"]["population"]
    bridge(s, "destroy_the_hub", passes=False)
    while s.prompt["kind"] == "damage_reserves":  # a viper, not the Assault Raptor
        s.do("viper")
    assert s.state["resources"]["population"] == population - 1
    assert all(not a["vipers"] for a in s.state["space"].values())
    assert s.state["damaged_vipers"] == 2


def test_digging_up_the_past_passed_counts_1_distance_at_once() -> None:
    s = new()
    bridge(s, "digging_up_the_past", passes=True)
    assert s.state["distance"] == 1
    assert s.state["mission_active"]["face_up"]


def test_digging_up_the_past_failed_adds_2_treachery_cards_to_destiny_and_turns_down() -> None:
    s = new()
    bridge(s, "digging_up_the_past", passes=False)
    destiny = [catalog.skill_type(u) for u in s.state["decks"]["destiny"]]
    assert destiny.count("treachery") >= 2
    assert s.state["mission_active"]["face_up"] is False
    assert s.state["distance"] == 0


def test_needs_of_the_people_passed_gives_food_and_repairs_the_chosen_location() -> None:
    s = new()
    damage_token(s, "weapons_control")
    damage_token(s, "command")
    food = s.state["resources"]["food"]
    bridge(s, "needs_of_the_people", passes=True)
    assert s.prompt["kind"] == "repair_location"
    s.do("Repair Command")
    assert s.state["resources"]["food"] == food + 2
    damaged = {catalog.card(t).get("location") for t in s.state["damage"]}
    assert "command" not in damaged and "weapons_control" in damaged


def test_needs_of_the_people_failed_costs_food_and_deals_treachery_to_human_players() -> None:
    s = new()
    food = s.state["resources"]["food"]
    bridge(s, "needs_of_the_people", passes=False)
    assert s.state["resources"]["food"] == food - 1
    for seat in range(4):
        assert [catalog.skill_type(u) for u in s.state["seats"][seat]["hand"]] == ["treachery"]


def test_rescue_hera_passed_gives_a_miracle_token_only_to_those_without_one() -> None:
    s = new()
    s.state["seats"][1]["miracles"] = 0
    s.state["seats"][2]["miracles"] = 0
    s.state["miracle_supply"] += 2
    bridge(s, "rescue_hera", passes=True)
    assert [d["miracles"] for d in s.state["seats"]] == [1, 1, 1, 1]


def test_rescue_hera_failed_costs_morale_and_a_raptor() -> None:
    s = new()
    morale, raptors = s.state["resources"]["morale"], s.state["reserves"]["raptor"]
    bridge(s, "rescue_hera", passes=False)
    assert s.state["resources"]["morale"] == morale - 1
    assert s.state["reserves"]["raptor"] == raptors - 1


def test_the_red_stripes_passed_clears_heavy_raiders_and_centurions_for_good() -> None:
    s = new()
    empty_space(s)
    s.state["space"]["rear"]["heavy_raider"] = 2
    s.state["centurions"] = [0, 2]
    bridge(s, "the_red_stripes", passes=True)
    assert all(a["heavy_raider"] == 0 for a in s.state["space"].values())
    assert s.state["centurions"] == []
    assert s.state["cylons_removed"] == {"heavy_raider": 2, "centurion": 2}
    assert supply(s.edit(), "heavy_raider") == 2 and supply(s.edit(), "centurion") == 2


def test_the_red_stripes_failed_brings_a_heavy_raider_and_a_centurion() -> None:
    s = new()
    empty_space(s)
    s.state["centurions"] = []
    bridge(s, "the_red_stripes", passes=False)
    assert s.state["space"]["front"]["heavy_raider"] == 1
    assert s.state["centurions"] == [0]


def test_the_search_for_home_failed_costs_fuel_and_turns_down() -> None:
    s = new()
    fuel = s.state["resources"]["fuel"]
    bridge(s, "the_search_for_home", passes=False)
    assert s.state["resources"]["fuel"] == fuel - 1
    assert s.state["mission_active"] == {"uid": mission_uid(s, "the_search_for_home"),
                                         "face_up": False}


def test_the_rulebook_example_8_plus_the_search_for_home_is_10_and_the_next_jump_wins(
) -> None:
    s = new()
    s.state["distance"] = 8
    s.state["sleeper_done"] = True
    bridge(s, "the_search_for_home", passes=True)
    assert outcome(s) == "pass"
    assert s.state["distance"] == 10
    assert s.state["kobol_reached"]
    run(s, {"step": "jump", "stage": "start"}, current=0)
    assert s.state["result"]["winner"] == "humans"


# ---- the Active Mission at the jump (DB-15.7, DB-15.12) -------------------------------------


def lay(s: Scenario, card_id: str, face_up: bool) -> str:
    uid = mission_uid(s, card_id)
    s.state["decks"]["mission"].remove(uid)
    s.state["mission_active"] = {"uid": uid, "face_up": face_up}
    return uid


def test_at_the_jump_a_passed_distance_mission_goes_next_to_earth() -> None:
    s = new()
    uid = lay(s, "digging_up_the_past", face_up=True)
    run(s, {"step": "jump", "stage": "start"}, current=0)
    assert s.state["mission_active"] is None
    assert s.state["earth_missions"] == [uid]
    view = RULES.view(s.state, 2)["mission"]
    assert [c["id"] for c in view["earth"]] == ["digging_up_the_past"]


def test_at_the_jump_a_face_up_mission_without_distance_is_discarded() -> None:
    s = new()
    uid = lay(s, "rescue_hera", face_up=True)
    clear_active_mission(s.edit())
    assert s.state["discards"]["mission"] == [uid]
    assert s.state["mission_active"] is None


def test_at_the_jump_a_face_down_mission_is_shuffled_back_into_the_deck() -> None:
    s = new()
    uid = lay(s, "the_search_for_home", face_up=False)
    clear_active_mission(s.edit())
    assert uid in s.state["decks"]["mission"] and len(s.state["decks"]["mission"]) == 8
    assert s.state["distance"] == 0


# ---- views (DB-21) ------------------------------------------------------------------------------


def test_everyone_sees_the_mission_zones_and_nobody_the_order_of_the_deck() -> None:
    s = new()
    lay(s, "rescue_hera", face_up=True)
    deck = s.state["decks"]["mission"]
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(s.state, seat)
        assert view["mission"] == {"deck": 7, "active": view["mission"]["active"],
                                   "face_up": True, "earth": [], "discards": 0}
        assert view["mission"]["active"]["id"] == "rescue_hera"
        assert view["rebel_basestar"] is None
        assert "deck_contents" not in view
        text = repr(view)
        assert not any(f"'{u}'" in text for u in deck)
        names = [catalog.card(u)["id"] for u in deck]
        assert not any(f"'{n}'" in text for n in names)


def test_after_the_game_the_mission_deck_may_be_seen() -> None:
    s = new()
    s.state["result"] = {"winner": "humans"}
    view = RULES.view(s.state, 0)
    assert len(view["deck_contents"]["mission"]) == 8


def test_a_base_game_view_has_no_mission_part() -> None:
    s = Scenario(CAST)
    assert "mission" not in RULES.view(s.state, 0)


def test_random_search_for_home_views_do_not_depend_on_the_mission_decks_order() -> None:
    """Non-interference: shuffling the Mission deck (and changing everything else a seat may
    not see) changes nothing in its view."""
    import random

    from app.core import act
    from app.core.pick import random_answer
    from tests.games.bsg.test_views import perturb_hidden_from

    checked = 0
    for seed in range(10):
        names = [f"P{i}" for i in range(4)]
        options = checked_options({"expansion": "daybreak", "search_for_home": True}, names)
        state = RULES.new_game(options, names, seed)
        bots = random.Random(seed)
        for _ in range(bots.randrange(50, 500)):
            if state["result"] is not None:
                break
            prompt = bots.choice(RULES.prompts(state))
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
        if state["result"] is not None:
            continue
        for seat in [None, 0, 1, 2, 3]:
            changed = perturb_hidden_from(state, seat, seed + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat), (seed, seat)
            checked += 1
    assert checked


def test_a_passed_distance_mission_can_call_the_sleeper_agent_phase_at_once() -> None:
    s = new()
    s.state["distance"] = 4
    bridge(s, "digging_up_the_past", passes=True)
    assert s.state["distance"] == 5
    assert s.state["sleeper_done"]


def test_locations_activated_from_anywhere_are_those_of_this_games_board() -> None:
    """Hoshi's Organized: Demetrius only in Search for Home games; the Rebel Basestar only
    for its marker's side."""
    from app.games.bsg.activations import may_activate

    plain = Scenario(CAST, expansion="daybreak")
    run(plain, {"step": "activate_locations", "seat": 0, "left": 1, "done": []}, current=0)
    assert not any("Bridge" in label for label in plain.labels())
    s = new()
    s.state["rebel_basestar"] = "cylon"
    run(s, {"step": "activate_locations", "seat": 0, "left": 1, "done": []}, current=0)
    assert any(label.startswith(activate_label("bridge")) for label in s.labels())
    assert not may_activate(s.edit(), 0, "raider_bay")
