"""Bot seats as the store keeps them: which seats a computer plays (a column of the seat row),
checked when a game is created, and the move the server owes a bot seat now."""

from __future__ import annotations

from typing import Any

from app.bots.registry import bots_for
from app.core import Rules, msg
from app.core.drafts import answerable
from app.store.errors import Rejected
from app.store.live import LiveGame

MAX_NAME = 40


def checked_bots(rules: Rules, bots: Any, seats: int) -> dict[int, str]:
    """`bots` as `POST /api/games` takes it (`{"2": "random"}`: seat number → bot name) for a
    game of `seats` seats, or Rejected with the reason."""
    if bots is None:
        return {}
    if not isinstance(bots, dict):
        raise Rejected("core.error.bots_shape", field="bots", example='{"1": "random"}')
    offered = bots_for(rules)
    out: dict[int, str] = {}
    for key, name in bots.items():
        seat = _seat_number(key)
        if seat is None or not 0 <= seat < seats:
            raise Rejected("core.error.bot_seat", number=str(key)[:20], last=seats - 1)
        if not isinstance(name, str) or name not in offered:
            raise Rejected("core.error.bot_unknown", game=msg(f"{rules.name}.title"),
                           bot=str(name)[:MAX_NAME], known=", ".join(offered))
        out[seat] = name
    return dict(sorted(out.items()))


def _seat_number(key: Any) -> int | None:
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3:
        return int(key)
    return None


def asked_bot(live: LiveGame) -> int | None:
    """The first bot seat the game asks something now, or None. Several bot seats asked at once
    are answered one by one, in the order the game lists its prompts."""
    if not live.bots:
        return None
    head = live.head
    if head.status != "active":
        return None
    for prompt in answerable(head.prompts):  # a ready bot waits for the others
        if prompt["seat"] in live.bots:
            return prompt["seat"]
    return None
