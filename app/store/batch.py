"""SQLite commits shared by the actions of one pass of the event loop.

A commit cost ~50 µs of CPU and opening its transaction ~35 µs, about half of what storing an
action took (bench/README.md). Actions made on the event loop's thread are written at once into
a transaction left open, and every action of the pass shares its commit, made by the first of:
the end of the pass (`loop.call_soon`), anything about to leave the process (`durable()` before
a socket's write, an HTTP answer, a Redis publish), or the repository closing.

Why that keeps the promise that an acknowledged action is never lost: the game moves on in
memory at once (its views and patches are made while its state is hot in the CPU's caches), but
no byte leaves the process before the commit — every write to a client calls `durable()` first.
If the commit fails, nothing of the pass is stored: its games are dropped from the cache (the
next reader loads them from the database), their sockets are closed with their unsent frames
(clients reconnect and retry their unacknowledged acts by `client_id`), and HTTP answers made
meanwhile become 503s (`lost` counts such failures). Writes from other threads wait for the
writer lock as before; the batch holds it from its first write to its commit.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class Batch:
    def __init__(self, connection: Callable[[], sqlite3.Connection], writer: Any) -> None:
        self._connection = connection
        self._writer = writer
        self._thread: int | None = None
        self._schedule: Callable[[Callable[[], None]], Any] | None = None
        self._games: set[str] | None = None  # games written in the open transaction
        self.lost = 0
        """How many open transactions failed to commit (see the module's docstring)."""
        self.on_lost: Callable[[set[str]], None] = lambda games: None
        """Called with the games whose actions a failed commit took back."""

    def start(self, schedule: Callable[[Callable[[], None]], Any]) -> None:
        """Share commits among the writes made on this thread (the event loop's), committing
        at the latest in the callback `schedule` runs next (`loop.call_soon`)."""
        self._thread = threading.get_ident()
        self._schedule = schedule

    def stop(self) -> None:
        self.durable()
        self._thread = self._schedule = None

    def here(self) -> bool:
        """Whether writes on this thread share the pass's commit."""
        return self._thread == threading.get_ident()

    def open(self, game_id: str) -> sqlite3.Connection:
        """The connection, in the open transaction (opened now if none is), for a write of
        `game_id`."""
        games = self._games
        if games is None:
            self._writer.acquire()
            games = self._games = set()
            assert self._schedule is not None
            self._schedule(self.durable)
        games.add(game_id)
        return self._connection()

    def durable(self) -> None:
        """Commit what is written, if anything; never raises (a failure is `lost`). Only the
        event loop's thread commits: on any other this does nothing (its writes wait for the
        writer lock, which the batch holds until the loop commits)."""
        games = self._games
        if games is None or self._thread != threading.get_ident():
            return
        self._games = None
        conn = self._connection()
        try:
            self._commit(conn)
        except Exception:
            log.exception("committing the actions of %d games failed", len(games))
            self._fail(conn, games)
        finally:
            self._writer.release()

    @staticmethod
    def _commit(conn: sqlite3.Connection) -> None:
        conn.commit()  # a seam for the tests of a failing commit

    def abandon(self) -> None:
        """Take back the open transaction (a write in it failed half-way)."""
        games = self._games
        if games is None:
            return
        self._games = None
        try:
            self._fail(self._connection(), games)
        finally:
            self._writer.release()

    def _fail(self, conn: sqlite3.Connection, games: set[str]) -> None:
        try:
            conn.rollback()
        except Exception:
            log.exception("rolling back failed")
        self.lost += 1
        try:
            self.on_lost(games)
        except Exception:
            log.exception("dropping the games of a lost commit failed")
