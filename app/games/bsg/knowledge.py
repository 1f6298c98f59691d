"""What each seat privately knows: the loyalty cards it has seen and whose they were, the cards
it has looked at (the top of a deck, the cards it sent under one, a civilian ship), the hand it
looked through. Each thing is noted for that seat alone when it learns it, with the turn; its
view shows them (`you.knowledge`), nobody else's does, until the game ends.

A note keeps what the seat saw then: cards move on after, and the turn tells when it was true.
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, msg
from app.games.bsg import catalog
from app.games.bsg.facts import cards
from app.games.bsg.game import Game

Note = dict[str, Any]


def _note(g: Game, holder: int, kind: str, uids: list[str], /, **data: Any) -> None:
    """Note for `holder` what it saw now (`data["seat"]`: whose cards they were)."""
    if not uids:
        return
    note = {"kind": kind, "turn": g.state["turn"], "cards": [catalog.card(u)["id"] for u in uids],
            **data}
    g.seat(holder).setdefault("knowledge", []).append(note)


def saw_loyalty(g: Game, seat: int, owner: int, uids: list[str], every: bool) -> None:
    """`seat` looked at `owner`'s loyalty cards (`every`: all of them)."""
    _note(g, seat, "loyalty", uids, seat=owner, all=every)


def gave_loyalty(g: Game, seat: int, to: int, uids: list[str]) -> None:
    """`seat` gave its loyalty cards to `to`, who holds them now."""
    _note(g, seat, "gave_loyalty", uids, seat=to)


def saw_hand(g: Game, seat: int, owner: int, uids: list[str]) -> None:
    """`seat` looked through `owner`'s hand of skill cards."""
    _note(g, seat, "hand", uids, seat=owner)


def placed_in_deck(g: Game, seat: int, deck: str, uids: list[str], where: str) -> None:
    """`seat` saw these cards go on the top or to the bottom of a deck."""
    _note(g, seat, "deck", uids, deck=deck, where=where)


def saw_civilian(g: Game, seat: int, uid: str, area: str) -> None:
    """`seat` looked at the civilian ship in `area`."""
    _note(g, seat, "civilian", [uid], area=area)


def moved_civilian(g: Game, seat: int, area: str) -> None:
    """The civilian ship `seat` last looked at was moved to `area` (by `seat`, in plain view)."""
    notes = g.seat(seat).get("knowledge") or []
    if notes and notes[-1]["kind"] == "civilian":
        notes[-1]["area"] = area


def shown(note: Note) -> dict[str, Any]:
    """A note as the view shows it: its data, the cards by id and kind, and what it says."""
    out = {**note, "cards": cards(*note["cards"]), "msg": said(note)}
    return out


def said(note: Note) -> Msg:
    kind, turn, ids = note["kind"], note["turn"], note["cards"]
    if kind == "loyalty":
        return msg("bsg.knowledge.loyalty", turn=turn, seat=note["seat"], card=ids,
                   n=len(ids), every=note["all"])
    if kind == "gave_loyalty":
        return msg("bsg.knowledge.gave_loyalty", turn=turn, seat=note["seat"], card=ids)
    if kind == "hand":
        return msg("bsg.knowledge.hand", turn=turn, seat=note["seat"], card=ids)
    if kind == "deck":
        return msg("bsg.knowledge.deck", turn=turn, deck=note["deck"], where=note["where"],
                   card=ids)
    return msg("bsg.knowledge.civilian", turn=turn, area=note["area"], card=ids)


def notes_of(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [shown(n) for n in state["seats"][seat].get("knowledge") or []]
