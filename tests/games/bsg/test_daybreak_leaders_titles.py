"""A Cylon Leader never holds a title, even while Infiltrating (DB-9.11 (4)): a choice that
hands one never offers them, the Mutiny cards that take one are not theirs to play, and a title
given to them by any other road stays where it was."""

from __future__ import annotations

from app.games.bsg.choices import candidates
from app.games.bsg.conditions import holds
from app.games.bsg.game import Game
from app.games.bsg.infiltration import start_infiltration
from app.games.bsg.titles import give_title
from tests.games.bsg.scenario import Scenario

CAST = ["william_adama", "laura_roslin", "kara_thrace", "aaron_doral"]
ROSLIN, KARA, LEADER = 1, 2, 3


def _infiltrating() -> tuple[Scenario, Game]:
    s = Scenario(CAST, expansion="daybreak")
    g = Game(s.state)
    start_infiltration(g, LEADER, "command")
    return s, g


def test_prisoner_revolt_hands_the_presidency_to_anyone_but_the_leader() -> None:
    _, g = _infiltrating()
    params = {"who": "president", "among": ["other"],
              "effects": [{"give_title": {"title": "president", "to": "chosen"}}]}
    found = candidates(g, params, {}, ROSLIN)
    assert KARA in found and LEADER not in found


def test_a_title_nested_in_a_check_keeps_the_leader_out_too() -> None:
    _, g = _infiltrating()
    params = {"who": "self", "among": ["other"], "effects": [{"skill_check": {
        "pass": [{"give_title": {"title": "president", "to": "chosen"}}], "fail": []}}]}
    assert LEADER not in candidates(g, params, {}, KARA)


def test_a_choice_that_gives_no_title_may_pick_the_infiltrator() -> None:
    _, g = _infiltrating()
    params = {"who": "self", "among": ["other"], "effects": [{"draw_skills": {
        "who": "chosen", "count": 1, "types": "any"}}]}
    assert LEADER in candidates(g, params, {}, KARA)


def test_impeachment_and_assume_command_need_a_seat_that_may_hold_a_title() -> None:
    _, g = _infiltrating()
    assert not holds(g, [{"may_hold_title": {"who": "self"}}], {"self": LEADER})
    assert holds(g, [{"may_hold_title": {"who": "self"}}], {"self": KARA})


def test_a_title_given_to_a_leader_stays_where_it_was() -> None:
    s, g = _infiltrating()
    before = s.state["president"]
    give_title(g, "president", LEADER)
    assert s.state["president"] == before
    give_title(g, "president", KARA)
    assert s.state["president"] == KARA
