"""Scenario tests of decisions several players make at once (app/games/bsg/simultaneous.py):
"each player discards" effects of the card data and the hand limit at the end of a turn.

Every player concerned is asked at the same time (one prompt each), may answer in any order,
and sees nothing of another's choice before all have chosen: no card leaves a hand, no log line
names a choice to anyone else, and every other seat's view and prompt stay the same whatever a
seat chose. Then the discards happen and are logged in seat order from the current player.
Rule sources: the card data (crises.yaml: Cylon Screenings, Requested Resignation), the
rulebook's hand limit ("every player discards down to 10"), the digest §4.8 (hand-limit
discards are simultaneous, each choosing without seeing the others').
"""

from __future__ import annotations

from typing import Any

from app.core import act, copy_state
from app.core.events import visible_to
from app.core.pick import picked_action
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    TYROL,
    ZAREK,
    crisis_step,
    empty_space,
    finished,
    give_any,
    hand,
    name,
    new,
    run,
)

SCREENINGS = "Cylon Screenings: discard 2 skill cards"


def asked(s: Any) -> list[tuple[int, str, str]]:
    """(seat, kind, text) of every prompt now, from the current player on."""
    s.prompt  # noqa: B018  (settles the reaction windows nobody answers here)
    return [(p["seat"], p["kind"], p["text"]) for p in RULES.prompts(s.state)]


def screenings(current: int = 0) -> Any:
    """Cylon Screenings, the current player taking "All players discard 2"; seat 0 Zarek
    (President), seat 1 Adama (Admiral), seat 2 Tyrol, each holding known cards."""
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.give_cards(0, "executive_order_1", "executive_order_2", "consolidate_power_1")
    s.give_cards(1, "launch_scout_1", "launch_scout_2", "evasive_maneuvers_1")
    s.give_cards(2, "repair_1", "repair_1", "repair_2")
    crisis_step(s, current, "cylon_screenings")
    s.do("All players discard 2")
    return s


def discard_lines(s: Any) -> list[str]:
    return [e["text"] for e in s.events if e["kind"] == "discard" and e.get("to") is None]


def test_each_player_discards_2_all_asked_at_once_and_answering_in_any_order() -> None:
    s = screenings(current=0)
    hands = [hand(s, seat) for seat in range(3)]
    assert asked(s) == [(0, "discard", SCREENINGS), (1, "discard", SCREENINGS),
                        (2, "discard", SCREENINGS)]
    # the 2 cards are one decision: a pick of 2 among one option per card held
    assert s.prompt_of(2)["pick"] == {"min": 2, "max": 2}
    assert [o["label"] for o in s.prompt_of(2)["options"]] == [
        "Discard Repair (Engineering 1)", "Discard Repair (Engineering 1)",
        "Discard Repair (Engineering 2)"]
    # Tyrol answers first, with his two cards at once: he is ready
    s.pick("Repair (Engineering 1)", "Repair (Engineering 2)", seat=2)
    assert [seat for seat, _, _ in asked(s)] == [0, 1]
    s.pick("Executive Order (Leadership 1)", "Consolidate Power (Politics 1)", seat=0)
    # nothing has left a hand yet; each chooser alone was told of his own choice
    assert [hand(s, seat) for seat in range(3)] == hands
    assert discard_lines(s) == []
    mine = [(e["to"], e["text"]) for e in s.events if e["kind"] == "discard"]
    assert mine[0] == ([2], "You chose to discard Repair (Engineering 1): it is discarded once "
                            "every player has chosen")
    assert [to for to, _ in mine] == [[2], [2], [0], [0]]
    s.pick("Launch Scout (Tactics 1)", "Evasive Maneuvers (Piloting 1)", seat=1)  # the last
    assert [hand(s, seat) for seat in range(3)] == [["executive_order_2"], ["launch_scout_2"],
                                                    ["repair_1"]]
    assert discard_lines(s) == [  # in seat order from the current player
        f"{name(s, 0)} discarded Executive Order (Leadership 1)",
        f"{name(s, 0)} discarded Consolidate Power (Politics 1)",
        f"{name(s, 1)} discarded Launch Scout (Tactics 1)",
        f"{name(s, 1)} discarded Evasive Maneuvers (Piloting 1)",
        f"{name(s, 2)} discarded Repair (Engineering 1)",
        f"{name(s, 2)} discarded Repair (Engineering 2)",
    ]
    assert finished(s)


def test_a_player_holding_no_more_cards_than_owed_is_not_asked() -> None:
    """How many cards a player holds is public: holding 2 with 2 owed, there is nothing to
    choose, so the game takes both without asking (the others are asked as usual)."""
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.give_cards(0, "executive_order_1", "executive_order_2", "consolidate_power_1")
    s.give_cards(1, "launch_scout_1", "launch_scout_2")
    s.give_cards(2, "repair_1")
    crisis_step(s, 0, "cylon_screenings")
    s.do("All players discard 2")
    assert asked(s) == [(0, "discard", SCREENINGS)]
    # nothing leaves a hand before all have chosen
    assert [len(s.state["seats"][seat]["hand"]) for seat in range(3)] == [3, 2, 1]
    s.pick("Executive Order", "Executive Order", seat=0)
    assert [hand(s, seat) for seat in range(3)] == [["consolidate_power_1"], [], []]
    assert finished(s)


def test_the_discards_are_logged_from_the_current_player_on() -> None:
    s = screenings(current=1)
    for seat, cards in ((0, ["Executive Order (Leadership 1)", "Executive Order"]),
                        (2, ["Repair (Engineering 1)", "Repair (Engineering 2)"]),
                        (1, ["Launch Scout (Tactics 1)", "Launch Scout"])):
        s.pick(*cards, seat=seat)
    assert [line.split(" discarded ")[0] for line in discard_lines(s)] == [
        name(s, 1), name(s, 1), name(s, 2), name(s, 2), name(s, 0), name(s, 0)]
    assert finished(s)


def test_while_players_choose_no_other_seat_sees_any_difference() -> None:
    """Two games that differ only in what Tyrol chose: every other seat's view, prompt and
    log, and who is asked, are the same in both; Tyrol's own view is the same too (his cards
    stay in his hand until everyone has chosen)."""
    s = screenings(current=0)
    state = s.state
    cards = [o["action"] for o in s.prompt_of(2)["options"]]
    assert len(cards) == 3
    choices = [picked_action(cards[:2]), picked_action(cards[1:])]
    games = [act(RULES, copy_state(state), 2, choice) for choice in choices]
    (one, said_one), (other, said_other) = games
    for seat in (None, 0, 1, 2):
        assert RULES.view(one, seat) == RULES.view(other, seat), seat
    for seat in (None, 0, 1):
        assert [e for e in said_one if visible_to(e, seat)] == [], seat
        assert [e for e in said_other if visible_to(e, seat)] == [], seat
    for seat in (0, 1):
        assert [p for p in RULES.prompts(one) if p["seat"] == seat] == \
            [p for p in RULES.prompts(other) if p["seat"] == seat]
    # who is asked, and what (public: the "waiting" line), is the same too
    waiting = [[(p["seat"], p["kind"], p["msg"]) for p in RULES.prompts(g)] for g in (one, other)]
    assert waiting[0] == waiting[1]
    assert [seat for seat, _, _ in waiting[0]] == [0, 1]  # Tyrol is ready either way


def test_president_and_admiral_discard_2_each_at_once() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    give_any(s, 0, "politics", 3)
    give_any(s, 1, "leadership", 3)
    give_any(s, 2, "engineering", 3)
    crisis_step(s, 2, "requested_resignation")
    s.do("President and Admiral discard 2 each", seat=1)  # the Admiral picks
    text = "Requested Resignation: discard 2 skill cards"
    assert asked(s) == [(0, "discard", text), (1, "discard", text)]  # not Tyrol
    for seat in (1, 0):
        s.pick("Discard", "Discard", seat=seat)
    assert [len(s.state["seats"][seat]["hand"]) for seat in range(3)] == [1, 1, 3]
    assert finished(s)


def test_one_player_holding_both_titles_discards_4() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.state["president"] = 1
    give_any(s, 1, "leadership", 5)
    crisis_step(s, 2, "requested_resignation")
    s.do("President and Admiral discard 2 each", seat=1)
    assert asked(s) == [(1, "discard", "Requested Resignation: discard 4 skill cards")]
    assert s.prompt_of(1)["pick"] == {"min": 4, "max": 4}
    s.pick("Discard", "Discard", "Discard", "Discard", seat=1)
    assert len(s.state["seats"][1]["hand"]) == 1
    assert finished(s)


def test_every_player_over_the_hand_limit_discards_at_once() -> None:
    s = new([ADAMA, ZAREK, TYROL])
    give_any(s, 0, "leadership", 11)
    give_any(s, 1, "politics", 12)
    give_any(s, 2, "engineering", 8)  # at Tyrol's limit of 8: nothing to discard
    run(s, {"step": "end_turn", "stage": "limits"}, current=1)
    assert asked(s) == [(1, "discard", "Hand limit 10: discard 2 skill cards"),
                        (0, "discard", "Hand limit 10: discard 1 skill card")]
    s.pick("Discard", "Discard", seat=1)
    assert [len(s.state["seats"][seat]["hand"]) for seat in range(3)] == [11, 12, 8]
    s.do("Discard", seat=0)
    assert [len(s.state["seats"][seat]["hand"]) for seat in range(3)] == [10, 10, 8]
    assert [line.split(" discarded ")[0] for line in discard_lines(s)] == [
        name(s, 1), name(s, 1), name(s, 0)]
