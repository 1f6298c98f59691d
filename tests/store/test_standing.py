"""Standing choices in the repository, on every database: kept beside the game (no version),
answered at once as ordinary actions of their seat, in the transaction of the action that
caused them, read fresh by every process sharing the database."""

from __future__ import annotations

import orjson
import pytest
from sqlalchemy import select

from app.config import Settings
from app.store import standing
from app.store.errors import Conflict, Rejected, StaleVersion
from app.store.models import ActionRow, GameRow
from app.store.repository import Repository
from tests.secretcards import ALWAYS_PASS

PASS = {"type": "pass"}
DRAW = {"type": "draw"}


def stored(repo: Repository, game_id: str) -> list[tuple[int, int, dict, str | None]]:
    with repo.Session() as s:
        rows = s.execute(select(ActionRow.seq, ActionRow.seat, ActionRow.action,
                                ActionRow.client_id)
                         .where(ActionRow.game_id == game_id).order_by(ActionRow.seq)).all()
    return [tuple(r) for r in rows]


def database_version(repo: Repository, game_id: str) -> int:
    with repo.Session() as s:
        return s.scalar(select(GameRow.version).where(GameRow.id == game_id))


def test_choosing_changes_no_version_and_nothing_anyone_is_sent(repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"], seed=1)
    live = repo.live(game.id)
    before = {seat: repo.body_bytes(live, seat) for seat in (0, 1, None)}
    # Bob is not asked now: his choice waits for his turn
    assert repo.set_standing(live, 1, [ALWAYS_PASS]) == ([ALWAYS_PASS], None)
    assert repo.standing(live, 1) == [ALWAYS_PASS] and repo.standing(live, 0) == []
    assert live.version == 0 == database_version(repo, game.id)
    assert {seat: repo.body_bytes(live, seat) for seat in (0, 1, None)} == before
    assert repo.set_standing(live, 1, []) == ([], None)
    assert repo.standing(live, 1) == []


def test_a_seat_asked_when_it_turns_a_choice_on_is_answered_at_once(repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"], seed=1)
    live = repo.live(game.id)
    assert repo.set_standing(live, 0, [ALWAYS_PASS]) == ([ALWAYS_PASS], 1)
    assert stored(repo, game.id) == [(1, 0, PASS, None)]
    assert live.head.prompts[0]["seat"] == 1


def test_the_answers_follow_the_action_in_its_transaction_and_its_client_gets_the_last_version(
        repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob", "Cid"], seed=1)
    live = repo.live(game.id)
    repo.set_standing(live, 1, [ALWAYS_PASS])
    repo.set_standing(live, 2, [ALWAYS_PASS])
    assert repo.act(game.id, 0, 0, DRAW, "c1") == 3
    assert stored(repo, game.id) == [(1, 0, DRAW, "c1"), (2, 1, PASS, None), (3, 2, PASS, None)]
    assert database_version(repo, game.id) == 3
    # a retry is applied once and answered the same
    assert repo.act(game.id, 0, 0, DRAW, "c1") == 3
    assert len(stored(repo, game.id)) == 3
    # a stale version: nothing applied, not even an answer
    with pytest.raises(StaleVersion):
        repo.act(game.id, 0, 1, DRAW, "c2")
    assert len(stored(repo, game.id)) == 3


def test_an_answer_reads_in_the_log_and_views_as_the_seats_own_click(settings: Settings,
                                                                      repo: Repository) -> None:
    clicked = repo.create("secretcards", ["Ann", "Bob"], seed=7)
    answered = repo.create("secretcards", ["Ann", "Bob"], seed=7)
    repo.act(clicked.id, 0, 0, DRAW, None)
    repo.act(clicked.id, 1, 1, PASS, None)
    repo.set_standing(repo.live(answered.id), 1, [ALWAYS_PASS])
    repo.act(answered.id, 0, 0, DRAW, None)
    assert stored(repo, clicked.id) == stored(repo, answered.id)
    for seat in (0, 1, None):
        one = orjson.loads(repo.body_bytes(repo.live(clicked.id), seat))
        two = orjson.loads(repo.body_bytes(repo.live(answered.id), seat))
        assert one == two
    # and from the database, in another process
    other = Repository(settings)
    try:
        assert orjson.loads(other.body_bytes(other.live(answered.id), 0)) == orjson.loads(
            repo.body_bytes(repo.live(answered.id), 0))
    finally:
        other.close()


def test_a_game_every_seat_passes_plays_out_at_once_and_replays(repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 3}, seed=3)
    live = repo.live(game.id)
    repo.set_standing(live, 1, [ALWAYS_PASS])
    assert repo.set_standing(live, 0, [ALWAYS_PASS]) == ([ALWAYS_PASS], 6)
    assert live.head.status == "finished"
    assert [r[1:] for r in stored(repo, game.id)] == [(s, PASS, None) for s in (0, 1) * 3]
    replay = orjson.loads(repo.replay_bytes(game.id))
    assert [step["action"] for step in replay["steps"][1:]] == [PASS] * 6
    assert ALWAYS_PASS.encode() not in repo.replay_bytes(game.id)  # nor who chose what
    with pytest.raises(Conflict):
        repo.set_standing(live, 0, [])


def test_the_answers_after_one_action_are_bounded(repo: Repository,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(standing, "MAX_ANSWERS", 4)
    game = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 100}, seed=3)
    live = repo.live(game.id)
    repo.set_standing(live, 1, [ALWAYS_PASS])
    assert repo.set_standing(live, 0, [ALWAYS_PASS]) == ([ALWAYS_PASS], 4)
    assert repo.set_standing(live, 1, [ALWAYS_PASS]) == ([ALWAYS_PASS], 8)  # asked again: on


def test_unknown_keys_and_bad_shapes_are_refused_with_a_reason(repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"], seed=1)
    live = repo.live(game.id)
    for chosen in (["autopass.never"], "autopass.turn", [1], None):
        with pytest.raises(Rejected) as refused:
            repo.set_standing(live, 1, chosen)
        assert refused.value.msg["key"] in ("core.error.standing_unknown",
                                            "core.error.standing_shape")
    assert repo.standing(live, 1) == []
    # the same key twice is one choice
    assert repo.set_standing(live, 1, [ALWAYS_PASS, ALWAYS_PASS])[0] == [ALWAYS_PASS]


def test_two_processes_on_one_database_read_the_choices_fresh(settings: Settings,
                                                              repo: Repository) -> None:
    game = repo.create("secretcards", ["Ann", "Bob"], seed=1)
    other = Repository(settings)
    try:
        assert other.live(game.id).version == 0
        # Bob turns his choice on through this process; the other acts for Ann next
        repo.set_standing(repo.live(game.id), 1, [ALWAYS_PASS])
        assert other.act(game.id, 0, 0, DRAW, None) == 2
        assert repo.live(game.id).version == 2
        # the other process turns it off; this one acts for Ann: Bob is asked again
        other.set_standing(other.live(game.id), 1, [])
        assert repo.act(game.id, 0, 2, DRAW, None) == 3
        assert repo.live(game.id).head.prompts[0]["seat"] == 1
        # a seat turning one on in one process answers the state the other process stored
        assert other.set_standing(other.live(game.id), 1, [ALWAYS_PASS]) == ([ALWAYS_PASS], 4)
        assert repo.live(game.id).version == 4
    finally:
        other.close()
