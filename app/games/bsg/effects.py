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


def op_names(ops: list[dict[str, Any]] | None) -> frozenset[str]:
    """Every operation named in an effect list, nested ones included. The lists asked about
    are the cards' own (catalog data, never changed), so the answer is kept by the list's
    identity, with the list itself so that the identity cannot be another list's."""
    if ops is None:
        return frozenset()
    kept = _OP_NAMES.get(id(ops))
    if kept is not None and kept[0] is ops:
        return kept[1]
    if len(_OP_NAMES) >= 4096:  # only effect lists not from the catalog could fill it
        _OP_NAMES.clear()
    names = frozenset(_op_names(ops))
    _OP_NAMES[id(ops)] = (ops, names)
    return names


_OP_NAMES: dict[int, tuple[list[dict[str, Any]], frozenset[str]]] = {}


def _op_names(ops: list[dict[str, Any]] | None) -> set[str]:
    names: set[str] = set()
    for entry in ops or []:
        ((name, params),) = entry.items()
        names.add(name)
        if isinstance(params, dict):
            for key in ("effects", "then", "else", "pass", "partial", "fail", "success",
                        "failure", "otherwise"):
                if isinstance(params.get(key), list):
                    names |= _op_names(params[key])
            for choice in params.get("options") or []:
                names |= _op_names(choice.get("effects"))
            for outcome in params.get("outcomes") or []:
                names |= _op_names(outcome.get("effects"))
    return names


def automated(ops: list[dict[str, Any]] | None) -> bool:
    # asked for every card a window or an Action step weighs: with nothing pending (the engine
    # resolves every operation of the card data), no effect list need be looked at
    return not PENDING or PENDING.keys().isdisjoint(op_names(ops))


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
