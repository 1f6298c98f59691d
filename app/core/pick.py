"""Prompts that ask a seat to pick several of its options at once ("discard 2 cards").

Such a prompt carries `pick: {"min": a, "max": b}` and one option per item (identical items are
identical options, so two copies of a card are two equal options). The seat answers once, with
`{"type": "pick", "picked": [<the action of each picked option>, ...]}`: between `min` and `max`
actions, each offered as often as it is picked at most. The options of such a prompt are never
posted alone: picking several things is one decision, not one click (and one reload) each.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from app.core.protocol import IllegalAction, Prompt

PICK = "pick"


def is_pick(prompt: Prompt) -> bool:
    return "pick" in prompt


def pick_bounds(prompt: Prompt) -> tuple[int, int]:
    bounds = prompt["pick"]
    return int(bounds["min"]), int(bounds["max"])


def picked_action(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The one action that answers a pick prompt with these options' actions."""
    return {"type": PICK, "picked": list(actions)}


def _key(action: Any) -> str:
    """A hashable stand-in for an action (plain JSON data) with its keys in order."""
    return repr(_ordered(action))


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""Values `_ordered` leaves as they are, tested by type without a call (actions are mostly flat)."""


def _ordered(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((str(k), v if type(v) in _PLAIN else _ordered(v))
                            for k, v in value.items()))
    if isinstance(value, list):
        return tuple(v if type(v) in _PLAIN else _ordered(v) for v in value)
    return value


def check_pick(prompt: Prompt, action: Any) -> list[dict[str, Any]]:
    """The picked actions if `action` answers the pick prompt, else IllegalAction saying why.

    The messages say only what the seat was offered and how many it must pick: the prompt is
    the seat's own, so they reveal nothing it does not see."""
    if not isinstance(action, dict) or action.get("type") != PICK or set(action) != {"type",
                                                                                     "picked"}:
        raise IllegalAction("core.error.pick_shape")
    picked = action["picked"]
    if not isinstance(picked, list) or not all(isinstance(a, dict) for a in picked):
        raise IllegalAction("core.error.pick_shape")
    low, high = pick_bounds(prompt)
    if len(picked) < low:
        raise IllegalAction("core.error.pick_too_few", n=low, picked=len(picked))
    if len(picked) > high:
        raise IllegalAction("core.error.pick_too_many", n=high, picked=len(picked))
    if _distinct_offered_objects(prompt, picked):
        return picked
    offered = _offered(prompt)
    wanted = Counter(_key(a) for a in picked)
    for key, times in wanted.items():
        if key not in offered:
            raise IllegalAction("core.error.pick_not_offered")
        if times > offered[key]:
            raise IllegalAction("core.error.pick_repeated", n=offered[key], picked=times)
    return picked


def _offered(prompt: Prompt) -> Counter[str]:
    """How many times each option's action comes (by `_key`), kept for the last prompt asked
    (with the prompt, so its id stays its own): a driver's pick is checked by the driver and
    then by `act`, against the same prompt object. Prompts are never changed once made."""
    global _LAST_OFFERED
    last = _LAST_OFFERED
    if last is not None and last[0] is prompt:
        return last[1]
    offered = Counter(_key(o["action"]) for o in prompt["options"])
    _LAST_OFFERED = (prompt, offered)
    return offered


_LAST_OFFERED: tuple[Prompt, Counter[str]] | None = None


def _distinct_offered_objects(prompt: Prompt, picked: list[dict[str, Any]]) -> bool:
    """Whether the picked actions are options' own action objects, each of a different option:
    then each is offered, and none more often than it is (a driver picks among the options
    themselves; a posted action, parsed from JSON, never is one and is counted by `_key`). The
    ids are kept for the last prompt asked, with the prompt (as `_offered`)."""
    ids = {id(a) for a in picked}
    if len(ids) != len(picked):
        return False
    global _LAST_IDS
    last = _LAST_IDS
    if last is None or last[0] is not prompt:
        last = _LAST_IDS = (prompt, {id(o["action"]) for o in prompt["options"]})
    return ids <= last[1]


_LAST_IDS: tuple[Prompt, set[int]] | None = None


def answers(prompt: Prompt, action: Any) -> bool:
    """Whether `action` answers `prompt`: one offered option, or a valid pick of them."""
    if is_pick(prompt):
        try:
            check_pick(prompt, action)
        except IllegalAction:
            return False
        return True
    options = prompt["options"]
    # a driver answers with an option's own action object: found by identity first, without
    # comparing the dicts before it (a posted action, parsed from JSON, is compared as before)
    for option in options:  # noqa: SIM110 (a loop is faster than any(); every step)
        if option["action"] is action:
            return True
    for option in options:  # noqa: SIM110
        if option["action"] == action:
            return True
    return False


def random_answer(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A uniformly random offered answer: an option, or a pick of a random size within bounds."""
    if not is_pick(prompt):
        return rng.choice(prompt["options"])["action"]
    low, high = pick_bounds(prompt)
    count = rng.randint(low, min(high, len(prompt["options"])))
    return picked_action([o["action"] for o in rng.sample(prompt["options"], count)])


def first_answer(prompt: Prompt) -> dict[str, Any]:
    """The first offered answer: the first option, or the first `min` options picked."""
    if not is_pick(prompt):
        return prompt["options"][0]["action"]
    low, _ = pick_bounds(prompt)
    return picked_action([o["action"] for o in prompt["options"][:max(low, 1)]])
