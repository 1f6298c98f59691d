"""Deleting old games: finished ones with everything they own, and finding abandoned ones.

`python -m app prune --finished-before 90d` and the server's `QUORUM_PRUNE_FINISHED_AFTER`
both come here. Rows are deleted child tables first, so pruning does not depend on the
database enforcing ON DELETE CASCADE (SQLite does only with its foreign-key pragma on).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update

from app.store.models import ActionRow, ChatRow, GameRow, SeatRow, SnapshotRow
from app.store.repository import Repository

_BATCH = 500


@dataclass(frozen=True)
class Idle:
    id: str
    game: str
    players: list[str]
    version: int
    updated_at: datetime


def finished_before(repo: Repository, age: timedelta, now: datetime | None = None) -> list[str]:
    """The ids of games that finished more than `age` ago."""
    cutoff = (now or datetime.now(UTC)) - age
    with repo.Session() as s:
        return list(s.scalars(select(GameRow.id).where(
            GameRow.status == "finished", GameRow.finished_at < cutoff)))


def idle_for(repo: Repository, age: timedelta, now: datetime | None = None) -> list[Idle]:
    """Running games nobody has moved for more than `age`, the longest idle first."""
    cutoff = (now or datetime.now(UTC)) - age
    with repo.Session() as s:
        rows = s.execute(select(GameRow.id, GameRow.game, GameRow.players, GameRow.version,
                                GameRow.updated_at)
                         .where(GameRow.status == "active", GameRow.updated_at < cutoff)
                         .order_by(GameRow.updated_at)).all()
    return [Idle(*row) for row in rows]


def delete_games(repo: Repository, game_ids: list[str]) -> int:
    """Delete these games and everything they own; returns how many games were deleted."""
    deleted = 0
    for start in range(0, len(game_ids), _BATCH):
        batch = game_ids[start:start + _BATCH]
        with repo.Session() as s, s.begin():
            for table in (SnapshotRow, ActionRow, SeatRow, ChatRow):
                s.execute(delete(table).where(table.game_id.in_(batch)))
            deleted += s.execute(delete(GameRow).where(GameRow.id.in_(batch))).rowcount
            # an older game whose rematch is gone no longer points at it
            s.execute(update(GameRow).where(GameRow.rematch.in_(batch)).values(rematch=None))
        repo.forget(batch)
    return deleted


def prune_finished(repo: Repository, age: timedelta, now: datetime | None = None) -> int:
    return delete_games(repo, finished_before(repo, age, now))
