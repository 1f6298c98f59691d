"""Shared fixtures: the test game registered, and databases (SQLite always, PostgreSQL when
QUORUM_TEST_POSTGRES_URL names one). With QUORUM_REQUIRE_SERVICES=1 (as in CI) a missing
service fails the run instead of skipping."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from app.config import Settings
from app.core import register
from app.core.pick import first_answer
from app.store.database import migrate
from app.store.repository import Repository
from tests.sealedbids import RULES as SEALED_BIDS
from tests.secretcards import RULES as SECRET_CARDS

register(SECRET_CARDS)
register(SEALED_BIDS)

POSTGRES_URL = os.environ.get("QUORUM_TEST_POSTGRES_URL")
REQUIRE_SERVICES = os.environ.get("QUORUM_REQUIRE_SERVICES") == "1"


def need_service(what: str) -> None:
    message = f"{what} is not available here"
    if REQUIRE_SERVICES:
        pytest.fail(message + " (QUORUM_REQUIRE_SERVICES=1)")
    pytest.skip(message)


@cache
def _worker_database(url: str) -> str:
    """The database of this test process: with several processes (pytest-xdist), each has a
    database of its own beside the one named (made on first use), since every test that uses
    it starts by emptying it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    base = make_url(url)
    mine = base.set(database=f"{base.database}_{worker}")
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.scalar(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                       {"n": mine.database}) is None:
            conn.execute(text(f'CREATE DATABASE "{mine.database}"'))
    engine.dispose()
    return mine.render_as_string(hide_password=False)


def _reset_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'quorum.db'}"
    else:
        if not POSTGRES_URL:
            need_service("PostgreSQL (set QUORUM_TEST_POSTGRES_URL)")
        url = Settings().with_database(_worker_database(POSTGRES_URL)).database_url
        _reset_postgres(url)
    migrate(url)
    return url


@pytest.fixture
def settings(db_url: str) -> Settings:
    return Settings(database_url=db_url, snapshot_every=5, log_tail=50)


@pytest.fixture
def repo(settings: Settings) -> Iterator[Repository]:
    repository = Repository(settings)
    yield repository
    repository.close()


def first_option(prompts: list[dict], seat: int | None = None) -> tuple[int, dict]:
    prompt = next(p for p in prompts if seat is None or p["seat"] == seat)
    return prompt["seat"], first_answer(prompt)
