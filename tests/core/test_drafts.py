"""Decisions behind the screen (app/core/drafts.py) on the test game of sealed bids: steps are
posted only with the one that commits, each checked against what the seat is asked then;
previews store nothing; ready prompts are left alone by drivers; nothing of a seat's steps
reaches another seat before the reveal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.core import IllegalAction, act, replay
from app.core.drafts import (
    answerable,
    apply_action,
    compose,
    is_draft,
    preview,
    steps_action,
)
from app.simulate import play_one
from tests.sealedbids import RULES

MORE, LESS, READY, TAKE_BACK = ({"type": t} for t in ("more", "less", "ready", "take_back"))


def new(players: int = 2, rounds: int = 3) -> dict[str, Any]:
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    return RULES.new_game(RULES.check_options({"rounds": rounds}, names), names, 1)


def refused(state: dict[str, Any], seat: int, action: Any) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(RULES, state, seat, action)
    return caught.value.msg["key"]


def test_a_step_behind_the_screen_is_never_posted_alone() -> None:
    state = new()
    assert refused(state, 0, MORE) == "core.error.step_alone"


def test_a_decision_is_its_steps_posted_with_the_committing_one() -> None:
    state, events = act(RULES, new(), 0, steps_action([MORE, MORE, LESS, MORE, READY]))
    assert state["bids"][0] == 2 and state["ready"] == [True, False]
    assert [e["msg"]["key"] for e in events] == ["sealedbids.is_ready"]


def test_ready_with_nothing_changed_may_be_posted_alone() -> None:
    state, _ = act(RULES, new(), 1, READY)
    assert state["ready"] == [False, True] and state["bids"] == [0, 0]


@pytest.mark.parametrize(("steps", "key"), [
    ([MORE, MORE], "core.error.steps_not_committed"),
    ([LESS, READY], "core.error.step_not_offered"),             # nothing bid yet
    ([MORE] * 5 + [READY], "core.error.step_not_offered"),      # 4 coins: the fifth is refused
    ([READY, MORE], "core.error.step_not_offered"),             # ready: only taking it back
    ([READY, TAKE_BACK], "core.error.step_not_behind_screen"),  # taking back is public
    ([], "core.error.steps_shape"),
    (["more"], "core.error.steps_shape"),
])
def test_a_wrong_decision_is_refused_with_the_step_it_went_wrong_at(
        steps: list[Any], key: str) -> None:
    state = new()
    assert refused(state, 0, {"type": "steps", "steps": steps}) == key
    assert state == new()  # nothing half-applied


def test_the_coin_limit_is_checked_at_its_boundary() -> None:
    state, _ = act(RULES, new(), 0, steps_action([MORE] * 4 + [READY]))
    assert state["bids"][0] == 4


def test_too_many_steps_are_refused_before_any_is_tried() -> None:
    action = steps_action([MORE, LESS] * 201 + [READY])
    assert refused(new(), 0, action) == "core.error.steps_too_many"


def test_a_preview_gives_the_seat_its_prompts_after_the_steps_and_stores_nothing() -> None:
    state = new()
    asked = [p for p in RULES.prompts(state) if p["seat"] == 0]
    after, prompts = preview(RULES, state, 0, [MORE, MORE], asked)
    assert RULES.view(after, 0)["you"]["bid"] == 2 and state["bids"] == [0, 0]
    assert {o["action"]["type"] for o in prompts[0]["options"]} == {"more", "less", "ready"}
    with pytest.raises(IllegalAction) as caught:
        preview(RULES, state, 0, [MORE, READY], asked)
    assert caught.value.msg["key"] == "core.error.step_commits"


def test_ready_may_be_taken_back_until_the_last_one_commits() -> None:
    state, _ = act(RULES, new(), 0, steps_action([MORE, READY]))
    ready = [p for p in RULES.prompts(state) if p["seat"] == 0][0]
    assert ready["ready"] and not is_draft(ready)
    state, events = act(RULES, state, 0, TAKE_BACK)
    assert state["ready"] == [False, False] and state["bids"][0] == 1  # the bid stays, unseen
    assert events[0]["msg"]["key"] == "sealedbids.took_back"
    state, _ = act(RULES, state, 0, steps_action([MORE, READY]))
    state, events = act(RULES, state, 1, steps_action([MORE, READY]))
    assert state["revealed"] == [2, 1] and state["points"] == [1, 0] and state["coins"][0] == 2
    assert state["round"] == 2 and state["ready"] == [False, False]


def test_a_seats_view_before_the_reveal_is_the_same_whatever_the_others_chose() -> None:
    """Non-interference: Ann's view and prompts are the same whatever Bob committed and Cid
    tried out behind the screen (ready or not is public: compared among the same flags)."""
    rng = random.Random(7)
    for _ in range(60):
        base = new(3)
        mine = steps_action([MORE] * rng.randint(0, 4) + [READY])
        seen = set()
        for ready in (False, True):
            for _ in range(6):
                state, _ = act(RULES, base, 0, mine)
                if ready:  # Bob commits a random bid; Cid's steps are only tried out
                    bob = [MORE] * rng.randint(0, 4)
                    state, _ = act(RULES, state, 1, steps_action([*bob, READY]))
                cid = [p for p in RULES.prompts(state) if p["seat"] == 2]
                preview(RULES, state, 2, [MORE] * rng.randint(0, 4), cid)
                asked = [p for p in RULES.prompts(state) if p["seat"] == 0]
                seen.add((ready, repr(RULES.view(state, 0)), repr(asked)))
        assert len(seen) == 2  # one view for each set of ready flags, never more


def test_drivers_leave_ready_prompts_alone_and_play_decisions_as_one_action() -> None:
    state, _ = act(RULES, new(), 0, steps_action([READY]))
    assert [p["seat"] for p in answerable(RULES.prompts(state))] == [1]
    move = seat_move(RULES, state, 1, RANDOM, 5, 1)
    assert move == READY or move["type"] == "steps"
    after, _ = act(RULES, state, 1, move)
    assert after["round"] == 2


def test_random_games_end_and_replay_from_their_actions() -> None:
    for seed in range(30):
        assert play_one(RULES, 3, seed)["result"] is not None
    names = ["Ann", "Bob"]
    state = first = RULES.new_game({"rounds": 3}, names, 1)
    log = []
    rng = random.Random(3)
    while RULES.result(state) is None:
        seat = rng.choice(answerable(RULES.prompts(state)))["seat"]
        move = seat_move(RULES, state, seat, RANDOM, 3, len(log))
        state, _ = act(RULES, state, seat, move)
        log.append((seat, move))
    assert replay(RULES, {"rounds": 3}, names, 1, log) == state
    again = first
    for seat, move in log:
        again, _ = apply_action(RULES, again, seat, move)
    assert again == state


def test_a_composed_decision_posted_from_the_same_state_is_still_checked_step_by_step() -> None:
    state = new()
    composed = compose(RULES, state, 0, answerable(RULES.prompts(state)),
                       _chooser([MORE, MORE, MORE, READY]))
    assert composed == steps_action([MORE, MORE, MORE, READY])
    # another decision from the same state, the composed steps' states kept: checked anew
    assert refused(state, 0, steps_action([MORE] * 5 + [READY])) == "core.error.step_not_offered"
    composed = compose(RULES, state, 0, answerable(RULES.prompts(state)),
                       _chooser([MORE, MORE, LESS, READY]))
    after, events = act(RULES, state, 0, composed)
    assert (after, events) == apply_action(RULES, state, 0, composed)
    assert after["bids"][0] == 1 and state == new()
    assert act(RULES, state, 0, composed) == (after, events)  # kept steps are taken once


def _chooser(steps: list[dict[str, Any]]) -> Any:
    left = iter(steps)
    return lambda view, asked: next(left)
