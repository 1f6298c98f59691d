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


def _changed(kind: str, printed: int, now: tuple[int, bool], mod: dict[str, Any]
             ) -> tuple[int, bool]:
    """How a card of this type and printed strength counts after `mod`, from how it counts
    `now` (strength, plus or not)."""
    if kind == catalog.TREACHERY:  # always counts negative (DB-10.8)
        return now
    if "zero" in mod:
        return (0, now[1]) if kind == mod["zero"] else now
    rule = mod["positive"]
    if kind in (rule.get("types") or []) or printed == rule.get("strength"):
        return now[0], True
    return now


def count(pool: list[str], skills: list[str], modifiers: list[dict[str, Any]]
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """(cards as they count before any modifier, [{"msg", "value"}] for each modifier, total)."""
    said, total = modifiers_counted(pool, skills, modifiers)
    return [base_card(uid, skills) for uid in pool], said, total


def modifiers_counted(pool: list[str], skills: list[str], modifiers: list[dict[str, Any]]
                      ) -> tuple[list[dict[str, Any]], int]:
    """`count` without the cards: [{"msg", "value"}] for each modifier, and the total. Each
    card as (type, printed strength), how it counts as (strength, plus or not): a skill
    check's facts ask this at every contribution once a modifier is in play, and the cards'
    dicts cost most of it."""
    kinds = [catalog.skill_type(uid) for uid in pool]
    printed = [catalog.strength(uid) for uid in pool]
    now = [(strength, kind in skills and kind != catalog.TREACHERY)
           for kind, strength in zip(kinds, printed, strict=True)]
    total = 0
    for strength, positive in now:
        total += strength if positive else -strength
    said: list[dict[str, Any]] = []
    for mod in modifiers:
        if "bonus" in mod:
            said.append({"msg": said_modifier(mod), "value": mod["bonus"]})
            total += mod["bonus"]
            continue
        after = [_changed(kind, strength, was, mod)
                 for kind, strength, was in zip(kinds, printed, now, strict=True)]
        value = 0
        for a, b in zip(after, now, strict=True):
            value += _value(*a) - _value(*b)
        said.append({"msg": said_modifier(mod), "value": value})
        total += value
        now = after
    return said, total
