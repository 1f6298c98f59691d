"""The main phase (SR-6): play cards, use abilities, buy, attack, in any order, until the
player ends the turn; then the discard phase (SR-7) and the draw phase (SR-8)."""

from __future__ import annotations

from typing import Any

from app.core import msg
from app.games.star_realms import abilities, combat, trade
from app.games.star_realms.carddata import CARD_OF_UID, CARDS, CID_OF_UID, EXPLORER, card_id
from app.games.star_realms.combat import OUTPOST
from app.games.star_realms.effects import effects_msg
from app.games.star_realms.formats import (
    HYDRA,
    alive,
    hand_size,
    next_turn,
    opponents,
    sides,
    teammates,
)
from app.games.star_realms.game import Game
from app.games.star_realms.options import Opt, cached, opt, said, template
from app.games.star_realms.trade import COST_OF_UID
from app.games.star_realms.zones import distinct, draw, first_of

ASK_MAIN = said("star_realms.ask.main")
"""What the main phase asks: always the same words."""


def options(g: Game, seat: int) -> list[Opt]:
    if g.state["format"] == "two_player":
        return _two_player_options(g, seat)
    data = g.peek(seat)
    hand = data["hand"]
    out = list(map(_play, distinct(hand)))
    if len(hand) > 1:
        out.append(_play_all(len(hand)))
    found = g.usable if g.usable is not None else abilities.usable(g, seat)
    if found:
        copies = g.state["copies"]
        out += [_ability(uid, ability, copies.get(uid) or CID_OF_UID[uid])
                for uid, ability in found]
    out += map(_buy, trade.offer(g, data["trade"]))
    out += _combat_options(g, seat, data["combat"])
    out += _team_options(g, seat, data)
    out.append(_end_turn())
    return out


def _two_player_options(g: Game, seat: int) -> list[Opt]:
    """`options` in one pass, for the two-player game (most games, and every bench game):
    the same options in the same order, with no teams, no kept damage and one opponent."""
    state = g.state
    data = g.seats[seat]
    hand = tuple(data["hand"])
    plays = _PLAYS.get(hand)
    if plays is None:
        plays = _plays(hand)
    out = list(plays)
    found = g.usable if g.usable is not None else abilities.usable(g, seat)
    if found:
        copies = state["copies"]
        if copies:
            out += [_ability(uid, ability, copies.get(uid) or CID_OF_UID[uid])
                    for uid, ability in found]
        else:
            hit = _ABILITIES.get(id(found))
            out += hit[1] if hit is not None and hit[0] is found else _abilities(found)
    trade_pool = data["trade"]
    buy = _BUY
    out += [buy[u] for u in state["trade_row"] if COST_OF_UID[u] <= trade_pool]
    if state["explorers"] and trade_pool >= EXPLORER_COST:
        out.append(_buy(EXPLORER))
    pool = data["combat"]
    if pool > 0:
        other = 1 - seat
        bases = g.seats[other]["bases"]
        guarded = [b for b in bases if OUTPOST[b]]
        damage = state["damage"]
        for uid in guarded or bases:
            left = DEFENSE_OF_UID[uid] - damage.get(uid, 0)
            if left <= pool:
                out.append(_attack_base(other, uid, left))
        if not guarded:
            out.append(_attack(other, pool))
    out.append(_end_turn())
    return out


_PLAYS: dict[tuple[str, ...], tuple[Opt, ...]] = {}
"""The play options of a hand (its cards in order): a hand comes back often within a game
(five Scouts and Vipers, one card left), and each is cheaper to find than to make again."""


def _plays(hand: tuple[str, ...]) -> tuple[Opt, ...]:
    """Play each card (each card id once, in hand order), and all of them with two or more."""
    out = tuple(map(_play, dict.fromkeys(map(CID_OF_UID.__getitem__, hand))))
    if len(hand) > 1:
        out += (_play_all(len(hand)),)
    if len(_PLAYS) > 50_000:  # a bound for a long-running server; refilled as games go on
        _PLAYS.clear()
    _PLAYS[hand] = out
    return out


_ABILITIES: dict[int, tuple[Any, tuple[Opt, ...]]] = {}
"""id of a kept `usable` (abilities._usable's, no copy in play) -> (it, its options)."""


def _abilities(found: tuple[tuple[str, str], ...]) -> tuple[Opt, ...]:
    out = tuple(_ability(uid, ability, CID_OF_UID[uid]) for uid, ability in found)
    if len(_ABILITIES) > 50_000:
        _ABILITIES.clear()
    _ABILITIES[id(found)] = (found, out)
    return out


def _combat_options(g: Game, seat: int, pool: int) -> list[Opt]:
    """Bases first, then players, each opponent in turn. A base needs its whole defense
    (SR-6.7.1, A5) but for Raid's Boss's, which keep damage (SR-11.6.5). With one player to
    attack the whole pool goes at once: holding some back never helps, since bases may be
    attacked first and the pool lapses at the end of the turn (A6); with several, any amount
    to each (SR-11.1.3). An empty pool attacks nothing: a base's defense left is at least 1."""
    if pool <= 0:
        return []
    state = g.state
    seats = state["seats"]
    if state["format"] == "two_player":
        owners = targeted = opponents(state, seat)
        shields = combat.shields(g, owners)
    else:
        table = sides(state)
        owners, targeted = table.base_owners[seat], table.opponents[seat]
        shields = combat.shields(g, owners + targeted, table)
    targets = [o for o in targeted if not shields[o]]
    split = len(targets) > 1
    out: list[Opt] = []
    for other in shields:
        if other in owners:
            bases = seats[other]["bases"]
            for uid in ([b for b in bases if OUTPOST[b]] if shields[other] else bases):
                left = combat.defense_left(g, uid)
                if left <= pool:
                    out.append(_attack_base(other, uid, left))
                elif pool > 0 and combat.keeps_damage(g, other):
                    out.append(_damage_base(other, uid, pool))
        if pool > 0 and other in targets:
            out += _attacks(other, pool) if split else (_attack(other, pool),)
    return out


EXPLORER_COST = CARDS[EXPLORER]["cost"]
DEFENSE_OF_UID = {u: c.get("defense") for u, c in CARD_OF_UID.items()}


def _team_options(g: Game, seat: int, data: dict[str, Any]) -> list[Opt]:
    """Hydra: a player may hand their trade or combat pool to a teammate in their main phase,
    to buy or destroy together (SR-11.4.6; the teammate then buys: A10). Emperor: 1 trade sends
    a card of one's discard pile to a teammate's (SR-11.5.8)."""
    fmt = g.state["format"]
    out = []
    if fmt in HYDRA:
        for other in g.state["active"]:
            if other != seat:
                out += [_give(other, pool) for pool in ("trade", "combat") if data[pool] > 0]
    elif fmt == "emperor" and data["trade"] >= 1:
        cards = distinct(data["discard"])
        for other in teammates(g.state, seat):
            out += [_send(cid, other) for cid in cards]
    return out


@cached
def _damage_base(owner: int, uid: str, amount: int) -> Opt:
    cid = card_id(uid)
    return opt(msg("star_realms.option.damage_base", seat=owner, srcard=cid, n=amount),
               {"type": "damage_base", "seat": owner, "card": uid, "amount": amount}, cid)


@cached
def _give(other: int, pool: str) -> Opt:
    return opt(msg("star_realms.option.give", seat=other, pool=pool),
               {"type": "give", "seat": other, "pool": pool})


@cached
def _send(cid: str, other: int) -> Opt:
    return opt(msg("star_realms.option.send", seat=other, srcard=cid),
               {"type": "send", "card": cid, "seat": other}, cid)


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


_BUY = {u: _buy(u) for u, c in CARD_OF_UID.items() if c["faction"]}
"""Every Trade Deck card's buy option (a Trade Row holds only those), at hand: a plain
lookup, no call."""


@cached
def _attack_base(owner: int, uid: str, n: int) -> Opt:
    cid = card_id(uid)
    return opt(msg("star_realms.option.attack_base", seat=owner, srcard=cid, n=n),
               {"type": "attack_base", "seat": owner, "card": uid}, cid)


@cached
def _attack(target: int, amount: int) -> Opt:
    return opt(msg("star_realms.option.attack", seat=target, n=amount),
               {"type": "attack", "seat": target, "amount": amount})


@cached
def _attacks(target: int, pool: int) -> tuple[Opt, ...]:
    """Every amount of the pool, 1 to all of it (SR-11.1.3)."""
    return tuple(_attack(target, amount) for amount in range(1, pool + 1))


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
    elif kind == "damage_base":
        combat.damage_base(g, seat, action["seat"], action["card"], action["amount"])
    elif kind == "give":
        pool = action["pool"]
        g.seat(action["seat"])[pool] += data[pool]
        g.say(msg("star_realms.ev.gave", seat=seat, seat_to=action["seat"], pool=pool,
                  n=data[pool]), "give")
        data[pool] = 0
    elif kind == "send":
        data["trade"] -= 1
        uid = first_of(data["discard"], action["card"], from_top=True)
        data["discard"].remove(uid)
        g.seat(action["seat"])["discard"].append(uid)
        g.say(said("star_realms.ev.sent", seat=seat, seat_to=action["seat"],
                   srcard=action["card"]), "give")
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


ENDED = template("star_realms.ev.ended", "seat")
TURN = template("star_realms.ev.turn", "seat", "n")


def end_turn(g: Game, seat: int) -> None:
    """Discard phase (SR-7): pools to 0, ships and the hand to the discard pile, bases stay;
    draw phase (SR-8): 5 cards (Raid's Boss: 7 or 8); then the next turn. In Hydra the team's
    draw phase waits until every member has ended their main phase (SR-11.4.5)."""
    s = g.state
    data = g.seat(seat)
    data["trade"] = data["combat"] = 0
    data["discard"] += data["ships"] + data["hand"]
    data["ships"] = []
    data["hand"] = []
    s["active"] = [x for x in s["active"] if x != seat]
    if s["active"]:
        s["current"] = s["active"][0]
        g.say(ENDED(seat), "turn")
        return
    team = data["team"] if s["format"] in HYDRA else None
    turn = [x for x in alive(s) if g.peek(x)["team"] == team] if team is not None else [seat]
    s["used"] = []
    s["copies"] = {}
    for x in turn:
        d = g.book(x)
        d["played_factions"] = []
        d["scrapped"] = 0
        d["next_acquire"] = None
    s["gains_due"] = True
    for x in turn:
        draw(g, x, hand_size(s, x))
    s["active"] = next_turn(s, seat)
    s["current"] = s["active"][0]
    if g.peek(s["current"])["role"] == "boss":
        s["damage"] = {}  # SR-11.6.5: the damage lasts until the Boss's turn
    s["turn"] += 1
    if s["turn"] > combat.TURN_LIMIT:
        combat.end_at_turn_limit(g)
        return
    g.say(TURN(s["current"], s["turn"]), "turn")
