"""Failures the repository reports; the web layer maps each to its HTTP status."""

from __future__ import annotations


class StoreError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(StoreError):
    status = 404


class Unauthorized(StoreError):
    status = 401


class Forbidden(StoreError):
    status = 403


class StaleVersion(StoreError):
    status = 409

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


class Rejected(StoreError):
    """Bad input: a malformed request, an unknown game, or an action the rules refuse."""

    status = 422
