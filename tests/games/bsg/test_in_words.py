"""The English words of prompts and log lines (app/games/bsg/in_words.py), remembered by the
message alone and said with stand-ins for the names, are the words `english` says with the
names themselves, whatever the names hold (braces, a NUL) and however many there are."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.core import english, msg
from app.core.pick import random_answer
from app.games.bsg.in_words import words
from app.games.bsg.rules import RULES, checked_options

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _messages(actions: int = 250) -> list[dict[str, Any]]:
    """The messages of a Daybreak game's prompts, options, facts and log lines."""
    options = checked_options({"expansion": "daybreak"}, PLAYERS)
    state, bots, said = RULES.new_game(options, PLAYERS, 3), random.Random(3), []
    for _ in range(actions):
        if state["result"] is not None:
            break
        prompts = RULES.prompts(state)
        for prompt in prompts:
            said.append(prompt["msg"])
            said += [o["msg"] for o in prompt["options"]]
            said += [f["msg"] for f in prompt.get("facts", [])]
        state, events = RULES.apply(state, prompts[0]["seat"], random_answer(prompts[0], bots))
        said += [e["msg"] for e in events]
    return said


NAMES = [
    ["Ann (Kara Thrace)", "Bo", "Cy (Gaius Baltar)", "Di", "Ed"],
    ["{0}", "}{", "{1}x", "a{{b", "\x000\x00"],
    ["\x00", "N\x001\x00", "", "{", "}"],
    [f"P{i}" for i in range(3)],
    [f"P{i}" for i in range(7)],
    [f"P{i}" for i in range(12)],
]


@pytest.mark.parametrize("names", NAMES)
def test_words_are_englishs(names: list[str]) -> None:
    said = _messages()
    assert len(said) > 500
    for m in said:
        assert words(m, names) == english(m, names), m


def test_a_seat_beyond_the_names() -> None:
    m = msg("bsg.turn.started", n=3, seat=4)
    for names in (PLAYERS, PLAYERS[:3], PLAYERS[:4]):
        assert words(m, names) == english(m, names)
