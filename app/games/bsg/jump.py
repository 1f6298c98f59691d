"""Jumping: the Jump Preparation track, FTL Control, choosing a destination, distance and the
objective card: Kobol (the Sleeper Agent phase at 4, the winning jump after 8), or Earth in
Daybreak's Search for Home (search_for_home.objective)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.core.protocol import Fact
from app.games.bsg import catalog
from app.games.bsg.abilities import offer
from app.games.bsg.assault_raptors import ask_to_stay
from app.games.bsg.dice import odds, odds_fact, push_roll, then
from app.games.bsg.effects import op, push_effects
from app.games.bsg.endgame import win
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import placed_in_deck
from app.games.bsg.search_for_home import objective, playing
from app.games.bsg.space import clear_space
from app.games.bsg.titles import discard_kept
from app.games.bsg.words import said

TRACK = catalog.BOARD["jump_track"]
AUTO_JUMP = len(TRACK) - 1
FTL_SAFE_AT = 7  # a jump from a risky space loses its population on a lower roll


def distance(g: Game) -> int:
    return g.state["distance"]


@op("jump_track")
def _jump_track(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    before = g.state["jump_track"]
    after = max(0, min(AUTO_JUMP, before + p["steps"]))
    g.state["jump_track"] = after
    if after != before:
        g.log(msg("bsg.jump.track", n=after, max=AUTO_JUMP), "jump_track", space=after)
    if after == AUTO_JUMP:
        g.log(msg("bsg.jump.auto_jump"), "jump")
        g.push({"step": "jump", "stage": "start"})


@op("ftl_jump")
def _ftl_jump(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """The current player rolls (rulebook), even when another player activated FTL Control
    with an action the current player gave them."""
    space = TRACK[g.state["jump_track"]]
    push_roll(g, g.current, said(catalog.LOCATIONS["ftl_control"]),
              {"kind": "ftl", "risk": space.get("population_risk") or 0})


@odds("ftl")
def _ftl_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    if not after["risk"]:
        return []
    return [odds_fact("population", 1, FTL_SAFE_AT - 1, modifier)]


@then("ftl")
def _ftl_result(g: Game, result: int, after: dict[str, Any]) -> None:
    if result < FTL_SAFE_AT and after["risk"]:
        g.gain("population", -after["risk"])
    g.push({"step": "jump", "stage": "start"})


def _kept_destination_picker(g: Game) -> tuple[int, int, dict[str, Any] | None]:
    """Who picks the destination and from how many cards: the Admiral from 2, unless a kept
    card (Assign Mission Specialist) gives the choice to its holder."""
    for entry in g.state["in_play"]:
        for ability in entry["abilities"]:
            if ability.get("timing") == "jump_destination":
                ((_, params),) = ability["effects"][0].items()
                return entry["holder"], params["draw"], entry
    return g.state["admiral"], 2, None


@step("jump")
def _jump(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "start":
        g.log(msg("bsg.jump.jumps"), "jump")
        if g.state["kobol_reached"]:
            g.pop(frame)
            if all(v > 0 for v in g.state["resources"].values()):
                win(g, "humans", msg("bsg.home.reached_earth") if playing(g.state)
                    else msg("bsg.jump.reached_kobol"))
            else:
                g.log(msg("bsg.jump.no_victory"), "jump")
                g.state["jump_track"] = 0
            return None
        if g.has("daybreak"):  # abilities used in the Remove Ships step come first
            frame["stage"] = "remove_ships"
            offer(g, "jump_remove_ships", g.clockwise_from(g.current))
            return None
    if frame["stage"] in ("start", "remove_ships"):
        if not frame.get("stay_asked") and ask_to_stay(g):
            frame["stay_asked"] = True  # Daybreak: Assault Raptors may stay in space (DB-11.7)
            return None
        clear_space(g)
        if playing(g.state):  # DB-15.12: the Active Mission leaves with the ships
            from app.games.bsg.missions import clear_active_mission

            clear_active_mission(g)
        _shuffle_back_pursuers(g)
        picker, count, entry = _kept_destination_picker(g)
        drawn = [uid for uid in (g.draw_from("destination") for _ in range(count)) if uid]
        g.state["aside"]["destination_choice"] = drawn
        frame.update(stage="choose", picker=picker, kept=entry["uid"] if entry else None)
        g.log_private(picker,
                      msg("bsg.jump.you_draw", card=[catalog.card(u)["id"] for u in drawn]),
                      msg("bsg.jump.draws", seat=picker, n=len(drawn)), "destination")
        return None
    if frame["stage"] == "choose":
        drawn = g.state["aside"]["destination_choice"]
        return ask(frame["picker"], "destination", msg("bsg.jump.choose"),
                   [option(msg("bsg.jump.destination", card=catalog.card(u)["id"],
                               n=catalog.card(u)["distance"], text=said(catalog.card(u), "text")),
                           type="destination", card=u)
                    for u in drawn], public=True)  # how many were drawn is public
    # stage "arrived": the destination's effects have resolved
    g.pop(frame)
    g.state["jump_track"] = 0
    for entry in list(g.state["in_play"]):
        if entry["on_jump"] == "discard" or "jump" in entry["until"]:
            discard_kept(g, entry)
    return None


def _shuffle_back_pursuers(g: Game) -> None:
    """A card kept "until a civilian ship or a basestar is destroyed, shuffled back if the fleet
    jumps first" (Thirty-Three) goes back as the fleet leaves: before the destination's effects,
    so that a civilian ship lost there (Asteroid Field) does not discard it."""
    for entry in list(g.state["in_play"]):
        if entry["on_jump"] == "shuffle_into_deck":
            g.state["in_play"].remove(entry)
            g.deck("crisis").append(entry["uid"])
            g.rng.shuffle(g.deck("crisis"))
            g.log(msg("bsg.jump.shuffled_back", card=catalog.card(entry["uid"])["id"]), "card")


@answer("jump")
def _jump_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    drawn = g.state["aside"].pop("destination_choice")
    chosen = action["card"]
    for uid in drawn:
        if uid != chosen:
            g.deck("destination").insert(0, uid)  # the bottom of the deck
    placed_in_deck(g, frame["picker"], "destination", [u for u in drawn if u != chosen],
                   "bottom")
    card = catalog.card(chosen)
    g.log(msg("bsg.jump.chose", seat=frame["picker"], card=card["id"], n=card["distance"]),
          "destination", card=card["id"])
    frame["stage"] = "arrived"
    g.state["aside"].setdefault("by_kobol", []).append(chosen)
    g.push({"step": "add_distance", "uid": chosen, "distance": card["distance"]})
    push_effects(g, card["effects"], {"self": frame["picker"], "title": said(card)})


@op("place_by_kobol")
def _place_by_kobol(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    uid = ctx.get("card")
    if g.take_aside("resolving", uid):
        g.state["aside"].setdefault("by_kobol", []).append(uid)
        g.push({"step": "add_distance", "uid": uid, "distance": p["distance"]})


@step("add_distance")
def _add_distance(g: Game, frame: Frame) -> Prompt | None:
    """Lay a card beside Kobol; each milestone happens the first time the distance reaches
    it (decided for Legendary Discovery too: at once, not at the next jump)."""
    g.pop(frame)
    g.take_aside("by_kobol", frame["uid"])
    g.state["destinations"].append(frame["uid"])
    add_distance(g, frame["distance"])
    return None


def add_distance(g: Game, amount: int) -> None:
    """The fleet's distance grows (a destination, Legendary Discovery, a passed distance
    Mission); each milestone of the objective card happens the first time it is reached."""
    before = g.state["distance"]
    g.state["distance"] = before + amount
    g.log(msg("bsg.jump.distance", n=g.state["distance"]), "distance",
          distance=g.state["distance"])
    for milestone in reversed(objective(g.state)["milestones"]):
        if before < milestone["distance"] <= g.state["distance"]:
            if milestone["event"] == "sleeper_agent_phase" and not g.state["sleeper_done"]:
                g.state["sleeper_done"] = True
                g.push({"step": "sleeper_phase"})
            elif milestone["event"] == "final_jump":
                g.state["kobol_reached"] = True
                g.log(msg("bsg.home.earth_near") if playing(g.state)
                      else msg("bsg.jump.kobol_near"), "kobol")


@op("choose_destination")
def _choose_destination(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Only meaningful as the ability of a kept card, read by the jump itself."""
