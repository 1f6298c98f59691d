"""A player at 0 Authority (SR-3.4): the end of a two-player game (SR-9.1); in the formats of
several players, who is out, the one-card gifts of Emperor's Admirals and Raid's Raiders
(SR-11.5.9, SR-11.6.8), the rest of an eliminated player's cards leaving the game (A8, A9),
and who wins: the last standing, a team, the Boss or the Raiders."""

from __future__ import annotations

from app.core import Msg, msg
from app.games.star_realms.carddata import card_id
from app.games.star_realms.formats import EMPERORS, HYDRA, alive
from app.games.star_realms.game import Game
from app.games.star_realms.zones import first_of

OWN_ZONES = ("hand", "discard", "bases", "ships", "deck")


def lose(g: Game, loser: int) -> None:
    s = g.state
    fmt = s["format"]
    seats = s["seats"]
    if fmt == "two_player":  # SR-9.1: the other seat wins at once
        winners = [n for n in range(len(seats)) if n != loser]
        _end(g, winners, msg("star_realms.result.won", seat=winners[0], seat_loser=loser,
                             n=seats[loser]["authority"]))
        return
    team = seats[loser]["team"]
    out = [n for n in alive(s) if seats[n]["team"] == team] if fmt in HYDRA else [loser]
    for n in out:  # SR-11.4.8: in Hydra the whole team loses
        g.seat(n)["out"] = True
        g.say(msg("star_realms.ev.out", seat=n), "out")
    role = seats[loser]["role"]
    standing = alive(s)
    others = [n for n in range(len(seats)) if seats[n]["team"] != team]
    if fmt in HYDRA or role == "emperor":  # SR-11.4.8, SR-11.5.10
        _end(g, others, msg("star_realms.result.team_won", seat=others[0], seat_loser=loser))
    elif role == "boss":  # SR-11.6.9
        _end(g, others, msg("star_realms.result.raiders_won", seat_loser=loser))
    elif fmt == "raid" and standing == [0]:
        _end(g, [0], msg("star_realms.result.boss_won", seat=0))
    elif len(standing) == 1:  # A8: the last player standing
        _end(g, standing, msg("star_realms.result.last_standing", seat=standing[0]))
    else:
        to = gift_to(g, loser)
        if to and any(seats[loser][z] for z in OWN_ZONES):
            g.stack.append({"step": "gift", "seat": loser, "to": to})
        else:
            leave_game(g, loser)


def gift_to(g: Game, loser: int) -> list[int]:
    """Who receives one card of an eliminated player's: an Admiral's Emperor (SR-11.5.9), each
    other Raider still in the game (SR-11.6.8); nobody in the other formats."""
    s = g.state
    role = s["seats"][loser]["role"]
    team = s["seats"][loser]["team"]
    if role == "admiral":
        return [n for n in EMPERORS if s["seats"][n]["team"] == team and not s["seats"][n]["out"]]
    if role == "raider":
        return [n for n in alive(s) if s["seats"][n]["role"] == "raider"]
    return []


def give(g: Game, loser: int, to: int, cid: str) -> None:
    """One card of the loser's, whichever zone it is in, to `to`'s discard pile."""
    data = g.seat(loser)
    for zone in OWN_ZONES:
        uid = first_of(data[zone], cid)
        if uid is not None:
            data[zone].remove(uid)
            g.drop("copies", uid)
            g.drop("damage", uid)
            g.seat(to)["discard"].append(uid)
            g.say(msg("star_realms.ev.gift", seat=loser, seat_to=to, srcard=card_id(uid)),
                  "gift")
            return


def leave_game(g: Game, loser: int) -> None:
    """An eliminated player's cards leave the game (A8, A9)."""
    data = g.seat(loser)
    for zone in OWN_ZONES:
        for uid in data[zone]:
            g.drop("copies", uid)
            g.drop("damage", uid)
        g.own("removed").extend(data[zone])
        data[zone] = []


def _end(g: Game, winners: list[int], said: Msg) -> None:
    g.state["result"] = {"winner": g.names[winners[0]], "winners": winners, "msg": said}
    g.say(said, "end")
