"""Whatever a client sends, the answer is a clear 4xx or a success: never a 500."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import auth, create

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"version": st.integers(-2, 3), "action": json_values},
                          optional={"client_id": st.text(max_size=70) | st.integers()}),
    st.fixed_dictionaries({"version": st.integers(0, 2),
                           "action": st.fixed_dictionaries({"type": st.sampled_from(
                               ["play", "draw", "pass", "x"])},
                               optional={"card": st.integers(-1, 30) | st.text(max_size=3)})}),
)


def test_random_action_bodies_never_fail_the_server(client: TestClient) -> None:
    game = create(client)
    token = game["seats"][0]["token"]

    @settings(max_examples=120, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(body=bodies, with_token=st.booleans())
    def check(body, with_token) -> None:
        headers = auth(token) if with_token else {}
        response = client.post(f"/api/games/{game['id']}/actions", json=body, headers=headers)
        assert response.status_code in (200, 401, 409, 422), (body, response.text)
        assert response.headers["content-type"].startswith("application/json")

    check()


def test_random_create_bodies_never_fail_the_server(client: TestClient) -> None:
    @settings(max_examples=80, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(body=json_values | st.fixed_dictionaries(
        {"game": st.sampled_from(["secretcards", "x"]),
         "players": st.lists(st.text(max_size=45), max_size=8)},
        optional={"options": st.dictionaries(st.sampled_from(["rounds", "y"]), json_values)}))
    def check(body) -> None:
        response = client.post("/api/games", json=body)
        assert response.status_code in (201, 422), (body, response.text)

    check()


def test_raw_bodies_that_are_not_plain_json(client: TestClient) -> None:
    game = create(client)
    headers = {**auth(game["seats"][0]["token"]), "content-type": "application/json"}
    for raw in (b'{"version": 0, "action": {"type": NaN}}', b"\xff\xfe", b"[]", b"",
                b'{"version": 1e400, "action": {}}', b'{"version": 0, "action": {"type": "pass"'):
        response = client.post(f"/api/games/{game['id']}/actions", content=raw, headers=headers)
        assert response.status_code == 422, (raw, response.text)
