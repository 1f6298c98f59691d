"""What a computer player is, and the one way it is asked.

A bot is given exactly what a person at its seat gets — the seat's view and the prompts it is
asked now (the body of `GET /api/games/{id}` with the seat's token) — and a random generator of
its own, and answers with one action that answers one of those prompts: an offered option's
action, or a valid pick (app/core/pick.py). It never reads the state, so it cannot know what its
seat cannot see. It keeps nothing between moves: the same view, prompts and generator give the
same answer, so a game with bots replays, and a server that restarts carries on the same way.
"""

from __future__ import annotations

import _random
import hashlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core.drafts import answerable, compose
from app.core.pick import answers, random_answer
from app.core.protocol import Prompt, Rules, State

Answer = Callable[[dict[str, Any], list[Prompt], random.Random], dict[str, Any]]
"""(the seat's view, the seat's prompts, the bot's generator) → one action answering a prompt.
The view and prompts are the bot's own copies; it may read them in any way."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Bot:
    """A named computer player. `key` is the catalog key of its name ("core.bot.random"; a game's
    own bots: "<game>.bot.<name>"). `reads_view`: False for a bot whose answer never looks at the
    view (a simulation then skips building it; the answer is the same either way).

    How long a bot thinks shows to everyone (the game waits on its seat meanwhile), so a bot
    should take about as long whatever its seat's hidden cards are, and well under a second."""

    name: str
    key: str
    answer: Answer
    reads_view: bool = True


def bot_rng(seed: int, seat: int, version: int) -> random.Random:
    """The generator a bot gets for its seat's move at `version` of a game seeded `seed`: its own
    (never the global one), the same every time that move is asked, so games replay."""
    digest = hashlib.sha256(f"quorum-bot:{seed}:{seat}:{version}".encode()).digest()
    # what `random.Random(n)` does for a whole number n, without its Python `__init__` and
    # `seed` (a move asks for a generator, so they cost ~10 % of a bot's move): the C seeding
    # of the same number, and the attribute `seed` sets; the generator is the same
    rng = _NEW_RANDOM(random.Random)
    _SEED(rng, int.from_bytes(digest[:16], "big"))
    rng.gauss_next = None
    return rng


_NEW_RANDOM = random.Random.__new__
_SEED = _random.Random.seed


def bot_answer(bot: Bot, view: dict[str, Any], prompts: list[Prompt], rng: random.Random
               ) -> dict[str, Any]:
    """The bot's answer to its seat's prompts (never a ready one's: a bot does not take its
    "ready" back). An answer the bot got wrong (none of the offered ones) is replaced by a
    random offered one, so that a faulty bot never stalls a game."""
    prompts = answerable(prompts)
    if not prompts:
        raise ValueError("a bot is asked only when its seat is asked something")
    action = bot.answer(view, prompts, rng)
    for prompt in prompts:  # a loop, not any() over a generator: every move of every bot
        if answers(prompt, action):
            return action
    log.warning("bot %r answered with no offered option; a random one is played instead",
                bot.name)
    return random_answer(prompts[0], rng)


def seat_move(rules: Rules, state: State, seat: int, bot: Bot, seed: int, version: int,
              prompts: list[Prompt] | None = None) -> dict[str, Any]:
    """`bot`'s answer for `seat` at `version` of a game in process (simulations, tests): it gets
    `rules.view(state, seat)` and the seat's prompts, nothing else of the state. `prompts`: the
    state's prompts, if the caller has them."""
    asked = [p for p in (rules.prompts(state) if prompts is None else prompts)
             if p["seat"] == seat and not p.get("ready")]  # `is_ready` inline: every move
    rng = bot_rng(seed, seat, version)
    if asked and all(p.get("draft") for p in asked):  # `is_draft`
        return compose(rules, state, seat, asked, lambda view, now: bot_answer(
            bot, view, now, rng), reads_view=bot.reads_view)
    view = rules.view(state, seat) if bot.reads_view else {}
    return bot_answer(bot, view, asked, rng)
