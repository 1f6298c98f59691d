"""SQLAlchemy models. A game is its action log; snapshots are a cache of it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="active")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """Listed once finished even when the server asks for a host password (README, Hosting)."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of the game started as this one's rematch (at most one)."""

    __table_args__ = (Index("ix_games_status_created", "status", "created_at"),)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    standing: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """The keys of the seat's standing choices (app/store/standing.py); None: none chosen. Kept
    beside the game, not in its state: changing them changes no version."""
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The name of the bot that plays this seat (app/bots/); None: a person. A bot seat's token
    is never handed out: the server plays it (app/web/bot_seats.py)."""


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (UniqueConstraint("game_id", "client_id", name="uq_actions_client_id"),)


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(Text)


class ChatRow(Base):
    """One chat message. Each channel of a game numbers its own messages from 1, so that a reader
    of one channel learns nothing about how much is said in the other (app/store/chat.py)."""

    __tablename__ = "chat"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    channel: Mapped[str] = mapped_column(String(16), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[int] = mapped_column(Integer)
    """The game's version when it was said (a message never changes the version)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
