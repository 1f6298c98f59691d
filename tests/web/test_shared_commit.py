"""The event loop's SQLite actions share one commit per pass (app/store/batch.py): nobody hears
of an action before it is stored, and a commit that fails takes back every action of its pass,
tells nobody of them, and drops them from the cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.store.batch import Batch
from app.web.app import create_app
from tests.web.conftest import auth, create, receive

PASS = {"type": "pass"}


@pytest.fixture
def sqlite_client(tmp_path: Path) -> TestClient:
    from app.store.database import migrate

    url = f"sqlite:///{tmp_path / 'quorum.db'}"
    migrate(url)
    with TestClient(create_app(Settings(database_url=url))) as client:
        client.db_path = tmp_path / "quorum.db"  # type: ignore[attr-defined]
        yield client


def _stored_version(client: TestClient, game_id: str) -> int:
    with sqlite3.connect(client.db_path) as conn:  # type: ignore[attr-defined]
        return conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]


def test_an_action_is_stored_before_it_is_answered(sqlite_client: TestClient) -> None:
    game = create(sqlite_client)
    ann, bob = (seat["token"] for seat in game["seats"])
    body = {"version": 0, "action": PASS, "client_id": "http"}
    answer = sqlite_client.post(f"/api/games/{game['id']}/actions", json=body,
                                headers=auth(ann))
    assert answer.json() == {"version": 1}
    assert _stored_version(sqlite_client, game["id"]) == 1
    with sqlite_client.websocket_connect(f"/ws/games/{game['id']}?token={bob}") as socket:
        assert receive(socket)["version"] == 1
        socket.send_json({"type": "act", "version": 1, "action": PASS, "client_id": "ws"})
        assert receive(socket) == {"type": "ack", "version": 2, "client_id": "ws"}
        assert _stored_version(sqlite_client, game["id"]) == 2


def test_a_commit_that_fails_tells_nobody_and_keeps_nothing(
        sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(sqlite_client)
    ann, bob = (seat["token"] for seat in game["seats"])

    def fail(conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with sqlite_client.websocket_connect(f"/ws/games/{game['id']}?token={bob}") as watcher:
        assert receive(watcher)["version"] == 0
        monkeypatch.setattr(Batch, "_commit", staticmethod(fail))
        answer = sqlite_client.post(f"/api/games/{game['id']}/actions",
                                    json={"version": 0, "action": PASS, "client_id": "lost"},
                                    headers=auth(ann))
        assert answer.status_code == 503
        assert answer.json()["msg"]["key"] == "core.error.database_away"
        # the other seat's socket is closed rather than told of the version that was lost
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(watcher)
        assert closed.value.code == 1011
    monkeypatch.undo()  # the database is back
    assert _stored_version(sqlite_client, game["id"]) == 0
    assert sqlite_client.get(f"/api/games/{game['id']}").json()["version"] == 0
    again = sqlite_client.post(f"/api/games/{game['id']}/actions",
                               json={"version": 0, "action": PASS, "client_id": "lost"},
                               headers=auth(ann))
    assert again.json() == {"version": 1}
    assert _stored_version(sqlite_client, game["id"]) == 1
