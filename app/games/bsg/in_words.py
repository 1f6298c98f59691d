"""The English words beside a message, said so that the core's memory of words
(app/core/messages.py, by the message and the names it is said with) serves every game.

Words depend on the seats' names only through a parameter of the seat kind (`seat`,
`seat_...`), which puts the seat's name in the words as it is. So a message that names no seat
("Pass", a card's play option with its text) is said without names, and one that names a seat
is said with stand-ins for the names (the same in every game), which are then replaced by the
names: the words are the same, but remembered once for all games rather than once for each
game and each set of names (before every character is chosen, the names change too)."""

from __future__ import annotations

import orjson

from app.core import Msg, english

_SEAT = b'"seat'
"""How a seat parameter's name starts in a message's JSON (`seats` and a word that happens to
start so are taken as naming a seat too: they are then said with stand-ins, which is right)."""

_STAND_INS = [[f"\x00{i}\x00" for i in range(n)] for n in range(10)]
"""The stand-ins for n names: no player's name is taken to hold a NUL (one that does is said
with the names themselves), nor any other word of a message."""

def names_for(said: Msg, names: list[str]) -> list[str] | None:
    """What to say a message with: None if it names no seat, else the stand-ins for `names`
    (to be replaced with `named`), or the names themselves if there are no stand-ins for them."""
    params = said.get("params")
    if not (params and "seat" in params) and _SEAT not in orjson.dumps(said):
        return None
    return _stand_ins(names)


def named(words: str, names: list[str]) -> str:
    """Words said with the stand-ins for `names`, with the names in their place."""
    if "\x00" not in words:
        return words
    for stand_in, name in zip(_STAND_INS[len(names)], names, strict=True):
        words = words.replace(stand_in, name)
    return words


def words(said: Msg, names: list[str]) -> str:
    """`english(said, names)`, said as above."""
    key = orjson.dumps(said)
    if _SEAT in key:
        stand_ins = _stand_ins(names)
        if stand_ins is names:
            return english(said, names)
        return named(english(said, stand_ins), names)
    return english(said, None)  # the core remembers it, once for every game


def _stand_ins(names: list[str]) -> list[str]:
    if len(names) >= len(_STAND_INS) or any("\x00" in name for name in names):
        return names
    return _STAND_INS[len(names)]
