"""Bots: named and registered per game, seeded per seat and move, never trusted blindly."""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import Bot, bot_answer, bot_rng, seat_move
from app.bots.random_bot import RANDOM
from app.bots.registry import bot_list, bots_for, get_bot
from app.core.pick import answers
from app.simulate import simulate
from tests.secretcards import RULES, SecretCards


def _passer(view: dict[str, Any], prompts: list[Any], rng: random.Random) -> dict[str, Any]:
    return {"type": "pass"}


PASSER = Bot(name="passer", key="secretcards.pass", answer=_passer)


class WithBots(SecretCards):
    """The test game with a bot of its own."""

    def bots(self) -> list[Bot]:
        return [PASSER]


def test_every_game_has_the_random_bot_and_a_game_may_add_its_own() -> None:
    assert bots_for(RULES) == {"random": RANDOM}
    own = WithBots()
    assert list(bots_for(own)) == ["random", "passer"]
    assert get_bot(own, "passer") is PASSER and get_bot(RULES, "passer") is None
    assert bot_list(own) == [{"name": "random", "key": "core.bot.random"},
                             {"name": "passer", "key": "secretcards.pass"}]


def test_a_bots_generator_is_its_own_and_the_same_for_the_same_move() -> None:
    assert bot_rng(5, 1, 9).random() == bot_rng(5, 1, 9).random()
    draws = {bot_rng(5, seat, version).random() for seat in range(3) for version in range(3)}
    assert len(draws) == 9
    random.seed(1)
    first = bot_rng(5, 1, 9).random()
    random.seed(2)
    assert bot_rng(5, 1, 9).random() == first  # the global generator plays no part


def _state(players: int = 3) -> dict[str, Any]:
    names = [f"P{i}" for i in range(players)]
    return RULES.new_game(RULES.check_options({}, names), names, 11)


def test_the_random_bot_answers_an_offered_option_the_same_for_the_same_move() -> None:
    state = _state()
    answer = seat_move(RULES, state, 0, RANDOM, 11, 0)
    assert answers(RULES.prompts(state)[0], answer)
    assert all(seat_move(RULES, state, 0, RANDOM, 11, 0) == answer for _ in range(5))


def test_a_bot_that_answers_something_not_offered_plays_a_random_offered_one() -> None:
    prompt = RULES.prompts(_state())[0]
    wrong = Bot(name="wrong", key="core.bot.random", answer=lambda v, p, r: {"type": "cheat"})
    assert answers(prompt, bot_answer(wrong, {}, [prompt], random.Random(1)))


def test_simulate_counts_wins_per_seat_with_a_bot_per_seat() -> None:
    own = WithBots()
    totals = simulate(own, 3, 20, 1, {"rounds": 3}, ["random", "passer", "passer"])
    assert totals["bots"] == ["random", "passer", "passer"]
    assert sum(totals["seat_wins"]) >= totals["finished"] == 20
    assert totals["seat_wins"][0] >= 15  # the only seat that ever scores
    assert simulate(own, 3, 20, 1, {"rounds": 3}, ["random"])["bots"] == ["random"] * 3


def test_simulate_may_move_the_bots_on_a_seat_each_game() -> None:
    own = WithBots()
    fixed = simulate(own, 2, 10, 1, {"rounds": 3}, ["passer", "random"])
    assert fixed["seat_wins"][1] == fixed["bot_wins"]["random"] >= 8
    moved = simulate(own, 2, 10, 1, {"rounds": 3}, ["passer", "random"], rotate=True)
    assert moved["bot_wins"]["random"] >= 8
    assert moved["seat_wins"][0] >= 4 and moved["seat_wins"][1] >= 4  # it sat in both seats
