"""Scenario tests of the ten character sheets: each positive ability, once-per-game ability and
weakness, at its exact moment.

Every test builds a small known position with `Scenario` (hands emptied, decks stacked, dice
scripted with the `dice` fixture), drives it through the prompts and checks the state, the
prompts and the log exactly. Optional abilities that a test is not about are declined on the
way (`Scenario.settle`), and reaction windows are passed; the declined offers are recorded.
Rule sources: the character sheets (app/games/bsg/cards/characters.yaml, the transcription in
shared/carddata/dennishorte-battlestar/character.json) and the digest
shared/rules/bsg-base.md §11; the rulebook (shared/seeds/bsg-base-rules.ru.txt) wins.
"""

from __future__ import annotations

import pytest

from app.core import AllBut, audience_of
from app.games.bsg import catalog
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    APOLLO,
    AT,
    BALTAR,
    BOOMER,
    FROM,
    HELO,
    KARA,
    ROSLIN,
    START,
    TIGH,
    TO,
    TYROL,
    ZAREK,
    Scenario,
    action,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    give_any,
    halt,
    hand,
    ids,
    name,
    new,
    offers,
    pilot,
    prompt_is,
    run,
    run_turn,
    said_modifiers,
    set_destiny,
    stand,
    top,
)

# ---- helpers -------------------------------------------------------------------------------


def ability_label(character: str, key: str) -> str:
    ability = catalog.CHARACTERS[character][key]
    once = " (once per game)" if key == "once_per_game" else ""
    return f"{ability['name']}{once}: {ability['text']}"


def offer_text(character: str, key: str) -> str:
    """The yes/no question of an optional ability."""
    ability = catalog.CHARACTERS[character][key]
    once = " (once per game)" if key == "once_per_game" else ""
    return f"Use {ability['name']}{once}? {ability['text']}"


# ---- William Adama -------------------------------------------------------------------------


@pytest.mark.parametrize(("current", "total", "outcome"), [(0, 7, "pass"), (1, 1, "fail")])
def test_adama_inspirational_leader_strength_1_cards_count_positive_in_his_own_crisis(
        current: int, total: int, outcome: str) -> None:
    """Inspirational Leader: when Adama draws a Crisis card, every strength-1 card counts
    positive in its check; in another player's Crisis they count as usual."""
    s = new([ADAMA, ZAREK, TYROL])  # Adama Admiral, Zarek President
    empty_space(s)
    set_destiny(s, "repair_1", "consolidate_power_1")  # Engineering 1, Politics 1
    s.give_cards(1, "evasive_maneuvers_1")  # Piloting 1
    s.give_cards(2, "launch_scout_2")  # Tactics 2
    s.give_cards(0, "executive_order_2")  # Leadership 2
    crisis_step(s, current, "security_breach")  # 6, Leadership + Tactics
    contribute(s, {1: ["Evasive Maneuvers"], 2: ["Launch Scout"], 0: ["Executive Order"]})
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (total, 6, outcome)
    # the cards at face value (+1 +2 +2 −1 −1 −1 would be 1), the ability as its own +6
    positive = {(c["name"], c["positive"]) for c in data["cards"]}
    assert positive == {("Repair", False), ("Consolidate Power", False),
                        ("Evasive Maneuvers", False), ("Launch Scout", True),
                        ("Executive Order", True)}
    assert said_modifiers(data) == ([("Inspirational Leader: strength 1 cards count plus", 6)]
                                    if current == 0 else [])
    fired = f"{name(s, 0)}: Inspirational Leader"
    assert (fired in s.log()) == (current == 0)
    morale = 10 if outcome == "pass" else 9
    assert s.state["resources"] == {**START, "morale": morale}
    assert finished(s)


def test_adama_inspirational_leader_only_in_crisis_checks_not_at_a_location() -> None:
    s = new([ADAMA, ZAREK, TYROL])
    stand(s, 0, "administration")
    stand(s, 1, "press_room")
    set_destiny(s, "repair_1", "consolidate_power_1")  # -1 +1
    action(s, 0)
    s.do("Activate Administration:")
    s.do("William Adama")  # nobody holds a card: revealed at once
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (0, "fail")
    assert f"{name(s, 0)}: Inspirational Leader" not in s.log()


def test_adama_command_authority_takes_the_cards_of_a_check_once_per_game() -> None:
    """Command Authority: once per game, after a skill check is resolved, every card used in
    it goes into Adama's hand instead of the discard piles."""
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.want("Command Authority")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    s.give_cards(0, "strategic_planning_3")
    crisis_step(s, 0, "security_breach")
    contribute(s, {0: ["Strategic Planning"]})
    # the check is resolved (7 >= 6: passed), then the offer to Adama
    assert check_result(s)["outcome"] == "pass"
    prompt = prompt_is(s, 1, "ability")
    assert prompt["text"] == offer_text(ADAMA, "once_per_game")
    assert s.labels() == ["Use Command Authority", "Do not use it"]
    s.do("Use Command Authority")
    st = s.state
    assert hand(s, 1) == ["executive_order_2", "launch_scout_2", "strategic_planning_3"]
    assert all(st["discards"][f"skill:{t}"] == [] for t in catalog.SKILL_TYPES)
    assert st["seats"][1]["once_used"] is True
    assert f"{name(s, 1)} takes the 3 cards of the check into hand" in s.log()
    for seat in (None, 0, 1, 2):
        assert RULES.view(st, seat)["players"][1]["once_used"] is True
    assert finished(s)
    # used: the next check's cards go to their discard piles without asking
    set_destiny(s, "executive_order_1", "launch_scout_1")
    crisis_step(s, 0, "security_breach")
    contribute(s, {})  # Adama keeps his cards
    assert check_result(s)["total"] == 2
    assert not any("Command Authority" in text for text in s.declined)
    assert ids(s.state["discards"]["skill:leadership"]) == ["executive_order_1"]
    assert ids(s.state["discards"]["skill:tactics"]) == ["launch_scout_1"]
    assert hand(s, 1) == ["executive_order_2", "launch_scout_2", "strategic_planning_3"]
    assert finished(s)


def test_adama_emotionally_attached_may_not_activate_admirals_quarters() -> None:
    s = new([ADAMA, ZAREK, TIGH])
    assert s.state["seats"][0]["location"] == "admirals_quarters"
    empty_space(s)  # no basestar: no nuke to launch
    action(s, 0)
    assert s.labels() == ["Do nothing"]
    stand(s, 0, "command")
    stand(s, 2, "admirals_quarters")
    action(s, 2)
    assert s.labels()[0].startswith("Activate Admiral's Quarters:")


# ---- Saul Tigh -----------------------------------------------------------------------------


def cylon_hatred_position(activator: int) -> Scenario:
    """Tigh (seat 0), Adama (seat 1, Admiral, moved to Weapons Control), Zarek (seat 2,
    President); `activator` in Admiral's Quarters accuses Adama; the Destiny cards make 4."""
    s = new([TIGH, ADAMA, ZAREK])
    s.want("Cylon Hatred")
    stand(s, 1, "weapons_control")
    stand(s, activator, "admirals_quarters")
    set_destiny(s, "executive_order_2", "launch_scout_2")  # 4
    action(s, activator)
    s.do("Activate Admiral's Quarters:")
    s.do("William Adama")
    return s


@pytest.mark.parametrize("activator", [0, 2])
def test_tigh_cylon_hatred_is_offered_to_tigh_whoever_activates_admirals_quarters(
        activator: int) -> None:
    s = cylon_hatred_position(activator)
    prompt = prompt_is(s, 0, "card_window")
    assert prompt["text"] == "Admiral's Quarters (7; Leadership + Tactics): use Cylon Hatred?"
    assert s.labels() == ["Use Cylon Hatred: difficulty −3", "Do not use Cylon Hatred"]
    s.do("Do not use Cylon Hatred")
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (4, 7, "fail")
    assert s.state["seats"][1]["location"] == "weapons_control"
    assert finished(s)


@pytest.mark.parametrize("activator", [0, 2])
def test_tigh_cylon_hatred_lowers_admirals_quarters_by_3_whoever_activates_it(
        activator: int) -> None:
    s = cylon_hatred_position(activator)
    s.do("Use Cylon Hatred", seat=0)
    assert f"{name(s, 0)}'s Cylon Hatred: the difficulty is now 4" in s.log()
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (4, 4, "pass")
    st = s.state
    assert st["seats"][1]["location"] == "brig"
    assert st["admiral"] == 0  # Tigh is next in the Admiral's line
    assert st["seats"][0]["once_used"] is False  # not a once-per-game ability
    assert finished(s)


def test_tigh_cylon_hatred_not_offered_at_other_locations() -> None:
    s = new([TIGH, ADAMA, ZAREK])
    s.want("Cylon Hatred")
    stand(s, 2, "administration")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    action(s, 2)
    s.do("Activate Administration:")
    s.do("Saul Tigh")
    assert check_result(s)["difficulty"] == 5
    assert finished(s)


def test_tigh_declare_martial_law_gives_the_president_title_to_the_admiral_once() -> None:
    s = new([TIGH, ADAMA, ROSLIN])
    st = s.state
    assert (st["president"], st["admiral"]) == (2, 1)
    quorum = list(st["quorum_hand"])
    empty_space(s)
    stand(s, 0, "sickbay")  # no location action
    action(s, 0)
    label = ability_label(TIGH, "once_per_game")
    assert label == ("Declare Martial Law (once per game): Action, once per game: the Admiral "
                     "receives the President title.")
    assert s.labels() == [label, "Do nothing"]
    s.do("Declare Martial Law")
    st = s.state
    assert (st["president"], st["admiral"]) == (1, 1)
    assert st["quorum_hand"] == quorum
    assert [c["id"] for c in RULES.view(st, 1)["you"]["quorum_hand"]] == ids(quorum)
    assert st["seats"][0]["once_used"] is True
    assert f"{name(s, 1)} is now the President" in s.log()
    assert finished(s)
    action(s, 0)
    assert s.labels() == ["Do nothing"]


def test_tigh_alcoholic_discards_his_only_card_at_the_start_of_any_turn() -> None:
    s = new([TIGH, ADAMA, ZAREK])
    [card] = s.give_cards(0, "launch_scout_1")
    run_turn(s, 1)  # Adama's turn starts
    # one card held, one owed: everyone can see there is nothing to choose, so nobody is asked
    st = s.state
    assert f"{name(s, 0)} discarded Launch Scout (Tactics 1)" in s.log()
    assert st["seats"][0]["hand"] == []
    assert st["discards"]["skill:tactics"] == [card]
    assert f"{name(s, 0)}: Alcoholic" in s.log()
    # then Adama's turn goes on: his skills, then his Movement
    prompt_is(s, 1, "movement")
    assert len(st["seats"][1]["hand"]) == 5


def test_tigh_alcoholic_keeps_2_cards_and_discards_before_his_own_draw() -> None:
    s = new([TIGH, ADAMA, ZAREK])
    s.give_cards(0, "launch_scout_1", "launch_scout_2")
    run_turn(s, 1)
    prompt_is(s, 1, "movement")
    assert hand(s, 0) == ["launch_scout_1", "launch_scout_2"]
    assert f"{name(s, 0)}: Alcoholic" not in s.log()
    # his own turn, holding 1 card: it goes before he draws his skill set
    s.empty_hands()
    s.give_cards(0, "launch_scout_1")
    run_turn(s, 0)
    prompt_is(s, 0, "movement")  # his only card went without asking him
    assert sorted(catalog.skill_type(u) for u in s.state["seats"][0]["hand"]) == [
        "leadership", "leadership", "tactics", "tactics", "tactics"]


# ---- Karl "Helo" Agathon -------------------------------------------------------------------


def helo_on_board(s: Scenario, seat: int, location: str) -> None:
    s.state["seats"][seat].pop("stranded", None)
    s.state["seats"][seat]["location"] = location


def test_helo_eco_officer_rerolls_once_per_turn_on_his_own_turn(dice: list[int]) -> None:
    s = new([HELO, ADAMA, ZAREK])
    s.want("ECO Officer")
    helo_on_board(s, 0, "armory")
    s.state["centurions"] = [0, 1]
    dice.extend([3, 8])
    action(s, 0, left=2)
    s.do("Activate Armory:")
    # rolled 3: the centurion would survive; Helo is offered the re-roll
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(HELO, "ability")
    assert s.labels() == ["Use ECO Officer", "Do not use it"]
    s.do("Use ECO Officer")
    assert dice == []
    st = s.state
    assert st["centurions"] == [0]  # the new result (8) stands
    assert "The die is rolled again" in s.log()
    assert st["seats"][0]["used_this_turn"] == ["ability"]
    assert st["seats"][0]["once_used"] is False
    # his second action, the same turn: no second re-roll
    prompt_is(s, 0, "action")
    dice.append(3)
    s.do("Activate Armory:")
    assert dice == []
    assert s.state["centurions"] == [0]
    assert "The centurion survives" in s.log()
    assert not any("ECO Officer" in text for text in s.declined)
    assert finished(s)


def test_helo_eco_officer_not_offered_in_another_players_turn(dice: list[int]) -> None:
    s = new([HELO, ADAMA, ZAREK])
    s.want("ECO Officer")
    helo_on_board(s, 0, "command")
    stand(s, 1, "armory")
    s.state["centurions"] = [0]
    dice.append(3)
    action(s, 1)
    s.do("Activate Armory:")
    assert dice == []
    assert s.state["centurions"] == [0]
    assert finished(s)
    assert s.declined == []


def test_helo_moral_compass_switches_a_crisis_choice_once_per_game() -> None:
    s = new([HELO, ADAMA, ZAREK])
    s.want("Moral Compass")
    empty_space(s)
    crisis_step(s, 2, "riots", "riots_basestars")
    prompt = prompt_is(s, 1, "choose")  # the Admiral picks
    assert prompt["text"] == "Riots: choose one"
    s.do("Food -1, morale -1")
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(HELO, "once_per_game")
    s.do("Use Moral Compass")
    st = s.state
    assert "The choice is changed to: Population -1, fuel -1" in s.log()
    assert st["resources"] == {**START, "population": 11, "fuel": 7}
    assert st["seats"][0]["once_used"] is True
    assert finished(s)
    # used: the next choice stands without asking
    crisis_step(s, 2, "riots_basestars")
    s.do("Food -1, morale -1")
    assert s.state["resources"] == {"population": 11, "fuel": 7, "food": 7, "morale": 9}
    assert not any("Moral Compass" in text for text in s.declined)


def test_helo_stranded_off_the_board_until_the_start_of_his_second_turn() -> None:
    s = new([ADAMA, HELO, ZAREK])
    st = s.state
    assert st["seats"][1]["location"] is None
    assert st["seats"][1]["stranded"] == {"until_turn": 2, "location": "hangar_deck"}
    assert RULES.view(st, 0)["players"][1]["stranded"] is True
    empty_space(s)
    s.stack("crisis", "riots")
    run_turn(s, 1)  # his first turn: skills, no Movement, no Action, a Crisis card
    st = s.state
    assert st["seats"][1]["turns"] == 1
    assert sorted(catalog.skill_type(u) for u in st["seats"][1]["hand"]) == [
        "leadership", "leadership", "piloting", "tactics", "tactics"]
    prompt = prompt_is(s, 0, "choose")
    assert prompt["text"] == "Riots: choose one"
    assert st["seats"][1]["location"] is None
    # his second turn begins: he is placed on Hangar Deck, then moves as usual
    run_turn(s, 1)
    st = s.state
    assert st["seats"][1]["turns"] == 2
    assert st["seats"][1]["location"] == "hangar_deck"
    assert "stranded" not in st["seats"][1]
    assert f"{name(s, 1)} is now in Hangar Deck" in s.log()
    assert RULES.view(st, 0)["players"][1]["stranded"] is False
    prompt_is(s, 1, "movement")


def test_helo_stranded_is_not_sent_to_the_brig_and_arrives_on_hangar_deck_at_turn_2() -> None:
    """Stranded: until placed he can neither move nor be moved by anything. Cylon Accusation
    fails in his first turn: he is the current player, but is not locked in the Brig; his
    second turn puts him on Hangar Deck as usual."""
    s = new([ADAMA, HELO, ZAREK])
    empty_space(s)
    set_destiny(s, "repair_1", "evasive_maneuvers_1")  # Engineering, Piloting: -2
    s.stack("crisis", "cylon_accusation")
    run_turn(s, 1)  # his first turn: skills, a Crisis card
    prompt_is(s, 1, "skill_check")
    contribute(s, {})
    assert check_result(s)["outcome"] == "fail"
    st = s.state
    assert st["seats"][1]["location"] is None
    assert st["seats"][1]["stranded"] == {"until_turn": 2, "location": "hangar_deck"}
    assert (f"{name(s, 1)} is stranded: nothing can move this character until placed"
            in s.log())
    assert f"{name(s, 1)} is now in Brig" not in s.log()
    s.stack("crisis", "riots")
    run_turn(s, 1)  # his second turn
    assert s.state["seats"][1]["location"] == "hangar_deck"
    prompt_is(s, 1, "movement")


def test_helo_placement_never_takes_him_out_of_the_brig() -> None:
    """Placing a stranded character is no way out of the Brig: the Brig is left only by its
    own check or an effect that names it (a game saved with Helo stranded in the Brig keeps
    him there)."""
    s = new([ADAMA, HELO, ZAREK])
    s.state["seats"][1].update(location="brig", turns=1)  # his second turn comes next
    s.stack("crisis", "riots")
    run_turn(s, 1)
    st = s.state
    assert "stranded" not in st["seats"][1]
    assert st["seats"][1]["location"] == "brig"
    assert (f"{name(s, 1)} stays in the Brig: only passing its check or an effect that names "
            "the Brig lets anyone out") in s.log()
    prompt_is(s, 1, "action")  # no Movement from the Brig
    assert s.labels()[0].startswith("Activate Brig:")


def test_helo_stranded_cannot_be_accused_at_admirals_quarters() -> None:
    s = new([ZAREK, HELO, TIGH])
    stand(s, 0, "admirals_quarters")
    assert s.state["seats"][1]["stranded"]
    action(s, 0)
    s.do("Activate Admiral's Quarters:")
    prompt_is(s, 0, "choose_character")
    assert s.labels() == [name(s, 0), name(s, 2)]


# ---- Laura Roslin --------------------------------------------------------------------------


def test_roslin_religious_visions_draws_2_resolves_1_the_other_to_the_bottom() -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    empty_space(s)
    crisis_step(s, 0, "riots", "security_breach")
    prompt = prompt_is(s, 0, "crisis_choice")
    assert prompt["text"] == "Choose the Crisis card to resolve"
    assert s.labels() == ["Riots", "Security Breach"]
    st = s.state
    assert [c["id"] for c in RULES.view(st, 0)["you"]["crisis_choice"]] == [
        "riots", "security_breach"]
    assert "crisis_choice" not in RULES.view(st, 1)["you"]
    private = [e for e in s.events if e["text"] == "You draw Riots, Security Breach"]
    assert [e["to"] for e in private] == [[0]]
    assert f"{name(s, 0)} draws 2 Crisis cards" in s.log()
    s.do("Riots")
    st = s.state
    assert ids(st["decks"]["crisis"][:1]) == ["security_breach"]  # the bottom
    prompt = prompt_is(s, 1, "choose")  # Riots is resolved: the Admiral picks
    assert prompt["text"] == "Riots: choose one"
    s.do("Population -1, fuel -1")
    assert s.state["resources"] == {**START, "population": 11, "fuel": 7}
    assert ids(s.state["discards"]["crisis"]) == ["riots"]
    assert finished(s)


def test_roslin_skilled_politician_resolves_1_of_4_quorum_cards_without_the_title(
        dice: list[int]) -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    s.state["president"] = 2  # Zarek is President
    quorum = list(s.state["quorum_hand"])
    s.stack("quorum", "inspirational_speech", "food_rationing", "arrest_order",
            "encourage_mutiny")
    empty_space(s)
    action(s, 0)
    label = ability_label(ROSLIN, "once_per_game")
    assert label in s.labels()
    s.do("Skilled Politician")
    prompt = prompt_is(s, 0, "quorum_choice")
    assert prompt["text"] == "Choose the Quorum card to resolve"
    assert [lbl.split(":")[0] for lbl in s.labels()] == [
        "Inspirational Speech", "Food Rationing", "Arrest Order", "Encourage Mutiny"]
    assert [c["id"] for c in RULES.view(s.state, 0)["you"]["quorum_choice"]] == [
        "inspirational_speech", "food_rationing", "arrest_order", "encourage_mutiny"]
    assert "quorum_choice" not in RULES.view(s.state, 2)["you"]
    dice.append(8)
    s.do("Inspirational Speech")
    st = s.state
    assert dice == []
    assert st["resources"] == {**START, "morale": 11}
    assert ids(st["removed"]) == ["inspirational_speech"]
    assert ids(st["decks"]["quorum"][:3]) == ["food_rationing", "arrest_order",
                                             "encourage_mutiny"]  # the bottom
    assert st["quorum_hand"] == quorum
    assert st["president"] == 2
    assert st["seats"][0]["once_used"] is True
    assert finished(s)
    action(s, 0)
    assert label not in s.labels()


def test_roslin_terminal_illness_discards_2_before_activating_a_location() -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    stand(s, 0, "press_room")
    s.give_cards(0, "executive_order_1")
    action(s, 0)
    assert not offers(s, "Activate Press Room:")  # 1 card: no location at all
    s.give_cards(0, "launch_scout_1")
    action(s, 0)
    politics = sorted(top(s, "skill:politics", 2))
    s.do("Activate Press Room:")
    # 2 cards held, 2 owed: nothing to choose, so she is not asked (hand sizes are public)
    assert f"{name(s, 0)} discarded Executive Order (Leadership 1)" in s.log()
    assert f"{name(s, 0)} discarded Launch Scout (Tactics 1)" in s.log()
    assert hand(s, 0) == politics  # the Press Room's 2 Politics cards came after
    assert finished(s)


# ---- Gaius Baltar --------------------------------------------------------------------------


def test_baltar_delusional_intuition_takes_1_card_of_any_type_when_he_draws_a_crisis(
) -> None:
    s = new([BALTAR, ADAMA, ZAREK])
    empty_space(s)
    piloting = top(s, "skill:piloting")
    crisis_step(s, 0, "riots")
    prompt = prompt_is(s, 0, "draw_skills")
    assert prompt["text"] == "Delusional Intuition: choose which skill cards to draw"
    assert s.labels() == ["1 Politics", "1 Leadership", "1 Tactics", "1 Piloting",
                          "1 Engineering"]
    assert f"{name(s, 0)}: Delusional Intuition" in s.log()
    s.do("1 Piloting")
    assert hand(s, 0) == piloting
    prompt = prompt_is(s, 1, "choose")  # then the crisis: Riots
    assert prompt["text"] == "Riots: choose one"
    # another player's Crisis card: nothing for Baltar
    s.do("Food -1, morale -1")
    crisis_step(s, 2, "riots_basestars")
    prompt_is(s, 1, "choose")
    assert hand(s, 0) == piloting


def test_baltar_cylon_detector_looks_at_all_loyalty_cards_of_another_player() -> None:
    s = new([BALTAR, ADAMA, ZAREK])
    st = s.state
    extra = st["decks"]["loyalty"].pop()
    st["seats"][1]["loyalty"].append(extra)
    seen = ", ".join(catalog.card(u)["name"] for u in st["seats"][1]["loyalty"])
    action(s, 0)
    s.do("Cylon Detector")
    prompt = prompt_is(s, 0, "choose_character")
    assert prompt["text"] == "Cylon Detector: choose a character"
    assert s.labels() == [name(s, 1), name(s, 2)]  # another player, never himself
    s.do("William Adama")
    looked = [e for e in s.events if e["kind"] == "loyalty"][-3:]
    assert [(e["text"], audience_of(e)) for e in looked] == [
        (f"You looked at {name(s, 1)}'s loyalty: {seen}", [0]),
        (f"{name(s, 0)} looked at 2 of your loyalty cards", [1]),
        (f"{name(s, 0)} looked at 2 loyalty cards of {name(s, 1)}", AllBut((0, 1))),
    ]
    assert s.state["seats"][0]["once_used"] is True
    assert finished(s)
    action(s, 0)
    assert not offers(s, "Cylon Detector")


def test_baltar_coward_is_dealt_2_loyalty_cards() -> None:
    s = new([ADAMA, BALTAR, ZAREK])
    st = s.state
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [1, 2, 1]
    # 3 players: 1 Cylon + 5 Not a Cylon, +1 for Baltar; 4 dealt, 3 left for the Sleeper
    # Agent phase
    assert len(st["decks"]["loyalty"]) == 3


# ---- Tom Zarek -----------------------------------------------------------------------------


@pytest.mark.parametrize(("location", "chosen", "label", "difficulty"), [
    ("administration", "Galen", "difficulty +2", 7),
    ("brig", None, "difficulty −2", 5),
])
def test_zarek_friends_in_low_places_raises_or_lowers_administration_or_brig_by_2(
        location: str, chosen: str | None, label: str, difficulty: int) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    s.want("Friends in Low Places")
    stand(s, 0, "command")
    stand(s, 2, location)
    set_destiny(s, "investigative_committee_3", "executive_order_2")  # Politics 3, Leadership 2
    action(s, 2)
    s.do(f"Activate {catalog.LOCATIONS[location]['name']}:")
    if chosen:
        s.do(chosen)
    prompt = prompt_is(s, 0, "card_window")
    check = catalog.LOCATIONS[location]["name"]
    assert prompt["text"].startswith(f"{check} (")
    assert prompt["text"].endswith("use Friends in Low Places?")
    assert s.labels() == ["Use Friends in Low Places: difficulty +2",
                          "Use Friends in Low Places: difficulty −2",
                          "Do not use Friends in Low Places"]
    s.do(label)
    assert f"{name(s, 0)}'s Friends in Low Places: the difficulty is now {difficulty}" in s.log()
    data = check_result(s)
    assert data["difficulty"] == difficulty
    assert s.state["seats"][0]["once_used"] is False
    assert finished(s)


def test_zarek_unconventional_tactics_trades_1_population_for_another_resource() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    stand(s, 0, "armory")
    action(s, 0)
    s.do("Unconventional Tactics")
    prompt = prompt_is(s, 0, "choose")
    assert prompt["text"] == "Unconventional Tactics: choose one"
    assert s.labels() == ["Gain 1 fuel", "Gain 1 food", "Gain 1 morale"]
    assert s.state["resources"] == {**START, "population": 11}
    s.do("Gain 1 food")
    st = s.state
    assert st["resources"] == {**START, "population": 11, "food": 9}
    assert st["seats"][0]["once_used"] is True
    assert finished(s)
    action(s, 0)
    assert not offers(s, "Unconventional Tactics")


def test_zarek_convicted_criminal_no_location_where_another_stands_but_the_brig() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    s.state["seats"][0]["once_used"] = True
    stand(s, 0, "press_room")
    stand(s, 2, "press_room")
    action(s, 0)
    assert not offers(s, "Activate Press Room:")
    stand(s, 2, "command")
    action(s, 0)
    assert offers(s, "Activate Press Room:")
    # the Brig is the exception
    stand(s, 0, "brig")
    stand(s, 2, "brig")
    action(s, 0)
    assert offers(s, "Activate Brig:")
    # another character may use a location where Zarek stands
    stand(s, 0, "press_room")
    stand(s, 2, "press_room")
    action(s, 2)
    assert offers(s, "Activate Press Room:")


# ---- Lee "Apollo" Adama --------------------------------------------------------------------


def test_apollo_alert_viper_pilot_jumps_into_a_viper_launched_from_the_reserves() -> None:
    s = new([TIGH, APOLLO, ADAMA])
    s.want("Alert Viper Pilot")
    empty_space(s)
    stand(s, 1, "armory")
    reserves = s.state["reserves"]["viper"]
    action(s, 0)  # Tigh in Command
    s.do("Activate Command:")
    s.do(f"Launch a viper {TO['front_lower']}")
    prompt = prompt_is(s, 1, "ability")
    assert prompt["text"] == offer_text(APOLLO, "ability")
    s.do("Use Alert Viper Pilot")
    st = s.state
    assert st["seats"][1]["viper"] == "front_lower"
    assert st["seats"][1]["location"] is None
    assert st["space"]["front_lower"]["vipers"] == [{"pilot": 1}]
    assert st["reserves"]["viper"] == reserves - 1
    assert f"{name(s, 1)} jumps into the viper {AT['front_lower']}" in s.log()
    # then Apollo's 1 action, in Tigh's turn
    prompt = prompt_is(s, 1, "action")
    assert prompt["text"] == "Choose your action"
    s.do("Do nothing")
    # back to Tigh's second viper activation
    prompt = prompt_is(s, 0, "vipers")
    assert prompt["text"] == "Viper activations left: 1"
    s.do("Stop activating vipers")
    assert finished(s)


@pytest.mark.parametrize("where", ["brig", "press_room", "viper"])
def test_apollo_alert_viper_pilot_only_from_a_galactica_location_not_the_brig(
        where: str) -> None:
    s = new([TIGH, APOLLO, ADAMA])
    s.want("Alert Viper Pilot")
    empty_space(s)
    if where == "viper":
        pilot(s, 1, "rear")
    else:
        stand(s, 1, where)
    action(s, 0)
    s.do("Activate Command:")
    s.do(f"Launch a viper {TO['front_lower']}")
    prompt = prompt_is(s, 0, "vipers")  # no offer to Apollo
    assert prompt["text"] == "Viper activations left: 1"
    assert s.state["space"]["front_lower"]["vipers"] == [{"pilot": None}]


def test_apollo_cag_6_unmanned_viper_activations_once_per_game(dice: list[int]) -> None:
    s = new([APOLLO, ADAMA, ZAREK])
    empty_space(s)
    pilot(s, 0, "rear")
    s.state["reserves"]["viper"] -= 1
    s.state["space"]["front_lower"]["vipers"].append({"pilot": None})
    s.state["space"]["front"]["raider"] = 2
    action(s, 0)
    label = ability_label(APOLLO, "once_per_game")
    assert label == "CAG (once per game): Action, once per game: activate up to 6 unmanned vipers."
    s.do("CAG")
    prompt = prompt_is(s, 0, "vipers")
    assert prompt["text"] == "Viper activations left: 6"
    s.do(f"Launch a viper {TO['rear_lower']}")
    s.do(f"Move a viper {FROM['front_lower']} to {AT['front']}")
    dice.extend([3, 4])
    s.do(f"Attack a raider {AT['front']}")
    s.do(f"Attack a raider {AT['front']}")
    assert dice == []
    prompt = prompt_is(s, 0, "vipers")
    assert prompt["text"] == "Viper activations left: 2"
    # his own piloted viper is never activated by CAG
    assert not any(lbl.startswith(f"Move a viper {FROM['rear']}")
                   for lbl in s.labels())
    s.do("Stop activating vipers")
    st = s.state
    assert st["space"]["front"]["raider"] == 0
    assert st["space"]["front"]["vipers"] == [{"pilot": None}]
    assert st["space"]["rear_lower"]["vipers"] == [{"pilot": None}]
    assert st["space"]["rear"]["vipers"] == [{"pilot": 0}]
    assert st["seats"][0]["once_used"] is True
    assert finished(s)
    action(s, 0)
    assert label not in s.labels()


def test_apollo_headstrong_discards_at_random_at_the_hand_limit() -> None:
    s = new([APOLLO, ADAMA, ZAREK])
    give_any(s, 0, "piloting", 12)
    give_any(s, 1, "leadership", 11)
    before = list(s.state["seats"][0]["hand"])
    run(s, {"step": "end_turn", "stage": "limits"}, current=2)
    # Apollo's two discards are made at random, without a question; Adama chooses his, and
    # nothing leaves a hand until he has (the players over the limit discard at once)
    prompt = prompt_is(s, 1, "discard")
    assert prompt["text"] == "Hand limit 10: discard 1 skill card"
    assert [p["seat"] for p in RULES.prompts(s.state)] == [1]
    assert len(s.state["seats"][0]["hand"]) == 12
    s.do("Discard")
    assert len(s.state["seats"][1]["hand"]) == 10
    st = s.state
    kept = st["seats"][0]["hand"]
    assert len(kept) == 10
    gone = [u for u in before if u not in kept]
    assert len(gone) == 2
    assert sorted(st["discards"]["skill:piloting"]) == sorted(gone)
    discarded = [e["text"] for e in s.events if e["kind"] == "discard" and e.get("to") is None]
    assert sorted(discarded[:2]) == sorted(
        f"{name(s, 0)} discarded {catalog.card(u)['name']} (Piloting "
        f"{catalog.card(u)['strength']})" for u in gone)
    assert discarded[2].startswith(f"{name(s, 1)} discarded ")
    assert finished(s)


# ---- Kara "Starbuck" Thrace ----------------------------------------------------------------


def test_starbuck_expert_pilot_2_actions_when_her_turn_starts_in_a_viper() -> None:
    s = new([KARA, ADAMA, ZAREK])
    pilot(s, 0, "front_lower")
    s.give_cards(0, "repair_1")
    run_turn(s, 0)
    assert f"{name(s, 0)}: Expert Pilot" in s.log()
    prompt_is(s, 0, "receive_skills")  # her Leadership/Engineering split
    s.do("1 Leadership, 0 Engineering")
    # FAQ: she keeps the 2 actions even if she leaves the viper in her Movement
    prompt_is(s, 0, "movement")
    s.do("Leave your viper for Command")
    s.do("Repair")
    assert s.state["seats"][0]["location"] == "command"
    prompt = prompt_is(s, 0, "action")
    assert prompt["text"] == "Choose your action (2 left)"


def test_starbuck_without_a_viper_at_the_start_of_her_turn_has_1_action() -> None:
    s = new([KARA, ADAMA, ZAREK])
    assert s.state["seats"][0]["location"] == "hangar_deck"
    run_turn(s, 0)
    s.do("1 Leadership, 0 Engineering")
    s.do("Stay")
    prompt = prompt_is(s, 0, "action")
    assert prompt["text"] == "Choose your action"
    assert f"{name(s, 0)}: Expert Pilot" not in s.log()


def test_starbuck_secret_destiny_replaces_a_crisis_card_just_revealed_once_per_game(
) -> None:
    s = new([KARA, ADAMA, ZAREK])
    s.want("Secret Destiny")
    empty_space(s)
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 2, "riots", "security_breach")  # Zarek's Crisis step
    assert "Crisis: Riots — " + catalog.card(s.state["aside"]["resolving"][0])["text"] in \
        s.log()
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(KARA, "once_per_game")
    s.do("Use Secret Destiny")
    st = s.state
    assert "Riots is discarded" in s.log()
    assert st["seats"][0]["once_used"] is True
    # Security Breach replaces it (4 < 6: fail; morale -1)
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (4, 6, "fail")
    assert s.state["resources"] == {**START, "morale": 9}
    assert sorted(ids(s.state["discards"]["crisis"])) == ["riots", "security_breach"]
    assert not any("Secret Destiny" in text for text in s.declined)
    assert finished(s)


def test_starbuck_insubordinate_accused_at_admirals_quarters_lowers_it_by_3() -> None:
    s = new([ZAREK, ADAMA, KARA])
    stand(s, 1, "command")
    stand(s, 0, "admirals_quarters")
    set_destiny(s, "executive_order_2", "launch_scout_2")  # 4
    action(s, 0)
    s.do("Activate Admiral's Quarters:")
    s.do("Kara")
    assert f"{name(s, 2)}'s Insubordinate: the difficulty is now 4" in s.log()
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (4, 4, "pass")
    assert s.state["seats"][2]["location"] == "brig"
    assert finished(s)
    # accusing someone else: 7
    set_destiny(s, "executive_order_1", "launch_scout_1")
    action(s, 0)
    s.do("Activate Admiral's Quarters:")
    s.do("William Adama")
    assert check_result(s)["difficulty"] == 7


# ---- Sharon "Boomer" Valerii ---------------------------------------------------------------


def test_boomer_recon_looks_at_the_top_crisis_card_at_the_end_of_her_turn() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Recon")
    s.stack("crisis", "riots", "security_breach")
    run(s, {"step": "end_turn", "stage": "abilities"}, current=0)
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(BOOMER, "ability")
    s.do("Use Recon")
    prompt = prompt_is(s, 0, "peek")
    # the card is named only in this seat's options and private log, not in the prompt text
    assert prompt["text"] == "Leave the top crisis card on top, or put it on the bottom"
    assert s.labels() == ["Leave Riots on top", "Put Riots on the bottom"]
    s.do("Put Riots on the bottom")
    st = s.state
    assert top(s, "crisis") == ["security_breach"]
    assert ids(st["decks"]["crisis"][:1]) == ["riots"]
    peeks = [(e["text"], e["to"]) for e in s.events if e["kind"] == "peek"]
    assert peeks == [("You look at the top crisis card: Riots", [0]),
                     (f"{name(s, 0)} looked at the top crisis card and put it on the bottom",
                      None)]
    assert st["seats"][0]["once_used"] is False
    assert finished(s)


def test_boomer_recon_only_at_the_end_of_her_own_turn() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Recon")
    run(s, {"step": "end_turn", "stage": "abilities"}, current=1)
    assert finished(s)


@pytest.mark.parametrize(("decision", "morale"), [("It passes", 10), ("It fails", 9)])
def test_boomer_mysterious_intuition_decides_a_crisis_check_without_playing_it(
        decision: str, morale: int) -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Mysterious Intuition")
    empty_space(s)
    s.give_cards(1, "executive_order_1")
    s.give_cards(2, "launch_scout_1")
    destiny = list(s.state["decks"]["destiny"])
    crisis_step(s, 2, "security_breach")
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(BOOMER, "once_per_game")
    s.do("Use Mysterious Intuition")
    prompt = prompt_is(s, 0, "decide_check")
    assert prompt["text"] == "Decide the skill check without playing it"
    assert s.labels() == ["It passes", "It fails"]
    s.do(decision)
    st = s.state
    # no Destiny card drawn, nobody asked for cards
    assert st["decks"]["destiny"] == destiny
    assert hand(s, 1) == ["executive_order_1"] and hand(s, 2) == ["launch_scout_1"]
    word = "passed" if decision == "It passes" else "failed"
    assert f"Security Breach: {word} (decided without a check)" in s.log()
    assert st["resources"] == {**START, "morale": morale}
    assert st["seats"][0]["once_used"] is True
    assert finished(s)


def test_boomer_mysterious_intuition_not_for_a_location_check() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Mysterious Intuition")
    set_destiny(s, "executive_order_1", "launch_scout_1")
    action(s, 2)  # Zarek in Administration
    s.do("Activate Administration:")
    s.do("Tom Zarek")
    assert check_result(s)["total"] == 0
    assert finished(s)


def test_boomer_sleeper_agent_2_loyalty_cards_in_her_place_in_the_deal_then_the_brig() -> None:
    """Her second card is dealt with her first, in her place clockwise from the current
    player, not after everyone's (our ruling: the rulebook deals each player one card and
    gives no order; her sheet only says she is dealt 2 instead of 1)."""
    s = new([ADAMA, BOOMER, ZAREK])
    st = s.state
    # 3 players: 1 Cylon + 5 Not a Cylon, +1 for Boomer; 3 dealt
    assert len(st["decks"]["loyalty"]) == 4
    deck = list(reversed(st["decks"]["loyalty"]))  # the top first
    before = [list(seat["loyalty"]) for seat in st["seats"]]
    run(s, {"step": "sleeper_phase"}, current=0)
    st = s.state
    assert st["seats"][0]["loyalty"] == before[0] + [deck[0]]
    assert st["seats"][1]["loyalty"] == before[1] + [deck[1], deck[2]]
    assert st["seats"][2]["loyalty"] == before[2] + [deck[3]]
    assert st["decks"]["loyalty"] == []
    assert st["seats"][1]["location"] == "brig"
    log = s.log()
    log = log[log.index("Sleeper Agent phase: every player receives a loyalty card"):]
    # she goes to the Brig right after her cards, before the next player's card
    assert log.index(f"{name(s, 1)} is now in Brig") < log.index(
        f"{name(s, 2)} received a loyalty card")
    assert finished(s)


# ---- Galen "Chief" Tyrol -------------------------------------------------------------------


def test_tyrol_maintenance_engineer_one_more_action_after_a_repair_once_per_turn() -> None:
    s = new([TYROL, ADAMA, ZAREK])
    s.want("Maintenance Engineer")
    st = s.state
    assert st["seats"][0]["location"] == "hangar_deck"
    st["damaged_vipers"] = 3
    st["reserves"]["viper"] -= 3
    reserves = st["reserves"]["viper"]
    s.give_cards(0, "repair_1", "repair_2")
    action(s, 0)
    # Hangar Deck is not damaged: repairing vipers is the only choice, taken without asking
    s.do("Play Repair (Engineering 1)")
    # after the repair: the offer
    assert s.state["damaged_vipers"] == 1
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(TYROL, "ability")
    s.do("Use Maintenance Engineer")
    prompt = prompt_is(s, 0, "action")
    assert prompt["text"] == "Choose your action"
    s.do("Play Repair (Engineering 2)")
    st = s.state
    assert st["damaged_vipers"] == 0
    assert st["reserves"]["viper"] == reserves + 3
    assert st["seats"][0]["used_this_turn"] == ["ability"]
    assert not any("Maintenance Engineer" in text for text in s.declined)
    assert finished(s)


def test_tyrol_maintenance_engineer_no_extra_action_from_a_repair_with_nothing_to_repair(
) -> None:
    """With no damaged viper and his location undamaged, a Repair card repairs nothing: it is
    not offered as an action, so it cannot buy Tyrol an extra action (our ruling, as for other
    actions with nothing to act on)."""
    s = new([TYROL, ADAMA, ZAREK])
    s.want("Maintenance Engineer")
    assert s.state["seats"][0]["location"] == "hangar_deck"
    assert s.state["damaged_vipers"] == 0 and s.state["damage"] == []
    s.give_cards(0, "repair_1")
    action(s, 0)
    prompt_is(s, 0, "action")
    assert not offers(s, "Play Repair")
    s.do("Do nothing")
    assert finished(s)
    s.state["damaged_vipers"] = 1  # something to repair: the card is offered again
    s.state["reserves"]["viper"] -= 1
    action(s, 0)
    assert offers(s, "Play Repair")


def test_tyrol_maintenance_engineer_not_in_another_players_turn() -> None:
    s = new([TYROL, ADAMA, ZAREK])
    s.want("Maintenance Engineer")
    s.state["damaged_vipers"] = 1
    s.state["reserves"]["viper"] -= 1
    s.give_cards(0, "repair_1")
    s.state["current"] = 1
    s.set_flow({"step": "action", "seat": 0, "left": 1}, halt())  # an action given to him
    s.do("Play Repair")  # vipers the only thing to repair: not asked
    assert s.state["damaged_vipers"] == 0
    assert finished(s)


def test_tyrol_blind_devotion_names_a_type_that_counts_0_once_per_game() -> None:
    s = new([TYROL, ADAMA, ZAREK])
    s.want("Blind Devotion")
    empty_space(s)
    set_destiny(s, "executive_order_2", "launch_scout_2")  # +4
    s.give_cards(1, "executive_order_1", "launch_scout_1")  # +2
    s.give_cards(2, "repair_2")  # -2
    crisis_step(s, 2, "security_breach")
    contribute(s, {1: ["Executive Order", "Launch Scout"], 2: ["Repair"]})
    # all cards are in, still face down: the offer
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"] == offer_text(TYROL, "once_per_game")
    s.do("Use Blind Devotion")
    prompt = prompt_is(s, 0, "name_type")
    assert prompt["text"] == "Name a skill type: its cards count 0 in this check"
    assert s.labels() == ["Politics", "Leadership", "Tactics", "Piloting", "Engineering"]
    s.do("Engineering")
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (6, "pass")
    # Repair shows its −2, and Blind Devotion its +2
    assert {c["name"]: c["strength"] for c in data["cards"]}["Repair"] == 2
    assert said_modifiers(data) == [("Blind Devotion: Engineering counts 0", 2)]
    assert f"{name(s, 0)} names Engineering: those cards count 0" in s.log()
    assert s.state["resources"] == START
    assert s.state["seats"][0]["once_used"] is True
    assert finished(s)


def test_tyrol_reckless_hand_limit_8() -> None:
    s = new([TYROL, ADAMA, ZAREK])
    give_any(s, 0, "engineering", 9)
    give_any(s, 1, "leadership", 9)
    run(s, {"step": "end_turn", "stage": "limits"}, current=1)
    prompt = prompt_is(s, 0, "discard")
    assert prompt["text"] == "Hand limit 8: discard 1 skill card"
    s.do("Discard")
    assert len(s.state["seats"][0]["hand"]) == 8
    assert len(s.state["seats"][1]["hand"]) == 9  # 10 for everyone else
    assert finished(s)
