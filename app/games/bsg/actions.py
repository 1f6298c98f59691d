"""The Action step: what a player may do with an action, and doing it."""

from __future__ import annotations

from typing import Any

from app.core import Option, Prompt
from app.games.bsg import catalog
from app.games.bsg.conditions import holds
from app.games.bsg.effects import automated, op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.space import damaged_locations
from app.games.bsg.statics import forbidden
from app.games.bsg.titles import play_quorum, playable_quorum
from app.games.bsg.who import who

TITLE_ABILITIES = {c["id"]: c for c in catalog.carddata.cards_of("title")}


def location_action(g: Game, seat: int) -> dict[str, Any] | None:
    """The action of the location `seat` stands in, if they may use it now."""
    data = g.seat(seat)
    location = data["location"]
    if location is None:
        return None
    spec = catalog.LOCATIONS[location]
    action = spec.get("action")
    if not action or location in damaged_locations(g):
        return None
    if (spec["ship"] == "cylon") != bool(data["revealed"]):
        return None
    if location == "cylon_fleet" and data["cylon_fleet_banned"]:
        return None
    if forbidden(g, seat, "activate_location", location=location):
        return None
    if location != "brig" and forbidden(g, seat, "activate_occupied_location") and any(
        other != seat and g.seat(other)["location"] == location for other in g.seats_range()
    ):
        return None
    if not holds(g, action.get("conditions"), {"self": seat}):
        return None
    return action if automated(action["effects"]) else None


def title_action(g: Game, seat: int, title: str) -> dict[str, Any] | None:
    if g.state[title] != seat or g.is_revealed(seat):
        return None
    for ability in TITLE_ABILITIES[title]["abilities"]:
        if ability["timing"] == "action" and holds(g, ability.get("conditions"),
                                                     {"self": seat}):
            return ability if automated(ability["effects"]) else None
    return None


def available(g: Game, seat: int) -> list[Option]:
    options: list[Option] = []
    location = g.seat(seat)["location"]
    if location_action(g, seat) is not None:
        name = catalog.LOCATIONS[location]["name"]
        options.append(option(f"Activate {name}: {catalog.LOCATIONS[location]['text']}",
                              type="location", location=location))
    for title, label in (("president", "President: draw 1 Quorum card"),
                         ("admiral", "Admiral: launch a nuke")):
        if title_action(g, seat, title) is not None:
            options.append(option(label, type="title", title=title))
    if g.seat(seat)["viper"] is not None:
        from app.games.bsg.combat import viper_options

        if viper_options(g, seat, piloted=True):
            options.append(option("Activate your viper (move or attack)", type="viper"))
    if g.state["president"] == seat and not g.is_revealed(seat):
        for uid in playable_quorum(g):
            card = catalog.card(uid)
            options.append(option(f"Play Quorum card {card['name']}: {card['text']}",
                                  type="quorum", card=card["id"]))
    options.append(option("Do nothing", type="pass"))
    return options


@step("action")
def _action(g: Game, frame: Frame) -> Prompt | None:
    if frame["left"] <= 0 or g.seat(frame["seat"]).get("stranded"):
        g.pop(frame)
        return None
    left = frame["left"]
    text = "Choose your action" + (f" ({left} left)" if left > 1 else "")
    return ask(frame["seat"], "action", text, available(g, frame["seat"]))


@answer("action")
def _action_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["seat"]
    frame["left"] -= 1
    kind = action["type"]
    if kind == "pass":
        g.log(f"{g.name(seat)} does nothing", "action")
    elif kind == "location":
        spec = catalog.LOCATIONS[action["location"]]
        g.log(f"{g.name(seat)} activates {spec['name']}", "action", location=spec["id"])
        push_effects(g, spec["action"]["effects"],
                     {"self": seat, "title": spec["name"], "location": spec["id"]})
    elif kind == "title":
        ability = title_action(g, seat, action["title"])
        assert ability is not None
        g.log(f"{g.name(seat)} uses the {action['title'].capitalize()}'s action", "action")
        push_effects(g, ability["effects"], {"self": seat, "title": action["title"].capitalize()})
    elif kind == "quorum":
        play_quorum(g, action["card"])
    elif kind == "viper":
        g.push({"step": "viper_activations", "seat": seat, "left": 1, "piloted": True})


@op("take_actions")
def _take_actions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        g.push({"step": "action", "seat": seat, "left": p["count"]})
