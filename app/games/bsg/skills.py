"""Skill cards: drawing by type (the type of a draw is public, the card is not), the Destiny
deck, and the steps that ask which types to draw or which cards to discard."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.core.pick import PICK
from app.games.bsg import catalog
from app.games.bsg.effects import op, push_effects
from app.games.bsg.facts import with_card
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once, option_once
from app.games.bsg.simultaneous import Part, decision, push_simultaneous
from app.games.bsg.statics import crisis_discard_fewer, discards_randomly
from app.games.bsg.who import who, who_one
from app.games.bsg.words import said


def skill_set_types(g: Game, seat: int) -> list[str]:
    types: list[str] = []
    for entry in g.character(seat)["skills"]:
        for t in entry["types"]:
            if t not in types:
                types.append(t)
    return types


def said_card(uid: str) -> Msg:
    """A skill card as the players name it: its name, type and strength (one message for
    each card, made once: no message is ever changed once made)."""
    found = _SAID_CARDS.get(uid)
    if found is None:
        card = catalog.card(uid)
        found = _SAID_CARDS[uid] = msg("bsg.skills.card", card=card["id"],
                                       skill=card["skill_type"], strength=card["strength"])
    return found


_SAID_CARDS: dict[str, Msg] = {}
"""The skill cards' messages by card (as many as the skill cards)."""


def counts_said(types: list[str] | tuple[str, ...]) -> list[Msg]:
    """How many cards of each type, in the order the types first appear: "2 Politics"."""
    counts: dict[str, int] = {}
    for t in types:
        counts[t] = counts.get(t, 0) + 1
    return [msg("bsg.skills.count", n=n, skill=t) for t, n in counts.items()]


def draw_skills(g: Game, seat: int, types: list[str]) -> list[str]:
    """`seat` draws one card of each type listed; the types are public, the cards are not."""
    drawn: list[str] = []
    for skill in types:
        uid = g.draw_from(f"skill:{skill}")
        if uid is not None:
            g.hand(seat).append(uid)
            drawn.append(uid)
    if drawn:
        g.log_private(seat, msg("bsg.skills.you_drew", card=[said_card(u) for u in drawn]),
                      msg("bsg.skills.drew", seat=seat,
                          count=counts_said([catalog.skill_type(u) for u in drawn])), "draw")
    return drawn


def build_destiny(g: Game) -> None:
    """Two cards of each skill deck, shuffled together: 10, and in a Daybreak game 2
    Treachery cards more, 12 (DB-3.5, DB-10.11)."""
    destiny = g.deck("destiny")
    for skill in catalog.skill_types(g.sets):
        for _ in range(2):
            uid = g.draw_from(f"skill:{skill}")
            if uid is not None:
                destiny.append(uid)
    g.rng.shuffle(destiny)
    g.log(msg("bsg.skills.destiny_built"), "destiny")


@op("shuffle_into_destiny")
def _shuffle_into_destiny(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """A Better Machine: cards from a skill deck join the Destiny deck as it is now."""
    destiny = g.deck("destiny")
    added = 0
    for _ in range(p["count"]):
        uid = g.draw_from(f"skill:{p['skill_type']}")
        if uid is not None:
            destiny.append(uid)
            added += 1
    g.rng.shuffle(destiny)
    g.log(msg("bsg.check_abilities.into_destiny", n=added, skill=p["skill_type"]), "destiny")


def draw_destiny(g: Game) -> str | None:
    if not g.deck("destiny"):
        build_destiny(g)
    return g.deck("destiny").pop() if g.deck("destiny") else None


def type_mixes(types: list[str], count: int, distinct: bool = False
               ) -> list[tuple[str, ...]]:
    """The mixes of `count` cards of `types`; `distinct`: at most one of each type."""
    if distinct:
        return list(combinations(types, count))
    return list(combinations_with_replacement(types, count))


def mix_label(mix: tuple[str, ...]) -> Msg:
    """The option naming a mix of types to draw: "1 Politics, 2 Tactics"."""
    return made_once(("bsg.skills.mix", mix), _mix_said, mix)


def _mix_said(mix: tuple[str, ...]) -> Msg:
    return msg("bsg.skills.mix", count=counts_said(mix))


def push_draw_choice(g: Game, seat: int, types: list[str], count: int, why: Msg,
                     distinct: bool = False) -> None:
    """`seat` draws `count` cards, picking the mix of `types` (asked only if there is a
    choice); `distinct`: each from a different deck."""
    if count <= 0 or not types:
        return
    if len(types) == 1:
        draw_skills(g, seat, types * (1 if distinct else count))
        return
    frame = {"step": "draw_mix", "seat": seat, "types": types, "count": count, "why": why}
    if distinct:  # only then, so that a base game's frames stay as they were
        frame.update(distinct=True, count=min(count, len(types)))
    g.push(frame)


@step("draw_mix")
def _draw_mix(g: Game, frame: Frame) -> Prompt | None:
    mixes = type_mixes(frame["types"], frame["count"], bool(frame.get("distinct")))
    return ask(frame["seat"], "draw_skills", msg("bsg.skills.draw_mix", why=frame["why"]),
               [option(mix_label(m), type="draw", types=list(m)) for m in mixes])


@answer("draw_mix")
def _draw_mix_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    draw_skills(g, frame["seat"], action["types"])


def distinct_cards(hand: list[str]) -> list[str]:
    """One card id per distinct card (same name and strength), so options stay short."""
    return list(_distinct(tuple(hand)))


@lru_cache(maxsize=4096)
def _distinct(hand: tuple[str, ...]) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    defs = catalog.DEFS
    for uid in hand:
        seen.setdefault(defs[uid]["id"], uid)
    return tuple(sorted(seen.values(), key=_IN_ORDER.__getitem__))


_IN_ORDER = {uid: (card["skill_type"], int(card["strength"]))
             for uid, card in catalog.DEFS.items()
             if "skill_type" in card and "strength" in card}
"""A skill card's place among a hand's distinct cards: by type, then strength (made once: a
third of the hands asked are new, and each was sorted with two calls per card)."""

PLAYED_AT = {uid: (card.get("ability") or {}).get("timing")
             for uid, card in catalog.DEFS.items() if card.get("deck") == "skill"}
"""A skill card's moment of play ("action", a window's timing), by card id: the Action step
and the windows pass over the other cards of a hand without a call each."""


def take_from_hand(g: Game, seat: int, card_id: str) -> str:
    """Remove one card with this definition id from the hand and return its id."""
    hand = g.hand(seat)
    for i, uid in enumerate(hand):
        if catalog.card(uid)["id"] == card_id:
            return hand.pop(i)
    raise KeyError(card_id)


def push_discard(g: Game, seat: int, count: int, why: Msg, chosen: bool = False
                 ) -> None:
    """`seat` discards `count` cards. `chosen`: a discard the player chose to make (to change
    ship), never at random even for Apollo's Headstrong."""
    if count <= 0 or not g.seat_as_is(seat)["hand"]:
        return
    g.push({"step": "discard", "seat": seat, "count": count, "why": why, "chosen": chosen})


@step("discard")
def _discard(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    hand = g.seat_as_is(seat)["hand"]  # only read (`discard_uid` reaches the seat to change it)
    if frame["count"] <= 0 or not hand:
        g.pop(frame)
        return None
    if discards_randomly(g, seat) and not frame.get("chosen"):
        discard_uid(g, seat, hand[g.rng.randbelow(len(hand))], at_random=True)
        frame["count"] -= 1
        return None
    return discard_prompt(seat, frame["why"], frame["count"], hand)


def discard_prompt(seat: int, why: Msg, count: int, hand: list[str]) -> Prompt:
    """"Discard n": one option per distinct card for one card; for several, one "pick" of them
    with one option per card held (copies of a card are equal options), so that the seat decides
    them at once. Whether the choice is forced (no more cards than owed) is public: the size
    of a hand is."""
    owed = min(count, len(hand))
    said = msg("bsg.skills.discard", why=why, n=owed)
    if owed == 1:  # each option once: shared (a pick's options are each their own)
        return ask(seat, "discard", said, [_discard_once(u) for u in distinct_cards(hand)],
                   public=len(hand) == 1)
    return ask(seat, "discard", said, [_discard_option(u) for u in in_order(hand)], pick=owed,
               public=len(hand) == owed)


def _discard_option(uid: str) -> Option:
    said = made_once(("bsg.skills.discard_card", uid),
                     lambda: msg("bsg.skills.discard_card", card=said_card(uid)))
    return option(said, type="discard", card=catalog.card(uid)["id"])


def _discard_once(uid: str) -> Option:
    """"Discard <card>" with the card: made once per card (in_words.option_once)."""
    return option_once(("bsg.skills.discard_card", uid), _discard_made, uid)


def _discard_made(uid: str) -> Option:
    return with_card(_discard_option(uid))


def in_order(hand: list[str]) -> list[str]:
    """The cards of a hand as its options list them: by type, then strength, copies together."""
    return sorted(hand, key=lambda u: (catalog.skill_type(u), catalog.strength(u),
                                       catalog.card(u)["id"]))


def picked_cards(action: dict[str, Any]) -> list[str]:
    """The card ids an answer to a discard prompt names: one, or each one picked."""
    if action["type"] == PICK:
        return [a["card"] for a in action["picked"]]
    return [action["card"]]


@answer("discard")
def _discard_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["seat"]
    uids = [take_from_hand(g, seat, card) for card in picked_cards(action)]
    g.hand(seat).extend(uids)  # the hand alone changes: the seat is not copied whole for it
    for uid in uids:
        discard_uid(g, seat, uid)
    frame["count"] -= len(uids)


def crisis_discount(g: Game, seat: int, ctx: dict[str, Any]) -> int:
    """How many fewer cards a Crisis card makes `seat` discard (Lampkin's Deceitful: 1, once
    per Crisis card)."""
    fewer = crisis_discard_fewer(g, seat)
    if not fewer or not ctx.get("crisis") or ctx.get("card") is None:
        return 0
    used = [g.state["turn"], ctx["card"]]
    if g.seat_as_is(seat).get("crisis_discount_used") == used:
        return 0
    g.seat(seat)["crisis_discount_used"] = used
    g.log(msg("bsg.skills.discards_fewer", seat=seat, n=fewer), "discard")
    return fewer


def push_discards_at_once(g: Game, owed: list[tuple[int, int, Msg]]) -> None:
    """Several players discard at once: (seat, count, why) in the order they are logged. Each
    is asked for their cards at the same time, and nobody's cards leave a hand (or are named to
    anyone else) before everyone has chosen. Only one player owing a discard: the usual step."""
    parts = [{"seat": seat, "count": count, "why": why, "chosen": [],
              "random": discards_randomly(g, seat)}
             for seat, count, why in owed if count > 0 and g.seat_as_is(seat)["hand"]]
    if len(parts) == 1:
        push_discard(g, parts[0]["seat"], parts[0]["count"], parts[0]["why"])
    else:
        push_simultaneous(g, "discard", parts)


def _discard_at_once_ask(g: Game, part: Part) -> Prompt | None:
    if part["random"] or part.get("answered"):
        return None
    # the whole discard is one answer, asked from the hand alone (a game saved while cards were
    # chosen one by one goes on with what is left)
    left = [u for u in g.seat(part["seat"])["hand"] if u not in part["chosen"]]
    count = part["count"] - len(part["chosen"])
    if count <= 0 or not left:
        return None
    return discard_prompt(part["seat"], part["why"], count, left)


def _discard_at_once_answer(g: Game, part: Part, action: dict[str, Any]) -> None:
    seat = part["seat"]
    for card in picked_cards(action):
        uid = next(u for u in g.seat(seat)["hand"]
                   if u not in part["chosen"] and catalog.card(u)["id"] == card)
        part["chosen"].append(uid)
        g.log(msg("bsg.skills.will_discard", card=said_card(uid)), "discard", to=[seat])
    part["answered"] = True


def _discard_at_once_resolve(g: Game, part: Part) -> None:
    seat = part["seat"]
    hand = g.seat(seat)["hand"]
    if part["random"]:  # Apollo's Headstrong
        for _ in range(min(part["count"], len(hand))):
            discard_uid(g, seat, hand[g.rng.randbelow(len(hand))], at_random=True)
        return
    for uid in part["chosen"]:
        discard_uid(g, seat, uid)


decision("discard", _discard_at_once_ask, _discard_at_once_answer, _discard_at_once_resolve)


def discard_uid(g: Game, seat: int, uid: str, at_random: bool = False) -> None:
    g.hand(seat).remove(uid)
    g.discard_card(uid)
    g.log(msg("bsg.skills.discarded", seat=seat, card=said_card(uid)), "discard")
    if not at_random:
        _discard_trigger(g, seat, uid)


DISCARD_TRIGGER_TURN = "discard_trigger_turn"
"""Seat field (Daybreak games only, set when it first fires): the turn in which the seat's
Treachery discard clause last made it draw."""


def _discard_trigger(g: Game, seat: int, uid: str) -> None:
    """DB-10.10: a card whose text says "when a player discards this card" (Bait, Dradis
    Contact: draw 1 Mutiny card) acts on any discard of it the player makes, but not on random
    discards nor when it is played into a check; at most once per player and turn, and never
    for a revealed Cylon (who holds no Mutiny cards, DB-7.4)."""
    effects = catalog.card(uid).get("on_discard")
    if not effects or g.is_revealed(seat) or \
            g.seat_as_is(seat).get(DISCARD_TRIGGER_TURN) == g.state["turn"]:
        return  # the seat only read: not copied for it (most cards have no such clause)
    g.seat(seat)[DISCARD_TRIGGER_TURN] = g.state["turn"]
    g.log(msg("bsg.check_abilities.discard_trigger", seat=seat, card=said_card(uid)),
          "discard")
    push_effects(g, effects, {"self": seat, "title": said(catalog.card(uid))})


@op("draw_skills")
def _draw_skills(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in reversed(who(g, p["who"], ctx)):
        types = p.get("types")
        if types is None:
            of = who_one(g, p["from_set_of"], ctx) if p.get("from_set_of") else seat
            types = skill_set_types(g, seat if of is None else of)
        elif types == "any":
            types = list(catalog.SKILL_TYPES)
        push_draw_choice(g, seat, list(types), p["count"],
                         ctx.get("title") or msg("bsg.skills.draw"))


@op("discard_skills")
def _discard_skills(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """`who` discards; when it names several players ("each player", "the President and the
    Admiral") they choose at once. A player named twice (holding both titles) owes both."""
    owed: dict[int, int] = {}
    for seat in who(g, p["who"], ctx):
        count = len(g.seat(seat)["hand"]) if p.get("all") else p["count"]
        owed[seat] = owed.get(seat, 0) + count - crisis_discount(g, seat, ctx)
    why = ctx.get("title") or msg("bsg.skills.discard_why")
    if g.has("daybreak"):  # Athena's For Love may cut one of these discards first
        from app.games.bsg.leader_sheets import push_owed_discards

        if push_owed_discards(g, list(owed.items()), why, bool(p.get("random"))):
            return
    if p.get("random"):
        for seat, count in owed.items():
            hand = g.seat(seat)["hand"]
            for _ in range(min(count, len(hand))):
                discard_uid(g, seat, hand[g.rng.randbelow(len(hand))], at_random=True)
        return
    push_discards_at_once(g, [(seat, count, why) for seat, count in owed.items()])

