"""Old games: finished ones are deleted with everything they own, abandoned running ones are
found; and the schema's `public` flag arrives by migration on every database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from sqlalchemy import create_engine, func, select, text, update

from app.config import parse_age
from app.store import prune
from app.store.database import alembic_config
from app.store.models import ActionRow, GameRow, SeatRow, SnapshotRow
from app.store.repository import Repository
from tests.conftest import first_option

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def finished_game(repo: Repository) -> str:
    created = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 1})
    live = repo.live(created.id)
    while live.head.status == "active":
        seat, action = first_option(live.head.prompts)
        repo.act(created.id, seat, live.version, action, None)
    return created.id


def age(repo: Repository, game_id: str, days: int) -> None:
    """Move a game's clock `days` back from NOW."""
    then = NOW - timedelta(days=days)
    with repo.Session() as s, s.begin():
        row = s.get(GameRow, game_id)
        s.execute(update(GameRow).where(GameRow.id == game_id).values(
            updated_at=then, finished_at=then if row.finished_at is not None else None))


def rows_of(repo: Repository, game_id: str) -> dict[str, int]:
    with repo.Session() as s:
        return {table.__tablename__: s.scalar(select(func.count()).select_from(table).where(
            (table.id if table is GameRow else table.game_id) == game_id))
            for table in (GameRow, SeatRow, ActionRow, SnapshotRow)}


def test_finished_games_older_than_the_age_go_with_everything_they_own(repo: Repository) -> None:
    old, recent = finished_game(repo), finished_game(repo)
    running = repo.create("secretcards", ["Cid", "Dan"]).id
    age(repo, old, 91)
    age(repo, recent, 89)
    age(repo, running, 200)
    assert rows_of(repo, old)["snapshots"] >= 1 and rows_of(repo, old)["actions"] >= 2
    assert prune.prune_finished(repo, timedelta(days=90), NOW) == 1
    assert set(rows_of(repo, old).values()) == {0}
    assert rows_of(repo, recent)["games"] == 1 and rows_of(repo, running)["games"] == 1
    assert repo.cached(old) is None  # not served from memory either
    assert [g["id"] for g in repo.list_games("finished")] == [recent]


def test_abandoned_running_games_are_found_longest_idle_first(repo: Repository) -> None:
    idle, idler, busy = (repo.create("secretcards", ["Ann", "Bob"]).id for _ in range(3))
    done = finished_game(repo)
    age(repo, idle, 31)
    age(repo, idler, 60)
    age(repo, busy, 29)
    age(repo, done, 100)
    found = prune.idle_for(repo, timedelta(days=30), NOW)
    assert [g.id for g in found] == [idler, idle]
    assert found[0].players == ["Ann", "Bob"] and found[0].version == 0


def test_ages_are_a_number_and_a_unit() -> None:
    assert parse_age("90d") == timedelta(days=90)
    assert parse_age("12h") == timedelta(hours=12)
    assert parse_age(" 30m ") == timedelta(minutes=30)
    for bad in ("90", "d", "1.5d", "-3d", "90 days", ""):
        with pytest.raises(ValueError):
            parse_age(bad)


def test_the_public_flag_migrates_up_and_down_keeping_every_game(db_url: str) -> None:
    config = alembic_config(db_url)
    command.downgrade(config, "0001")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO games (id, game, options, players, seed, status, version, created_at, "
            "updated_at) VALUES ('g1', 'secretcards', '{}', '[\"Ann\", \"Bob\"]', 1, 'active', 0, "
            ":now, :now)"), {"now": NOW})
    command.upgrade(config, "head")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT id, public FROM games")).all() == [("g1", False)]
    command.downgrade(config, "0001")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT id FROM games")).all() == [("g1",)]
    command.upgrade(config, "head")
    engine.dispose()


def test_the_server_prunes_by_itself_when_told_to(settings, repo: Repository) -> None:
    import time
    from dataclasses import replace

    from fastapi.testclient import TestClient

    from app.web.app import create_app

    old = finished_game(repo)
    age(repo, old, 400)  # finished more than the year this server keeps
    kept = finished_game(repo)
    with TestClient(create_app(replace(settings, prune_finished_after=timedelta(days=365)))):
        for _ in range(100):
            if rows_of(repo, old)["games"] == 0:
                break
            time.sleep(0.05)
    assert rows_of(repo, old)["games"] == 0
    assert rows_of(repo, kept)["games"] == 1
