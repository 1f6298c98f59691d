"""How a skill check adds up: each card counts its printed strength, plus when of the check's
skills and minus otherwise; then each modifier (a power that changes how cards count) adds the
difference it makes, in the order the modifiers came. The total is the cards' sum plus the
modifiers' values, so that what the reveal shows always adds up to the total it announces.

A modifier is data in the check's frame: the message naming the power (`name`) and its rule,
either `positive` (cards of `types` and/or of printed `strength` count plus), `zero` (cards of
that skill type have strength 0) or, from Daybreak's Skill Check abilities, `bonus` (a number
added to the total, fixed when the ability resolved: DB-10.5). A Treachery card always counts
minus (DB-10.8)."""

from __future__ import annotations

from typing import Any

from app.core import Msg, msg
from app.games.bsg import catalog


def modifier(name: Msg, rule: dict[str, Any]) -> dict[str, Any]:
    """A modifier of this power's name and rule ({"positive": {...}} or {"zero": type})."""
    return {"name": name, **rule}


def said_modifier(mod: dict[str, Any]) -> Msg:
    """The message of a modifier: its power's name and what it does."""
    if "bonus" in mod:
        return msg("bsg.check_abilities.modifier_bonus", name=mod["name"], n=mod["bonus"])
    if "zero" in mod:
        return msg("bsg.skillcheck.modifier_zero", name=mod["name"], skill=mod["zero"])
    rule = mod["positive"]
    what: list[Msg] = [msg("bsg.skillcheck.skill", skill=t) for t in rule.get("types") or []]
    if rule.get("strength"):
        what.append(msg("bsg.skillcheck.strength_n", strength=rule["strength"]))
    return msg("bsg.skillcheck.modifier_positive", name=mod["name"], what=what)


def zero_types(modifiers: list[dict[str, Any]]) -> list[str]:
    return [m["zero"] for m in modifiers if "zero" in m]


def base_card(uid: str, skills: list[str]) -> dict[str, Any]:
    """A pool card as it counts before any modifier."""
    card = catalog.card(uid)
    kind = catalog.skill_type(uid)
    return {"id": card["id"], "name": card["name"], "type": kind,
            "strength": catalog.strength(uid),
            "positive": kind in skills and kind != catalog.TREACHERY}


def _value(strength: int, positive: bool) -> int:
    return strength if positive else -strength


def _changed(card: dict[str, Any], now: tuple[int, bool], mod: dict[str, Any]
             ) -> tuple[int, bool]:
    strength, positive = now
    if card["type"] == catalog.TREACHERY:  # always counts negative (DB-10.8)
        return now
    if "zero" in mod:
        return (0, positive) if card["type"] == mod["zero"] else now
    rule = mod["positive"]
    if card["type"] in (rule.get("types") or []) or card["strength"] == rule.get("strength"):
        return strength, True
    return now


def count(pool: list[str], skills: list[str], modifiers: list[dict[str, Any]]
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """(cards as they count before any modifier, [{"msg", "value"}] for each modifier, total)."""
    cards = [base_card(uid, skills) for uid in pool]
    now = [(c["strength"], c["positive"]) for c in cards]
    said: list[dict[str, Any]] = []
    for mod in modifiers:
        if "bonus" in mod:
            said.append({"msg": said_modifier(mod), "value": mod["bonus"]})
            continue
        after = [_changed(c, was, mod) for c, was in zip(cards, now, strict=True)]
        value = sum(_value(*a) - _value(*b) for a, b in zip(after, now, strict=True))
        said.append({"msg": said_modifier(mod), "value": value})
        now = after
    total = sum(_value(c["strength"], c["positive"]) for c in cards) + sum(
        m["value"] for m in said)
    return cards, said, total
