"""Several games' actions sharing one SQLite commit (`Repository.act_staged`): nothing is told
or moved on before the commit, a failed commit keeps none of them, and a raced one takes none of
the others with it into the database."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from sqlalchemy import func, select

from app.store.errors import StaleVersion
from app.store.models import ActionRow
from app.store.repository import Repository
from tests.conftest import first_option


@pytest.fixture
def sqlite_repo(repo: Repository) -> Repository:
    if not repo.settings.database_url.startswith("sqlite"):
        pytest.skip("acting together is SQLite's")
    return repo


def stored(repo: Repository, game_id: str) -> int:
    with repo.Session() as s:
        return s.scalar(select(func.count()).select_from(ActionRow)
                        .where(ActionRow.game_id == game_id)) or 0


class Told:
    def __init__(self) -> None:
        self.done: list[int] = []
        self.failed: list[BaseException] = []


def stage(repo: Repository, game_id: str, told: Told, client_id: str | None = None) -> Any:
    live = repo.live(game_id)
    seat, action = first_option(live.head.prompts)
    return repo.act_staged(game_id, seat, live.version, action, client_id, told.done.append,
                           told.failed.append)


def test_staged_actions_are_stored_and_told_only_at_the_commit(sqlite_repo: Repository) -> None:
    repo = sqlite_repo
    games = [repo.create("secretcards", ["Ann", "Bob"]).id for _ in range(3)]
    told = [Told() for _ in games]
    for game_id, t in zip(games, told, strict=True):
        assert stage(repo, game_id, t) is None
        assert repo.is_staged(game_id)
    for game_id, t in zip(games, told, strict=True):
        assert repo.live(game_id).version == 0 and stored(repo, game_id) == 0 and not t.done
    repo.commit_staged()
    for game_id, t in zip(games, told, strict=True):
        assert t.done == [1] and not t.failed
        assert repo.live(game_id).version == 1 and stored(repo, game_id) == 1
        assert not repo.is_staged(game_id)
    # the writer is free again: an action on its own path commits at once
    live = repo.live(games[0])
    seat, action = first_option(live.head.prompts)
    assert repo.act(games[0], seat, 1, action, None) == 2 and stored(repo, games[0]) == 2


def test_a_failed_commit_keeps_none_of_them(sqlite_repo: Repository,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    repo = sqlite_repo
    games = [repo.create("secretcards", ["Ann", "Bob"]).id for _ in range(2)]
    told = [Told() for _ in games]
    for game_id, t in zip(games, told, strict=True):
        stage(repo, game_id, t)
    conn = repo._sqlite_connection()

    class Failing:
        def __getattr__(self, name: str) -> Any:
            return getattr(conn, name)

        def commit(self) -> None:
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(repo, "_sqlite_connection", lambda: Failing())
    repo.commit_staged()
    monkeypatch.undo()
    for game_id, t in zip(games, told, strict=True):
        assert not t.done and isinstance(t.failed[0], sqlite3.OperationalError)
        assert repo.live(game_id).version == 0 and stored(repo, game_id) == 0
        assert not repo.is_staged(game_id)
    assert stage(repo, games[0], Told()) is None  # and the writer is free again
    repo.commit_staged()
    assert stored(repo, games[0]) == 1


def test_staged_acts_are_judged_like_any_other(sqlite_repo: Repository) -> None:
    repo = sqlite_repo
    game_id = repo.create("secretcards", ["Ann", "Bob"]).id
    told = Told()
    stage(repo, game_id, told, client_id="c1")
    repo.commit_staged()
    assert told.done == [1]
    assert stage(repo, game_id, Told(), client_id="c1") == 1  # the same client_id: answered
    live = repo.live(game_id)
    seat, action = first_option(live.head.prompts)
    with pytest.raises(StaleVersion):
        repo.act_staged(game_id, seat, 0, action, None, told.done.append, told.failed.append)
    assert not repo.is_staged(game_id) and stored(repo, game_id) == 1


def test_an_action_on_its_own_path_commits_the_staged_ones_first(
        sqlite_repo: Repository) -> None:
    repo = sqlite_repo
    one, two = (repo.create("secretcards", ["Ann", "Bob"]).id for _ in range(2))
    told = Told()
    stage(repo, one, told)
    live = repo.live(two)
    seat, action = first_option(live.head.prompts)
    assert repo.act(two, seat, 0, action, None) == 1
    assert told.done == [1] and stored(repo, one) == 1 and stored(repo, two) == 1


def test_a_race_lost_to_another_process_takes_the_staged_ones_back(
        sqlite_repo: Repository) -> None:
    repo = sqlite_repo
    one, two = (repo.create("secretcards", ["Ann", "Bob"]).id for _ in range(2))
    other = Repository(repo.settings)  # a second server process on the same database
    try:
        live = other.live(two)
        repo.live(two)  # cached here at version 0
        seat, action = first_option(live.head.prompts)
        assert other.act(two, seat, 0, action, None) == 1
        told = Told()
        stage(repo, one, told)
        mine = Told()
        # judged at version 0 here, lost on writing: `act` catches up and refuses it as stale
        with pytest.raises(StaleVersion):
            stage_at(repo, two, 0, mine)
        assert told.failed and not told.done and stored(repo, one) == 0
        assert repo.live(one).version == 0 and not repo.is_staged(one)
        assert stage(repo, one, Told()) is None
        repo.commit_staged()
        assert stored(repo, one) == 1 and stored(repo, two) == 1
    finally:
        other.close()


def stage_at(repo: Repository, game_id: str, version: int, told: Told) -> Any:
    live = repo.cached(game_id)
    assert live is not None
    seat, action = first_option(live.head.prompts)
    return repo.act_staged(game_id, seat, version, action, None, told.done.append,
                           told.failed.append)
