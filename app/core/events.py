"""Log events carry their audience so the log is filtered exactly like the view.

An event is public (`to` None), private to some seats (`to`: those seats), or the public shadow
of a private event (`not_to`: the seats it is hidden from, because they read the private event
itself): "Ann drew 2 Politics" is for everyone but Ann, spectators included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.messages import Msg, english, is_msg
from app.core.protocol import Event


def event(said: Msg, kind: str = "info", to: list[int] | None = None,
          names: list[str] | None = None, not_to: list[int] | None = None, *,
          text: str | None = None, **data: Any) -> Event:
    """`to=None` is public; otherwise only the listed seats see it while the game runs.
    `not_to`: everyone but the listed seats sees it (a public shadow). `names` are the seats'
    names for the English text; `text`: that text, if the game has it already (its own memo)."""
    if not is_msg(said):
        raise TypeError(f"an event says a message, not {said!r}")
    if to is not None and not_to is not None:
        raise ValueError("an event is for some seats or for all but some, not both")
    ev: Event = {"kind": kind, "text": english(said, names) if text is None else text,
                 "msg": said, "to": to}
    if not_to is not None:
        ev["not_to"] = list(not_to)
    if data:
        ev["data"] = data
    return ev


@dataclass(frozen=True, slots=True)
class AllBut:
    """Everyone, spectators included, but these seats."""

    seats: tuple[int, ...]


Audience = list[int] | AllBut | None
"""None: everyone; a list: only those seats; AllBut: everyone but those seats."""


def audience_of(ev: Event) -> Audience:
    hidden = ev.get("not_to")
    if hidden is not None:
        return AllBut(tuple(hidden))
    return ev.get("to")


def visible_to(ev: Event, seat: int | None, finished: bool = False) -> bool:
    return audience_sees(audience_of(ev), seat, finished)


def audience_sees(audience: Audience, seat: int | None, finished: bool = False) -> bool:
    """Once the game is over everyone sees everything; before, only the audience."""
    if finished or audience is None:
        return True
    if type(audience) is AllBut:
        return seat not in audience.seats
    return seat is not None and seat in audience
