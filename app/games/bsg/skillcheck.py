"""Skill checks, the heart of the game.

Two Destiny cards go face down into the pool; then each player from the left of the current
player, ending with the current player, adds any number of cards face down (one prompt per
card). The pool is shuffled before anything is revealed, so nobody learns who played what;
cards of the check's skills add their strength, every other type subtracts it.
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt
from app.games.bsg import catalog
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import TYPE_NAMES, describe, distinct_cards, take_from_hand
from app.games.bsg.statics import check_card_limit
from app.games.bsg.titles import discard_kept


def push_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    n = len(g.state["seats"])
    g.push({
        "step": "skill_check",
        "title": ctx.get("title", "Skill check"),
        "difficulty": p["difficulty"],
        "skills": list(p["skills"]),
        "partial_at": p.get("partial_at"),
        "pass": p.get("pass") or [],
        "partial": p.get("partial") or [],
        "fail": p.get("fail") or [],
        "ctx": dict(ctx),
        "stage": "window",
        "window": None,
        "order": g.clockwise_from((g.current + 1) % n),
        "i": 0,
        "played": [0] * n,
        "positive": ctx.get("count_positive") or {},
    })


@op("skill_check")
def _skill_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    push_check(g, p, ctx)


def describe_check(frame: Frame) -> str:
    skills = " + ".join(TYPE_NAMES[s] for s in frame["skills"])
    partial = f", partial {frame['partial_at']}" if frame["partial_at"] else ""
    return f"{frame['title']} ({frame['difficulty']}{partial}; {skills})"


@step("skill_check")
def _skill_check_run(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "window":
        return _location_window(g, frame)
    if frame["stage"] == "destiny":
        from app.games.bsg.skills import draw_destiny

        for _ in range(2):
            uid = draw_destiny(g)
            if uid is not None:
                g.state["check_pool"].append(uid)
        g.log(f"Skill check: {describe_check(frame)}. Two Destiny cards are added.", "check")
        frame["stage"] = "contribute"
        return None
    if frame["stage"] == "contribute":
        while frame["i"] < len(frame["order"]):
            seat = frame["order"][frame["i"]]
            limit = check_card_limit(g, seat)
            hand = g.seat(seat)["hand"]
            if not hand or (limit is not None and frame["played"][seat] >= limit):
                frame["i"] += 1
                continue
            options = [option(f"Add {describe(u)}", type="add", card=catalog.card(u)["id"])
                       for u in distinct_cards(hand)]
            options.append(option("Add no more cards", type="done"))
            so_far = frame["played"][seat]
            return ask(seat, "skill_check",
                       f"{describe_check(frame)}: add a card face down, or stop"
                       f" (you have added {so_far})", options)
        frame["stage"] = "reveal"
        return None
    _reveal(g, frame)
    return None


@answer("skill_check")
def _skill_check_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if frame["stage"] == "window":
        _window_answer(g, frame, action)
        return
    seat = frame["order"][frame["i"]]
    if action["type"] == "done":
        g.log(f"{g.name(seat)} added {frame['played'][seat]} card"
              f"{'s' * (frame['played'][seat] != 1)}", "check")
        frame["i"] += 1
        return
    g.state["check_pool"].append(take_from_hand(g, seat, action["card"]))
    frame["played"][seat] += 1


def _reveal(g: Game, frame: Frame) -> None:
    pool = g.state["check_pool"]
    g.rng.shuffle(pool)
    total = 0
    cards = []
    for uid in pool:
        kind, strength = catalog.skill_type(uid), catalog.strength(uid)
        extra = frame.get("positive") or {}
        positive = (kind in frame["skills"] or kind in (extra.get("types") or [])
                    or strength == extra.get("strength"))
        total += strength if positive else -strength
        cards.append({"name": catalog.card(uid)["name"], "type": kind, "strength": strength,
                      "positive": positive})
    if total >= frame["difficulty"]:
        outcome = "pass"
    elif frame["partial_at"] is not None and total >= frame["partial_at"]:
        outcome = "partial"
    else:
        outcome = "fail"
    shown = ", ".join(f"{TYPE_NAMES[c['type']]} {'+' if c['positive'] else '−'}{c['strength']}"
                      for c in cards)
    word = {"pass": "passed", "partial": "partly passed", "fail": "failed"}[outcome]
    g.log(f"{frame['title']}: {total} against {frame['difficulty']} — {word} ({shown})",
          "check_result", cards=cards, total=total, difficulty=frame["difficulty"],
          outcome=outcome)
    for uid in pool:
        g.discard_card(uid)
    pool.clear()
    g.pop(frame)
    push_effects(g, frame[outcome], frame["ctx"])


# ---- the window when a location's check starts: kept cards and characters that change it --

def _applies(ability: dict[str, Any], frame: Frame, g: Game, owner: int | None) -> bool:
    if ability.get("timing") != "location_check":
        return False
    when = ability.get("when") or {}
    ctx = frame["ctx"]
    if ctx.get("location") not in (when.get("locations") or []):
        return False
    target = when.get("target", "any")
    if target == "president":
        return ctx.get("chosen") is not None and ctx.get("chosen") == g.state["president"]
    if target == "self":
        return ctx.get("chosen") is not None and ctx.get("chosen") == owner
    return True


def _window_items(g: Game, frame: Frame) -> list[dict[str, Any]]:
    """Everything that may change this location's check: kept cards, then characters."""
    from app.games.bsg.abilities import character_abilities

    items = [{"card": e["uid"]} for e in g.state["in_play"]
             if any(_applies(a, frame, g, e["holder"]) for a in e["abilities"])]
    for seat, key, ability in character_abilities(g, "location_check", g.clockwise_from(
            g.current)):
        if _applies(ability, frame, g, seat):
            items.append({"seat": seat, "key": key})
    return items


def _item(g: Game, frame: Frame, item: dict[str, Any]):  # type: ignore[no-untyped-def]
    """(owner, name, ability) of a window item, or None if it is gone."""
    if "card" in item:
        entry = next((e for e in g.state["in_play"] if e["uid"] == item["card"]), None)
        if entry is None:
            return None
        ability = next(a for a in entry["abilities"] if _applies(a, frame, g, entry["holder"]))
        owner = entry["holder"] if entry["holder"] is not None else g.current
        return owner, catalog.card(item["card"])["name"], ability
    ability = g.character(item["seat"])[item["key"]]
    return item["seat"], ability["name"], ability


def _location_window(g: Game, frame: Frame) -> Prompt | None:
    if frame["window"] is None:
        frame["window"] = _window_items(g, frame)
    while frame["window"]:
        found = _item(g, frame, frame["window"][0])
        if found is None:
            frame["window"].pop(0)
            continue
        owner, name, ability = found
        ((_, params),) = ability["effects"][0].items()
        amount = params["amount"]
        if not ability.get("optional") and not params.get("either_sign"):
            _use(g, frame, frame["window"].pop(0), amount)
            continue
        signs = [1, -1] if params.get("either_sign") else [1 if amount > 0 else -1]
        options = [option(f"Use {name}: difficulty {'+' if sign > 0 else '−'}{abs(amount)}",
                          type="use", sign=sign * (1 if amount > 0 else -1)) for sign in signs]
        options.append(option(f"Do not use {name}", type="keep"))
        return ask(owner, "card_window", f"{describe_check(frame)}: use {name}?", options)
    frame["stage"] = "destiny"
    return None


def _window_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    item = frame["window"].pop(0)
    if action["type"] == "keep":
        return
    _, _, ability = _item(g, frame, item)
    ((_, params),) = ability["effects"][0].items()
    _use(g, frame, item, abs(params["amount"]) * action["sign"])


def _use(g: Game, frame: Frame, item: dict[str, Any], amount: int) -> None:
    frame["difficulty"] = max(0, frame["difficulty"] + amount)
    if "card" in item:
        entry = next(e for e in g.state["in_play"] if e["uid"] == item["card"])
        name = catalog.card(item["card"])["name"]
        if "used" in entry["until"]:
            discard_kept(g, entry)
    else:
        from app.games.bsg.abilities import mark_used

        ability = g.character(item["seat"])[item["key"]]
        mark_used(g, item["seat"], item["key"], ability)
        name = f"{g.name(item['seat'])}'s {ability['name']}"
    g.log(f"{name}: the difficulty is now {frame['difficulty']}", "check")
