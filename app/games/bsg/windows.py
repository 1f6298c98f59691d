"""Reaction windows: moments where players may play a skill card out of turn (before a die
roll, when a viper is attacked, before cards go into a skill check, after its total).

Waiting must not leak what anyone holds: at a window every seat that could react by public
information (holding any skill card, not a revealed Cylon) is asked the same way, whether it
holds a playable card or not; a seat with none sees only "pass". Each player may choose, in
secret, to always pass on a kind of window; that standing choice applies whatever the hand.
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import holds
from app.games.bsg.effects import automated, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import distinct_cards, said_card, take_from_hand
from app.games.bsg.words import said

WINDOW_NAMES = {
    "before_die_roll": "bsg.windows.when.before_die_roll",
    "after_viper_attacked": "bsg.windows.when.after_viper_attacked",
    "before_check_cards": "bsg.windows.when.before_check_cards",
    "after_check_total": "bsg.windows.when.after_check_total",
}
"""The moment of each kind of window, as a standing "always pass" names it (message keys)."""


def push_window(g: Game, timing: str, text: Msg, ctx: dict[str, Any] | None = None
                ) -> None:
    """A window at `timing`; `text` says what is about to happen (the prompt's first words)."""
    g.push({"step": "window", "timing": timing, "text": text, "i": 0, "played": [],
            "order": g.clockwise_from(g.current), "ctx": dict(ctx or {})})


def _may_be_asked(g: Game, seat: int, timing: str) -> bool:
    data = g.seat(seat)
    return bool(data["hand"]) and not data["revealed"] and timing not in data.get("autopass", [])


def playable(g: Game, seat: int, frame: Frame) -> list[str]:
    found = []
    for uid in distinct_cards(g.seat(seat)["hand"]):
        ability = catalog.card(uid)["ability"]
        if ability.get("timing") != frame["timing"] or not automated(ability["effects"]):
            continue
        if ability.get("limit") in ("once_per_roll", "once_per_check") and any(
                catalog.card(u)["name"] == catalog.card(uid)["name"] for u in frame["played"]):
            continue
        if holds(g, ability.get("conditions"), {**frame["ctx"], "self": seat}):
            found.append(uid)
    return found


@step("window")
def _window(g: Game, frame: Frame) -> Prompt | None:
    from app.games.bsg.dice import roll_pending

    if frame["ctx"].get("after_roll") and not roll_pending(g):
        frame["i"] = len(frame["order"])  # the die was already rolled again
    while frame["i"] < len(frame["order"]):
        seat = frame["order"][frame["i"]]
        if not _may_be_asked(g, seat, frame["timing"]):
            frame["i"] += 1
            continue
        when = msg(WINDOW_NAMES[frame["timing"]])
        options: list[Option] = [
            option(msg("bsg.windows.play", card=said_card(u), text=said(catalog.card(u), "text")),
                   type="play", card=catalog.card(u)["id"]) for u in playable(g, seat, frame)]
        options.append(option(msg("bsg.windows.pass"), type="pass"))
        options.append(option(msg("bsg.windows.autopass", when=when), type="autopass"))
        return ask(seat, "window", msg("bsg.windows.ask", text=frame["text"]), options)
    g.pop(frame)
    return None


@answer("window")
def _window_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["order"][frame["i"]]
    frame["i"] += 1
    if action["type"] == "autopass":
        g.seat(seat).setdefault("autopass", []).append(frame["timing"])
        return
    if action["type"] == "pass":
        return
    uid = take_from_hand(g, seat, action["card"])
    g.discard_card(uid)
    frame["played"].append(uid)
    card = catalog.card(uid)
    g.log(msg("bsg.windows.played", seat=seat, card=said_card(uid)), "play", card=card["id"],
          seat=seat)
    push_effects(g, card["ability"]["effects"], {**frame["ctx"], "self": seat,
                                                 "title": said(card)})


def autopass_options(g: Game, seat: int) -> list[Option]:
    """Free choices at the Action step: take back a standing "always pass"."""
    return [option(msg("bsg.windows.autopass_off", when=msg(WINDOW_NAMES[t])),
                   type="autopass_off", timing=t) for t in g.seat(seat).get("autopass", [])]
