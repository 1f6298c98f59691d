"""What the end screen reads of the game's course: the resources after every turn (turn 0 is
after setup, the last point is where the game ended) and the turn in which each Cylon revealed.
Both are kept by the engine as the game goes (course.py, loyalty.become_revealed) and shown in
the everything-views of a finished game and of every replay step."""

from __future__ import annotations

from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    KARA,
    ROSLIN,
    TYROL,
    ZAREK,
    Scenario,
    new,
    prompt_is,
    run_turn,
)
from tests.games.bsg.test_revealed_cylons import make_cylon

SETUP_POINT = [0, 8, 8, 10, 12]  # turn 0: the resources at setup (fuel, food, morale, population)


def riots_turn(s: Scenario, seat: int) -> None:
    """`seat`'s Action and Crisis steps: nothing done, then Riots, the Admiral (seat 0)
    choosing food -1 and morale -1."""
    s.stack("crisis", "riots")
    s.action_step(seat)
    s.do("Do nothing")
    prompt_is(s, 0, "choose")
    s.do("Food -1, morale -1")


def test_the_first_turn_records_the_resources_after_setup_as_turn_0() -> None:
    s = Scenario([ADAMA, ROSLIN, KARA])
    assert s.state["turn"] == 1
    assert s.state["resources_by_turn"] == [SETUP_POINT]


def test_each_turn_records_the_turn_before_as_it_starts() -> None:
    s = Scenario([ADAMA, ROSLIN, KARA])
    riots_turn(s, 2)
    assert s.state["turn"] == 2  # the next turn has started
    assert s.state["resources_by_turn"] == [SETUP_POINT, [1, 8, 7, 9, 12]]


def test_the_end_records_the_turn_it_ends_in_once() -> None:
    s = Scenario([ADAMA, ROSLIN, KARA])
    s.state["resources"]["morale"] = 1
    riots_turn(s, 2)
    assert s.state["result"]["winner"] == "cylons"
    assert s.state["resources_by_turn"] == [SETUP_POINT, [1, 8, 7, 0, 12]]
    shown = RULES.view(s.state, 0)["resources_by_turn"]
    assert shown == [{"turn": 0, "fuel": 8, "food": 8, "morale": 10, "population": 12},
                     {"turn": 1, "fuel": 8, "food": 7, "morale": 0, "population": 12}]


def test_a_running_game_shows_the_course_only_in_the_everything_view() -> None:
    s = Scenario([ADAMA, ROSLIN, KARA])
    for seat in (None, 0):
        view = RULES.view(s.state, seat)
        assert "resources_by_turn" not in view
        assert all("revealed_turn" not in p for p in view["players"])
    assert RULES.view_all(s.state)["resources_by_turn"] == [
        {"turn": 0, "fuel": 8, "food": 8, "morale": 10, "population": 12}]


def test_a_state_saved_before_the_course_was_kept_goes_on_from_where_it_is() -> None:
    s = Scenario([ADAMA, ROSLIN, KARA])
    del s.state["resources_by_turn"]
    for data in s.state["seats"]:
        del data["revealed_turn"]
    assert RULES.view_all(s.state)["resources_by_turn"] == []
    assert [p["revealed_turn"] for p in RULES.view_all(s.state)["players"]] == [None] * 3
    riots_turn(s, 2)
    assert s.state["resources_by_turn"] == [[1, 8, 7, 9, 12]]


def test_a_reveal_keeps_the_turn_it_happened_in() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    make_cylon(s, 1, "you_are_a_cylon_morale")
    s.state["turn"] = 7
    run_turn(s, 1, phase=3)
    s.do("Reveal:")
    s.do("Do not use the power")
    assert [d["revealed_turn"] for d in s.state["seats"]] == [None, 7, None]
    assert [p["revealed_turn"] for p in RULES.view_all(s.state)["players"]] == [None, 7, None]
