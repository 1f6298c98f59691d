"""The English words beside a message, with the seats' names only where the message names a
seat.

The core remembers words by the message and the names they were said with (app/core/messages.py),
so a message that names no seat ("Pass", a card's play option with its text) was rendered anew in
every game, and again whenever a character was chosen: the names differ. Words depend on the names
only through a parameter of the seat kind (`seat`, `seat_...`), so a message without one is said
without names, and its words are the same in every game."""

from __future__ import annotations

import orjson

from app.core import Msg, english

_SEAT = b'"seat'
"""How a seat parameter's name starts in a message's JSON (`seats` and a word that happens to
start so are taken as naming a seat too: they are then said with the names, as before)."""

_NAMELESS: dict[bytes, str] = {}
_NAMELESS_KEPT = 16384


def names_for(said: Msg, names: list[str] | None) -> list[str] | None:
    """The names a message needs for its words: `names` if it names a seat, else None."""
    params = said.get("params")
    if params and "seat" in params:  # most log lines: no need to look further
        return names
    return names if _SEAT in orjson.dumps(said) else None


def words(said: Msg, names: list[str] | None) -> str:
    """`english(said, names)`, the names left out when the message names no seat."""
    key = orjson.dumps(said)
    if _SEAT in key:
        return english(said, names)
    found = _NAMELESS.get(key)
    if found is None:
        if len(_NAMELESS) >= _NAMELESS_KEPT:
            del _NAMELESS[next(iter(_NAMELESS))]  # the oldest
        found = _NAMELESS[key] = english(said, None)
    return found
