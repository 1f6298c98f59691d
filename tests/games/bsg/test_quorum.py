"""Scenario tests of the Quorum cards (the 11 distinct cards of the base game) and of the
President's secret Quorum hand.

The standard position: Tom Zarek (seat 0, President), William Adama (seat 1, Admiral), Kara
Thrace (seat 2), Galen Tyrol (seat 3); every hand empty; the President's Quorum hand holds
exactly the cards a test gives him. (Not Laura Roslin: her Religious Visions would draw two
Crisis cards in her turns.) Dice are scripted with the `dice` fixture.
"""

from __future__ import annotations

import pytest

from app.core import AllBut, audience_of
from app.games.bsg import catalog
from app.games.bsg.places import place
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    AREA_NAMES,
    START,
    Scenario,
    ids,
    no_cards,
    prompt_is,
    set_destiny,
    stand,
    take_card,
    top,
)

# ---- helpers -------------------------------------------------------------------------------


def quorum_hand(s: Scenario, *card_ids: str) -> list[str]:
    """Make the Quorum hand exactly these cards (taken from the Quorum deck)."""
    deck = s.state["decks"]["quorum"]
    deck[:0] = s.state["quorum_hand"]  # the old hand goes under the deck
    s.state["quorum_hand"] = []
    for card_id in card_ids:
        s.state["quorum_hand"].append(take_card(deck, card_id))
    return list(s.state["quorum_hand"])


def quorum_labels(s: Scenario) -> list[str]:
    return [label.split(":")[0][len("Play Quorum card "):] for label in s.labels()
            if label.startswith("Play Quorum card ")]


def zarek_declines(s: Scenario, check: str) -> None:
    """Tom Zarek (seat 0) is offered Friends in Low Places at Administration and the Brig."""
    prompt = prompt_is(s, 0, "card_window")
    assert prompt["text"] == f"{check}: use Friends in Low Places?"
    assert s.labels() == ["Use Friends in Low Places: difficulty +2",
                          "Use Friends in Low Places: difficulty −2",
                          "Do not use Friends in Low Places"]
    s.do("Do not use")


def standard(*quorum: str) -> Scenario:
    s = Scenario(["tom_zarek", "william_adama", "kara_thrace", "galen_tyrol"])
    s.want("Friends in Low Places", "Assign Arbitrator")  # the tests answer these offers
    no_cards(s)
    quorum_hand(s, *quorum)
    s.stack("crisis", "riots")  # the Admiral chooses: a known prompt after the action
    s.action_step(0)
    return s


def play(s: Scenario, name: str) -> None:
    prompt_is(s, s.state["president"], "action")
    s.do(f"Play Quorum card {name}:")


# ---- the Quorum hand -----------------------------------------------------------------------


def test_setup_gives_the_president_one_quorum_card_seen_only_by_the_president() -> None:
    s = Scenario(["tom_zarek", "william_adama", "kara_thrace", "galen_tyrol"])
    st = s.state
    assert st["president"] == 0
    assert len(st["quorum_hand"]) == 1
    assert len(st["decks"]["quorum"]) == 16
    mine = RULES.view(st, 0)
    assert [c["id"] for c in mine["you"]["quorum_hand"]] == ids(st["quorum_hand"])
    for seat in (1, 2, 3):
        theirs = RULES.view(st, seat)
        assert "quorum_hand" not in theirs["you"] and "quorum_hand" not in theirs
        assert theirs["quorum_hand_size"] == 1
    # the President's private log names the card, the public one does not
    name = catalog.card(st["quorum_hand"][0])["name"]
    drawn = [e for e in s.events if e["kind"] == "quorum"]
    assert [(e["text"], audience_of(e)) for e in drawn] == [
        (f"You drew the Quorum card {name}", [0]),
        ("P0 (Tom Zarek) drew 1 Quorum card", AllBut((0,))),  # spectators too
    ]


def test_the_presidents_title_action_draws_a_quorum_card() -> None:
    s = standard("food_rationing")
    expected = top(s, "quorum")
    s.do("President: draw 1 Quorum card")
    assert ids(s.state["quorum_hand"]) == ["food_rationing"] + expected
    prompt_is(s, 1, "choose")  # the Crisis step: Riots


def test_only_the_president_is_offered_quorum_cards_and_the_title_action() -> None:
    s = standard("food_rationing", "arrest_order")
    assert quorum_labels(s) == ["Food Rationing", "Arrest Order"]  # in the hand's order
    assert "President: draw 1 Quorum card" in s.labels()
    for seat in (1, 2, 3):
        s.action_step(seat)
        assert quorum_labels(s) == []
        assert "President: draw 1 Quorum card" not in s.labels()


def test_the_quorum_hand_passes_with_the_title() -> None:
    s = standard("food_rationing", "inspirational_speech")
    hand = list(s.state["quorum_hand"])
    stand(s, 3, "administration")
    set_destiny(s, "investigative_committee_5", "consolidate_power_1")  # 6 >= 5
    s.action_step(3)
    s.do("Activate Administration:")
    s.do("Tyrol")
    zarek_declines(s, "Administration (5; Politics + Leadership)")
    st = s.state
    assert st["president"] == 3
    assert st["quorum_hand"] == hand
    assert sorted(c["id"] for c in RULES.view(st, 3)["you"]["quorum_hand"]) == sorted(ids(hand))
    assert "quorum_hand" not in RULES.view(st, 0)["you"]
    s.action_step(3)
    assert sorted(quorum_labels(s)) == ["Food Rationing", "Inspirational Speech"]
    s.action_step(0)
    assert quorum_labels(s) == []


# ---- the 11 cards --------------------------------------------------------------------------


def test_accept_prophecy_draws_any_card_then_makes_the_next_administration_check_harder(
) -> None:
    s = standard("accept_prophecy")
    play(s, "Accept Prophecy")
    prompt_is(s, 0, "draw_skills")
    assert s.labels() == ["1 Politics", "1 Leadership", "1 Tactics", "1 Piloting",
                          "1 Engineering"]
    expected = top(s, "skill:engineering")
    s.do("1 Engineering")
    st = s.state
    assert ids(st["seats"][0]["hand"]) == expected
    assert [(catalog.card(e["uid"])["id"], e["holder"]) for e in st["in_play"]] == [
        ("accept_prophecy", 0)]
    assert st["quorum_hand"] == []
    # later: Tyrol activates Administration; the check is 2 harder and the card goes away
    stand(s, 3, "administration")
    s.give_cards(3, "consolidate_power_1")
    s.action_step(3)
    s.do("Activate Administration:")
    s.do("Tyrol")
    # Accept Prophecy applies at once (the check is 7); Zarek may change it by 2
    zarek_declines(s, "Administration (7; Politics + Leadership)")
    # Zarek (left of Tyrol) holds the card he drew: he is asked first
    prompt = prompt_is(s, 0, "skill_check")
    assert prompt["text"].startswith("Administration (7; Politics + Leadership)")
    st = s.state
    assert st["in_play"] == []
    assert ids(st["discards"]["quorum"]) == ["accept_prophecy"]


def test_accept_prophecy_at_admirals_quarters_only_against_the_president() -> None:
    s = standard("accept_prophecy")
    play(s, "Accept Prophecy")
    s.do("1 Politics")
    stand(s, 2, "admirals_quarters")
    s.give_cards(2, "launch_scout_1")
    s.action_step(2)
    s.do("Activate Admiral's Quarters:")
    s.do("Tyrol")
    assert prompt_is(s, 0, "skill_check")["text"].startswith("Admiral's Quarters (7;")
    assert len(s.state["in_play"]) == 1
    s.action_step(2)
    s.do("Activate Admiral's Quarters:")
    s.do("Tom Zarek")
    assert prompt_is(s, 0, "skill_check")["text"].startswith("Admiral's Quarters (9;")
    assert s.state["in_play"] == []


def test_arrest_order_sends_the_admiral_to_the_brig_and_the_title_passes() -> None:
    s = standard("arrest_order")
    play(s, "Arrest Order")
    prompt_is(s, 0, "choose_character")
    assert s.labels() == ["P0 (Tom Zarek)", "P1 (William Adama)",
                          'P2 (Kara "Starbuck" Thrace)', 'P3 (Galen "Chief" Tyrol)']
    s.do("William Adama")
    st = s.state
    assert st["seats"][1]["location"] == "brig"
    assert st["admiral"] == 2  # Starbuck (5th in line) before Tyrol (7th), Zarek (8th)
    assert ids(st["discards"]["quorum"]) == ["arrest_order"]
    assert st["quorum_hand"] == []
    prompt_is(s, 2, "choose")  # Riots: the new Admiral chooses


def test_arrest_order_a_president_in_the_brig_keeps_the_title_and_the_quorum_hand() -> None:
    s = standard("arrest_order", "food_rationing")
    play(s, "Arrest Order")
    s.do("Tom Zarek")
    st = s.state
    assert st["seats"][0]["location"] == "brig"
    assert st["president"] == 0
    assert ids(st["quorum_hand"]) == ["food_rationing"]
    s.action_step(0)
    assert quorum_labels(s) == ["Food Rationing"]


def test_assign_arbitrator_then_used_at_admirals_quarters() -> None:
    s = standard("assign_arbitrator")
    expected = sorted(top(s, "skill:politics", 2))
    play(s, "Assign Arbitrator")
    st = s.state
    assert sorted(ids(st["seats"][0]["hand"])) == expected
    prompt_is(s, 0, "choose_character")
    assert s.labels() == ["P1 (William Adama)", 'P2 (Kara "Starbuck" Thrace)',
                          'P3 (Galen "Chief" Tyrol)']
    s.do("Tyrol")
    assert [(catalog.card(e["uid"])["id"], e["holder"]) for e in s.state["in_play"]] == [
        ("assign_arbitrator", 3)]
    # Starbuck accuses Adama at Admiral's Quarters: Tyrol may use the card
    stand(s, 2, "admirals_quarters")
    set_destiny(s, "executive_order_2", "launch_scout_2")  # +4
    s.action_step(2)
    s.do("Activate Admiral's Quarters:")
    s.do("William Adama")
    prompt_is(s, 3, "card_window")
    assert s.labels() == ["Use Assign Arbitrator: difficulty +3",
                          "Use Assign Arbitrator: difficulty −3", "Do not use Assign Arbitrator"]
    s.do("difficulty −3")
    prompt_is(s, 0, "skill_check")  # Zarek holds the 2 Politics cards he drew
    s.do("Add no more cards")
    st = s.state
    assert st["in_play"] == []
    assert ids(st["discards"]["quorum"]) == ["assign_arbitrator"]
    # nobody holds cards: 4 against 4 passes
    assert st["seats"][1]["location"] == "brig"
    assert any(e.startswith("Admiral's Quarters: 4 against 4 — passed") for e in s.log())


def test_assign_arbitrator_kept_when_not_used() -> None:
    s = standard("assign_arbitrator")
    play(s, "Assign Arbitrator")
    s.do("Kara")
    stand(s, 3, "admirals_quarters")
    s.action_step(3)
    s.do("Activate Admiral's Quarters:")
    s.do("William Adama")
    prompt_is(s, 2, "card_window")
    s.do("Do not use")
    assert [e["holder"] for e in s.state["in_play"]] == [2]


def test_assign_mission_specialist_lets_the_holder_pick_from_3_destinations(
        dice: list[int]) -> None:
    s = standard("assign_mission_specialist")
    play(s, "Assign Mission Specialist")
    assert len(s.state["seats"][0]["hand"]) == 2
    s.do("Kara")
    assert [e["holder"] for e in s.state["in_play"]] == [2]
    # a jump from FTL Control (activated by Tyrol): Starbuck, not the Admiral, picks
    stand(s, 3, "ftl_control")
    s.state["jump_track"] = 4
    s.stack("destination", "remote_planet", "barren_planet", "deep_space")
    s.action_step(3)
    dice.append(7)
    s.do("Activate FTL Control:")
    prompt_is(s, 2, "destination")
    assert [label.split(" (")[0] for label in s.labels()] == ["Remote Planet", "Barren Planet",
                                                             "Deep Space"]
    s.do("Deep Space")
    st = s.state
    assert ids(st["destinations"]) == ["deep_space"]
    assert sorted(ids(st["decks"]["destination"][:2])) == ["barren_planet", "remote_planet"]
    assert st["in_play"] == []
    assert ids(st["discards"]["quorum"]) == ["assign_mission_specialist"]
    assert st["resources"] == {**START, "fuel": 7, "morale": 9}


def test_assign_vice_president_restricts_nominations_at_administration() -> None:
    s = standard("assign_vice_president")
    play(s, "Assign Vice President")
    s.do("Tyrol")
    assert [e["holder"] for e in s.state["in_play"]] == [3]
    stand(s, 2, "administration")
    set_destiny(s, "investigative_committee_5", "consolidate_power_1")
    s.action_step(2)
    s.do("Activate Administration:")  # only the Vice President may be nominated: not asked
    assert "P2 (Kara \"Starbuck\" Thrace) chose P3 (Galen \"Chief\" Tyrol)" in s.log()
    zarek_declines(s, "Administration (5; Politics + Leadership)")
    s.do("Add no more cards")  # Zarek, holding the 2 Politics cards he drew
    st = s.state
    assert st["president"] == 3
    # Tyrol is President now: anyone may be nominated again
    s.action_step(2)
    s.do("Activate Administration:")
    assert len(s.labels()) == 4
    assert [e["holder"] for e in s.state["in_play"]] == [3]  # the card stays in play


@pytest.mark.parametrize(("roll", "population"), [(2, 11), (1, 11), (3, 12), (8, 12)])
def test_authorization_of_brutal_force_destroys_a_centurion_then_rolls(
        dice: list[int], roll: int, population: int) -> None:
    s = standard("authorization_of_brutal_force")
    s.state["centurions"] = [0, 2]
    play(s, "Authorization of Brutal Force")
    prompt_is(s, 0, "choose")
    assert s.labels() == ["Destroy 3 raiders", "Destroy 1 heavy raider", "Destroy 1 centurion"]
    dice.append(roll)
    s.do("Destroy 1 centurion")
    st = s.state
    assert dice == []
    assert st["centurions"] == [0]  # the most advanced one
    assert st["resources"] == {**START, "population": population}
    assert st["space"]["front"]["raider"] == 3
    assert ids(st["discards"]["quorum"]) == ["authorization_of_brutal_force"]
    prompt_is(s, 1, "choose")  # Riots


def test_authorization_of_brutal_force_one_heavy_raider(dice: list[int]) -> None:
    s = standard("authorization_of_brutal_force")
    s.state["space"]["front_lower"]["heavy_raider"] = 1
    play(s, "Authorization of Brutal Force")
    dice.append(4)
    s.do("Destroy 1 heavy raider")
    st = s.state
    assert st["space"]["front_lower"]["heavy_raider"] == 0
    assert st["space"]["front"]["raider"] == 3
    assert st["resources"] == START


def test_authorization_of_brutal_force_destroys_3_raiders(dice: list[int]) -> None:
    s = standard("authorization_of_brutal_force")
    assert s.state["space"]["front"]["raider"] == 3  # the setup raiders
    play(s, "Authorization of Brutal Force")
    dice.append(5)
    s.do("Destroy 3 raiders")  # all in one area: no question
    assert s.state["space"]["front"]["raider"] == 0
    assert s.state["resources"] == START


def test_authorization_of_brutal_force_raiders_in_two_areas(dice: list[int]) -> None:
    s = standard("authorization_of_brutal_force")
    s.state["space"]["rear"]["raider"] = 1
    play(s, "Authorization of Brutal Force")
    s.do("Destroy 3 raiders")
    prompt_is(s, 0, "destroy_ships")
    assert s.labels() == [AREA_NAMES["front"], AREA_NAMES["rear"]]
    dice.append(5)
    s.do("Behind the stern")
    st = s.state  # the first from the stern, then the 2 others from the bow
    assert st["space"]["rear"]["raider"] == 0 and st["space"]["front"]["raider"] == 1


@pytest.mark.parametrize(("roll", "admiral", "morale"), [(3, 2, 10), (8, 2, 10), (2, 1, 9),
                                                          (1, 1, 9)])
def test_encourage_mutiny(dice: list[int], roll: int, admiral: int, morale: int) -> None:
    s = standard("encourage_mutiny")
    play(s, "Encourage Mutiny")
    prompt_is(s, 0, "choose_character")
    # another player who is not the Admiral
    assert s.labels() == ['P2 (Kara "Starbuck" Thrace)', 'P3 (Galen "Chief" Tyrol)']
    dice.append(roll)
    s.do("Kara")
    st = s.state
    assert dice == []
    assert f'P2 (Kara "Starbuck" Thrace) rolled {roll} (Encourage Mutiny)' in s.log()
    assert st["admiral"] == admiral
    assert st["resources"]["morale"] == morale
    assert ids(st["discards"]["quorum"]) == ["encourage_mutiny"]


@pytest.mark.parametrize(("card", "name", "resource"), [
    ("food_rationing", "Food Rationing", "food"),
    ("inspirational_speech", "Inspirational Speech", "morale"),
])
@pytest.mark.parametrize("roll", [6, 8])
def test_roll_6_or_more_gains_1_and_removes_the_card(dice: list[int], card: str, name: str,
                                                     resource: str, roll: int) -> None:
    s = standard(card)
    dice.append(roll)
    play(s, name)
    st = s.state
    assert st["resources"] == {**START, resource: START[resource] + 1}
    assert ids(st["removed"]) == [card]
    assert st["discards"]["quorum"] == [] and st["quorum_hand"] == []
    prompt_is(s, 1, "choose")  # Riots


@pytest.mark.parametrize(("card", "name"), [("food_rationing", "Food Rationing"),
                                            ("inspirational_speech", "Inspirational Speech")])
@pytest.mark.parametrize("roll", [1, 5])
def test_roll_5_or_less_does_nothing_and_discards_the_card(dice: list[int], card: str,
                                                          name: str, roll: int) -> None:
    s = standard(card)
    dice.append(roll)
    play(s, name)
    st = s.state
    assert st["resources"] == START
    assert st["removed"] == []
    assert ids(st["discards"]["quorum"]) == [card]


def test_presidential_pardon_frees_a_character_from_the_brig() -> None:
    s = standard("presidential_pardon")
    place(s.edit(), 1, "brig")
    assert s.state["admiral"] == 2
    s.action_step(0)
    play(s, "Presidential Pardon")  # Adama, the only one in the Brig: picked without asking
    prompt_is(s, 0, "location")  # the President chooses where he goes
    assert s.labels() == ["FTL Control", "Weapons Control", "Command", "Communications",
                          "Admiral's Quarters", "Research Lab", "Hangar Deck", "Armory"]
    s.do("Armory")
    st = s.state
    assert st["seats"][1]["location"] == "armory"
    assert st["admiral"] == 2  # a freed Admiral does not get the title back
    assert ids(st["discards"]["quorum"]) == ["presidential_pardon"]


@pytest.mark.parametrize(("roll", "morale"), [(3, 9), (1, 9), (4, 10), (8, 10)])
def test_release_cylon_mugshots(dice: list[int], roll: int, morale: int) -> None:
    s = standard("release_cylon_mugshots")
    loyalty = catalog.card(s.state["seats"][2]["loyalty"][0])["name"]
    play(s, "Release Cylon Mugshots")
    prompt_is(s, 0, "choose_character")
    assert s.labels() == ["P1 (William Adama)", 'P2 (Kara "Starbuck" Thrace)',
                          'P3 (Galen "Chief" Tyrol)']
    dice.append(roll)
    s.do("Kara")
    st = s.state
    looked = [(e["text"], audience_of(e)) for e in s.events if e["kind"] == "loyalty"][-3:]
    assert looked == [
        (f"You looked at P2 (Kara \"Starbuck\" Thrace)'s loyalty: {loyalty}", [0]),
        ("P0 (Tom Zarek) looked at 1 of your loyalty cards", [2]),
        ('P0 (Tom Zarek) looked at 1 loyalty card of P2 (Kara "Starbuck" Thrace)',
         AllBut((0, 2))),
    ]
    assert st["resources"]["morale"] == morale
    assert ids(st["discards"]["quorum"]) == ["release_cylon_mugshots"]


def test_every_quorum_card_is_covered() -> None:
    covered = {"accept_prophecy", "arrest_order", "assign_arbitrator",
               "assign_mission_specialist", "assign_vice_president",
               "authorization_of_brutal_force", "encourage_mutiny", "food_rationing",
               "inspirational_speech", "presidential_pardon", "release_cylon_mugshots"}
    assert {catalog.card(u)["id"] for u in catalog.UIDS["quorum"]} == covered
    assert len(catalog.UIDS["quorum"]) == 17
