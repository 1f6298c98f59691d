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
"""The stand-ins for n names (no word of a message holds a NUL)."""

_SAID: dict[bytes, str | dict[int, str | bool]] = {}
"""A message's bytes -> its words if it names no seat, else {number of names: its words as a
`str.format` template of the names} (a seat beyond the names is said as "Seat n", so the
count matters)."""
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
    template = found.get(len(names))  # type: ignore[union-attr]
    if template is None:
        if len(names) >= len(_STAND_INS):
            return english(said, names)
        template = found[len(names)] = _template(  # type: ignore[index]
            render(said, "en", _STAND_INS[len(names)]), len(names))
    if template.__class__ is str:
        return template.format(*names)  # type: ignore[no-any-return]
    return english(said, names)


def _template(words: str, n: int) -> str | bool:
    """Words said with the stand-ins for n names as a template of the names: `format` puts
    each name in as it is, as saying the message with the names does (it never reads a name
    as a placeholder), whatever the names hold. False if the words hold a NUL that is not a
    stand-in (never so: no word of a message holds one); such words are said with the names."""
    template = words.replace("{", "{{").replace("}", "}}")
    for i in range(n):
        template = template.replace(f"\x00{i}\x00", f"{{{i}}}")
    return False if "\x00" in template else template
