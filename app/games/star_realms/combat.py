"""Attacking players and bases, destroying bases, outposts and who may be targeted (SR-6.7,
SR-6.8), and the end of the game at 0 Authority (SR-3.4, SR-9.1)."""

from __future__ import annotations

from app.core import msg
from app.games.star_realms import eliminations
from app.games.star_realms.carddata import CARD_OF_UID, card_id, card_of
from app.games.star_realms.formats import (
    HYDRA,
    Sides,
    alive,
    base_owners,
    opponents,
    shield_of,
    sides,
)
from app.games.star_realms.game import Game
from app.games.star_realms.options import said, template


def outposts(g: Game, seat: int) -> list[str]:
    return [b for b in g.peek(seat)["bases"] if OUTPOST[b]]


OUTPOST = {uid: c["outpost"] for uid, c in CARD_OF_UID.items()}


def shielded(g: Game, owner: int) -> bool:
    """An outpost in play shields its owner (SR-6.8.1), in Hydra the owner's whole team
    (SR-11.4.7)."""
    return shields(g, (owner,))[owner]


def shields(g: Game, owners: tuple[int, ...], table: Sides | None = None) -> dict[int, bool]:
    """`shielded` of each of `owners`, in their order (every main phase asks it of each
    opponent: the seats' outposts are looked for once). `table`: the state's `sides`."""
    state = g.state
    seats = state["seats"]
    if state["format"] not in HYDRA:
        return {o: any(OUTPOST[b] for b in seats[o]["bases"]) for o in owners}
    guarded = [any(OUTPOST[b] for b in d["bases"]) for d in seats]
    shield_of = (table or sides(state)).shield_of
    return {o: any(guarded[s] for s in shield_of[o]) for o in owners}


def targetable_bases(g: Game, owner: int) -> list[str]:
    """A shielded player's bases may be targeted only among their outposts (SR-6.8.1)."""
    if shielded(g, owner):
        return outposts(g, owner)
    return list(g.peek(owner)["bases"])


def base_targets(g: Game, seat: int) -> list[tuple[int, str]]:
    """(owner, base) pairs `seat` may attack or target."""
    return [(other, b) for other in base_owners(g.state, seat)
            for b in targetable_bases(g, other)]


def player_targets(g: Game, seat: int) -> list[int]:
    """Opponents `seat` may attack: those no outpost shields (SR-6.8.1)."""
    return [other for other in opponents(g.state, seat) if not shielded(g, other)]


def destroy_base(g: Game, seat: int, owner: int, uid: str) -> None:
    """A destroyed base goes to its owner's discard pile (SR-6.7.1)."""
    data = g.seat(owner)
    data["bases"].remove(uid)
    g.drop("copies", uid)
    g.drop("damage", uid)
    data["discard"].append(uid)
    g.say(said("star_realms.ev.destroyed", seat=seat, seat_owner=owner, srcard=card_id(uid)),
          "destroy")


def defense_left(g: Game, uid: str) -> int:
    """A base's defense less the damage it keeps (Raid's Boss's bases, SR-11.6.5)."""
    return card_of(uid)["defense"] - g.state["damage"].get(uid, 0)


def keeps_damage(g: Game, owner: int) -> bool:
    """Only the Boss's bases keep damage, until the Boss's turn (SR-11.6.5, A5)."""
    return g.peek(owner)["role"] == "boss"


def attack_base(g: Game, seat: int, owner: int, uid: str) -> None:
    """Spend combat equal to the base's whole defense in one go (SR-6.7.1, A5)."""
    g.seat(seat)["combat"] -= defense_left(g, uid)
    destroy_base(g, seat, owner, uid)


def damage_base(g: Game, seat: int, owner: int, uid: str, amount: int) -> None:
    """Raid: combat short of a Boss's base's defense stays on it (SR-11.6.5)."""
    g.seat(seat)["combat"] -= amount
    damage = g.own("damage")
    damage[uid] = damage.get(uid, 0) + amount
    g.say(said("star_realms.ev.damaged", seat=seat, seat_owner=owner, srcard=card_id(uid),
              n=amount, left=defense_left(g, uid)), "attack")


def attack_player(g: Game, seat: int, target: int, amount: int) -> None:
    g.seat(seat)["combat"] -= amount
    left = change_authority(g, target, -amount)
    g.say(ATTACKED(seat, target, amount, left), "attack")
    if left <= 0:
        eliminations.lose(g, target)


ATTACKED = template("star_realms.ev.attacked", "seat", "seat_target", "n", "left")


def change_authority(g: Game, seat: int, n: int) -> int:
    """Authority up or down; in Hydra the team's one pool, kept alike on every member's seat
    (SR-11.4.1). Returns the new value."""
    for s in shield_of(g.state, seat) if g.state["format"] in HYDRA else [seat]:
        g.seat(s)["authority"] += n
    return g.seat(seat)["authority"]


TURN_LIMIT = 600
"""Turns after which a game ends all the same (a safeguard, DECISIONS.md): the rulebook has no
end but Authority (SR-9.2), yet players who scrapped their decks down to cards that can never
get past the other's outpost would play forever. Real games end within a few dozen turns."""


def end_at_turn_limit(g: Game) -> None:
    """The higher Authority wins (with its team); equal Authority is a draw."""
    standing = alive(g.state)
    best = max(g.seat(s)["authority"] for s in standing)
    winners = [s for s in standing if g.seat(s)["authority"] == best]
    teams = {g.seat(s)["team"] for s in winners}
    if len(teams) == 1 and None not in teams:
        winners = [s for s, d in enumerate(g.state["seats"]) if d["team"] in teams]
    if len(winners) > 1:
        said = msg("star_realms.result.draw", n=g.state["turn"] - 1)
        g.state["result"] = {"winner": None, "winners": [], "msg": said}
    else:
        said = msg("star_realms.result.turn_limit", seat=winners[0], n=g.state["turn"] - 1)
        g.state["result"] = {"winner": g.names[winners[0]], "winners": winners, "msg": said}
    g.say(said, "end")
