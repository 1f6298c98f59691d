"""The repository on every database: one transaction per action, no double application,
snapshots, idempotent client ids, tokens stored only as hashes."""

from __future__ import annotations

import base64
import threading

import pytest
from sqlalchemy import select

from app.core import replay
from app.store.errors import Conflict, Forbidden, Rejected, StaleVersion, Unauthorized
from app.store.models import ActionRow, SeatRow, SnapshotRow
from app.store.repository import Repository
from tests.conftest import first_option


def play(repo: Repository, game_id: str, steps: int) -> int:
    live = repo.live(game_id)
    for _ in range(steps):
        seat, action = first_option(live.head.prompts)
        repo.act(game_id, seat, live.version, action, None)
    return live.version


def test_tokens_are_long_random_and_stored_only_as_hashes(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob", "Cid"])
    assert len(set(created.tokens)) == 3
    for token in created.tokens:
        assert len(base64.urlsafe_b64decode(token + "==")) * 8 >= 128
    with repo.Session() as s:
        stored = list(s.scalars(select(SeatRow.token_hash)))
    assert len(stored) == 3
    assert not set(created.tokens) & set(stored)
    live = repo.live(created.id)
    assert [repo.seat_for(live, t) for t in created.tokens] == [0, 1, 2]


def test_bad_token_is_401_and_a_token_of_another_game_is_403(repo: Repository) -> None:
    one = repo.create("secretcards", ["Ann", "Bob"])
    two = repo.create("secretcards", ["Cid", "Dan"])
    live = repo.live(one.id)
    with pytest.raises(Unauthorized):
        repo.seat_for(live, "not-a-token")
    with pytest.raises(Unauthorized):
        repo.seat_for(live, None)
    with pytest.raises(Forbidden):
        repo.seat_for(live, two.tokens[0])


def test_an_action_advances_the_version_and_is_stored(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    assert repo.act(created.id, 0, 0, {"type": "draw"}, "c1") == 1
    with repo.Session() as s:
        rows = s.scalars(select(ActionRow).where(ActionRow.game_id == created.id)).all()
    assert [(r.seq, r.seat, r.action, r.client_id) for r in rows] == [
        (1, 0, {"type": "draw"}, "c1")
    ]


def test_stale_version_and_illegal_actions_are_refused_without_change(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    repo.act(created.id, 0, 0, {"type": "pass"}, None)
    with pytest.raises(StaleVersion) as stale:
        repo.act(created.id, 1, 0, {"type": "pass"}, None)
    assert stale.value.version == 1
    with pytest.raises(Rejected, match="Nothing is being asked of you"):
        repo.act(created.id, 0, 1, {"type": "pass"}, None)
    with pytest.raises(Rejected, match="not one of your choices"):
        repo.act(created.id, 1, 1, {"type": "play", "card": 1000}, None)
    assert repo.live(created.id).version == 1


def test_the_same_client_id_applies_once_and_answers_the_same(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    assert repo.act(created.id, 0, 0, {"type": "pass"}, "same") == 1
    assert repo.act(created.id, 0, 0, {"type": "pass"}, "same") == 1
    other = Repository(repo.settings)
    try:
        assert other.act(created.id, 0, 0, {"type": "pass"}, "same") == 1
    finally:
        other.close()
    with repo.Session() as s:
        assert len(s.scalars(select(ActionRow.seq)).all()) == 1


def test_another_seats_client_id_is_refused_not_answered_as_applied(repo: Repository) -> None:
    """A retry is one seat's: another seat's act with the same client_id would otherwise be
    answered as applied and never made."""
    created = repo.create("secretcards", ["Ann", "Bob"])
    assert repo.act(created.id, 0, 0, {"type": "draw"}, "same") == 1
    with pytest.raises(Conflict) as taken:
        repo.act(created.id, 1, 1, {"type": "pass"}, "same")
    assert taken.value.status == 409 and taken.value.msg["key"] == "core.error.client_id_taken"
    assert repo.live(created.id).version == 1
    other = Repository(repo.settings)  # a process that reads it from the database
    try:
        with pytest.raises(Conflict):
            other.act(created.id, 1, 1, {"type": "pass"}, "same")
        assert other.act(created.id, 0, 0, {"type": "draw"}, "same") == 1
    finally:
        other.close()
    assert repo.act(created.id, 1, 1, {"type": "pass"}, "fresh") == 2


def test_two_processes_never_both_apply_the_same_version(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    other = Repository(repo.settings)
    try:
        other.live(created.id)  # both processes hold the game in memory at version 0
        repo.act(created.id, 0, 0, {"type": "pass"}, None)
        with pytest.raises(StaleVersion):
            other.act(created.id, 0, 0, {"type": "draw"}, None)
        # the loser caught up and can go on from the new version
        assert other.act(created.id, 1, 1, {"type": "pass"}, None) == 2
        assert repo.live(created.id).version == 2
    finally:
        other.close()


def test_concurrent_submissions_for_one_version_apply_exactly_once(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    processes = [Repository(repo.settings) for _ in range(4)]
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def submit(i: int) -> None:
        target = processes[i % 4]
        barrier.wait()
        try:
            target.act(created.id, 0, 0, {"type": "pass"}, f"client-{i}")
            outcomes.append("applied")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for p in processes:
        p.close()
    assert outcomes.count("applied") == 1
    assert outcomes.count("stale") == 7
    with repo.Session() as s:
        assert s.scalars(select(ActionRow.seq)).all() == [1]


def test_snapshots_make_loading_start_late_and_give_the_same_state(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob", "Cid"], {"rounds": 10})
    version = play(repo, created.id, 12)
    with repo.Session() as s:
        assert s.scalars(select(SnapshotRow.seq).order_by(SnapshotRow.seq)).all() == [5, 10]
        actions = s.execute(
            select(ActionRow.seat, ActionRow.action).order_by(ActionRow.seq)
        ).all()
    fresh = Repository(repo.settings)
    try:
        loaded = fresh.live(created.id)
        original = repo.live(created.id)
        assert loaded.version == version == 12
        assert loaded.head.state == original.head.state
        assert loaded.log == original.log
        live = original
        rebuilt = replay(live.rules, live.options, live.players, live.seed, actions)
        assert rebuilt == loaded.head.state
    finally:
        fresh.close()


def test_log_is_filtered_per_seat_until_the_end(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 1})
    repo.act(created.id, 0, 0, {"type": "draw"}, None)
    live = repo.live(created.id)
    ann = [e["text"] for e in live.log_for(0, 50)]
    bob = [e["text"] for e in live.log_for(1, 50)]
    spectator = [e["text"] for e in live.log_for(None, 50)]
    assert len(ann) == 1 and ann[0].startswith("You drew ")  # the shadow not again
    assert bob == ["Ann drew a card"]
    assert spectator == ["Ann drew a card"]  # a public shadow is for spectators too
    assert [e.get("private") for e in live.log_for(None, 50)] == [None]
    repo.act(created.id, 1, 1, {"type": "pass"}, None)
    assert live.head.status == "finished"
    everything = [e["text"] for e in live.log_for(None, 50)]
    assert ann[0] in everything and "Ann drew a card" in everything


def test_replay_only_once_finished_and_then_with_every_step(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 2})
    with pytest.raises(Forbidden):
        repo.replay_bytes(created.id)
    play(repo, created.id, 4)
    import orjson

    replayed = orjson.loads(repo.replay_bytes(created.id))
    assert [s["seq"] for s in replayed["steps"]] == [0, 1, 2, 3, 4]
    assert "hands" in replayed["steps"][0]["view"]
    assert replayed["result"]["winners"]


def test_list_games_by_status(repo: Repository) -> None:
    running = repo.create("secretcards", ["Ann", "Bob"])
    done = repo.create("secretcards", ["Cid", "Dan"], {"rounds": 1})
    play(repo, done.id, 2)
    assert [g["id"] for g in repo.list_games("active")] == [running.id]
    assert [g["id"] for g in repo.list_games("finished")] == [done.id]


def test_unknown_game_and_bad_options_are_rejected(repo: Repository) -> None:
    with pytest.raises(Rejected, match="Unknown game"):
        repo.create("chess", ["Ann", "Bob"])
    with pytest.raises(Rejected, match="2 to 6 players"):
        repo.create("secretcards", ["Ann"])
    with pytest.raises(Rejected, match="rounds"):
        repo.create("secretcards", ["Ann", "Bob"], {"rounds": 0})


def test_an_old_cache_answers_stale_not_illegal(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"])
    other = Repository(repo.settings)
    try:
        other.live(created.id)
        other.act(created.id, 0, 0, {"type": "pass"}, None)
        # repo still holds version 0, where Bob is not asked: the truthful answer is "stale"
        with pytest.raises(StaleVersion):
            repo.act(created.id, 1, 0, {"type": "pass"}, None)
        assert repo.act(created.id, 1, 1, {"type": "pass"}, None) == 2
    finally:
        other.close()
