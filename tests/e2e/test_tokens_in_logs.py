"""A seat's token is its only credential: after a game played through the pages, the API and an
outside client that still puts the token in the websocket URL, no line the server wrote (access
lines, errors, tracebacks) holds any token."""

from __future__ import annotations

import time

import orjson
import pytest
from websockets.sync.client import connect

from app.core.pick import first_answer
from tests.e2e.api import api_create, api_state, play_to_end
from tests.e2e.conftest import SERVER_LOGS, Pages
from tests.e2e.expecting import expect

pytestmark = pytest.mark.browser


def test_no_token_in_the_servers_log(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=2)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    requested: list[str] = []
    ann = pages.open(created["seats"][0]["url"],
                     before=lambda page: page.on("request", lambda r: requested.append(r.url)))
    pages.open(created["watch_url"])
    expect(ann.locator("#game")).to_have_attribute("data-version", "0")
    ann.get_by_role("button", name="Draw a card").click()
    expect(ann.locator("#game")).to_have_attribute("data-version", "1")

    # An outside client with the token in the URL, acting through the socket, and a bad token.
    ws_base = live_server.replace("http://", "ws://")
    with connect(f"{ws_base}/ws/games/{game_id}?token={tokens[1]}", open_timeout=10) as bob:
        state = orjson.loads(bob.recv(timeout=10))
        action = first_answer(state["prompts"][0])
        bob.send(orjson.dumps({"type": "act", "version": 1, "action": action}).decode())
        answer = orjson.loads(bob.recv(timeout=10))
        while answer["type"] in ("standing", "chat"):  # sent after the first state
            answer = orjson.loads(bob.recv(timeout=10))
        assert answer["type"] in ("ack", "patch")
    with connect(f"{ws_base}/ws/games/{game_id}?token={tokens[1]}x", open_timeout=10) as bad:
        assert orjson.loads(bad.recv(timeout=10))["code"] == 401
    play_to_end(live_server, game_id, tokens)
    assert api_state(live_server, game_id)["status"] == "finished"

    assert not [url for url in requested if any(t in url for t in tokens)]
    time.sleep(0.5)  # the server's last lines reach its log file
    log = SERVER_LOGS[live_server].read_text(errors="replace")
    assert f"/ws/games/{game_id}?auth=message" in log  # the page's socket, logged
    assert f"/ws/games/{game_id}?token=[hidden]" in log  # the outside client's, hidden
    for token in tokens:
        assert token not in log
        assert token[:12] not in log
