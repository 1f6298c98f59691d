"""The Action step: every kind of action a player may take, each offered only when it may be
taken now and resolved by the engine. Kinds register here: a location's action, a title's, a
Quorum card, a skill card's, a character's, revealing a loyalty card, a piloted viper."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.abilities import character_abilities, offer
from app.games.bsg.combat import viper_options
from app.games.bsg.conditions import holds
from app.games.bsg.effects import automated, op, op_names, push_effects
from app.games.bsg.facts import with_card
from app.games.bsg.flow import Frame, answer, ask, irreversible, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once, option_once, plain_once
from app.games.bsg.leaders import SHEET_ACTIONS, acts_as_cylon, sheet_in_force
from app.games.bsg.miracles import ONCE, cost, in_game, once_available, spend_once
from app.games.bsg.overlays import base_of
from app.games.bsg.skills import (
    PLAYED_AT,
    distinct_cards,
    push_discard,
    said_card,
    take_from_hand,
)
from app.games.bsg.space import damaged_locations, on_board, viper_to_launch
from app.games.bsg.statics import forbidden, skill_action_discard
from app.games.bsg.titles import playable_quorum
from app.games.bsg.who import who
from app.games.bsg.words import said

Offer = Callable[[Game, int], list[Option]]
Do = Callable[[Game, Frame, int, dict[str, Any]], None]
KINDS: dict[str, tuple[Offer, Do]] = {}

TITLE_ABILITIES = {c["id"]: c for c in catalog.carddata.cards_of("title")}


def action_kind(name: str, offer: Offer) -> Callable[[Do], Do]:
    def register(do: Do) -> Do:
        KINDS[name] = (offer, do)
        return do

    return register


def available(g: Game, seat: int) -> list[Option]:
    options: list[Option] = []
    for offers, _ in KINDS.values():
        options += offers(g, seat)
    options.append(option_once("bsg.actions.pass",
                               lambda: option(plain_once("bsg.actions.pass"), type="pass")))
    return options


@step("action")
def _action(g: Game, frame: Frame) -> Prompt | None:
    if frame["left"] <= 0 or g.seat_as_is(frame["seat"]).get("stranded"):
        g.pop(frame)
        return None
    left = frame["left"]
    # made once, their words found by identity (in_words.made_once): asked at every turn
    text = made_once(("bsg.actions.choose_left", left),
                     lambda: msg("bsg.actions.choose_left", n=left)) if left > 1 \
        else plain_once("bsg.actions.choose")
    return ask(frame["seat"], "action", text, available(g, frame["seat"]))


@answer("action")
def _action_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["seat"]
    frame["left"] -= 1
    if action["type"] == "pass":
        g.log(msg("bsg.actions.does_nothing", seat=seat), "action")
        return
    KINDS[action["type"]][1](g, frame, seat, action)


@op("take_actions")
def _take_actions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        g.push({"step": "action", "seat": seat, "left": p["count"]})


def usable(g: Game, ability: dict[str, Any] | None, seat: int) -> bool:
    """An "Action:" ability whose conditions hold, whose effects the engine resolves, and
    which has something to aim at (no guns or nukes fired into empty space)."""
    if not ability or ability.get("timing") != "action":
        return False
    conditions = ability.get("conditions")  # (most have none: no context made then)
    if conditions and not holds(g, conditions, {"self": seat}):
        return False
    if not automated(ability["effects"]):
        return False
    names = op_names(ability["effects"])
    if "launch_nuke" in names and not on_board(g, "basestar"):
        return False
    if "galactica_attack" in names and not any(
            on_board(g, kind) for kind in ("raider", "heavy_raider", "basestar")):
        return False
    if "launch_and_pilot" in names and not viper_to_launch(g):
        # every viper destroyed or damaged: no launch, and no "one more action" after it (offered,
        # a Hangar Deck with nothing to launch gave actions for ever)
        return False
    return not _only_closed_choice(g, ability["effects"], seat)


def _only_closed_choice(g: Game, effects: list[dict[str, Any]], seat: int) -> bool:
    """The whole effect is a choice none of whose options may be taken now (a Repair with
    nothing damaged to repair): playing it would do nothing but spend the action, and would
    still count as having played it (Tyrol's Maintenance Engineer)."""
    if len(effects) != 1 or "choose" not in effects[0]:
        return False
    return not any(holds(g, choice.get("requires"), {"self": seat})
                   for choice in effects[0]["choose"]["options"])


# ---- locations -----------------------------------------------------------------------------

def location_action(g: Game, seat: int) -> dict[str, Any] | None:
    """The action of the location `seat` stands in, if they may use it now."""
    data = g.seat_as_is(seat)  # only read: asked at every Action step
    location = data["location"]
    if location is None:
        return None
    spec = catalog.LOCATIONS[location]
    action = spec.get("action")
    if not action or location in damaged_locations(g):
        return None
    if spec["ship"] == "rebel_basestar":  # its marker's side only (DB-15.14-15.15)
        from app.games.bsg.rebel_basestar import may_board

        if not may_board(g, seat):
            return None
    elif (spec["ship"] == "cylon") != acts_as_cylon(g, seat):
        return None
    if base_of(location) == "cylon_fleet" and data["cylon_fleet_banned"]:
        return None
    if forbidden(g, seat, "activate_location", location=location):
        return None
    if location != "brig" and forbidden(g, seat, "activate_occupied_location") and any(
        other != seat and g.seat_as_is(other)["location"] == location
        for other in g.seats_range()
    ):
        return None
    return action if usable(g, action, seat) else None


def _before_activation(g: Game, seat: int) -> list[dict[str, Any]]:
    """Roslin's Terminal Illness: the discards owed before activating any location."""
    return [a for _, _, a in character_abilities(g, "before_location_activation", [seat])]


def _offer_location(g: Game, seat: int) -> list[Option]:
    if location_action(g, seat) is None:
        return []
    for ability in _before_activation(g, seat):
        owed = sum(e["discard_skills"]["count"] for e in ability["effects"]
                   if "discard_skills" in e)
        if len(g.seat_as_is(seat)["hand"]) < owed:
            return []
    spec = catalog.LOCATIONS[g.seat_as_is(seat)["location"]]
    return [option(msg("bsg.actions.activate", location=spec["id"], text=said(spec, "text")),
                   type="location", location=spec["id"])]


@action_kind("location", _offer_location)
def _do_location(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    activate_location(g, seat, action["location"])


def activate_location(g: Game, seat: int, location: str) -> None:
    """`seat` uses the action of `location` (standing there, or by a card that says so)."""
    spec = catalog.LOCATIONS[location]
    g.log(msg("bsg.actions.activates", seat=seat, location=spec["id"]), "action",
          location=spec["id"])
    offer(g, "after_own_location_activation", [seat], {"location": spec["id"]})  # Dutiful
    push_effects(g, spec["action"]["effects"],
                 {"self": seat, "title": said(spec), "location": spec["id"]})
    for ability in _before_activation(g, seat):
        push_effects(g, ability["effects"], {"self": seat, "title": said(ability)})


@op("activate_location")
def _activate_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Unorthodox Plans: one of `locations`, wherever `who` stands, damaged or not."""
    for seat in who(g, p["who"], ctx):
        g.push({"step": "activate_location", "seat": seat, "locations": list(p["locations"]),
                "title": ctx.get("title")})


@step("activate_location")
def _activate_location_run(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "activate_location",
               msg("bsg.skill_cards.activate_which", name=frame["title"]),
               [option(msg("bsg.actions.activate", location=loc,
                           text=said(catalog.LOCATIONS[loc], "text")),
                       type="location", location=loc) for loc in frame["locations"]],
               public=True)


@answer("activate_location")
def _activate_location_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    activate_location(g, frame["seat"], action["location"])


# ---- titles and Quorum cards ---------------------------------------------------------------

def title_action(g: Game, seat: int, title: str) -> dict[str, Any] | None:
    if g.state[title] != seat or g.is_revealed(seat):
        return None
    for ability in TITLE_ABILITIES[title]["abilities"]:
        if usable(g, ability, seat):
            return ability
    return None


def _offer_title(g: Game, seat: int) -> list[Option]:
    labels = {"president": msg("bsg.actions.president"), "admiral": msg("bsg.actions.admiral")}
    return [option(label, type="title", title=title) for title, label in labels.items()
            if title_action(g, seat, title) is not None]


@action_kind("title", _offer_title)
def _do_title(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    ability = title_action(g, seat, action["title"])
    assert ability is not None
    g.log(msg("bsg.actions.title_action", seat=seat, title=action["title"]), "action")
    push_effects(g, ability["effects"],
                 {"self": seat, "title": said(TITLE_ABILITIES[action["title"]])})


def _offer_quorum(g: Game, seat: int) -> list[Option]:
    if g.state["president"] != seat or g.is_revealed(seat):
        return []
    return [option(msg("bsg.actions.play_quorum", card=catalog.card(u)["id"],
                       text=said(catalog.card(u), "text")),
                   type="quorum", card=catalog.card(u)["id"]) for u in playable_quorum(g)]


@action_kind("quorum", _offer_quorum)
def _do_quorum(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import play_quorum

    play_quorum(g, action["card"])


# ---- skill cards ---------------------------------------------------------------------------

def _offer_skill_cards(g: Game, seat: int) -> list[Option]:
    if g.is_revealed(seat):
        return []
    hand = g.seat_as_is(seat)["hand"]
    offered, discard = [], None
    for uid in distinct_cards(hand):
        if PLAYED_AT.get(uid) != "action":  # what `usable` looks at first
            continue
        card = catalog.card(uid)
        if not usable(g, card["ability"], seat) or turn_limit_reached(g, card) \
                or forbidden(g, seat, "skill_card_action", skill_type=catalog.skill_type(uid)):
            continue
        if discard is None:  # the same for every card: the lasting rules asked once
            discard = skill_action_discard(g, seat)
        if len(hand) > discard:
            offered.append(_skill_card_option(uid))
    return offered


def _skill_card_option(uid: str) -> Option:
    """"Play <card>: <its text>" with the card: made once per card (in_words.option_once)."""
    return option_once(("bsg.actions.play_skill", uid), _skill_card_made, uid)


def _skill_card_made(uid: str) -> Option:
    return with_card(option(made_once(("bsg.actions.play_skill", uid), _skill_card_said, uid),
                            type="skill_card", card=catalog.card(uid)["id"]))


def _skill_card_said(uid: str) -> Msg:
    return msg("bsg.actions.play_skill", card=said_card(uid),
               text=said(catalog.card(uid), "text"))


def turn_limit_reached(g: Game, card: dict[str, Any]) -> bool:
    """A skill card limited to one per turn (Executive Order, errata) was already played in
    this turn: the whole turn of the current player, by anyone, so that a player given actions
    by an Executive Order may not play another."""
    return card["ability"].get("limit") == "once_per_turn" and \
        card["name"] in dict.get(g.state, "played_this_turn", [])


@action_kind("skill_card", _offer_skill_cards)
def _do_skill_card(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    uid = take_from_hand(g, seat, action["card"])
    card = catalog.card(uid)
    g.discard_card(uid)
    if card["ability"].get("limit") == "once_per_turn":  # see turn_limit_reached
        g.state.setdefault("played_this_turn", []).append(card["name"])
    g.log(msg("bsg.actions.plays_skill", seat=seat, card=said_card(uid)), "action",
          card=card["id"])
    if card["name"] == "Repair":  # Tyrol's Maintenance Engineer comes after the repair
        offer(g, "after_repair_card", [seat])
    push_effects(g, card["ability"]["effects"], {"self": seat, "title": said(card)})
    if skill_action_discard(g, seat):  # Reluctant: the discard comes first
        push_discard(g, seat, skill_action_discard(g, seat), said(card), chosen=True)


# ---- character sheets ----------------------------------------------------------------------

def _character_actions(g: Game, seat: int) -> list[tuple[str, dict[str, Any]]]:
    data = g.seat_as_is(seat)  # only read
    if not sheet_in_force(g, seat):
        return []
    character = catalog.CHARACTERS[data["character"]]
    found = []
    for key in ("ability", "once_per_game"):
        ability = character.get(key)
        if key == ONCE and not once_available(g, seat):
            continue
        coded = SHEET_ACTIONS.get((character["id"], key))
        if coded is not None:  # a Leader's sheet action, carried out in code (DB-9.3)
            if ability and ability.get("timing") == "action" and coded[0](g, seat):
                found.append((key, ability))
        elif usable(g, ability, seat) and (ability or {}).get("effects"):
            found.append((key, ability))
    return found


def _offer_character(g: Game, seat: int) -> list[Option]:
    keys = {"ability": "bsg.actions.ability", "once_per_game": "bsg.actions.ability_once"}
    offered = []
    for key, ability in _character_actions(g, seat):
        if key == ONCE and in_game(g):  # a Miracle ability: it costs tokens
            label = msg("bsg.miracles.action", ability=said(ability),
                        text=said(ability, "text"), n=cost(g, seat))
        else:
            label = msg(keys[key], ability=said(ability), text=said(ability, "text"))
        o = option(label, type="character", ability=key)
        offered.append(irreversible(o) if key == "once_per_game" else o)
    return offered


@action_kind("character", _offer_character)
def _do_character(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    ability = g.character(seat)[action["ability"]]
    g.log(msg("bsg.actions.uses", seat=seat, ability=said(ability)), "action")
    if action["ability"] == ONCE:
        spend_once(g, seat)
    coded = SHEET_ACTIONS.get((g.seat(seat)["character"], action["ability"]))
    if coded is not None:
        coded[1](g, seat)
        return
    push_effects(g, ability["effects"], {"self": seat, "title": said(ability)})


# ---- revealing -----------------------------------------------------------------------------

def _offer_reveal(g: Game, seat: int) -> list[Option]:
    data = g.seat_as_is(seat)  # only read
    if data["revealed"] or forbidden(g, seat, "reveal"):
        return []
    seen: dict[str, str] = {}
    for uid in data["loyalty"]:
        card = catalog.card(uid)
        if card["team"] == "cylon":
            seen.setdefault(card["id"], uid)
    return [irreversible(option(msg("bsg.actions.reveal", card=catalog.card(u)["id"],
                                    text=said(catalog.card(u), "text")),
                                type="reveal", card=catalog.card(u)["id"]))
            for u in seen.values()]


@action_kind("reveal", _offer_reveal)
def _do_reveal(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.loyalty import reveal

    reveal(g, seat, action["card"])


# ---- a pilot's own viper -------------------------------------------------------------------

def _offer_viper(g: Game, seat: int) -> list[Option]:
    # only read: asked at every Action step
    if g.seat_as_is(seat)["viper"] is None or not viper_options(g, seat, piloted=True):
        return []
    return [option(msg("bsg.actions.viper"), type="viper")]


@action_kind("viper", _offer_viper)
def _do_viper(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    g.push({"step": "viper_activations", "seat": seat, "left": 1, "piloted": True})
