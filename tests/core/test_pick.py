"""Prompts that ask to pick several options at once (app/core/pick.py): the core checks a pick
against what was offered before a game sees it."""

from __future__ import annotations

import random

import pytest

from app.core import IllegalAction
from app.core.pick import answers, check_pick, picked_action, random_answer

A, B = {"type": "discard", "card": "a"}, {"type": "discard", "card": "b"}
PROMPT = {"seat": 0, "kind": "discard", "text": "", "msg": {"key": "k", "params": {}},
          "pick": {"min": 2, "max": 2},
          "options": [{"label": "", "msg": {}, "action": a} for a in (A, A, B)]}


def refused(action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        check_pick(PROMPT, action)  # type: ignore[arg-type]
    return caught.value.msg["key"]


def test_a_pick_within_the_offer_and_the_bounds_is_taken() -> None:
    assert check_pick(PROMPT, picked_action([A, B])) == [A, B]  # type: ignore[arg-type]
    assert check_pick(PROMPT, picked_action([A, A])) == [A, A]  # type: ignore[arg-type]
    assert answers(PROMPT, {"type": "pick", "picked": [B, A]})  # type: ignore[arg-type]


def test_too_few_too_many_not_offered_and_repeated_beyond_the_offer_are_refused() -> None:
    assert refused(picked_action([A])) == "core.error.pick_too_few"
    assert refused(picked_action([A, A, B])) == "core.error.pick_too_many"
    assert refused(picked_action([A, {"type": "discard", "card": "c"}])) == \
        "core.error.pick_not_offered"
    assert refused(picked_action([B, B])) == "core.error.pick_repeated"


def test_a_single_option_or_a_malformed_pick_is_refused() -> None:
    assert refused(A) == "core.error.pick_shape"
    assert refused({"type": "pick", "picked": "ab"}) == "core.error.pick_shape"
    assert refused({"type": "pick", "picked": [A, B], "more": 1}) == "core.error.pick_shape"
    assert not answers(PROMPT, A)  # type: ignore[arg-type]


def test_a_random_answer_is_always_a_valid_pick() -> None:
    rng = random.Random(1)
    for _ in range(50):
        check_pick(PROMPT, random_answer(PROMPT, rng))  # type: ignore[arg-type]


def test_each_prompt_is_checked_against_its_own_options() -> None:
    """The offer of the last prompt checked is kept: another prompt, even an equal-looking one
    asked right after, is checked against its own options."""
    other = {**PROMPT, "options": [{"label": "", "msg": {}, "action": a} for a in (B, B)]}
    assert check_pick(PROMPT, picked_action([A, A])) == [A, A]  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        check_pick(other, picked_action([A, A]))  # type: ignore[arg-type]
    assert check_pick(other, picked_action([B, B])) == [B, B]  # type: ignore[arg-type]
    assert refused(picked_action([B, B])) == "core.error.pick_repeated"
