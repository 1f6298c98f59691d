"""Every patch the server would push in 50 seeded Battlestar Galactica games (and a few of its
Daybreak expansion, up to seven players), applied to what each seat and the spectator last
received, gives exactly the whole state of that version."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import jsonpatch
import orjson
import pytest

import app.games  # noqa: F401  (registers bsg)
from app.config import Settings
from app.core.pick import random_answer
from app.store.database import migrate
from app.store.patch import apply
from app.store.repository import Repository

GAMES = 50


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Repository]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('patches')) / 'quorum.db'}"
    migrate(url)
    repository = Repository(Settings(database_url=url, snapshot_every=50, log_tail=30))
    yield repository
    repository.close()


@pytest.mark.parametrize("seed", range(GAMES))
def test_patches_rebuild_every_seats_state(repo: Repository, seed: int) -> None:
    _patches_rebuild_every_seats_state(repo, seed, 3 + seed % 4, None)


@pytest.mark.parametrize(("seed", "players", "options"), [
    (100, 3, {"expansion": "daybreak"}), (101, 5, {"expansion": "daybreak"}),
    (102, 7, {"expansion": "daybreak"}),
    (103, 6, {"expansion": "daybreak", "search_for_home": True})])
def test_patches_rebuild_every_seats_state_in_daybreak(repo: Repository, seed: int,
                                                        players: int, options: dict) -> None:
    _patches_rebuild_every_seats_state(repo, seed, players, options)


def _patches_rebuild_every_seats_state(repo: Repository, seed: int, count: int,
                                       options: dict | None) -> None:
    players = [f"P{i}" for i in range(count)]
    game = repo.create("bsg", players, options, seed=seed)
    live = repo.live(game.id)
    seats: list[int | None] = [*range(len(players)), None]
    held: dict[int | None, dict] = {}
    kinds = {"state": 0, "patch": 0}
    for seat in seats:
        _, message = repo.state_message(live, seat)
        held[seat] = orjson.loads(message)
    bots = random.Random(seed)
    while live.head.status == "active":
        prompt = bots.choice(live.head.prompts)
        action = random_answer(prompt, bots)
        repo.act(game.id, prompt["seat"], live.version, action, None)
        for seat in seats:
            if bots.random() < 0.1 and live.head.status == "active":
                continue  # a slow socket: it catches up from an older version later
            version, raw = repo.push_bytes(live, seat, held[seat]["version"])
            message = orjson.loads(raw)
            kinds[message["type"]] += 1
            if message["type"] == "patch":
                assert message["from"] == held[seat]["version"]
                if seed % 10 == 0:  # the library, now and then, for its own reading of the RFC
                    held[seat] = jsonpatch.apply_patch(held[seat], message["ops"], in_place=True)
                else:
                    held[seat] = apply(held[seat], message["ops"])
            else:
                held[seat] = message
            held[seat].pop("type", None)
            assert version == live.version == held[seat]["version"]
            assert orjson.dumps(held[seat]) == repo.body_bytes(live, seat), (seat, version)
    assert kinds["patch"] > 20 * kinds["state"]
