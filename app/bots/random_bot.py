"""A bot that picks uniformly among the options it is offered."""

from __future__ import annotations

import random
from typing import Any

from app.core import Prompt


def choose(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    return rng.choice(prompt["options"])["action"]
