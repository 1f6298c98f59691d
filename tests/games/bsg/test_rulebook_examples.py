"""The rulebook's worked examples and core rules as scenario tests.

Sources: shared/seeds/bsg-base-rules.ru.txt (the rulebook; it wins) and the digest
shared/rules/bsg-base.md. Each test builds a known position (decks stacked, hands given, dice
scripted) and checks the exact state and the next prompt.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.core import act
from app.core.pick import first_answer
from app.games.bsg import catalog
from app.games.bsg.endgame import is_cylon
from app.games.bsg.places import place
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    START,
    Scenario,
    give_any,
    ids,
    no_cards,
    prompt_is,
    run_turn,
    set_destiny,
    stand,
    take_card,
    top,
)

# ---- helpers -------------------------------------------------------------------------------


def place_destinations(s: Scenario, *card_ids: str) -> None:
    """Cards already travelled (beside Kobol), with their distance."""
    for card_id in card_ids:
        uid = take_card(s.state["decks"]["destination"], card_id)
        s.state["destinations"].append(uid)
        s.state["distance"] += catalog.card(uid)["distance"]


def no_cylon_ships(s: Scenario) -> None:
    """Clear the Cylon ships of the setup, so that activation icons do nothing."""
    for area in s.state["space"].values():
        area.update(raider=0, heavy_raider=0, basestars=[])


# ---- the skill check example ---------------------------------------------------------------


def test_skill_check_example_fulfiller_of_prophecy() -> None:
    """Rulebook "Пример проверки навыка": the current player draws Fulfiller of Prophecy and
    chooses the skill check; 2 Destiny cards; the left neighbour adds 2 cards, the next player
    none, the current player 1; matching 6, non-matching 3: 3 fails; population 12 -> 11."""
    # Zarek (current, President), Tigh (left neighbour, Admiral), Apollo (next)
    s = Scenario(["tom_zarek", "saul_tigh", "lee_adama"])
    no_cards(s)
    no_cylon_ships(s)  # the card's Activate Basestars icon then does nothing
    s.give_cards(1, "consolidate_power_2", "executive_order_1")  # Politics 2, Leadership 1
    s.give_cards(2, "evasive_maneuvers_1")
    s.give_cards(0, "investigative_committee_3", "repair_1")  # Politics 3
    set_destiny(s, "launch_scout_1", "repair_2")  # Tactics 1, Engineering 2: non-matching
    s.stack("crisis", "fulfiller_of_prophecy")
    destiny_left = len(s.state["decks"]["destiny"]) - 2
    s.action_step(0)
    s.do("Do nothing")
    # 1. the current player chooses between the check and the other instruction
    prompt = prompt_is(s, 0, "choose")
    assert prompt["text"] == "Fulfiller of Prophecy: choose one"
    assert s.labels() == ["Skill check (6, Politics + Leadership)",
                          "Discard 1; another Crisis card follows"]
    s.do("Skill check")
    # 2. two Destiny cards; 3. from the left of the current player, ending with him
    assert len(s.state["decks"]["destiny"]) == destiny_left
    assert len(s.state["check_pool"]) == 2
    prompt = prompt_is(s, 1, "skill_check")
    assert prompt["text"] == ("Fulfiller of Prophecy (6; Politics + Leadership): add a card "
                              "face down, or stop (you have added 0)")
    assert s.labels() == ["Add Executive Order (Leadership 1)",
                          "Add Consolidate Power (Politics 2)", "Add no more cards"]
    s.do("Politics 2")
    s.do("Leadership 1")  # his hand is empty now: the next player is asked
    prompt_is(s, 2, "skill_check")
    s.do("Add no more cards")
    prompt_is(s, 0, "skill_check")
    assert RULES.view(s.state, 2)["check"]["played"] == [0, 2, 0]
    s.do("Politics 3")
    prompt_is(s, 0, "skill_check")
    s.do("Add no more cards")
    # 4.-6. shuffled, split, totalled: 6 - 3 = 3 < 6: failed; -1 population
    st = s.state
    result = next(e for e in s.events if e["kind"] == "check_result")
    data = result["data"]
    assert (data["total"], data["difficulty"], data["outcome"]) == (3, 6, "fail")
    assert sum(c["strength"] for c in data["cards"] if c["positive"]) == 6
    assert sum(c["strength"] for c in data["cards"] if not c["positive"]) == 3
    assert len(data["cards"]) == 5
    assert st["resources"] == {**START, "population": 11}
    assert st["check_pool"] == []
    assert sorted(ids(st["discards"]["skill:politics"])) == ["consolidate_power_2",
                                                             "investigative_committee_3"]
    assert ids(st["discards"]["skill:leadership"]) == ["executive_order_1"]
    assert ids(st["discards"]["skill:tactics"]) == ["launch_scout_1"]
    assert ids(st["discards"]["skill:engineering"]) == ["repair_2"]
    assert ids(st["seats"][0]["hand"]) == ["repair_1"]
    assert ids(st["seats"][2]["hand"]) == ["evasive_maneuvers_1"]
    assert ids(st["discards"]["crisis"]) == ["fulfiller_of_prophecy"]
    # the turn ends; Tigh's turn: his skills are drawn, then his Movement
    assert st["current"] == 1
    prompt_is(s, 1, "movement")


def test_fulfiller_of_prophecy_the_other_choice_discard_1_then_another_crisis() -> None:
    s = Scenario(["tom_zarek", "saul_tigh", "lee_adama"])
    no_cards(s)
    no_cylon_ships(s)
    s.give_cards(0, "repair_1", "consolidate_power_1")
    s.stack("crisis", "fulfiller_of_prophecy", "riots")
    s.action_step(0)
    s.do("Do nothing")
    s.do("Discard 1; another Crisis card follows")
    prompt_is(s, 0, "discard")
    s.do("Repair")
    # Fulfiller's Activate Cylon Ships step, then a second Crisis card: Riots (the Admiral)
    prompt = prompt_is(s, 1, "choose")
    assert prompt["text"] == "Riots: choose one"
    s.do("Population -1, fuel -1")
    st = s.state
    assert st["resources"] == {**START, "population": 11, "fuel": 7}
    assert ids(st["seats"][0]["hand"]) == ["consolidate_power_1"]
    assert sorted(ids(st["discards"]["crisis"])) == ["fulfiller_of_prophecy", "riots"]
    assert st["current"] == 1


# ---- the jump example ----------------------------------------------------------------------


def test_jump_example_auto_jump_to_remote_planet(dice: list[int]) -> None:
    """Rulebook "Пример прыжка": the crisis has the jump icon, the fleet token reaches
    Auto-Jump; all ships are removed; the Admiral draws 2 Destination cards, keeps one (-1
    fuel, destroy 1 raptor) and puts the other on the bottom; 4 was already reached and 8 is
    not: nothing from Kobol; the token goes back to Start."""
    s = Scenario(["tom_zarek", "saul_tigh", "lee_adama"])  # President, Admiral, a pilot
    place_destinations(s, "barren_planet", "barren_planet")  # distance 4
    s.state["sleeper_done"] = True
    loyalty_before = [list(seat["loyalty"]) for seat in s.state["seats"]]
    s.state["jump_track"] = 4
    s.stack("crisis", "rescue_caprica_survivors")  # jump icon; the President chooses
    s.stack("destination", "remote_planet", "deep_space")
    destinations = len(s.state["decks"]["destination"])
    assert s.state["seats"][2]["viper"] is not None  # Apollo starts in a viper
    s.action_step(0)
    s.do("Do nothing")
    prompt_is(s, 0, "choose")
    s.do("Morale -1")
    # 1. the token reaches Auto-Jump: the fleet jumps (no die, no population loss)
    st = s.state
    assert "The fleet token reaches Auto-Jump" in s.log()
    assert all(a["raider"] == 0 and a["basestars"] == [] and a["vipers"] == [] and
               a["civilians"] == [] for a in st["space"].values())
    assert st["reserves"]["viper"] == 8
    assert st["seats"][2]["location"] == "hangar_deck" and st["seats"][2]["viper"] is None
    # 2. the Admiral draws the top 2 Destination cards
    prompt_is(s, 1, "destination")
    assert s.labels() == ["Remote Planet (distance 2): -1 fuel; 1 raptor is destroyed.",
                          "Deep Space (distance 2): -1 fuel, -1 morale."]
    assert [c["id"] for c in RULES.view(st, 1)["you"]["destination_choice"]] == [
        "remote_planet", "deep_space"]
    assert "destination_choice" not in RULES.view(st, 0)["you"]
    s.do("Remote Planet")
    st = s.state
    # 3. face up beside Kobol, its instructions followed
    assert ids(st["destinations"]) == ["barren_planet", "barren_planet", "remote_planet"]
    assert st["resources"] == {**START, "morale": 9, "fuel": 7}
    assert st["reserves"]["raptor"] == 3 and st["destroyed"]["raptor"] == 1
    # the other card is on the bottom of the deck
    assert ids(st["decks"]["destination"][:1]) == ["deep_space"]
    assert len(st["decks"]["destination"]) == destinations - 1
    # 4. distance 6: 4 was passed before, 8 not yet: nothing happens
    assert st["distance"] == 6
    assert [list(seat["loyalty"]) for seat in st["seats"]] == loyalty_before
    assert st["kobol_reached"] is False
    # 5. the fleet token back on Start
    assert st["jump_track"] == 0
    assert dice == []
    assert st["current"] == 1 and st["result"] is None


def test_reaching_distance_8_does_not_win_yet() -> None:
    s = Scenario(["tom_zarek", "saul_tigh", "lee_adama"])
    place_destinations(s, "barren_planet", "barren_planet", "barren_planet")  # 6
    s.state["sleeper_done"] = True
    s.state["jump_track"] = 4
    s.stack("crisis", "rescue_caprica_survivors")
    s.stack("destination", "remote_planet", "deep_space")
    s.action_step(0)
    s.do("Do nothing")
    s.do("Morale -1")
    s.do("Remote Planet")
    st = s.state
    assert st["distance"] == 8
    assert st["kobol_reached"] is True
    assert st["result"] is None
    assert st["jump_track"] == 0


# ---- Kobol: the Sleeper Agent phase and the final jump -------------------------------------


def test_sleeper_agent_phase_at_distance_4_boomer_gets_2_and_goes_to_the_brig(
        dice: list[int]) -> None:
    """Kobol: at 4 or more distance every player gets 1 loyalty card; Boomer (her weakness)
    gets 2 and is moved to the Brig. 5 players with Boomer: 2 + 8 + 1 cards, 5 dealt at
    setup, the other 6 now."""
    s = Scenario(["william_adama", "laura_roslin", "sharon_valerii", "galen_tyrol",
                  "tom_zarek"])
    st = s.state
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [1] * 5
    assert len(st["decks"]["loyalty"]) == 6
    before = [list(seat["loyalty"]) for seat in st["seats"]]
    to_deal = list(reversed(st["decks"]["loyalty"]))  # the top first
    place_destinations(s, "barren_planet")  # 2
    stand(s, 3, "ftl_control")
    st["jump_track"] = 3
    s.stack("destination", "remote_planet", "deep_space")
    s.action_step(3)
    dice.append(8)
    s.do("Activate FTL Control:")
    s.do("Remote Planet")
    st = s.state
    assert st["distance"] == 4
    assert st["sleeper_done"] is True
    assert "Sleeper Agent phase: every player receives a loyalty card" in s.log()
    # dealt clockwise from the current player (Tyrol, seat 3); Boomer (seat 2, last in that
    # order) gets her 2 cards in her place
    dealt = {3: [to_deal[0]], 4: [to_deal[1]], 0: [to_deal[2]], 1: [to_deal[3]],
             2: to_deal[4:6]}
    for seat, cards in dealt.items():
        assert st["seats"][seat]["loyalty"] == before[seat] + cards
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [2, 2, 3, 2, 2]
    assert st["decks"]["loyalty"] == []
    assert st["seats"][2]["location"] == "brig"
    assert st["jump_track"] == 0


def test_humans_win_on_the_jump_after_distance_8(dice: list[int]) -> None:
    """Rulebook: 1 population and 8 distance; William Adama jumps from FTL Control: the humans
    win unless the FTL roll costs population."""
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    place_destinations(s, "barren_planet", "barren_planet", "barren_planet", "barren_planet")
    s.state["sleeper_done"] = s.state["kobol_reached"] = True
    s.state["resources"]["population"] = 1
    stand(s, 0, "ftl_control")
    s.state["jump_track"] = 4
    destinations = list(s.state["decks"]["destination"])
    s.action_step(0)
    dice.append(7)
    s.do("Activate FTL Control:")
    st = s.state
    assert st["result"] is not None
    assert st["result"]["winner"] == "humans"
    assert st["result"]["text"] == ("The humans win: the fleet made the final jump and "
                                    "reached Kobol")
    assert st["decks"]["destination"] == destinations  # no Destination card drawn
    assert RULES.prompts(st) == []


def test_the_final_jump_loses_population_to_0_then_the_cylons_win(dice: list[int]) -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    place_destinations(s, "barren_planet", "barren_planet", "barren_planet", "barren_planet")
    s.state["sleeper_done"] = s.state["kobol_reached"] = True
    s.state["resources"]["population"] = 1
    stand(s, 0, "ftl_control")
    s.state["jump_track"] = 4
    s.stack("crisis", "riots")
    s.action_step(0)
    dice.append(5)  # 5 <= 6: -1 population on the second-to-last space
    s.do("Activate FTL Control:")
    st = s.state
    assert st["resources"]["population"] == 0
    assert st["result"] is None
    assert st["jump_track"] == 0
    # the turn goes on (Riots: the Admiral chooses); at its end a resource is 0
    prompt_is(s, 0, "choose")
    s.do("Food -1, morale -1")
    st = s.state
    assert st["result"] is not None and st["result"]["winner"] == "cylons"
    assert st["result"]["text"] == "The Cylons win: the fleet ran out of population"


def test_humans_win_on_an_auto_jump_after_distance_8(dice: list[int]) -> None:
    s = Scenario(["tom_zarek", "saul_tigh", "lee_adama"])
    place_destinations(s, "barren_planet", "barren_planet", "barren_planet", "barren_planet")
    s.state["sleeper_done"] = s.state["kobol_reached"] = True
    s.state["jump_track"] = 4
    s.stack("crisis", "rescue_caprica_survivors")
    s.action_step(0)
    s.do("Do nothing")
    s.do("Morale -1")
    st = s.state
    assert st["result"] is not None and st["result"]["winner"] == "humans"


# ---- the Cylons win on an empty resource at the end of a turn ------------------------------


def test_cylons_win_when_a_resource_is_0_at_the_end_of_a_turn() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    s.state["resources"]["morale"] = 1
    s.stack("crisis", "riots")
    s.action_step(2)
    s.do("Do nothing")
    prompt_is(s, 0, "choose")  # Riots: the Admiral
    s.do("Food -1, morale -1")
    st = s.state
    assert st["resources"]["morale"] == 0
    assert st["result"]["winner"] == "cylons"
    assert st["result"]["text"] == "The Cylons win: the fleet ran out of morale"
    assert st["result"]["cylons"] == [i for i in range(3) if is_cylon(s.edit(), i)]
    assert RULES.prompts(st) == []


def test_a_resource_at_0_raised_again_before_the_end_of_the_turn_does_not_lose(
        dice: list[int]) -> None:
    s = Scenario(["william_adama", "tom_zarek", "kara_thrace"])  # Zarek: President
    assert s.state["president"] == 1
    s.state["resources"]["food"] = 0
    deck = s.state["decks"]["quorum"]
    uid = next(u for u in deck if catalog.card(u)["id"] == "food_rationing")
    deck.remove(uid)
    s.state["quorum_hand"].append(uid)
    s.stack("crisis", "riots")
    s.action_step(1)
    dice.append(7)
    s.do("Play Quorum card Food Rationing")
    assert s.state["resources"]["food"] == 1
    s.do("Population -1, fuel -1")  # Riots
    st = s.state
    assert st["result"] is None
    assert st["current"] == 2


# ---- the Sympathizer -----------------------------------------------------------------------


def sympathizer_position(to_seat: int) -> Scenario:
    """4 players; the Sleeper Agent phase is one jump away and the Sympathizer will be dealt
    to `to_seat` (cards are dealt clockwise from the current player, Tyrol, seat 3)."""
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"])
    deck = s.state["decks"]["loyalty"]
    assert len(deck) == 4
    sympathizer = next(u for u in deck if catalog.card(u)["team"] == "sympathizer")
    deck.remove(sympathizer)
    k = [3, 0, 1, 2].index(to_seat)
    deck.insert(len(deck) - k, sympathizer)
    assert deck[len(deck) - 1 - k] == sympathizer
    place_destinations(s, "barren_planet")
    stand(s, 3, "ftl_control")
    s.state["jump_track"] = 3
    s.stack("destination", "remote_planet", "deep_space")
    s.stack("crisis", "riots")
    return s


def test_sympathizer_with_a_resource_in_the_red_goes_to_the_brig(dice: list[int]) -> None:
    s = sympathizer_position(2)
    s.state["resources"]["food"] = 4  # red at 4 or less
    s.action_step(3)
    dice.append(8)
    s.do("Activate FTL Control:")
    s.do("Remote Planet")
    st = s.state
    kara = st["seats"][2]
    assert ids(kara["shown_loyalty"]) == ["you_are_a_sympathizer"]
    assert "you_are_a_sympathizer" not in ids(kara["loyalty"])
    assert kara["location"] == "brig"
    assert kara["revealed"] is False
    assert "P2 (Kara \"Starbuck\" Thrace) reveals: You Are a Sympathizer" in s.log()
    prompt_is(s, 0, "choose")  # the turn goes on: Riots


def test_sympathizer_with_no_resource_in_the_red_becomes_a_revealed_cylon(
        dice: list[int]) -> None:
    s = sympathizer_position(0)  # William Adama, the Admiral
    no_cards(s)
    s.give_cards(0, "executive_order_1", "executive_order_2", "launch_scout_1",
                 "launch_scout_2", "declare_emergency_3")
    s.action_step(3)
    dice.append(8)
    s.do("Activate FTL Control:")
    s.do("Remote Planet")  # fuel 8 -> 7: nothing in the red
    st = s.state
    adama = st["seats"][0]
    assert adama["revealed"] is True
    assert adama["location"] == "resurrection_ship"
    assert adama["super_crises"] == []  # no Super Crisis card for a Sympathizer
    assert adama["cylon_fleet_banned"] is True
    assert st["admiral"] == 2  # the title passes: Starbuck (5th) before Tyrol (7th)
    assert is_cylon(s.edit(), 0)
    # he keeps at most 3 skill cards
    prompt_is(s, 0, "discard")
    assert s.prompt["text"].startswith("Revealed: keep at most 3 skill cards: discard 2")
    s.pick("Launch Scout (Tactics 1)", "Launch Scout (Tactics 2)")
    assert sorted(ids(s.state["seats"][0]["hand"])) == ["declare_emergency_3",
                                                         "executive_order_1",
                                                         "executive_order_2"]
    prompt_is(s, 2, "choose")  # Riots: the new Admiral chooses


# ---- setup ---------------------------------------------------------------------------------


def new_game(players: int, seed: int = 7) -> dict[str, Any]:
    names = [f"P{i}" for i in range(players)]
    return RULES.new_game(RULES.check_options({}, names), names, seed)


def pick(state: dict[str, Any], character: str) -> dict[str, Any]:
    prompt = RULES.prompts(state)[0]
    assert prompt["kind"] == "character"
    action = next(o["action"] for o in prompt["options"] if o["action"]["character"] == character)
    state, _ = act(RULES, state, prompt["seat"], action)
    return state


def offered_characters(state: dict[str, Any]) -> set[str]:
    prompt = RULES.prompts(state)[0]
    assert prompt["kind"] == "character"
    return {o["action"]["character"] for o in prompt["options"]}


MILITARY = {"william_adama", "saul_tigh", "karl_agathon"}
POLITICAL = {"laura_roslin", "gaius_baltar", "tom_zarek"}
PILOTS = {"lee_adama", "kara_thrace", "sharon_valerii"}


def test_character_choice_constraint() -> None:
    """Rulebook: after Laura Roslin (political) is taken, the next player may take any
    military leader or pilot (more of those remain), or the support character."""
    state = new_game(4)
    first = state["first"]
    assert RULES.prompts(state)[0]["seat"] == first
    assert offered_characters(state) == MILITARY | POLITICAL | PILOTS | {"galen_tyrol"}
    state = pick(state, "laura_roslin")
    assert RULES.prompts(state)[0]["seat"] == (first + 1) % 4
    assert offered_characters(state) == MILITARY | PILOTS | {"galen_tyrol"}
    state = pick(state, "galen_tyrol")  # support: always allowed
    assert offered_characters(state) == MILITARY | PILOTS
    state = pick(state, "william_adama")
    assert offered_characters(state) == PILOTS  # 3 pilots left, 2 of each other kind


def test_titles_at_setup_follow_the_lines_of_succession() -> None:
    s = Scenario(["kara_thrace", "tom_zarek", "galen_tyrol", "saul_tigh"])
    assert (s.state["president"], s.state["admiral"]) == (1, 3)
    s = Scenario(["gaius_baltar", "karl_agathon", "laura_roslin", "william_adama"])
    assert (s.state["president"], s.state["admiral"]) == (2, 3)
    s = Scenario(["gaius_baltar", "karl_agathon", "kara_thrace"])
    assert (s.state["president"], s.state["admiral"]) == (0, 1)
    # none of the three first in either line: the full lines decide; one may hold both
    s = Scenario(["kara_thrace", "galen_tyrol", "lee_adama"])
    assert (s.state["president"], s.state["admiral"]) == (2, 2)
    assert s.state["nukes"] == 2
    assert len(s.state["quorum_hand"]) == 1


@pytest.mark.parametrize("seed", range(1, 21))
@pytest.mark.parametrize(("characters", "deck_left", "boxed"), [
    (["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"], 4, 8),
    (["william_adama", "gaius_baltar", "kara_thrace", "galen_tyrol"], 4, 7),
    (["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol", "tom_zarek",
      "lee_adama"], 6, 4),
])
def test_the_sympathizer_joins_the_loyalty_deck_after_the_first_deal(
        seed: int, characters: list[str], deck_left: int, boxed: int) -> None:
    s = Scenario(characters, seed=seed, humans=False)
    st = s.state
    dealt = [uid for seat in st["seats"] for uid in seat["loyalty"]]
    assert all(catalog.card(u)["team"] != "sympathizer" for u in dealt)
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [
        2 if c == "gaius_baltar" else 1 for c in characters]
    deck = st["decks"]["loyalty"]
    assert len(deck) == deck_left
    assert [catalog.card(u)["team"] for u in deck].count("sympathizer") == 1
    assert len(st["boxed"]) == boxed
    cylons = [u for u in dealt + deck if catalog.card(u)["team"] == "cylon"]
    assert len(cylons) == (1 if len(characters) == 4 else 2)


@pytest.mark.parametrize(("characters", "deck_left"), [
    (["william_adama", "laura_roslin", "kara_thrace"], 3),
    (["william_adama", "laura_roslin", "sharon_valerii"], 4),
    (["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol", "tom_zarek"], 5),
])
def test_no_sympathizer_with_3_or_5_players(characters: list[str], deck_left: int) -> None:
    st = Scenario(characters, humans=False).state
    assert len(st["decks"]["loyalty"]) == deck_left
    assert not any(catalog.card(u)["team"] == "sympathizer"
                   for u in st["decks"]["loyalty"] + [x for seat in st["seats"]
                                                      for x in seat["loyalty"]])
    assert sum(catalog.card(u)["team"] == "sympathizer" for u in st["boxed"]) == 1


def test_starting_hands_3_cards_from_the_skill_set_not_for_the_first_player() -> None:
    state = new_game(3, seed=11)
    first = state["first"]
    order = [(first + k) % 3 for k in range(3)]
    for character in ("laura_roslin", "william_adama", "lee_adama"):
        state = pick(state, character)
    prompt = RULES.prompts(state)[0]
    assert prompt["kind"] == "launch"  # Apollo's setup: launch a viper and pilot it
    state, _ = act(RULES, state, prompt["seat"], first_answer(prompt))
    characters = {seat: state["seats"][seat]["character"] for seat in range(3)}
    # the second and third players choose, in seat order; never the first player
    for seat in order[1:]:
        prompt = RULES.prompts(state)[0]
        assert (prompt["seat"], prompt["kind"]) == (seat, "starting_hand")
        labels = [o["label"] for o in prompt["options"]]
        if characters[seat] == "william_adama":
            assert labels == ["3 Leadership", "2 Leadership, 1 Tactics",
                              "1 Leadership, 2 Tactics", "3 Tactics"]
            choice = "2 Leadership, 1 Tactics"
        else:  # Apollo: Piloting, Tactics, Leadership, Politics
            assert len(labels) == 20
            choice = "1 Piloting, 1 Tactics, 1 Politics"
        action = next(o["action"] for o in prompt["options"] if o["label"] == choice)
        state, _ = act(RULES, state, seat, action)
        types = sorted(catalog.skill_type(u) for u in state["seats"][seat]["hand"])
        assert types == (["leadership", "leadership", "tactics"]
                         if characters[seat] == "william_adama"
                         else ["piloting", "politics", "tactics"])
    # the first player (Roslin) had no starting hand; her first turn draws her full set
    assert state["turn"] == 1 and state["current"] == first
    assert sorted(catalog.skill_type(u) for u in state["seats"][first]["hand"]) == [
        "leadership", "leadership", "politics", "politics", "politics"]


def test_hand_limit_10_at_the_end_of_every_turn_for_every_player() -> None:
    s = Scenario(["william_adama", "laura_roslin", "galen_tyrol"])
    no_cards(s)
    give_any(s, 0, "leadership", 11)
    give_any(s, 1, "politics", 12)
    give_any(s, 2, "engineering", 9)  # more than Tyrol's 8
    s.stack("crisis", "riots")
    s.action_step(0)
    s.do("Do nothing")
    s.do("Food -1, morale -1")  # Riots: Adama is the Admiral
    # all three are asked at once (test_simultaneous.py); answered here from the current player
    assert [p["seat"] for p in RULES.prompts(s.state)] == [0, 1, 2]
    prompt = prompt_is(s, 0, "discard")
    assert prompt["text"] == "Hand limit 10: discard 1 skill card"
    s.do("Discard")
    prompt = prompt_is(s, 1, "discard")
    assert prompt["text"] == "Hand limit 10: discard 2 skill cards"
    s.pick("Discard", "Discard")
    prompt = prompt_is(s, 2, "discard")
    assert prompt["text"] == "Hand limit 8: discard 1 skill card"
    s.do("Discard")
    st = s.state
    assert [len(seat["hand"]) for seat in st["seats"]] == [
        10, 10 + 5, 8]  # then Roslin's turn began: she received her 5 skill cards
    assert [len(st["discards"][f"skill:{t}"]) for t in ("leadership", "politics",
                                                        "engineering")] == [1, 2, 1]
    assert st["current"] == 1
    prompt_is(s, 1, "movement")


def test_receive_skills_multi_skill_split_apollo() -> None:
    """Rulebook: Apollo draws 2 Piloting and 1 Tactics, then 2 Politics, or 2 Leadership, or
    1 of each (his Leadership/Politics 2 multi-skill)."""
    s = Scenario(["william_adama", "laura_roslin", "lee_adama"])
    no_cards(s)
    expected = sorted(top(s, "skill:piloting", 2) + top(s, "skill:tactics")
                      + top(s, "skill:leadership") + top(s, "skill:politics"))
    run_turn(s, 2)
    prompt = prompt_is(s, 2, "receive_skills")
    assert prompt["text"] == "Receive Skills: split your Leadership/Politics 2"
    assert s.labels() == ["2 Leadership, 0 Politics", "1 Leadership, 1 Politics",
                          "0 Leadership, 2 Politics"]
    s.do("1 Leadership, 1 Politics")
    assert sorted(ids(s.state["seats"][2]["hand"])) == expected
    prompt_is(s, 2, "movement")


def test_receive_skills_rulebook_example_william_adama() -> None:
    """Rulebook: Adama draws 3 Leadership and 2 Tactics, whatever his hand."""
    s = Scenario(["william_adama", "laura_roslin", "lee_adama"])
    no_cards(s)
    give_any(s, 0, "politics", 8)
    expected = sorted(top(s, "skill:leadership", 3) + top(s, "skill:tactics", 2))
    run_turn(s, 0)
    hand = ids(s.state["seats"][0]["hand"])
    assert sorted(hand[8:]) == expected and len(hand) == 13
    prompt_is(s, 0, "movement")


def test_receive_skills_starbuck_split_of_1() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    run_turn(s, 2)
    prompt_is(s, 2, "receive_skills")
    assert s.labels() == ["1 Leadership, 0 Engineering", "0 Leadership, 1 Engineering"]


def test_a_character_sent_to_the_brig_while_piloting_leaves_the_viper() -> None:
    s = Scenario(["william_adama", "laura_roslin", "lee_adama"])
    assert s.state["seats"][2]["viper"] is not None
    reserves = s.state["reserves"]["viper"]
    place(s.edit(), 2, "brig")
    assert s.state["seats"][2]["viper"] is None
    assert s.state["reserves"]["viper"] == reserves + 1


def test_a_revealed_cylon_dealt_the_sympathizer_gives_it_to_another_player(
        dice: list[int]) -> None:
    """Rulebook, Sleeper Agent phase: a revealed Cylon who receives the Sympathizer may give
    it to any other player, who reveals it at once."""
    from app.games.bsg.loyalty import become_revealed

    s = sympathizer_position(1)
    become_revealed(s.edit(), 1, super_crisis=True, cylon_fleet=True)  # Roslin
    assert s.state["president"] == 0
    s.action_step(3)
    dice.append(8)
    s.do("Activate FTL Control:")
    s.do("Remote Planet")
    prompt_is(s, 1, "sympathizer")
    assert s.labels() == ["Give it to P0 (William Adama)",
                          'Give it to P2 (Kara "Starbuck" Thrace)',
                          'Give it to P3 (Galen "Chief" Tyrol)',
                          "Keep it (it does nothing to a revealed Cylon)"]
    s.do("Kara")
    st = s.state
    assert ids(st["seats"][2]["shown_loyalty"]) == ["you_are_a_sympathizer"]
    assert "you_are_a_sympathizer" not in ids(st["seats"][1]["loyalty"])
    assert st["seats"][2]["revealed"] is True  # nothing in the red
    assert st["seats"][2]["location"] == "resurrection_ship"
    prompt_is(s, 0, "choose")  # Riots


def test_boomer_as_admiral_goes_to_the_brig_at_the_sleeper_phase_and_loses_the_title(
        dice: list[int]) -> None:
    s = Scenario(["sharon_valerii", "laura_roslin", "galen_tyrol"])
    assert s.state["admiral"] == 0
    place_destinations(s, "barren_planet")
    stand(s, 2, "ftl_control")
    s.state["jump_track"] = 3
    s.stack("destination", "remote_planet", "deep_space")
    s.action_step(2)
    dice.append(8)
    s.do("Activate FTL Control:")
    prompt_is(s, 0, "destination")  # Boomer, still the Admiral, chooses
    s.do("Remote Planet")
    st = s.state
    assert st["seats"][0]["location"] == "brig"
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [3, 2, 2]
    assert st["decks"]["loyalty"] == []
    assert st["admiral"] == 2  # Tyrol (7th) before Roslin (10th)
