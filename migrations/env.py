"""Alembic environment: runs migrations on the URL the app passes in (or alembic.ini's)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from app.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    engine = create_engine(url)
    with engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            # Two app processes starting together must not migrate at the same time.
            connection.execute(text("SELECT pg_advisory_lock(7160342)"))
            connection.commit()
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_unlock(7160342)"))
            connection.commit()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
