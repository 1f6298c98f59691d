"""Games register themselves by name; the server finds them here."""

from __future__ import annotations

from app.core.protocol import Rules

_GAMES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    _GAMES[rules.name] = rules
    return rules


def get_rules(name: str) -> Rules | None:
    return _GAMES.get(name)


def registered_games() -> list[Rules]:
    return sorted(_GAMES.values(), key=lambda r: r.name)
