"""The main phase (SR-6): play cards, use abilities, buy, attack, in any order, until the
player ends the turn; then the discard phase (SR-7) and the draw phase (SR-8)."""

from __future__ import annotations

from typing import Any

from app.core import Msg, msg
from app.games.star_realms import abilities, combat, trade
from app.games.star_realms.carddata import CARD_OF_UID, CARDS, CID_OF_UID, card_id
from app.games.star_realms.effects import effects_msg
from app.games.star_realms.formats import HAND_SIZE, opponents
from app.games.star_realms.game import Game
from app.games.star_realms.options import Opt, cached, opt, said
from app.games.star_realms.zones import distinct, draw, first_of


def ask(g: Game, seat: int) -> Msg:
    return said("star_realms.ask.main")


def options(g: Game, seat: int) -> list[Opt]:
    data = g.seat(seat)
    hand = data["hand"]
    out = [_play(cid) for cid in distinct(hand)]
    if len(hand) > 1:
        out.append(_play_all(len(hand)))
    found = g.usable if g.usable is not None else abilities.usable(g, seat)
    copies = g.state["copies"]
    out += [_ability(uid, ability, copies.get(uid) or CID_OF_UID[uid]) for uid, ability in found]
    out += [_buy(uid) for uid in trade.offer(g, data["trade"])]
    combat_pool = data["combat"]
    for other in opponents(g.state, seat):
        guards = combat.outposts(g, other)
        # outposts first (SR-6.8.1); a base needs its whole defense (SR-6.7.1)
        out += [_attack_base(other, uid) for uid in (guards or g.seat(other)["bases"])
                if CARD_OF_UID[uid]["defense"] <= combat_pool]
        if combat_pool > 0 and not guards:
            # all of the pool at once: in two-player games holding some back never helps,
            # since bases may be attacked first and the pool lapses at the end of the turn (A6)
            out.append(_attack(other, combat_pool))
    out.append(_end_turn())
    return out


@cached
def _play(cid: str) -> Opt:
    return opt(msg("star_realms.option.play", srcard=cid), {"type": "play", "card": cid}, cid)


@cached
def _play_all(n: int) -> Opt:
    return opt(msg("star_realms.option.play_all", n=n), {"type": "play_all"})


@cached
def _ability(uid: str, ability: str, acting: str) -> Opt:
    return opt(msg("star_realms.option.ability", srcard=card_id(uid), ability=ability,
                   effects=effects_msg(CARDS[acting][ability])),
               {"type": "ability", "card": uid, "ability": ability}, card_id(uid))


@cached
def _buy(uid: str) -> Opt:
    cid = card_id(uid)
    return opt(msg("star_realms.option.buy", srcard=cid, n=CARDS[cid]["cost"]),
               {"type": "buy", "card": uid}, cid)


@cached
def _attack_base(owner: int, uid: str) -> Opt:
    cid = card_id(uid)
    return opt(msg("star_realms.option.attack_base", seat=owner, srcard=cid,
                   n=CARDS[cid]["defense"]),
               {"type": "attack_base", "seat": owner, "card": uid}, cid)


@cached
def _attack(target: int, amount: int) -> Opt:
    return opt(msg("star_realms.option.attack", seat=target, n=amount),
               {"type": "attack", "seat": target, "amount": amount})


@cached
def _end_turn() -> Opt:
    return opt(msg("star_realms.option.end_turn"), {"type": "end_turn"})


def answer(g: Game, seat: int, action: dict[str, Any]) -> None:
    kind = action["type"]
    data = g.seat(seat)
    if kind == "play":
        abilities.play(g, seat, first_of(data["hand"], action["card"]))
    elif kind == "play_all":
        g.stack.append({"step": "play_all", "seat": seat, "cards": list(data["hand"])})
    elif kind == "ability":
        abilities.use(g, seat, action["card"], action["ability"])
    elif kind == "buy":
        trade.buy(g, seat, action["card"])
    elif kind == "attack_base":
        combat.attack_base(g, seat, action["seat"], action["card"])
    elif kind == "attack":
        combat.attack_player(g, seat, action["seat"], action["amount"])
    elif kind == "end_turn":
        end_turn(g, seat)


def play_next(g: Game, frame: dict[str, Any]) -> None:
    """'Play all': the next card of those in hand when it was asked, each played as if alone,
    its choices answered before the next is played (the step is the top while it plays)."""
    hand = g.seat(frame["seat"])["hand"]
    while frame["cards"]:
        uid = frame["cards"].pop(0)
        if uid in hand:
            abilities.play(g, frame["seat"], uid)
            return
    g.stack.pop()


def end_turn(g: Game, seat: int) -> None:
    """Discard phase (SR-7): pools to 0, ships and the hand to the discard pile, bases stay;
    draw phase (SR-8): 5 cards; then the next seat's turn."""
    s = g.state
    data = g.seat(seat)
    data["trade"] = data["combat"] = 0
    data["discard"] += data["ships"] + data["hand"]
    data["ships"] = []
    data["hand"] = []
    s["used"] = []
    s["copies"] = {}
    s["played_factions"] = []
    s["scrapped"] = 0
    s["next_acquire"] = None
    s["gains_due"] = True
    draw(g, seat, HAND_SIZE)
    s["current"] = (seat + 1) % len(s["seats"])
    s["turn"] += 1
    if s["turn"] > combat.TURN_LIMIT:
        combat.end_at_turn_limit(g)
        return
    g.say(said("star_realms.ev.turn", seat=s["current"], n=s["turn"]), "turn")
