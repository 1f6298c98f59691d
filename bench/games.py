"""What the in-process benchmarks share: a repository on a temporary SQLite file, and random
offered choices until a game ends."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import app.games  # noqa: F401  (registers the games)
from app.config import Settings
from app.core.pick import random_answer
from app.store.database import migrate
from app.store.live import LiveGame
from app.store.repository import Repository


@contextmanager
def temporary_repository() -> Iterator[Repository]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        migrate(url)
        repo = Repository(Settings(database_url=url))
        try:
            yield repo
        finally:
            repo.close()


def random_choices(live: LiveGame, seed: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(seat, action): a random offered option of a random asked seat, until the game ends."""
    bots = random.Random(seed)
    while live.head.status == "active":
        prompt = bots.choice(live.head.prompts)
        yield prompt["seat"], random_answer(prompt, bots)
