"""Engine creation and schema migration (Alembic, applied at start)."""

from __future__ import annotations

from pathlib import Path

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def _json_dumps(value: object) -> str:
    return orjson.dumps(value).decode()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            json_serializer=_json_dumps,
            json_deserializer=orjson.loads,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
            cur = dbapi_conn.cursor()
            # WAL lets readers go on while one writer appends; foreign keys are off by default.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # A connection for each worker thread that may hold one at once (anyio's 40 by default): with
    # 10, a burst of acts (a reaction window asks several seats of many games) used the overflow,
    # and every overflow connection was closed when given back and opened again for the next act
    # (bench.load A on PostgreSQL: 2.2-2.6 -> 2.0 ms of server CPU per action, bench/README.md).
    return create_engine(
        url,
        pool_size=40,
        max_overflow=20,
        pool_pre_ping=True,
        json_serializer=_json_dumps,
        json_deserializer=orjson.loads,
    )


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(url: str) -> None:
    command.upgrade(alembic_config(url), "head")
