"""A Cylon Leader's Motive cards (DB-9.2): dealt 2 at setup and 2 at the Sleeper Agent Phase,
revealed when their condition holds (DB-9.6), and at the game's end they decide whether the
Leader wins with the winning side (DB-9.7).

Zones: `decks["motive"]` (only with a Leader), the Leader's hidden `seat["motives"]` and
public `seat["motives_revealed"]`."""

from __future__ import annotations

from typing import Any, Final

from app.core import Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.actions import action_kind
from app.games.bsg.conditions import condition, holds
from app.games.bsg.flow import Frame, answer, ask, irreversible, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import plain_once
from app.games.bsg.leaders import is_leader, leader_seats
from app.games.bsg.who import who_one

DEALT: Final = 2  # Motives dealt at setup, and again at the Sleeper Agent Phase (DB-9.2)
NOT_DURING_CRISES: Final = "motive.not_during_crises"
"""The standing choice that answers "not now" to the Crisis-time question for the Leader."""
SIDE_OF_WINNER: Final = {"humans": "human", "cylons": "cylon"}


def deal_motives(g: Game, seat: int, count: int = DEALT) -> None:
    """`seat` (a Leader) is dealt Motives face down; others learn only how many."""
    dealt = [g.deck("motive").pop() for _ in range(min(count, len(g.deck("motive"))))]
    if not dealt:
        return
    g.seat(seat)["motives"].extend(dealt)
    g.log_private(seat, msg("bsg.leaders.you_got_motives",
                            card=[catalog.card(u)["id"] for u in dealt]),
                  msg("bsg.leaders.got_motives", seat=seat, n=len(dealt)), "motive")


def deal_setup_motives(g: Game) -> None:
    """DB-5.3: the Leader is dealt 2 Motives at setup."""
    for seat in leader_seats(g):
        deal_motives(g, seat)


def revealable(g: Game, seat: int, at_end: bool = False) -> list[str]:
    """The Motives `seat` may reveal now: those whose condition holds at this moment (DB-9.6);
    a "game over" one only once the game is over."""
    if not is_leader(g, seat):
        return []
    return [u for u in g.seat_as_is(seat)["motives"]
            if (at_end or catalog.card(u)["when"] == "any_time")
            and holds(g, catalog.card(u)["conditions"], {"self": seat})]


def reveal(g: Game, seat: int, uid: str) -> None:
    data = g.seat(seat)
    data["motives"].remove(uid)
    data["motives_revealed"].append(uid)
    card = catalog.card(uid)
    g.log(msg("bsg.leaders.revealed_motive", seat=seat, card=card["id"], side=card["side"]),
          "motive", seat=seat, card=card["id"])


def reveal_options(g: Game, seat: int) -> list[Option]:
    """The Motives `seat` may reveal now, as options of a question `seat` is asked anyway (so
    that whether a Leader is asked never tells anything about their Motives)."""
    return [irreversible(option(msg("bsg.leaders.reveal_motive", card=catalog.card(u)["id"]),
                                type="motive", uid=u)) for u in revealable(g, seat)]


@action_kind("motive", reveal_options)
def _do_reveal(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    frame["left"] += 1  # revealing a Motive is no action of its own (DB-9.6)
    reveal(g, seat, action["uid"])


# ---- revealing while a Crisis is resolved (DB-9.6) ------------------------------------------

def push_crisis_reveals(g: Game) -> None:
    """DB-9.6: a Leader may reveal a Motive while a Crisis is resolved. Once the Crisis card's
    own effects are done, every Leader holding an unrevealed Motive is asked, whatever those
    Motives are: asking only when one could be revealed would tell the table that a Motive of
    theirs has a condition that holds now."""
    for seat in reversed([s for s in g.clockwise_from(g.current)
                          if is_leader(g, s) and g.seat_as_is(s)["motives"]]):
        g.push({"step": "motive_during_crisis", "seat": seat})


@step("motive_during_crisis")
def _motive_during_crisis(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if not g.seat_as_is(seat)["motives"]:
        g.pop(frame)
        return None
    waiting = option(plain_once("bsg.leaders.not_now"), type="pass")
    waiting["standing"] = [NOT_DURING_CRISES]
    return ask(seat, "motive", msg("bsg.leaders.reveal_during_crisis"),
               reveal_options(g, seat) + [waiting])


@answer("motive_during_crisis")
def _motive_during_crisis_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "motive":
        reveal(g, frame["seat"], action["uid"])  # asked again: another may be revealed too
    else:
        g.pop(frame)


def standing_choices() -> list[dict[str, Any]]:
    return [{"key": NOT_DURING_CRISES, "msg": msg("bsg.standing.motive_not_during_crises")}]


def leader_wins(g: Game, seat: int, winner: str) -> bool:
    """DB-9.7: at most one Motive left unrevealed, and at least two revealed ones show the
    winning side."""
    data = g.seat(seat)
    side = SIDE_OF_WINNER[winner]
    showing = sum(1 for u in data["motives_revealed"] if catalog.card(u)["side"] == side)
    return len(data["motives"]) <= 1 and showing >= 2


def settle_leaders(g: Game, winner: str) -> list[dict[str, Any]]:
    """At the game's end, after every other end effect (DB-9.9): each Leader reveals every
    Motive whose condition holds now (revealing can only help a Leader, so nobody is asked),
    then wins or loses by DB-9.7."""
    settled = []
    for seat in leader_seats(g):
        for uid in revealable(g, seat, at_end=True):
            reveal(g, seat, uid)
        won = leader_wins(g, seat, winner)
        g.log(msg("bsg.leaders.leader_won" if won else "bsg.leaders.leader_lost", seat=seat),
              "end", seat=seat)
        settled.append({"seat": seat, "won": won})
    return settled


# ---- the Motives' conditions (cards/daybreak/motives.yaml) ----------------------------------

@condition("resource_at_least")
def _resource_at_least(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(g.state["resources"][p["resource"]] >= p["value"])


@condition("resource_at_most")
def _resource_at_most(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(g.state["resources"][p["resource"]] <= p["value"])


@condition("distance_at_least")
def _distance_at_least(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(g.state["distance"] >= p["value"])


@condition("location_is_damaged")
def _location_is_damaged(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    from app.games.bsg.overlays import base_of
    from app.games.bsg.space import damaged_locations

    damaged = {base_of(loc) for loc in damaged_locations(g)}
    return any(base_of(loc) in damaged for loc in p["locations"])


@condition("holds_skill_type")
def _holds_skill_type(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return False
    held = sum(1 for u in g.seat(seat)["hand"] if catalog.skill_type(u) == p["type"])
    return held >= p["count"]


@condition("holds_mutiny")
def _holds_mutiny(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and bool(g.seat_as_is(seat).get("mutiny"))


@condition("other_in_brig")
def _other_in_brig(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    from app.games.bsg.conditions import in_place

    seat = who_one(g, p["who"], ctx)
    return any(in_place(g, s, "brig") for s in g.seats_range() if s != seat)


@condition("no_cylon_ships")
def _no_cylon_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return all(not a["raider"] and not a["heavy_raider"] and not a["basestars"]
               for a in g.state["space"].values())


@condition("no_centurions")
def _no_centurions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return not g.state["centurions"]


@condition("vipers_lost_at_least")
def _vipers_lost_at_least(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    destroyed = g.state["destroyed"]
    lost = g.state["damaged_vipers"] + destroyed["viper"] + destroyed.get("assault_raptor", 0)
    return bool(lost >= p["count"])
