"""Settings from the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _normalise_db_url(url: str) -> str:
    # Hosts write postgres:// or postgresql://; we drive PostgreSQL through psycopg 3.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///quorum.db"
    redis_url: str | None = None
    snapshot_every: int = 50
    cached_games: int = 500
    log_tail: int = 30
    extra_games: tuple[str, ...] = field(default_factory=tuple)

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            database_url=_normalise_db_url(env.get("DATABASE_URL", cls.database_url)),
            redis_url=env.get("REDIS_URL") or None,
            snapshot_every=int(env.get("QUORUM_SNAPSHOT_EVERY", cls.snapshot_every)),
            cached_games=int(env.get("QUORUM_CACHED_GAMES", cls.cached_games)),
            log_tail=int(env.get("QUORUM_LOG_TAIL", cls.log_tail)),
            extra_games=tuple(
                g for g in env.get("QUORUM_GAME_MODULES", "").split(",") if g.strip()
            ),
        )

    def with_database(self, url: str) -> Settings:
        return Settings(
            database_url=_normalise_db_url(url),
            redis_url=self.redis_url,
            snapshot_every=self.snapshot_every,
            cached_games=self.cached_games,
            log_tail=self.log_tail,
            extra_games=self.extra_games,
        )
