"""Daybreak games in a position the browser tests want to see.

The test process builds the game itself, into the live server's own database: the store creates
the game, the engine plays its setup and the test arranges the position it wants, and the
position is stored as the game's snapshot at version 0. The server has never seen the game: it
loads it from that snapshot and plays on from there as from any stored game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import app.games  # noqa: F401  (the games the store creates)
from app.config import Settings
from app.core import act
from app.core.pick import random_answer
from app.core.state import dump_state
from app.games.bsg.rules import RULES
from app.store.models import SnapshotRow
from app.store.repository import Repository
from tests.e2e.conftest import SERVER_LOGS


def database_of(base: str) -> str:
    """The live server's SQLite file (the fixture puts it beside the server's log)."""
    return f"sqlite:///{SERVER_LOGS[base].parent / 'e2e.db'}"


def create_daybreak(base: str, players: list[str],
                    arrange: Callable[[dict[str, Any]], None] | None = None,
                    seed: int = 7, **options: Any) -> dict[str, Any]:
    """A Daybreak game in the live server. With `arrange`: its setup played by random bots up to
    the first turn's first question, then `arrange(state)` (such a game has no true replay);
    without: the game as created. Answers {"id", "urls", "tokens", "state"}."""
    repo = Repository(Settings(database_url=database_of(base)))
    try:
        created = repo.create("bsg", players, {"expansion": "daybreak", **options}, seed=seed)
        state = RULES.new_game(repo.live(created.id).options, players, seed)
        if arrange is None:
            return {"id": created.id, "tokens": created.tokens, "state": state,
                    "urls": _urls(base, created.id, created.tokens)}
        bots = random.Random(seed)
        while state["turn"] == 0 or RULES.prompts(state)[0]["kind"] != "action":
            prompt = RULES.prompts(state)[0]
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
        arrange(state)
        with repo.Session() as s, s.begin():
            s.add(SnapshotRow(game_id=created.id, seq=0, state=dump_state(state).decode()))
    finally:
        repo.close()
    return {"id": created.id, "tokens": created.tokens, "state": state,
            "urls": _urls(base, created.id, created.tokens)}


def _urls(base: str, game_id: str, tokens: list[str]) -> list[str]:
    return [f"{base}/games/{game_id}/play#token={t}" for t in tokens]
