"""An option as the engine keeps it: its message, its action, and the card it names."""

from __future__ import annotations

from typing import Any

from app.core import Msg, msg
from app.games.star_realms.carddata import deck_of

Opt = dict[str, Any]


def opt(said: Msg, action: dict[str, Any], cid: str | None = None) -> Opt:
    out: Opt = {"msg": said, "action": action}
    if cid is not None:
        out["cards"] = [{"id": cid, "deck": deck_of(cid)}]
    return out


def done() -> Opt:
    return opt(msg("star_realms.option.done"), {"type": "done"})
