"""Absolute links for invites and watching, built from the request's own base URL."""

from __future__ import annotations

from starlette.requests import HTTPConnection


def _base(request: HTTPConnection) -> str:
    return str(request.base_url).rstrip("/")


def seat_url(request: HTTPConnection, game_id: str, token: str) -> str:
    # The token rides in the fragment: browsers never send it to servers or in Referer headers.
    return f"{_base(request)}/games/{game_id}/play#token={token}"


def watch_url(request: HTTPConnection, game_id: str) -> str:
    return f"{_base(request)}/games/{game_id}/watch"


def replay_url(request: HTTPConnection, game_id: str) -> str:
    return f"{_base(request)}/games/{game_id}/replay"
