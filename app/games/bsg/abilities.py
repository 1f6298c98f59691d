"""Character abilities at their moments: the engine calls `fire` (abilities that simply
happen) and `offer` (abilities their owner may use, asked as a yes/no prompt) at each timing
of the card data. Whether an owner is asked depends only on public facts: the character
sheet, whether a once-per-game power is spent, and the situation on the board."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import holds
from app.games.bsg.effects import automated, op, push_effects
from app.games.bsg.flow import Frame, answer, ask, irreversible, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import sheet_in_force
from app.games.bsg.miracles import ONCE, cost, in_game, once_available, spend_once
from app.games.bsg.words import said

KEYS = ("ability", "once_per_game", "weakness")


def character_abilities(
    g: Game, timing: str, seats: list[int], ctx: dict[str, Any] | None = None
) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(seat, key, ability) for every usable character ability with this timing."""
    everyone = g.seats_as_are()  # only read (asked at many moments of every action)
    for seat in seats:
        data = everyone[seat]
        character = data["character"]
        if character is None:
            continue
        timed = _TIMED[character].get(timing)
        if not timed or not sheet_in_force(g, seat):
            continue
        for key, ability in timed:
            if key == ONCE and not once_available(g, seat):
                continue
            if ability.get("limit") == "once_per_turn" and key in data.get("used_this_turn", []):
                continue
            conditions = ability.get("conditions")  # (most have none: no context made then)
            if conditions and not holds(g, conditions, {**(ctx or {}), "self": seat}):
                continue
            if not automated(ability["effects"]):
                continue
            yield seat, key, ability


def _by_timing(sheet: dict[str, Any]) -> dict[str, tuple[tuple[str, dict[str, Any]], ...]]:
    """A sheet's abilities by timing, each timing's in the order of KEYS."""
    found: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {}
    for key in KEYS:
        ability = sheet.get(key)
        if ability and ability.get("timing") is not None:
            found[ability["timing"]] = (*found.get(ability["timing"], ()), (key, ability))
    return found


_TIMED = {cid: _by_timing(sheet) for cid, sheet in catalog.CHARACTERS.items()}
"""Each sheet's abilities by timing, made once: asked at every moment of the game for every
seat (most sheets have nothing then), one lookup each."""


def mark_used(g: Game, seat: int, key: str, ability: dict[str, Any]) -> None:
    if key == ONCE:
        spend_once(g, seat)
    if ability.get("limit") == "once_per_turn":  # else the seat is not changed: not copied
        g.seat(seat).setdefault("used_this_turn", []).append(key)


def fire(g: Game, timing: str, seats: list[int], ctx: dict[str, Any] | None = None) -> None:
    """Abilities of this timing that are not optional happen now, in seat order."""
    found = [(s, k, a) for s, k, a in character_abilities(g, timing, seats, ctx)
             if not a.get("optional")]
    for seat, key, ability in reversed(found):
        g.log(msg("bsg.abilities.fires", seat=seat, ability=said(ability)), "ability", seat=seat)
        mark_used(g, seat, key, ability)
        push_effects(g, ability["effects"], {**(ctx or {}), "self": seat,
                                             "title": said(ability)})


def offer(g: Game, timing: str, seats: list[int], ctx: dict[str, Any] | None = None) -> None:
    """Ask the owner of each optional ability of this timing whether to use it."""
    found = [(s, k) for s, k, a in character_abilities(g, timing, seats, ctx)
             if a.get("optional")]
    for seat, key in reversed(found):
        g.push({"step": "use_ability", "seat": seat, "key": key, "ctx": dict(ctx or {})})


@step("use_ability")
def _use_ability(g: Game, frame: Frame) -> Prompt | None:
    ability = g.character(frame["seat"])[frame["key"]]
    once = frame["key"] == ONCE
    use = option(msg("bsg.abilities.use", ability=said(ability)), type="use")
    if once and in_game(g):  # a Miracle ability: it costs tokens, not the once per game
        text = msg("bsg.miracles.ask", ability=said(ability), text=said(ability, "text"),
                   n=cost(g, frame["seat"]))
    else:
        text = msg("bsg.abilities.ask", ability=said(ability), text=said(ability, "text"),
                   once=once)
    return ask(frame["seat"], "ability", text,
               [irreversible(use) if once else use, option(msg("bsg.abilities.skip"), type="skip")])


@answer("use_ability")
def _use_ability_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["type"] == "skip":
        return
    seat, key = frame["seat"], frame["key"]
    ability = g.character(seat)[key]
    g.log(msg("bsg.abilities.used", seat=seat, ability=said(ability)), "ability", seat=seat)
    mark_used(g, seat, key, ability)
    push_effects(g, ability["effects"], {**frame["ctx"], "self": seat, "title": said(ability)})


@op("set_action_count")
def _set_action_count(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for frame in reversed(g.state["flow"]):
        if frame["step"] == "turn" and frame["seat"] == ctx.get("self"):
            frame["actions"] = p["count"]
            return
