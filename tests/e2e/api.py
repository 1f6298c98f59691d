"""The public API as the browser tests' trusted source of truth: what each seat really holds."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import httpx

from app.core.pick import first_answer
from tests.replays import replay_views  # noqa: F401  (the browser tests read replays so)

HTTP = httpx.Client(timeout=10.0)  # one client: making one per call costs ~0.1 s each


def api_create(base: str, game: str, players: list[str], **options: Any) -> dict[str, Any]:
    response = HTTP.post(f"{base}/api/games",
                         json={"game": game, "players": players, "options": options})
    assert response.status_code == 201, response.text
    return response.json()


def api_state(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = HTTP.get(f"{base}/api/games/{game_id}", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def api_act(base: str, game_id: str, token: str, version: int, action: dict[str, Any]) -> int:
    response = HTTP.post(f"{base}/api/games/{game_id}/actions",
                         json={"version": version, "action": action},
                         headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


def api_act_first_option(base: str, game_id: str, tokens: list[str]) -> int:
    """The seat that is asked posts the first option of its prompt; answers the new version."""
    seat = api_state(base, game_id)["waiting"][0]["seat"]
    mine = api_state(base, game_id, tokens[seat])
    return api_act(base, game_id, tokens[seat], mine["version"],
                   first_answer(mine["prompts"][0]))


def play_to_end(base: str, game_id: str, tokens: list[str], limit: int = 3000) -> int:
    """Every asked seat takes its first option until the game ends; answers the last version."""
    version = api_state(base, game_id)["version"]
    for _ in range(limit):
        if api_state(base, game_id)["status"] == "finished":
            return version
        version = api_act_first_option(base, game_id, tokens)
    raise AssertionError("the game did not finish")


def token_of(url: str) -> str:
    fragment = urlparse(url).fragment
    assert fragment.startswith("token="), url
    return fragment[len("token="):]


def game_id_of(url: str) -> str:
    return urlparse(url).path.split("/")[2]
