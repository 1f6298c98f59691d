"""Choosing: between a card's options, of a character, and by the die."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.core.protocol import Fact
from app.games.bsg import catalog
from app.games.bsg.abilities import character_abilities
from app.games.bsg.conditions import holds
from app.games.bsg.dice import odds, odds_fact, push_roll, then
from app.games.bsg.effects import op, push_effects
from app.games.bsg.facts import CardRef, cards
from app.games.bsg.flow import Frame, answer, ask, irreversible, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import counts_as_human
from app.games.bsg.miracles import can_gain, cost
from app.games.bsg.mutiny import hand as mutiny_hand
from app.games.bsg.mutiny import may_hold
from app.games.bsg.places import cannot_move
from app.games.bsg.who import chooser, who
from app.games.bsg.words import said


def title_of(ctx: dict[str, Any]) -> Msg:
    """What a prompt of these effects is headed with: the card or ability whose effect runs."""
    return ctx.get("title") or msg("bsg.choices.choose")


def card_of(ctx: dict[str, Any]) -> list[CardRef]:
    """The card an effect resolves for (a crisis, a Quorum card ...), if any."""
    return cards(ctx["card"]) if isinstance(ctx.get("card"), str) else []


def about_card(prompt: Prompt, ctx: dict[str, Any]) -> Prompt:
    """A choice a card asks for carries that card."""
    if found := card_of(ctx):
        prompt["cards"] = found
    return prompt


def choice_label(choice: dict[str, Any]) -> Msg:
    """An option of a choice: the card's words, or (an option the engine made) its message."""
    return choice["msg"] if "msg" in choice else said(choice, "label")


@op("choose")
def _choose(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = chooser(g, p["who"], ctx)
    g.push({"step": "choose", "seat": seat, "options": p["options"], "ctx": dict(ctx),
            "text": title_of(ctx)})


@step("choose")
def _choose_run(g: Game, frame: Frame) -> Prompt | None:
    options = [
        option(choice_label(choice), type="choose", index=i)
        for i, choice in enumerate(frame["options"])
        if holds(g, choice.get("requires"), frame["ctx"])
    ]
    if not options:  # nothing can be chosen: nothing happens
        g.pop(frame)
        return None
    options += crisis_miracles(g, frame)
    return about_card(ask(frame["seat"], "choose",
                          msg("bsg.choices.choose_one", title=frame["text"]), options,
                          public=True),  # what may be chosen depends on public facts alone
                      frame["ctx"])


def crisis_miracles(g: Game, frame: Frame) -> list[Option]:
    """A chooser whose sheet offers another way to choose on a Crisis card (the alternate Lee
    Adama's Choose a Different Path): one more option, its Miracle ability. Super Crisis
    cards are immune to character abilities (DB-13.4)."""
    ctx = frame["ctx"]
    if not ctx.get("crisis") or not isinstance(ctx.get("card"), str) \
            or catalog.deck_of(ctx["card"]) != "crisis":
        return []
    return [irreversible(option(msg("bsg.miracles.action", ability=said(ability),
                                    text=said(ability, "text"), n=cost(g, seat)),
                                type="crisis_miracle", key=key))
            for seat, key, ability in character_abilities(g, "crisis_choice", [frame["seat"]],
                                                          ctx)]


def _crisis_miracle(g: Game, frame: Frame, key: str) -> None:
    """The chooser uses their ability instead of choosing: its effects are the card's result."""
    from app.games.bsg.abilities import mark_used

    seat = frame["seat"]
    ability = g.character(seat)[key]
    g.log(msg("bsg.abilities.used", seat=seat, ability=said(ability)), "ability", seat=seat)
    mark_used(g, seat, key, ability)
    push_effects(g, ability["effects"], {**frame["ctx"], "self": seat})


@answer("choose")
def _choose_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["type"] == "crisis_miracle":
        _crisis_miracle(g, frame, action["key"])
        return
    picked = frame["options"][action["index"]]
    g.log(msg("bsg.choices.chose", seat=frame["seat"], option=choice_label(picked)), "choice")
    if frame["ctx"].get("crisis") and catalog.deck_of(frame["ctx"]["card"]) == "crisis":
        g.push({"step": "crisis_choice_made", "options": frame["options"],
                "index": action["index"], "ctx": frame["ctx"]})
        return
    push_effects(g, picked.get("effects") or [], frame["ctx"])


def candidates(g: Game, p: dict[str, Any], ctx: dict[str, Any], seat: int) -> list[int]:
    """The characters `choose_character` with params `p` may pick."""
    among = p.get("among") or []
    sent_to = _sends_to(p["effects"])
    titled = _gives_title(p["effects"])
    found = []
    for other in g.seats_range():
        data = g.seat_as_is(other)  # only read
        if data["character"] is None or data.get("stranded"):
            continue  # a stranded character can neither move nor be moved
        if data["revealed"] and not counts_as_human(g, other) and not (
                data.get("leader") and "can_gain_miracle" in among):
            continue  # a Leader counts as human while Infiltrating, and may gain Miracles
        if data.get("leader") and ("not_leader" in among or titled):
            continue  # a Leader never holds a title, even Infiltrating (DB-9.11 (4))
        if "other" in among and other == seat:
            continue
        if "on_galactica" in among and not _on_ship(g, other, "galactica"):
            continue
        if "in_brig" in among and data["location"] != "brig":
            continue
        if "not_admiral" in among and g.state["admiral"] == other:
            continue
        if "president_or_admiral" in among and other not in (g.state["president"],
                                                              g.state["admiral"]):
            continue
        if "can_gain_miracle" in among and not can_gain(g, other):
            continue
        if "without_mutiny" in among and not (may_hold(g, other) and not mutiny_hand(g, other)):
            continue
        if "without_miracle" in among and data.get("miracles"):
            continue
        if "holds_loyalty" in among and not data["loyalty"]:
            continue
        if sent_to is not None and (data["location"] == sent_to
                                    or cannot_move(g, other, sent_to) is not None):
            continue  # only a character who can actually be moved there (docs/rulings.md)
        found.append(other)
    return found


def _on_ship(g: Game, seat: int, ship: str) -> bool:
    location = g.seat_as_is(seat)["location"]
    return location is not None and catalog.LOCATIONS[location]["ship"] == ship


def _gives_title(found: Any) -> bool:
    """Whether these effects, at any depth (a check's result, a roll's range), hand the chosen
    character a title."""
    if isinstance(found, dict):
        if found.get("give_title", {}).get("to") == "chosen":
            return True
        return any(_gives_title(v) for v in found.values() if isinstance(v, list | dict))
    if isinstance(found, list):
        return any(_gives_title(v) for v in found)
    return False


def _sends_to(effects: list[dict[str, Any]]) -> str | None:
    """The Brig or Sickbay, when these effects send the chosen character there (at once, or on
    passing the skill check they start)."""
    for entry in effects:
        ((name, params),) = entry.items()
        if name == "move_character" and params.get("to") in ("brig", "sickbay"):
            return str(params["to"])
        if name == "skill_check":
            found = _sends_to(params.get("pass") or [])
            if found is not None:
                return found
    return None


@op("choose_character")
def _choose_character(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = chooser(g, p["who"], ctx)
    g.push({"step": "choose_character", "seat": seat, "params": p, "ctx": dict(ctx)})


@step("choose_character")
def _choose_character_run(g: Game, frame: Frame) -> Prompt | None:
    seat, p = frame["seat"], frame["params"]
    found = candidates(g, p, frame["ctx"], seat)
    from app.games.bsg.statics import vice_president

    if frame["ctx"].get("location") == "administration":
        vp = vice_president(g)
        if vp is not None and g.state["president"] != vp:
            found = [c for c in found if c == vp]
    options = [option(msg("bsg.choices.character", seat=c), type="character", seat=c)
               for c in found]
    if p.get("optional") or not options:
        options.append(option(msg("bsg.choices.nobody"), type="character", seat=None))
    return about_card(ask(seat, "choose_character",
                          msg("bsg.choices.choose_character", title=title_of(frame["ctx"])),
                          options, public=True),  # who qualifies is public
                      frame["ctx"])


@answer("choose_character")
def _choose_character_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    picked = action["seat"]
    if picked is None:
        return
    g.log(msg("bsg.choices.chose_character", seat=frame["seat"], seat_chosen=picked), "choice")
    push_effects(g, frame["params"]["effects"], {**frame["ctx"], "chosen": picked})


@op("each_player")
def _each_player(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Who qualifies is settled before anyone's effects resolve: one player's effects do not
    change whether the next one takes part."""
    found = set(candidates(g, p, ctx, g.current))
    for seat in reversed([s for s in g.clockwise_from(g.current) if s in found]):
        push_effects(g, p["effects"], {**ctx, "chosen": seat})


@op("if")
def _if(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    push_effects(g, p["then"] if holds(g, p["conditions"], ctx) else (p.get("else") or []), ctx)


@op("roll")
def _roll(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    roller = who(g, p["who"], {**ctx, "crisis": False})[0] if p.get("who") else g.current
    push_roll(g, roller, ctx.get("title") or msg("bsg.choices.die_roll"),
              {"kind": "outcomes", "outcomes": p["outcomes"], "ctx": dict(ctx)})


@odds("outcomes")
def _outcomes_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    return [odds_fact("range", o["min"], o["max"], modifier) for o in after["outcomes"]]


@then("outcomes")
def _outcomes(g: Game, result: int, after: dict[str, Any]) -> None:
    for outcome in after["outcomes"]:
        if outcome["min"] <= result <= outcome["max"]:
            push_effects(g, outcome.get("effects") or [], after["ctx"])
            return

