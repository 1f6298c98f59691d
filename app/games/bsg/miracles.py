"""Miracle tokens (Daybreak, DB-3.4 and DB-6): each player takes one after choosing a
character; a character's "once per game" ability becomes its Miracle ability, used by
discarding tokens instead of once per game; tokens come back from a supply of 10.

Only Daybreak games have tokens (seat field `miracles`, state field `miracle_supply`); a base
game keeps its once-per-game flag (`once_used`) and its state is what it always was. Tokens are
public: every view shows each player's count and the supply."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.who import who, who_one

SUPPLY = 10
"""Miracle tokens in the box (DB-1); when the supply is empty nobody can gain one (A-20)."""
LIMIT = 1
"""Tokens a player may hold (DB-6.3); a character sheet may raise it (the alternate Baltar)."""
COST = 1
"""Tokens a Miracle ability costs (DB-6.2); a character sheet may raise it."""
ONCE = "once_per_game"
"""The key of a character's Miracle ability: its ability that begins "once per game" (DB-6.1)."""


def in_game(g: Game) -> bool:
    return g.has("daybreak")


def add_zone(state: dict[str, Any]) -> None:
    """A Daybreak game's token zones: none on any sheet yet, all 10 in the supply."""
    state["miracle_supply"] = SUPPLY
    for seat in state["seats"]:
        seat["miracles"] = 0


def _sheet(g: Game, seat: int) -> dict[str, Any]:
    character = g.seat_as_is(seat)["character"]
    return catalog.CHARACTERS[character].get("miracle_tokens", {}) if character else {}


def limit(g: Game, seat: int) -> int:
    return int(_sheet(g, seat).get("limit", LIMIT))


def cost(g: Game, seat: int) -> int:
    return int(_sheet(g, seat).get("cost", COST))


def tokens(g: Game, seat: int) -> int:
    return int(g.seat_as_is(seat).get("miracles", 0))


def can_gain(g: Game, seat: int) -> bool:
    """A player may gain a token while below their limit (DB-6.3, DB-6.8); a revealed Cylon
    never gains one (DB-6.5), but a Cylon Leader may, Infiltrating or not (rulebook p. 5)."""
    data = g.seat_as_is(seat)  # only read
    return (in_game(g) and data["character"] is not None
            and (not data["revealed"] or bool(data.get("leader")))
            and tokens(g, seat) < limit(g, seat))


def gain(g: Game, seat: int) -> bool:
    """`seat` takes one token from the supply, if they may and one is left."""
    if not can_gain(g, seat) or g.state["miracle_supply"] <= 0:
        return False
    g.state["miracle_supply"] -= 1
    g.seat(seat)["miracles"] += 1
    g.log(msg("bsg.miracles.gains", seat=seat, n=tokens(g, seat)), "miracle", seat=seat)
    return True


def give_starting_tokens(g: Game) -> None:
    """DB-3.4: after choosing characters, every player puts 1 token on their sheet."""
    if not in_game(g):
        return
    for seat in g.seats_range():
        g.seat(seat)["miracles"] += 1
        g.state["miracle_supply"] -= 1
    g.log(msg("bsg.miracles.setup", n=g.state["miracle_supply"]), "miracle")


def discard(g: Game, seat: int, count: int) -> None:
    """`seat` puts `count` of their tokens back in the supply."""
    count = min(count, tokens(g, seat))
    if count <= 0:
        return
    g.seat(seat)["miracles"] -= count
    g.state["miracle_supply"] += count
    g.log(msg("bsg.miracles.discards", seat=seat, n=count), "miracle", seat=seat)


def discard_on_reveal(g: Game, seat: int) -> None:
    """DB-6.5 / DB-13.8: revealing as a Cylon discards every Miracle token."""
    if in_game(g):
        discard(g, seat, tokens(g, seat))


# ---- the Miracle ability (in a base game: the once-per-game ability) -----------------------

def once_available(g: Game, seat: int) -> bool:
    """Whether `seat` may use their once-per-game ability now: in a base game until used; in
    a Daybreak game whenever they hold its cost in tokens (DB-6.2)."""
    if in_game(g):
        return tokens(g, seat) >= cost(g, seat)
    return not g.seat_as_is(seat)["once_used"]  # only read: asked at every Action step


def spend_once(g: Game, seat: int) -> None:
    """`seat` uses their once-per-game ability: marked used, or its tokens discarded."""
    if in_game(g):
        discard(g, seat, cost(g, seat))
    else:
        g.seat(seat)["once_used"] = True


@op("gain_miracle")
def _gain_miracle(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Each player meant by `who` who may hold another token gains one (DB-6.4: a player who
    already has one gains none)."""
    for seat in who(g, p["who"], {**ctx, "crisis": False}):
        gain(g, seat)


# ---- handing tokens over (the alternate Baltar's Cult Leader) ------------------------------

def trades(g: Game, seat: int) -> list[tuple[str, int]]:
    """("give" | "take", other seat) that `seat` may do with a player in their location: give
    one of their tokens to a player who may hold another, or take a player's token while they
    may hold another themselves."""
    here = g.seat_as_is(seat)["location"]
    found: list[tuple[str, int]] = []
    if here is None or not in_game(g):
        return found
    for other in g.seats_range():
        data = g.seat_as_is(other)
        if other == seat or data["character"] is None or data["location"] != here:
            continue
        if tokens(g, seat) >= 1 and can_gain(g, other):
            found.append(("give", other))
        if tokens(g, other) >= 1 and can_gain(g, seat):
            found.append(("take", other))
    return found


TRADE_LABELS = {"give": "bsg.miracles.give", "take": "bsg.miracles.take"}


@condition("can_trade_miracle")
def _can_trade_miracle(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and bool(trades(g, seat))


@op("trade_miracle")
def _trade_miracle(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and trades(g, seat):
        g.push({"step": "trade_miracle", "seat": seat})


@step("trade_miracle")
def _trade_miracle_run(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    return ask(seat, "trade_miracle", msg("bsg.miracles.trade"),
               [option(msg(TRADE_LABELS[kind], seat=other), type=kind, seat=other)
                for kind, other in trades(g, seat)],
               public=True)  # tokens and places are public


@answer("trade_miracle")
def _trade_miracle_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, other = frame["seat"], action["seat"]
    giver, taker = (seat, other) if action["type"] == "give" else (other, seat)
    g.seat(giver)["miracles"] -= 1
    g.seat(taker)["miracles"] += 1
    g.log(msg("bsg.miracles.hands_over", seat=giver, seat_target=taker), "miracle")
