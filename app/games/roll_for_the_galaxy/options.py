"""Options and prompts with their words: every label is a catalog message, worded in English
beside it for clients that show English as it is."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, english, msg

_WORDS: dict[tuple[str, ...], dict[tuple[Any, ...], str]] = {}
_KEEP_AT_MOST = 65536
_LAST: tuple[list[str] | None, dict[tuple[Any, ...], str]] = (None, {})


def _words_of(names: list[str]) -> dict[tuple[Any, ...], str]:
    """The words kept for these names: those of the names list used last (every state of a game
    shares its list, so it is found by identity; it is held, and never changed), else found by
    the names (a few sets of names only)."""
    global _LAST
    last = _LAST
    if last[0] is names:
        return last[1]
    key = tuple(names)
    found = _WORDS.get(key)
    if found is None:
        if len(_WORDS) >= 8:
            _WORDS.clear()
        found = _WORDS[key] = {}
    _LAST = (names, found)
    return found


def worded(state: dict[str, Any], said: Msg) -> str:
    """The English words of a message. The same few hundred options come back at every step
    behind the screen, so their words are kept by names, key and parameters (all plain values
    in this game), which is cheaper to look up than `english`'s serialised message."""
    return words(state["players"], said)


def words(names: list[str], said: Msg) -> str:
    """`worded` for these names."""
    last = _LAST
    kept = last[1] if last[0] is names else _words_of(names)
    try:
        key = (said["key"], *said["params"].items())
        found = kept.get(key)
    except TypeError:  # a parameter that is not a plain value
        return english(said, names)
    if found is None:
        if len(kept) >= _KEEP_AT_MOST:
            kept.clear()
        found = kept[key] = english(said, names)
    return found


_QUESTIONS: dict[tuple[str, ...], dict[tuple[Any, ...], tuple[Msg, str]]] = {}


def question(state: dict[str, Any], key: str, **params: Any) -> tuple[Msg, str]:
    """A prompt's question and its words, kept for these names by the key and the parameters'
    values (each question is asked with the same parameters wherever it is asked): a phase's
    prompt is built anew after most moves, and its question is one of a few dozen. The message
    is shared by the prompts that ask it, like an option's (prompts are read-only once made)."""
    names = state["players"]
    kept = _QUESTIONS.get(tuple(names))
    if kept is None:
        if len(_QUESTIONS) >= 8:
            _QUESTIONS.clear()
        kept = _QUESTIONS[tuple(names)] = {}
    found = kept.get((key, *params.values()))
    if found is None:
        said = msg(key, **params)
        found = kept[(key, *params.values())] = (said, english(said, names))
    return found


def asked(seat: int, kind: str, question: tuple[Msg, str], options: list[dict[str, Any]],
          **extra: Any) -> Prompt:
    """`prompt` for a question kept by `question` (its keys, in its order)."""
    said, text = question
    return {"seat": seat, "kind": kind, "text": text, "msg": said, "options": options,
            **extra}  # type: ignore[typeddict-item]


def option(state: dict[str, Any], said: Msg, action: dict[str, Any],
           **extra: Any) -> dict[str, Any]:
    return {"label": worded(state, said), "msg": said, "action": action, **extra}


def prompt(state: dict[str, Any], seat: int, kind: str, said: Msg,
           options: list[dict[str, Any]], **extra: Any) -> Prompt:
    return {"seat": seat, "kind": kind, "text": worded(state, said), "msg": said,
            "options": options, **extra}  # type: ignore[typeddict-item]


say = msg
"""A message (`app.core.msg` itself: the game says thousands a game, a call each saved)."""
