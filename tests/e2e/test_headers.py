"""Every page works under the server's Content-Security-Policy (no inline script or style, no
outside origin, no framing): each kind of page opens with zero console errors and zero CSP
violations (the `pages` fixture fails a test on either), BSG's board included, and the API docs
page runs Swagger UI from this server."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.api import HTTP, api_create, play_to_end
from tests.e2e.conftest import Pages
from tests.e2e.expecting import expect

pytestmark = pytest.mark.browser


def check_headers(response: Any) -> None:
    headers = response.headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "http" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_every_page_runs_under_the_policy(live_server: str, pages: Pages) -> None:
    bsg = api_create(live_server, "bsg", ["Ann", "Bob", "Cid"])
    done = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=1)
    play_to_end(live_server, done["id"], [s["token"] for s in done["seats"]])
    for path, ready in [
        ("/", "form.create"),
        ("/games", "h1"),
        (f"/games/{bsg['id']}/watch", "#board [data-version], #game[data-version]"),
        (f"/games/{bsg['id']}/play#token={bsg['seats'][0]['token']}", "#game[data-version]"),
        (f"/games/{done['id']}/replay", "#step-events"),
        ("/rules/bsg", ".ref-card"),
    ]:
        page = pages.open(live_server + path)
        expect(page.locator(ready).first).to_be_visible()
        response = HTTP.get(live_server + path.split("#")[0])
        check_headers(response)
    page = pages.open(live_server + "/", viewport=None)
    page.fill('input[name="player0"]', "Ann")
    page.fill('input[name="player1"]', "Bob")
    page.fill('input[name="player2"]', "Cid")
    page.click('button[type="submit"]')
    expect(page.locator(".invite").first).to_be_visible()  # the invite page, its copy buttons
    page.locator("button.copy").first.click()


def test_the_api_docs_run_from_this_server(live_server: str, pages: Pages) -> None:
    page = pages.open(live_server + "/docs")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    expect(page.get_by_text("/api/games/{game_id}/replay").first).to_be_visible()
    check_headers(HTTP.get(live_server + "/docs"))
    for path in ("/api/rules", "/openapi.json", "/static/js/play.js", "/api/games/nothing",
                 "/games/nothing/watch"):
        check_headers(HTTP.get(live_server + path))
