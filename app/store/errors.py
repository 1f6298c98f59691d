"""Failures the repository reports; the web layer maps each to its HTTP status. Each carries a
message (a catalog key and parameters, `.msg`) and its English words (`.message`)."""

from __future__ import annotations

from typing import Any

from app.core.messages import Said


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


class Rejected(StoreError):
    """Bad input: a malformed request, an unknown game, or an action the rules refuse."""

    status = 422
