from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.web.app import create_app


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def create(client: TestClient, players: list[str] | None = None, **options: object) -> dict:
    response = client.post(
        "/api/games",
        json={"game": "secretcards", "players": players or ["Ann", "Bob"], "options": options},
    )
    assert response.status_code == 201, response.text
    return response.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def receive(ws: Any) -> Any:
    """The socket's next message but the seat's standing choices (the test game offers one,
    sent right after the first state and after each change: tests/web/test_standing.py)."""
    while True:
        message = ws.receive_json()
        if not (isinstance(message, dict) and message.get("type") == "standing"):
            return message
