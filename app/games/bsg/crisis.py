"""The Crisis step: draw, resolve by kind (skill check, choice, Cylon attack), then activate
Cylon ships by the card's icons and prepare for the jump."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.abilities import character_abilities, fire, offer
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import placed_in_deck
from app.games.bsg.leader_sheets import activation_offered
from app.games.bsg.leaders import acts_as_cylon
from app.games.bsg.motives import push_crisis_reveals
from app.games.bsg.search_for_home import bridge_activated_this_turn
from app.games.bsg.skillcheck import crisis_modifiers, skills_said
from app.games.bsg.statics import forbidden
from app.games.bsg.who import who_one
from app.games.bsg.words import said

ICON_NAMES = {
    "activate_raiders": "bsg.crisis.icon.activate_raiders",
    "launch_raiders": "bsg.crisis.icon.launch_raiders",
    "activate_heavy_raiders": "bsg.crisis.icon.activate_heavy_raiders",
    "activate_basestars": "bsg.crisis.icon.activate_basestars",
}
"""The Cylon activation icons of crisis cards (message keys)."""


@step("crisis")
def _crisis(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    if acts_as_cylon(g, g.current):  # a Sympathizer turned Cylon mid-turn: no crisis
        return None
    if bridge_activated_this_turn(g.state):  # Search for Home (DB-15.5)
        g.log(msg("bsg.home.no_crisis", seat=g.current), "crisis")
        return None
    if forbidden(g, g.current, "draw_crisis"):
        g.log(msg("bsg.crisis.brig", seat=g.current, location="brig"), "crisis")
        return None
    if any(character_abilities(g, "draw_crisis", [g.current])):
        fire(g, "draw_crisis", [g.current])  # Roslin: draws two, resolves one
        return None
    uid = g.draw_from("crisis")
    if uid is not None:
        push_resolve(g, uid, ship_steps=True)
    return None


def push_resolve(g: Game, uid: str, ship_steps: bool, jump_step: bool = False) -> None:
    """Resolve a crisis card; `jump_step`: without the other ship steps, Prepare for Jump still
    happens (Daybreak's Caprica, DB-12.1 and DB-13.11)."""
    frame = {"step": "resolve_crisis", "uid": uid, "stage": "resolve", "ship_steps": ship_steps,
             "again": False}
    if jump_step:
        frame["jump_step"] = True
    g.push(frame)


def crisis_ops(card: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """How a crisis card is resolved: ("choose", params) or ("skill_check", params) or
    ("effects", {"ops": [...]})."""
    if card["kind"] == "cylon_attack":
        attack = card["attack"]
        ops = [{"activate": {"icon": icon}} for icon in card["activation"]]
        ops.append({"place_ships": attack["setup"]})
        ops.extend(attack.get("special") or [])
        return "effects", {"ops": ops}
    if card["kind"] == "event":
        return "choose", card["choice"]
    check = card["check"]
    alternative = card.get("alternative")
    if alternative is None:
        return "skill_check", check
    return "choose", {
        "who": alternative["who"],
        "options": [  # options the engine makes carry their message (see choices.choice_label)
            {"msg": msg("bsg.crisis.check_option", difficulty=check["difficulty"],
                        skill=skills_said(check["skills"])),
             "effects": [{"skill_check": check}]},
            {"msg": said(alternative, "label"), "effects": alternative["effects"]},
        ],
    }


def _crisis_ctx(g: Game, frame: Frame, uid: str, card: dict[str, Any]) -> dict[str, Any]:
    """What the crisis's effects are told: made only by the stages that push them."""
    return {"self": g.current, "crisis": True, "card": uid, "title": said(card),
            **frame.get("ctx", {})}


@step("resolve_crisis")
def _resolve_crisis(g: Game, frame: Frame) -> Prompt | None:
    uid = frame["uid"]
    card = catalog.card(uid)
    if frame["stage"] == "resolve":
        g.state["aside"].setdefault("resolving", []).append(uid)
        g.log(msg("bsg.crisis.revealed", card=card["id"], text=said(card, "text")), "crisis",
              card=card["id"])
        frame["stage"] = "drawn"
        if catalog.deck_of(uid) == "crisis":  # Super Crisis cards are immune
            offer(g, "after_crisis_revealed", g.clockwise_from(g.current))
        return None
    ctx = _crisis_ctx(g, frame, uid, card) if frame["stage"] != "done" else {}
    if frame["stage"] == "drawn":
        frame["stage"] = "activate"
        if frame["ship_steps"] and catalog.deck_of(uid) == "crisis":
            for _, _, ability in character_abilities(g, "after_own_crisis_drawn", [g.current]):
                modifiers = crisis_modifiers(ability)
                if modifiers:
                    frame.setdefault("ctx", {})["check_modifiers"] = modifiers
            ctx = {**ctx, **frame.get("ctx", {})}
        how, params = crisis_ops(card)
        push_effects(g, params["ops"] if how == "effects" else [{how: params}], ctx)
        if frame["ship_steps"] and catalog.deck_of(uid) == "crisis":
            fire(g, "after_own_crisis_drawn", [g.current], ctx)  # before the crisis resolves
        return None
    if frame["stage"] == "activate":
        if g.has("daybreak") and not frame.get("motives_offered"):
            frame["motives_offered"] = True
            depth = len(g.flow())
            push_crisis_reveals(g)
            if len(g.flow()) > depth:
                return None
        if frame["ship_steps"] and card["kind"] != "cylon_attack" and activation_offered(
                g, frame, ctx):
            return None  # Modifications may choose what activates instead of the icons
        frame["stage"] = "jump"
        if frame.get("icons_ignored"):
            return None
        if frame["ship_steps"] and card["kind"] != "cylon_attack" and card["activation"]:
            g.log(msg("bsg.crisis.activation",
                      icon=[msg(ICON_NAMES[i]) for i in card["activation"]]), "activation")
            push_effects(g, [{"activate": {"icon": i}} for i in card["activation"]], ctx)
        return None
    if frame["stage"] == "jump":
        frame["stage"] = "done"
        if (frame["ship_steps"] or frame.get("jump_step")) and card.get("jump"):
            g.log(msg("bsg.crisis.prepare_jump"), "jump_track")
            ops: list[dict[str, Any]] = [{"jump_track": {"steps": 1}}]
            if g.has("daybreak"):
                from app.games.bsg.mutineer import jump_icon

                ops += jump_icon(g)  # DB-8.4: the Mutineer's own crisis draws a Mutiny card
            push_effects(g, ops, ctx)
        return None
    g.pop(frame)
    if g.take_aside("resolving", uid):
        g.discard_card(uid)
    if frame["again"]:
        g.push({"step": "crisis"})
    return None


@op("resolve_another_crisis")
def _resolve_another_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for frame in reversed(g.state["flow"]):
        if frame["step"] == "resolve_crisis":
            frame["again"] = True
            return


@op("draw_crisis_choice")
def _draw_crisis_choice(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    drawn = [uid for uid in (g.draw_from("crisis") for _ in range(p["count"])) if uid]
    if not drawn:
        return
    g.state["aside"]["crisis_choice"] = drawn
    seat = ctx.get("self", g.current)
    g.log_private(seat, msg("bsg.crisis.you_draw", card=[catalog.card(u)["id"] for u in drawn]),
                  msg("bsg.crisis.draws", seat=seat, n=len(drawn)), "crisis")
    # Athena's Resolute on Caprica keeps the Activate Cylon Ships step (DB-9.14)
    frame = {"step": "crisis_choice", "seat": seat, "rest": p["rest"],
             "ship_steps": not p.get("skip_ship_steps") or bool(ctx.get("keep_ship_steps"))}
    if p.get("jump_step"):
        frame["jump_step"] = True
    g.push(frame)


@step("crisis_choice")
def _crisis_choice(g: Game, frame: Frame) -> Prompt | None:
    drawn = g.state["aside"]["crisis_choice"]
    # how many were drawn is public (the log says it): one drawn leaves no choice
    return ask(frame["seat"], "crisis_choice", msg("bsg.crisis.choose_crisis"),
               [option(said(catalog.card(u)), type="crisis", card=u) for u in drawn], public=True)


@answer("crisis_choice")
def _crisis_choice_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    drawn = g.state["aside"].pop("crisis_choice")
    if frame["rest"] == "bottom":
        placed_in_deck(g, frame["seat"], "crisis", [u for u in drawn if u != action["card"]],
                       "bottom")
    for uid in drawn:
        if uid == action["card"]:
            continue
        if frame["rest"] == "bottom":
            g.deck("crisis").insert(0, uid)
        else:
            g.discard_card(uid)
            g.log(msg("bsg.crisis.discarded", card=catalog.card(uid)["id"]), "crisis")
    push_resolve(g, action["card"], ship_steps=frame["ship_steps"],
                 jump_step=frame.get("jump_step", False))


@op("play_super_crisis")
def _play_super_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and g.seat(seat)["super_crises"]:
        g.push({"step": "play_super_crisis", "seat": seat})


@step("play_super_crisis")
def _play_super(g: Game, frame: Frame) -> Prompt | None:
    cards = g.seat(frame["seat"])["super_crises"]
    # how many Super Crisis cards a player holds is public: holding one, there is no choice
    return ask(frame["seat"], "super_crisis", msg("bsg.crisis.choose_super_crisis"),
               [option(said(catalog.card(u)), type="super_crisis", card=u) for u in cards],
               public=True)


@answer("play_super_crisis")
def _play_super_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    g.seat(frame["seat"])["super_crises"].remove(action["card"])
    push_resolve(g, action["card"], ship_steps=False)


@op("swap_super_crisis")
def _swap_super_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None or not g.seat(seat)["super_crises"]:
        return
    old = g.seat(seat)["super_crises"].pop(0)
    g.discard_card(old)
    g.log(msg("bsg.crisis.discards_super_crisis", seat=seat, card=catalog.card(old)["id"]),
          "super_crisis")
    new = g.draw_from("super_crisis")
    if new is not None:
        g.seat(seat)["super_crises"].append(new)
        g.log_private(seat, msg("bsg.crisis.you_drew_super_crisis", card=catalog.card(new)["id"]),
                      msg("bsg.crisis.drew_super_crisis", seat=seat), "super_crisis")


@op("replace_crisis")
def _replace_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Starbuck's Secret Destiny: the crisis just revealed is discarded for a new one."""
    for frame in reversed(g.state["flow"]):
        if frame["step"] == "resolve_crisis" and frame["stage"] == "drawn":
            old = frame["uid"]
            g.take_aside("resolving", old)
            g.discard_card(old)
            g.log(msg("bsg.crisis.discarded", card=catalog.card(old)["id"]), "crisis")
            new = g.draw_from("crisis")
            if new is not None:
                frame.update(uid=new, stage="resolve")
            return

