"""The English words beside a message, remembered for every game.

Words depend on the seats' names only through a parameter of the seat kind (`seat`,
`seat_...`), which puts the seat's name in the words as it is. So a message that names no seat
("Pass", a card's play option with its text) is said without names, and one that names a seat
is said with stand-ins for the names (the same in every game), which are then replaced by the
names: the words are the same, but remembered once for all games rather than once for each
game and each set of names (before every character is chosen, the names change too).

They are remembered here by the message's bytes alone, not by the core's `english` (by the
bytes and the names): prompts and log lines say ~4,000 messages a Daybreak game, nine in ten
said before, and a word said again then costs one serialization and one lookup."""

from __future__ import annotations

import orjson

from app.core import Msg, english, render
from app.core.memo import forget_oldest

_SEAT = b'"seat'
"""How a seat parameter's name starts in a message's JSON (`seats` and a word that happens to
start so are taken as naming a seat too: they are then said with stand-ins, which is right)."""

_STAND_INS = [[f"\x00{i}\x00" for i in range(n)] for n in range(10)]
"""The stand-ins for n names: no player's name is taken to hold a NUL (one that does is said
with the names themselves), nor any other word of a message."""

_SAID: dict[bytes, str | dict[int, str]] = {}
"""A message's bytes -> its words if it names no seat, else {number of names: its words with
the stand-ins} (a seat beyond the names is said as "Seat n", so the count matters)."""
_KEPT = 65536


def words(said: Msg, names: list[str]) -> str:
    """`english(said, names)`, said as above."""
    key = orjson.dumps(said)
    found = _SAID.get(key)
    if found.__class__ is str:
        return found  # type: ignore[return-value]
    if found is None:
        if len(_SAID) >= _KEPT:
            forget_oldest(_SAID, _KEPT)
        if _SEAT not in key:
            found = _SAID[key] = render(said, "en")
            return found
        found = _SAID[key] = {}
    stand_ins = _stand_ins(names)
    if stand_ins is names:
        return english(said, names)
    with_stand_ins = found.get(len(names))  # type: ignore[union-attr]
    if with_stand_ins is None:
        with_stand_ins = found[len(names)] = render(said, "en", stand_ins)  # type: ignore[index]
    return named(with_stand_ins, names)


def named(words: str, names: list[str]) -> str:
    """Words said with the stand-ins for `names`, with the names in their place."""
    if "\x00" not in words:
        return words
    for stand_in, name in zip(_STAND_INS[len(names)], names, strict=True):
        words = words.replace(stand_in, name)
    return words


def _stand_ins(names: list[str]) -> list[str]:
    if len(names) >= len(_STAND_INS) or any("\x00" in name for name in names):
        return names
    return _STAND_INS[len(names)]
