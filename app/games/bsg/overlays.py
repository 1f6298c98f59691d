"""Daybreak's two location overlays (DB-3.1, DB-12): which locations a game has, the base
location each overlay location covers, turning an overlay to its destroyed side, and the
operations only overlay locations use (Resurrection Ship, Press Room, Administration).

An overlay location is card data (`cards/daybreak/locations.yaml`) with `replaces: <base id>`;
in a game with its set the base location is off the board and every rule that names the base
location (`resurrection_ship`, `administration`, a start location) means the overlay one.
`state["flipped"]` (Daybreak games only) lists the overlay sides turned so far.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.search_for_home import SEARCH_FOR_HOME, playing, ship_in_play
from app.games.bsg.who import who, who_one

HUB_DESTROYED = "hub_destroyed"
COLONIAL_ONE_DESTROYED = "colonial_one_destroyed"
ACCEPT_PROPHECY = "accept_prophecy"


def flipped(state: dict[str, Any], side: str) -> bool:
    return side in state.get("flipped", ())


def _face_up(state: dict[str, Any], loc: dict[str, Any]) -> bool:
    if loc.get("shown_when") and not flipped(state, loc["shown_when"]):
        return False
    return not (loc.get("hidden_when") and flipped(state, loc["hidden_when"]))


def board_locations(state: dict[str, Any]) -> list[str]:
    """The locations on this game's board now, in data order (Search for Home's ships only
    while they are in play)."""
    # only read: not copied under an action (changing.py)
    options = dict.__getitem__(state, "options")
    return list(_board(options.get("expansion", "none"), playing(state),
                       dict.get(state, "rebel_basestar") is not None,
                       tuple(dict.get(state, "flipped", ()))))


@lru_cache(maxsize=256)
def _board(expansion: str, search_for_home: bool, rebel_basestar: bool,
           sides: tuple[str, ...]) -> tuple[str, ...]:
    """The board from all it depends on: asked several times an action, it changes a few
    times a game."""
    state = {"options": {"expansion": expansion, SEARCH_FOR_HOME: search_for_home},
             "rebel_basestar": True if rebel_basestar else None, "flipped": list(sides)}
    sets = catalog.sets_of(state["options"])
    present = {lid: loc for lid, loc in catalog.LOCATIONS.items()
               if loc["set"] in sets and ship_in_play(state, loc["ship"])}
    covered = {loc["replaces"] for loc in present.values() if loc.get("replaces")}
    return tuple(lid for lid, loc in present.items()
                 if lid not in covered and _face_up(state, loc))


def base_of(location: str) -> str:
    """The base location an overlay location covers (itself for any other)."""
    return catalog.LOCATIONS[location].get("replaces") or location


def game_location(state: dict[str, Any], location: str | None) -> str | None:
    """The location on this game's board that a rule naming `location` means: itself, or the
    overlay location covering it (the Resurrection Ship: Hub Destroyed once flipped, DB-12.2);
    None when it is gone (Colonial One destroyed)."""
    if location is None:
        return None
    on_board = board_locations(state)
    if location in on_board:
        return location
    wanted = base_of(location)
    return next((lid for lid in on_board if base_of(lid) == wanted), None)


def setup_state(state: dict[str, Any]) -> None:
    """DB-3.1: both overlays lie face up (their destroyed sides down)."""
    state["flipped"] = []


# ---- flipping (DB-12.2, DB-12.4) -----------------------------------------------------------

@op("flip_overlay")
def _flip_overlay(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    flip(g, p["side"])


def flip(g: Game, side: str) -> None:
    """Turn an overlay to its destroyed side. Hub Destroyed: whoever stood on the Resurrection
    Ship now stands on Hub Destroyed. Colonial One Destroyed: everyone on Colonial One goes to
    Sickbay, and its locations are gone."""
    from app.games.bsg.places import place

    if "flipped" not in g.state or flipped(g.state, side):
        return
    before = {s: g.seat(s)["location"] for s in g.seats_range()}
    g.state["flipped"].append(side)
    g.log(msg("bsg.overlay.flipped", side=side), "board")
    for seat, location in before.items():
        if location is None or location in board_locations(g.state):
            continue
        moved_to = game_location(g.state, location)
        if moved_to is not None:  # Resurrection Ship -> Hub Destroyed
            g.seat(seat)["location"] = moved_to
            g.log(msg("bsg.places.now_in", seat=seat, location=moved_to), "move", seat=seat,
                  location=moved_to)
        else:
            g.seat(seat)["location"] = None  # off the board for a moment: Sickbay takes them
            place(g, seat, "sickbay")


# ---- Resurrection Ship / Hub Destroyed -----------------------------------------------------

@op("draw_super_crisis")
def _draw_super_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    uid = g.draw_from("super_crisis")
    if uid is None:
        return
    g.seat(seat)["super_crises"].append(uid)
    g.log_private(seat, msg("bsg.crisis.you_drew_super_crisis", card=catalog.card(uid)["id"]),
                  msg("bsg.crisis.drew_super_crisis", seat=seat), "super_crisis")


# ---- Press Room ----------------------------------------------------------------------------

@op("draw_mutiny_spared")
def _draw_mutiny_spared(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    from app.games.bsg.mutiny import draw_mutiny

    for seat in who(g, p["who"], ctx):
        # the trim comes once the card is drawn (a draw may wait on Necessary Steps)
        g.push({"step": "mutiny_trim", "seat": seat, "keep": p["keep"]})
        draw_mutiny(g, seat, 1, brig=False)


@step("mutiny_trim")
def _mutiny_trim(g: Game, frame: Frame) -> Prompt | None:
    held = g.seat(frame["seat"])["mutiny"]
    if len(held) <= frame["keep"]:
        g.pop(frame)
        return None
    # how many are held is public, so being asked is too
    return ask(frame["seat"], "mutiny_trim", msg("bsg.overlay.mutiny_keep", n=frame["keep"]),
               [option(msg("bsg.overlay.mutiny_discard", card=catalog.card(u)["id"]),
                       type="discard", card=catalog.card(u)["id"]) for u in held])


@answer("mutiny_trim")
def _mutiny_trim_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    _discard_mutiny_by_id(g, frame["seat"], action["card"])


def _discard_mutiny_by_id(g: Game, seat: int, card_id: str) -> None:
    from app.games.bsg.mutiny import discard

    held = g.seat(seat)["mutiny"]
    discard(g, seat, next(u for u in held if catalog.card(u)["id"] == card_id))


@op("discard_mutiny")
def _discard_mutiny(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        if g.seat(seat).get("mutiny"):
            g.push({"step": "discard_mutiny", "seat": seat, "optional": bool(p.get("optional"))})


@step("discard_mutiny")
def _discard_mutiny_step(g: Game, frame: Frame) -> Prompt | None:
    held = g.seat(frame["seat"])["mutiny"]
    if not held:
        g.pop(frame)
        return None
    options = [option(msg("bsg.overlay.mutiny_discard", card=catalog.card(u)["id"]),
                      type="discard", card=catalog.card(u)["id"]) for u in held]
    if frame["optional"]:
        options.append(option(msg("bsg.overlay.mutiny_keep_all"), type="keep"))
    return ask(frame["seat"], "discard_mutiny", msg("bsg.overlay.mutiny_may_discard"), options)


@answer("discard_mutiny")
def _discard_mutiny_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["type"] == "discard":
        _discard_mutiny_by_id(g, frame["seat"], action["card"])


# ---- Administration ------------------------------------------------------------------------

@op("unseat_mutinous_president")
def _unseat_mutinous_president(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    president = g.state["president"]
    chooser = who_one(g, p["who"], ctx)
    if president is None or chooser is None or not g.seat(president).get("mutiny"):
        return
    g.push({"step": "unseat_president", "seat": chooser, "stage": "choose"})


@step("unseat_president")
def _unseat_president(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "choose":
        # "a player": anyone not a Cylon player, the President included (who then keeps it)
        return ask(frame["seat"], "unseat_president", msg("bsg.overlay.new_president"),
                   [option(msg("bsg.overlay.player", seat=s), type="seat", seat=s)
                    for s in g.humans()], public=True)
    return ask(g.state["president"], "unseat_president",
               msg("bsg.overlay.keep_with_prophecy"),
               [option(msg("bsg.overlay.discard_prophecy"), type="keep"),
                option(msg("bsg.overlay.let_title_go"), type="give")], public=True)


@answer("unseat_president")
def _unseat_president_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import discard_kept, give_title

    if frame["stage"] == "choose":
        frame["to"] = action["seat"]
        if action["seat"] != g.state["president"] and _prophecy(g) is not None:
            frame["stage"] = "prophecy"
            return
        g.pop(frame)
        give_title(g, "president", action["seat"])
        return
    g.pop(frame)
    entry = _prophecy(g)
    if action["type"] == "keep" and entry is not None:
        discard_kept(g, entry)
        g.log(msg("bsg.overlay.president_keeps", seat=g.state["president"]), "title")
        return
    give_title(g, "president", frame["to"])


def _prophecy(g: Game) -> dict[str, Any] | None:
    return next((e for e in g.state["in_play"]
                 if catalog.card(e["uid"])["id"] == ACCEPT_PROPHECY), None)
