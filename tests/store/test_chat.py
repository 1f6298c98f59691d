"""The chat's store: numbering per channel across processes, memory and the database agreeing,
the rate limit's window, and the schema arriving (and leaving) by migration on every database."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from alembic import command
from sqlalchemy import create_engine, inspect, text

from app.config import Settings
from app.store.chat import KEEP, Chat, Limiter, readable
from app.store.database import alembic_config
from app.store.repository import Repository


def unlimited() -> Limiter:
    return Limiter(rate=10**9)


def test_each_channel_counts_from_one_in_the_order_of_storing(settings: Settings,
                                                              repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"]).id
    other = Repository(settings)  # a second server process on the same database
    try:
        chats = [Chat(repo, unlimited()), Chat(other, unlimited())]
        live = [repo.live(game), other.live(game)]

        def talk(i: int) -> None:
            for k in range(15):
                chats[i].post(live[i], i, f"{i}-{k}")
                chats[i].post(live[i], None, f"s{i}-{k}", name="Zed")

        threads = [threading.Thread(target=talk, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for chat in chats:
            for channel in ("table", "spectators"):
                numbers = [m["n"] for m in chat.since(game, channel, 0)]
                assert numbers == list(range(1, 31))
        mine = [m["text"] for m in chats[0].since(game, "table", 0) if m["seat"] == 1]
        assert mine == [f"1-{k}" for k in range(15)]  # each speaker's words in its order
    finally:
        other.close()


def test_a_reader_far_behind_gets_everything_from_the_database(repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"]).id
    chat, live = Chat(repo, unlimited()), repo.live(game)
    for k in range(KEEP + 30):
        chat.post(live, k % 2, f"m{k + 1}")
    assert [m["n"] for m in chat.since(game, "table", KEEP + 20)] == list(range(KEEP + 21,
                                                                               KEEP + 31))
    behind = chat.since(game, "table", 10)
    assert [m["n"] for m in behind] == list(range(11, KEEP + 31))
    messages, heads = chat.recent(game, ["table", "spectators"], 5)
    assert [m["n"] for m in messages] == list(range(KEEP + 26, KEEP + 31))
    assert heads == {"table": KEEP + 30, "spectators": 0}


def test_the_window_of_the_rate_limit() -> None:
    now = [0.0]
    limiter = Limiter(rate=3, window=1.0, clock=lambda: now[0])
    assert [limiter.allow("ann") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("bob")
    now[0] = 0.999
    assert not limiter.allow("ann")
    now[0] = 1.0
    assert limiter.allow("ann") and limiter.allow("ann") and limiter.allow("ann")
    assert not limiter.allow("ann")


def test_who_reads_which_channel() -> None:
    for finished in (False, True):
        assert readable("table", 0, finished) and readable("table", None, finished)
        assert readable("spectators", None, finished)
        assert readable("spectators", 2, finished) is finished


def test_the_chat_and_the_rematch_migrate_up_and_down_keeping_every_game(db_url: str) -> None:
    config = alembic_config(db_url)
    command.downgrade(config, "0002")
    engine = create_engine(db_url)
    now = datetime(2026, 12, 2, tzinfo=UTC)
    assert "chat" not in inspect(engine).get_table_names()
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO games (id, game, options, players, seed, status, version, created_at, "
            "updated_at) VALUES ('g1', 'secretcards', '{}', '[\"Ann\", \"Bob\"]', 1, 'active', 0, "
            ":now, :now)"), {"now": now})
    command.upgrade(config, "head")
    with engine.begin() as conn:
        assert conn.execute(text("SELECT id, rematch FROM games")).all() == [("g1", None)]
        conn.execute(text("INSERT INTO chat (game_id, channel, n, seat, name, text, at, "
                          "created_at) VALUES ('g1', 'table', 1, 0, 'Ann', 'hi', 0, :now)"),
                     {"now": now})
        conn.execute(text("UPDATE games SET rematch = 'g2' WHERE id = 'g1'"))
    command.downgrade(config, "0002")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT id FROM games")).all() == [("g1",)]
    assert "chat" not in inspect(engine).get_table_names()
    command.upgrade(config, "head")
    engine.dispose()
