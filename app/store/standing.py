"""Standing choices as the store keeps them: each seat's chosen keys, beside the game (a column of
its seat row), and the standing answers they give, appended with the action that caused them.

The choices are read in the transaction that appends an action, after the game's row is locked
by its version check, so two server processes sharing one database agree: a seat that turns a
choice on commits before or after that transaction, and the answer that follows (Repository.
answer_standing) checks the version again. Turning a choice on or off changes no version: only
the answers it gives are actions, ordinary ones of the seat, as if it had clicked them.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import orjson
from sqlalchemy import select
from sqlalchemy.engine import Connection

from app.core import Event, IllegalAction, Rules, State, act
from app.core.messages import english
from app.core.standing import first_standing_answer, standing_choices
from app.store.errors import Rejected
from app.store.live import Head, make_head
from app.store.models import SeatRow

MAX_ANSWERS = 500
"""Standing answers appended after one action at most: a game whose every seat always passes
still stops; what is left is answered after the next action or change of a choice."""
MAX_CHOSEN = 200
"""Keys one request may name (a game offers far fewer)."""


class Step(NamedTuple):
    """One action to append: the seat's own, or a standing answer (client_id None). A tuple,
    not a frozen dataclass: made for every action, and a frozen dataclass's `__init__` sets
    each of its seven fields through `object.__setattr__` (~1.5 µs more)."""

    seq: int
    seat: int
    action: dict[str, Any]
    client_id: str | None
    state: State
    events: list[Event]
    head: Head


def offers_answer(head: Head) -> bool:
    """Whether some option the game asks for now is marked by a standing choice: only then are
    the seats' choices worth reading."""
    for prompt in head.prompts:  # asked after every action: loops, not nested generators
        for option in prompt["options"]:
            if option.get("standing"):
                return True
    return False


def answers(rules: Rules, head: Head, chosen: Mapping[int, list[str]]) -> Iterator[Step]:
    """The standing answers that follow `head`, each with the head it leads to, in order."""
    if not any(chosen.values()):
        return
    for _ in range(MAX_ANSWERS):
        found = first_standing_answer(head.prompts, chosen)
        if found is None:
            return
        seat, action = found
        try:
            state, events = act(rules, head.state, seat, action, head.prompts)
        except IllegalAction:  # a game's bug must not cost the seat's own action
            return
        head = make_head(rules, head.version + 1, state)
        yield Step(head.version, seat, action, None, state, events, head)


def checked(rules: Rules, chosen: Any) -> list[str]:
    """`chosen` as stored: known keys, each once, in the order the game offers them."""
    if not isinstance(chosen, list) or len(chosen) > MAX_CHOSEN \
            or not all(isinstance(key, str) for key in chosen):
        raise Rejected("core.error.standing_shape", field="chosen")
    offered = offered_keys(rules)
    for key in chosen:
        if key not in offered:
            raise Rejected("core.error.standing_unknown", choice=key[:80])
    return [key for key in offered if key in chosen]


def described(rules: Rules, chosen: list[str]) -> dict[str, Any]:
    """The API's body: what the game offers (its words in English too) and what the seat chose."""
    return {"choices": list(_offered(rules)[2]), "chosen": list(chosen)}


def offered_keys(rules: Rules) -> list[str]:
    """The keys of the standing choices `rules` offers, in its order. Never change it."""
    return _offered(rules)[1]


_OFFERED: dict[int, tuple[Rules, list[str], list[dict[str, Any]]]] = {}
"""id(rules) → (rules, the keys it offers, its choices as the API says them): a game's rules offer
the same choices always, and every seat's socket reads them when it connects (their words made
each time cost ~10 µs a seat)."""


def _offered(rules: Rules) -> tuple[Rules, list[str], list[dict[str, Any]]]:
    found = _OFFERED.get(id(rules))
    if found is None or found[0] is not rules:
        choices = standing_choices(rules)
        found = _OFFERED[id(rules)] = (
            rules, [c["key"] for c in choices],
            [{"key": c["key"], "msg": c["msg"], "text": english(c["msg"])} for c in choices])
    return found


def digest(chosen: list[str]) -> str:
    """A short mark of a seat's choices, for news between server processes (a socket sends its
    seat's choices again only when the mark differs from what it sent)."""
    return hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:16]


def stored_list(stored: Any) -> list[str]:
    """A seat's stored choices as a list, from the JSON column as either driver hands it back."""
    if isinstance(stored, str | bytes):
        stored = orjson.loads(stored)
    return list(stored or [])


def chosen_sa(conn: Connection, game_id: str) -> dict[int, list[str]]:
    rows = conn.execute(select(SeatRow.seat, SeatRow.standing)
                        .where(SeatRow.game_id == game_id, SeatRow.standing.is_not(None)))
    return {int(seat): stored_list(stored) for seat, stored in rows}


def chosen_sqlite(conn: sqlite3.Cursor, game_id: str) -> dict[int, list[str]]:
    rows = conn.execute("SELECT seat, standing FROM seats WHERE game_id = ? "
                        "AND standing IS NOT NULL", (game_id,))
    return {int(seat): stored_list(stored) for seat, stored in rows}
