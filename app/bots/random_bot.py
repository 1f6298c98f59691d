"""The core's bot for every game: it picks uniformly among the answers it is offered."""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import Bot
from app.core import Prompt
from app.core.pick import random_answer


def choose(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """One offered option, or for a prompt that asks to pick several, a random valid pick."""
    return random_answer(prompt, rng)


def answer(view: dict[str, Any], prompts: list[Prompt], rng: random.Random) -> dict[str, Any]:
    """A random answer to one of the seat's prompts (a seat asked several things at once answers
    any one of them)."""
    return choose(rng.choice(prompts) if len(prompts) > 1 else prompts[0], rng)


RANDOM = Bot(name="random", key="core.bot.random", answer=answer, reads_view=False)
