"""A turn: Receive Skills, Movement, Action, Crisis (with Cylon activation and jump
preparation), end of turn (hand limits, the resource check). A revealed Cylon's turn: draw 2
skill cards of any types, move among the Cylon locations, one action there."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.abilities import fire, offer
from app.games.bsg.course import note_resources
from app.games.bsg.daybreak_turn import cylon_receive_skills, push_quorum_limit
from app.games.bsg.effects import op, push_effects
from app.games.bsg.endgame import check_resources
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once, option_once, plain_once
from app.games.bsg.leader_sheets import may_leave, push_move_cost
from app.games.bsg.leaders import acts_as_cylon
from app.games.bsg.places import locations_of, place
from app.games.bsg.rebel_basestar import REBEL_BASESTAR, human_ships, may_board, move_costs_a_card
from app.games.bsg.skills import (
    draw_skills,
    push_discard,
    push_discards_at_once,
    push_draw_choice,
    skill_set_types,
)
from app.games.bsg.statics import (
    forbidden,
    hand_limit,
    receive_skills_fewer,
    receive_skills_limit,
    skips_receive_skills,
)
from app.games.bsg.who import who

HUMAN_PHASES = ("start", "receive_skills", "movement", "action", "crisis", "end")
CYLON_PHASES = ("start", "receive_skills", "movement", "action", "end")


@step("turn")
def _turn(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if "phases" not in frame:  # fixed when the turn starts: revealing mid-turn keeps its steps
        frame["phases"] = list(CYLON_PHASES if acts_as_cylon(g, seat) else HUMAN_PHASES)
    phases = frame["phases"]
    if frame["phase"] >= len(phases):
        g.pop(frame)
        g.push({"step": "turn", "seat": (seat + 1) % len(g.seats_range()), "phase": 0})
        return None
    if frame.get("over") and phases[frame["phase"]] != "end":
        frame["phase"] = phases.index("end")
    phase = phases[frame["phase"]]
    frame["phase"] += 1
    if phase == "start":
        _start(g, seat)
    elif phase == "receive_skills":
        g.push({"step": "receive_skills", "seat": seat, "splits": []})
    elif phase == "movement" and g.has("daybreak"):  # sheets act as the step ends (Kleptomania)
        g.push({"step": "movement", "seat": seat}, {"step": "after_movement", "seat": seat})
    elif phase == "movement":
        g.push({"step": "movement", "seat": seat})
    elif phase == "action":
        g.push({"step": "action", "seat": seat, "left": frame.get("actions", 1)})
    elif phase == "crisis":
        g.push({"step": "crisis"})
    else:
        g.push({"step": "end_turn", "stage": "abilities"})
    return None


def _start(g: Game, seat: int) -> None:
    g.state["current"] = seat
    note_resources(g)  # the turn before this one is over
    g.state["turn"] += 1
    data = g.seat(seat)
    data["turns"] += 1
    g.log(msg("bsg.turn.started", n=g.state["turn"], seat=seat), "turn", seat=seat,
          turn=g.state["turn"])
    for other in g.seats_range():  # copied only if there is something to take off
        if "used_this_turn" in g.seat_as_is(other):
            g.seat(other).pop("used_this_turn")
    g.state["played_this_turn"] = []
    stranded = data.get("stranded")
    if stranded and data["turns"] >= stranded["until_turn"]:
        data.pop("stranded")
        place(g, seat, stranded["location"])
    fire(g, "start_of_own_turn", [seat])
    fire(g, "start_of_any_turn", g.clockwise_from(seat))


@op("stranded")
def _stranded(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = ctx["self"]
    g.seat(seat)["stranded"] = {"until_turn": p["until_turn"], "location": p["location"]}
    g.seat(seat)["location"] = None
    g.log(msg("bsg.turn.stranded", seat=seat), "setup")


# ---- Receive Skills ------------------------------------------------------------------------

@step("receive_skills")
def _receive_skills(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    # Athena's Grieving (on Hub Destroyed she draws nothing anyway, and loses her Super Crises)
    if skips_receive_skills(g, seat) and g.seat(seat)["location"] != "hub_destroyed":
        g.pop(frame)
        g.log(msg("bsg.leader_sheets.no_skills", seat=seat, location=g.seat(seat)["location"]),
              "skills")
        return None
    if acts_as_cylon(g, seat):
        g.pop(frame)
        if g.has("daybreak"):
            cylon_receive_skills(g, seat)
        else:
            push_draw_choice(g, seat, list(catalog.SKILL_TYPES), 2,
                             msg("bsg.turn.revealed_draw"))
        return None
    limit = receive_skills_limit(g, seat)
    if limit is not None:
        g.pop(frame)
        push_draw_choice(g, seat, skill_set_types(g, seat), limit,
                         msg("bsg.turn.draw_only", location=g.seat(seat)["location"], n=limit))
        return None
    entries = g.character(seat)["skills"]
    multi = [e for e in entries if len(e["types"]) > 1]
    if len(frame["splits"]) < len(multi):
        entry = multi[len(frame["splits"])]
        a, b = entry["types"]
        n = entry["count"]
        return ask(seat, "receive_skills",
                   msg("bsg.turn.split", skill_a=a, skill_b=b, n=n),
                   [option(msg("bsg.turn.split_option", skill_a=a, skill_b=b, first=k,
                               second=n - k), type="split", first=k)
                    for k in range(n, -1, -1)])
    types: list[str] = []
    splits = iter(frame["splits"])
    for entry in entries:
        if len(entry["types"]) == 1:
            types += entry["types"] * entry["count"]
        else:
            k = next(splits)
            types += [entry["types"][0]] * k + [entry["types"][1]] * (entry["count"] - k)
    fewer = min(receive_skills_fewer(g, seat), len(types))
    for skill in frame.get("fewer", []):
        types.remove(skill)
    if len(frame.get("fewer", [])) < fewer:  # the player picks which type they draw less of
        kinds = list(dict.fromkeys(types))
        if len(kinds) > 1:
            return ask(seat, "receive_skills", msg("bsg.turn.draw_fewer"),
                       [option(msg("bsg.turn.draw_fewer_of", skill=k), type="fewer", skill=k)
                        for k in kinds])
        types = types[: len(types) - (fewer - len(frame.get("fewer", [])))]
    g.pop(frame)
    draw_skills(g, seat, types)
    if g.seat_as_is(seat).get("infiltrating"):  # only read: the draw changed the hand alone
        from app.games.bsg.infiltration import infiltrator_extra_draw

        infiltrator_extra_draw(g, seat)
    return None


@answer("receive_skills")
def _receive_skills_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "fewer":
        frame.setdefault("fewer", []).append(action["skill"])
        return
    frame["splits"].append(action["first"])


# ---- Movement ------------------------------------------------------------------------------

def _movement_options(g: Game, seat: int) -> list[Any]:
    data = g.seat_as_is(seat)  # only read: the options of a move
    options = [option_once("bsg.turn.stay", lambda: option(plain_once("bsg.turn.stay"),
                                                           type="stay"))]
    has_cards = bool(data["hand"])
    if acts_as_cylon(g, seat):
        if not may_leave(g, seat):  # D'Anna's Heretic without a Super Crisis card
            return options
        for loc in locations_of(g, "cylon"):
            if loc != data["location"]:
                options.append(option(msg("bsg.turn.move_to", location=loc), type="move",
                                      to=loc))
        if has_cards and may_board(g, seat):  # the Rebel Basestar on the Cylon side
            options += [option(msg("bsg.turn.move_to_discard", location=loc), type="move",
                               to=loc)
                        for loc in locations_of(g, REBEL_BASESTAR) if loc != data["location"]]
        return options
    if data["viper"] is not None:
        area = data["viper"]
        for near in catalog.BOARD["space_areas"]:
            if near["id"] == area:
                for adjacent in near["adjacent"]:
                    options.append(option(msg("bsg.turn.fly_to", area=adjacent),
                                          type="fly", to=adjacent))
        if has_cards:
            for ship in human_ships(g, seat):
                if forbidden(g, seat, "move_to", ship=ship):
                    continue
                for loc in locations_of(g, ship):
                    options.append(option(msg("bsg.turn.leave_viper", location=loc),
                                          type="move", to=loc))
        return options
    for ship in human_ships(g, seat):
        if forbidden(g, seat, "move_to", ship=ship):
            continue
        paid = None  # the same for every location of a ship: `move_costs_a_card` weighs
        for loc in locations_of(g, ship):  # a target by its ship alone
            if loc == data["location"]:
                continue
            if paid is None:
                paid = move_costs_a_card(g, seat, loc)
            if paid and not has_cards:
                continue
            options.append(_moving("bsg.turn.move_to_discard" if paid else "bsg.turn.move_to",
                                   loc))
    return options


def _moving(key: str, location: str) -> Option:
    """"Move to <location>" (and discard a card): the option made once per location
    (in_words.option_once)."""
    return option_once((key, location), _move_made, key, location)


def _move_made(key: str, location: str) -> Option:
    return option(made_once((key, location), _move_said, key, location), type="move",
                  to=location)


def _move_said(key: str, location: str) -> Msg:
    return msg(key, location=location)


@step("movement")
def _movement(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    data = g.seat_as_is(seat)  # only read
    if data.get("stranded") or forbidden(g, seat, "move"):
        g.pop(frame)
        return None
    return ask(seat, "movement", plain_once("bsg.turn.movement"),
               _movement_options(g, seat))


@answer("movement")
def _movement_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat = frame["seat"]
    if action["type"] == "stay":
        return
    if action["type"] == "fly":
        data = g.seat(seat)
        area = data["viper"]
        vipers = g.state["space"][area]["vipers"]
        viper = next(v for v in vipers if v["pilot"] == seat)
        vipers.remove(viper)
        g.state["space"][action["to"]]["vipers"].append(viper)
        data["viper"] = action["to"]
        g.log(msg("bsg.turn.flies", seat=seat, area=action["to"]), "move")
        return
    target = action["to"]
    g.push({"step": "move_to", "seat": seat, "location": target})
    push_move_cost(g, seat)
    if move_costs_a_card(g, seat, target):
        push_discard(g, seat, 1, msg("bsg.turn.moving", location=target), chosen=True)


@step("after_movement")
def _after_movement(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    fire(g, "end_of_own_movement", [frame["seat"]])
    return None


@op("brig_at_end_of_turn")
def _brig_at_end_of_turn(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        g.seat(seat)["brig_at_end_of_turn"] = True
        g.log(msg("bsg.turn.brig_at_end", seat=seat), "brig")


@step("move_to")
def _move_to(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    place(g, frame["seat"], frame["location"])
    return None


# ---- End of turn ---------------------------------------------------------------------------

@step("end_turn")
def _end_turn(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "abilities":
        frame["stage"] = "limits"
        offer(g, "end_of_own_turn", [g.current])
        for seat in g.seats_range():  # sent to the Brig at the end of the turn (Kleptomania)
            if "brig_at_end_of_turn" in g.seat_as_is(seat) \
                    and g.seat(seat).pop("brig_at_end_of_turn"):
                push_effects(g, [{"move_character": {"who": "self", "to": "brig"}}],
                             {"self": seat})
        return None
    if frame["stage"] == "limits":
        frame["stage"] = "check"
        if g.has("daybreak"):
            push_quorum_limit(g)
        # every player over their limit discards, all choosing at once (each limit weighed
        # once: the lasting rules are asked about the seat's sheet, place and kept cards)
        owed = []
        for seat in g.clockwise_from(g.current):
            limit = hand_limit(g, seat)
            over = len(g.seat_as_is(seat)["hand"]) - limit
            if over > 0:
                owed.append((seat, over, msg("bsg.turn.hand_limit", n=limit)))
        push_discards_at_once(g, owed)
        return None
    g.pop(frame)
    check_resources(g)
    return None
