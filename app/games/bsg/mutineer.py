"""The Mutineer (Daybreak, DB-8): receiving the "You Are a Mutineer" card, the draw after the
Sleeper Agent phase that brings it out, the Prepare for Jump icon of the Mutineer's own turn,
and handing the card on when the Mutineer reveals as a Cylon. (The Mutineer's Mutiny limit of
2 is in mutiny.py.)"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.mutiny import MUTINEER, draw_mutiny, is_mutineer


def mutineer_card(uid: str) -> bool:
    return catalog.card(uid)["team"] == "mutineer"


def mutineer_of(g: Game) -> int | None:
    """The seat holding the Mutineer card face up (public), if any."""
    return next((s for s in g.seats_range() if is_mutineer(g, s)), None)


def received_face_down(g: Game, seat: int, uid: str, extra_draw: bool = True) -> None:
    """The card dealt or passed face down: a revealed Cylon keeps it hidden and passes it on
    (DB-13.10); anyone else reveals it at once and follows DB-8.2, the extra loyalty draw
    included unless it came from the draw after the Sleeper Agent phase (DB-8.3)."""
    if g.is_revealed(seat):
        push_cylon_pass(g, seat)
        return
    receive(g, seat, uid, extra_draw=extra_draw)


def receive(g: Game, seat: int, uid: str, extra_draw: bool) -> None:
    """DB-8.2: reveal the card; (face down only) draw another loyalty card; draw a Mutiny card;
    hand every title on to the next in its line who is not the Mutineer."""
    from app.games.bsg.loyalty import deal
    from app.games.bsg.titles import give_title, next_in_line

    data = g.seat(seat)
    if uid in data["loyalty"]:
        data["loyalty"].remove(uid)
    data["shown_loyalty"].append(uid)
    g.log(msg("bsg.mutineer.reveals", seat=seat, card=MUTINEER), "loyalty", seat=seat)
    if extra_draw:
        deal(g, seat, 1)
    draw_mutiny(g, seat, 1)
    for title in ("president", "admiral"):
        if g.state[title] == seat:
            give_title(g, title, next_in_line(g, title, excluding=seat))


def push_cylon_pass(g: Game, seat: int) -> None:
    """A revealed Cylon gives every loyalty card they were dealt, face down, to another player
    (DB-13.10): the existing hand-over step, once per seat at a time."""
    if not any(f["step"] == "give_loyalty" and f["seat"] == seat for f in g.state["flow"]):
        g.push({"step": "give_loyalty", "seat": seat})


def jump_icon(g: Game) -> list[dict[str, Any]]:
    """DB-8.4: the operations the Prepare for Jump icon of a Crisis card resolved in the current
    player's own Crisis step adds when that player is the Mutineer."""
    if not is_mutineer(g, g.current):
        return []
    return [{"draw_mutiny": {"who": "current", "count": 1}}]


# ---- the Mutineer reveals as a Cylon (DB-8.6) ------------------------------------------------

def on_reveal(g: Game, seat: int) -> None:
    if is_mutineer(g, seat):
        g.push({"step": "pass_mutineer", "seat": seat})


@step("pass_mutineer")
def _pass_mutineer(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    humans = [s for s in g.humans() if s != seat]
    if not humans or not is_mutineer(g, seat):
        g.pop(frame)
        return None
    return ask(seat, "pass_mutineer", msg("bsg.mutineer.pass"),
               [option(msg("bsg.loyalty.player", seat=s), type="give", seat=s) for s in humans],
               public=True)  # who is human and who holds the card are public


@answer("pass_mutineer")
def _pass_mutineer_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, target = frame["seat"], action["seat"]
    uid = next(u for u in g.seat(seat)["shown_loyalty"] if mutineer_card(u))
    g.seat(seat)["shown_loyalty"].remove(uid)
    g.log(msg("bsg.mutineer.passes", seat=seat, seat_target=target, card=MUTINEER), "loyalty")
    receive(g, target, uid, extra_draw=False)  # face up: no extra loyalty card (DB-8.6)


# ---- the draw after the Sleeper Agent phase (DB-8.3) -----------------------------------------

@step("mutineer_draw")
def _mutineer_draw(g: Game, frame: Frame) -> Prompt | None:
    """No one has revealed the Mutineer and loyalty cards are left: the current player picks a
    player who draws one more (anyone who receives loyalty cards; a revealed Cylon passes it
    on, DB-13.10)."""
    from app.games.bsg.daybreak_loyalty import receives_loyalty

    chosen = [s for s in g.seats_range() if receives_loyalty(g, s)]
    if mutineer_of(g) is not None or not g.deck("loyalty") or not chosen:
        g.pop(frame)
        return None
    return ask(g.current, "mutineer_draw", msg("bsg.mutineer.who_draws"),
               [option(msg("bsg.loyalty.player", seat=s), type="draw", seat=s) for s in chosen],
               public=True)


@answer("mutineer_draw")
def _mutineer_draw_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.loyalty import deal

    g.pop(frame)
    target = action["seat"]
    g.log(msg("bsg.mutineer.chooses_drawer", seat=g.current, seat_target=target), "loyalty")
    if g.is_revealed(target):
        push_cylon_pass(g, target)
    deal(g, target, 1, mutineer_extra=False)
