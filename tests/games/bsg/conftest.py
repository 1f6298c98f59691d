"""Fixtures of the BSG scenario tests (their helpers are in helpers.py)."""

from __future__ import annotations

import pytest

from app.core.rng import Rng


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Script the d8: append the results in the order they will be rolled. Any roll beyond
    the script fails the test."""
    rolls: list[int] = []

    def roll(self: Rng, sides: int = 8) -> int:
        assert rolls, "an unexpected die roll"
        return rolls.pop(0)

    monkeypatch.setattr(Rng, "roll", roll)
    return rolls
