"""Options as the engine keeps them: a message, an action, and the card it names.

Every option is made once and kept (`cached`): the same few hundred come back every action
(play this card, buy that one), and the same object then also carries its English words once
(`label`) — a game is several hundred actions, each asking for and checking its options."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from app.core import Msg, english, msg
from app.games.star_realms.carddata import deck_of

Opt = dict[str, Any]


def opt(said: Msg, action: dict[str, Any], cid: str | None = None) -> Opt:
    out: Opt = {"msg": said, "action": action}
    if cid is not None:
        out["cards"] = [{"id": cid, "deck": deck_of(cid)}]
    return out


cached: Callable[[Callable[..., Opt]], Callable[..., Opt]] = cache


@cached
def done() -> Opt:
    return opt(msg("star_realms.option.done"), {"type": "done"})


_LABELS: dict[tuple[int, tuple[str, ...]], tuple[Any, Any]] = {}
_KEPT = 20_000
"""Words kept at most (then forgotten at once): a state loaded from storage brings options
made anew, which would otherwise pile up here."""


def labelled(o: Opt, names: tuple[str, ...]) -> dict[str, Any]:
    """The option as a prompt carries it, with its English words for these seats' names: made
    once for each option and cast (shared: nobody changes an option)."""
    key = (id(o), names)
    hit = _LABELS.get(key)
    if hit is None or hit[0] is not o:
        if len(_LABELS) > _KEPT:
            _LABELS.clear()
        hit = _LABELS[key] = (o, {"label": english(o["msg"], list(names)), **o})
    return hit[1]


def worded(said: Msg, names: tuple[str, ...]) -> str:
    """A message's English words, kept for a kept message (one from `said`)."""
    key = (id(said), names)
    hit = _LABELS.get(key)
    if hit is None or hit[0] is not said:
        if len(_LABELS) > _KEPT:
            _LABELS.clear()
        hit = _LABELS[key] = (said, english(said, list(names)))
    return hit[1]


@lru_cache(maxsize=1 << 16)
def said(key: str, **params: Any) -> Msg:
    """A message made once and kept (so that `worded` finds its words)."""
    return msg(key, **params)
