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


_WORDS: dict[tuple[str, ...], dict[int, tuple[Any, Any]]] = {}
"""For each cast of names: id of a kept option or message -> (it, its words)."""
_KEPT = 20_000
"""Words kept at most (then forgotten at once): a state loaded from storage brings options
made anew, which would otherwise pile up here."""
_kept = [0]


def words_for(names: tuple[str, ...]) -> dict[int, tuple[Any, Any]]:
    """The words kept for a cast (emptied, never replaced, when too many are kept)."""
    words = _WORDS.get(names)
    if words is None:
        words = _WORDS[names] = {}
    return words


def _keep(words: dict[int, tuple[Any, Any]], kept: Any, said: Any) -> Any:
    if _kept[0] > _KEPT:
        for each in _WORDS.values():
            each.clear()
        _kept[0] = 0
    _kept[0] += 1
    words[id(kept)] = (kept, said)
    return said


def labelled(options: list[Opt], names: tuple[str, ...],
             words: dict[int, tuple[Any, Any]] | None = None) -> list[dict[str, Any]]:
    """The options as a prompt carries them, each with its English words for these seats'
    names: made once for each option and cast (shared: nobody changes an option).
    `words`: `words_for(names)`, if the caller has it."""
    if words is None:
        words = words_for(names)
    get = words.get
    return [hit[1] if (hit := get(id(o))) is not None and hit[0] is o else
            _keep(words, o, {"label": english(o["msg"], list(names)), **o})
            for o in options]


def worded(said: Msg, names: tuple[str, ...]) -> str:
    """A message's English words, kept for a kept message (one from `said`)."""
    words = words_for(names)
    hit = words.get(id(said))
    if hit is not None and hit[0] is said:
        return hit[1]  # type: ignore[no-any-return]
    return _keep(words, said, english(said, list(names)))  # type: ignore[no-any-return]


def template(key: str, *names: str) -> Callable[..., Msg]:
    """A maker of kept messages of one key whose parameters are given by position, in the
    order of `names` (for the log lines said at nearly every action: a lookup by position
    costs half of one by keywords, as `said` does)."""
    @lru_cache(maxsize=1 << 12)
    def made(*values: Any) -> Msg:
        return msg(key, **dict(zip(names, values, strict=True)))
    return made


@lru_cache(maxsize=1 << 16)
def said(key: str, **params: Any) -> Msg:
    """A message made once and kept (so that `worded` finds its words)."""
    return msg(key, **params)
