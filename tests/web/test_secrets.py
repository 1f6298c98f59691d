"""Hidden information through the whole server: bodies, logs, errors, finished games."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import auth, create


def state(client: TestClient, game: dict, seat: int | None) -> dict:
    headers = auth(game["seats"][seat]["token"]) if seat is not None else {}
    return client.get(f"/api/games/{game['id']}", headers=headers).json()


def test_no_seat_sees_another_seats_hand_or_colour(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob", "Cid"])
    bodies = {seat: state(client, game, seat) for seat in (0, 1, 2, None)}
    hands = {s: bodies[s]["view"]["you"]["hand"] for s in (0, 1, 2)}
    for seat, body in bodies.items():
        view = body["view"]
        assert "hands" not in view and "colours" not in view and "deck_order" not in view
        if seat is None:
            assert "you" not in view
        else:
            assert view["you"]["hand"] == hands[seat]
        for player in view["players"]:
            assert set(player) == {"name", "hand_size", "table"}
    assert "rng" not in str(bodies) and "seed" not in str(bodies)


def test_refusals_do_not_tell_what_others_hold(client: TestClient) -> None:
    game = create(client)
    bob_card = state(client, game, 1)["view"]["you"]["hand"][0]
    token = game["seats"][0]["token"]
    url = f"/api/games/{game['id']}/actions"
    held_elsewhere = client.post(url, headers=auth(token),
                                 json={"version": 0, "action": {"type": "play", "card": bob_card}})
    held_by_nobody = client.post(url, headers=auth(token),
                                 json={"version": 0, "action": {"type": "play", "card": 999}})
    assert held_elsewhere.status_code == held_by_nobody.status_code == 422
    assert held_elsewhere.json() == held_by_nobody.json()


def test_private_draws_reach_only_the_drawer_until_the_end(client: TestClient) -> None:
    game = create(client, rounds=1)
    client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][0]["token"]),
                json={"version": 0, "action": {"type": "draw"}})
    ann, bob, watcher = (state(client, game, s) for s in (0, 1, None))
    drawn = ann["view"]["you"]["hand"][-1]
    assert ann["log"][-1]["text"] == f"You drew {drawn}" and ann["log"][-1]["private"]
    assert all(str(drawn) not in e["text"] for e in bob["log"])
    assert [e["text"] for e in watcher["log"]] == ["Ann drew a card"]  # the public shadow
    assert [e["text"] for e in ann["log"]] == [f"You drew {drawn}"]  # and not twice for Ann
    client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][1]["token"]),
                json={"version": 1, "action": {"type": "pass"}})
    after = state(client, game, None)
    assert after["status"] == "finished"
    assert after["view"]["hands"][0] == ann["view"]["you"]["hand"]
    assert f"You drew {drawn}" in [e["text"] for e in after["log"]]


def test_older_log_entries_are_filtered_like_the_state(client: TestClient) -> None:
    game = create(client, rounds=5)
    for version in range(6):
        seat = version % 2
        client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][seat]["token"]),
                    json={"version": version, "action": {"type": "draw"}})
    url = f"/api/games/{game['id']}/log"
    ann = client.get(url, headers=auth(game["seats"][0]["token"])).json()
    bob = client.get(url, headers=auth(game["seats"][1]["token"])).json()
    watcher = client.get(url).json()
    assert [e["seq"] for e in ann] == [1, 2, 3, 4, 5, 6]
    assert [e["text"].startswith("You drew") for e in ann] == [True, False] * 3
    assert all(not e["text"].startswith("You drew") or e["seq"] % 2 == 0 for e in bob)
    assert [e["text"] for e in watcher] == ["Ann drew a card", "Bob drew a card"] * 3
    older = client.get(url, params={"before": 4, "limit": 2},
                       headers=auth(game["seats"][0]["token"])).json()
    assert [e["seq"] for e in older] == [2, 3]
    assert client.get(url, headers=auth("junk")).status_code == 401
    assert client.get(url, params={"limit": 0}).status_code == 422
