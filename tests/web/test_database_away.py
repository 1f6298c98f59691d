"""A database that cannot be reached or written: a clear 503 (and a websocket error), nothing
changed, and the same action applies once the database is back."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from app.store.repository import Repository
from tests.web.conftest import auth, create, receive

FAILURES = [sqlite3.OperationalError("disk I/O error"),
            OperationalError("COMMIT", {}, Exception("server closed the connection"))]


@pytest.mark.parametrize("failure", FAILURES, ids=["sqlite", "postgresql"])
def test_an_action_the_database_cannot_store_is_503_and_changes_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, failure: Exception) -> None:
    game = create(client)
    repo: Repository = client.app.state.service.repo  # type: ignore[attr-defined]

    def away(*args: object, **kwargs: object) -> bool:
        raise failure

    monkeypatch.setattr(repo, "_store", away)
    body = {"version": 0, "action": {"type": "pass"}, "client_id": "once"}
    answer = client.post(f"/api/games/{game['id']}/actions", json=body,
                         headers=auth(game["seats"][0]["token"]))
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert answer.json()["msg"]["key"] == "core.error.database_away"
    assert "nothing was changed" in answer.json()["detail"]
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ann:
        assert receive(ann)["version"] == 0
        ann.send_json({"type": "act", **body})
        error = receive(ann)
        assert error["type"] == "error" and error["code"] == 503
        assert error["client_id"] == "once"
        monkeypatch.undo()  # the database is back
        ann.send_json({"type": "act", **body})
        assert receive(ann) == {"type": "ack", "version": 1, "client_id": "once"}
    again = client.post(f"/api/games/{game['id']}/actions", json=body, headers=auth(token))
    assert again.json() == {"version": 1}  # the same client_id: applied once


def test_reading_from_a_database_that_is_away_is_503(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(client)
    repo: Repository = client.app.state.service.repo  # type: ignore[attr-defined]

    def away(*args: object, **kwargs: object) -> None:
        raise OperationalError("SELECT", {}, Exception("could not connect to server"))

    monkeypatch.setattr(repo, "live", away)
    assert client.get(f"/api/games/{game['id']}").status_code == 503
    with client.websocket_connect(f"/ws/games/{game['id']}") as watcher:
        assert receive(watcher)["code"] == 503
