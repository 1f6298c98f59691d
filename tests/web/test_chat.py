"""The table chat through the API and the socket: who reads what, how much and how fast, stored
with the game and in its replay, and never a change of the game's version.

Every socket test runs through plain ASGI and through the real server's direct door, on SQLite
and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.store.chat import MAX_TEXT, RATE
from app.web.app import create_app
from tests.web.conftest import auth, create, receive
from tests.web.served import served


@pytest.fixture(params=["asgi", "direct"])
def client(request: pytest.FixtureRequest, settings: Settings) -> Iterator[TestClient]:
    if request.param == "asgi":
        with TestClient(create_app(settings)) as test_client:
            yield test_client
    else:
        with served(create_app(settings)) as served_client:
            yield served_client  # type: ignore[misc]


class Clock:
    """The chat's rate limit reads this clock: time moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(client: TestClient) -> Clock:
    fake = Clock()
    client.app.state.service.chat.limiter.clock = fake
    return fake


def socket(client: TestClient, game: dict, seat: int | None):
    query = "" if seat is None else f"?token={game['seats'][seat]['token']}"
    return client.websocket_connect(f"/ws/games/{game['id']}{query}")


def next_of(ws: Any, kind: str, **match: Any) -> dict[str, Any]:
    """The next message of this type (and these fields), skipping states and patches."""
    while True:
        message = receive(ws)
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
        assert message["type"] in ("state", "patch", "chat", "ack"), message


def said(ws: Any) -> list[tuple[str, int, str]]:
    """The next chat push, as (channel, number, text) of each message."""
    return [(m["channel"], m["n"], m["text"]) for m in next_of(ws, "chat")["messages"]]


def read(client: TestClient, game: dict, seat: int | None, **params: Any):
    headers = auth(game["seats"][seat]["token"]) if seat is not None else {}
    return client.get(f"/api/games/{game['id']}/chat", headers=headers, params=params)


def post(client: TestClient, game: dict, seat: int | None, text: str, name: str | None = None):
    headers = auth(game["seats"][seat]["token"]) if seat is not None else {}
    body = {"text": text} if name is None else {"text": text, "name": name}
    return client.post(f"/api/games/{game['id']}/chat", headers=headers, json=body)


def finish(client: TestClient, game: dict) -> None:
    """The test game with one round: Ann draws, Bob passes, and it is over."""
    for version, seat, kind in ((0, 0, "draw"), (1, 1, "pass")):
        acted = client.post(f"/api/games/{game['id']}/actions",
                            headers=auth(game["seats"][seat]["token"]),
                            json={"version": version, "action": {"type": kind}})
        assert acted.status_code == 200, acted.text
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "finished"


def test_players_talk_over_the_socket_and_the_whole_table_hears(client: TestClient,
                                                                 clock: Clock) -> None:
    game = create(client)
    with socket(client, game, 0) as ann, socket(client, game, 1) as bob, \
            socket(client, game, None) as watcher:
        for ws in (ann, bob, watcher):
            assert receive(ws)["type"] == "state"
        ann.send_json({"type": "chat", "text": "Bob is red.", "client_id": "c1"})
        ack = next_of(ann, "ack", client_id="c1")
        assert ack == {"type": "ack", "for": "chat", "client_id": "c1", "channel": "table",
                       "n": 1}
        for ws in (ann, bob, watcher):
            message = next_of(ws, "chat")["messages"]
            assert len(message) == 1
            assert {k: v for k, v in message[0].items() if k != "time"} == {
                "channel": "table", "n": 1, "seat": 0, "name": "Ann", "text": "Bob is red.",
                "at": 0}
        bob.send_json({"type": "chat", "text": "I am not!", "name": "ignored"})
        assert said(ann) == [("table", 2, "I am not!")]
    with socket(client, game, 1) as again:  # a new socket gets what was said, after the state
        assert receive(again)["type"] == "state"
        assert said(again) == [("table", 1, "Bob is red."), ("table", 2, "I am not!")]
    assert [m["name"] for m in read(client, game, None).json()] == ["Ann", "Bob"]


def test_a_chat_message_never_changes_the_game(client: TestClient, clock: Clock) -> None:
    game = create(client)
    before = {seat: client.get(f"/api/games/{game['id']}",
                               headers=auth(game["seats"][seat]["token"])).json()
              for seat in (0, 1)}
    assert post(client, game, 0, "hello").status_code == 201
    assert post(client, game, None, "hi all", name="Zed").status_code == 201
    for seat in (0, 1):
        after = client.get(f"/api/games/{game['id']}",
                           headers=auth(game["seats"][seat]["token"])).json()
        assert after == before[seat] and after["version"] == 0
    acted = client.post(f"/api/games/{game['id']}/actions",
                        headers=auth(game["seats"][0]["token"]),
                        json={"version": 0, "action": {"type": "pass"}})
    assert acted.json() == {"version": 1}


def test_the_spectators_chat_reaches_no_player_until_the_game_ends(client: TestClient,
                                                                   clock: Clock) -> None:
    game = create(client, rounds=1)
    readers = (0, 1, None)
    with socket(client, game, 0) as ann, socket(client, game, 1) as bob, \
            socket(client, game, None) as watcher, socket(client, game, None) as other:
        sockets = dict(zip(readers, (ann, bob, watcher), strict=True))
        for ws in (ann, bob, watcher, other):
            assert receive(ws)["type"] == "state"
        watcher.send_json({"type": "chat", "text": "Ann holds a 7", "name": "Zed",
                           "client_id": "s1"})
        assert next_of(watcher, "ack")["channel"] == "spectators"
        assert said(other) == [("spectators", 1, "Ann holds a 7")]
        assert post(client, game, 0, "Anyone there?").status_code == 201
        # the first thing each player is told of is the table's message, nothing before it
        for seat in (0, 1):
            assert said(sockets[seat]) == [("table", 1, "Anyone there?")]
        assert said(other)[-1] == ("table", 1, "Anyone there?")
        for seat in readers:
            page = read(client, game, seat).json()
            channels = [m["channel"] for m in page]
            assert channels == (["table"] if seat is not None else ["spectators", "table"])
            hidden = read(client, game, seat, channel="spectators")
            assert hidden.status_code == (403 if seat is not None else 200)
            if seat is not None:
                assert hidden.json()["msg"]["key"] == "core.error.chat_hidden"
                assert "Ann holds" not in hidden.text
        finish(client, game)
        for seat in (0, 1):  # once the game is over, the players read the spectators too
            assert said(sockets[seat]) == [("spectators", 1, "Ann holds a 7")]
    for seat in readers:
        assert [m["text"] for m in read(client, game, seat).json()] == [
            "Ann holds a 7", "Anyone there?"]
        assert read(client, game, seat, channel="spectators").status_code == 200
    with socket(client, game, 1) as late:
        assert receive(late)["status"] == "finished"
        got = said(late) + said(late)
        assert sorted(got) == [("spectators", 1, "Ann holds a 7"), ("table", 1, "Anyone there?")]


def test_spectators_write_under_a_name_and_players_under_their_seat(client: TestClient,
                                                                    clock: Clock) -> None:
    game = create(client)
    nameless = post(client, game, None, "hi")
    assert nameless.status_code == 422
    assert nameless.json()["msg"]["key"] == "core.error.chat_name_needed"
    long_name = post(client, game, None, "hi", name="Z" * 41)
    assert long_name.json()["msg"] == {"key": "core.error.chat_name_too_long",
                                       "params": {"n": 40}}
    spoken = post(client, game, None, "hi", name="  Zed  ").json()
    assert (spoken["channel"], spoken["seat"], spoken["name"]) == ("spectators", None, "Zed")
    mine = post(client, game, 1, "hello", name="Mallory").json()
    assert (mine["channel"], mine["seat"], mine["name"]) == ("table", 1, "Bob")


def test_text_is_checked_with_a_reason(client: TestClient, clock: Clock) -> None:
    game = create(client)
    assert post(client, game, 0, "x" * MAX_TEXT).status_code == 201
    too_long = post(client, game, 0, "x" * (MAX_TEXT + 1))
    assert too_long.status_code == 422
    assert too_long.json()["msg"] == {"key": "core.error.chat_too_long", "params": {"n": 500}}
    assert "500 characters" in too_long.json()["detail"]
    clock.now += 10
    for blank in ("", "   ", "\n"):
        assert post(client, game, 0, blank).json()["msg"]["key"] == "core.error.chat_empty"
    assert post(client, game, 0, "a\x00b").json()["msg"]["key"] == "core.error.chat_control"
    kept = post(client, game, 0, "  two\r\nlines <b>&amp;</b>  ").json()
    assert kept["text"] == "two\nlines <b>&amp;</b>"  # stored as said: the page shows it as text
    with socket(client, game, 0) as ann:
        receive(ann)
        said(ann)
        ann.send_json({"type": "chat", "text": "y" * 501, "client_id": "long"})
        error = next_of(ann, "error")
        assert error["code"] == 422 and error["for"] == "chat" and error["client_id"] == "long"
        assert error["msg"]["key"] == "core.error.chat_too_long"


def test_at_most_three_messages_a_second_per_seat(client: TestClient, clock: Clock) -> None:
    assert RATE == 3
    game = create(client)
    for i in range(RATE):
        clock.now += 0.1
        assert post(client, game, 0, f"m{i}").status_code == 201
    refused = post(client, game, 0, "one too many")
    assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
    assert refused.json()["msg"] == {"key": "core.error.chat_too_fast", "params": {"n": 3}}
    assert "at most 3 a second" in refused.json()["detail"]
    assert post(client, game, 1, "Bob has his own").status_code == 201
    assert post(client, game, None, "and so do spectators", name="Zed").status_code == 201
    clock.now += 0.85  # just over a second after the first message
    assert post(client, game, 0, "again").status_code == 201
    assert post(client, game, 0, "and again").status_code == 429
    with socket(client, game, 1) as bob:
        receive(bob)
        said(bob)
        for i in range(RATE - 1):
            bob.send_json({"type": "chat", "text": f"b{i}", "client_id": f"b{i}"})
            assert next_of(bob, "ack", client_id=f"b{i}")
        bob.send_json({"type": "chat", "text": "too fast", "client_id": "b9"})
        error = next_of(bob, "error")
        assert (error["code"], error["for"], error["client_id"]) == (429, "chat", "b9")
    assert "too fast" not in [m["text"] for m in read(client, game, 1, limit=100).json()]


def test_older_messages_page_back_by_channel(client: TestClient, clock: Clock) -> None:
    game = create(client)
    for i in range(1, 61):
        clock.now += 1
        assert post(client, game, i % 2, f"m{i}").status_code == 201
    newest = read(client, game, 0).json()
    assert [m["n"] for m in newest] == list(range(11, 61))  # the newest page of 50
    older = read(client, game, 1, channel="table", before=11).json()
    assert [m["text"] for m in older] == [f"m{i}" for i in range(1, 11)]
    assert [m["n"] for m in read(client, game, 0, channel="table", before=11, limit=3).json()
            ] == [8, 9, 10]
    assert read(client, game, 0, before=11).status_code == 422  # `before` needs its channel
    assert read(client, game, 0, channel="lobby").status_code == 422
    with socket(client, game, None) as watcher:
        receive(watcher)
        assert [n for _, n, _ in said(watcher)] == list(range(11, 61))


def test_tokens_are_checked_like_everywhere(client: TestClient, clock: Clock) -> None:
    game, other = create(client), create(client)
    assert read(client, game, None).status_code == 200
    bad = client.post(f"/api/games/{game['id']}/chat", headers=auth("junk"), json={"text": "x"})
    assert bad.status_code == 401
    wrong = client.post(f"/api/games/{game['id']}/chat",
                        headers=auth(other["seats"][0]["token"]), json={"text": "x"})
    assert wrong.status_code == 403
    assert client.get(f"/api/games/{game['id']}/chat",
                      headers=auth(other["seats"][0]["token"])).status_code == 403
    assert client.post("/api/games/nope/chat", json={"text": "x", "name": "Zed"}
                       ).status_code == 404


def test_the_replay_carries_the_chat_said_during_and_after_the_game(client: TestClient,
                                                                   clock: Clock) -> None:
    game = create(client, rounds=1)
    assert post(client, game, 0, "good luck").status_code == 201
    assert post(client, game, None, "go Bob", name="Zed").status_code == 201
    finish(client, game)
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert [(m["channel"], m["name"], m["text"], m["at"]) for m in replay["chat"]] == [
        ("table", "Ann", "good luck", 0), ("spectators", "Zed", "go Bob", 0)]
    clock.now += 5
    assert post(client, game, 1, "gg").status_code == 201
    again = client.get(f"/api/games/{game['id']}/replay").json()
    assert [m["text"] for m in again["chat"]] == ["good luck", "go Bob", "gg"]
    assert again["chat"][-1]["at"] == 2 and again["steps"] == replay["steps"]
