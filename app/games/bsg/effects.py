"""Effects are lists of named operations from the card data; this is their interpreter.

An `effects` frame runs its operations one by one. An operation either acts at once or pushes
frames (a choice, a skill check) that run before the next operation. Each operation is
registered, under its data name, by the module of the rule it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import Msg, Prompt, msg
from app.games.bsg.flow import Frame, step
from app.games.bsg.game import Game

Handler = Callable[[Game, dict[str, Any], dict[str, Any]], None]
OPS: dict[str, Handler] = {}

PENDING: dict[str, Msg] = {}
"""Operations the engine does not automate yet -> the rules that will bring them (a message).
Actions whose effects use one are not offered; crisis effects that use one are announced and
skipped."""


def op(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        OPS[name] = fn
        return fn

    return register


def pending(names: list[str], rules: Msg) -> None:
    for name in names:
        PENDING[name] = rules


def push_effects(g: Game, ops: list[dict[str, Any]], ctx: dict[str, Any]) -> None:
    if ops:
        g.push({"step": "effects", "ops": ops, "i": 0, "ctx": dict(ctx)})


def op_names(ops: list[dict[str, Any]] | None) -> set[str]:
    """Every operation named in an effect list, nested ones included."""
    names: set[str] = set()
    for entry in ops or []:
        ((name, params),) = entry.items()
        names.add(name)
        if isinstance(params, dict):
            for key in ("effects", "then", "else", "pass", "partial", "fail", "success",
                        "failure", "otherwise"):
                if isinstance(params.get(key), list):
                    names |= op_names(params[key])
            for choice in params.get("options") or []:
                names |= op_names(choice.get("effects"))
            for outcome in params.get("outcomes") or []:
                names |= op_names(outcome.get("effects"))
    return names


def automated(ops: list[dict[str, Any]] | None) -> bool:
    return not (op_names(ops) & PENDING.keys())


@step("effects")
def _effects(g: Game, frame: Frame) -> Prompt | None:
    ops = frame["ops"]
    if frame["i"] >= len(ops):
        g.pop(frame)
        return None
    entry = ops[frame["i"]]
    frame["i"] += 1
    ((name, params),) = entry.items()
    if name in PENDING:
        g.log(msg("bsg.effects.pending", rules=PENDING[name], operation=name), "pending")
        return None
    OPS[name](g, params or {}, frame["ctx"])
    return None
