"""The same-games digest that guards every game's speed work: one seeded game played into a
hash of every state, every prompt (with its English words), every action's log entries and,
after every action, the view of one seat in turn (the spectator one of them) — or of every
seat —, and at the end every seat's view, the everything-view and the result. `apply` must
leave the state it was given as it was. Each game's `test_same_games.py` pins the digests of
its seeded games; a change that only makes an engine faster keeps them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from app.core import act
from app.core.protocol import Rules

Move = Callable[[dict[str, Any], list[Any], int], tuple[int, dict[str, Any]]]
"""(state, prompts, actions so far) -> (seat, action): who answers, and what."""


def dump(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def hash_game(h: Any, rules: Rules, state: dict[str, Any], move: Move, *,
              actions: int | None = None, every_view: bool = False, move_hashed: bool = False,
              each: Callable[[dict[str, Any], list[Any]], None] | None = None) -> None:
    """Play `state` to its end (or for `actions` actions at most) into the hash `h`.
    `move_hashed`: the posted (seat, action) is hashed too; `each(state, prompts)` checks
    something more before every action."""
    seats: list[int | None] = [None, *range(len(state["seats"]))]
    n = 0
    while True:
        before = dump(state)
        h.update(before)
        for seat in seats if every_view else [seats[n % len(seats)]]:
            h.update(dump(rules.view(state, seat)))
        if rules.result(state) is not None or n == (actions or 0) - 1:
            for seat in seats:
                h.update(dump(rules.view(state, seat)))
            h.update(dump(rules.view_all(state)))
            h.update(dump(rules.result(state)))
            return
        prompts = rules.prompts(state)
        h.update(dump(prompts))
        if each is not None:
            each(state, prompts)
        seat, action = move(state, prompts, n)
        if move_hashed:
            h.update(dump([seat, action]))
        old = state
        state, events = act(rules, state, seat, action, prompts)
        assert dump(old) == before, "apply changed the state it was given"
        h.update(dump(events))
        n += 1
