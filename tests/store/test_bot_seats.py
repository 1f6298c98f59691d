"""Bot seats as stored: recorded with the seats, given no token, read back after a restart."""

from __future__ import annotations

import pytest

from app.config import Settings
from app.store.bots import asked_bot, checked_bots
from app.store.errors import Rejected
from app.store.repository import Repository
from tests.secretcards import RULES


def test_bot_seats_are_stored_and_read_back(repo: Repository, settings: Settings) -> None:
    created = repo.create("secretcards", ["Ann", "Hal", "Max"], {},
                          bots={"1": "random", "2": "random"})
    assert created.bots == {1: "random", 2: "random"}
    assert created.tokens[0] is not None and created.tokens[1:] == [None, None]
    again = Repository(settings)
    try:
        live = again.live(created.id)
        assert live.bots == {1: "random", 2: "random"}
        assert asked_bot(live) is None  # seat 0, a person, is asked first
        assert again.games_with_bots() == [created.id]
    finally:
        again.close()


def test_bots_are_checked_against_the_seats_and_the_games_bots() -> None:
    assert checked_bots(RULES, None, 3) == {}
    assert checked_bots(RULES, {"2": "random", 0: "random"}, 3) == {0: "random", 2: "random"}
    for bad in ({"3": "random"}, {"²": "random"}, {True: "random"}, {"1": "smart"}, ["random"]):
        with pytest.raises(Rejected):
            checked_bots(RULES, bad, 3)
