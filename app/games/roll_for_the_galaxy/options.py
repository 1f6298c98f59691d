"""Options and prompts with their words: every label is a catalog message, worded in English
beside it for clients that show English as it is."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, english, msg


def option(state: dict[str, Any], said: Msg, action: dict[str, Any],
           **extra: Any) -> dict[str, Any]:
    return {"label": english(said, state["players"]), "msg": said, "action": action, **extra}


def prompt(state: dict[str, Any], seat: int, kind: str, said: Msg,
           options: list[dict[str, Any]], **extra: Any) -> Prompt:
    return {"seat": seat, "kind": kind, "text": english(said, state["players"]), "msg": said,
            "options": options, **extra}  # type: ignore[typeddict-item]


def say(key: str, **params: Any) -> Msg:
    return msg(key, **params)
