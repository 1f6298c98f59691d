"""The steps that ask a seat something in the middle of an ability: what each asks, its
options, and what each answer does. A step whose options are none (by public information:
an empty hand, no base to target) is passed over without asking."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import orjson

from app.core import Msg, msg
from app.games.star_realms import combat, eliminations, trade
from app.games.star_realms.abilities import acting_card
from app.games.star_realms.carddata import CARDS, card_id
from app.games.star_realms.effects import effects_msg
from app.games.star_realms.game import Game
from app.games.star_realms.options import Opt, cached, done, opt, said
from app.games.star_realms.resolve import run_effects
from app.games.star_realms.zones import distinct, first_of, take_from_trade_row, to_scrap_heap

Frame = dict[str, Any]


class Step(ABC):
    """`ask`: the prompt's words (public); `options`: the seat's choices; `answer`: apply one."""

    kind: str

    @abstractmethod
    def ask(self, g: Game, f: Frame) -> Msg: ...

    @abstractmethod
    def options(self, g: Game, f: Frame) -> list[Opt]: ...

    @abstractmethod
    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None: ...


def _next_or_pop(g: Game, f: Frame) -> None:
    """One more of `left` done; the step ends when none is left."""
    f["left"] -= 1
    if f["left"] <= 0:
        g.stack.pop()  # the step answered is the top one


class Choose(Step):
    """'A or B' (SR-6.2.4): the choice is said to everyone."""

    kind = "choose"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.choose", srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_choice(orjson.dumps(o), i) for i, o in enumerate(f["options"])]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        chosen = f["options"][action["index"]]
        g.say(msg("star_realms.ev.chose", seat=f["seat"], srcard=card_id(f["card"]),
                  effects=effects_msg(chosen)), "choose")
        run_effects(g, f["seat"], f["card"], chosen)


class ScrapFrom(Step):
    """Scrap cards of one's own hand and/or discard pile (SR-6.5); such a card's own scrap
    ability does not fire (SR-6.5.2)."""

    kind = "scrap_from"

    def ask(self, g: Game, f: Frame) -> Msg:
        zone = "hand_or_discard" if len(f["zones"]) > 1 else f["zones"][0]
        return said("star_realms.ask.scrap_from", srcard=card_id(f["card"]), n=f["left"],
                   zone=zone)

    def options(self, g: Game, f: Frame) -> list[Opt]:
        data = g.peek(f["seat"])
        out = [_scrap_own(cid, zone) for zone in f["zones"] for cid in distinct(data[zone])]
        return out + [done()] if out else []

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        if action["type"] == "done":
            g.stack.pop()  # the step answered is the top one
            return
        zone = g.seat(f["seat"])[action["zone"]]
        uid = first_of(zone, action["card"], from_top=action["zone"] == "discard")
        zone.remove(uid)
        to_scrap_heap(g, uid)
        g.book(f["seat"])["scrapped"] += 1
        g.say(said("star_realms.ev.scrapped", seat=f["seat"], srcard=action["card"],
                  zone=action["zone"]), "scrap")
        _next_or_pop(g, f)


class ScrapTradeRow(Step):
    """Scrap Trade Row cards, the row refilled after each (SR-6.5.4; the next one is chosen
    after seeing the new card, a decision)."""

    kind = "scrap_trade_row"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.scrap_trade_row", srcard=card_id(f["card"]), n=f["left"])

    def options(self, g: Game, f: Frame) -> list[Opt]:
        out = [_scrap_row(u) for u in g.state["trade_row"]]
        return out + [done()] if out else []

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        if action["type"] == "done":
            g.stack.pop()  # the step answered is the top one
            return
        uid = action["card"]
        g.say(said("star_realms.ev.scrapped", seat=f["seat"], srcard=card_id(uid),
                  zone="trade_row"), "scrap")
        take_from_trade_row(g, uid)
        g.own("scrap_heap").append(uid)
        _next_or_pop(g, f)


class DestroyBase(Step):
    """Destroy a base without spending combat; outposts shield as for attacks (SR-6.7.2)."""

    kind = "destroy_base"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.destroy_base", srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        out = [_destroy(owner, b) for owner, b in combat.base_targets(g, f["seat"])]
        return out + [done()] if out and f["may"] else out

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        if action["type"] == "destroy":
            combat.destroy_base(g, f["seat"], action["seat"], action["card"])


class Discard(Step):
    """A seat discards a card of its choice from its hand, face up (opponent discards)."""

    kind = "discard"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.discard", seat=f["by"], srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_discard(cid) for cid in distinct(g.peek(f["seat"])["hand"])]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        discard(g, f["seat"], action["card"])
        _next_or_pop(g, f)


def discard(g: Game, seat: int, cid: str) -> None:
    data = g.seat(seat)
    uid = first_of(data["hand"], cid)
    data["hand"].remove(uid)
    data["discard"].append(uid)
    g.say(said("star_realms.ev.discarded", seat=seat, srcard=cid), "discard")


class DiscardFor(Step):
    """Discard up to N cards of one's hand, each paying for a gain (Orbital Platform, Supply
    Depot: chosen for each card, a decision)."""

    kind = "discard_for"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.discard_for", srcard=card_id(f["card"]), n=f["left"])

    def options(self, g: Game, f: Frame) -> list[Opt]:
        out = [_discard(cid) for cid in distinct(g.peek(f["seat"])["hand"])]
        return out + [done()] if out else []

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        if action["type"] == "done":
            g.stack.pop()  # the step answered is the top one
            return
        discard(g, f["seat"], action["card"])
        _next_or_pop(g, f)
        each = f["each"]
        if len(each) == 1:
            run_effects(g, f["seat"], f["card"], each[0])
        else:
            g.stack.append({"step": "choose", "seat": f["seat"], "card": f["card"],
                            "options": each})


class AcquireFree(Step):
    """Take a card of cost N or less without spending trade (SR-6.6.6)."""

    kind = "acquire_free"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.acquire_free", srcard=card_id(f["card"]), n=f["max_cost"])

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_acquire(u) for u in trade.offer(g, f["max_cost"])]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        trade.acquire_free(g, f["seat"], action["card"], f["to"])


class AcquireToHand(Step):
    """The card just acquired may go to the hand instead of the discard pile (digest 10.1)."""

    kind = "acquire_to_hand"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.acquire_to_hand", srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_to("hand"), _to("discard")]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        if action["where"] == "hand":
            data = g.seat(f["seat"])
            data["discard"].remove(f["card"])
            data["hand"].append(f["card"])
            g.say(said("star_realms.ev.to_hand", seat=f["seat"], srcard=card_id(f["card"])),
                  "buy")


class CopyBase(Step):
    """Stealth Tower becomes a copy of another base in play until its turn ends, and the
    copied base's primary ability is used at once (a decision); it keeps its own defense and
    outpost."""

    kind = "copy_base"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.copy_base", srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_copy(s, b) for s, data in enumerate(g.state["seats"]) for b in data["bases"]
                if b != f["card"]]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        copied = acting_card(g, action["card"])["id"]
        g.own("copies")[f["card"]] = copied
        g.state["gains_due"] = True
        g.say(said("star_realms.ev.copied", seat=f["seat"], srcard=card_id(f["card"]),
                  srcard_copy=copied), "copy")
        run_effects(g, f["seat"], f["card"], CARDS[copied].get("primary") or [])


class TargetOpponent(Step):
    """"Target opponent discards" with several opponents: which one (a decision)."""

    kind = "target_opponent"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.target_opponent", srcard=card_id(f["card"]))

    def options(self, g: Game, f: Frame) -> list[Opt]:
        return [_target(s) for s in f["targets"] if not g.peek(s)["out"]]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        g.stack.pop()  # the step answered is the top one
        g.stack.append({"step": "discard", "seat": action["seat"], "by": f["seat"],
                        "card": f["card"], "left": f["left"]})


class Gift(Step):
    """An eliminated Admiral or Raider puts one card of theirs into a teammate's discard
    pile, one for each receiver (SR-11.5.9, SR-11.6.8); then the rest leave the game."""

    kind = "gift"

    def ask(self, g: Game, f: Frame) -> Msg:
        return said("star_realms.ask.gift", seat=f["to"][0])

    def options(self, g: Game, f: Frame) -> list[Opt]:
        data = g.peek(f["seat"])
        seen: dict[str, None] = {}
        for zone in eliminations.OWN_ZONES:
            for cid in distinct(data[zone]):
                seen.setdefault(cid, None)
        return [_gift(cid) for cid in sorted(seen)]

    def answer(self, g: Game, f: Frame, action: dict[str, Any]) -> None:
        to = f["to"].pop(0)
        eliminations.give(g, f["seat"], to, action["card"])
        if not f["to"] or not self.options(g, f):
            g.stack.pop()  # the step answered is the top one
            eliminations.leave_game(g, f["seat"])


@cached
def _target(seat: int) -> Opt:
    return opt(msg("star_realms.option.target", seat=seat), {"type": "target", "seat": seat})


@cached
def _gift(cid: str) -> Opt:
    return opt(msg("star_realms.option.gift", srcard=cid), {"type": "gift", "card": cid}, cid)


@cached
def _choice(effects: bytes, i: int) -> Opt:
    return opt(effects_msg(orjson.loads(effects)), {"type": "choose", "index": i})


@cached
def _scrap_own(cid: str, zone: str) -> Opt:
    return opt(msg("star_realms.option.scrap_from", srcard=cid, zone=zone),
               {"type": "scrap", "card": cid, "zone": zone}, cid)


@cached
def _scrap_row(uid: str) -> Opt:
    return opt(msg("star_realms.option.scrap_trade_row", srcard=card_id(uid)),
               {"type": "scrap", "card": uid}, card_id(uid))


@cached
def _destroy(owner: int, uid: str) -> Opt:
    return opt(msg("star_realms.option.destroy_base", seat=owner, srcard=card_id(uid)),
               {"type": "destroy", "seat": owner, "card": uid}, card_id(uid))


@cached
def _discard(cid: str) -> Opt:
    return opt(msg("star_realms.option.discard", srcard=cid),
               {"type": "discard", "card": cid}, cid)


@cached
def _acquire(what: str) -> Opt:
    return opt(msg("star_realms.option.acquire", srcard=card_id(what)),
               {"type": "acquire", "card": what}, card_id(what))


@cached
def _to(where: str) -> Opt:
    return opt(msg("star_realms.option.to", where=where), {"type": "to", "where": where})


@cached
def _copy(owner: int, uid: str) -> Opt:
    return opt(msg("star_realms.option.copy_base", seat=owner, srcard=card_id(uid)),
               {"type": "copy", "card": uid}, card_id(uid))


STEPS: dict[str, Step] = {s.kind: s for s in (
    Choose(), ScrapFrom(), ScrapTradeRow(), DestroyBase(), Discard(), DiscardFor(),
    AcquireFree(), AcquireToHand(), CopyBase(), TargetOpponent(), Gift())}
