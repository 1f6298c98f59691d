"""Setting up a game, as the rulebook's ten steps: characters in seat order from a random
first player, titles, loyalty, starting hands, the Destiny deck, the first ships."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import leaders_offered, setup_leaders, starting_hand_size
from app.games.bsg.loyalty import build_and_deal
from app.games.bsg.miracles import give_starting_tokens
from app.games.bsg.overlays import game_location
from app.games.bsg.skills import (
    build_destiny,
    draw_skills,
    mix_label,
    skill_set_types,
    type_mixes,
)
from app.games.bsg.space import place_ships
from app.games.bsg.titles import draw_quorum, give_title, next_in_line
from app.games.bsg.words import said

MAIN_TYPES = ("political", "military", "pilot")
START_HAND = 3
CHARACTER_TYPES = {
    "political": msg("bsg.setup.type_political"),
    "military": msg("bsg.setup.type_military"),
    "pilot": msg("bsg.setup.type_pilot"),
    "support": msg("bsg.setup.type_support"),
    "cylon_leader": msg("bsg.charType.cylon_leader"),
}


def begin(g: Game) -> None:
    first = g.rng.randbelow(len(g.state["seats"]))
    g.state["first"] = g.state["current"] = first
    g.log(msg("bsg.setup.first_player", seat=first), "setup")
    g.push({"step": "pick_character", "order": g.clockwise_from(first), "i": 0},
           {"step": "finish_setup"})


def allowed_characters(g: Game) -> list[str]:
    """A player picks from the main type(s) with the most characters left, or support.

    Daybreak's alternate versions (DB-4.2): once either version of a person is chosen the
    other may not be, yet it still counts as left in its type (A-4), unless the host chose to
    drop it from the count (option drop_unpicked_versions). Should every character
    of the type(s) with the most left be such an excluded version, the player picks from the
    type(s) with the most left among those that still offer one. A Cylon Leader is outside
    the balance (A-19), offered as `leaders_offered` says."""
    # the seats and options only read, as they stand: not copied under an action
    taken = {s["character"] for s in dict.__getitem__(g.state, "seats") if s["character"]}
    free = [cid for cid in catalog.characters(g.sets) if cid not in taken]
    gone = {version for cid in taken for version in versions(cid)}
    open_ = [cid for cid in free if cid not in gone]
    options = dict.__getitem__(g.state, "options")
    counted = open_ if options.get("drop_unpicked_versions") else free  # host option
    left = {t: sum(1 for c in counted if catalog.CHARACTERS[c]["type"] == t) for t in MAIN_TYPES}
    offering = [t for t in MAIN_TYPES
                if any(catalog.CHARACTERS[c]["type"] == t for c in open_)]
    most = max((left[t] for t in offering), default=0)
    leaders, must = leaders_offered(g, taken)
    if must:
        return leaders
    return [c for c in open_ if catalog.CHARACTERS[c]["type"] == "support"
            or (most > 0 and left.get(catalog.CHARACTERS[c]["type"]) == most)] + leaders


def versions(character: str) -> set[str]:
    """Every version of the person `character` is (itself included)."""
    base = catalog.CHARACTERS[character].get("alternate_of") or character
    return {cid for cid, c in catalog.CHARACTERS.items()
            if cid == base or c.get("alternate_of") == base}


@step("pick_character")
def _pick_character(g: Game, frame: Frame) -> Prompt | None:
    if frame["i"] >= len(frame["order"]):
        g.pop(frame)
        return None
    seat = frame["order"][frame["i"]]
    return ask(seat, "character", msg("bsg.setup.choose_character"),
               [option(msg("bsg.setup.character", character=c,
                           type=CHARACTER_TYPES[catalog.CHARACTERS[c]["type"]],
                           text=said(catalog.CHARACTERS[c], "text")),
                       type="character", character=c)
                for c in allowed_characters(g)], public=True)  # the characters left are public


@answer("pick_character")
def _pick_character_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["order"][frame["i"]]
    # said before the character is taken: the seat's name is still the player's alone
    g.log(msg("bsg.setup.plays", seat=seat, character=action["character"]),
          "setup", seat=seat, character=action["character"])
    g.seat(seat)["character"] = action["character"]
    frame["i"] += 1


@step("finish_setup")
def _finish_setup(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    for seat in g.seats_range():
        character = g.character(seat)
        g.seat(seat)["location"] = game_location(g.state, character["start_location"])
    if g.has("daybreak"):
        setup_leaders(g)
    give_title(g, "president", next_in_line(g, "president"))
    give_title(g, "admiral", next_in_line(g, "admiral"))
    g.state["nukes"] = catalog.BOARD["supply"]["nuke"]
    draw_quorum(g, 1)
    give_starting_tokens(g)
    build_and_deal(g)
    if g.has("daybreak"):
        from app.games.bsg.motives import deal_setup_motives

        deal_setup_motives(g)
    hands = [{"step": "starting_hand", "seat": s}
             for s in g.clockwise_from(g.state["first"]) if s != g.state["first"]]
    g.push(*hands, {"step": "setup_board"})
    for seat in reversed(g.clockwise_from(g.state["first"])):
        character = g.character(seat)
        if character.get("setup"):
            push_effects(g, character["setup"], {"self": seat, "title": said(character)})
        for key in ("ability", "weakness", "once_per_game"):
            ability = character.get(key) or {}
            if ability.get("timing") == "setup":
                rest = [e for e in ability["effects"] if "deal_loyalty" not in e]
                push_effects(g, rest, {"self": seat, "title": said(ability)})
    return None


@step("starting_hand")
def _starting_hand(g: Game, frame: Frame) -> Prompt | None:
    types = skill_set_types(g, frame["seat"])
    count = starting_hand_size(g, frame["seat"], START_HAND)
    return ask(frame["seat"], "starting_hand", msg("bsg.setup.starting_hand", n=count),
               [option(mix_label(m), type="draw", types=list(m))
                for m in type_mixes(types, count)])


@answer("starting_hand")
def _starting_hand_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    draw_skills(g, frame["seat"], action["types"])


@step("setup_board")
def _setup_board(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    build_destiny(g)
    place_ships(g, catalog.BOARD["setup_ships"])
    g.push({"step": "turn", "seat": g.state["first"], "phase": 0})
    return None
