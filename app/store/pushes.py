"""What a game sends each seat: its whole state body, or a patch from the body it has.

Per game and seat the server remembers the newest body it built (`LiveGame.sent`). When a seat's
body moves on to a new version, the patch from the remembered one is made once and kept for
every socket of that seat still at the old version; a socket at any other version gets the whole
state. The whole state's bytes are made only when someone needs them: a patch that is less than
half the size of the seat's last whole body is sent without comparing.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.store import patch
from app.store.live import LiveGame

STATE = b'{"type":"state",'
WHOLE_ITEMS = frozenset({"/prompts", "/log"})
"""Lists of the body whose changed items a patch replaces whole (patch.diff): a seat's new
prompt differs from its last in nearly every field, and log entries never change."""
FIELDS = tuple((key, f"/{key}") for key in
               ("version", "status", "result", "view", "prompts", "waiting", "log"))
"""The body's keys that change (`LiveGame.body`, in its order): its game, seat, players and bots
are the same objects at every version."""
UNEQUAL = frozenset({"/view", "/waiting", "/log"})
"""The body's parts that are equal but not the same object nearly never (`patch.diff_fields`):
a view with nothing changed is the view before, and so is a `waiting` or a tail."""
ALONE = frozenset({"/view", "/prompts"})
"""The body's parts whose pair (before, now) is each seat's own during play: no other seat's
diff would find it in the memo (`patch.diff_fields`)."""


def body_bytes(live: LiveGame, seat: int | None, tail: int) -> bytes:
    """The serialized state body for a seat (the public API's), made once per version."""
    version, body = current(live, seat, tail)
    return _full(live, seat, version, body)


def state_message(live: LiveGame, seat: int | None, tail: int) -> tuple[int, bytes]:
    """The whole state as a websocket message, and its version."""
    version, body = current(live, seat, tail)
    return version, STATE + _full(live, seat, version, body)[1:]


def push_message(live: LiveGame, seat: int | None, since: int, tail: int) -> tuple[int, bytes]:
    """The websocket message (and the version it brings) that takes a seat's socket from version
    `since` to the current one: a patch from the body it was sent then, or the whole state when
    that is smaller or no longer held."""
    version, _ = current(live, seat, tail)
    message = live.pushes.get((seat, since))
    if message is None or live.head.version != version:
        return state_message(live, seat, tail)
    return version, message


def current(live: LiveGame, seat: int | None, tail: int) -> tuple[int, dict[str, Any]]:
    """The seat's body at the current version, built once. Moving the seat's remembered body on
    records the message from the one it replaces."""
    known = live.sent.get(seat)
    head = live.head
    if known is not None and known[0] == head.version:
        return known[0], known[1]
    version = head.version
    body = live.body(seat, tail, head)
    if live.head is not head:  # moved on while we built it: give it, remember nothing
        return version, body
    # the public part every seat's view is built on (`Rules.own_view_keys`)
    public = head.views.get(None) if live.own_view_keys is not None else None
    if known is not None:
        before, old, was = known
        based = None if public is None or was is None else (
            "/view", was, public, live.own_view_keys)
        ops = patch.diff_fields_serialized(old, body, FIELDS, live.diff_memo, WHOLE_ITEMS,
                                           UNEQUAL, ALONE, based)
        message = b'{"type":"patch","version":%d,"from":%d,"ops":[%b]}' % (
            version, before, ops)
        if len(message) * 2 > live.sizes.get(seat, 0):
            full = _full(live, seat, version, body)
            if len(message) > len(full) + len(STATE):
                message = STATE + full[1:]
        live.pushes[(seat, before)] = message
    live.sent[seat] = (version, body, public)
    return version, body


def _full(live: LiveGame, seat: int | None, version: int, body: dict[str, Any]) -> bytes:
    full = live.bodies.get((version, seat))
    if full is None:
        full = orjson.dumps(body)
        if live.head.version == version:
            live.bodies[(version, seat)] = full
            live.sizes[seat] = len(full)
    return full
