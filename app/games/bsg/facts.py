"""What a decision needs beside its options: the cards a prompt or an option names, and the
facts of the moment (a roll's odds, what is known of a skill check), as data and messages.

A prompt, and each of its options, may carry `cards` (`[{"id", "deck"}]`: the card's words are
in the catalogs and the card reference under that id) and `facts` (`[{"msg", ...data}]`). Both
go to the asked seat only, with the prompt's options; the public "waiting" line keeps the
prompt's text alone. Facts are public information or the asked seat's own: never a hand, a
deck's order or a face-down card it may not see.
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, Option, Prompt
from app.core.protocol import Fact
from app.games.bsg import catalog

CardRef = dict[str, str]

NAMING = ("card", "token")
"""The fields of an action that name a card (its physical id, or its definition's id)."""
_NAMING = frozenset(NAMING)

_DEFINITIONS = {d["id"]: d for d in catalog.DEFS.values()}


def fact(said: Msg, **data: Any) -> Fact:
    return {"msg": said, **data}  # type: ignore[typeddict-item]


def card_ref(key: str) -> CardRef | None:
    """A card by its physical id ("c17") or its definition's id ("riots"): its definition's id
    and its kind (the deck it belongs to). None if `key` names no card."""
    definition = catalog.DEFS.get(key) or _DEFINITIONS.get(key)
    if definition is None:
        return None
    return {"id": definition["id"], "deck": definition["deck"]}


def cards(*keys: str) -> list[CardRef]:
    return [ref for ref in map(card_ref, keys) if ref is not None]


_REFS: dict[str, CardRef | None] = {}
"""`card_ref` of each key an option named (the cards never change): every option of every prompt
asked is looked at for the card it names (about 2 % of a Daybreak game, before)."""
_UNKNOWN: Any = object()


def as_asked(prompt: Prompt, frame: dict[str, Any]) -> Prompt:
    """A prompt as the game asks it: each option whose action names a card carries that card,
    and the facts and cards its frame was given (a window before a roll: the roll's odds; one
    before a check's cards: the check) ride with it."""
    for option in prompt["options"]:
        if "cards" not in option and not _NAMING.isdisjoint(option["action"]):
            with_card(option)
    for part in ("facts", "cards"):
        if frame.get(part) and part not in prompt:
            prompt[part] = list(frame[part])  # type: ignore[literal-required]
    return prompt


def with_card(option: Option) -> Option:
    """The option, carrying the card its action names (if it names one)."""
    action = option["action"]
    for name in NAMING:
        key = action.get(name)
        if isinstance(key, str):
            ref = _REFS.get(key, _UNKNOWN)
            if ref is _UNKNOWN:
                ref = _REFS[key] = card_ref(key)
            if ref is not None:
                option["cards"] = [dict(ref)]  # type: ignore[typeddict-unknown-key]
                break
    return option
