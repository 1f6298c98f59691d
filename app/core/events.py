"""Log events carry their audience so the log is filtered exactly like the view."""

from __future__ import annotations

from typing import Any

from app.core.messages import Msg, english, is_msg
from app.core.protocol import Event


def event(said: Msg, kind: str = "info", to: list[int] | None = None,
          names: list[str] | None = None, **data: Any) -> Event:
    """`to=None` is public; otherwise only the listed seats see it while the game runs. `names`
    are the seats' names for the English text."""
    if not is_msg(said):
        raise TypeError(f"an event says a message, not {said!r}")
    ev: Event = {"kind": kind, "text": english(said, names), "msg": said, "to": to}
    if data:
        ev["data"] = data
    return ev


def visible_to(ev: Event, seat: int | None, finished: bool = False) -> bool:
    return audience_sees(ev.get("to"), seat, finished)


def audience_sees(audience: list[int] | None, seat: int | None, finished: bool = False) -> bool:
    """Once the game is over everyone sees everything; before, only the audience (None: all)."""
    return finished or audience is None or (seat is not None and seat in audience)
