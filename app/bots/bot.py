"""What a computer player is, and the one way it is asked.

A bot is given exactly what a person at its seat gets — the seat's view and the prompts it is
asked now (the body of `GET /api/games/{id}` with the seat's token) — and a random generator of
its own, and answers with one action that answers one of those prompts: an offered option's
action, or a valid pick (app/core/pick.py). It never reads the state, so it cannot know what its
seat cannot see. It keeps nothing between moves: the same view, prompts and generator give the
same answer, so a game with bots replays, and a server that restarts carries on the same way.
"""

from __future__ import annotations

import hashlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core.drafts import answerable, compose, is_draft, is_ready
from app.core.pick import answers, is_pick, random_answer
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
    return random.Random(int.from_bytes(digest[:16], "big"))


def bot_answer(bot: Bot, view: dict[str, Any], prompts: list[Prompt], rng: random.Random
               ) -> dict[str, Any]:
    """The bot's answer to its seat's prompts (never a ready one's: a bot does not take its
    "ready" back). An answer the bot got wrong (none of the offered ones) is replaced by a
    random offered one, so that a faulty bot never stalls a game."""
    prompts = answerable(prompts)
    if not prompts:
        raise ValueError("a bot is asked only when its seat is asked something")
    action = bot.answer(view, prompts, rng)
    if any(answers(prompt, action) for prompt in prompts):
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
             if p["seat"] == seat and not is_ready(p)]
    if len(asked) == 1 and len(asked[0]["options"]) == 1 and not is_pick(asked[0]) \
            and not is_draft(asked[0]):
        # one answer is possible: any bot's (or, for a faulty one, the random stand-in's) is
        # this one, so neither its generator nor its view is made (a tenth of a game's moves)
        return asked[0]["options"][0]["action"]  # type: ignore[no-any-return]
    rng = bot_rng(seed, seat, version)
    if asked and all(is_draft(p) for p in asked):
        return compose(rules, state, seat, asked, lambda view, now: bot_answer(
            bot, view, now, rng), reads_view=bot.reads_view)
    view = rules.view(state, seat) if bot.reads_view else {}
    return bot_answer(bot, view, asked, rng)
