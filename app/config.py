"""Settings from the environment."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from datetime import timedelta


def _normalise_db_url(url: str) -> str:
    # Hosts write postgres:// or postgresql://; we drive PostgreSQL through psycopg 3.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


_UNITS = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}


def parse_age(text: str) -> timedelta:
    """`90d`, `12h`, `30m` or `45s` (a whole number and its unit) as a duration."""
    found = re.fullmatch(r"\s*(\d+)\s*([dhms])\s*", text or "")
    if not found:
        raise ValueError(f"{text!r} is not an age: write a whole number and d, h, m or s (90d)")
    return timedelta(**{_UNITS[found[2]]: int(found[1])})


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///quorum.db"
    redis_url: str | None = None
    snapshot_every: int = 50
    cached_games: int = 500
    log_tail: int = 30
    extra_games: tuple[str, ...] = field(default_factory=tuple)
    host_password: str | None = None
    """When set, creating a game asks for it, and only finished public games are listed."""
    prune_finished_after: timedelta | None = None
    """When set, the server deletes games finished longer ago than this, every hour."""

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        prune = env.get("QUORUM_PRUNE_FINISHED_AFTER", "").strip()
        return cls(
            database_url=_normalise_db_url(env.get("DATABASE_URL", cls.database_url)),
            redis_url=env.get("REDIS_URL") or None,
            snapshot_every=int(env.get("QUORUM_SNAPSHOT_EVERY", cls.snapshot_every)),
            cached_games=int(env.get("QUORUM_CACHED_GAMES", cls.cached_games)),
            log_tail=int(env.get("QUORUM_LOG_TAIL", cls.log_tail)),
            extra_games=tuple(
                g for g in env.get("QUORUM_GAME_MODULES", "").split(",") if g.strip()
            ),
            host_password=env.get("QUORUM_HOST_PASSWORD") or None,
            prune_finished_after=parse_age(prune) if prune else None,
        )

    def with_database(self, url: str) -> Settings:
        return replace(self, database_url=_normalise_db_url(url))
