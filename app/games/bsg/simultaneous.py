"""Decisions several players make at once: "each player discards 2 skill cards", "every player
over the hand limit discards down to it".

Every player concerned is asked at the same time and answers in any order. A player's choices
are kept in the step itself until everyone has decided: no view, no log line and no other
seat's prompt depends on them, so nobody chooses knowing what another chose. A seat's question
is built from the public state and its own choices only; who is still deciding is public (the
others see who is ready, as at a table). When the last seat has decided, the choices take
effect, in seat order from the current player, and are logged.

A kind of decision registers three functions (`decision`): `ask` (the seat's next question, or
None once it has decided: asked only from the part's own data and what its seat may see),
`answer` (record one answer in the part, privately) and `resolve` (apply a part's choices; it
acts at once and pushes no frame, so that the parts resolve in order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core import Prompt
from app.games.bsg.flow import Frame, answer_of_seat, step
from app.games.bsg.game import Game

Part = dict[str, Any]
"""One seat's share of the decision: {"seat": ..., and whatever its kind keeps}."""


@dataclass(frozen=True)
class Decision:
    ask: Callable[[Game, Part], Prompt | None]
    answer: Callable[[Game, Part, dict[str, Any]], None]
    resolve: Callable[[Game, Part], None]


DECISIONS: dict[str, Decision] = {}


def decision(name: str, ask: Callable[[Game, Part], Prompt | None],
             answer: Callable[[Game, Part, dict[str, Any]], None],
             resolve: Callable[[Game, Part], None]) -> None:
    if name in DECISIONS:
        raise ValueError(f"decision {name!r} registered twice")
    DECISIONS[name] = Decision(ask, answer, resolve)


def push_simultaneous(g: Game, kind: str, parts: list[Part]) -> None:
    """Ask the seats of `parts` (one part per seat, in the order they resolve) at once."""
    seats = [part["seat"] for part in parts]
    if len(set(seats)) != len(seats):
        raise ValueError(f"one part per seat: {seats}")
    if parts:
        g.push({"step": "simultaneous", "kind": kind, "parts": parts})


@step("simultaneous")
def _simultaneous(g: Game, frame: Frame) -> list[Prompt] | None:
    kind = DECISIONS[frame["kind"]]
    asked = []
    for part in frame["parts"]:
        if part.get("decided"):
            continue
        prompt = kind.ask(g, part)
        if prompt is None:
            part["decided"] = True
        else:
            asked.append(prompt)
    if asked:
        return asked
    g.pop(frame)
    for part in frame["parts"]:
        kind.resolve(g, part)
    return None


@answer_of_seat("simultaneous")
def _simultaneous_answer(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    part = next(p for p in frame["parts"] if p["seat"] == seat)
    DECISIONS[frame["kind"]].answer(g, part, action)
