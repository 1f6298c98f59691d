"""Loyalty: building and dealing the loyalty deck, the Sleeper Agent phase, the Sympathizer,
looking at loyalty cards, and becoming a revealed Cylon."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import carddata, catalog
from app.games.bsg.abilities import fire
from app.games.bsg.conditions import holds
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import gave_loyalty, saw_loyalty
from app.games.bsg.statics import forbidden
from app.games.bsg.who import who, who_one
from app.games.bsg.words import said

SETUP = carddata.deck_extras("loyalty")["setup"]
REVEALED_STILL_DEALT_TWO = "sharon_valerii"  # Daybreak's exception to ignoring a Cylon's sheet


def _of_team(team: str, sets: tuple[str, ...]) -> list[str]:
    return [uid for uid in catalog.uids("loyalty", sets) if catalog.card(uid)["team"] == team]


def build_and_deal(g: Game) -> None:
    """Rulebook setup: the deck for this player count, plus one "Not a Cylon" per Baltar and
    Boomer; one card dealt to each player (Baltar's setup draws his second); then the
    Sympathizer joins the rest with 4 or 6 players. Unused cards go to the box unseen. A
    Daybreak game builds its own deck (daybreak_loyalty.py)."""
    if g.has("daybreak"):
        from app.games.bsg.daybreak_loyalty import build_and_deal as build_daybreak

        build_daybreak(g)
        return
    players = len(g.state["seats"])
    row = next(r for r in SETUP["by_players"] if r["players"] == players)
    cylons, humans = _of_team("cylon", g.sets), _of_team("human", g.sets)
    sympathizer = _of_team("sympathizer", g.sets)
    g.rng.shuffle(cylons)
    extras = sum(1 for s in g.seats_range()
                 if g.seat(s)["character"] in SETUP["extra_not_a_cylon_for"])
    deck = cylons[: row["you_are_a_cylon"]] + humans[: row["you_are_not_a_cylon"] + extras]
    g.state["boxed"] = cylons[row["you_are_a_cylon"]:] + humans[row["you_are_not_a_cylon"]
                                                                + extras:]
    g.rng.shuffle(deck)
    g.state["decks"]["loyalty"] = deck
    for seat in g.clockwise_from(g.state["first"]):
        deal(g, seat, 1)
    deal_setup_extras(g)
    if row["sympathizer"]:
        deck.extend(sympathizer)
        g.rng.shuffle(deck)
    else:
        g.state["boxed"].extend(sympathizer)


def deal_setup_extras(g: Game) -> None:
    """The loyalty cards setup abilities deal after everyone's first (Baltar's second)."""
    for seat in g.clockwise_from(g.state["first"]):
        character = g.character(seat)
        for key in ("ability", "weakness", "once_per_game"):
            ability = character.get(key) or {}
            if ability.get("timing") != "setup":
                continue
            for entry in ability["effects"]:
                ((name, params),) = entry.items()
                if name == "deal_loyalty":
                    deal(g, seat, params["count"])


def deal(g: Game, seat: int, count: int, mutineer_extra: bool = True) -> None:
    """Deal loyalty cards face down. The Sympathizer and (Daybreak) the Mutineer act as soon
    as received; `mutineer_extra=False`: the Mutineer drawn so brings no extra loyalty card
    (DB-8.3)."""
    for _ in range(count):
        if not g.deck("loyalty"):
            return
        uid = g.deck("loyalty").pop()
        g.seat(seat)["loyalty"].append(uid)
        g.log_private(seat, msg("bsg.loyalty.you_received", card=catalog.card(uid)["id"]),
                      msg("bsg.loyalty.received", seat=seat), "loyalty")
        if catalog.card(uid)["team"] == "sympathizer":
            g.push({"step": "sympathizer", "seat": seat, "uid": uid})
        elif catalog.card(uid)["team"] == "mutineer":
            from app.games.bsg.mutineer import received_face_down

            received_face_down(g, seat, uid, extra_draw=mutineer_extra)


@op("deal_loyalty")
def _deal_loyalty(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        deal(g, seat, p["count"])


@step("sleeper_phase")
def _sleeper_phase(g: Game, frame: Frame) -> Prompt | None:
    """Distance 4: every player, revealed Cylons too, gets one more loyalty card, dealt
    clockwise from the current player, one player at a time: a Sympathizer is resolved before
    the next player's card, and a player dealt more (Boomer's Sleeper Agent: 2, then the Brig)
    gets them in their own place in the order, not after everyone."""
    if "order" not in frame:
        g.log(msg("bsg.loyalty.sleeper_phase"), "sleeper")
        frame["order"] = g.clockwise_from(g.current)
    if not frame["order"]:
        g.pop(frame)
        if g.has("daybreak"):
            g.push({"step": "mutineer_draw"})  # DB-8.3
        return None
    seat = frame["order"].pop(0)
    if g.has("daybreak"):
        from app.games.bsg.daybreak_loyalty import receives_loyalty
        from app.games.bsg.mutineer import push_cylon_pass

        if not receives_loyalty(g, seat):
            from app.games.bsg.motives import deal_motives

            deal_motives(g, seat)  # a Cylon Leader's 2 more Motives (DB-9.2)
            return None
        if g.is_revealed(seat):  # DB-13.10: after this seat's cards are dealt, pass them on
            push_cylon_pass(g, seat)
    fire(g, "sleeper_phase", [seat])  # Boomer's second card; a revealed Cylon's sheet is ignored
    deal(g, seat, 1)  # dealt now, before the frames `fire` pushed run
    if g.has("daybreak") and g.is_revealed(seat) and \
            g.seat(seat)["character"] == REVEALED_STILL_DEALT_TWO:
        deal(g, seat, 1)  # DB-13.8: Boomer revealed before the phase still gets her 2
    return None


@step("sympathizer")
def _sympathizer(g: Game, frame: Frame) -> Prompt | None:
    seat, uid = frame["seat"], frame["uid"]
    if g.is_revealed(seat):
        others = [s for s in g.seats_range() if s != seat and not g.is_revealed(s)]
        if not others:
            g.pop(frame)
            return None
        return ask(seat, "sympathizer", msg("bsg.loyalty.sympathizer"),
                   [option(msg("bsg.loyalty.give_to", seat=s), type="give", seat=s)
                    for s in others]
                   + [option(msg("bsg.loyalty.keep_sympathizer"), type="keep")])
    g.pop(frame)
    data = g.seat(seat)
    data["loyalty"].remove(uid)
    data["shown_loyalty"].append(uid)
    g.log(msg("bsg.loyalty.reveals_sympathizer", seat=seat, card=catalog.card(uid)["id"]),
          "loyalty", seat=seat)
    push_effects(g, catalog.card(uid)["ability"]["effects"],
                 {"self": seat, "title": said(catalog.card(uid))})
    return None


@answer("sympathizer")
def _sympathizer_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    giver, uid = frame["seat"], frame["uid"]
    if action["type"] == "keep":
        g.pop(frame)
        return
    g.seat(giver)["loyalty"].remove(uid)
    g.seat(action["seat"])["loyalty"].append(uid)
    g.log(msg("bsg.loyalty.gives_sympathizer", seat=giver, seat_target=action["seat"]),
          "loyalty")
    frame["seat"] = action["seat"]


@op("look_at_loyalty")
def _look_at_loyalty(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    viewer, target = who_one(g, p["who"], ctx), who_one(g, p["target"], ctx)
    if viewer is None or target is None or viewer == target:
        return
    if forbidden(g, viewer, "look_at_loyalty"):
        g.log(msg("bsg.loyalty.nobody_may_look"), "loyalty")
        return
    cards = list(g.seat(target)["loyalty"])
    if not p.get("all"):
        g.rng.shuffle(cards)
        cards = cards[: p["count"]]
    g.log(msg("bsg.loyalty.you_looked", seat=target, n=len(cards),
              card=[catalog.card(u)["id"] for u in cards]), "loyalty", to=[viewer])
    saw_loyalty(g, viewer, target, cards, every=bool(p.get("all")))
    g.log(msg("bsg.loyalty.looked_at_yours", seat=viewer, n=len(cards)), "loyalty",
          to=[target])
    g.log(msg("bsg.loyalty.looked_at", seat=viewer, seat_target=target, n=len(cards)),
          "loyalty", not_to=[viewer, target])


@op("give_loyalty_cards")
def _give_loyalty_cards(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and g.seat(seat)["loyalty"]:
        g.push({"step": "give_loyalty", "seat": seat})


@step("give_loyalty")
def _give_loyalty(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    others = [s for s in g.seats_range() if s != seat and not g.is_revealed(s)]
    if not others or not g.seat(seat)["loyalty"]:
        g.pop(frame)
        return None
    return ask(seat, "give_loyalty", msg("bsg.loyalty.give_loyalty"),
               [option(msg("bsg.loyalty.player", seat=s), type="give", seat=s)
                for s in others], public=True)


@answer("give_loyalty")
def _give_loyalty_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, target = frame["seat"], action["seat"]
    cards = g.seat(seat)["loyalty"]
    gave_loyalty(g, seat, target, cards)
    g.seat(target)["loyalty"].extend(cards)
    g.log(msg("bsg.loyalty.gives", seat=seat, seat_target=target, n=len(cards)), "loyalty")
    g.seat(seat)["loyalty"] = []
    for uid in list(g.seat(target)["loyalty"]):
        if catalog.card(uid)["team"] == "sympathizer":
            g.push({"step": "sympathizer", "seat": target, "uid": uid})
        elif uid in cards and catalog.card(uid)["team"] == "mutineer":
            from app.games.bsg.mutineer import received_face_down

            received_face_down(g, target, uid)  # as if dealt to them (DB-13.10)


@op("become_revealed_cylon")
def _become_revealed_cylon(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and not g.is_revealed(seat):
        become_revealed(g, seat, super_crisis=p["super_crisis"], cylon_fleet=p["cylon_fleet"])


def become_revealed(g: Game, seat: int, super_crisis: bool, cylon_fleet: bool) -> None:
    """The reveal procedure: lose titles, go to the Resurrection Ship, maybe draw a Super
    Crisis card, discard down to 3 skill cards."""
    from app.games.bsg.miracles import discard_on_reveal
    from app.games.bsg.places import place
    from app.games.bsg.skills import push_discard
    from app.games.bsg.titles import discard_kept, pass_title_on

    data = g.seat(seat)
    data["revealed"] = True
    data["revealed_turn"] = g.state["turn"]
    data["cylon_fleet_banned"] = not cylon_fleet
    g.log(msg("bsg.loyalty.revealed", seat=seat), "reveal", seat=seat)
    for entry in [e for e in g.state["in_play"] if e["holder"] == seat]:
        discard_kept(g, entry)  # Quorum cards kept in front of them go (FAQ)
    for title in ("president", "admiral"):
        if g.state[title] == seat:
            pass_title_on(g, title)
    # the reveal names its destination: it takes a character out of the Brig, and a stranded
    # character (a Sympathizer dealt before Helo is placed) leaves the human board for good
    data.pop("stranded", None)
    place(g, seat, "resurrection_ship", out_of_brig=True)
    discard_on_reveal(g, seat)
    if super_crisis:
        uid = g.draw_from("super_crisis")
        if uid is not None:
            data["super_crises"].append(uid)
            g.log_private(seat, msg("bsg.loyalty.you_drew_super", card=catalog.card(uid)["id"]),
                          msg("bsg.loyalty.drew_super", seat=seat), "super_crisis")
    push_discard(g, seat, len(data["hand"]) - 3, msg("bsg.loyalty.keep_three"))
    if g.has("daybreak"):
        _daybreak_reveal(g, seat)


def _daybreak_reveal(g: Game, seat: int) -> None:
    """DB-13.8: every Mutiny card is discarded with the skill cards; the Mutineer hands the
    card on face up (DB-8.6). DB-13.9: the other loyalty cards go, unrevealed, to another
    player of the revealer's choice, here at once (before the end of that turn)."""
    from app.games.bsg.mutineer import on_reveal, push_cylon_pass
    from app.games.bsg.mutiny import discard_all

    discard_all(g, seat)
    if g.seat(seat)["loyalty"]:
        push_cylon_pass(g, seat)
    on_reveal(g, seat)


def reveal(g: Game, seat: int, card_id: str) -> None:
    """A hidden Cylon reveals one "You Are a Cylon" card as an action: its power (not from the
    Brig), then the reveal procedure, and the turn ends at once (no Crisis card)."""
    data = g.seat(seat)
    uid = next(u for u in data["loyalty"] if catalog.card(u)["id"] == card_id)
    data["loyalty"].remove(uid)
    data["shown_loyalty"].append(uid)
    card = catalog.card(uid)
    g.log(msg("bsg.loyalty.reveals", seat=seat, card=card["id"]), "reveal", seat=seat,
          card=card["id"])
    g.push({"step": "finish_reveal", "seat": seat})
    ability = card.get("ability")
    if ability and holds(g, ability.get("conditions"), {"self": seat}):
        push_effects(g, ability["effects"], {"self": seat, "title": said(card)})


@step("finish_reveal")
def _finish_reveal(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    g.pop(frame)
    # the turn ends: drop every action still pending for this seat, skip to the end of turn
    g.state["flow"][:] = [f for f in g.state["flow"]
                          if not (f["step"] == "action" and f["seat"] == seat)]
    for turn in g.state["flow"]:
        if turn["step"] == "turn" and turn["seat"] == seat:
            turn["over"] = True
    become_revealed(g, seat, super_crisis=True, cylon_fleet=True)
    return None
