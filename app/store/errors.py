"""Failures the repository reports; the web layer maps each to its HTTP status. Each carries a
message (a catalog key and parameters, `.msg`) and its English words (`.message`)."""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError

from app.core.messages import Said

DATABASE_AWAY = (OperationalError, InterfaceError, sqlite3.OperationalError,
                 sqlite3.InterfaceError)
"""What a database that cannot be reached (or written) raises: answered 503, nothing changed
(a client that is unsure retries with the same client_id, which is applied once)."""


class StoreError(Said):
    status = 400

    @property
    def message(self) -> str:
        return str(self)


class GameNotFound(StoreError):
    status = 404


class Unauthorized(StoreError):
    status = 401


class Forbidden(StoreError):
    status = 403


class StaleVersion(StoreError):
    status = 409

    def __init__(self, key: str, version: int, **params: Any) -> None:
        super().__init__(key, **params)
        self.version = version


class Conflict(StoreError):
    """Asked at the wrong moment (a rematch of a game that is not over)."""

    status = 409


class Rejected(StoreError):
    """Bad input: a malformed request, an unknown game, or an action the rules refuse."""

    status = 422


class TooFast(StoreError):
    """More chat messages than the rate allows (app/store/chat.py)."""

    status = 429
