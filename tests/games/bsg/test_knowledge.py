"""What a decision needs beside its options (facts.py), and what each seat privately knows
(knowledge.py): the cards a choice names ride with its options, a roll's odds and a check's
difficulty with its prompt, and every secret a seat learned stays in its own view ("What I
know") — the holder sees it, no other seat and no spectator does, until the game ends."""

from __future__ import annotations

import json
from typing import Any

from app.core import english
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    AT,
    BALTAR,
    BOOMER,
    KARA,
    ROSLIN,
    TIGH,
    ZAREK,
    action,
    contribute,
    crisis_step,
    empty_space,
    finished,
    ids,
    name,
    new,
    pilot,
    prompt_is,
    run,
    set_destiny,
    stand,
    top,
)
from tests.games.bsg.scenario import Scenario


def cards_of(options: list[dict[str, Any]]) -> list[list[tuple[str, str]]]:
    return [[(c["id"], c["deck"]) for c in o.get("cards", [])] for o in options]


def facts_said(facts: list[dict[str, Any]]) -> list[str]:
    return [f["text"] for f in facts]  # the English words the API gives beside each message


def knowledge(s: Scenario, seat: int | None) -> list[dict[str, Any]] | None:
    view = RULES.view(s.state, seat)
    return view["you"].get("knowledge") if "you" in view else None


def only_the_holder_knows(s: Scenario, holder: int, players: int) -> list[dict[str, Any]]:
    """The holder's notes; every other seat's view and the spectator's hold none of them."""
    notes = knowledge(s, holder)
    assert notes
    for seat in [None, *range(players)]:
        if seat == holder:
            continue
        view = RULES.view(s.state, seat)
        assert "knowledge" not in view.get("you", {}) or view["you"]["knowledge"] == []
        for player in view["players"]:
            assert "knowledge" not in player
    return notes


# ---- the cards a choice names ---------------------------------------------------------------


def test_religious_visions_options_carry_both_crises_and_the_other_is_known_under_the_deck(
) -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    empty_space(s)
    crisis_step(s, 0, "riots", "security_breach")
    prompt = prompt_is(s, 0, "crisis_choice")
    assert cards_of(prompt["options"]) == [[("riots", "crisis")],
                                           [("security_breach", "crisis")]]
    waiting = {"seat": prompt["seat"], "kind": prompt["kind"], "msg": prompt["msg"]}
    assert "riots" not in json.dumps(waiting)  # who is asked what names no card
    s.do("Riots")
    [note] = only_the_holder_knows(s, 0, 3)
    assert (note["kind"], note["deck"], note["where"]) == ("deck", "crisis", "bottom")
    assert note["cards"] == [{"id": "security_breach", "deck": "crisis"}]
    assert english(note["msg"]) == f"Turn {s.state['turn']}: at the bottom of the crisis deck: " \
                                   "Security Breach"


def test_the_peeked_card_rides_with_the_peek_prompt_and_is_remembered_where_it_went() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Recon")
    s.stack("crisis", "riots", "security_breach")
    run(s, {"step": "end_turn", "stage": "abilities"}, current=0)
    s.do("Use Recon")
    prompt = prompt_is(s, 0, "peek")
    assert [(c["id"], c["deck"]) for c in prompt["cards"]] == [("riots", "crisis")]
    assert "riots" not in json.dumps(prompt["msg"])
    s.do("Leave Riots on top")
    [note] = only_the_holder_knows(s, 0, 3)
    assert (note["where"], [c["id"] for c in note["cards"]]) == ("top", ["riots"])
    assert top(s, "crisis") == ["riots"]
    assert finished(s)


def test_a_card_to_discard_or_play_carries_its_card() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(0, "executive_order_1")
    action(s, 0)
    played = [o for o in s.prompt["options"] if o["action"].get("card")]
    assert played and all(o["cards"][0]["deck"] == "skill" for o in played)
    assert cards_of(played)[0] == [("executive_order_1", "skill")]


# ---- a roll's odds --------------------------------------------------------------------------


def combat(cast: list[str]) -> Scenario:
    from tests.games.bsg.test_combat import new as empty_board
    return empty_board(cast)


def test_a_viper_attack_says_which_viper_and_its_odds() -> None:
    from tests.games.bsg.test_combat import put, resolve
    s = combat([ADAMA, KARA, TIGH, BALTAR])
    put(s, "front_lower", raiders=1, heavies=1, basestars=[["structural_damage"]], vipers=1)
    resolve(s, {"activate_vipers": {"count": 1}})
    attacks = {o["label"]: facts_said(o["facts"]) for o in s.prompt["options"]
               if o["action"]["type"] == "attack"}
    viper = f"An unmanned viper {AT['front_lower']}"
    assert attacks == {
        f"Attack a raider {AT['front_lower']}": [viper, "Destroys on 3+: 6 in 8"],
        f"Attack a heavy raider {AT['front_lower']}": [viper, "Destroys on 7+: 2 in 8"],
        f"Attack the basestar {AT['front_lower']} (Structural Damage)": [
            viper, "Structural Damage: +2 to the roll", "Damages on 8+: 3 in 8"],
    }
    [odds] = [f["odds"] for o in s.prompt["options"] if o["action"].get("kind") == "raider"
              for f in o["facts"] if "odds" in f]
    assert odds == {"outcome": "destroyed", "low": 3, "high": 8, "modifier": 0, "n": 6, "of": 8}


def test_a_piloted_viper_names_its_pilot() -> None:
    from tests.games.bsg.test_combat import put
    s = combat([ADAMA, KARA, TIGH, BALTAR])
    pilot(s, 1, "front_lower")
    put(s, "front_lower", raiders=1)
    run(s, {"step": "viper_activations", "seat": 1, "left": 1, "piloted": True}, current=1)
    attack = next(o for o in s.prompt["options"] if o["action"].get("type") == "attack")
    assert facts_said(attack["facts"]) == [f"{name(s, 1)}'s viper {AT['front_lower']}",
                                           "Destroys on 3+: 6 in 8"]


def test_the_window_before_a_roll_carries_the_rolls_odds() -> None:
    from tests.games.bsg.test_skill_cards import only_windows
    s = new([ADAMA, ZAREK, BALTAR])
    only_windows(s, "before_die_roll")
    stand(s, 0, "armory")
    s.state["centurions"] = [0]
    s.give_cards(1, "strategic_planning_3")
    action(s, 0)
    s.do("Activate Armory:")
    prompt = s.prompt
    assert prompt["kind"] == "window"
    assert facts_said(prompt["facts"]) == ["Destroys on 7+: 2 in 8"]


# ---- a skill check ---------------------------------------------------------------------------


def test_a_skill_check_prompt_says_its_difficulty_and_the_pool_so_far() -> None:
    s = new([ZAREK, ADAMA, BOOMER])
    empty_space(s)
    s.give_cards(1, "executive_order_1")
    s.give_cards(2, "executive_order_2")
    set_destiny(s, "repair_1", "repair_2")
    crisis_step(s, 0, "cylon_screenings")
    s.do("Skill check (9")
    prompt = prompt_is(s, 1, "skill_check")
    [check, *rest] = prompt["facts"]
    assert check["check"]["difficulty"] == 9 and check["check"]["pool"] == 2
    assert check["check"]["destiny"] == 2
    said = facts_said(prompt["facts"])
    assert said[0].startswith("Difficulty 9")
    assert "2 cards in the check, 2 of them from Destiny" in said
    assert [(c["id"], c["deck"]) for c in prompt["cards"]] == [("cylon_screenings", "crisis")]
    s.do("Add no more cards", seat=1)
    assert f"{name(s, 1)} added no cards" in facts_said(s.prompt["facts"])


# ---- what a seat knows -----------------------------------------------------------------------


def test_loyalty_cards_seen_are_known_by_whose_and_when_to_the_looker_only() -> None:
    s = new([ZAREK, ADAMA, TIGH])
    empty_space(s)
    set_destiny(s, "repair_1", "repair_2")
    crisis_step(s, 0, "cylon_screenings")
    s.do("Skill check (9")
    contribute(s, {})  # only the Admiral may be looked at: taken without asking
    [note] = only_the_holder_knows(s, 0, 3)
    seen = ids(s.state["seats"][1]["loyalty"])
    assert (note["kind"], note["seat"], note["turn"]) == ("loyalty", 1, s.state["turn"])
    [card] = note["cards"]
    assert card["deck"] == "loyalty" and card["id"] in seen
    names = [name(s, seat) for seat in range(3)]
    assert english(note["msg"], names).startswith(
        f"Turn {s.state['turn']}: {name(s, 1)}'s loyalty (some): ")


def test_after_the_game_everyone_sees_every_seats_knowledge() -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    empty_space(s)
    crisis_step(s, 0, "riots", "security_breach")
    s.do("Riots")
    s.state["result"] = {"winner": "humans"}
    for seat in (None, 1, 2):
        view = RULES.view(s.state, seat)
        assert [p["knowledge"] for p in view["players"]][0][0]["cards"] == [
            {"id": "security_breach", "deck": "crisis"}]


def test_the_window_before_a_checks_cards_says_the_check_and_carries_its_crisis() -> None:
    from tests.games.bsg.test_skill_cards import only_windows
    s = new([ZAREK, ADAMA, BOOMER])
    empty_space(s)
    only_windows(s, "before_check_cards")
    s.give_cards(1, "investigative_committee_3")
    set_destiny(s, "repair_1", "repair_2")
    crisis_step(s, 0, "cylon_screenings")
    s.do("Skill check (9")
    prompt = s.prompt
    assert (prompt["kind"], prompt["seat"]) == ("window", 1)
    assert facts_said(prompt["facts"])[0].startswith("Difficulty 9")
    assert [c["id"] for c in prompt["cards"]] == ["cylon_screenings"]
    assert [c["id"] for o in prompt["options"] for c in o.get("cards", [])] == [
        "investigative_committee_3"]


def test_caprica_choice_carries_both_crises_and_the_discarded_one_is_no_secret() -> None:
    s = new([ROSLIN, ADAMA, ZAREK])
    empty_space(s)
    s.stack("crisis", "riots", "security_breach")
    run(s, {"step": "effects", "i": 0, "ctx": {"self": 1},
            "ops": [{"draw_crisis_choice": {"count": 2, "rest": "discard",
                                            "skip_ship_steps": True}}]}, current=1)
    prompt = prompt_is(s, 1, "crisis_choice")
    assert cards_of(prompt["options"]) == [[("riots", "crisis")],
                                           [("security_breach", "crisis")]]
    s.do("Security Breach")
    assert knowledge(s, 1) == []  # the other went to the discard pile, face up


def test_each_card_to_discard_carries_its_card() -> None:
    from app.core import msg
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(0, "executive_order_1", "repair_2")
    run(s, {"step": "discard", "seat": 0, "count": 1, "why": msg("test.stop"), "chosen": True},
        current=0)
    prompt = prompt_is(s, 0, "discard")
    assert sorted(c for option in cards_of(prompt["options"]) for c in option) == [
        ("executive_order_1", "skill"), ("repair_2", "skill")]


def test_destination_choice_carries_the_destinations_and_the_others_are_known_under_the_deck(
) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.state["jump_track"] = 4
    s.stack("destination", "barren_planet", "remote_planet")
    run(s, {"step": "effects", "i": 0, "ctx": {"self": 0},
            "ops": [{"jump_track": {"steps": 1}}]}, current=0)
    prompt = prompt_is(s, 0, "destination")
    assert cards_of(prompt["options"]) == [[("barren_planet", "destination")],
                                           [("remote_planet", "destination")]]
    s.do("Barren Planet")
    [note] = only_the_holder_knows(s, 0, 3)
    assert (note["deck"], note["where"], note["cards"]) == (
        "destination", "bottom", [{"id": "remote_planet", "deck": "destination"}])


def test_a_hand_looked_through_is_known_to_the_looker_only() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    s.give_cards(1, "executive_order_1", "repair_2")
    run(s, {"step": "steal_skill", "seat": 0, "target": None}, current=0)  # Adama: the one
    [note] = only_the_holder_knows(s, 0, 3)
    assert (note["kind"], note["seat"]) == ("hand", 1)
    assert sorted(c["id"] for c in note["cards"]) == ["executive_order_1", "repair_2"]


def test_loyalty_cards_given_away_are_remembered_by_the_giver() -> None:
    s = new([BOOMER, ADAMA, ZAREK])
    given = ids(s.state["seats"][0]["loyalty"])
    run(s, {"step": "give_loyalty", "seat": 0}, current=0)
    s.do(name(s, 2), seat=0)
    [note] = only_the_holder_knows(s, 0, 3)
    assert (note["kind"], note["seat"]) == ("gave_loyalty", 2)
    assert [c["id"] for c in note["cards"]] == given
