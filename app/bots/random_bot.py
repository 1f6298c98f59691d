"""A bot that picks uniformly among the answers it is offered."""

from __future__ import annotations

import random
from typing import Any

from app.core import Prompt
from app.core.pick import random_answer


def choose(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """One offered option, or for a prompt that asks to pick several, a random valid pick."""
    return random_answer(prompt, rng)
