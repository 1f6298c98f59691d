"""Attacking players and bases, destroying bases, outposts and who may be targeted (SR-6.7,
SR-6.8), and the end of the game at 0 Authority (SR-3.4, SR-9.1)."""

from __future__ import annotations

from app.core import msg
from app.games.star_realms.carddata import CARD_OF_UID, card_id, card_of
from app.games.star_realms.formats import opponents
from app.games.star_realms.game import Game
from app.games.star_realms.options import said


def outposts(g: Game, seat: int) -> list[str]:
    return [b for b in g.seat(seat)["bases"] if OUTPOST[b]]


OUTPOST = {uid: c["outpost"] for uid, c in CARD_OF_UID.items()}


def base_targets(g: Game, seat: int) -> list[tuple[int, str]]:
    """(owner, base) pairs `seat` may attack or target: an opponent with an outpost in play
    shields their other bases until every outpost of theirs is destroyed (SR-6.8.1)."""
    out = []
    for other in opponents(g.state, seat):
        guards = outposts(g, other)
        out += [(other, b) for b in (guards or g.seat(other)["bases"])]
    return out


def player_targets(g: Game, seat: int) -> list[int]:
    """Opponents `seat` may attack: those with no outpost in play (SR-6.8.1)."""
    return [other for other in opponents(g.state, seat) if not outposts(g, other)]


def destroy_base(g: Game, seat: int, owner: int, uid: str) -> None:
    """A destroyed base goes to its owner's discard pile (SR-6.7.1)."""
    data = g.seat(owner)
    data["bases"].remove(uid)
    g.state["copies"].pop(uid, None)
    data["discard"].append(uid)
    g.say(said("star_realms.ev.destroyed", seat=seat, seat_owner=owner, srcard=card_id(uid)),
          "destroy")


def attack_base(g: Game, seat: int, owner: int, uid: str) -> None:
    """Spend combat equal to the base's whole defense in one go (SR-6.7.1, A5)."""
    g.seat(seat)["combat"] -= card_of(uid)["defense"]
    destroy_base(g, seat, owner, uid)


def attack_player(g: Game, seat: int, target: int, amount: int) -> None:
    g.seat(seat)["combat"] -= amount
    data = g.seat(target)
    data["authority"] -= amount
    g.say(msg("star_realms.ev.attacked", seat=seat, seat_target=target, n=amount,
              left=data["authority"]), "attack")
    if data["authority"] <= 0:
        lose(g, target)


def lose(g: Game, loser: int) -> None:
    """In two-player games the other seat wins at once (SR-9.1)."""
    winners = [s for s in range(len(g.state["seats"])) if s != loser]
    said = msg("star_realms.result.won", seat=winners[0], seat_loser=loser,
               n=g.seat(loser)["authority"])
    g.state["result"] = {"winner": g.names[winners[0]], "winners": winners, "msg": said}
    g.say(said, "end")


TURN_LIMIT = 600
"""Turns after which a game ends all the same (a safeguard, DECISIONS.md): the rulebook has no
end but Authority (SR-9.2), yet players who scrapped their decks down to cards that can never
get past the other's outpost would play forever. Real games end within a few dozen turns."""


def end_at_turn_limit(g: Game) -> None:
    """The higher Authority wins; equal Authority is a draw."""
    authority = [d["authority"] for d in g.state["seats"]]
    best = max(authority)
    winners = [s for s, a in enumerate(authority) if a == best]
    if len(winners) > 1:
        said = msg("star_realms.result.draw", n=g.state["turn"] - 1)
        g.state["result"] = {"winner": None, "winners": [], "msg": said}
    else:
        said = msg("star_realms.result.turn_limit", seat=winners[0], n=g.state["turn"] - 1)
        g.state["result"] = {"winner": g.names[winners[0]], "winners": winners, "msg": said}
    g.say(said, "end")
