"""The public API, to the letter of ARCHITECTURE.md: shapes, status codes, reasons."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.replays import replay_views
from tests.web.conftest import auth, create


def act(client: TestClient, game: dict, seat: int, version: int, action: dict, **extra):
    body = {"version": version, "action": action, **extra}
    return client.post(f"/api/games/{game['id']}/actions", json=body,
                       headers=auth(game["seats"][seat]["token"]))


def test_create_answers_one_link_and_token_per_seat(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob", "Cid"])
    assert set(game) == {"id", "seats", "watch_url"}
    assert [s["seat"] for s in game["seats"]] == [0, 1, 2]
    assert [s["name"] for s in game["seats"]] == ["Ann", "Bob", "Cid"]
    for seat in game["seats"]:
        assert set(seat) == {"seat", "name", "token", "url"}
        assert seat["url"].endswith(f"/games/{game['id']}/play#token={seat['token']}")
    assert game["watch_url"].endswith(f"/games/{game['id']}/watch")


def test_create_rejects_bad_requests_with_reasons(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "players": ["A", "B"]}, "Unknown game"),
        ({"game": "secretcards", "players": ["A"]}, "2 to 6 players"),
        ({"game": "secretcards", "players": []}, "players"),
        ({"game": "secretcards", "players": ["A", "  "]}, "players"),
        ({"game": "secretcards", "players": ["A", "B"], "options": {"speed": 2}}, "Unknown option"),
        ({"game": "secretcards", "players": ["A", "B"], "colour": 1}, "colour"),
        ({"players": ["A", "B"]}, "game"),
        ({"game": "secretcards", "players": ["A", "B\x00"]}, "control characters"),
        ({"game": "secretcards", "players": ["A\nB", "C"]}, "control characters"),
    ]
    for body, reason in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, body
        assert reason in response.json()["detail"], response.json()
    response = client.post("/api/games", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert "JSON" in response.json()["detail"]


def test_state_for_a_seat_and_for_a_spectator(client: TestClient) -> None:
    game = create(client)
    seat = client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][0]["token"])).json()
    assert {"version", "status", "result", "view", "prompts", "log"} <= set(seat)
    assert seat["version"] == 0 and seat["status"] == "active" and seat["result"] is None
    assert seat["view"]["you"]["seat"] == 0 and len(seat["view"]["you"]["hand"]) == 2
    assert seat["prompts"][0]["seat"] == 0
    options = seat["prompts"][0]["options"]
    assert all(set(o) == {"label", "msg", "action"} for o in options[:-1])
    assert options[-1]["standing"] == ["autopass.turn"]  # pass: what "always pass" answers
    other = client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json()
    assert other["prompts"] == []
    assert other["waiting"] == [{"seat": 0, "kind": "turn", "text": "Play a card, draw or pass",
                                 "msg": {"key": "secretcards.ask", "params": {}}}]
    spectator = client.get(f"/api/games/{game['id']}").json()
    assert "you" not in spectator["view"] and spectator["prompts"] == []


def test_unknown_game_is_404_and_bad_tokens_401_or_403(client: TestClient) -> None:
    game = create(client)
    other = create(client)
    assert client.get("/api/games/nope").status_code == 404
    assert client.get(f"/api/games/{game['id']}", headers=auth("junk")).status_code == 401
    assert client.get(f"/api/games/{game['id']}",
                      headers={"Authorization": "Basic abc"}).status_code == 401
    foreign = client.get(f"/api/games/{game['id']}", headers=auth(other["seats"][0]["token"]))
    assert foreign.status_code == 403
    assert act(client, game, 0, 0, {"type": "pass"}).status_code == 200
    no_token = client.post(f"/api/games/{game['id']}/actions",
                           json={"version": 1, "action": {"type": "pass"}})
    assert no_token.status_code == 401 and "token" in no_token.json()["detail"]
    wrong = client.post(f"/api/games/{game['id']}/actions",
                        headers=auth(other["seats"][1]["token"]),
                        json={"version": 1, "action": {"type": "pass"}})
    assert wrong.status_code == 403
    assert client.post("/api/games/nope/actions", headers=auth("x"),
                       json={"version": 0, "action": {}}).status_code == 404


def test_another_seats_client_id_is_refused_with_a_reason(client: TestClient) -> None:
    game = create(client)
    assert act(client, game, 0, 0, {"type": "draw"}, client_id="abc").status_code == 200
    taken = act(client, game, 1, 1, {"type": "pass"}, client_id="abc")
    assert taken.status_code == 409 and "client_id" in taken.json()["detail"]
    assert act(client, game, 1, 1, {"type": "pass"}, client_id="abd").json() == {"version": 2}


def test_acting_stale_illegal_and_repeated(client: TestClient) -> None:
    game = create(client)
    first = act(client, game, 0, 0, {"type": "draw"}, client_id="abc")
    assert first.status_code == 200 and first.json() == {"version": 1}
    again = act(client, game, 0, 0, {"type": "draw"}, client_id="abc")
    assert again.status_code == 200 and again.json() == {"version": 1}
    stale = act(client, game, 1, 0, {"type": "pass"})
    assert stale.status_code == 409 and stale.json()["version"] == 1
    not_yours = act(client, game, 0, 1, {"type": "pass"})
    assert not_yours.status_code == 422 and "wait for your turn" in not_yours.json()["detail"]
    not_offered = act(client, game, 1, 1, {"type": "play", "card": 7777})
    assert not_offered.status_code == 422
    assert "not one of your choices" in not_offered.json()["detail"]
    for body in ({"version": -1, "action": {}}, {"version": 1}, {"version": "x", "action": {}},
                 {"version": 1, "action": "pass"}, {"version": 1, "action": {}, "extra": 1}):
        response = client.post(f"/api/games/{game['id']}/actions", json=body,
                               headers=auth(game["seats"][1]["token"]))
        assert response.status_code == 422, body
        assert isinstance(response.json()["detail"], str)
    state = client.get(f"/api/games/{game['id']}").json()
    assert state["version"] == 1


def test_replay_is_closed_while_running_and_complete_after(client: TestClient) -> None:
    game = create(client, rounds=1)
    assert client.get(f"/api/games/{game['id']}/replay").status_code == 403
    assert act(client, game, 0, 0, {"type": "draw"}).status_code == 200
    assert act(client, game, 1, 1, {"type": "pass"}).status_code == 200
    final = client.get(f"/api/games/{game['id']}").json()
    assert final["status"] == "finished" and final["result"]["winners"]
    assert "hands" in final["view"]  # everything is open once the game is over
    replay = client.get(f"/api/games/{game['id']}/replay")
    assert replay.status_code == 200
    steps = replay.json()["steps"]
    assert [s["seq"] for s in steps] == [0, 1, 2]
    assert steps[1]["action"] == {"type": "draw"} and steps[1]["seat"] == 0
    assert any(e["text"].startswith("You drew") for e in steps[1]["events"])
    assert "view" in steps[0] and all("patch" in s and "view" not in s for s in steps[1:])
    assert all("hands" in v and "colours" in v for v in replay_views(replay.json()))
    finished = client.get("/api/games", params={"status": "finished"}).json()
    assert [g["id"] for g in finished] == [game["id"]]


def test_the_replay_is_sent_gzipped_as_kept_or_plain_to_a_client_without_gzip(
        client: TestClient) -> None:
    game = create(client, rounds=1)
    act(client, game, 0, 0, {"type": "draw"})
    act(client, game, 1, 1, {"type": "pass"})
    url = f"/api/games/{game['id']}/replay"
    zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers and "content-encoding" not in refused.headers
    assert zipped.headers["content-type"] == plain.headers["content-type"] == "application/json"
    assert zipped.content == plain.content == refused.content  # httpx unpacks gzip
    assert [s["seq"] for s in plain.json()["steps"]] == [0, 1, 2]


def test_card_reference_and_game_list(client: TestClient) -> None:
    assert client.get("/api/rules/secretcards/cards").json() == []
    assert client.get("/api/rules/nothing/cards").status_code == 404
    names = [g["name"] for g in client.get("/api/rules").json()]
    assert "secretcards" in names


def test_openapi_documents_the_contract(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/replay", "/api/games/{game_id}/log",
                 "/api/games/{game_id}/draft", "/api/rules/{game}/cards"):
        assert path in paths
