"""Questions public information leaves one answer to are answered by the game (flow.py,
`ask(public=True)`); questions whose only answer depends on a hidden card are still asked, so
that who is asked and for how long never tells anything about a hand (windows.py).

The sites marked so have their scenarios where their rules are tested (a discard holding no
more cards than owed: test_characters.py, test_simultaneous.py; one character to choose:
test_crises.py, test_quorum.py, test_locations.py; one player to steal from:
test_knowledge.py; one viper to recall, one target for Galactica's guns or a nuke, one civilian
ship to look at: test_combat.py; a card's choice with one option left:
test_skill_cards.py (Repair), test_revealed_cylons.py (Caprica); a lone Super Crisis card:
test_revealed_cylons.py). Here: the marker itself, and the
questions that must stay asked.
"""

from __future__ import annotations

from app.core import msg
from app.core.pick import picked_action
from app.games.bsg.flow import PUBLIC, RUN, ask, only_answer, option
from app.games.bsg.game import Game
from tests.games.bsg.helpers import ADAMA, BALTAR, ZAREK, action, name, new, prompt_is, run
from tests.games.bsg.test_skill_cards import window_position


def one(kind: str = "x") -> list:
    return [option(msg("test.stop"), type=kind)]


def test_only_a_question_marked_public_is_answered_by_the_game() -> None:
    assert only_answer(ask(0, "choose", msg("test.stop"), one())) is None
    assert only_answer(ask(0, "choose", msg("test.stop"), one(), public=True)) == {"type": "x"}
    two = one("x") + one("y")
    assert only_answer(ask(0, "choose", msg("test.stop"), two, public=True)) is None


def test_a_pick_of_every_option_is_forced_and_a_pick_of_fewer_is_not() -> None:
    cards = one("a") + one("a")
    prompt = ask(0, "discard", msg("test.stop"), cards, pick=2, public=True)
    assert only_answer(prompt) == picked_action([{"type": "a"}, {"type": "a"}])
    prompt = ask(0, "discard", msg("test.stop"), cards + one("b"), pick=2, public=True)
    assert only_answer(prompt) is None
    assert PUBLIC not in prompt  # the mark never reaches a view


def test_a_window_is_asked_even_when_passing_is_all_the_seat_can_do(dice: list[int]) -> None:
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    s.do("Pass")
    # Zarek holds nothing he could play: still asked, as a seat holding a playable card is
    prompt = prompt_is(s, 1, "window")
    assert all(o["action"]["type"] in ("pass", "autopass") for o in prompt["options"])
    asked = RUN["window"](Game(s.state), s.state["flow"][-1])
    assert asked is not None and PUBLIC not in asked


def test_two_copies_of_one_card_with_one_to_discard_is_asked() -> None:
    """One option (copies are one option), but what they are is hidden: the seat is asked."""
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(0, "repair_1", "repair_1")
    run(s, {"step": "discard", "seat": 0, "count": 1, "why": msg("test.stop"), "chosen": True},
        current=0)
    prompt = prompt_is(s, 0, "discard")
    assert [o["label"] for o in prompt["options"]] == ["Discard Repair (Engineering 1)"]


def test_one_card_with_one_to_discard_is_taken_and_logged() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(0, "repair_1")
    run(s, {"step": "discard", "seat": 0, "count": 1, "why": msg("test.stop"), "chosen": True},
        current=0)
    assert s.state["seats"][0]["hand"] == []
    assert f"{name(s, 0)} discarded Repair (Engineering 1)" in s.log()
