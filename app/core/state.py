"""Copying states: a C-speed JSON round trip is faster than copy.deepcopy for plain data."""

from __future__ import annotations

import orjson

from app.core.protocol import State


def copy_state(state: State) -> State:
    return orjson.loads(orjson.dumps(state))


def dump_state(state: State) -> bytes:
    return orjson.dumps(state)


def load_state(data: bytes | str) -> State:
    return orjson.loads(data)
