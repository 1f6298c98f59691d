"""The reaction windows (app/games/bsg/windows.py): every seat that may be asked is asked at
once and answers in any order, unseen until the last answer; a window opens only when a card
of its moment could change the outcome by public information; the options carry the keys of
the standing choices that would answer them, from what the asked seat may know.

Rule sources: the skill cards (app/games/bsg/cards/skills.yaml), the rulebook (PL "Zdolności":
several players using abilities at the same moment, the active player orders them) and
docs/rulings.md (the order, a chosen card made unplayable, the window asking again).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from app.core import act, english, msg
from app.core.pick import random_answer
from app.games.bsg.flow import advance
from app.games.bsg.game import Game
from app.games.bsg.rules import RULES
from app.games.bsg.windows import WINDOW_NAMES, could_change
from tests.games.bsg.helpers import (
    ADAMA,
    BALTAR,
    KARA,
    ZAREK,
    Scenario,
    action,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    hand,
    name,
    new,
    prompt_is,
    run,
    set_destiny,
    stand,
)
from tests.games.bsg.test_skill_cards import (
    only_windows,
    play_label,
    raider_against_one_viper,
    window_position,
)


def raiders() -> dict[str, Any]:
    """Activate the raiders (the one in front_lower attacks the viper there)."""
    return {"step": "effects", "ops": [{"activate": {"icon": "activate_raiders"}}], "i": 0,
            "ctx": {"self": 0}}


def asked(s: Scenario) -> list[tuple[int, str]]:
    return [(p["seat"], p["kind"]) for p in RULES.prompts(s.state)]


def option_of(s: Scenario, seat: int, label_part: str) -> dict[str, Any]:
    return next(o for o in s.prompt_of(seat)["options"] if label_part in o["label"])


def roll(then: dict[str, Any], roller: int = 0) -> dict[str, Any]:
    """A die roll frame as dice.push_roll makes it."""
    return {"step": "roll", "roller": roller, "why": msg("bsg.choices.die_roll"), "then": then,
            "modifier": 0, "reroll_modifier": 0, "stage": "before", "result": None,
            "viper_attacked": False, "piloted": False}


# ---- everyone at once ----------------------------------------------------------------------


def test_a_window_asks_every_seat_that_may_be_asked_at_once() -> None:
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    # Adama (a card to play) and Zarek (none) at once; Baltar (no card) and Boomer (revealed) not
    assert asked(s) == [(0, "window"), (1, "window")]
    first, second = RULES.prompts(s.state)
    assert first["text"] == second["text"]
    assert [o["label"] for o in first["options"]] == [play_label("strategic_planning_3"), "Pass"]
    assert [o["label"] for o in second["options"]] == ["Pass"]


def _after(s: Scenario, seat: int, label_part: str) -> tuple[dict[str, Any], list[Any]]:
    state = copy.deepcopy(s.state)
    option = next(o for o in RULES.prompts(state) if o["seat"] == seat)["options"]
    chosen = next(o["action"] for o in option if label_part in o["label"])
    state, events = RULES.apply(state, seat, chosen)
    return state, events


def test_a_choice_shows_nowhere_until_the_window_closes(dice: list[int]) -> None:
    """Adama playing or passing: the other seats' views, Zarek's prompt and the log are the
    same until Zarek, the last, answers; then the card is played."""
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    played, played_events = _after(s, 0, "Play Strategic Planning")
    passed, passed_events = _after(s, 0, "Pass")
    assert played_events == passed_events == []
    for seat in (None, 1, 2, 3):
        assert RULES.view(played, seat) == RULES.view(passed, seat)
    assert RULES.prompts(played) == RULES.prompts(passed)
    assert [p["seat"] for p in RULES.prompts(played)] == [1]  # who is still deciding: public
    s.state = played
    dice.append(5)
    s.do("Pass", seat=1)
    assert dice == []
    assert f"{name(s, 0)} plays Strategic Planning (Tactics 3)" in s.log()
    assert f"{name(s, 0)} rolled 5+2 = 7 (attacking a centurion)" in s.log()
    assert finished(s)


def test_answers_come_in_any_order(dice: list[int]) -> None:
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    s.do("Pass", seat=1)  # Zarek first
    prompt_is(s, 0, "window")
    dice.append(5)
    s.do("Play Strategic Planning", seat=0)
    assert f"{name(s, 0)} rolled 5+2 = 7 (attacking a centurion)" in s.log()
    assert finished(s)


# ---- no window where no card could change the outcome --------------------------------------


@pytest.mark.parametrize(("roll_", "window"), [(4, False), (5, True)])
def test_no_window_after_an_attack_on_a_viper_that_missed(dice: list[int], roll_: int,
                                                          window: bool) -> None:
    """A raider damages a viper on 5+: on a 4 it missed, and Evasive Maneuvers has nothing
    to change."""
    s = new([ADAMA, ZAREK, KARA])
    raider_against_one_viper(s, piloted=False)
    only_windows(s, "after_viper_attacked")
    s.give_cards(1, "evasive_maneuvers_1")
    dice.append(roll_)
    run(s, raiders(), current=0)
    if window:
        prompt_is(s, 1, "window")
        assert s.labels() == [play_label("evasive_maneuvers_1"), "Pass"]
    else:
        assert "The viper is not hit" in s.log()
        assert finished(s)


@pytest.mark.parametrize(("outcomes", "window"), [
    ([(1, 8)], False), ([(1, 6), (7, 8)], True), ([(1, 1), (2, 8)], True)])
def test_no_window_before_a_roll_that_plus_2_cannot_change(
        dice: list[int], outcomes: list[tuple[int, int]], window: bool) -> None:
    """Strategic Planning adds 2: the window before a roll opens only when on some face of
    the die the +2 gives another outcome (one outcome on every face: never; "1" against
    "2-8": only the face 1, which the +2 makes a 3, and that is enough)."""
    s = new([ADAMA, ZAREK, BALTAR])
    only_windows(s, "before_die_roll")
    s.give_cards(1, "strategic_planning_3")
    then = {"kind": "outcomes", "ctx": {},
            "outcomes": [{"min": low, "max": high, "effects": []} for low, high in outcomes]}
    dice.append(1)
    run(s, roll(then), current=0)
    if window:
        prompt_is(s, 1, "window")
        s.do("Pass")
    assert dice == []
    assert finished(s)


@pytest.mark.parametrize(("destiny", "total", "window"), [
    (("executive_order_2", "launch_scout_2"), 4, True),   # 4 against 6: -2 passes it
    (("executive_order_1", "launch_scout_2"), 3, False),  # 3 against 4 still fails
    (("executive_order_2", "launch_scout_1"), 3, False)])
def test_no_window_after_a_total_that_minus_2_cannot_change(
        destiny: tuple[str, str], total: int, window: bool) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "after_check_total")
    s.give_cards(2, "declare_emergency_3")
    set_destiny(s, *destiny)
    crisis_step(s, 1, "security_breach")  # 6, Leadership + Tactics
    contribute(s, {})
    if window:
        prompt_is(s, 2, "window")
        assert option_of(s, 2, "Play Declare Emergency")["standing"] == [
            "play.declare_emergency.makes_check_pass"]
        s.do("Pass")
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (total, "fail")
    assert hand(s, 2) == ["declare_emergency_3"]


def test_no_window_after_a_total_that_already_passes() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "after_check_total")
    s.give_cards(2, "declare_emergency_3")
    s.give_cards(0, "executive_order_2")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 1, "security_breach")
    contribute(s, {0: ["Executive Order"]})  # 6 against 6
    assert check_result(s)["outcome"] == "pass"
    assert finished(s)


def test_a_played_card_that_leaves_nothing_to_change_closes_the_window(
        dice: list[int]) -> None:
    """After Strategic Planning (one per roll) no other card of the moment could change the
    roll: nobody is asked again."""
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    s.do("Play Strategic Planning", seat=0)
    dice.append(1)
    s.do("Pass", seat=1)
    assert dice == []
    assert finished(s)


# ---- who is asked, and for how long, reveals no hand ---------------------------------------


def _trace(card_1: str, card_2: str, dice: list[int]) -> list[list[tuple[int, str]]]:
    """Everyone passing at every window of a roll and a skill check: who was asked, step by
    step. Zarek (seat 1) and Baltar (seat 2) hold one card each, named by the test."""
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    s.answer_windows = True
    stand(s, 0, "armory")
    s.state["centurions"] = [0]
    s.give_cards(1, card_1)
    s.give_cards(2, card_2)
    set_destiny(s, "executive_order_2", "launch_scout_2")
    trace = []
    action(s, 0)
    dice.append(3)
    s.do("Activate Armory:")
    while not finished(s):
        trace.append(asked(s))
        s.do("Pass", seat=RULES.prompts(s.state)[0]["seat"])
    crisis_step(s, 0, "security_breach")
    while not finished(s):
        trace.append(asked(s))
        prompt = RULES.prompts(s.state)[0]
        s.do("Pass" if prompt["kind"] == "window" else "Add no more cards", seat=prompt["seat"])
    return trace


def test_who_is_asked_and_for_how_long_reveals_no_hand(dice: list[int]) -> None:
    """Two games that differ only in hidden hands (a playable card or a useless one): the same
    seats are asked at the same moments, and the windows close at the same moments."""
    playable = _trace("strategic_planning_3", "declare_emergency_3", dice)
    useless = _trace("executive_order_1", "consolidate_power_1", dice)
    assert playable == useless
    assert [(1, "window"), (2, "window")] in playable  # both windows did open


# ---- standing choices: the keys on the options ---------------------------------------------


def test_the_game_offers_its_standing_choices() -> None:
    offered = RULES.standing_choices()
    assert [c["key"] for c in offered] == [
        "autopass.before_die_roll", "autopass.after_viper_attacked",
        "autopass.before_check_cards", "autopass.after_check_total",
        "play.evasive_maneuvers.my_viper", "play.evasive_maneuvers.any_viper",
        "play.strategic_planning.my_attack", "play.declare_emergency.makes_check_pass",
        "motive.not_during_crises"]
    said = [english(c["msg"]) for c in offered]
    assert said[0] == "Always pass before a die roll"
    assert said[4] == "Always play Evasive Maneuvers when my viper is hit"


@pytest.mark.parametrize("timing", list(WINDOW_NAMES))
def test_pass_carries_the_always_pass_key_of_its_kind(timing: str, dice: list[int]) -> None:
    s = new([ADAMA, ZAREK, KARA])
    only_windows(s, timing)
    s.give_cards(1, "executive_order_1")
    if timing in ("before_die_roll", "after_viper_attacked"):
        raider_against_one_viper(s, piloted=False)
        dice.extend([8])
        run(s, raiders(), current=0)
    else:
        empty_space(s)
        set_destiny(s, "executive_order_2", "launch_scout_2")  # 4 against 6
        crisis_step(s, 0, "security_breach")
        contribute(s, {})
    prompt = prompt_is(s, 1, "window")
    assert prompt["options"][-1]["standing"] == [f"autopass.{timing}"]


@pytest.mark.parametrize("piloted", [False, True])
def test_evasive_maneuvers_keys_my_viper_only_for_its_pilot(dice: list[int],
                                                            piloted: bool) -> None:
    """Starbuck (seat 2) flies the viper, or nobody does; Zarek and Starbuck hold Evasive
    Maneuvers. The keys on each one's option come from the board and their own hand: Zarek's
    prompt is the same whether Starbuck holds the card or not."""
    prompts = []
    for card_2 in ("evasive_maneuvers_2", "repair_1"):
        s = new([ADAMA, ZAREK, KARA])
        raider_against_one_viper(s, piloted)
        only_windows(s, "after_viper_attacked")
        s.give_cards(1, "evasive_maneuvers_1")
        s.give_cards(2, card_2)
        dice.append(8)
        run(s, raiders(), current=0)
        assert asked(s) == [(1, "window"), (2, "window")]
        assert option_of(s, 1, "Play Evasive")["standing"] == [
            "play.evasive_maneuvers.any_viper"]
        if card_2.startswith("evasive"):
            assert option_of(s, 2, "Play Evasive")["standing"] == (
                ["play.evasive_maneuvers.my_viper"] if piloted else []) + [
                "play.evasive_maneuvers.any_viper"]
        prompts.append(s.prompt_of(1))
        dice.clear()
    assert prompts[0] == prompts[1]


def test_strategic_planning_key_only_for_my_attack_that_plus_2_can_change() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "before_die_roll")
    s.state["space"]["front"]["raider"] = 1
    s.give_cards(0, "strategic_planning_3")
    s.give_cards(1, "strategic_planning_4")
    attack = {"kind": "attack", "attacker": "galactica", "target": "raider", "area": "front",
              "index": 0}
    run(s, roll(attack, roller=0), current=0)
    assert option_of(s, 0, "Play Strategic")["standing"] == ["play.strategic_planning.my_attack"]
    assert "standing" not in option_of(s, 1, "Play Strategic")  # not his roll
    # a roll that is not an attack on a Cylon ship: no key
    run(s, roll({"kind": "centurion"}, roller=0), current=0)
    s.state["centurions"] = [0]
    assert "standing" not in option_of(s, 0, "Play Strategic")


def test_a_standing_choice_answers_as_the_server_does(dice: list[int]) -> None:
    """Starbuck's "play Evasive Maneuvers when my viper is hit" and Zarek's "always pass":
    the window closes without anyone clicking, and the card is played."""
    s = new([ADAMA, ZAREK, KARA])
    raider_against_one_viper(s, piloted=True)
    s.give_cards(1, "executive_order_1")
    s.give_cards(2, "evasive_maneuvers_1")
    s.standing = {0: {f"autopass.{t}" for t in WINDOW_NAMES},
                  1: {f"autopass.{t}" for t in WINDOW_NAMES},
                  2: {"autopass.after_viper_attacked", "play.evasive_maneuvers.my_viper"}}
    dice.extend([8, 2])
    run(s, raiders(), current=0)
    assert dice == []
    assert f"{name(s, 2)} plays Evasive Maneuvers (Piloting 1)" in s.log()
    assert "The viper is not hit" in s.log()
    assert finished(s)



@pytest.mark.parametrize(("modifier", "window"), [(1, True), (2, False)])
def test_no_window_before_an_attack_already_sure_to_destroy(dice: list[int], modifier: int,
                                                           window: bool) -> None:
    """Galactica destroys a raider on 3+: with +2 already on the roll every face destroys, and
    Strategic Planning has nothing to change; with +1 the face 1 still misses."""
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "before_die_roll")
    s.state["space"]["front"]["raider"] = 1
    s.give_cards(0, "strategic_planning_3")
    attack = {"kind": "attack", "attacker": "galactica", "target": "raider", "area": "front",
              "index": 0}
    dice.append(1)
    run(s, {**roll(attack, roller=0), "modifier": modifier}, current=0)
    if window:
        assert option_of(s, 0, "Play Strategic")["standing"] == [
            "play.strategic_planning.my_attack"]
        s.do("Pass", seat=0)
    assert dice == []
    assert s.state["space"]["front"]["raider"] == (1 if modifier == 1 else 0)
    assert finished(s)


def test_a_window_saved_by_the_older_engine_asks_anew(dice: list[int]) -> None:
    """A game saved while a window asked one seat after another goes on: everyone is asked."""
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    frame = s.state["flow"][-1]
    for new_key in ("round", "rounds", "queue", "again"):
        frame.pop(new_key)
    frame.update(i=1, order=[0, 1, 2, 3])
    advance(s.edit())
    assert asked(s) == [(0, "window"), (1, "window")]


def test_random_games_windows_open_and_ask_by_public_information_only() -> None:
    """At every window of random games, whether it opens (could a card change something) and
    whom it asks stay the same when every hand is dealt again at random, sizes kept."""
    windows = 0
    for seed in range(1, 6):
        names = [f"Bot {i}" for i in range(4)]
        state = RULES.new_game(RULES.check_options({}, names), names, seed)
        bots = random.Random(seed)
        for _ in range(3000):
            if state["result"] is not None:
                break
            top = state["flow"][-1] if state["flow"] else None
            if top is not None and top["step"] == "window" and top["round"] is not None:
                windows += 1
                other = copy.deepcopy(state)
                cards = [u for data in other["seats"] for u in data["hand"]]
                bots.shuffle(cards)
                for data in other["seats"]:
                    data["hand"] = [cards.pop() for _ in data["hand"]]
                assert could_change(Game(other), other["flow"][-1])
                assert [p["seat"] for p in RULES.prompts(state)] == [
                    s for s in top["round"]["asked"] if str(s) not in top["round"]["answers"]]
            prompt = RULES.prompts(state)[0]
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
    assert windows > 20
